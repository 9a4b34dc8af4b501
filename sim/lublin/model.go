package lublin

import (
	"errors"
	"fmt"
	"math"
	"slices"

	"github.com/tracelab/tracelab/analytics/fit"
)

// GeoMean returns the geometric mean of positive values, NaN for an empty
// slice or a value ≤ 0 or NaN.
func GeoMean(x []float64) float64 {
	if len(x) == 0 {
		return math.NaN()
	}
	var s float64
	for _, v := range x {
		if !(v > 0) {
			return math.NaN()
		}
		s += math.Log(v)
	}
	return math.Exp(s / float64(len(x)))
}

// mean returns the arithmetic mean, NaN for an empty slice.
func mean(x []float64) float64 {
	if len(x) == 0 {
		return math.NaN()
	}
	var s float64
	for _, v := range x {
		s += v
	}
	return s / float64(len(x))
}

// AverageHyperGamma returns the "average model" of Section 5.2 (Table 2):
// the geometric mean of each Gamma parameter ("the salient features of the
// Gamma distribution depend on products of these parameters") and the
// arithmetic mean of p.
func AverageHyperGamma(hs []fit.HyperGamma) fit.HyperGamma {
	var a1, b1, a2, b2, p []float64
	for _, h := range hs {
		a1, b1 = append(a1, h.Alpha1), append(b1, h.Beta1)
		a2, b2 = append(a2, h.Alpha2), append(b2, h.Beta2)
		p = append(p, h.P)
	}
	return fit.HyperGamma{P: mean(p), Alpha1: GeoMean(a1), Beta1: GeoMean(b1), Alpha2: GeoMean(a2), Beta2: GeoMean(b2)}
}

// AverageGamma returns the geometric means of the shapes and of the scales
// (the "Model" rows of Tables 6 and 7).
func AverageGamma(gs []fit.Gamma) fit.Gamma {
	var a, b []float64
	for _, g := range gs {
		a, b = append(a, g.Alpha), append(b, g.Beta)
	}
	return fit.Gamma{Alpha: GeoMean(a), Beta: GeoMean(b)}
}

// Representative returns the paper's representative model of several logs
// for a machine of procs processors, one class (Sections 4.3, 5.2, 6.3, 7):
//
//   - sizes: p1 and p2 are the arithmetic means over the logs that have
//     serial or non-power-of-two jobs (the paper leaves out LANL-CM5, whose
//     machine only allowed powers of two: a log whose parallel sizes are all
//     powers of two and that has no serial job is left out); the two-stage
//     p is the arithmetic mean over all logs; l, m, h follow the paper's
//     rules for the machine: l = 0.8, m = log2(procs) − 2.5, h = log2(procs);
//   - runtimes: AverageHyperGamma of the Table 2 fits (p is replaced by
//     the p line), and the arithmetic means of the slopes and intercepts of
//     the p lines (Table 5 "Model" row);
//   - arrivals: AverageGamma of the peak inter-arrival fits (Table 6) and
//     of the daily cycle fits (Table 7), and the geometric mean of the ARARs.
//
// It returns an error for no fits or a machine of fewer than 10 processors.
func Representative(fits []LogFit, procs int) (Params, error) {
	if len(fits) == 0 {
		return Params{}, errors.New("lublin: no fits to average")
	}
	var p1, p2, tsp, pa, pb, arar []float64
	var hs []fit.HyperGamma
	var peak, daily []fit.Gamma
	for _, f := range fits {
		if !(f.Size.Serial == 0 && f.Size.Pow2 == 1) {
			p1 = append(p1, f.Size.Serial)
			p2 = append(p2, f.Size.Pow2)
		}
		tsp = append(tsp, f.Size.TwoStage.P)
		hs = append(hs, f.Runtime.HyperGamma)
		pa = append(pa, f.PLine.Slope)
		pb = append(pb, f.PLine.Intercept)
		peak = append(peak, f.Arrival.Peak.Gamma)
		daily = append(daily, f.Daily.Gamma.Gamma)
		arar = append(arar, f.Arrival.ARAR)
	}
	if len(p1) == 0 {
		return Params{}, errors.New("lublin: every log has only power-of-two parallel jobs; p1 and p2 are undefined")
	}
	if procs < 10 {
		return Params{}, fmt.Errorf("lublin: the paper's size model needs at least 10 processors, got %d", procs)
	}
	size := paperSize(procs)
	size.Serial, size.Pow2, size.Prob = mean(p1), mean(p2), mean(tsp)
	h := AverageHyperGamma(hs)
	pk, dy := AverageGamma(peak), AverageGamma(daily)
	p := Params{Name: "representative", Procs: procs, Classes: []Class{{
		Name: "all",
		Size: size,
		Runtime: RuntimeParams{Alpha1: h.Alpha1, Beta1: h.Beta1, Alpha2: h.Alpha2, Beta2: h.Beta2,
			PSlope: mean(pa), PIntercept: mean(pb)},
		Arrival: ArrivalParams{Alpha: pk.Alpha, Beta: pk.Beta, ARAR: GeoMean(arar), DailyAlpha: dy.Alpha, DailyBeta: dy.Beta},
	}}}
	return p, p.Validate()
}

// SearchOptions controls SearchHyperGamma. The zero value is the default
// reading of Section 5.2 documented on each field.
type SearchOptions struct {
	// Points is the number of points of the grid on which densities are
	// compared; 0 means 1000.
	Points int
	// Median compares candidates with the pointwise median of the data
	// sets' densities instead of their pointwise mean (the default).
	Median bool
	// Linear spaces the values of the Gamma parameters evenly on a linear
	// scale. By default they are spaced evenly on a log scale, in keeping
	// with the geometric means of the average model: the fitted α2 and β2
	// span more than an order of magnitude in opposite directions, and a
	// linear grid pairs large shapes with large scales, moving the second
	// mode far beyond the data.
	Linear bool
}

// SearchResult is the outcome of SearchHyperGamma.
type SearchResult struct {
	// Best is the admissible candidate closest to the middle density.
	Best fit.HyperGamma
	// Distance is Best's L1 distance ∫|f − middle| dx.
	Distance float64
	// Candidates is the number of combinations tried (3^5 = 243).
	Candidates int
	// Admissible is the number of candidates that were bimodal with their
	// modes and minimum in the data sets' ranges.
	Admissible int
	// Grid holds the three values tried for each parameter, in the order
	// α1, β1, α2, β2, p.
	Grid [5][3]float64
}

// shape holds the modes and the minimum between them of a density on a
// grid; ok is false when the density does not have exactly two local
// maxima.
type shape struct {
	lo, mid, hi float64
	ok          bool
}

func bimodal(xs, f []float64) shape {
	var maxima []int
	for i := 1; i+1 < len(f); i++ {
		if f[i] > f[i-1] && f[i] >= f[i+1] {
			maxima = append(maxima, i)
		}
	}
	if len(maxima) != 2 {
		return shape{}
	}
	m := maxima[0]
	for i := maxima[0]; i <= maxima[1]; i++ {
		if f[i] < f[m] {
			m = i
		}
	}
	return shape{lo: xs[maxima[0]], mid: xs[m], hi: xs[maxima[1]], ok: true}
}

// SearchHyperGamma performs the second method of Section 5.2 for combining
// hyper-Gamma fits of several logs (Table 2 "Search model" row): for each
// of the five parameters, three values dividing the range of the fitted
// values into four equal parts (on a log scale for the Gamma parameters
// unless opts.Linear, see SearchOptions); every one of the 3^5 = 243 combinations is
// evaluated; candidates that are not bimodal "with maxima and minima in
// the right places" are eliminated — a candidate must have exactly two
// local maxima, and its two modes and the minimum between them must lie
// within the ranges of the corresponding points of the bimodal data-set
// densities; of the remaining ones, the one whose density lies closest
// (L1 distance on a grid) to the middle of the data sets' densities
// (pointwise mean, or median with opts.Median) is chosen. The paper leaves
// these details unspecified; the choices above are documented defaults.
// It returns an error for fewer than two fits or when no candidate is
// admissible.
func SearchHyperGamma(hs []fit.HyperGamma, opts SearchOptions) (SearchResult, error) {
	if len(hs) < 2 {
		return SearchResult{}, errors.New("lublin: the search model needs at least two fits")
	}
	npts := opts.Points
	if npts <= 0 {
		npts = 1000
	}
	var res SearchResult
	params := func(h fit.HyperGamma) [5]float64 { return [5]float64{h.Alpha1, h.Beta1, h.Alpha2, h.Beta2, h.P} }
	for k := range 5 {
		lo, hi := math.Inf(1), math.Inf(-1)
		for _, h := range hs {
			v := params(h)[k]
			lo, hi = math.Min(lo, v), math.Max(hi, v)
		}
		for j := range 3 {
			if k == 4 || opts.Linear {
				res.Grid[k][j] = lo + float64(j+1)*(hi-lo)/4
			} else {
				res.Grid[k][j] = math.Exp(math.Log(lo) + float64(j+1)*(math.Log(hi)-math.Log(lo))/4)
			}
		}
	}
	// x grid covering every data set's density
	xmax := 0.0
	for _, h := range hs {
		xmax = math.Max(xmax, h.Quantile(0.9999))
	}
	dx := xmax / float64(npts)
	xs := make([]float64, npts)
	for i := range xs {
		xs[i] = (float64(i) + 0.5) * dx
	}
	dens := make([][]float64, len(hs))
	loR, midR, hiR := [2]float64{math.Inf(1), math.Inf(-1)}, [2]float64{math.Inf(1), math.Inf(-1)}, [2]float64{math.Inf(1), math.Inf(-1)}
	anyBimodal := false
	widen := func(r *[2]float64, v float64) { r[0], r[1] = math.Min(r[0], v), math.Max(r[1], v) }
	for d, h := range hs {
		dens[d] = make([]float64, npts)
		for i, x := range xs {
			dens[d][i] = h.Prob(x)
		}
		if s := bimodal(xs, dens[d]); s.ok {
			anyBimodal = true
			widen(&loR, s.lo)
			widen(&midR, s.mid)
			widen(&hiR, s.hi)
		}
	}
	middle := make([]float64, npts)
	col := make([]float64, len(hs))
	for i := range xs {
		for d := range hs {
			col[d] = dens[d][i]
		}
		if opts.Median {
			middle[i] = median(col)
		} else {
			middle[i] = mean(col)
		}
	}
	in := func(r [2]float64, v float64) bool { return v >= r[0]-dx && v <= r[1]+dx }
	best := math.Inf(1)
	f := make([]float64, npts)
	var idx [5]int
	for c := range 243 {
		r := c
		for k := range 5 {
			idx[k] = r % 3
			r /= 3
		}
		h := fit.HyperGamma{Alpha1: res.Grid[0][idx[0]], Beta1: res.Grid[1][idx[1]],
			Alpha2: res.Grid[2][idx[2]], Beta2: res.Grid[3][idx[3]], P: res.Grid[4][idx[4]]}
		res.Candidates++
		for i, x := range xs {
			f[i] = h.Prob(x)
		}
		s := bimodal(xs, f)
		if !s.ok || (anyBimodal && !(in(loR, s.lo) && in(midR, s.mid) && in(hiR, s.hi))) {
			continue
		}
		res.Admissible++
		var dist float64
		for i := range f {
			dist += math.Abs(f[i]-middle[i]) * dx
		}
		if dist < best {
			best, res.Best, res.Distance = dist, h, dist
		}
	}
	if res.Admissible == 0 {
		return res, errors.New("lublin: no candidate of the 243 is bimodal with its modes in the data sets' ranges")
	}
	return res, nil
}

// median returns the median of x (it sorts a copy).
func median(x []float64) float64 {
	s := slices.Clone(x)
	slices.Sort(s)
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

// GammaMoments returns the method-of-moments Gamma for x: α = m²/v,
// β = v/m with the sample mean m and the (population) variance v
// (Section 3.2.1). The paper fits by maximum likelihood; moments are
// offered to compare with its tables. NaN values are skipped; it returns
// NaN parameters for fewer than two values or zero variance.
func GammaMoments(x []float64) fit.Gamma {
	var n, s float64
	for _, v := range x {
		if !math.IsNaN(v) {
			n++
			s += v
		}
	}
	if n < 2 {
		return fit.Gamma{Alpha: math.NaN(), Beta: math.NaN()}
	}
	m := s / n
	var ss float64
	for _, v := range x {
		if !math.IsNaN(v) {
			ss += (v - m) * (v - m)
		}
	}
	v := ss / n
	if !(v > 0) {
		return fit.Gamma{Alpha: math.NaN(), Beta: math.NaN()}
	}
	return fit.Gamma{Alpha: m * m / v, Beta: v / m}
}
