package lublin

import (
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/floats/scalar"
	"pgregory.net/rapid"

	"github.com/tracelab/tracelab/analytics/fit"
)

// small is a size model whose PMF is easy to derive by hand: the log2 CDF
// is 0.5(x−1) on [1, 2] and 0.5 + 0.5(x−2) on [2, 3].
var small = SizeParams{Serial: 0.2, Pow2: 0.5, Low: 1, Med: 2, High: 3, Prob: 0.5}

func TestSizePMFClosedForm(t *testing.T) {
	t.Parallel()
	l2 := math.Log2
	cdf := func(x float64) float64 { return twoStageCDF(x, 1, 2, 3, 0.5) }
	tests := []struct {
		n    int
		want float64
	}{
		// serial mass only: 2^x ≥ 2 for x ≥ 1, so no parallel job rounds to 1
		{1, 0.2},
		// 0.8·[0.5·(F(1.5) − F(0.5)) + 0.5·(F(log2 2.5) − F(log2 1.5))]
		// = 0.8·[0.5·0.25 + 0.5·0.5·(log2 2.5 − 1)] = 0.1643856…
		{2, 0.8 * (0.5*0.25 + 0.5*0.5*(l2(2.5)-1))},
		// not a power of two: 0.8·0.5·0.5·(log2 3.5 − log2 2.5)
		{3, 0.8 * 0.5 * 0.5 * (l2(3.5) - l2(2.5))},
		// 0.8·[0.5·(F(2.5) − F(1.5)) + 0.5·(F(log2 4.5) − F(log2 3.5))]
		{4, 0.8 * (0.5*0.5 + 0.5*(0.5+0.5*(l2(4.5)-2)-0.5*(l2(3.5)-1)))},
		// 0.8·[0.5·(1 − 0.75) + 0.5·(1 − F(log2 7.5))]
		{8, 0.8 * (0.5*0.25 + 0.5*(1-(0.5+0.5*(l2(7.5)-2))))},
		{9, 0}, // above 2^3 + 0.5
		{0, 0},
	}
	for _, tt := range tests {
		if got := small.PMF(tt.n); !scalar.EqualWithinAbsOrRel(got, tt.want, 1e-12, 1e-12) {
			t.Errorf("PMF(%d) = %v, want %v", tt.n, got, tt.want)
		}
	}
	// the hand value of P(2) (see the comment above)
	if got := small.PMF(2); !scalar.EqualWithinAbs(got, 0.1643856189774725, 1e-12) {
		t.Errorf("PMF(2) = %v", got)
	}
	if got := ParallelSizePMF(3, cdf, 0.5, 3); !scalar.EqualWithinAbs(got, 0.5*0.5*(l2(3.5)-l2(2.5)), 1e-12) {
		t.Errorf("ParallelSizePMF(3) = %v", got)
	}
}

// chiSquareSizes draws n sizes and returns the χ² test of their counts
// against the PMF.
func chiSquareSizes(t *testing.T, s SizeParams, maxSize, n int, seed uint64) fit.ChiResult {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 1))
	obs := make([]float64, maxSize+1)
	for range n {
		k := s.Rand(rng)
		if k < 1 || k > maxSize {
			t.Fatalf("size %d outside [1, %d]", k, maxSize)
		}
		obs[k]++
	}
	var o, e []float64
	for k := 1; k <= maxSize; k++ {
		if p := s.PMF(k); p > 0 || obs[k] > 0 {
			o = append(o, obs[k])
			e = append(e, p*float64(n))
		}
	}
	return fit.ChiSquareCounts(o, e, 0)
}

func TestSizeRandMatchesPMF(t *testing.T) {
	t.Parallel()
	m99, _ := M99Params(256)
	tl, _ := M99TypelessParams(256)
	pp, _ := PaperParams(256)
	tests := []struct {
		name string
		s    SizeParams
		max  int
	}{
		{"small", small, 8},
		{"small among all", SizeParams{Serial: 0.2, Pow2: 0.4, Pow2Rule: Pow2AmongAll, Low: 1, Med: 2, High: 3, Prob: 0.5}, 8},
		{"paper 256", pp.Classes[0].Size, 256},
		{"m_lublin99 interactive", m99.Classes[0].Size, 45},
		{"m_lublin99 batch", m99.Classes[1].Size, 256},
		{"m_lublin99 typeless", tl.Classes[0].Size, 256},
	}
	for _, tt := range tests {
		res := chiSquareSizes(t, tt.s, tt.max, 200_000, 7)
		if res.P < 1e-3 {
			t.Errorf("%s: χ² = %.1f on %d df, p = %.2g: sizes do not follow the PMF", tt.name, res.Stat, res.DF, res.P)
		}
	}
}

func TestPow2Rules(t *testing.T) {
	t.Parallel()
	// Among all jobs: a parallel job is a power-of-two job with probability
	// Pow2/(1 − Serial) = 0.576/0.756 (the m_lublin99 typeless values).
	a := SizeParams{Serial: 0.244, Pow2: 0.576, Pow2Rule: Pow2AmongAll}
	if got, want := a.pow2GivenParallel(), 0.576/0.756; !scalar.EqualWithinAbs(got, want, 1e-15) {
		t.Errorf("among all: %v, want %v", got, want)
	}
	b := SizeParams{Serial: 0.244, Pow2: 0.75}
	if got := b.pow2GivenParallel(); got != 0.75 {
		t.Errorf("among parallel: %v, want 0.75", got)
	}
	if Pow2AmongAll.String() != "among_all" || Pow2AmongParallel.String() != "among_parallel" {
		t.Error("Pow2Rule strings")
	}
}

func TestSizePMFSumsToOne(t *testing.T) {
	t.Parallel()
	rapid.Check(t, func(t *rapid.T) {
		high := rapid.Float64Range(1, 12).Draw(t, "high")
		med := rapid.Float64Range(0, high).Draw(t, "med")
		low := rapid.Float64Range(0, med).Draw(t, "low")
		s := SizeParams{
			Serial: rapid.Float64Range(0, 1).Draw(t, "serial"),
			Pow2:   rapid.Float64Range(0, 1).Draw(t, "pow2"),
			Low:    low, Med: med, High: high,
			Prob: rapid.Float64Range(0, 1).Draw(t, "prob"),
		}
		if med == low {
			s.Prob = 0
		}
		if med == high {
			s.Prob = 1
		}
		var sum float64
		maxSize := int(math.Exp2(high) + 0.5)
		for n := 1; n <= maxSize+1; n++ {
			p := s.PMF(n)
			if p < -1e-15 {
				t.Fatalf("PMF(%d) = %v < 0", n, p)
			}
			sum += p
		}
		if math.Abs(sum-1) > 1e-9 {
			t.Fatalf("PMF sums to %v", sum)
		}
		rng := rand.New(rand.NewPCG(rapid.Uint64().Draw(t, "seed"), 0))
		for range 50 {
			if n := s.Rand(rng); n < 1 || n > maxSize {
				t.Fatalf("Rand = %d outside [1, %d]", n, maxSize)
			}
		}
	})
}

func TestRuntimeP(t *testing.T) {
	t.Parallel()
	// m_lublin99 batch: p = −0.003·size + 0.6986, clipped to [0, 1]
	r := RuntimeParams{PSlope: -0.003, PIntercept: 0.6986}
	tests := []struct {
		size int
		want float64
	}{
		{1, 0.6956}, {100, 0.3986}, {232, 0.0026}, {233, 0}, {256, 0},
	}
	for _, tt := range tests {
		if got := r.P(tt.size); !scalar.EqualWithinAbs(got, tt.want, 1e-12) {
			t.Errorf("P(%d) = %v, want %v", tt.size, got, tt.want)
		}
	}
	if got := (RuntimeParams{PSlope: 0.1, PIntercept: 0.95}).P(10); got != 1 {
		t.Errorf("P above 1 not clipped: %v", got)
	}
}

func TestRuntimeLogRand(t *testing.T) {
	t.Parallel()
	r := RuntimeParams{Alpha1: 4.2, Beta1: 0.94, Alpha2: 312, Beta2: 0.03, PSlope: -0.0054, PIntercept: 0.78}
	tests := []struct {
		size   int
		maxLog float64
	}{
		{1, 0}, {64, 0}, {200, 0}, {1, 6}, {64, 9.5},
	}
	for _, tt := range tests {
		rng := rand.New(rand.NewPCG(uint64(tt.size), 3))
		x := make([]float64, 50_000)
		for i := range x {
			x[i] = r.LogRand(rng, tt.size, tt.maxLog)
			if tt.maxLog > 0 && x[i] > tt.maxLog {
				t.Fatalf("size %d: draw %v above the cap %v", tt.size, x[i], tt.maxLog)
			}
		}
		hg := fit.HyperGamma{P: r.P(tt.size), Alpha1: r.Alpha1, Beta1: r.Beta1, Alpha2: r.Alpha2, Beta2: r.Beta2}
		cdf := hg.CDF
		if tt.maxLog > 0 { // redrawing above the cap truncates the distribution
			top := hg.CDF(tt.maxLog)
			cdf = func(v float64) float64 { return math.Min(1, hg.CDF(v)/top) }
		}
		if ks := fit.KS(x, cdf); ks.P < 1e-3 {
			t.Errorf("size %d cap %v: KS D = %.4f, p = %.2g", tt.size, tt.maxLog, ks.D, ks.P)
		}
	}
}

func TestShiftedSlot(t *testing.T) {
	t.Parallel()
	// m_lublin99 arrive_init: bucket (i−1) mod 48 gets Gamma mass at i for
	// i = 11..58, so bucket 10 (05:00) ↔ 11, bucket 47 ↔ 48, bucket 0 ↔ 49,
	// bucket 9 (04:30) ↔ 58.
	tests := []struct {
		k, start int
		want     float64
	}{
		{10, 11, 11}, {47, 11, 48}, {0, 11, 49}, {9, 11, 58}, {0, 1, 1}, {47, 1, 48}, {0, 2, 49},
	}
	for _, tt := range tests {
		if got := ShiftedSlot(tt.k, tt.start); got != tt.want {
			t.Errorf("ShiftedSlot(%d, %d) = %v, want %v", tt.k, tt.start, got, tt.want)
		}
	}
}

func TestDailyFractionsExponential(t *testing.T) {
	t.Parallel()
	// With α = 1 the Gamma is exponential with scale β: the mass of
	// [v − 0.5, v + 0.5] is e^{−(v−0.5)/β} − e^{−(v+0.5)/β} (closed form).
	beta := 20.0
	got := DailyFractions(1, beta, DefaultDayStart)
	want := make([]float64, Slots)
	var sum float64
	for k := range want {
		v := ShiftedSlot(k, DefaultDayStart)
		want[k] = math.Exp(-(v-0.5)/beta) - math.Exp(-(v+0.5)/beta)
		sum += want[k]
	}
	for k := range want {
		if w := want[k] / sum; !scalar.EqualWithinAbsOrRel(got[k], w, 1e-12, 1e-10) {
			t.Errorf("slot %d: %v, want %v", k, got[k], w)
		}
	}
}

func TestArrivalsFollowDailyCycle(t *testing.T) {
	t.Parallel()
	// The slot-weight method (Section 7.3) makes the share of arrivals in
	// each slot the daily-cycle fraction.
	p, err := PaperParams(128)
	if err != nil {
		t.Fatal(err)
	}
	tr, err := Generate(p, 300_000, 11)
	if err != nil {
		t.Fatal(err)
	}
	counts := make([]float64, Slots)
	for _, s := range tr.Submit {
		counts[int(math.Mod(s, 86400)/SlotSeconds)]++
	}
	a := p.Classes[0].Arrival
	w := DailyFractions(a.DailyAlpha, a.DailyBeta, DefaultDayStart)
	for k := range counts {
		if got := counts[k] / float64(tr.Len()); math.Abs(got-w[k]) > 0.003 {
			t.Errorf("slot %d: share %.4f, daily cycle %.4f", k, got, w[k])
		}
	}
}
