package sim

import (
	"math"
	"slices"
	"testing"

	"pgregory.net/rapid"
)

// arrivalChecker is an FCFS scheduler that records the arrivals it hears
// and checks, at every call, the engine's cached next arrival (arrJ,
// arrT) against a scan of all the jobs not yet arrived.
type arrivalChecker struct {
	FCFS
	t       *rapid.T
	arrived []int
	at      []float64
}

func (c *arrivalChecker) Arrive(e *Engine, j int) {
	c.arrived = append(c.arrived, j)
	c.at = append(c.at, e.Now())
	c.check(e)
}

func (c *arrivalChecker) Schedule(e *Engine) {
	c.check(e)
	c.FCFS.Schedule(e)
}

// check compares arrJ and arrT with the least (submit, job number) among
// the jobs in the arrival FIFO or heap.
func (c *arrivalChecker) check(e *Engine) {
	want, wantT := -1, math.Inf(1)
	for j, st := range e.state {
		if st != statePending && st != stateHeaped {
			continue
		}
		if want < 0 || e.arrLess(j, want) {
			want, wantT = j, e.submit[j]
		}
	}
	if e.arrJ != want || e.arrT != wantT {
		c.t.Fatalf("now %v: next arrival (%d, %v), want (%d, %v)", e.Now(), e.arrJ, e.arrT, want, wantT)
	}
}

// TestPropertyArrivalCursor checks the cached next arrival and the order
// of arrivals when jobs are submitted out of order, before the run, from
// OnFinish (for now or later) and between RunUntil calls: every job
// arrives once, at its submit time, in order of (submit, job number),
// which is the reference order of a sort.
func TestPropertyArrivalCursor(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		procs := rapid.IntRange(1, 8).Draw(t, "procs")
		draw := func(min float64) Job {
			run := float64(rapid.IntRange(0, 20).Draw(t, "runtime"))
			return Job{Submit: min + float64(rapid.IntRange(0, 30).Draw(t, "after")),
				Runtime: run, Estimate: run, Procs: rapid.IntRange(1, procs).Draw(t, "width")}
		}
		c := &arrivalChecker{t: t}
		e, err := NewEngine(procs, c, EngineOptions{})
		if err != nil {
			t.Fatal(err)
		}
		for range rapid.IntRange(0, 30).Draw(t, "before") {
			e.Submit(draw(0))
		}
		more := rapid.IntRange(0, 30).Draw(t, "from hooks")
		e.OnFinish = func(e *Engine, _ int) {
			if more > 0 && rapid.Bool().Draw(t, "submit now") {
				more--
				e.Submit(draw(e.Now()))
			}
		}
		e.RunUntil(float64(rapid.IntRange(0, 40).Draw(t, "until")))
		for range rapid.IntRange(0, 10).Draw(t, "between") {
			e.Submit(draw(max(e.Now(), 0)))
		}
		if err := e.Run(); err != nil {
			t.Fatal(err)
		}

		n := e.NumJobs()
		if len(c.arrived) != n {
			t.Fatalf("%d arrivals of %d jobs", len(c.arrived), n)
		}
		want := make([]int, n)
		for j := range want {
			want[j] = j
		}
		slices.SortStableFunc(want, func(a, b int) int {
			switch {
			case e.submit[a] < e.submit[b]:
				return -1
			case e.submit[a] > e.submit[b]:
				return 1
			}
			return 0
		})
		if !slices.Equal(c.arrived, want) {
			t.Fatalf("arrival order %v, want %v", c.arrived, want)
		}
		for k, j := range c.arrived {
			if c.at[k] != e.submit[j] {
				t.Fatalf("job %d arrived at %v, submitted for %v", j, c.at[k], e.submit[j])
			}
		}
	})
}
