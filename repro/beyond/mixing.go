package beyond

import (
	"context"
	"errors"
	"fmt"
	"math"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
	"github.com/tracelab/tracelab/plots"
	"github.com/tracelab/tracelab/repro/ledger"
	"github.com/tracelab/tracelab/repro/study"
	"github.com/tracelab/tracelab/sim"
	"github.com/tracelab/tracelab/sim/resample"
	"github.com/tracelab/tracelab/sim/sweep"
)

// MixingResult is the experiment of §6.5.1, mixing traces: does resampling
// from a mix of logs (resample.Mix: equal shares of the users, sizes
// scaled to the largest machine) give the same comparison of EASY and
// FCFS as averaging the comparisons on the logs resampled independently?
// Each replicate resamples one year (52 weeks) of every log alone and of
// the mix, with the same seed, and simulates each under both schedulers.
type MixingResult struct {
	// Frame has one row per workload ("mix", each log, "average of logs"):
	// replicates, processors (procs; missing, NaN, for the average of
	// logs), mean jobs, and the ratios EASY / FCFS of the
	// average wait and of the average bounded slowdown (τ = 10 s), with
	// 95% CIs over replicates.
	Frame dataframe.DataFrame
	// Figure draws Frame (the estimates with their 95% CIs); nil when
	// none of the logs is available here.
	Figure *plots.Figure
	// Logs are the logs mixed.
	Logs []string
	// Mix and Average are the EASY/FCFS ratios of the average bounded
	// slowdown and the average wait on the mix and averaged over the
	// independently resampled logs; Diff the paired difference mix −
	// average of the bounded-slowdown ratios, DiffWait of the wait ratios.
	MixBSLD, AvgBSLD, DiffBSLD, MixWait, AvgWait, DiffWait Interval
	rows                                                   []mixingRow
	missing                                                []string
}

type mixingRow struct {
	name        string
	procs       int
	jobs        float64
	wait, bsld  []float64 // EASY / FCFS per replicate
	waitI, bslI Interval
}

// mixWeeks is the length of every resample of the experiment: one year.
const mixWeeks = 52

// Mixing runs §6.5.1 on SDSC-SP2 and KTH-SP2 (quick) or SDSC-SP2, CTC-SP2,
// KTH-SP2 and SDSC-BLUE (full), with 10 replicates (3 in quick mode).
func (s *Study) Mixing(ctx context.Context) (*MixingResult, error) {
	return s.mixing.Get(func() (*MixingResult, error) {
		res := &MixingResult{}
		names := fourLogs
		if s.o.Quick {
			names = []string{"SDSC-SP2", "KTH-SP2"}
		}
		var pools []*resample.Pools
		for _, name := range names {
			p, ok, err := logPools(name)
			if err != nil {
				return nil, err
			}
			if !ok {
				res.missing = append(res.missing, name)
				continue
			}
			pools = append(pools, p)
			res.Logs = append(res.Logs, name)
		}
		if len(pools) < 2 {
			return res, nil
		}
		reps := s.o.Reps(10, 3)
		rows := make([]mixingRow, len(pools)+1)
		rows[0].name = "mix"
		for i, p := range pools {
			rows[i+1].name, rows[i+1].procs = res.Logs[i], p.Trace.Machine().Procs
		}
		for rep := range reps {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			seed := sweep.Seed(s.o.SeedOr(), rep)
			m, err := resample.Mix(pools, resample.MixOptions{Generate: resample.Options{Weeks: mixWeeks, Seed: seed}})
			if err != nil {
				return nil, err
			}
			rows[0].procs = m.Procs
			if err := rows[0].add(m.Trace.Len(), reps, m.Simulate); err != nil {
				return nil, fmt.Errorf("mix: %w", err)
			}
			for i, p := range pools {
				r, err := p.Generate(resample.Options{Weeks: mixWeeks, Seed: seed, Stream: uint64(i)})
				if err != nil {
					return nil, fmt.Errorf("%s: %w", res.Logs[i], err)
				}
				if err := rows[i+1].add(r.Trace.Len(), reps, r.Simulate); err != nil {
					return nil, fmt.Errorf("%s: %w", res.Logs[i], err)
				}
			}
		}
		avg := mixingRow{name: "average of logs", wait: make([]float64, reps), bsld: make([]float64, reps)}
		for _, r := range rows[1:] {
			avg.jobs += r.jobs / float64(len(pools))
			for k := range reps {
				avg.wait[k] += r.wait[k] / float64(len(pools))
				avg.bsld[k] += r.bsld[k] / float64(len(pools))
			}
		}
		res.rows = append(rows, avg)
		for i := range res.rows {
			res.rows[i].waitI, res.rows[i].bslI = meanCI(res.rows[i].wait), meanCI(res.rows[i].bsld)
		}
		diffB, diffW := make([]float64, reps), make([]float64, reps)
		for k := range reps {
			diffB[k], diffW[k] = rows[0].bsld[k]-avg.bsld[k], rows[0].wait[k]-avg.wait[k]
		}
		res.MixBSLD, res.AvgBSLD, res.DiffBSLD = res.rows[0].bslI, res.rows[len(res.rows)-1].bslI, meanCI(diffB)
		res.MixWait, res.AvgWait, res.DiffWait = res.rows[0].waitI, res.rows[len(res.rows)-1].waitI, meanCI(diffW)
		res.Frame = res.frame()
		if res.Frame.Err != nil {
			return nil, res.Frame.Err
		}
		var err error
		res.Figure, err = figureOf(res.Frame, mixingFigure)
		return res, err
	})
}

// add simulates one replicate under EASY and FCFS and records the ratios.
func (r *mixingRow) add(jobs, reps int, simulate func(sim.Scheduler, resample.SimOptions) (*resample.Outcome, error)) error {
	easy, err := simulate(&sim.EASY{}, resample.SimOptions{})
	if err != nil {
		return err
	}
	fcfs, err := simulate(&sim.FCFS{}, resample.SimOptions{})
	if err != nil {
		return err
	}
	r.jobs += float64(jobs) / float64(reps)
	r.wait = append(r.wait, easy.Summary.AvgWait/fcfs.Summary.AvgWait)
	r.bsld = append(r.bsld, easy.Summary.AvgBoundedSlowdown/fcfs.Summary.AvgBoundedSlowdown)
	return nil
}

func (r *MixingResult) frame() dataframe.DataFrame {
	n := len(r.rows)
	name, reps := make([]string, n), make([]int, n)
	vals := make([][]float64, n)
	for i, x := range r.rows {
		name[i], reps[i] = x.name, x.bslI.N
		// The average of the logs runs on no machine of its own: its
		// processors are missing (NaN), not 0.
		procs := math.NaN()
		if x.procs > 0 {
			procs = float64(x.procs)
		}
		vals[i] = []float64{procs, x.jobs, x.waitI.Mean, x.waitI.Lo, x.waitI.Hi, x.bslI.Mean, x.bslI.Lo, x.bslI.Hi}
	}
	return frameOf([]series.Series{series.New(name, series.String, "workload"), series.New(reps, series.Int, "replicates")},
		[]string{"procs", "jobs", "wait_ratio", "wait_ratio_lo", "wait_ratio_hi", "bsld_ratio", "bsld_ratio_lo", "bsld_ratio_hi"}, vals)
}

// Claims adds the answers of §6.5.1: EASY beats FCFS on the mix, and the
// mix's EASY/FCFS ratios agree with the average of the independently
// resampled logs' (the 95% CI of the paired difference includes 0).
func (r *MixingResult) Claims(l *ledger.Ledger) {
	const item = "§6.5.1"
	for _, name := range r.missing {
		l.MissingLog(item, "mixing/"+name, "mixing with "+name, "ours", name, name+" is not available here")
	}
	if len(r.rows) == 0 {
		l.Unavailable(item, "mixing/mix", "mixing traces", "ours", "fewer than two of the logs are available here")
		return
	}
	l.OwnClaim(item, "mixing/mix/easy-beats-fcfs", "on the mix, EASY's average bounded slowdown is below FCFS's (95% CI of the ratio below 1)",
		r.MixBSLD.Hi < 1, fmt.Sprintf("EASY/FCFS %.3f [%.3f, %.3f] over %d replicates", r.MixBSLD.Mean, r.MixBSLD.Lo, r.MixBSLD.Hi, r.MixBSLD.N))
	for _, m := range []struct {
		key, what      string
		mix, avg, diff Interval
	}{{"bsld", "average bounded slowdown", r.MixBSLD, r.AvgBSLD, r.DiffBSLD}, {"wait", "average wait", r.MixWait, r.AvgWait, r.DiffWait}} {
		l.OwnClaim(item, "mixing/mix/"+m.key+"-same-as-average",
			fmt.Sprintf("the mix gives the same EASY/FCFS ratio of the %s as the average of the logs resampled independently (95%% CI of the paired difference includes 0)", m.what),
			m.diff.Lo <= 0 && m.diff.Hi >= 0,
			fmt.Sprintf("mix %.3f [%.3f, %.3f]; average %.3f [%.3f, %.3f]; difference %+.3f [%+.3f, %+.3f]",
				m.mix.Mean, m.mix.Lo, m.mix.Hi, m.avg.Mean, m.avg.Lo, m.avg.Hi, m.diff.Mean, m.diff.Lo, m.diff.Hi))
	}
}

// Answer states the answer of §6.5.1 from the data.
func (r *MixingResult) Answer() string {
	s := "**Answer, from the data.**\n\n"
	if len(r.rows) == 0 {
		return s + "- Fewer than two of the logs are available here.\n"
	}
	s += fmt.Sprintf("- Mix of %v on %d processors: EASY/FCFS bounded slowdown %.3f [%.3f, %.3f], wait %.3f [%.3f, %.3f] (%d replicates).\n",
		r.Logs, r.rows[0].procs, r.MixBSLD.Mean, r.MixBSLD.Lo, r.MixBSLD.Hi, r.MixWait.Mean, r.MixWait.Lo, r.MixWait.Hi, r.MixBSLD.N)
	s += fmt.Sprintf("- Average of the logs resampled independently: bounded slowdown %.3f [%.3f, %.3f], wait %.3f [%.3f, %.3f].\n",
		r.AvgBSLD.Mean, r.AvgBSLD.Lo, r.AvgBSLD.Hi, r.AvgWait.Mean, r.AvgWait.Lo, r.AvgWait.Hi)
	s += fmt.Sprintf("- Paired difference mix − average: bounded slowdown %+.3f [%+.3f, %+.3f], wait %+.3f [%+.3f, %+.3f].\n",
		r.DiffBSLD.Mean, r.DiffBSLD.Lo, r.DiffBSLD.Hi, r.DiffWait.Mean, r.DiffWait.Lo, r.DiffWait.Hi)
	for _, name := range r.missing {
		s += "- " + name + ": not available here.\n"
	}
	return s
}

// logPools returns the resampling pools of the log name (default pool
// options); ok is false when the log is missing here.
func logPools(name string) (p *resample.Pools, ok bool, err error) {
	tr, err := study.Log(name)
	if errors.Is(err, study.ErrMissing) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, err
	}
	if p, err = resample.NewPools(tr, resample.PoolOptions{}); err != nil {
		return nil, false, fmt.Errorf("%s: %w", name, err)
	}
	return p, true, nil
}
