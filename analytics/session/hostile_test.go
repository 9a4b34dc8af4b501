package session

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/tracelab/tracelab/datasets"
)

// hostileTrace is a trace built in code: job i submitted at submit[i] by
// user[i], running runtime[i] seconds.
func hostileTrace(submit, runtime []float64, user []int) *datasets.Trace {
	tr := datasets.NewTrace("hostile", len(submit))
	for i := range submit {
		jb := datasets.UnknownJob()
		jb.JobID, jb.Submit, jb.Wait, jb.Runtime, jb.User, jb.Procs = i+1, submit[i], 0, runtime[i], user[i], 1
		tr.Append(jb)
	}
	return tr
}

// TestAnalyzeHostile: values no reader produces. Before: user ids MaxInt
// and MinInt panicked (index out of range [9223372036854775807]: hi − lo
// overflowed); a submit of 1e300 made a session and an activity period of
// 1e300 s; a runtime of +Inf made the users' session lengths and work +Inf.
func TestAnalyzeHostile(t *testing.T) {
	t.Parallel()
	inf := math.Inf(1)
	for _, c := range []struct {
		name        string
		tr          *datasets.Trace
		wantErr     error
		users       int
		unknownEnds int
	}{
		{"user ids MaxInt and MinInt", hostileTrace([]float64{0, 10, 20, 30}, []float64{5, 5, 5, 5}, []int{math.MaxInt, math.MinInt, -1, math.MaxInt}), nil, 3, 0},
		{"user ids 0 and MaxInt", hostileTrace([]float64{0, 10}, []float64{5, 5}, []int{0, math.MaxInt}), nil, 2, 0},
		{"submit 1e300", hostileTrace([]float64{0, 1e300}, []float64{5, 5}, []int{1, 1}), ErrUnknownSubmit, 0, 0},
		{"submit -Inf", hostileTrace([]float64{0, math.Inf(-1)}, []float64{5, 5}, []int{1, 1}), ErrUnknownSubmit, 0, 0},
		{"runtime +Inf and 1e300: unknown ends", hostileTrace([]float64{0, 10, 20}, []float64{inf, 1e300, 5}, []int{1, 1, 2}), nil, 2, 2},
	} {
		st, err := Analyze(c.tr, Options{})
		switch {
		case c.wantErr != nil:
			if !errors.Is(err, c.wantErr) {
				t.Errorf("%s: error %v, want %v", c.name, err, c.wantErr)
			}
			continue
		case err != nil:
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if len(st.Users.ID) != c.users || st.UnknownEnds != c.unknownEnds {
			t.Errorf("%s: %d users, %d unknown ends; want %d, %d", c.name, len(st.Users.ID), st.UnknownEnds, c.users, c.unknownEnds)
		}
		for i, e := range st.JobEnd {
			if math.IsInf(e, 0) || math.IsNaN(e) {
				t.Errorf("%s: job %d ends at %v", c.name, i, e)
			}
		}
		if s := st.Summarize(); strings.Contains(s.String(), "Inf") {
			t.Errorf("%s: summary %v", c.name, s)
		}
	}
}

// TestContinuationUnknownSubmit: a job whose submit time is unknown (a
// placeholder kept with datasets.ReadOptions.KeepPlaceholders: NaN) or
// beyond ±datasets.MaxTime is an error, as in Analyze. Before (session 14),
// ContinuationOf sorted each user's jobs with NaN among the keys, which is
// no order: the pairs around it were whatever the sort left adjacent, and
// were counted as Unknown without a word.
func TestContinuationUnknownSubmit(t *testing.T) {
	t.Parallel()
	nan := math.NaN()
	for _, c := range []struct {
		name    string
		submit  []float64
		wantErr error
	}{
		{"NaN submit", []float64{30, 0, nan, 10, 20}, ErrUnknownSubmit},
		{"submit 1e300", []float64{0, 10, 1e300}, ErrUnknownSubmit},
		{"submit -Inf", []float64{0, math.Inf(-1)}, ErrUnknownSubmit},
		{"known, unsorted", []float64{30, 0, 10, 20}, nil},
	} {
		rt := make([]float64, len(c.submit))
		us := make([]int, len(c.submit))
		for i := range rt {
			rt[i], us[i] = 1, 7
		}
		got, err := ContinuationOf(hostileTrace(c.submit, rt, us), ContinuationOptions{})
		if !errors.Is(err, c.wantErr) {
			t.Errorf("%s: error %v, want %v", c.name, err, c.wantErr)
			continue
		}
		// 4 jobs of one user, 10 s apart, each running 1 s: 3 pairs, each
		// continuing (think time 9 s, below the 20-minute threshold).
		if err == nil && (got.Pairs != 3 || got.Unknown != 0 || got.Overlapping != 0) {
			t.Errorf("%s: %d pairs, %d unknown, %d overlapping; want 3, 0, 0", c.name, got.Pairs, got.Unknown, got.Overlapping)
		}
	}
}
