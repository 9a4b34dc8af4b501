package zakay2014

import (
	"math"
	"slices"
	"testing"

	"pgregory.net/rapid"

	"github.com/tracelab/tracelab/sim"
	"github.com/tracelab/tracelab/sim/feedback"
)

// TestProcsWaiting checks the processors waiting at each sample of a
// hand-made timeline, worked by hand: job A (4 processors) arrives at 0
// and starts at 10, job B (2) arrives at 5 and starts at 20, job C (8)
// arrives at 5 and never starts, job D (16) arrives at 10 and starts at
// 10 (it never waits), job E never arrives. Samples at 0, 5, 10, 20:
// 4; 4+2+8 = 14; 14−4 = 10 (D arrives and starts at 10); 10−2 = 8.
func TestProcsWaiting(t *testing.T) {
	nan := math.NaN()
	r := &sim.Result{
		Submit:   []float64{0, 5, 5, 10, nan},
		Start:    []float64{10, 20, nan, 10, nan},
		Width:    []int{4, 2, 8, 16, 32},
		Timeline: sim.Timeline{Time: []float64{0, 5, 10, 20}},
	}
	if got, want := procsWaiting(r), []int{4, 14, 10, 8}; !slices.Equal(got, want) {
		t.Errorf("procsWaiting = %v, want %v", got, want)
	}
}

// TestProcsWaitingUnitWidths: with every width 1, the processors waiting
// are the engine's own queue length at every sample, on random workloads
// simulated by FCFS and EASY.
func TestProcsWaitingUnitWidths(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(1, 40).Draw(t, "jobs")
		procs := rapid.IntRange(1, 16).Draw(t, "procs")
		jobs := make([]sim.Job, n)
		at := 0.0
		for i := range jobs {
			at += float64(rapid.IntRange(0, 5).Draw(t, "gap"))
			rt := float64(rapid.IntRange(0, 20).Draw(t, "runtime"))
			jobs[i] = sim.Job{ID: i + 1, User: 1, Submit: at, Runtime: rt,
				Estimate: rt + float64(rapid.IntRange(0, 10).Draw(t, "slack")), Procs: rapid.IntRange(1, procs).Draw(t, "width")}
		}
		for _, s := range []sim.Scheduler{&sim.FCFS{}, &sim.EASY{}} {
			r, err := sim.Run(jobs, procs, s, sim.EngineOptions{Timeline: true})
			if err != nil {
				t.Fatal(err)
			}
			ones := *r
			ones.Width = make([]int, len(r.Width))
			for j := range ones.Width {
				ones.Width[j] = 1
			}
			if got := procsWaiting(&ones); !slices.Equal(got, r.Timeline.Queue) {
				t.Fatalf("%T: unit-width processors waiting %v, queue %v", s, got, r.Timeline.Queue)
			}
		}
	})
}

// TestSparseDistribution: sparseQuantile and sparseAbove agree with the
// dense queueQuantile and timeAbove on a hand-made timeline (queue 4 from
// 0 to 10, 0 from 10 to 60, 2 from 60 to 100: 0 for half of the time, 2
// for 0.4, 4 for 0.1), over the whole span and over [10, 100] (0 for 5/9,
// 2 for 4/9).
func TestSparseDistribution(t *testing.T) {
	tl := sim.Timeline{Time: []float64{0, 10, 60, 100}, Queue: []int{4, 0, 2, 0}}
	for _, c := range []struct {
		from, to, q float64
		n           int
		quantile    int
		above       float64
	}{
		{0, 100, 0.5, 0, 0, 0.5},
		{0, 100, 0.51, 1, 2, 0.5},
		{0, 100, 0.95, 2, 4, 0.1},
		{10, 100, 0.5, 0, 0, 4.0 / 9},
		{10, 100, 0.6, 2, 2, 0},
	} {
		if got := sparseQuantile(tl, c.from, c.to, c.q); got != c.quantile || got != queueQuantile(tl, c.from, c.to, c.q) {
			t.Errorf("[%v, %v] quantile %v = %d, want %d (dense %d)", c.from, c.to, c.q, got, c.quantile, queueQuantile(tl, c.from, c.to, c.q))
		}
		if got := sparseAbove(tl, c.from, c.to, c.n); math.Abs(got-c.above) > 1e-12 || math.Abs(got-timeAbove(tl, c.from, c.to, c.n)) > 1e-12 {
			t.Errorf("[%v, %v] above %d = %v, want %v", c.from, c.to, c.n, got, c.above)
		}
	}
}

// TestMeasureFig10Processors checks the processors reading of the claims
// on hand-made runs, worked by hand. Every run: a 10-processor job waits
// from 0 to 10, over a span 0 to 100 (mean 1 processor, 1 job 10% of the
// time); the feedback FCFS run instead: two 1-processor jobs wait from 0
// to 50 (mean 1 processor, 1 job). In jobs FCFS/EASY is 1/0.1 = 10, in
// processors 1/1 = 1. The conventional FCFS median is 0 either way. The
// feedback 98th percentiles (FCFS, EASY) are 2 and 1 jobs, 2 and 10
// processors, so fcfs-huge-queues' threshold is 2 jobs or 10 processors,
// which the conventional FCFS queue (at most 1 job, 10 processors) never
// exceeds.
func TestMeasureFig10Processors(t *testing.T) {
	wide := &sim.Result{Submit: []float64{0}, Start: []float64{10}, Width: []int{10},
		Timeline: sim.Timeline{Time: []float64{0, 10, 100}, Queue: []int{1, 0, 0}}}
	narrow := &sim.Result{Submit: []float64{0, 0}, Start: []float64{50, 50}, Width: []int{1, 1},
		Timeline: sim.Timeline{Time: []float64{0, 50, 100}, Queue: []int{2, 0, 0}}}
	run := func(name string, r *sim.Result) feedback.Run { return feedback.Run{Name: name, Sim: r} }
	cs := []*feedback.Comparison{
		{Runs: []feedback.Run{run("conventional", wide), run("fluid", wide)}},
		{Runs: []feedback.Run{run("conventional", wide), run("fluid", narrow)}},
	}
	for _, c := range []struct {
		c                  convention
		ratio              float64
		median, q98F, q98E int
	}{
		{asLogged, 10, 0, 2, 1},
		{processors, 1, 0, 2, 10},
	} {
		m := measureFig10(c.c, cs, nil)
		if math.Abs(m.fcfsVsEasy-c.ratio) > 1e-12 || m.convMedian != c.median || m.q98F != c.q98F || m.q98E != c.q98E ||
			m.huge != max(c.q98F, c.q98E) || m.convHuge != 0 {
			t.Errorf("%s: FCFS/EASY %v, conventional median %d, feedback q98 %d/%d, threshold %d, huge %v; want %v, %d, %d/%d, %d, 0",
				c.c.key, m.fcfsVsEasy, m.convMedian, m.q98F, m.q98E, m.huge, m.convHuge, c.ratio, c.median, c.q98F, c.q98E, max(c.q98F, c.q98E))
		}
	}
	if wide.Timeline.Queue[0] != 1 {
		t.Errorf("the processors reading changed the run's own timeline: %v", wide.Timeline.Queue)
	}
}
