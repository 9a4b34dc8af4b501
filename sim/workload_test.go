package sim

import (
	"math"
	"strings"
	"testing"

	"github.com/tracelab/tracelab/datasets"
)

// policyTrace holds one job per policy case; see TestPrepare.
func policyTrace() *datasets.Trace {
	nan := math.NaN()
	tr := datasets.NewTrace("policies", 8)
	tr.Header.MaxProcs = 8
	add := func(id int, submit, runtime float64, procs, reqProcs int, reqTime float64) {
		jb := datasets.UnknownJob()
		jb.JobID, jb.Submit, jb.Runtime, jb.Procs, jb.ReqProcs, jb.ReqTime = id, submit, runtime, procs, reqProcs, reqTime
		jb.Wait = 0
		tr.Append(jb)
	}
	add(1, 0, 100, 4, 4, 200)  // normal
	add(2, 10, 300, 4, 4, 200) // runtime above estimate
	add(3, 5, 50, 2, -1, nan)  // missing estimate; submitted before job 2
	add(4, 20, nan, 2, 2, 100) // unknown runtime
	add(5, 30, 10, -1, 3, 100) // allocated unknown: requested used
	add(6, 40, 10, 16, 16, 20) // wider than the machine
	add(7, 50, 0, 1, 2, 60)    // zero runtime; requested 2
	add(8, nan, 10, 1, 1, 20)  // unknown submit
	add(9, 60, 10, -1, -1, 20) // unknown processors
	// Beyond the reader's ranges (only a hand-made trace holds them; once
	// a hang in the weekly timeline):
	add(10, 1e20, 10, 1, 1, 20)  // submit beyond ±datasets.MaxTime
	add(11, 70, 1e300, 1, 1, 20) // runtime above datasets.MaxDuration
	return tr
}

func TestPrepare(t *testing.T) {
	t.Parallel()
	tr := policyTrace()
	jobs, rep, err := Prepare(tr, 8, Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := PrepReport{Input: 11, Jobs: 5, UnknownSubmit: 2, UnknownRuntime: 2, UnknownProcs: 1, TooWide: 1,
		ZeroRuntime: 1, MissingEstimate: 1, RaisedEstimate: 1, ProcsFallback: 1}
	if rep != want {
		t.Errorf("report %+v\nwant   %+v", rep, want)
	}
	if rep.Dropped() != 6 {
		t.Errorf("dropped %d, want 6", rep.Dropped())
	}
	// Sorted by submit: 1 (0), 3 (5), 2 (10), 5 (30), 7 (50).
	wantJobs := []Job{
		{ID: 1, Submit: 0, Runtime: 100, Estimate: 200, Procs: 4},
		{ID: 3, Submit: 5, Runtime: 50, Estimate: 50, Procs: 2},    // estimate := runtime
		{ID: 2, Submit: 10, Runtime: 300, Estimate: 300, Procs: 4}, // estimate raised
		{ID: 5, Submit: 30, Runtime: 10, Estimate: 100, Procs: 3},  // requested processors
		{ID: 7, Submit: 50, Runtime: 0, Estimate: 60, Procs: 1},    // allocated, not requested
	}
	if len(jobs) != len(wantJobs) {
		t.Fatalf("%d jobs, want %d", len(jobs), len(wantJobs))
	}
	for i, w := range wantJobs {
		g := jobs[i]
		if g.ID != w.ID || g.Submit != w.Submit || g.Runtime != w.Runtime || g.Estimate != w.Estimate || g.Procs != w.Procs {
			t.Errorf("job %d = %+v, want %+v", i, g, w)
		}
	}
}

func TestPrepareOptions(t *testing.T) {
	t.Parallel()
	tr := policyTrace()
	byID := func(jobs []Job, id int) Job {
		for _, x := range jobs {
			if x.ID == id {
				return x
			}
		}
		t.Fatalf("job %d missing", id)
		return Job{}
	}
	// Kill at the estimate: job 2 runs 200 s.
	jobs, rep, _ := Prepare(tr, 8, Options{Overrun: KillAtEstimate})
	if x := byID(jobs, 2); x.Runtime != 200 || x.Estimate != 200 || rep.Killed != 1 || rep.RaisedEstimate != 0 {
		t.Errorf("KillAtEstimate: job 2 %+v, report %+v", x, rep)
	}
	// Missing estimate = the largest estimate in the log (200 s, job 1;
	// requested times of dropped jobs count too: the largest is 200).
	jobs, _, _ = Prepare(tr, 8, Options{MissingEstimate: EstimateMaximum})
	if x := byID(jobs, 3); x.Estimate != 200 {
		t.Errorf("EstimateMaximum: job 3 estimate %v, want 200", x.Estimate)
	}
	// Requested processors: job 7 needs 2; job 3 has none requested and
	// falls back to its allocation.
	jobs, rep, _ = Prepare(tr, 8, Options{ProcsSource: RequestedProcs})
	if byID(jobs, 7).Procs != 2 || byID(jobs, 3).Procs != 2 || rep.ProcsFallback != 1 {
		t.Errorf("RequestedProcs: job 7 %+v, job 3 %+v, report %+v", byID(jobs, 7), byID(jobs, 3), rep)
	}
	// Wide jobs as an error.
	if _, _, err := Prepare(tr, 8, Options{Wide: ErrorWide}); err == nil || !strings.Contains(err.Error(), "job 6") {
		t.Errorf("ErrorWide: error %v", err)
	}
	// A bigger machine keeps job 6.
	if _, rep, _ := Prepare(tr, 16, Options{}); rep.TooWide != 0 || rep.Jobs != 6 {
		t.Errorf("16 processors: report %+v", rep)
	}
	if _, _, err := Prepare(tr, 0, Options{}); err == nil {
		t.Error("machine of 0 processors accepted")
	}
}

// The summary and the frames, worked by hand on the "fig1" schedule under
// EASY: starts 0, 4, 2, 6 for submits 0, 1, 2, 3 and runtimes 4, 2, 2, 5.
func TestSummaryByHand(t *testing.T) {
	t.Parallel()
	jobs := []Job{j(0, 2, 4, 4), j(1, 4, 2, 2), j(2, 2, 2, 2), j(3, 1, 5, 5)}
	for i := range jobs {
		jobs[i].ID = i + 1
	}
	r, err := Run(jobs, 4, &EASY{}, EngineOptions{})
	if err != nil {
		t.Fatal(err)
	}
	s := r.Summary()
	// waits 0, 3, 0, 3; responses 4, 5, 2, 8; slowdowns 1, 2.5, 1, 1.6;
	// bounded slowdowns (τ = 10) max(1, 4/10) … = 1, 1, 1, 1;
	// work 8 + 8 + 4 + 5 = 25 processor-seconds over 4 × 11.
	want := Summary{Jobs: 4, AvgWait: 1.5, AvgResponse: 4.75, AvgSlowdown: 6.1 / 4, AvgBoundedSlowdown: 1,
		Utilization: 25.0 / 44, Makespan: 11, Throughput: 4 / (11 / datasets.Week), MaxQueue: 2, Procs: 4, Work: 25}
	if !summaryClose(s, want) {
		t.Errorf("summary %+v\nwant    %+v", s, want)
	}
	df := r.JobsFrame()
	if df.Err != nil {
		t.Fatal(df.Err)
	}
	if got := strings.Join(df.Names(), ","); got != "job_id,user,submit,start,end,wait,response,runtime,estimate,procs,slowdown,bounded_slowdown" {
		t.Errorf("columns %s", got)
	}
	if got := df.Col("wait").Float(); got[1] != 3 || got[3] != 3 {
		t.Errorf("wait column %v", got)
	}
	sf := s.Frame()
	if got := strings.Join(sf.Names(), ","); got != strings.Join(SummaryColumns, ",") {
		t.Errorf("summary columns %s", got)
	}
	if v := sf.Col("avg_wait").Float()[0]; v != 1.5 {
		t.Errorf("avg_wait %v", v)
	}
	// Bounded slowdown: a job of runtime 100 s waiting 100 s has
	// 200/100 = 2; a job of runtime 1 s that does not wait has
	// max(1, 1/10) = 1; the slowdown of a zero-runtime job is NaN.
	r2, _ := Run([]Job{j(0, 1, 100, 100), j(0, 1, 100, 100), j(200, 1, 1, 1), j(209, 1, 0, 0)}, 1, &FCFS{}, EngineOptions{})
	if b := r2.BoundedSlowdown(1); b != 2 {
		t.Errorf("bounded slowdown %v, want 2", b)
	}
	if b := r2.BoundedSlowdown(2); b != 1 {
		t.Errorf("bounded slowdown %v, want 1", b)
	}
	if sd := r2.Slowdown(3); !math.IsNaN(sd) {
		t.Errorf("slowdown of a zero-runtime job %v, want NaN", sd)
	}
	if s := r2.Summary(); s.SlowdownExcluded != 1 || s.AvgSlowdown != (1+2+1)/3.0 {
		t.Errorf("slowdown over runtime > 0: %+v", s)
	}
	// SummaryOf leaves jobs out.
	if s := r2.SummaryOf(func(j int) bool { return j < 2 }); s.Jobs != 2 || s.AvgWait != 50 {
		t.Errorf("SummaryOf: %+v", s)
	}
}

func summaryClose(a, b Summary) bool {
	near := func(x, y float64) bool { return math.Abs(x-y) <= 1e-12*max(1, math.Abs(y)) }
	return a.Jobs == b.Jobs && a.MaxQueue == b.MaxQueue && a.Procs == b.Procs &&
		near(a.AvgWait, b.AvgWait) && near(a.AvgResponse, b.AvgResponse) && near(a.AvgSlowdown, b.AvgSlowdown) &&
		near(a.AvgBoundedSlowdown, b.AvgBoundedSlowdown) && near(a.Utilization, b.Utilization) &&
		near(a.Makespan, b.Makespan) && near(a.Throughput, b.Throughput) && near(a.Work, b.Work)
}

// The tails and the fairness among users, on a result made by hand;
// reference values from numpy 1.24:
//
//	np.percentile(x, [50, 90, 99], method="inverted_cdf"), x.max()
//	m = user means; m.std() / m.mean(); m.sum()**2 / (len(m) * (m**2).sum())
func TestSummaryTails(t *testing.T) {
	t.Parallel()
	r := &Result{Procs: 4,
		ID:      []int{1, 2, 3, 4, 5, 6},
		User:    []int{1, 1, 2, 2, 3, -1},
		Submit:  []float64{0, 0, 0, 10, 10, 20},
		Start:   []float64{0, 100, 200, 1000, 1001, 1021},
		End:     []float64{100, 200, 1000, 1001, 1021, 1041},
		Runtime: []float64{100, 100, 800, 1, 20, 20},
		Width:   []int{1, 1, 1, 1, 1, 1},
	}
	s := r.Summary()
	near := func(x, y float64) bool { return math.Abs(x-y) <= 1e-12*max(1, math.Abs(y)) }
	for _, c := range []struct {
		name string
		got  Tail
		want Tail
	}{
		{"wait", s.Wait, Tail{200, 1001, 1001, 1001}},
		{"response", s.Response, Tail{991, 1021, 1021, 1021}},
		{"bounded slowdown", s.BoundedSlowdown, Tail{2, 99.1, 99.1, 99.1}},
	} {
		if !near(c.got.P50, c.want.P50) || !near(c.got.P90, c.want.P90) || !near(c.got.P99, c.want.P99) || !near(c.got.Max, c.want.Max) {
			t.Errorf("%s tail %+v, want %+v", c.name, c.got, c.want)
		}
	}
	// Users 1, 2, 3 (user −1 unknown): mean bounded slowdowns 1.5, 50.175, 50.55.
	if s.Users != 3 || !near(s.UserBSLDCV, 0.6759944871680024) || !near(s.UserBSLDJain, 0.6863566150948514) {
		t.Errorf("users %d, cv %v, jain %v", s.Users, s.UserBSLDCV, s.UserBSLDJain)
	}
	// Jain = 1 / (1 + CV²).
	if !near(s.UserBSLDJain, 1/(1+s.UserBSLDCV*s.UserBSLDCV)) {
		t.Errorf("Jain %v ≠ 1/(1+CV²) %v", s.UserBSLDJain, 1/(1+s.UserBSLDCV*s.UserBSLDCV))
	}
	// MeansOf has the same means and no tails.
	m := r.MeansOf(nil)
	if !summaryClose(m, s) || !math.IsNaN(m.Wait.P99) || !math.IsNaN(m.UserBSLDJain) || m.Users != 0 {
		t.Errorf("MeansOf %+v", m)
	}
	// Every column of the frame holds its field.
	f := s.Frame()
	for c, name := range SummaryColumns {
		v := f.Col(name).Float()[0]
		want, _ := s.Row()[c].(float64)
		if i, ok := s.Row()[c].(int); ok {
			want = float64(i)
		}
		if !(v == want || math.IsNaN(v) && math.IsNaN(want)) {
			t.Errorf("column %s = %v, want %v", name, v, want)
		}
	}
	// No job ended: NaN tails and fairness.
	empty := (&Result{Procs: 1}).Summary()
	if !math.IsNaN(empty.Wait.P50) || !math.IsNaN(empty.UserBSLDCV) || empty.Users != 0 {
		t.Errorf("empty summary %+v", empty)
	}
}
