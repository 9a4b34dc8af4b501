package feitelson2021

import (
	"testing"

	"github.com/tracelab/tracelab/repro/ledger"
)

// TestFig19HigherBeyondNoise: Fig. 19's "average job throughput and
// session length are higher the more emphasis is placed by the scheduler
// on responsiveness" holds at a population only when the largest α is
// above EASY by more than twice the standard error of the difference
// (replicate SD pooled over α, 2 replicates as in full mode). The full
// ledger's 1.5× throughputs (832 against 833 jobs a week, 0.1%) were
// counted as higher; a gap of 100 jobs with the same SD is.
func TestFig19HigherBeyondNoise(t *testing.T) {
	for _, tt := range []struct {
		name       string
		reps       int
		throughput []float64
		sd         float64
		want       ledger.Verdict
	}{
		{"0.1% gap, SD 5", 2, []float64{832, 836, 833}, 5, ledger.Differs},
		{"100 jobs gap, SD 5", 2, []float64{1177, 1200, 1277}, 5, ledger.Agrees},
		{"gap of 2 SE exactly", 2, []float64{1000, 1005, 1010}, 5, ledger.Differs},
		{"one replicate: not measured", 1, []float64{832, 836, 833}, 0, ledger.Agrees},
	} {
		r := &Fig19Result{Alphas: []float64{0, 0.5, 1}, Loads: []float64{1.5}, reps: tt.reps,
			throughput:     map[float64][]float64{1.5: tt.throughput},
			jobsPerSession: map[float64][]float64{1.5: {2.17, 2.40, 2.67}},
			utilization:    map[float64][]float64{1.5: {0.5, 0.5, 0.5}},
			ended:          map[float64][]float64{1.5: {0.9, 0.9, 0.9}},
			throughputSD:   map[float64]float64{1.5: tt.sd}, sessionSD: map[float64]float64{1.5: 0.02}}
		l := ledger.New(Key)
		r.Claims(l)
		if e, _ := l.Lookup("fig19/load1.5/throughput"); e.Verdict != tt.want {
			t.Errorf("%s: throughput %s, want %s: %s", tt.name, e.Verdict, tt.want, e.OurValue)
		}
		if e, _ := l.Lookup("fig19/load1.5/sessions"); e.Verdict != ledger.Agrees {
			t.Errorf("%s: sessions %s, want agrees (0.50 against 2 SE 0.04): %s", tt.name, e.Verdict, e.OurValue)
		}
	}
}

// TestPooledSD: two replicates per cell, values m ± d: the pooled SD is
// d·√2 (each cell's sample variance 2d²/(2−1)).
func TestPooledSD(t *testing.T) {
	load := []float64{1, 1, 1, 1}
	alpha := []float64{0, 0, 1, 1}
	val := []float64{9, 11, 18, 22}
	mean := map[float64][]float64{1: {10, 20}}
	got := pooledSD(load, alpha, val, mean, []float64{0, 1}, 2)
	// cell variances: (1+1)/1 = 2 and (4+4)/1 = 8; pooled (2+8)/2 = 5
	if v := got[1]; v*v < 5-1e-9 || v*v > 5+1e-9 {
		t.Errorf("pooled SD %v, want √5", v)
	}
	if len(pooledSD(load, alpha, val, mean, []float64{0, 1}, 1)) != 0 {
		t.Error("one replicate: want no SD")
	}
}
