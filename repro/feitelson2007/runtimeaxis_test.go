package feitelson2007

import (
	"testing"

	"github.com/tracelab/tracelab/plots"
)

// TestRuntimeAxisEnd checks where Fig. 12's runtime axis ends and what the
// caption says of the jobs past it. The cases are hand computed: the end
// is the first power of ten at or above each sample's 0.9999 quantile
// (with fewer than 10,000 values, its largest but one at most).
func TestRuntimeAxisEnd(t *testing.T) {
	many := func(n int, v float64) []float64 {
		out := make([]float64, n)
		for i := range out {
			out[i] = v
		}
		return out
	}
	for _, c := range []struct {
		name    string
		samples []plots.Sample
		end     float64
		note    string
	}{
		{"every job within", []plots.Sample{{Label: "A", Values: []float64{1, 50, 900}}}, 1000, ""},
		{"a power of ten holds its value", []plots.Sample{{Label: "A", Values: []float64{1, 1000}}}, 1000, ""},
		{"one job far out", []plots.Sample{
			{Label: "A", Values: append(many(20000, 300), 6.589808e6)},
			{Label: "B", Values: many(10, 50)},
		}, 1000, "the runtime axis ends at 1k s (0.0 days): 1 job runs longer (A 1; the longest 6.6M s)"},
		{"jobs of two logs out", []plots.Sample{
			{Label: "A", Values: append(many(20000, 3e4), 2e5, 7e5)},
			{Label: "B", Values: append(many(20000, 5e4), 123456)},
		}, 1e5, "the runtime axis ends at 100k s (1.2 days): 3 jobs run longer (A 2, B 1; the longest 700k s)"},
		{"no values", []plots.Sample{{Label: "A"}}, 0, ""},
	} {
		end, note := runtimeAxisEnd(c.samples)
		if note != c.note || (c.note != "" && end != c.end) || (c.note == "" && c.end > 0 && end != c.end) {
			t.Errorf("%s: got %v, %q; want %v, %q", c.name, end, note, c.end, c.note)
		}
	}
}
