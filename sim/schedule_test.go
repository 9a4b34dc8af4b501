package sim

import (
	"math"
	"slices"
	"testing"
)

// j is a short constructor for hand-worked schedules: submit, processors,
// runtime, estimate.
func j(submit float64, procs int, runtime, estimate float64) Job {
	return Job{Submit: submit, Procs: procs, Runtime: runtime, Estimate: estimate, Wait: math.NaN()}
}

// Hand-worked schedules. Each expected start was worked out by hand from
// the definitions in the package documentation; the comments give the
// reasoning.
func TestHandWorkedSchedules(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name  string
		procs int
		jobs  []Job
		want  map[string][]float64 // scheduler → start of each job
	}{
		{
			// The situation of Feitelson 2021 Fig. 1: a wide job at the
			// head of the queue leaves a hole that FCFS wastes and EASY
			// fills with a later small job that ends in time.
			// 4 processors. J0 (2 procs, 4 s) starts at 0. J1 (4 procs)
			// must wait for J0: reservation at 4, extra 0. J2 (2 procs,
			// est 2) arrives at 2: 2 + 2 ≤ 4, so EASY and conservative
			// backfill it at 2; FCFS starts it after J1, at 6 with J3.
			// J3 (1 proc, 5 s) starts after J1 everywhere (no hole).
			name: "fig1", procs: 4,
			jobs: []Job{j(0, 2, 4, 4), j(1, 4, 2, 2), j(2, 2, 2, 2), j(3, 1, 5, 5)},
			want: map[string][]float64{
				"fcfs":         {0, 4, 6, 6},
				"easy":         {0, 4, 2, 6},
				"conservative": {0, 4, 2, 6},
			},
		},
		{
			// EASY protects only the head. 4 processors. A (3 procs,
			// 10 s) runs from 0; B (2 procs) is the head: shadow 10,
			// extra 4 − 2 = 2. C (4 procs) is second. D (1 proc, 100 s)
			// at 3 fits the 1 free processor and uses 1 ≤ 2 extra
			// processors, so EASY starts it at 3, which delays C to D's
			// end at 103. Conservative gave C the reservation [20, 30),
			// so D only fits after it, at 30 (as in FCFS).
			name: "easy-delays-second", procs: 4,
			jobs: []Job{j(0, 3, 10, 10), j(1, 2, 10, 10), j(2, 4, 10, 10), j(3, 1, 100, 100)},
			want: map[string][]float64{
				"fcfs":         {0, 10, 20, 30},
				"easy":         {0, 10, 103, 3},
				"conservative": {0, 10, 20, 30},
			},
		},
		{
			// The extra processors are used up. 4 processors. A (2 procs,
			// 10 s) from 0; B (3 procs) head: shadow 10, extra 4 − 3 = 1.
			// C (1 proc, 50 s) at 2 backfills on the extra processor
			// (extra → 0); D (1 proc, 50 s) at 3 fits the free processor
			// but would delay B, so it waits: B runs [10, 20), then D
			// starts at 20 when 3 processors are free. FCFS starts B at
			// 10 and C with it on the last processor, D at 20.
			name: "extra-used-up", procs: 4,
			jobs: []Job{j(0, 2, 10, 10), j(1, 3, 10, 10), j(2, 1, 50, 50), j(3, 1, 50, 50)},
			want: map[string][]float64{
				"fcfs":         {0, 10, 10, 20},
				"easy":         {0, 10, 2, 20},
				"conservative": {0, 10, 2, 20},
			},
		},
		{
			// Early termination. 4 processors. A (4 procs) estimates 10 s
			// but ends at 5; B (4 procs) and C (2 procs, est 3) wait.
			// Every scheduler starts B at 5, when A actually ends, and C
			// after B. Conservative compresses C's reservation from 20
			// to 15.
			name: "early-end", procs: 4,
			jobs: []Job{j(0, 4, 5, 10), j(1, 4, 10, 10), j(2, 2, 3, 3)},
			want: map[string][]float64{
				"fcfs":         {0, 5, 15},
				"easy":         {0, 5, 15},
				"conservative": {0, 5, 15},
			},
		},
		{
			// Simultaneous end and start: A (4 procs) ends at 10 exactly
			// when B (4 procs) arrives; the termination is handled first,
			// so B starts at 10 and never shares a processor with A.
			name: "end-start-same-second", procs: 4,
			jobs: []Job{j(0, 4, 10, 10), j(10, 4, 5, 5), j(10, 1, 0, 0)},
			want: map[string][]float64{
				"fcfs":         {0, 10, 15},
				"easy":         {0, 10, 15},
				"conservative": {0, 10, 15},
			},
		},
		{
			// Zero runtimes. 2 processors. Two zero-runtime jobs of 2
			// processors arrive at 0: each holds the machine for no time,
			// so all three start at 0, in three rounds at the same time.
			// Conservative reserves 1 s for a zero estimate (minReserve),
			// [0,1), [1,2), [2,7), and compresses after each zero-runtime
			// end, so it starts them at 0 too.
			name: "zero-runtime", procs: 2,
			jobs: []Job{j(0, 2, 0, 0), j(0, 2, 0, 0), j(0, 2, 5, 5)},
			want: map[string][]float64{
				"fcfs":         {0, 0, 0},
				"easy":         {0, 0, 0},
				"conservative": {0, 0, 0},
			},
		},
		{
			// SJF-ordered backfilling tries the shortest candidate first.
			// 4 processors. A (3 procs, 10 s) from 0; B (4 procs) head:
			// shadow 10, extra 0. C (1 proc, est 8) and D (1 proc, est 2)
			// arrive together at 1: EASY tries C first (1 + 8 ≤ 10) and D
			// no longer fits, nor at 9 (9 + 2 > 10), so it runs after B.
			// EASY-SJBF tries D first; at 3 C no longer fits (3 + 8 > 10).
			name: "sjbf", procs: 4,
			jobs: []Job{j(0, 3, 10, 10), j(0, 4, 10, 10), j(1, 1, 8, 8), j(1, 1, 2, 2)},
			want: map[string][]float64{
				"easy":      {0, 10, 1, 20},
				"easy-sjbf": {0, 10, 20, 1},
			},
		},
	}
	for _, c := range cases {
		for name, want := range c.want {
			t.Run(c.name+"/"+name, func(t *testing.T) {
				t.Parallel()
				s, err := New(name)
				if err != nil {
					t.Fatal(err)
				}
				r, err := Run(c.jobs, c.procs, s, EngineOptions{})
				if err != nil {
					t.Fatal(err)
				}
				if !slices.Equal(r.Start, want) {
					t.Errorf("starts %v, want %v", r.Start, want)
				}
			})
		}
	}
}

func TestLogReplayDelays(t *testing.T) {
	t.Parallel()
	// Logged starts 0 and 1 for two jobs of 3 processors on a machine of
	// 4: the second is delayed until the first ends at 5. A job with an
	// unknown wait starts at its arrival.
	jobs := []Job{
		{Submit: 0, Procs: 3, Runtime: 5, Estimate: 5, Wait: 0},
		{Submit: 0, Procs: 3, Runtime: 5, Estimate: 5, Wait: 1},
		{Submit: 2, Procs: 1, Runtime: 1, Estimate: 1, Wait: math.NaN()},
	}
	s := &LogReplay{}
	r, err := Run(jobs, 4, s, EngineOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if want := []float64{0, 5, 2}; !slices.Equal(r.Start, want) {
		t.Errorf("starts %v, want %v", r.Start, want)
	}
	if s.Delayed != 1 || s.UnknownWait != 1 {
		t.Errorf("Delayed %d, UnknownWait %d; want 1, 1", s.Delayed, s.UnknownWait)
	}
}
