package feedback

import (
	"slices"
	"testing"

	"github.com/tracelab/tracelab/sim"
	"pgregory.net/rapid"
)

// TestUserAwareAlphaZeroIsEASY: with α = 0 the user-aware scheduler orders
// jobs by waiting time, that is by arrival, and makes exactly the schedule
// of EASY, on random workloads (TestUserAwareAlphaZeroIsEASYOnKTH: on
// KTH-SP2, with and without feedback).
func TestUserAwareAlphaZeroIsEASY(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		procs := rapid.IntRange(1, 16).Draw(t, "procs")
		w, err := NewWorkload(genLog(t, procs), WorkloadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		a, err := Conventional(w, &UserAware{}, sim.EngineOptions{})
		if err != nil {
			t.Fatal(err)
		}
		b, err := Conventional(w, &sim.EASY{}, sim.EngineOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(a.Start, b.Start) {
			t.Fatalf("starts differ:\n%v\n%v", a.Start, b.Start)
		}
	})
}

// TestUserAwareAlphaZeroIsEASYOnKTH: the same on the real log KTH-SP2,
// with and without feedback (skipped when the log is not available).
func TestUserAwareAlphaZeroIsEASYOnKTH(t *testing.T) {
	w := realWorkload(t, "KTH-SP2")
	for _, m := range []Model{nil, Fluid{}} {
		a, err := Simulate(w, &UserAware{}, Options{Model: m, Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		b, err := Simulate(w, &sim.EASY{}, Options{Model: m, Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(a.Sim.Start, b.Sim.Start) || !slices.Equal(a.Sim.Submit, b.Sim.Submit) {
			t.Errorf("KTH-SP2, model %v: α = 0 differs from EASY", m)
		}
	}
}

// TestUserAwareOrder works a queue by hand: on a full machine that frees
// 1 processor at time 100, a long old job and a short new one wait; EASY
// (α = 0) gives the freed processor to the old one, α = 1 to the short one.
func TestUserAwareOrder(t *testing.T) {
	jobs := []sim.Job{
		{ID: 1, Submit: 0, Runtime: 100, Estimate: 100, Procs: 2},    // fills the machine until 100
		{ID: 2, Submit: 10, Runtime: 5000, Estimate: 5000, Procs: 1}, // old, long
		{ID: 3, Submit: 90, Runtime: 30, Estimate: 30, Procs: 1},     // recent, short
		{ID: 4, Submit: 95, Runtime: 50, Estimate: 3000, Procs: 2},   // keeps 2 then 3 waiting
	}
	// Scores at 100 with α = 1 (wait + estimate, in minutes):
	// job 2: 1/(1+0.05·(90+5000)/60) = 0.191; job 3: 1/(1+0.05·40/60) = 0.968;
	// job 4: 1/(1+0.05·3005/60) = 0.285. Order 3, 4, 2.
	for _, c := range []struct {
		alpha float64
		start []float64
	}{
		// EASY: jobs 2 and 3 start at 100 (2 free); job 4 after job 3 at 130.
		{0, []float64{0, 100, 100, 5100}},
		// α = 1: order 3, 4, 2: job 3 starts at 100; job 4 needs 2 and is
		// the head, reserved for 130; job 2 (5000 s) cannot backfill
		// before 130 and there is no extra processor: it waits until 180.
		{1, []float64{0, 180, 100, 130}},
	} {
		r, err := sim.Run(jobs, 2, &UserAware{Alpha: c.alpha}, sim.EngineOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(r.Start, c.start) {
			t.Errorf("α = %v: starts %v, want %v", c.alpha, r.Start, c.start)
		}
	}
}
