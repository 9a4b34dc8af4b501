package feitelson2021

import (
	"testing"

	"github.com/tracelab/tracelab/repro/ledger"
)

// TestFig19HigherBeyondNoise: Fig. 19's "average job throughput and
// session length are higher the more emphasis is placed by the scheduler
// on responsiveness" holds at a population only when the largest α is
// above EASY by more than twice the standard error of the difference. A
// replicate is one resampled log under every α, so the error is that of
// the replicates' paired differences (2 replicates as in full mode). The
// full ledger's 1.5× throughputs (832 against 833 jobs a week, 0.1%) were
// once counted as higher. Values [replicate][α] by hand.
func TestFig19HigherBeyondNoise(t *testing.T) {
	for _, tt := range []struct {
		name string
		reps [][]float64
		want ledger.Verdict
	}{
		// The 0.1% gap: paired differences −4 and +6, mean 1, SE 5.
		{"0.1% gap", [][]float64{{830, 835, 826}, {834, 837, 840}}, ledger.Differs},
		// Differences 102 and 98: SE 2.
		{"100 jobs gap", [][]float64{{1170, 1195, 1272}, {1184, 1205, 1282}}, ledger.Agrees},
		// The logs differ by 200 jobs a week, each α by 29 and 31 over
		// EASY on its log: SE 1. An SD pooled over α (141) would hide it.
		{"paired gap between far apart logs", [][]float64{{900, 950, 929}, {1100, 1150, 1131}}, ledger.Agrees},
		// Differences 15 and 5: gap 10, SE 5, 2 SE exactly.
		{"gap of 2 SE exactly", [][]float64{{1000, 1005, 1015}, {1000, 1005, 1005}}, ledger.Differs},
		{"one replicate: not measured", [][]float64{{832, 836, 833}}, ledger.Agrees},
	} {
		mean := make([]float64, 3)
		js := make([][]float64, len(tt.reps))
		for j, row := range tt.reps {
			for a, v := range row {
				mean[a] += v / float64(len(tt.reps))
			}
			js[j] = []float64{2.17, 2.40, 2.67}
		}
		r := &Fig19Result{Alphas: []float64{0, 0.5, 1}, Loads: []float64{1.5}, reps: len(tt.reps),
			throughput:     map[float64][]float64{1.5: mean},
			jobsPerSession: map[float64][]float64{1.5: {2.17, 2.40, 2.67}},
			utilization:    map[float64][]float64{1.5: {0.5, 0.5, 0.5}},
			ended:          map[float64][]float64{1.5: {0.9, 0.9, 0.9}},
			tpRep:          map[float64][][]float64{1.5: tt.reps}, jsRep: map[float64][][]float64{1.5: js}}
		l := ledger.New(Key)
		r.Claims(l)
		if e, _ := l.Lookup("fig19/load1.5/throughput"); e.Verdict != tt.want {
			t.Errorf("%s: throughput %s, want %s: %s", tt.name, e.Verdict, tt.want, e.OurValue)
		}
		if e, _ := l.Lookup("fig19/load1.5/sessions"); e.Verdict != ledger.Agrees {
			t.Errorf("%s: sessions %s, want agrees (0.50, paired SE 0): %s", tt.name, e.Verdict, e.OurValue)
		}
	}
}
