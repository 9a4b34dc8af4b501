package zakay2013

import (
	"math"
	"strings"
	"testing"

	"github.com/tracelab/tracelab/analytics/users"
	"github.com/tracelab/tracelab/datasets"
)

// TestSpanEffect checks the size of a departure from uniform spans on
// populations made by hand, a log of 112 weeks (the range above 12 weeks
// is 100 weeks) with §4's 4-week edge, the users placed at fractions of
// the range (hand-worked):
//   - at 1/8, 3/8, 5/8, 7/8: the empirical CDF steps a quarter at each,
//     ¼ above the uniform's 1/8 at the first: KS 1/8, told apart with
//     (1.36/0.125)² = 118.4 → 119 users; median ½; none within 4 weeks of
//     the log's length (a fraction above 0.96), against 4/100 if uniform,
//     2 SE = 2√(0.04·0.96/4) = 0.196;
//   - at 0.97, 0.98, 0.99, 1: the CDF is 0 up to 0.97, KS 0.97, need
//     (1.36/0.97)² = 1.97 → 2; median 0.985, within 2 SE = 2·0.5/√4 = 0.5
//     of ½; all four within the last 4 weeks: beyond;
//   - no long-term user: nothing said.
func TestSpanEffect(t *testing.T) {
	wk := datasets.Week
	length := 112 * wk
	pop := func(at ...float64) users.Population {
		p := users.Population{Options: users.Options{LongTerm: 12 * wk, Edge: 4 * wk}}
		for _, f := range at {
			p.Class = append(p.Class, users.LongTerm)
			p.Span = append(p.Span, 12*wk+f*(length-12*wk))
		}
		p.Class, p.Span = append(p.Class, users.Temporary), append(p.Span, 111*wk) // never counted
		return p
	}
	for _, tt := range []struct {
		name                     string
		at                       []float64
		d, need, mid, top, topUn float64
		n                        int
		words                    []string
	}{
		{"even", []float64{0.125, 0.375, 0.625, 0.875}, 0.125, 118.3744, 0.5, 0, 0.04, 4,
			[]string{"by 119 users or more, ours 4", "at 0.50 of the way (uniform 0.50, 2 SE 0.500: within)", "0.0% of the users against 4.0% if uniform (2 SE 19.6%: within)"}},
		{"whole log", []float64{0.97, 0.98, 0.99, 1}, 0.97, 1.9657, 0.985, 1, 0.04, 4,
			[]string{"KS distance of 0.970", "by 2 users or more", "at 0.98 of the way (uniform 0.50, 2 SE 0.500: within)", "100.0% of the users against 4.0% if uniform (2 SE 19.6%: beyond)"}},
		{"none", nil, 0, math.Inf(1), math.NaN(), 0, 0, 0, nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			e := spanEffectOf(pop(tt.at...), length)
			near := func(a, b float64) bool {
				return a == b || math.Abs(a-b) < 1e-3 || (math.IsNaN(a) && math.IsNaN(b))
			}
			if e.n != tt.n || !near(e.d, tt.d) || !near(e.need, tt.need) || !near(e.mid, tt.mid) || !near(e.top, tt.top) || !near(e.topUniform, tt.topUn) {
				t.Errorf("got %+v", e)
			}
			w := e.words()
			if tt.words == nil && w != "" {
				t.Errorf("words %q, want none", w)
			}
			for _, s := range tt.words {
				if !strings.Contains(w, s) {
					t.Errorf("words %q lack %q", w, s)
				}
			}
		})
	}
}
