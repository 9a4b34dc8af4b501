package cli

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/tracelab/tracelab/repro/study"
	"github.com/tracelab/tracelab/sim/sweep"
	"github.com/tracelab/tracelab/slurm"
)

// sweepPlanner is a reproduction that lists its heavy experiments as
// sweeps (repro/zakay2013: the bootstrap of §6.1).
type sweepPlanner interface {
	Sweeps(ctx context.Context) ([]sweep.Plan, error)
}

// defaultSweepStore is the store of `reproduce --slurm` without --sweeps.
const defaultSweepStore = "out/sweeps"

// reproduceSlurm runs the heavy sweeps of the papers as Slurm job arrays
// (one array per sweep not yet in the store, one shard per task, each
// task `tracelab sweep … --shard i/n`), waits for them, merges each and
// stores it in dir (sweep.Store), where the reproduction (and notebooks,
// with $TRACELAB_SWEEPS=dir) then load it instead of computing it. Rerun
// with the same arguments it resumes: stored sweeps are skipped, and only
// the shards of the others that are neither done nor queued are submitted.
func reproduceSlurm(ctx context.Context, e *env, keys []string, o study.Options, f slurmFlags, dir string) error {
	store := sweep.Store{Dir: dir}
	type job struct {
		plan sweep.Plan
		spec sweep.Spec
		arr  *slurm.Array
	}
	var jobs []job
	var client slurm.Client
	stored, planned := 0, 0
	for _, k := range keys {
		r, err := reproductions.new(k, o)
		if err != nil {
			return err
		}
		p, ok := r.(sweepPlanner)
		if !ok {
			continue
		}
		plans, err := p.Sweeps(ctx)
		if err != nil {
			return fmt.Errorf("%s: %w", k, err)
		}
		for _, pl := range plans {
			planned++
			a, spec, err := plannedSweep(e, pl)
			if err != nil {
				return fmt.Errorf("%s: %s: %w", k, pl.Label, err)
			}
			if _, ok, err := store.Load(spec); err != nil {
				return err
			} else if ok {
				stored++
				continue
			}
			name := strings.TrimSuffix(filepath.Base(store.Path(spec.ID())), ".parquet")
			a.slurm = f
			a.slurm.shards = min(f.shards, spec.Len())
			arrays := f.dir // the arrays' folder: --slurm-dir, else DIR/slurm
			if arrays == "" {
				arrays = filepath.Join(dir, "slurm")
			}
			a.slurm.dir = filepath.Join(arrays, name)
			if err := os.MkdirAll(arrays, 0o755); err != nil {
				return err
			}
			if a.out, err = newOutput("-o", filepath.Join(arrays, name+".parquet"), frameFormats...); err != nil {
				return err
			}
			plan, err := slurmPlan(a, spec)
			if err != nil {
				return err
			}
			if f.dryRun {
				fmt.Fprintf(e.stdout, "# %s: %s\n", k, pl.Label)
				if err := slurmDryRun(e, plan); err != nil {
					return err
				}
				continue
			}
			arr, err := slurm.Create(plan)
			if errors.Is(err, slurm.ErrOtherPlan) {
				return fmt.Errorf("slurm: %s holds another computation: remove it", plan.Dir)
			}
			if err != nil {
				return err
			}
			fmt.Fprintf(e.stderr, "%s: %s\n", k, pl.Label)
			if err := slurmSubmitMissing(ctx, e, arr, client, spec.Len(), "replicates"); err != nil {
				return err
			}
			jobs = append(jobs, job{pl, spec, arr})
		}
	}
	fmt.Fprintf(e.stderr, "reproduce: %d heavy sweeps, %d already stored in %s, %d on Slurm\n", planned, stored, dir, len(jobs))
	if f.dryRun || len(jobs) == 0 {
		return nil
	}
	if f.noWait {
		fmt.Fprintf(e.stderr, "reproduce: rerun the same command to wait for them and store them\n")
		return nil
	}
	for _, j := range jobs {
		st, err := slurmWait(ctx, e, j.arr, client, false, f.poll)
		if err != nil {
			return fmt.Errorf("%s: %w", j.plan.Label, err)
		}
		df, rep, err := mergeShards(st.Outputs(), sweep.MergeOptions{})
		if err != nil {
			return err
		}
		if rep.SweepID != j.spec.ID() {
			return fmt.Errorf("%s: the shards of %s hold another sweep", j.plan.Label, j.arr.Plan.Dir)
		}
		if err := store.Save(j.spec, df); err != nil {
			return err
		}
		fmt.Fprintf(e.stderr, "reproduce: stored %s (%d replicates) -> %s\n", j.plan.Label, rep.Replicates, store.Path(j.spec.ID()))
	}
	return nil
}

// plannedSweep makes the sweep of a plan as the sweep command makes it
// from the plan's arguments, and checks that it is the sweep the paper
// runs (its ID).
func plannedSweep(e *env, pl sweep.Plan) (sweepArgs, sweep.Spec, error) {
	a, err := parseSweep(e, pl.Args)
	if err != nil {
		return a, sweep.Spec{}, err
	}
	a.quiet = true
	spec, err := sweepSpec(e, a)
	if err != nil {
		return a, sweep.Spec{}, err
	}
	if id := spec.ID(); id != pl.ID {
		return a, sweep.Spec{}, fmt.Errorf("tracelab sweep %s makes another sweep than the paper runs:\n  %s",
			strings.Join(pl.Args, " "), sweep.DescribeDifference(pl.ID, id))
	}
	return a, spec, nil
}
