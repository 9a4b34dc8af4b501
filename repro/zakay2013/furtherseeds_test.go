package zakay2013

import (
	"context"
	"slices"
	"testing"

	"github.com/tracelab/tracelab/repro/study"
	"github.com/tracelab/tracelab/sim/resample"
)

// TestFurtherSeedsHShared checks that the further seeds' H, which Table VII
// and Fig. 6 both judge over (tableVIISeeds = fig6Seeds), are computed once
// and shared: a second call returns the same slices (same backing arrays),
// and they are the H a fresh computation at study seed + k gives, for each
// start.
func TestFurtherSeedsHShared(t *testing.T) {
	needData(t)
	ctx := context.Background()
	const log = "KTH-SP2"
	s := New(study.Options{Quick: true})
	paper, common, err := s.furtherSeedsH(ctx, log, fig6Seeds)
	if err != nil {
		t.Fatal(err)
	}
	paper2, common2, err := s.furtherSeedsH(ctx, log, tableVIISeeds)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		start        resample.LongTermStart
		first, again [][]float64
	}{
		{paperStart, paper, paper2},
		{resample.StartInCommonWeek, common, common2},
	} {
		if len(c.first) != fig6Seeds-1 || len(c.again) != len(c.first) {
			t.Fatalf("start %v: %d and %d further seeds, want %d", c.start, len(c.first), len(c.again), fig6Seeds-1)
		}
		for k := range c.first {
			if len(c.first[k]) != s.validationVariants() {
				t.Fatalf("start %v, seed +%d: %d H, want %d", c.start, k+1, len(c.first[k]), s.validationVariants())
			}
			if &c.first[k][0] != &c.again[k][0] {
				t.Errorf("start %v, seed +%d: computed twice, not shared", c.start, k+1)
			}
			fresh, err := s.resampledH(ctx, log, s.seed()+uint64(k+1), c.start)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(fresh, c.first[k]) {
				t.Errorf("start %v, seed +%d: %v, a fresh computation %v", c.start, k+1, c.first[k], fresh)
			}
		}
	}
}
