package sim

import (
	"errors"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/tracelab/tracelab/datasets"
)

func mustEngine(t *testing.T, procs int, s Scheduler, o EngineOptions) *Engine {
	t.Helper()
	e, err := NewEngine(procs, s, o)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

func mustPanic(t *testing.T, want string, f func()) {
	t.Helper()
	defer func() {
		t.Helper()
		r := recover()
		if r == nil {
			t.Fatalf("no panic, want %q", want)
		}
		if msg, _ := r.(string); !strings.Contains(msg, want) {
			t.Fatalf("panic %v, want %q", r, want)
		}
	}()
	f()
}

func TestNewEngineErrors(t *testing.T) {
	t.Parallel()
	if _, err := NewEngine(0, &FCFS{}, EngineOptions{}); err == nil {
		t.Error("machine of 0 processors accepted")
	}
	if _, err := NewEngine(4, nil, EngineOptions{}); err == nil {
		t.Error("nil scheduler accepted")
	}
	if _, err := New("nope"); err == nil {
		t.Error("unknown scheduler accepted")
	}
	if _, err := Run([]Job{j(0, 5, 1, 1)}, 4, &FCFS{}, EngineOptions{}); err == nil {
		t.Error("job wider than the machine accepted by Run")
	}
	if _, err := Run([]Job{j(0, 1, 2, 1)}, 4, &FCFS{}, EngineOptions{}); err == nil {
		t.Error("estimate below runtime accepted by Run")
	}
}

func TestSubmitPanics(t *testing.T) {
	t.Parallel()
	e := mustEngine(t, 4, &FCFS{}, EngineOptions{})
	mustPanic(t, "processors", func() { e.Submit(j(0, 5, 1, 1)) })
	mustPanic(t, "estimate", func() { e.Submit(j(0, 1, 2, 1)) })
	mustPanic(t, "runtime", func() { e.Submit(j(0, 1, math.NaN(), 1)) })
	e.Submit(j(5, 1, 1, 1))
	if err := e.Run(); err != nil {
		t.Fatal(err)
	}
	mustPanic(t, "in the past", func() { e.Submit(j(1, 1, 1, 1)) })
}

// badScheduler starts every waiting job, fit or not.
type badScheduler struct{}

func (badScheduler) Schedule(e *Engine) {
	for _, j := range e.Waiting() {
		e.Start(j)
	}
}

// idleScheduler never starts anything.
type idleScheduler struct{}

func (idleScheduler) Schedule(*Engine) {}

// reentrant calls Run from inside its Schedule.
type reentrant struct{}

func (reentrant) Schedule(e *Engine) { _ = e.Run() }

// A scheduler's bug ends Engine.Run with a *SchedulerError that says what
// went wrong, not a panic; the engine's state is then that of an
// interrupted round (Reset before reuse).
func TestSchedulerBugsError(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name  string
		sched Scheduler
		want  string
	}{
		{"misfit", badScheduler{}, "needs 3 processors, 1 free"},
		{"idle", idleScheduler{}, "2 jobs, job 0 first"},
		{"Run inside Run", reentrant{}, "Run called from inside the simulation"},
	} {
		e := mustEngine(t, 4, c.sched, EngineOptions{})
		e.SubmitAll([]Job{j(0, 3, 1, 1), j(0, 3, 1, 1)})
		err := e.Run()
		var se *SchedulerError
		if !errors.As(err, &se) || se.Scheduler != SchedulerName(c.sched) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: Run's error %v, want a SchedulerError of %s saying %q", c.name, err, SchedulerName(c.sched), c.want)
		}
	}
}

// A job submitted from OnFinish for the current time arrives in the same
// round as the termination, before the scheduling pass: a chain of jobs,
// each submitted when the previous one ends, runs without gaps.
func TestSubmitFromOnFinish(t *testing.T) {
	t.Parallel()
	e := mustEngine(t, 4, &FCFS{}, EngineOptions{Timeline: true})
	n := 0
	e.OnFinish = func(e *Engine, j int) {
		if n < 3 {
			n++
			e.Submit(Job{ID: 100 + n, Submit: e.Now(), Procs: 4, Runtime: 10, Estimate: 10})
		}
	}
	e.Submit(Job{ID: 100, Submit: 0, Procs: 4, Runtime: 10, Estimate: 10})
	if err := e.Run(); err != nil {
		t.Fatal(err)
	}
	r := e.Result()
	if want := []float64{0, 10, 20, 30}; !slices.Equal(r.Start, want) {
		t.Errorf("starts %v, want %v", r.Start, want)
	}
	if want := []int{100, 101, 102, 103}; !slices.Equal(r.ID, want) {
		t.Errorf("ids %v, want %v", r.ID, want)
	}
	// One sample per event time; the queue is never seen non-empty.
	if want := []float64{0, 10, 20, 30, 40}; !slices.Equal(r.Timeline.Time, want) {
		t.Errorf("timeline times %v, want %v", r.Timeline.Time, want)
	}
	if r.MaxQueue != 0 {
		t.Errorf("max queue %d, want 0", r.MaxQueue)
	}
}

// Jobs submitted out of time order (the arrival heap) arrive in time
// order, ties in submission order.
func TestOutOfOrderSubmission(t *testing.T) {
	t.Parallel()
	e := mustEngine(t, 1, &FCFS{}, EngineOptions{})
	for _, s := range []float64{5, 1, 3, 1, 0} {
		e.Submit(j(s, 1, 1, 1))
	}
	if err := e.Run(); err != nil {
		t.Fatal(err)
	}
	// Arrival order: 0 (job 4), 1 (job 1), 1 (job 3), 3 (job 2), 5 (job 0).
	if want := []float64{5, 1, 3, 2, 0}; !slices.Equal(e.Result().Start, want) {
		t.Errorf("starts %v, want %v", e.Result().Start, want)
	}
}

// RunUntil stops after the rounds at the given time; more jobs may then be
// submitted.
func TestRunUntil(t *testing.T) {
	t.Parallel()
	e := mustEngine(t, 2, &FCFS{}, EngineOptions{})
	e.SubmitAll([]Job{j(0, 2, 10, 10), j(5, 2, 10, 10)})
	e.RunUntil(7)
	if e.Now() != 5 || e.NumRunning() != 1 || e.NumWaiting() != 1 {
		t.Fatalf("at %v: %d running, %d waiting; want 5, 1, 1", e.Now(), e.NumRunning(), e.NumWaiting())
	}
	r := e.Result()
	if !math.IsNaN(r.End[0]) || !math.IsNaN(r.Start[1]) {
		t.Errorf("unfinished jobs: end %v, start %v; want NaN", r.End[0], r.Start[1])
	}
	if s := r.Summary(); s.Unfinished != 2 || s.Jobs != 0 || !math.IsNaN(s.AvgWait) {
		t.Errorf("summary of unfinished jobs %+v", s)
	}
	e.Submit(j(7, 1, 1, 1))
	if err := e.Run(); err != nil {
		t.Fatal(err)
	}
	if want := []float64{0, 10, 20}; !slices.Equal(e.Result().Start, want) {
		t.Errorf("starts %v, want %v", e.Result().Start, want)
	}
}

// waker starts the waiting jobs only at multiples of 100 s.
type waker struct{}

func (waker) Schedule(e *Engine) {
	if math.Mod(e.Now(), 100) == 0 {
		for _, j := range e.Waiting() {
			if e.Width(j) <= e.Free() {
				e.Start(j)
			}
		}
	}
	if e.NumWaiting() > 0 {
		e.WakeAt((math.Floor(e.Now()/100) + 1) * 100)
	}
}

func TestWakeAt(t *testing.T) {
	t.Parallel()
	r, err := Run([]Job{j(30, 1, 10, 10), j(250, 1, 10, 10)}, 1, waker{}, EngineOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if want := []float64{100, 300}; !slices.Equal(r.Start, want) {
		t.Errorf("starts %v, want %v", r.Start, want)
	}
}

func TestShadow(t *testing.T) {
	t.Parallel()
	e := mustEngine(t, 10, idleScheduler{}, EngineOptions{})
	// Running: 3 procs until 20 (est), 2 until 20, 4 until 50; 1 free.
	for _, x := range []Job{j(0, 3, 5, 20), j(0, 2, 5, 20), j(0, 4, 5, 50)} {
		e.Submit(x)
	}
	e.RunUntil(0)
	for k := range 3 {
		e.Start(k)
	}
	cases := []struct {
		p      int
		shadow float64
		extra  int
	}{
		{1, 0, 0},   // fits now
		{2, 20, 4},  // both jobs ending at 20 count: 1 + 3 + 2 = 6 free
		{6, 20, 0},  // exactly
		{7, 50, 3},  // 6 + 4 = 10 free at 50
		{10, 50, 0}, // the whole machine
	}
	for _, c := range cases {
		s, x := e.Shadow(c.p)
		if s != c.shadow || x != c.extra {
			t.Errorf("Shadow(%d) = %v, %d; want %v, %d", c.p, s, x, c.shadow, c.extra)
		}
	}
	mustPanic(t, "Shadow(11)", func() { e.Shadow(11) })
}

// Weekly samples are taken at every week boundary from the first event to
// the last, and show the state after every event at or before the
// boundary.
func TestWeeklySamples(t *testing.T) {
	t.Parallel()
	w := datasets.Week
	jobs := []Job{
		j(0.5*w, 2, 2*w, 2*w), // runs [0.5w, 2.5w)
		j(0.6*w, 2, w, w),     // waits until 2.5w, runs to 3.5w
		j(1*w, 1, 0, 0),       // zero runtime, arrives exactly at the boundary w
	}
	r, err := Run(jobs, 2, &FCFS{}, EngineOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if want := []float64{w, 2 * w, 3 * w}; !slices.Equal(r.Weekly.Time, want) {
		t.Fatalf("weekly times %v, want %v", r.Weekly.Time, want)
	}
	// At w and 2w: job 0 running, jobs 1 and 2 waiting (FCFS: the
	// zero-runtime job waits behind job 1). At 3w: job 1 running, job 2
	// waiting until 3.5w.
	if want := []int{2, 2, 1}; !slices.Equal(r.Weekly.Queue, want) {
		t.Errorf("weekly queue %v, want %v", r.Weekly.Queue, want)
	}
	if want := []int{2, 2, 2}; !slices.Equal(r.Weekly.Busy, want) {
		t.Errorf("weekly busy %v, want %v", r.Weekly.Busy, want)
	}
	if want := []int{3, 3, 2}; !slices.Equal(r.Weekly.Outstanding, want) {
		t.Errorf("weekly outstanding %v, want %v", r.Weekly.Outstanding, want)
	}
	// With the week origin moved by half a week the boundaries move too.
	r, _ = Run(jobs, 2, &FCFS{}, EngineOptions{WeekOrigin: 0.5 * w})
	if want := []float64{0.5 * w, 1.5 * w, 2.5 * w, 3.5 * w}; !slices.Equal(r.Weekly.Time, want) {
		t.Errorf("weekly times %v, want %v", r.Weekly.Time, want)
	}
}

// TestWeeklyBounded: absurd times (a runtime of 1e300, a submit time of
// 1e20, a runtime of 1e13) once made the weekly sampling loop forever or
// take gigabytes (issue 15). Every scheduler now finishes at once with at
// most MaxWeeklySamples samples and WeeklyTruncated set.
func TestWeeklyBounded(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name      string
		jobs      []Job
		truncated bool
	}{
		{"runtime 1e300", []Job{j(0, 1, 1e300, 1e300), j(100, 1, 10, 10)}, true},
		{"submit 1e20", []Job{j(0, 1, 100, 100), j(1e20, 1, 100, 100)}, true},
		{"runtime 1e13", []Job{j(0, 1, 1e13, 1e13)}, true},
		{"every job at 1e300", []Job{j(1e300, 1, 10, 10), j(1e300, 1, 10, 10)}, true},
		{"a century", []Job{j(0, 1, 100*52*datasets.Week, 100*52*datasets.Week)}, false},
	}
	for _, tc := range tests {
		for _, s := range []Scheduler{&FCFS{}, &EASY{}, &Conservative{}} {
			t.Run(tc.name+"/"+SchedulerName(s), func(t *testing.T) {
				r, err := Run(tc.jobs, 2, s, EngineOptions{})
				if err != nil {
					t.Fatal(err)
				}
				if r.Weekly.Len() > MaxWeeklySamples || r.WeeklyTruncated != tc.truncated {
					t.Errorf("%d weekly samples, truncated %v; want at most %d, truncated %v",
						r.Weekly.Len(), r.WeeklyTruncated, MaxWeeklySamples, tc.truncated)
				}
			})
		}
	}
}

// An empty timeline (EngineOptions.Timeline off) still makes a frame.
func TestEmptyTimelineFrame(t *testing.T) {
	t.Parallel()
	r, err := Run([]Job{j(0, 1, 1, 1)}, 1, &FCFS{}, EngineOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if df := r.Timeline.Frame(); df.Err != nil || df.Nrow() != 0 || df.Ncol() != 4 {
		t.Errorf("empty timeline frame %v (err %v)", df, df.Err)
	}
	if df := r.Weekly.Frame(); df.Err != nil || df.Nrow() != r.Weekly.Len() {
		t.Errorf("weekly frame %v", df)
	}
}
