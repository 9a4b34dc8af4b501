package zakay2013

import (
	"strings"
	"testing"

	"github.com/tracelab/tracelab/analytics/users"
	"github.com/tracelab/tracelab/datasets"
)

// TestLaterWindows checks the later 4-week windows of new users on a log
// of 12 weeks made by hand (hand-worked): 10 users arrive in week 0, one
// in each of weeks 4–11 and two more in week 6. The windows start at weeks
// 4–8: weeks 4–7 hold 1+1+3+1 = 6, 5–8 6, 6–9 6, 7–10 4, 8–11 4; sorted
// 4 4 6 6 6: median 6, 95th percentile (rank ⌊0.95·4⌋ = 3) 6, largest 6;
// the first window's 10 is above every later one. With 5 users in week 0
// the first window (5 < 6) is not above the median. A log of 8 weeks has
// fewer than three windows: none.
func TestLaterWindows(t *testing.T) {
	wk := datasets.Week
	pop := func(first, weeks int) users.Population {
		p := users.Population{Options: users.Options{Edge: 4 * wk}, LogEnd: float64(weeks) * wk}
		for range first {
			p.FirstArrival = append(p.FirstArrival, 0.5*wk)
		}
		for k := 4; k < weeks; k++ {
			p.FirstArrival = append(p.FirstArrival, (float64(k)+0.5)*wk)
		}
		if weeks > 6 {
			p.FirstArrival = append(p.FirstArrival, 6.2*wk, 6.7*wk)
		}
		return p
	}
	for _, c := range []struct {
		name              string
		first, weeks      int
		n, med, p95, most int
		words             string
	}{
		{"early above all", 10, 12, 5, 6, 6, 6, "10 new users in the first 4 weeks against the 5 later 4-week windows (sliding by a week): median 6, 95th percentile 6, largest 6; above every later window"},
		{"early below the median", 5, 12, 5, 6, 6, 6, "not above the median later window"},
		{"too short", 10, 8, 0, 0, 0, 0, ""},
	} {
		w := laterWindows(pop(c.first, c.weeks))
		if w.n != c.n || w.median != c.med || w.p95 != c.p95 || w.most != c.most {
			t.Errorf("%s: %+v", c.name, w)
		}
		got := w.words()
		if c.words == "" && got != "" || !strings.Contains(got, c.words) {
			t.Errorf("%s: words %q, want %q", c.name, got, c.words)
		}
	}
}
