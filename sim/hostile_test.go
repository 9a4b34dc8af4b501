package sim

import (
	"errors"
	"math"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/internal/rapidtest"
)

// hostileJob is one job of a hand-made trace (datasets.Job with the
// fields Prepare reads).
func hostileJob(id int, submit, runtime float64, procs int, reqTime float64) datasets.Job {
	jb := datasets.UnknownJob()
	jb.JobID, jb.Submit, jb.Runtime, jb.Procs, jb.ReqProcs, jb.ReqTime, jb.User = id, submit, runtime, procs, procs, reqTime, 1
	jb.Wait = 0
	return jb
}

func hostileTrace(procs int, jobs ...datasets.Job) *datasets.Trace {
	tr := datasets.NewTrace("hostile", len(jobs))
	tr.Header.MaxProcs = procs
	for _, jb := range jobs {
		tr.Append(jb)
	}
	return tr
}

// checkReplay replays tr under every registered scheduler (the test's
// test-greedy among them) and checks the outcome: an error containing
// wantErr, or (wantErr "") a result whose summary counts every kept job
// with finite means.
func checkReplay(t *testing.T, tr *datasets.Trace, wantErr string) {
	t.Helper()
	for _, name := range Names() {
		s, err := New(name)
		if err != nil {
			t.Fatal(err)
		}
		r, err := Replay(tr, s, Options{})
		switch {
		case wantErr != "" && (err == nil || !strings.Contains(err.Error(), wantErr)):
			t.Errorf("%s: error %v, want one containing %q", name, err, wantErr)
		case wantErr == "" && err != nil:
			t.Errorf("%s: %v", name, err)
		case err != nil:
		default:
			sum := r.Summary()
			if sum.Jobs != r.Prep.Jobs || sum.Jobs+r.Prep.Dropped() != tr.Len() {
				t.Errorf("%s: %d jobs counted, prepared %+v of %d", name, sum.Jobs, r.Prep, tr.Len())
			}
			for _, v := range []float64{sum.AvgWait, sum.AvgResponse, sum.AvgBoundedSlowdown, sum.Makespan} {
				if math.IsNaN(v) || math.IsInf(v, 0) {
					t.Errorf("%s: summary %+v has a non-finite mean", name, sum)
					break
				}
			}
		}
	}
}

// TestReplayHostileTraces replays traces built in code (no reader bounds
// their values) under every scheduler. Before the fixes: a column shorter
// than the others panicked (index out of range) in every scheduler; an
// infinite requested time panicked in conservative ("left 1 jobs waiting
// with no event to come") and one of 1e300 made it start the next jobs at
// t = 1e300; a trace with no simulable job returned a summary of NaNs.
func TestReplayHostileTraces(t *testing.T) {
	t.Parallel()
	inf, nan := math.Inf(1), math.NaN()
	short := hostileTrace(10, hostileJob(1, 0, 10, 1, 20), hostileJob(2, 5, 10, 1, 20))
	short.Runtime = short.Runtime[:1]
	for _, c := range []struct {
		name    string
		tr      *datasets.Trace
		wantErr string
	}{
		{"a column shorter than the others", short, "column runtime has 1 rows"},
		{"no job", hostileTrace(10), "no job to simulate"},
		{"every job unknown", hostileTrace(10, datasets.UnknownJob(), datasets.UnknownJob()), "no job to simulate: of 2 jobs, 2 have no known submit time"},
		{"submits beyond MaxTime", hostileTrace(10, hostileJob(1, 1e15, 1, 1, 1), hostileJob(2, -inf, 1, 1, 1)), "no job to simulate"},
		{"runtimes of 0 only", hostileTrace(10, hostileJob(1, 0, 0, 1, 0), hostileJob(2, 0, 0, 1, 0)), ""},
		{"infinite requested time", hostileTrace(10, hostileJob(1, 0, 10, 1, inf), hostileJob(2, 5, 10, 10, 20), hostileJob(3, 6, 10, 1, 1)), ""},
		{"requested time 1e300", hostileTrace(10, hostileJob(1, 0, 10, 1, 1e300), hostileJob(2, 5, 10, 10, 20), hostileJob(3, 6, 10, 1, 1)), ""},
		{"NaN, negative, zero requested times", hostileTrace(10, hostileJob(1, 0, 10, 1, nan), hostileJob(2, 0, 10, 1, -3), hostileJob(3, 0, 10, 1, 0)), ""},
		{"NaN, Inf, 1e300 submits", hostileTrace(10, hostileJob(1, nan, 10, 1, 20), hostileJob(2, inf, 10, 1, 20), hostileJob(3, 1e300, 10, 1, 20), hostileJob(4, -1e6, 10, 1, 20)), ""},
		{"NaN, Inf, negative, 1e300 runtimes", hostileTrace(10, hostileJob(1, 0, nan, 1, 20), hostileJob(2, 0, inf, 1, 20), hostileJob(3, 0, -5, 1, 20), hostileJob(4, 0, 1e300, 1, 1e300), hostileJob(5, 0, 5, 1, 20)), ""},
		{"processors 0, negative, above the machine, MaxInt, MinInt", hostileTrace(10, hostileJob(1, 0, 10, 0, 20), hostileJob(2, 0, 10, -7, 20), hostileJob(3, 0, 10, 11, 20), hostileJob(4, 0, 10, math.MaxInt, 20), hostileJob(5, 0, 10, math.MinInt, 20), hostileJob(6, 0, 10, 10, 20)), ""},
		{"duplicate ids, identical jobs", hostileTrace(10, hostileJob(1, 0, 10, 5, 20), hostileJob(1, 0, 10, 5, 20), hostileJob(1, 0, 10, 5, 20)), ""},
		{"unsorted submits", hostileTrace(10, hostileJob(1, 100, 10, 5, 20), hostileJob(2, 0, 10, 8, 20), hostileJob(3, 50, 10, 5, 20)), ""},
		{"a machine of 1", hostileTrace(1, hostileJob(1, 0, 10, 1, 20), hostileJob(2, 0, 10, 1, 20), hostileJob(3, 1, 5, 1, 20)), ""},
		{"a machine of MaxInt", hostileTrace(math.MaxInt, hostileJob(1, 0, 10, 1, 20)), "machine size out of range"},
	} {
		t.Run(c.name, func(t *testing.T) { checkReplay(t, c.tr, c.wantErr) })
	}
}

// TestReplayHostileProperty: a trace of values drawn from the hostile
// ones and ordinary ones either replays, every kept job counted with
// finite means, or is refused with ErrNoJobs; no scheduler panics.
func TestReplayHostileProperty(t *testing.T) {
	t.Parallel()
	times := []float64{0, 1, 10, 3600, 1e-300, -1, -1e6, 1e9, 1e15, 1e300, math.Inf(1), math.Inf(-1), math.NaN()}
	procs := []int{-1, 0, 1, 2, 4, 8, 9, math.MaxInt}
	rapidtest.Check(t, func(rt *rapid.T) {
		machine := rapid.IntRange(1, 8).Draw(rt, "machine")
		n := rapid.IntRange(1, 12).Draw(rt, "n")
		tr := hostileTrace(machine)
		for i := range n {
			tr.Append(hostileJob(rapid.IntRange(1, 3).Draw(rt, "id")+i%2,
				rapid.SampledFrom(times).Draw(rt, "submit"),
				rapid.SampledFrom(times).Draw(rt, "runtime"),
				rapid.SampledFrom(procs).Draw(rt, "procs"),
				rapid.SampledFrom(times).Draw(rt, "reqTime")))
		}
		for _, name := range Names() {
			s, _ := New(name)
			r, err := Replay(tr, s, Options{MissingEstimate: MissingEstimate(rapid.IntRange(0, 1).Draw(rt, "missing"))})
			if err != nil {
				if !errors.Is(err, ErrNoJobs) {
					rt.Fatalf("%s: %v", name, err)
				}
				continue
			}
			sum := r.Summary()
			if sum.Jobs != r.Prep.Jobs || sum.Jobs == 0 || math.IsNaN(sum.AvgBoundedSlowdown) || math.IsInf(sum.AvgWait, 0) {
				rt.Fatalf("%s: summary %+v, prepared %+v", name, sum, r.Prep)
			}
		}
	})
}
