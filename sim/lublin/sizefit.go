package lublin

import (
	"errors"
	"math"
	"slices"

	"github.com/tracelab/tracelab/analytics/fit"
)

// SizeMethod chooses how FitLog fits the two-stage uniform of Table 1.
type SizeMethod int

const (
	// SizeContinuous fits log2 of the parallel sizes as continuous data, as
	// the paper does (Section 4.3: "regard the result as a continuous
	// distribution"), by fit.FitTwoStageUniformRange; the model's p2 is the
	// observed power-of-two fraction. Sizes are discrete, so a size shared
	// by many jobs (an atom) can pull m onto itself: the lower stage then
	// holds little more than that atom.
	SizeContinuous SizeMethod = iota
	// SizeRounding fits the model as it generates sizes (FitSizeRounding):
	// maximum likelihood of the observed sizes under the rounding procedure
	// of Fig. 2, over m, p and the rounding probability p2.
	SizeRounding
)

// SizeRoundingFit is the result of FitSizeRounding.
type SizeRoundingFit struct {
	TwoStage fit.TwoStageUniform
	// Pow2 is the probability that a parallel job is rounded to a power of
	// two (the model's p2, Pow2AmongParallel); it is smaller than the
	// observed power-of-two fraction, which includes unrounded draws that
	// land on a power of two.
	Pow2   float64
	LogLik float64
}

// FitSizeRounding fits the size model of Section 4.2 to the sizes of
// parallel jobs by maximum likelihood of the discrete sizes it generates
// (ParallelSizePMF): log2 size is two-stage uniform with the given low and
// high ends, and a job is rounded to a power of two with probability q, else
// to the nearest integer. m is searched on a grid of step 0.01 between low
// and high; for each m, p and q are found by coordinate ascent (the
// likelihood is concave in each: the PMF is linear in p for fixed q and in
// q for fixed p). Sizes < 2 are ignored. It returns an error for fewer than
// fit.MinPoints sizes or an empty range.
func FitSizeRounding(sizes []int, low, high float64) (SizeRoundingFit, error) {
	count := map[int]float64{}
	n := 0
	for _, s := range sizes {
		if s >= 2 {
			count[s]++
			n++
		}
	}
	if n < fit.MinPoints {
		return SizeRoundingFit{}, fit.ErrTooFew
	}
	if !(low < high) {
		return SizeRoundingFit{}, errors.New("lublin: empty two-stage range")
	}
	ks := make([]int, 0, len(count))
	for k := range count {
		ks = append(ks, k)
	}
	slices.Sort(ks)
	c := make([]float64, len(ks))
	for i, k := range ks {
		c[i] = count[k]
	}
	uni := func(x, a, b float64) float64 { // CDF of uniform [a, b]
		if b <= a {
			if x >= b {
				return 1
			}
			return 0
		}
		return math.Max(0, math.Min(1, (x-a)/(b-a)))
	}
	// For a given m, the PMF of size k is
	//   q·(p·R1 + (1−p)·R2) + (1−q)·(p·S1 + (1−p)·S2)
	// with R (rounded) and S (unrounded) masses under stage 1 [low, m] and
	// stage 2 [m, high].
	r1, r2 := make([]float64, len(ks)), make([]float64, len(ks))
	s1, s2 := make([]float64, len(ks)), make([]float64, len(ks))
	ll := func(p, q float64) float64 {
		var l float64
		for i := range ks {
			v := q*(p*r1[i]+(1-p)*r2[i]) + (1-q)*(p*s1[i]+(1-p)*s2[i])
			if v <= 0 {
				return math.Inf(-1)
			}
			l += c[i] * math.Log(v)
		}
		return l
	}
	// maximise Σ c·log(a + t·b) over t in [0, 1] (concave): bisection on
	// the derivative Σ c·b/(a + t·b).
	argmax := func(a, b []float64) float64 {
		d := func(t float64) float64 {
			var s float64
			for i := range a {
				v := a[i] + t*b[i]
				if v <= 0 {
					if b[i] > 0 {
						return math.Inf(1)
					}
					return math.Inf(-1)
				}
				s += c[i] * b[i] / v
			}
			return s
		}
		if d(0) <= 0 {
			return 0
		}
		if d(1) >= 0 {
			return 1
		}
		lo, hi := 0.0, 1.0
		for range 60 {
			mid := (lo + hi) / 2
			if d(mid) > 0 {
				lo = mid
			} else {
				hi = mid
			}
		}
		return (lo + hi) / 2
	}
	a, b := make([]float64, len(ks)), make([]float64, len(ks))
	best := SizeRoundingFit{LogLik: math.Inf(-1)}
	top := math.Floor(high)
	for step := 1; low+float64(step)*0.01 < high; step++ {
		m := low + float64(step)*0.01
		for i, k := range ks {
			r1[i], r2[i], s1[i], s2[i] = 0, 0, 0, 0
			if k&(k-1) == 0 {
				e := math.Log2(float64(k))
				switch {
				case e < top:
					r1[i] = uni(e+0.5, low, m) - uni(e-0.5, low, m)
					r2[i] = uni(e+0.5, m, high) - uni(e-0.5, m, high)
				case e == top:
					r1[i] = 1 - uni(e-0.5, low, m)
					r2[i] = 1 - uni(e-0.5, m, high)
				}
			}
			lo, hi := math.Log2(float64(k)-0.5), math.Log2(float64(k)+0.5)
			s1[i] = uni(hi, low, m) - uni(lo, low, m)
			s2[i] = uni(hi, m, high) - uni(lo, m, high)
		}
		p, q := 0.8, 0.5
		prev := math.Inf(-1)
		for range 200 {
			// p for fixed q: PMF = [q·R2 + (1−q)·S2] + p·[q·(R1−R2) + (1−q)·(S1−S2)]
			for i := range ks {
				a[i] = q*r2[i] + (1-q)*s2[i]
				b[i] = q*(r1[i]-r2[i]) + (1-q)*(s1[i]-s2[i])
			}
			p = argmax(a, b)
			// q for fixed p: PMF = [p·S1 + (1−p)·S2] + q·[p·(R1−S1) + (1−p)·(R2−S2)]
			for i := range ks {
				a[i] = p*s1[i] + (1-p)*s2[i]
				b[i] = p*(r1[i]-s1[i]) + (1-p)*(r2[i]-s2[i])
			}
			q = argmax(a, b)
			l := ll(p, q)
			if l-prev < 1e-9*math.Abs(l) {
				prev = l
				break
			}
			prev = l
		}
		if prev > best.LogLik {
			best = SizeRoundingFit{TwoStage: fit.TwoStageUniform{Low: low, Med: m, High: high, P: p}, Pow2: q, LogLik: prev}
		}
	}
	if math.IsInf(best.LogLik, -1) {
		return best, errors.New("lublin: no two-stage uniform in the range gives every observed size a positive probability")
	}
	return best, nil
}
