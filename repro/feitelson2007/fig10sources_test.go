package feitelson2007

import (
	"strings"
	"testing"

	"github.com/tracelab/tracelab/repro/ledger"
)

// TestFig10SourceText: fig10/autocorrelation's statement with every source
// measured, judged by the entry's own rule (the mean over the seeds at
// least 3). Hand-worked: ours at seeds 2 and 4, mean 3 (within); A at 3.1
// and 3.3, mean 3.2, SE 0.1 (within); B at 1 and 2, mean 1.5, SE 0.5 (not):
// 2 of 3 sources.
func TestFig10SourceText(t *testing.T) {
	t.Parallel()
	want := ledger.Stated("similar to that of real workloads", ledger.AtLeast(3))
	for _, c := range []struct {
		name    string
		sources []sourceLag
		says    []string // "" for no text
	}{
		{"two other sources", []sourceLag{{"A", ledger.MeanOverSeeds([]float64{3.1, 3.3})}, {"B", ledger.MeanOverSeeds([]float64{1, 2})}},
			[]string{"A 3.20 (SE 0.10), within", "B 1.50 (SE 0.50)", "within with 2 of 3 sources", "the same 2 seeds"}},
		{"none measured", nil, []string{""}},
	} {
		r := &Fig10Result{seedLag50: []float64{2, 4}, sourceLag50: c.sources}
		got := r.sourceText(want)
		for _, s := range c.says {
			if s == "" && got != "" || !strings.Contains(got, s) {
				t.Errorf("%s: %q, want it to say %q", c.name, got, s)
			}
		}
		if strings.Contains(got, "B 1.50 (SE 0.50), within") {
			t.Errorf("%s: B (mean 1.5) marked within: %q", c.name, got)
		}
	}
}
