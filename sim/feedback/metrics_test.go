package feedback

import (
	"math"
	"slices"
	"testing"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/sim"
)

func TestQueueDistribution(t *testing.T) {
	t.Parallel()
	tl := sim.Timeline{Time: []float64{0, 10, 30}, Queue: []int{0, 2, 1}}
	// Over [0, 40): queue 0 for 10, 2 for 20, 1 for 10.
	q, cdf := QueueDistribution(tl, 0, 40)
	if !slices.Equal(q, []int{0, 1, 2}) || !slices.Equal(cdf, []float64{0.25, 0.5, 1}) {
		t.Errorf("QueueDistribution = %v %v", q, cdf)
	}
	if m := MeanQueue(tl, 0, 40); m != 1.25 {
		t.Errorf("MeanQueue = %v, want 1.25", m)
	}
	// Over [20, 35): 2 for 10, 1 for 5.
	if m := MeanQueue(tl, 20, 35); !near(m, 25.0/15) {
		t.Errorf("MeanQueue(20, 35) = %v, want %v", m, 25.0/15)
	}
	if q, _ := QueueDistribution(tl, 50, 50); q != nil || !math.IsNaN(MeanQueue(tl, 50, 50)) {
		t.Error("empty window: want nothing")
	}
}

func TestQueueByHour(t *testing.T) {
	t.Parallel()
	w := utcWorkload(t, 1)
	tl := sim.Timeline{Time: []float64{0, 5400}, Queue: []int{2, 4}}
	// Hour 0: 2 all along; hour 1: 2 for 30 min then 4 for 30 min.
	h := w.QueueByHour(tl, 0, 7200)
	if h[0] != 2 || h[1] != 3 || !math.IsNaN(h[2]) {
		t.Errorf("QueueByHour = %v", h[:3])
	}
}

func TestWindowAndClasses(t *testing.T) {
	t.Parallel()
	nan := math.NaN()
	r := &sim.Result{Procs: 4,
		ID:      []int{1, 2, 3, 4, 5},
		Submit:  []float64{0, 10, 20, 30, nan},
		Start:   []float64{0, 10, 50, nan, nan},
		End:     []float64{60, 611, nan, nan, nan},
		Runtime: []float64{60, 601, 600, 61, 1},
		Width:   []int{1, 2, 4, 1, 1},
	}
	w := WindowOf(r, 0, 100)
	// Arrived in [0, 100): 4; ended: job 1; outstanding at 100: jobs 2, 3, 4
	// (job 5 never arrived). Used: 60·1 + 90·2 + 50·4.
	if w.Arrived != 4 || w.Ended != 1 || w.Outstanding != 3 || !near(w.Utilization, (60+180+200)/400.0) || !near(w.Throughput, 1/(100/datasets.Week)) {
		t.Errorf("WindowOf = %+v", w)
	}
	cs := ByClass(r, nil)
	if cs[Short].Jobs != 1 || cs[Medium].Jobs != 0 || cs[Long].Jobs != 1 || cs[Long].AvgResp != 601 || !math.IsNaN(cs[Medium].AvgWait) {
		t.Errorf("ByClass = %+v", cs)
	}
	for _, c := range []struct {
		rt   float64
		want JobClass
	}{{0, Short}, {60, Short}, {60.5, Medium}, {600, Medium}, {601, Long}} {
		if got := ClassOf(c.rt); got != c.want {
			t.Errorf("ClassOf(%v) = %v, want %v", c.rt, got, c.want)
		}
	}
}

func TestTraceRoundTrip(t *testing.T) {
	t.Parallel()
	w, err := NewWorkload(datasets.Sample(), WorkloadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	r, err := Simulate(w, &sim.FCFS{}, Options{Model: Fluid{}, Seed: 2})
	if err != nil {
		t.Fatal(err)
	}
	tr := r.Trace()
	if tr.Len() != w.Len() || !tr.IsSortedBySubmit() || tr.JobID[0] != 1 || tr.JobID[tr.Len()-1] != tr.Len() {
		t.Fatalf("trace of %d jobs (workload %d), sorted %v", tr.Len(), w.Len(), tr.IsSortedBySubmit())
	}
	// Replaying the generated workload open under the same scheduler
	// repeats the simulation's schedule (the recorded log of 2021 §3.4).
	open, err := sim.Replay(tr, &sim.FCFS{}, sim.Options{Procs: w.Procs})
	if err != nil {
		t.Fatal(err)
	}
	if a, b := open.Summary(), r.Summary(); a.AvgWait != b.AvgWait || a.Makespan != b.Makespan || a.Jobs != b.Jobs {
		t.Errorf("open replay of the generated workload: %+v, feedback %+v", a, b)
	}
	days, err := AvgActivityDays(tr)
	if err != nil || !(days > 0) {
		t.Errorf("AvgActivityDays = %v, %v", days, err)
	}
}
