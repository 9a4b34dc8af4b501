package resample

import (
	"context"
	"fmt"
	"math"
	"testing"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/sim"
	"github.com/tracelab/tracelab/sim/sweep"
)

// sameFloat is exact equality, NaN equal to NaN.
func sameFloat(a, b float64) bool {
	return math.Float64bits(a) == math.Float64bits(b) || math.IsNaN(a) && math.IsNaN(b)
}

// sameBootstrap returns how b differs from want ("" when it does not):
// every column of the replicates compared value by value (floats exactly),
// the original's metrics, the positions and the mean load CV.
func sameBootstrap(b, want *Bootstrap) string {
	if b.Log != want.Log || b.Reading.Name != want.Reading.Name || b.Scheduler != want.Scheduler {
		return fmt.Sprintf("%s/%s/%s, want %s/%s/%s", b.Log, b.Reading.Name, b.Scheduler, want.Log, want.Reading.Name, want.Scheduler)
	}
	if d := sameFrame(b.Replicates, want.Replicates); d != "" {
		return d
	}
	for k, v := range b.Original.Row() {
		if w := want.Original.Row()[k]; !sameValue(v, w) {
			return fmt.Sprintf("original %s: %v, want %v", MetricsColumns[k].Name, v, w)
		}
	}
	for _, p := range [][2]Position{{b.Wait, want.Wait}, {b.Slowdown, want.Slowdown}} {
		g, w := p[0], p[1]
		if g.Replicates != w.Replicates || g.Inside != w.Inside || !sameFloat(g.Original, w.Original) || !sameFloat(g.Min, w.Min) ||
			!sameFloat(g.Median, w.Median) || !sameFloat(g.Max, w.Max) || !sameFloat(g.AtOrBelow, w.AtOrBelow) ||
			!sameFloat(g.MedianRatio, w.MedianRatio) {
			return fmt.Sprintf("position %+v, want %+v", g, w)
		}
	}
	if !sameFloat(b.LoadCV, want.LoadCV) {
		return fmt.Sprintf("load CV %v, want %v", b.LoadCV, want.LoadCV)
	}
	return ""
}

func sameValue(a, b any) bool {
	if x, ok := a.(float64); ok {
		y, ok := b.(float64)
		return ok && sameFloat(x, y)
	}
	return a == b
}

// sameFrame compares two frames column by column, floats exactly.
func sameFrame(a, b dataframe.DataFrame) string {
	if fmt.Sprint(a.Names()) != fmt.Sprint(b.Names()) || fmt.Sprint(a.Types()) != fmt.Sprint(b.Types()) || a.Nrow() != b.Nrow() {
		return fmt.Sprintf("frame %v %v × %d, want %v %v × %d", a.Names(), a.Types(), a.Nrow(), b.Names(), b.Types(), b.Nrow())
	}
	for k, name := range a.Names() {
		ca, cb := a.Col(name), b.Col(name)
		for i := range a.Nrow() {
			var same bool
			switch a.Types()[k] {
			case series.Float:
				same = sameFloat(ca.Elem(i).Float(), cb.Elem(i).Float())
			default:
				same = ca.Elem(i).String() == cb.Elem(i).String()
			}
			if !same {
				return fmt.Sprintf("column %s row %d: %v, want %v", name, i, ca.Elem(i), cb.Elem(i))
			}
		}
	}
	return ""
}

// checkShared runs the bootstraps of tr under rds with reps variants
// together (RunBootstraps) and each alone (RunBootstrap, the reference),
// and reports every difference.
func checkShared(t *testing.T, tr *datasets.Trace, rds []Reading, reps []int, workers int) {
	t.Helper()
	ctx := context.Background()
	opts := BootstrapOptions{Seed: 2013, Sweep: sweep.Options{Workers: workers}}
	got, err := RunBootstraps(ctx, tr, rds, reps, opts)
	if err != nil {
		t.Fatal(err)
	}
	for k, rd := range rds {
		o := opts
		o.Replicates = reps[k]
		want, err := RunBootstrap(ctx, tr, rd, o)
		if err != nil {
			t.Fatal(err)
		}
		if d := sameBootstrap(got[k], want); d != "" {
			t.Errorf("%s, %s: shared bootstrap differs from the one run alone: %s", tr.Name, rd.Name, d)
		}
		// The first and last variants against the path that builds their
		// trace (Generate, Simulate), which shares no code with either.
		p, err := NewPools(tr, rd.Pools)
		if err != nil {
			t.Fatal(err)
		}
		for _, i := range []int{0, reps[k] - 1} {
			g := rd.Generate
			g.Seed = sweep.Seed(opts.Seed, i)
			r, err := p.Generate(g)
			if err != nil {
				t.Fatal(err)
			}
			o, err := r.Simulate(&sim.EASY{}, rd.Sim)
			if err != nil {
				t.Fatal(err)
			}
			wantRow := OutcomeMetrics(r, o).Row()
			for c, col := range MetricsColumns {
				if v := got[k].Replicates.Col(col.Name).Elem(i).Val(); !sameValue(v, wantRow[c]) {
					t.Errorf("%s, %s, variant %d: %s %v, simulated from its trace %v", tr.Name, rd.Name, i, col.Name, v, wantRow[c])
				}
			}
		}
	}
}

// studyReps returns the variants of each of rds as the study of 2013
// §6.1 runs them: more for the two readings with ledger entries (default,
// activity).
func studyReps(rds []Reading, others, more int) []int {
	reps := make([]int, len(rds))
	for k, rd := range rds {
		reps[k] = others
		if rd.Name == "default" || rd.Name == "activity" {
			reps[k] = more
		}
	}
	return reps
}

// TestRunBootstrapsSmall: on a small log where jobs wait, some are
// cancelled and some overrun their estimate, every reading's bootstrap run
// with the others equals the one run alone, with 1 and 2 workers.
func TestRunBootstrapsSmall(t *testing.T) {
	t.Parallel()
	tr := smallLog()
	for i := range tr.Runtime {
		tr.Runtime[i], tr.ReqTime[i], tr.Procs[i] = datasets.Day, 2*datasets.Day, 8+8*(i%2)
		if i%7 == 0 {
			tr.Status[i] = datasets.StatusCancelled
		}
		if i%5 == 0 {
			tr.ReqTime[i] = datasets.Day / 2
		}
	}
	rds := Readings()
	for _, w := range []int{1, 2} {
		checkShared(t, tr, rds, studyReps(rds, 3, 7), w)
	}
}

// TestRunBootstrapsNoCancelled: on a log without cancelled jobs,
// drop-cancelled shares default's simulation (SimOptions.DropCancelled
// changes nothing there), and its bootstrap still equals the one run
// alone and the variants simulated from their trace; with a cancelled job
// it gets a simulation of its own.
func TestRunBootstrapsNoCancelled(t *testing.T) {
	t.Parallel()
	drop := SimOptions{DropCancelled: true}
	for _, cancelled := range []bool{false, true} {
		tr := smallLog()
		for i := range tr.Runtime {
			tr.Runtime[i], tr.ReqTime[i], tr.Procs[i] = datasets.Day, 2*datasets.Day, 8+8*(i%2)
			if cancelled && i%7 == 0 {
				tr.Status[i] = datasets.StatusCancelled
			}
		}
		p, err := NewPools(tr, PoolOptions{})
		if err != nil {
			t.Fatal(err)
		}
		rows := p.simRows(sim.Options{})
		if shared := rows.simClass(drop) == rows.simClass(SimOptions{}); shared == cancelled {
			t.Errorf("cancelled jobs %v: drop-cancelled shares default's simulation: %v", cancelled, shared)
		}
		if !cancelled {
			rds := []Reading{Readings()[0], Readings()[16]}
			if rds[1].Name != "drop-cancelled" {
				t.Fatalf("reading %s, want drop-cancelled", rds[1].Name)
			}
			checkShared(t, tr, rds, []int{7, 5}, 1)
		}
	}
}

// TestRunBootstrapsRealLogs: on two logs of the archive, the 17 readings
// of the §6.1 table (default and activity with more variants, as the
// study runs them) run together equal the bootstraps run alone.
func TestRunBootstrapsRealLogs(t *testing.T) {
	needData(t)
	if testing.Short() {
		t.Skip("short: simulates 2 × 17 bootstraps twice")
	}
	t.Parallel()
	for _, log := range []string{"KTH-SP2", "SDSC-SP2"} {
		t.Run(log, func(t *testing.T) {
			tr, err := datasets.Load(log)
			if err != nil {
				t.Fatal(err)
			}
			rds := Readings()
			checkShared(t, tr, rds, studyReps(rds, 3, 5), 2)
		})
	}
}

// TestRunUntilEndIsPrefix checks, on variants of two logs of the archive,
// the claim that lets stop-at-end share default's simulation: EASY never
// looks at future arrivals, so the schedule stopped at the window's end
// (RunUntil) is the full schedule (Run) up to then — every job started by
// the end starts at the same time, every job ended by then ends at the
// same time, and no other job has started — and running on after the stop
// gives the full schedule exactly.
func TestRunUntilEndIsPrefix(t *testing.T) {
	needData(t)
	t.Parallel()
	for _, log := range []string{"KTH-SP2", "SDSC-SP2"} {
		tr, err := datasets.Load(log)
		if err != nil {
			t.Fatal(err)
		}
		p, err := NewPools(tr, PoolOptions{})
		if err != nil {
			t.Fatal(err)
		}
		for seed := range uint64(3) {
			r, err := p.Generate(Options{Seed: seed})
			if err != nil {
				t.Fatal(err)
			}
			jobs, _, procs, err := r.Jobs(sim.Options{})
			if err != nil {
				t.Fatal(err)
			}
			run := func(stop bool, more bool) *sim.Result {
				e, err := sim.NewEngine(procs, &sim.EASY{}, sim.EngineOptions{WeekOrigin: r.Start})
				if err != nil {
					t.Fatal(err)
				}
				e.SubmitAll(jobs)
				if stop {
					e.RunUntil(r.End)
				}
				if more {
					if err := e.Run(); err != nil {
						t.Fatal(err)
					}
				}
				return e.Result()
			}
			full, stopped, resumed := run(false, true), run(true, false), run(true, true)
			unfinished := 0
			for j := range full.ID {
				s, f := stopped.Start[j], full.Start[j]
				switch {
				case f <= r.End && !sameFloat(s, f):
					t.Fatalf("%s seed %d: job %d starts at %v stopped at the end, %v in the full run", log, seed, full.ID[j], s, f)
				case f > r.End && !math.IsNaN(s):
					t.Fatalf("%s seed %d: job %d starts at %v stopped at the end %v, %v in the full run", log, seed, full.ID[j], s, r.End, f)
				case full.End[j] <= r.End && !sameFloat(stopped.End[j], full.End[j]):
					t.Fatalf("%s seed %d: job %d ends at %v stopped, %v in the full run", log, seed, full.ID[j], stopped.End[j], full.End[j])
				case !sameFloat(resumed.Start[j], f) || !sameFloat(resumed.End[j], full.End[j]):
					t.Fatalf("%s seed %d: job %d resumed %v–%v, full run %v–%v", log, seed, full.ID[j], resumed.Start[j], resumed.End[j], f, full.End[j])
				}
				if !(full.End[j] <= r.End) {
					unfinished++
				}
			}
			if unfinished == 0 {
				t.Errorf("%s seed %d: every job ends by the window's end: the stopped run is the full one", log, seed)
			}
			if resumed.MaxQueue != full.MaxQueue || fmt.Sprint(resumed.Weekly) != fmt.Sprint(full.Weekly) {
				t.Errorf("%s seed %d: resumed run's queue or weekly samples differ from the full run's", log, seed)
			}
		}
	}
}

// TestBootstrapFirst: the first n variants of a bootstrap are the bootstrap
// run with n variants (variant i is seeded by its index), for every n.
func TestBootstrapFirst(t *testing.T) {
	t.Parallel()
	tr := smallLog()
	for i := range tr.Runtime {
		tr.Runtime[i], tr.ReqTime[i], tr.Procs[i] = datasets.Day, 2*datasets.Day, 8+8*(i%2)
	}
	ctx := context.Background()
	rd := Readings()[0]
	opts := BootstrapOptions{Seed: 2013, Replicates: 6}
	all, err := RunBootstrap(ctx, tr, rd, opts)
	if err != nil {
		t.Fatal(err)
	}
	for n := 1; n <= opts.Replicates; n++ {
		o := opts
		o.Replicates = n
		want, err := RunBootstrap(ctx, tr, rd, o)
		if err != nil {
			t.Fatal(err)
		}
		if d := sameBootstrap(all.First(n), want); d != "" {
			t.Errorf("First(%d) of %d differs from the bootstrap of %d variants: %s", n, opts.Replicates, n, d)
		}
	}
	for _, n := range []int{0, opts.Replicates + 1} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("First(%d) of %d variants did not panic", n, opts.Replicates)
				}
			}()
			all.First(n)
		}()
	}
}
