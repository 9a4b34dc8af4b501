package zakay2013

import (
	"strings"
	"testing"

	"github.com/tracelab/tracelab/analytics/users"
)

// TestSimilarReach checks the band of ratios that Table V's "similar"
// session lengths accepts, on rows made by hand (hand-worked):
//   - row A: one temporary user of 100 s, one long-term user of 200 s
//     (ratio 0.5), 2 SE = 100 s: the band is 1 ∓ 100/200 = 0.5–1.5; row B's ratio 60/100 = 0.6 lies in it, row C's 10/100 =
//     0.1 does not: 1 of 2;
//   - row C with 2 SE = 300 s against its long-term 100 s: 1 − 3 is
//     clipped at 0, the band 0–4 holds A's 0.5 and B's 0.6: 2 of 2;
//   - row B with 2 SE = 10 s against its long-term 100 s: 0.9–1.1 holds
//     neither A's 0.5 nor C's 0.1: 0 of 2, no log listed.
func TestSimilarReach(t *testing.T) {
	pop := func(temp, long float64) users.Population {
		return users.Population{
			Class:            []users.Class{users.Temporary, users.LongTerm},
			AvgSessionLength: []float64{temp, long},
			Jobs:             []int{1, 1},
			Sessions:         []int{1, 1},
		}
	}
	r := &TableVResult{rows: []tableVRow{
		{log: "A", pop: pop(100, 200), seLength: 50},
		{log: "B", pop: pop(60, 100), seLength: 5},
		{log: "C", pop: pop(10, 100), seLength: 150},
	}}
	for _, tt := range []struct {
		row    int
		lo, hi float64
		inside int
		words  []string
	}{
		{0, 0.5, 1.5, 1, []string{"0.50–1.50 of the long-term one", "on 1 of the 2 other logs", ": B 0.600"}},
		{2, 0, 4, 2, []string{"0.00–4.00", "on 2 of the 2 other logs", "A 0.500, B 0.600"}},
		{1, 0.9, 1.1, 0, []string{"on 0 of the 2 other logs lies in that band"}},
	} {
		s := r.similarReach(r.rows[tt.row])
		if s.lo != tt.lo || s.hi != tt.hi || s.inside() != tt.inside {
			t.Errorf("row %d: band %v–%v with %d inside, want %v–%v with %d", tt.row, s.lo, s.hi, s.inside(), tt.lo, tt.hi, tt.inside)
		}
		w := s.words()
		for _, want := range tt.words {
			if !strings.Contains(w, want) {
				t.Errorf("row %d: %q lacks %q", tt.row, w, want)
			}
		}
		if tt.inside == 0 && strings.Contains(w, ": ") {
			t.Errorf("row %d: %q lists logs", tt.row, w)
		}
	}
}
