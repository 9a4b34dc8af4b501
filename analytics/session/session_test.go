package session

import (
	"errors"
	"math"
	"slices"
	"testing"

	"github.com/tracelab/tracelab/datasets"
)

// job is a compact test job: user, submit, wait, runtime (NaN unknown).
type job struct {
	user                  int
	submit, wait, runtime float64
}

func mkTrace(jobs ...job) *datasets.Trace {
	t := datasets.NewTrace("test", len(jobs))
	for i, j := range jobs {
		r := datasets.UnknownJob()
		r.JobID = i + 1
		r.User = j.user
		r.Submit, r.Wait, r.Runtime = j.submit, j.wait, j.runtime
		r.Procs = 1
		t.Append(r)
	}
	return t
}

func sameFloat(a, b float64) bool {
	return a == b || math.IsNaN(a) && math.IsNaN(b)
}

func sameFloats(a, b []float64) bool {
	return slices.EqualFunc(a, b, sameFloat)
}

var nan = math.NaN()

// TestAnalyzeCases checks hand-worked examples of Definitions 1–3, 8, 12
// and the think/inter-arrival times of §VII (Zakay & Feitelson 2014).
func TestAnalyzeCases(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name        string
		jobs        []job
		opts        Options
		jobSession  []int
		jobBatch    []int
		sessionEnds []float64
		batchEnds   []float64
		deps        [][]int // per batch
		think       []float64
		inter       []float64
		unknownEnds int
	}{
		{
			name:       "one job",
			jobs:       []job{{1, 0, 0, 10}},
			jobSession: []int{0}, jobBatch: []int{0},
			sessionEnds: []float64{10}, batchEnds: []float64{10},
			deps: [][]int{nil}, think: []float64{nan}, inter: []float64{nan},
		},
		{
			// Definition 1: an inter-arrival of exactly one hour stays in
			// the session, one second more breaks it.
			name:       "gap boundary",
			jobs:       []job{{1, 0, 0, 10}, {1, 3600, 0, 10}, {1, 7201, 0, 10}},
			jobSession: []int{0, 0, 1}, jobBatch: []int{0, 1, 2},
			sessionEnds: []float64{3610, 7211}, batchEnds: []float64{10, 3610, 7211},
			deps:  [][]int{nil, {0}, {1}},
			think: []float64{nan, 3590, 3591}, inter: []float64{nan, 3600, 3601},
		},
		{
			// Definition 2: job 3 arrives exactly when job 1 ends: no
			// overlap, a new batch with think time 0.
			name:       "touching is not overlap",
			jobs:       []job{{1, 0, 0, 100}, {1, 50, 5, 5}, {1, 100, 0, 10}},
			jobSession: []int{0, 0, 0}, jobBatch: []int{0, 0, 1},
			sessionEnds: []float64{110}, batchEnds: []float64{100, 110},
			deps: [][]int{nil, {0}}, think: []float64{nan, 0}, inter: []float64{nan, 50},
		},
		{
			name:       "touching overlap option",
			jobs:       []job{{1, 0, 0, 100}, {1, 50, 5, 5}, {1, 100, 0, 10}},
			opts:       Options{TouchingOverlap: true},
			jobSession: []int{0, 0, 0}, jobBatch: []int{0, 0, 0},
			sessionEnds: []float64{110}, batchEnds: []float64{110},
			deps: [][]int{nil}, think: []float64{nan}, inter: []float64{nan},
		},
		{
			// Wait counts: the end is submit + wait + runtime, so job 1
			// (ending at 0+90+20 = 110) overlaps job 2 at 100.
			name:       "wait extends the end",
			jobs:       []job{{1, 0, 90, 20}, {1, 100, 0, 1}},
			jobSession: []int{0, 0}, jobBatch: []int{0, 0},
			sessionEnds: []float64{110}, batchEnds: []float64{110},
			deps: [][]int{nil}, think: []float64{nan}, inter: []float64{nan},
		},
		{
			// Three zero-length jobs in one second: one session; under
			// Definition 2 none overlaps the next, so three batches.
			name:       "all in one second",
			jobs:       []job{{1, 5, 0, 0}, {1, 5, 0, 0}, {1, 5, 0, 0}},
			jobSession: []int{0, 0, 0}, jobBatch: []int{0, 1, 2},
			sessionEnds: []float64{5}, batchEnds: []float64{5, 5, 5},
			deps: [][]int{nil, {0}, {1}}, think: []float64{nan, 0, 0}, inter: []float64{nan, 0, 0},
		},
		{
			name:       "all in one second, running",
			jobs:       []job{{1, 5, 0, 9}, {1, 5, 0, 1}, {1, 5, 0, 3}},
			jobSession: []int{0, 0, 0}, jobBatch: []int{0, 0, 0},
			sessionEnds: []float64{14}, batchEnds: []float64{14},
			deps: [][]int{nil}, think: []float64{nan}, inter: []float64{nan},
		},
		{
			// EndAtSubmit: job 1's unknown end is taken as 0, so job 2
			// starts a new batch.
			name:       "unknown end",
			jobs:       []job{{1, 0, 0, nan}, {1, 10, nan, 5}, {1, 20, 0, 5}},
			jobSession: []int{0, 0, 0}, jobBatch: []int{0, 1, 2},
			sessionEnds: []float64{25}, batchEnds: []float64{0, 10, 25},
			deps: [][]int{nil, {0}, {1}}, think: []float64{nan, 10, 10}, inter: []float64{nan, 10, 10},
			unknownEnds: 2,
		},
		{
			// Rule 2 of Definition 12. Session A (job 1) runs until
			// 100000; B starts at 10000 while A runs: no dependency. C
			// (20000) depends on B only. D (200000) depends on A, B and C
			// literally; in the transitive reduction B is implied through
			// C (B ended before C began) and dropped.
			name:       "rule 2, reduced",
			jobs:       []job{{1, 0, 0, 100000}, {1, 10000, 0, 10}, {1, 20000, 0, 10}, {1, 200000, 0, 10}},
			jobSession: []int{0, 1, 2, 3}, jobBatch: []int{0, 1, 2, 3},
			sessionEnds: []float64{100000, 10010, 20010, 200010}, batchEnds: []float64{100000, 10010, 20010, 200010},
			deps:  [][]int{nil, nil, {1}, {0, 2}},
			think: []float64{nan, nan, 20000 - 10010, 100000}, inter: []float64{nan, 10000, 10000, 180000},
		},
		{
			name:       "rule 2, all",
			jobs:       []job{{1, 0, 0, 100000}, {1, 10000, 0, 10}, {1, 20000, 0, 10}, {1, 200000, 0, 10}},
			opts:       Options{Dependencies: AllDependencies},
			jobSession: []int{0, 1, 2, 3}, jobBatch: []int{0, 1, 2, 3},
			sessionEnds: []float64{100000, 10010, 20010, 200010}, batchEnds: []float64{100000, 10010, 20010, 200010},
			deps:  [][]int{nil, nil, {1}, {0, 1, 2}},
			think: []float64{nan, nan, 20000 - 10010, 100000}, inter: []float64{nan, 10000, 10000, 180000},
		},
		{
			// Two users interleaved and listed out of order: users are
			// numbered by id (7 before 9), each user's jobs by arrival.
			name:       "two users, unsorted",
			jobs:       []job{{9, 50, 0, 10}, {7, 100, 0, 10}, {9, 0, 0, 10}, {7, 10000, 0, 10}},
			jobSession: []int{2, 0, 2, 1}, jobBatch: []int{3, 0, 2, 1},
			sessionEnds: []float64{110, 10010, 60}, batchEnds: []float64{110, 10010, 10, 60},
			deps:  [][]int{nil, {0}, nil, {2}},
			think: []float64{nan, 10000 - 110, nan, 40}, inter: []float64{nan, 9900, nan, 50},
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			s, err := Analyze(mkTrace(c.jobs...), c.opts)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(s.JobSession, c.jobSession) || !slices.Equal(s.JobBatch, c.jobBatch) {
				t.Errorf("job session/batch = %v %v, want %v %v", s.JobSession, s.JobBatch, c.jobSession, c.jobBatch)
			}
			if !sameFloats(s.Sessions.End, c.sessionEnds) || !sameFloats(s.Batches.End, c.batchEnds) {
				t.Errorf("session/batch ends = %v %v, want %v %v", s.Sessions.End, s.Batches.End, c.sessionEnds, c.batchEnds)
			}
			for b, want := range c.deps {
				if got := s.DependsOn(b); !slices.Equal(got, want) && !(len(got) == 0 && len(want) == 0) {
					t.Errorf("batch %d depends on %v, want %v", b, got, want)
				}
			}
			if !sameFloats(s.Batches.ThinkTime, c.think) || !sameFloats(s.Batches.InterArrival, c.inter) {
				t.Errorf("think %v inter %v, want %v %v", s.Batches.ThinkTime, s.Batches.InterArrival, c.think, c.inter)
			}
			if s.UnknownEnds != c.unknownEnds {
				t.Errorf("unknown ends %d, want %d", s.UnknownEnds, c.unknownEnds)
			}
		})
	}
}

func TestAnalyzeErrors(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		tr   *datasets.Trace
		opts Options
		is   error
	}{
		{"unknown submit", mkTrace(job{1, 0, 0, 1}, job{1, nan, 0, 1}), Options{}, ErrUnknownSubmit},
		{"unknown end with UnknownEndError", mkTrace(job{1, 0, 0, nan}), Options{UnknownEnd: UnknownEndError}, nil},
		{"end before submit", mkTrace(job{1, 100, 0, -50}), Options{}, nil},
		{"negative gap", mkTrace(job{1, 0, 0, 1}), Options{Gap: -1}, nil},
		{"NaN gap", mkTrace(job{1, 0, 0, 1}), Options{Gap: nan}, nil},
		{"bad policy", mkTrace(job{1, 0, 0, 1}), Options{UnknownEnd: 7}, nil},
		{"bad dependencies", mkTrace(job{1, 0, 0, 1}), Options{Dependencies: 7}, nil},
	}
	for _, c := range cases {
		_, err := Analyze(c.tr, c.opts)
		if err == nil {
			t.Errorf("%s: no error", c.name)
			continue
		}
		if c.is != nil && !errors.Is(err, c.is) {
			t.Errorf("%s: error %v is not %v", c.name, err, c.is)
		}
	}
	bad := mkTrace(job{1, 0, 0, 1})
	bad.Wait = nil
	if _, err := Analyze(bad, Options{}); err == nil {
		t.Error("ragged trace: no error")
	}
}

func TestAnalyzeEmpty(t *testing.T) {
	t.Parallel()
	s, err := Analyze(datasets.NewTrace("empty", 0), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if s.Sessions.Len() != 0 || s.Batches.Len() != 0 || len(s.Deps.Start) != 1 {
		t.Errorf("empty trace gave %d sessions, %d batches", s.Sessions.Len(), s.Batches.Len())
	}
	sum := s.Summarize()
	if sum.Jobs != 0 || !math.IsNaN(sum.JobsPerSession) {
		t.Errorf("summary of empty trace = %+v", sum)
	}
}

func TestFrames(t *testing.T) {
	t.Parallel()
	tr := mkTrace(job{1, 0, 0, 10}, job{1, 5, 0, 10}, job{1, 100, 0, 10}, job{2, 0, 0, 10}, job{1, 10000, 0, 1})
	s, err := Analyze(tr, Options{})
	if err != nil {
		t.Fatal(err)
	}
	jobs := s.JobsFrame(tr)
	if jobs.Nrow() != 5 || jobs.Col("batch").Records()[2] != "1" || jobs.Col("session").Records()[4] != "1" {
		t.Errorf("jobs frame:\n%v", jobs)
	}
	if f := s.SessionsFrame(); f.Nrow() != 3 || f.Ncol() != 9 || f.Col("length").Float()[0] != 110 {
		t.Errorf("sessions frame:\n%v", f)
	}
	if f := s.BatchesFrame(); f.Nrow() != 4 || f.Col("depends_on").Records()[2] != "1" {
		t.Errorf("batches frame:\n%v", f)
	}
	// Edges: batch 1 follows and depends on 0 (rule 1), batch 2 follows 1
	// and depends on it (rule 2); user 2's only batch has none.
	e := s.EdgesFrame()
	if e.Nrow() != 4 || e.Col("rule").Records()[3] != "2" || e.Col("relation").Records()[2] != "follows" {
		t.Errorf("edges frame:\n%v", e)
	}
	sum := s.Summarize()
	if sum.Sessions != 3 || sum.Batches != 4 || sum.DependencyEdges != 2 || sum.Rule2Edges != 1 || sum.ThinkTimes != 2 || sum.MedianThinkTime != (85+9890)/2.0 {
		t.Errorf("summary = %+v", sum)
	}
}

// TestNoUsers: a log without user ids (every user −1, as LCG-2005-1) has no
// sessions to find; Analyze says so rather than making one user of them.
func TestNoUsers(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name  string
		users []int
		want  bool // ErrNoUsers expected
	}{
		{"all unknown", []int{-1, -1, -1}, true},
		{"one known", []int{-1, 7, -1}, false},
		{"all known", []int{1, 2, 1}, false},
		{"empty", nil, false},
	}
	for _, c := range cases {
		jobs := make([]job, len(c.users))
		for i, u := range c.users {
			jobs[i] = job{u, float64(i * 60), 0, 30}
		}
		_, err := Analyze(mkTrace(jobs...), Options{})
		if got := errors.Is(err, datasets.ErrNoUsers); got != c.want {
			t.Errorf("%s: error %v, want ErrNoUsers %v", c.name, err, c.want)
		}
	}
}
