package zakay2013

import (
	"math"
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

// TestActiveIn checks the users in activity at a log's start against its
// later 4-week windows on logs of 12 weeks made by hand (hand-worked; a
// user is in a window [i, i+4] weeks when its first submission is at or
// before the window's end and its last at or after its start). "start":
// 3 users active over weeks 0.5–11.5, 2 over 0.5–2.5, 4 with one job at
// 6.5. The first window holds 3 + 2 = 5; the later ones start at weeks
// 4–8: [4, 8], [5, 9], [6, 10] hold 3 + 4 = 7, [7, 11] and [8, 12] hold 3;
// sorted 3 3 7 7 7: median 7, fewest 3, 2 below 5; share 5/7. "filling":
// 2 users over 0.5–11.5, 4 at 6.5, 3 over 4.5–11.5: the first window holds
// 2, the later ones 9, 9, 9, 5, 5: median 9, fewest 5, none below; share
// 2/9 = 0.22, fewer than any later window. A log of 8 weeks has fewer
// than three windows: none.
func TestActiveIn(t *testing.T) {
	wk := datasets.Week
	pop := func(weeks int, spans ...[3]float64) users.Population {
		p := users.Population{Options: users.Options{Edge: 4 * wk}, LogEnd: float64(weeks) * wk}
		for _, s := range spans {
			for range int(s[0]) {
				p.FirstArrival, p.LastArrival = append(p.FirstArrival, s[1]*wk), append(p.LastArrival, s[2]*wk)
			}
		}
		return p
	}
	start := pop(12, [3]float64{3, 0.5, 11.5}, [3]float64{2, 0.5, 2.5}, [3]float64{4, 6.5, 6.5})
	filling := pop(12, [3]float64{2, 0.5, 11.5}, [3]float64{4, 6.5, 6.5}, [3]float64{3, 4.5, 11.5})
	for _, c := range []struct {
		name string
		p    users.Population
		want activeWindows
		// share of the median
		share float64
	}{
		{"start", start, activeWindows{first: 5, n: 5, median: 7, least: 3, below: 2}, 5.0 / 7},
		{"filling", filling, activeWindows{first: 2, n: 5, median: 9, least: 5, below: 0}, 2.0 / 9},
		{"too short", pop(8, [3]float64{3, 0.5, 7.5}), activeWindows{}, math.NaN()},
	} {
		got := activeIn(c.p)
		if got != c.want {
			t.Errorf("%s: %+v, want %+v", c.name, got, c.want)
		}
		if s := got.share(); !(s == c.share || math.IsNaN(s) && math.IsNaN(c.share)) {
			t.Errorf("%s: share %v, want %v", c.name, s, c.share)
		}
	}
	r := &TableVResult{rows: []tableVRow{{log: "A", pop: filling}, {log: "B", pop: start}, {log: "C", pop: pop(8, [3]float64{3, 0.5, 7.5})}}}
	for _, c := range []struct{ log, want string }{
		{"A", "2 in the first 4 weeks against the 5 later 4-week windows (sliding by a week): median 9, fewest 5 — fewer than in any of them; 0.22 of the median, against B 0.71 on the other logs"},
		{"B", "5 in the first 4 weeks against the 5 later 4-week windows (sliding by a week): median 7, fewest 3 — more than in 2 of them; 0.71 of the median, against A 0.22 on the other logs"},
		{"C", ""},
	} {
		got := r.activeWords(c.log)
		if c.want == "" && got != "" || !strings.Contains(got, c.want) {
			t.Errorf("%s: %q, want %q", c.log, got, c.want)
		}
	}
}
