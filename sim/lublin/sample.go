package lublin

import (
	"math"
	"math/bits"
	"math/rand/v2"
	"slices"

	"gonum.org/v1/gonum/stat/distuv"

	"github.com/tracelab/tracelab/analytics/fit"
)

// twoStageUniform draws from the two-stage uniform distribution (l, m, h,
// p) of Section 3.1: uniform on [l, m] with probability p, else on [m, h].
func twoStageUniform(rng *rand.Rand, l, m, h, p float64) float64 {
	a, b := m, h
	if rng.Float64() <= p {
		a, b = l, m
	}
	return a + rng.Float64()*(b-a)
}

// twoStageCDF is the CDF of the two-stage uniform distribution: the lines
// through (l, 0), (m, p), (h, 1).
func twoStageCDF(x, l, m, h, p float64) float64 {
	switch {
	case x <= l:
		return 0
	case x >= h:
		return 1
	case x < m:
		return p * (x - l) / (m - l)
	case x == m:
		return p
	}
	return p + (1-p)*(x-m)/(h-m)
}

// Rand draws a job size (Section 4.2, Fig. 2). A power-of-two job rounds
// log2 of its size to the nearest integer not above High, so that no job
// exceeds a machine whose size is not a power of two (m_lublin99 rounds
// to the nearest integer, which can exceed a non-integer UHI; both agree
// when High is an integer).
func (s SizeParams) Rand(rng *rand.Rand) int {
	u := rng.Float64()
	if u <= s.Serial {
		return 1
	}
	x := twoStageUniform(rng, s.Low, s.Med, s.High, s.Prob)
	var pow2 bool
	if s.Pow2Rule == Pow2AmongAll {
		pow2 = u <= s.Serial+s.Pow2
	} else {
		pow2 = rng.Float64() <= s.Pow2
	}
	if pow2 {
		x = min(math.Floor(x+0.5), math.Floor(s.High))
	}
	return int(math.Exp2(x) + 0.5)
}

// PMF returns the probability that Rand returns size n: the serial mass,
// plus the two-stage uniform mass that rounds to n through either branch.
func (s SizeParams) PMF(n int) float64 {
	if n < 1 {
		return 0
	}
	var mass float64
	if n == 1 {
		mass = s.Serial
	}
	cdf := func(x float64) float64 { return twoStageCDF(x, s.Low, s.Med, s.High, s.Prob) }
	return mass + (1-s.Serial)*ParallelSizePMF(n, cdf, s.pow2GivenParallel(), s.High)
}

// ParallelSizePMF returns the probability that the size procedure of
// Section 4.2 (Fig. 2) gives size n to a parallel job when x = log2(size)
// has the CDF cdf and a parallel job is a power-of-two job with
// probability q: with probability q, x is rounded to the nearest integer
// k and the size is 2^k; otherwise the size is 2^x rounded to the nearest
// integer. Power-of-two jobs do not exceed 2^⌊high⌋ (see SizeParams.Rand);
// pass math.Inf(1) for no bound.
func ParallelSizePMF(n int, cdf func(float64) float64, q, high float64) float64 {
	if n < 1 {
		return 0
	}
	var mass float64
	if n&(n-1) == 0 { // power of two: round(x) = log2 n
		k := math.Log2(float64(n))
		top := math.Floor(high)
		switch {
		case k < top:
			mass += q * (cdf(k+0.5) - cdf(k-0.5))
		case k == top:
			mass += q * (1 - cdf(k-0.5))
		}
	}
	// round(2^x) = n: 2^x in [n − 0.5, n + 0.5)
	lo := 0.0
	if n > 1 {
		lo = cdf(math.Log2(float64(n) - 0.5))
	}
	return mass + (1-q)*(cdf(math.Log2(float64(n)+0.5))-lo)
}

// ParallelSizeCDF returns the probability that the size procedure of
// ParallelSizePMF gives a parallel job at most n processors, the sum of
// ParallelSizePMF(k) for k = 1…n in closed form: the rounded sizes'
// masses telescope to (1−q)·cdf(log2(n+½)), and the powers of two 2^j ≤ n
// (j ≤ ⌊high⌋) to q·(cdf(m+½) − cdf(−½)) with m = ⌊log2 n⌋, or
// q·(1 − cdf(−½)) once 2^⌊high⌋ ≤ n. It costs O(1) for any n.
func ParallelSizeCDF(n int, cdf func(float64) float64, q, high float64) float64 {
	if n < 1 {
		return 0
	}
	p := (1 - q) * cdf(math.Log2(float64(n)+0.5))
	top := math.Floor(high)
	if top < 0 {
		return p
	}
	m := float64(bits.Len(uint(n)) - 1) // ⌊log2 n⌋, exact
	if m < top {
		return p + q*(cdf(m+0.5)-cdf(-0.5))
	}
	return p + q*(1-cdf(-0.5))
}

// SizeKS returns the Kolmogorov–Smirnov distance between the sizes of
// parallel jobs and the discrete distribution the size procedure gives them
// (ParallelSizePMF with cdf, q and high): D = max over n ≥ 1 of |F_n(n) − F(n)|,
// both CDFs being step functions on the integers. Between two consecutive
// observed sizes a < b the empirical F_n is constant and F increases, so
// the sup over [a, b−1] is at a or at b−1: only those sizes are checked,
// never each size up to the largest (a log's size of 2^51 processors costs
// nothing more). At is the first size where the sup is attained among
// those. The p-value is fit.KolmogorovSF for the number of jobs
// (conservative for discrete data). Sizes < 1 are skipped.
func SizeKS(sizes []int, cdf func(float64) float64, q, high float64) fit.KSResult {
	s := make([]int, 0, len(sizes))
	for _, x := range sizes {
		if x >= 1 {
			s = append(s, x)
		}
	}
	n := len(s)
	if n == 0 {
		return fit.KSResult{D: math.NaN(), P: math.NaN(), At: math.NaN()}
	}
	slices.Sort(s)
	var d float64
	at := 1
	check := func(k int, fe float64) {
		if e := math.Abs(fe - ParallelSizeCDF(k, cdf, q, high)); e > d {
			d, at = e, k
		}
	}
	if s[0] > 1 {
		check(s[0]-1, 0) // F_n = 0 below the smallest size
	}
	for i := 0; i < n; {
		j := i
		for j < n && s[j] == s[i] {
			j++
		}
		fe := float64(j) / float64(n)
		check(s[i], fe)
		if j < n && s[j]-1 > s[i] {
			check(s[j]-1, fe)
		}
		i = j
	}
	return fit.KSResult{D: d, P: fit.KolmogorovSF(n, d), N: n, At: float64(at)}
}

// gammaRand draws from Gamma(shape, scale) with gonum's sampler.
func gammaRand(src rand.Source, shape, scale float64) float64 {
	return distuv.Gamma{Alpha: shape, Beta: 1 / scale, Src: src}.Rand()
}

// LogRand draws ln(runtime) for a job of the given size (Section 6.2, Fig.
// 6), redrawing values above maxLog (no cap when maxLog ≤ 0).
func (r RuntimeParams) LogRand(rng *rand.Rand, size int, maxLog float64) float64 {
	p := r.P(size)
	for {
		var x float64
		if rng.Float64() <= p {
			x = gammaRand(rng, r.Alpha1, r.Beta1)
		} else {
			x = gammaRand(rng, r.Alpha2, r.Beta2)
		}
		if maxLog <= 0 || x <= maxLog {
			return x
		}
	}
}

// DailyFractions returns the expected fraction of jobs arriving in each
// half-hour slot of the day, slot k covering [k/2, (k+1)/2) hours, under
// the daily-cycle Gamma(alpha, beta) of Section 7.2. Slots are numbered
// from 1 and shifted cyclically so that the day runs from slot dayStart
// (DefaultDayStart 11 is 05:00) to dayStart+47; slot k gets the Gamma mass
// of [v − 0.5, v + 0.5], v = ShiftedSlot(k, dayStart), and the 48 masses
// are normalised to sum to 1 (as m_lublin99's arrive_init does, up to
// its normalisation to mean 1).
func DailyFractions(alpha, beta float64, dayStart int) []float64 {
	g := distuv.Gamma{Alpha: alpha, Beta: 1 / beta}
	w := make([]float64, Slots)
	var sum float64
	for k := range w {
		v := ShiftedSlot(k, dayStart)
		w[k] = g.CDF(v+0.5) - g.CDF(v-0.5)
		sum += w[k]
	}
	if sum > 0 {
		for k := range w {
			w[k] /= sum
		}
	}
	return w
}

// ShiftedSlot returns the value that slot k (0–47, k half hours after
// midnight) takes in the shifted day of Section 7.2: the 1-based slot
// number k+1, plus 48 when it falls before dayStart (so with the default
// 11, 00:00–04:59 become slots 49–58).
func ShiftedSlot(k, dayStart int) float64 {
	v := k + 1
	if v < dayStart {
		v += Slots
	}
	return float64(v)
}

// arrivals is the slot-weight arrival process of one class (Section 7.3,
// "the slot weight method"): each half-hour slot t lasts 1800·w(t)/w̄
// virtual seconds; inter-arrival times are drawn (in virtual seconds) from
// the peak-hour distribution and spent slot by slot.
type arrivals struct {
	shape, scale float64
	maxLog       float64
	weight       []float64 // per slot, mean 1
	slot         int       // the slot of the last arrival
	points       float64   // virtual time (in slots) spent in the current slot
	frac         float64   // fraction of the current slot elapsed at the last arrival
	t            float64   // time of the next arrival, seconds
	whole        bool      // report whole seconds
	truncGaps    bool      // truncate each inter-arrival (m_lublin99's clock)
}

func newArrivals(a ArrivalParams, maxLog float64, dayStart int, whole, truncGaps bool) *arrivals {
	w := DailyFractions(a.DailyAlpha, a.DailyBeta, dayStart)
	for k := range w {
		w[k] *= Slots
	}
	return &arrivals{shape: a.Alpha * a.ARAR, scale: a.Beta, maxLog: maxLog, weight: w, whole: whole,
		truncGaps: whole && truncGaps}
}

// next advances to the next arrival (m_lublin99 calc_next_arrive).
func (s *arrivals) next(rng *rand.Rand) {
	var g float64
	for {
		g = gammaRand(rng, s.shape, s.scale)
		if s.maxLog <= 0 || g <= s.maxLog {
			break
		}
	}
	s.points += math.Exp(g) / SlotSeconds
	var d float64
	for s.points > s.weight[s.slot] {
		s.points -= s.weight[s.slot]
		s.slot++
		if s.slot == Slots {
			s.slot = 0
		}
		d += SlotSeconds
	}
	frac := 0.0
	if w := s.weight[s.slot]; w > 0 {
		frac = s.points / w
	}
	d += SlotSeconds * (frac - s.frac)
	s.frac = frac
	if s.truncGaps {
		d = math.Floor(d)
	}
	s.t += d
}

// time returns the time of the next arrival: exact, or truncated to whole
// seconds. Truncating the clock itself rather than each inter-arrival keeps
// the clock in step with the daily cycle.
func (s *arrivals) time() float64 {
	if s.whole {
		return math.Floor(s.t)
	}
	return s.t
}
