package datasets

import (
	"math"
	"slices"
	"testing"

	"pgregory.net/rapid"

	"github.com/tracelab/tracelab/internal/rapidtest"
)

// TestInUseStepsAgreesWithInUse: the steps InUseSteps yields are InUse's,
// bit for bit, for jobs in submit order (swept, also once the sweep's heap
// spilled: a few pending events here) and out of it (negative waits,
// submits out of order: the events held), with unknown values, equal
// instants, empty intervals and jobs without processors; a loop that
// stops early gets the first steps.
func TestInUseStepsAgreesWithInUse(t *testing.T) {
	rapidtest.Check(t, func(rt *rapid.T) {
		n := rapid.IntRange(0, 60).Draw(rt, "jobs")
		inOrder := rapid.Bool().Draw(rt, "in order")
		limit := rapid.SampledFrom([]int{2, 5, 16, 0}).Draw(rt, "spill beyond")
		tr := NewTrace("steps", n)
		sub := 0.0
		for k := range n {
			if inOrder {
				sub += float64(rapid.IntRange(0, 3).Draw(rt, "gap"))
			} else {
				sub = float64(rapid.IntRange(-1, 20).Draw(rt, "submit"))
			}
			j := UnknownJob()
			j.JobID, j.Submit = k+1, sub
			if !inOrder && k%7 == 3 {
				j.Submit = math.NaN()
			}
			j.Wait = float64(rapid.IntRange(0, 4).Draw(rt, "wait"))
			if !inOrder && rapid.IntRange(0, 5).Draw(rt, "negative") == 0 {
				j.Wait = -j.Wait
			}
			if r := rapid.IntRange(-1, 5).Draw(rt, "runtime"); r >= 0 {
				j.Runtime = float64(r) + rapid.SampledFrom([]float64{0, 0.5, 0.25}).Draw(rt, "fraction")
			}
			j.Procs = rapid.IntRange(-1, 4).Draw(rt, "procs")
			j.ReqProcs = rapid.IntRange(-1, 4).Draw(rt, "requested")
			tr.Append(j)
		}
		want := tr.InUse()
		var got Usage
		tr.inUseSteps(limit, func(at float64, procs int) bool {
			got.Time, got.Procs = append(got.Time, at), append(got.Procs, procs)
			return true
		})
		if !slices.Equal(got.Time, want.Time) || !slices.Equal(got.Procs, want.Procs) {
			rt.Fatalf("steps\n%v %v\nInUse\n%v %v", got.Time, got.Procs, want.Time, want.Procs)
		}
		if inOrder && !tr.sweepable() {
			rt.Fatalf("jobs in submit order with no negative wait: not swept")
		}
		stop := rapid.IntRange(1, len(want.Time)+1).Draw(rt, "stop after")
		var first []float64
		tr.inUseSteps(limit, func(at float64, procs int) bool {
			if len(first) == stop {
				rt.Fatalf("a step after the loop stopped")
			}
			first = append(first, at)
			return len(first) < stop
		})
		if !slices.Equal(first, want.Time[:min(stop, len(want.Time))]) {
			rt.Fatalf("stopped after %d: %v, want %v", stop, first, want.Time)
		}
		for at, procs := range tr.InUseSteps() { // the iterator, with break
			if at != want.Time[0] || procs != want.Procs[0] {
				rt.Fatalf("first step %v %d, want %v %d", at, procs, want.Time[0], want.Procs[0])
			}
			break
		}
	})
}

// TestStepSweepAgreesWithInUse: StepSweep, handed a trace's jobs one at a
// time, yields InUse's steps bit for bit and Close reports true when the
// trace is sweepable (InUseSteps sweeps it); when a job starts before an
// earlier job's submit time, Close reports false.
func TestStepSweepAgreesWithInUse(t *testing.T) {
	rapidtest.Check(t, func(rt *rapid.T) {
		n := rapid.IntRange(0, 60).Draw(rt, "jobs")
		tr := NewTrace("steps", n)
		sub := 0.0
		for k := range n {
			sub += float64(rapid.IntRange(0, 3).Draw(rt, "gap"))
			j := UnknownJob()
			j.JobID, j.Submit = k+1, sub
			j.Wait = float64(rapid.IntRange(-2, 4).Draw(rt, "wait"))
			if r := rapid.IntRange(-1, 5).Draw(rt, "runtime"); r >= 0 {
				j.Runtime = float64(r) + rapid.SampledFrom([]float64{0, 0.5, 0.25}).Draw(rt, "fraction")
			}
			j.Procs = rapid.IntRange(-1, 4).Draw(rt, "procs")
			j.ReqProcs = rapid.IntRange(-1, 4).Draw(rt, "requested")
			tr.Append(j)
		}
		var got Usage
		sw := NewStepSweep(func(at float64, procs int) {
			got.Time, got.Procs = append(got.Time, at), append(got.Procs, procs)
		})
		for i := range tr.Len() {
			j := tr.Job(i)
			sw.Add(&j)
		}
		ok := sw.Close()
		if ok != tr.sweepable() {
			rt.Fatalf("Close %v, sweepable %v", ok, tr.sweepable())
		}
		if !ok {
			return
		}
		if want := tr.InUse(); !slices.Equal(got.Time, want.Time) || !slices.Equal(got.Procs, want.Procs) {
			rt.Fatalf("steps\n%v %v\nInUse\n%v %v", got.Time, got.Procs, want.Time, want.Procs)
		}
	})
}
