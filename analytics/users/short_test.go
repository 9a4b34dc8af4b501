package users

import (
	"fmt"
	"strings"
	"testing"

	"github.com/tracelab/tracelab/datasets"
)

// shortLog is a log of days days: one job every 50 minutes by seven users
// in turn.
func shortLog(t *testing.T, days float64) *datasets.Trace {
	t.Helper()
	var b strings.Builder
	for k := 0; float64(k*3000) <= days*datasets.Day; k++ {
		fmt.Fprintf(&b, "%d %d 10 100 4 90 -1 4 200 -1 1 %d 1 7 1 1 -1 -1\n", k+1, k*3000, 1+k%7)
	}
	tr, err := datasets.Read(strings.NewReader(b.String()), datasets.ReadOptions{Name: "short"})
	if err != nil {
		t.Fatal(err)
	}
	return tr
}

// TestShortfall (issue 25 class 9): a log of 11 days can have no
// long-term and no temporary user (every user is discarded), one of 10
// weeks no long-term user, one of 20 weeks every class; the counts agree.
func TestShortfall(t *testing.T) {
	t.Parallel()
	tests := []struct {
		days                    float64
		opts                    Options
		noLongTerm, noTemporary bool
		want                    string
	}{
		{11, Options{}, true, true, "the log spans 11 days: no user can be long-term (active over more than 12 weeks), and every other user is active within 4 weeks of its start or end and is discarded; the user classes of Zakay & Feitelson 2013 §4 need a log longer than 12 weeks"},
		{70, Options{}, true, false, "the log spans 10 weeks: no user can be long-term (active over more than 12 weeks); the user"},
		{140, Options{}, false, false, ""},
		{11, Options{NoEdge: true}, true, false, "no user can be long-term"},
		{42, Options{Truncation: WithinEdge}, true, false, "no user can be long-term"},
		{20, Options{Truncation: WithinEdge}, true, true, "every other user"},
		{70, Options{LongTerm: 2 * datasets.Week, Edge: 6 * datasets.Week}, false, true, "the log spans 10 weeks: every other user is active within 6 weeks"},
	}
	for _, tc := range tests {
		p, err := Classify(shortLog(t, tc.days), tc.opts)
		if err != nil {
			t.Fatal(err)
		}
		s := p.Shortfall()
		if tc.want == "" {
			if s != nil {
				t.Errorf("%v days: %v", tc.days, s)
			}
			continue
		}
		if s == nil || s.NoLongTerm != tc.noLongTerm || s.NoTemporary != tc.noTemporary || !strings.Contains(s.Error(), tc.want) {
			t.Errorf("%v days %+v: %+v\n%v\nwant %q", tc.days, tc.opts, s, s, tc.want)
			continue
		}
		// What is impossible is indeed absent.
		if tc.noLongTerm && p.Count(LongTerm).Users != 0 || tc.noTemporary && p.Count(Temporary).Users != 0 {
			t.Errorf("%v days: classes %v", tc.days, p.Summary())
		}
		if s.Degenerate() != (tc.noLongTerm && tc.noTemporary) {
			t.Errorf("Degenerate = %v", s.Degenerate())
		}
	}
}
