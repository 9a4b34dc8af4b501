package zakay2013

import (
	"math"
	"strings"
	"testing"

	"github.com/tracelab/tracelab/repro/ledger"
	"github.com/tracelab/tracelab/sim/resample"
)

// TestVersionThroughput checks what SDSC-BLUE's throughput statements say
// of the paper's version's 8 first jobs. Reference values by hand: with
// 42.4% of the variants below the original 243,306 and 0.2% at or above it
// by fewer than 8 jobs, at most 42.6% can be below; the median 0.0369%
// above it (ratio 1.000369) lies at most −0.0369% + 8/243,306 = −0.0336%
// below it.
func TestVersionThroughput(t *testing.T) {
	wantBelow, wantGap := ledger.Printed("0.92", 0.015), ledger.Printed("0.0045", 0.0001)
	blue := metricPosition{pos: resample.Position{Original: 243306, MedianRatio: 1.000369}, below: 0.424, lacks: 8, nearAbove: 0.002}
	cases := []struct {
		name            string
		r               metricPosition
		below, gap      []string
		wantBelowString bool
	}{
		{"SDSC-BLUE's shape", blue,
			[]string{"8 jobs more than ours", "(0.0033%)", "0.2% of them", "at most 0.426", "the version cannot be the cause"},
			[]string{"at most -0.0336% below", "the version cannot be the cause"}, true},
		{"within reach", metricPosition{pos: resample.Position{Original: 1000, MedianRatio: 0.996}, below: 0.90, lacks: 8, nearAbove: 0.01},
			[]string{"at most 0.910", "our copy cannot say"}, []string{"at most 1.2000% below", "the version cannot be the cause"}, true},
		{"no jobs lacking", metricPosition{pos: resample.Position{Original: 1000, MedianRatio: 1}, below: 0.5}, nil, nil, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			b, g := versionThroughput(c.r, wantBelow, wantGap)
			if !c.wantBelowString {
				if b != "" || g != "" {
					t.Fatalf("got %q, %q; want nothing", b, g)
				}
				return
			}
			if !strings.HasPrefix(g, "; ") {
				t.Errorf("gap %q does not begin with \"; \"", g)
			}
			for _, w := range c.below {
				if !strings.Contains(b, w) {
					t.Errorf("below: missing %q in %q", w, b)
				}
			}
			for _, w := range c.gap {
				if !strings.Contains(g, w) {
					t.Errorf("gap: missing %q in %q", w, g)
				}
			}
		})
	}
}

// TestShareIn checks the share of finite values in [lo, hi): of 1, 2, 3
// (NaN and +Inf left out) only 2 lies in [2, 3).
func TestShareIn(t *testing.T) {
	if got := shareIn([]float64{1, 2, math.NaN(), 3, math.Inf(1)}, 2, 3); math.Abs(got-1.0/3) > 1e-15 {
		t.Errorf("got %v, want 1/3", got)
	}
	if got := shareIn(nil, 0, 1); got != 0 {
		t.Errorf("empty: got %v, want 0", got)
	}
}
