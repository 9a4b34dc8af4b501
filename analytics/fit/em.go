package fit

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
)

// InitMethod chooses how EM is started.
type InitMethod int

const (
	// InitMiddleMinimum is the paper's "medium minimum estimation method"
	// (Lublin and Feitelson, section 3.2.3): build a histogram of the data
	// (which the caller has already log-transformed), find its two modes,
	// split the sample at the minimum between them, fit each side by maximum
	// likelihood and take the weight of the lower side as p. If the
	// histogram has no second mode, or a side cannot be fitted, the split
	// falls back to the weighted median (see MiddleMinimum).
	InitMiddleMinimum InitMethod = iota
	// InitMedian splits the sample at its weighted median.
	InitMedian
	// InitSplit splits the sample at EMOptions.Split.
	InitSplit
)

// EMOptions controls the EM fits. The zero value gives the paper's procedure
// with the defaults documented on each field; a zero field takes its
// default and a negative one is an error.
type EMOptions struct {
	// MaxIter is the largest number of E-steps (log-likelihood evaluations)
	// per start; 0 means 1000, at most MaxEMIter.
	MaxIter int
	// Tol stops the iteration when the log-likelihood per unit weight,
	// LogLik/Σw, improves by less than Tol in one iteration; 0 means 1e-9.
	Tol float64
	// Restarts is the number of additional starts, each splitting the sorted
	// sample at a uniformly random weighted quantile in [0.05, 0.95] (drawn
	// from rand.NewPCG(Seed, 0x4c46)); the fit with the highest
	// log-likelihood among the starts that did not collapse is returned.
	// 0 means only the Init start (and, if it collapses, the fallback
	// starts of FitHyperGamma); at most MaxRestarts.
	Restarts int
	// Seed seeds the random restarts.
	Seed uint64
	// Init chooses the first start; the zero value is InitMiddleMinimum.
	Init InitMethod
	// Split is the split point used by InitSplit.
	Split float64
	// Bins is the number of equal-width histogram bins for
	// InitMiddleMinimum; 0 means the Rice rule ⌈2·n^(1/3)⌉ clamped to
	// [10, 100]; at most MaxBins.
	Bins int
	// NoAcceleration turns off the SQUAREM acceleration (see FitHyperGamma)
	// and runs textbook EM. Hyper-Erlang fits always run textbook EM.
	NoAcceleration bool
}

// Bounds of EMOptions, so that no option makes a fit run for days or
// allocate beyond memory: MaxIter ≤ MaxEMIter, Restarts ≤ MaxRestarts,
// Bins ≤ MaxBins (also MiddleMinimum's bound).
const (
	MaxEMIter   = 1_000_000
	MaxRestarts = 10_000
	// MaxBins bounds the histogram of the middle-minimum split, whose
	// valley search takes O(bins²) steps.
	MaxBins = 10_000
)

func (o EMOptions) withDefaults() (EMOptions, error) {
	if o.MaxIter < 0 || !(o.Tol >= 0) || o.Restarts < 0 || o.Bins < 0 {
		return o, fmt.Errorf("fit: EMOptions MaxIter %d, Tol %v, Restarts %d, Bins %d: negative (or NaN)", o.MaxIter, o.Tol, o.Restarts, o.Bins)
	}
	if o.MaxIter > MaxEMIter || o.Restarts > MaxRestarts || o.Bins > MaxBins {
		return o, fmt.Errorf("fit: EMOptions MaxIter %d, Restarts %d, Bins %d: want at most %d, %d and %d", o.MaxIter, o.Restarts, o.Bins, MaxEMIter, MaxRestarts, MaxBins)
	}
	if o.MaxIter == 0 {
		o.MaxIter = 1000
	}
	if o.Tol == 0 {
		o.Tol = 1e-9
	}
	return o, nil
}

// family is the component family of a two-component mixture.
type family int

const (
	famGamma family = iota
	famExp
	famErlang
)

// mix2 is a two-component mixture of Gammas with shape a and scale b;
// exponential components have a = 1 and Erlang ones integer a.
type mix2 struct {
	p, a1, b1, a2, b2 float64
}

// ordered swaps the components so that component 1 has the smaller mean.
func (m mix2) ordered() mix2 {
	if m.a1*m.b1 > m.a2*m.b2 {
		return mix2{p: 1 - m.p, a1: m.a2, b1: m.b2, a2: m.a1, b2: m.b1}
	}
	return m
}

// emData holds the validated sample and its totals.
type emData struct {
	fam           family
	x, lx, w      []float64 // lx = log x (nil for exponentials)
	sorted        bool      // x is sorted (and its values distinct)
	sw, swx, swlx float64
	n             int
	k             int // x holds the data times 2^k (k < 0 for data near MaxFloat64)
}

// unscale returns a value of the scaled sample in the data's units.
func (d *emData) unscale(v float64) float64 { return math.Ldexp(v, -d.k) }

func newEMData(x, w []float64, fam family) (*emData, error) {
	s := positive
	if fam == famExp {
		s = nonNegative
	}
	n, sw, err := checkData(x, w, s)
	if err != nil {
		return nil, err
	}
	d := &emData{fam: fam, n: n, sw: sw}
	xs, ws := make([]float64, 0, n), make([]float64, 0, n)
	for i, v := range x {
		if wi := weight(w, i); wi > 0 {
			xs = append(xs, v)
			ws = append(ws, wi)
		}
	}
	// When values repeat (logged runtimes are whole seconds), sort and merge
	// equal values into one point carrying their total weight. EM on the
	// distinct values is the same algorithm (every sum over observations
	// becomes a weighted sum over distinct values) and several times faster.
	// Continuous samples are left as they are, saving the sort.
	if manyTies(xs) {
		if w == nil {
			slices.Sort(xs) // all weights are 1: no need to carry them along
		} else {
			xs, ws = sortedWeighted(xs, ws)
		}
		xs, ws = mergeEqual(xs, ws)
		d.sorted = true
	}
	d.x, d.w = xs, ws
	for i, v := range xs {
		d.swx += ws[i] * v
	}
	if !(d.swx < math.MaxFloat64/4) {
		// Values near MaxFloat64: fit x·2^k, exactly, and scale back
		// (the families are closed under scaling; see unscale).
		_, kx := math.Frexp(slices.Max(xs))
		_, kw := math.Frexp(sw)
		d.k = -kx - kw - 2
		d.swx = 0
		for i, v := range xs {
			xs[i] = math.Ldexp(v, d.k)
			d.swx += ws[i] * xs[i]
		}
	}
	if fam != famExp {
		d.lx = make([]float64, len(d.x))
		for i, v := range d.x {
			d.lx[i] = math.Log(v)
			d.swlx += d.w[i] * d.lx[i]
		}
	}
	return d, nil
}

// manyTies reports whether at least 1% of an evenly spaced sample of up to
// 4096 values of x are repeats.
func manyTies(x []float64) bool {
	const m = 4096
	step := max(1, len(x)/m)
	s := make([]float64, 0, m)
	for i := 0; i < len(x) && len(s) < m; i += step {
		s = append(s, x[i])
	}
	slices.Sort(s)
	dup := 0
	for i := 1; i < len(s); i++ {
		if s[i] == s[i-1] {
			dup++
		}
	}
	return dup*100 >= len(s)
}

// quantile returns the weighted q-quantile of the (merged) sample.
func (d *emData) quantile(q float64) float64 {
	if d.sorted {
		return quantileSorted(d.x, d.w, d.sw, q)
	}
	xs, ws := sortedWeighted(d.x, d.w)
	return quantileSorted(xs, ws, d.sw, q)
}

// mstep returns the maximum-likelihood component (shape, scale) for the
// weighted sums s0 = Σr·w, s1 = Σr·w·x, s2 = Σr·w·log x.
func (d *emData) mstep(s0, s1, s2 float64) (a, b float64, ok bool) {
	if !(s0 > 1e-10*d.sw) {
		return 0, 0, false
	}
	switch d.fam {
	case famExp:
		return 1, s1 / s0, s1 > 0
	case famGamma:
		a, b, _, _ = gammaMLE(s0, s1, s2)
		return a, b, a > 0 && b > 0 && !math.IsInf(a, 0)
	default: // Erlang: the best integer shape next to the Gamma MLE.
		ag, _, _, _ := gammaMLE(s0, s1, s2)
		if !(ag > 0) || math.IsInf(ag, 0) {
			return 0, 0, false
		}
		mean, ml := s1/s0, s2/s0
		best := math.Inf(-1)
		for _, k := range []float64{math.Max(1, math.Floor(ag)), math.Max(1, math.Ceil(ag))} {
			lg, _ := math.Lgamma(k)
			// profile log-likelihood per unit weight with scale mean/k
			l := -lg - k*math.Log(mean/k) + (k-1)*ml - k
			if l > best {
				best, a = l, k
			}
		}
		return a, mean / a, true
	}
}

// fitSplit starts EM by fitting each side of x < split and x ≥ split.
func (d *emData) fitSplit(split float64) (mix2, bool) {
	var l0, l1, l2, r0, r1, r2 float64
	var lFirst, rFirst = math.NaN(), math.NaN()
	lConst, rConst := true, true
	for i, v := range d.x {
		wi := d.w[i]
		lv := 0.0
		if d.lx != nil {
			lv = d.lx[i]
		}
		if v < split {
			l0, l1, l2 = l0+wi, l1+wi*v, l2+wi*lv
			if math.IsNaN(lFirst) {
				lFirst = v
			} else if v != lFirst {
				lConst = false
			}
		} else {
			r0, r1, r2 = r0+wi, r1+wi*v, r2+wi*lv
			if math.IsNaN(rFirst) {
				rFirst = v
			} else if v != rFirst {
				rConst = false
			}
		}
	}
	if d.fam != famExp && (lConst || rConst) {
		return mix2{}, false
	}
	a1, b1, ok1 := d.mstep(l0, l1, l2)
	a2, b2, ok2 := d.mstep(r0, r1, r2)
	if !ok1 || !ok2 {
		return mix2{}, false
	}
	return mix2{p: l0 / d.sw, a1: a1, b1: b1, a2: a2, b2: b2}, true
}

// estep computes the log-likelihood of m and the sufficient statistics of
// component 1 under the posterior responsibilities. For each point the two
// weighted log densities l1, l2 give, with l = max(l1, l2) and
// e = exp(−|l1 − l2|), log f = l + log(1+e) and r = 1/(1+e) or e/(1+e). The
// logarithms of unit-weight points are taken in blocks of 512 products
// (each factor is in [1, 2], so a block stays below 2^512).
func (d *emData) estep(m mix2) (ll, s0, s1, s2 float64) {
	g1 := newGammaLogPDF(m.a1, m.b1)
	g2 := newGammaLogPDF(m.a2, m.b2)
	g1.c += math.Log(m.p)
	g2.c += math.Log1p(-m.p)
	x, w := d.x, d.w[:len(d.x)]
	lx := d.lx
	hasLog := lx != nil
	if hasLog {
		lx = lx[:len(x)]
	}
	var llLog float64
	prod, cnt := 1.0, 0
	for i, v := range x {
		var l float64
		if hasLog {
			l = lx[i]
		}
		l1 := g1.c + g1.am1*l - v*g1.invB
		l2 := g2.c + g2.am1*l - v*g2.invB
		var lmax, e float64
		first := l1 >= l2
		if first {
			lmax, e = l1, math.Exp(l2-l1)
		} else {
			lmax, e = l2, math.Exp(l1-l2)
		}
		sum := 1 + e
		inv := 1 / sum
		r := inv
		if !first {
			r = e * inv
		}
		wi := w[i]
		ll += wi * lmax
		if wi == 1 {
			prod *= sum
			if cnt++; cnt == 512 {
				llLog += math.Log(prod)
				prod, cnt = 1, 0
			}
		} else {
			llLog += wi * math.Log(sum)
		}
		wr := wi * r
		s0 += wr
		s1 += wr * v
		s2 += wr * l
	}
	return ll + llLog + math.Log(prod), s0, s1, s2
}

// emStep evaluates the log-likelihood of m (E-step) and returns it with the
// EM update F(m) (M-step). fail is 0, or the component (1 or 2) whose M-step
// failed: it lost its weight or its spread (see failure); then next holds
// only the E-step's weight p.
func (d *emData) emStep(m mix2) (ll float64, next mix2, fail int) {
	ll, s0, s1, s2 := d.estep(m)
	if math.IsNaN(ll) {
		return ll, m, 1
	}
	a1, b1, ok1 := d.mstep(s0, s1, s2)
	a2, b2, ok2 := d.mstep(d.sw-s0, d.swx-s1, d.swlx-s2)
	share := mix2{p: s0 / d.sw} // on failure: the E-step's weights (see failure)
	switch {
	case !ok1:
		return ll, share, 1
	case !ok2:
		return ll, share, 2
	}
	return ll, mix2{p: s0 / d.sw, a1: a1, b1: b1, a2: a2, b2: b2}, 0
}

// component returns the shape and scale of component k (1 or 2) of m.
func (m mix2) component(k int) (a, b float64) {
	if k == 1 {
		return m.a1, m.b1
	}
	return m.a2, m.b2
}

// weightOf returns the weight of component k (1 or 2) of m.
func (m mix2) weightOf(k int) float64 {
	if k == 1 {
		return m.p
	}
	return 1 - m.p
}

// failure describes why component k of m (the last parameters whose
// M-step succeeded) could not be updated at E-step it, where the E-step gave
// it weight share: its weight vanished (ErrCollapsed), or its
// responsibilities fell on a single value, leaving the weighted Gamma MLE
// no spread (log mean − mean log ≤ 0 in floating point: the shape ran to
// infinity), a point mass (ErrPointMass).
func (d *emData) failure(it int, m mix2, k int, share float64) error {
	if !(share > 1e-10) {
		return fmt.Errorf("%w (a component's weight fell to %.3g at iteration %d)", ErrCollapsed, share, it)
	}
	a, b := m.component(k)
	return d.pointMassError(a*b, share, it)
}

// pointMassError reports a component of weight share narrowing onto the
// value of the sample nearest mean.
func (d *emData) pointMassError(mean, share float64, it int) error {
	v, _, _, wv := d.cell(mean)
	return fmt.Errorf("%w (a component of weight %.3g at x = %.6g, a value holding %.3g%% of the sample's weight, at iteration %d)",
		ErrPointMass, share, d.unscale(v), 100*wv/d.sw, it)
}

// cell returns the value v of the sample nearest mu, the distances from v
// to its lower and upper neighbouring values (+Inf at the ends) and the
// total weight of v. On merged samples it searches, else it scans the
// sample: no sort for one look-up.
func (d *emData) cell(mu float64) (v, below, above, wv float64) {
	if d.sorted {
		xs := d.x
		i, _ := slices.BinarySearch(xs, mu)
		if i == len(xs) || (i > 0 && mu-xs[i-1] <= xs[i]-mu) { // ties: the lower value
			i--
		}
		v, below, above = xs[i], math.Inf(1), math.Inf(1)
		if i > 0 {
			below = v - xs[i-1]
		}
		if i+1 < len(xs) {
			above = xs[i+1] - v
		}
		return v, below, above, d.w[i]
	}
	best := math.Inf(1)
	for _, x := range d.x {
		if dist := math.Abs(x - mu); dist < best || (dist == best && x < v) { // ties: the lower value
			v, best = x, dist
		}
	}
	below, above = math.Inf(1), math.Inf(1)
	for i, x := range d.x {
		switch {
		case x == v:
			wv += d.w[i]
		case x < v:
			below = min(below, v-x)
		default:
			above = min(above, x-v)
		}
	}
	return v, below, above, wv
}

// pointMass reports whether the component Gamma(a, b) has become a point
// mass on one value v of the sample: whether μ ± 10σ (μ = ab, σ = √a·b)
// lies inside the cell of v, the interval reaching halfway to the
// neighbouring values (as far on both sides at the ends of the sample). By
// Chebyshev's inequality the component then puts at least 99% of its
// probability where the sample has the single value v: the data cannot
// tell its shape. Such a component is not a local maximum of the
// likelihood but the start of its unbounded rise: on data with a tie (many
// jobs of one runtime), a Gamma narrowing onto the tie has a density, and
// so a likelihood, without bound, and EM only stops because each step's
// gain falls below Tol.
func (d *emData) pointMass(a, b float64) bool {
	mu, sigma := a*b, math.Sqrt(a)*b
	v, below, above, _ := d.cell(mu)
	switch {
	case math.IsInf(below, 1):
		below = above
	case math.IsInf(above, 1):
		above = below
	}
	return mu-10*sigma >= v-below/2 && mu+10*sigma <= v+above/2
}

// degenerate returns the point-mass error of a component of a finished
// start, or nil.
func (d *emData) degenerate(m mix2, it int) error {
	for k := 1; k <= 2; k++ {
		if a, b := m.component(k); d.pointMass(a, b) {
			return d.pointMassError(a*b, m.weightOf(k), it)
		}
	}
	return nil
}

// run iterates EM from m until one EM iteration improves the log-likelihood
// per unit weight by less than Tol, or MaxIter E-steps have been made (then
// the best evaluated parameters are returned with Converged false).
func (d *emData) run(m mix2, o EMOptions) (mix2, Result, error) {
	if o.NoAcceleration || d.fam == famErlang {
		return d.runPlain(m, o)
	}
	return d.runSquarem(m, o)
}

// runPlain is textbook EM: m ← F(m).
func (d *emData) runPlain(m mix2, o EMOptions) (mix2, Result, error) {
	prev, prevM := math.Inf(-1), m
	for it := 1; it <= o.MaxIter; it++ {
		ll, next, fail := d.emStep(m)
		if math.IsNaN(ll) {
			return m, Result{N: d.n, Iterations: it}, fmt.Errorf("%w (log-likelihood is NaN)", ErrCollapsed)
		}
		if (ll-prev)/d.sw < o.Tol {
			if ll < prev { // rounding noise at the optimum: keep the better point
				m, ll = prevM, prev
			}
			return m, Result{LogLik: ll, N: d.n, Iterations: it, Converged: true}, d.degenerate(m, it)
		}
		if fail != 0 {
			return m, Result{LogLik: ll, N: d.n, Iterations: it}, d.failure(it, m, fail, next.weightOf(fail))
		}
		prev, prevM, m = ll, m, next
	}
	ll, _, _, _ := d.estep(m)
	if ll < prev {
		m, ll = prevM, prev
	}
	return m, Result{LogLik: ll, N: d.n, Iterations: o.MaxIter}, d.degenerate(m, o.MaxIter)
}

// theta maps a mixture to unconstrained coordinates (logit p, log shapes,
// log scales) for the SQUAREM extrapolation.
func (m mix2) theta() [5]float64 {
	return [5]float64{math.Log(m.p / (1 - m.p)), math.Log(m.a1), math.Log(m.b1), math.Log(m.a2), math.Log(m.b2)}
}

func fromTheta(t [5]float64) mix2 {
	return mix2{p: 1 / (1 + math.Exp(-t[0])), a1: math.Exp(t[1]), b1: math.Exp(t[2]), a2: math.Exp(t[3]), b2: math.Exp(t[4])}
}

// runSquarem is EM accelerated by SQUAREM (Varadhan and Roland, Scand. J.
// Statist. 35, 2008, scheme S3) in the coordinates of theta. Each cycle makes
// two EM steps θ1 = F(θ0), θ2 = F(θ1), extrapolates
// θ' = θ0 − 2αr + α²v with r = θ1 − θ0, v = θ2 − 2θ1 + θ0, α = −‖r‖/‖v‖ ≤ −1,
// and continues from F(θ') if θ' is at least as likely as θ1, otherwise from
// θ2 (plain EM), so the likelihood never decreases. The fixed points are
// those of EM, and convergence is tested on the plain EM step θ0 → θ1.
func (d *emData) runSquarem(m mix2, o EMOptions) (mix2, Result, error) {
	evals := 0
	best, bestLL := m, math.Inf(-1)
	note := func(m mix2, ll float64) {
		if ll > bestLL {
			best, bestLL = m, ll
		}
	}
	limit := func() (mix2, Result, error) {
		return best, Result{LogLik: bestLL, N: d.n, Iterations: evals}, d.degenerate(best, evals)
	}
	t0 := m
	for {
		if evals >= o.MaxIter {
			return limit()
		}
		ll0, t1, fail := d.emStep(t0)
		evals++
		if math.IsNaN(ll0) {
			return t0, Result{N: d.n, Iterations: evals}, fmt.Errorf("%w (log-likelihood is NaN)", ErrCollapsed)
		}
		note(t0, ll0)
		if fail != 0 {
			return t0, Result{LogLik: ll0, N: d.n, Iterations: evals}, d.failure(evals, t0, fail, t1.weightOf(fail))
		}
		if evals >= o.MaxIter {
			return limit()
		}
		ll1, t2, fail := d.emStep(t1)
		evals++
		note(t1, ll1)
		if (ll1-ll0)/d.sw < o.Tol {
			return best, Result{LogLik: bestLL, N: d.n, Iterations: evals, Converged: true}, d.degenerate(best, evals)
		}
		if fail != 0 {
			return t1, Result{LogLik: ll1, N: d.n, Iterations: evals}, d.failure(evals, t1, fail, t2.weightOf(fail))
		}
		th0, th1, th2 := t0.theta(), t1.theta(), t2.theta()
		var rr, vv float64
		var r, v [5]float64
		for i := range r {
			r[i] = th1[i] - th0[i]
			v[i] = th2[i] - th1[i] - r[i]
			rr += r[i] * r[i]
			vv += v[i] * v[i]
		}
		alpha := -math.Sqrt(rr / vv)
		if !(alpha < -1) || evals >= o.MaxIter { // no gain over two EM steps
			t0 = t2
			continue
		}
		var tp [5]float64
		for i := range tp {
			tp[i] = th0[i] - 2*alpha*r[i] + alpha*alpha*v[i]
		}
		mp := fromTheta(tp)
		llp, tnew, fail := d.emStep(mp)
		evals++
		if fail == 0 && !math.IsNaN(llp) && llp >= ll1 {
			note(mp, llp)
			t0 = tnew
		} else {
			t0 = t2
		}
	}
}

// fit runs the first start and the random restarts and keeps the best.
func (d *emData) fit(o EMOptions) (mix2, Result, error) {
	o, err := o.withDefaults()
	if err != nil {
		return mix2{}, Result{}, err
	}
	var split float64
	switch o.Init {
	case InitMiddleMinimum:
		s, ok := middleMinimum(d.x, d.w, o.Bins)
		if ok {
			split = s
		} else {
			split = d.quantile(0.5)
		}
	case InitMedian:
		split = d.quantile(0.5)
	case InitSplit:
		split = math.Ldexp(o.Split, d.k)
	default:
		panic("fit: unknown InitMethod")
	}
	var (
		best             mix2
		bestRes          = Result{LogLik: math.Inf(-1), N: d.n}
		runErr, splitErr error // the first start's error of each kind
		found            bool
	)
	excluded := 0
	try := func(split float64) {
		m0, ok := d.fitSplit(split)
		if !ok {
			excluded++
			if splitErr == nil {
				splitErr = fmt.Errorf("%w (one side of the split at %v holds a single value, or cannot be fitted)", ErrPointMass, d.unscale(split))
			}
			return
		}
		m, res, err := d.run(m0, o)
		if err != nil {
			excluded++
			if runErr == nil {
				runErr = err
			}
			return
		}
		if !found || res.LogLik > bestRes.LogLik {
			best, bestRes, found = m, res, true
		}
	}
	try(split)
	initFailed := !found
	if !found && o.Init == InitMiddleMinimum {
		// e.g. one side of the histogram split holds a single distinct value
		try(d.quantile(0.5))
	}
	var xs, ws []float64
	if o.Restarts > 0 || initFailed {
		xs, ws = d.x, d.w
		if !d.sorted {
			xs, ws = sortedWeighted(d.x, d.w)
		}
	}
	if o.Restarts > 0 {
		rng := rand.New(rand.NewPCG(o.Seed, 0x4c46))
		for r := 0; r < o.Restarts; r++ {
			q := 0.05 + 0.9*rng.Float64()
			try(quantileSorted(xs, ws, d.sw, q))
		}
	}
	fallbacks := 0
	if initFailed {
		// The paper's start collapsed (onto a tie, as a rule): also split
		// at the deciles, so that one start ending on a tie neither leaves
		// the sample without a fit nor leaves it to the one next start.
		for q := 1; q <= 9; q++ {
			fallbacks++
			try(quantileSorted(xs, ws, d.sw, float64(q)/10))
		}
	}
	if !found {
		err := runErr // it names the value a component collapsed onto
		if err == nil {
			err = splitErr
		}
		return mix2{}, Result{N: d.n, Restarts: o.Restarts, Excluded: excluded, Fallbacks: fallbacks},
			fmt.Errorf("%w; all %d EM starts collapsed", err, excluded)
	}
	bestRes.Restarts, bestRes.Excluded, bestRes.Fallbacks = o.Restarts, excluded, fallbacks
	if d.k != 0 { // densities of x are those of x·2^k times 2^k
		best.b1, best.b2 = d.unscale(best.b1), d.unscale(best.b2)
		bestRes.LogLik += d.sw * float64(d.k) * math.Ln2
	}
	return best.ordered(), bestRes, nil
}

// FitHyperGamma fits a two-component Gamma mixture (Lublin and Feitelson,
// sections 3.1, 3.2.3 and 5.1) to x > 0 with optional weights w (nil means
// all weights are 1) by the EM algorithm:
//
//   - start: the middle-minimum split of EMOptions.Init (by default), each
//     side fitted by FitGamma's estimator and p the weight of the lower side;
//   - E-step: the responsibility r_i = p·g1(x_i) / f(x_i) of component 1;
//   - M-step: weighted Gamma maximum likelihood for each component with
//     weights w_i·r_i and w_i·(1−r_i), and p = Σw·r / Σw;
//   - stop when one EM iteration improves the log-likelihood per unit weight
//     by less than Tol (default 1e-9).
//
// Two devices make it fast without changing the result: repeated values
// (runtimes are whole seconds) are merged into one weighted point, and the
// iteration is accelerated by SQUAREM (Varadhan and Roland 2008), which
// extrapolates along two EM steps and falls back to plain EM whenever the
// extrapolated point is less likely, so the likelihood still never
// decreases and the fixed points are EM's; EMOptions.NoAcceleration gives
// textbook EM. Result.Iterations counts E-steps. Optional random restarts
// keep the start with the highest likelihood. The components are ordered so
// that component 1 has the smaller mean.
//
// Ties: on data with a value repeated many times (whole-second runtimes, a
// default limit), the likelihood of a mixture of continuous densities has
// no maximum: a component narrowing onto the tie has an unbounded density,
// and EM started near it follows that rise. A start is therefore left out
// (counted in Result.Excluded) when a component loses its weight or
// becomes a point mass: its M-step finds no spread, or at the end μ ± 10σ
// of the component lies between the neighbours of one value of the sample
// (pointMass). The fit is the most likely of the other starts: a local
// maximum of the likelihood, as the paper's EM gives, never the spurious
// one of a tie. When the Init start is left out, EM is also started from
// the splits at the nine deciles (Result.Fallbacks). Data near MaxFloat64
// are fitted scaled by a power of two, exactly, and scaled back.
//
// The paper applies this to the natural log of runtimes: pass Log(runtimes),
// and note that a one-second runtime gives log 0, which is rejected. If
// MaxIter is reached, the most likely evaluated parameters are returned with
// Result.Converged false and a nil error. Errors: ErrTooFew, ErrNonFinite,
// ErrNonPositive, ErrConstant, ErrWeights, ErrCollapsed (a component lost
// its weight in every start) and ErrPointMass, which wraps ErrCollapsed (a
// component became a point mass in every start; the error names the value
// and its share of the sample).
func FitHyperGamma(x, w []float64, opts EMOptions) (HyperGamma, Result, error) {
	d, err := newEMData(x, w, famGamma)
	if err != nil {
		return HyperGamma{}, Result{}, err
	}
	m, res, err := d.fit(opts)
	if err != nil {
		return HyperGamma{}, res, err
	}
	return HyperGamma{P: m.p, Alpha1: m.a1, Beta1: m.b1, Alpha2: m.a2, Beta2: m.b2}, res, nil
}

// FitHyperExponential fits a two-stage hyper-exponential (Lublin and
// Feitelson, section 3.1) to x ≥ 0 by EM as FitHyperGamma does, with the
// closed-form exponential M-step 1/λ = Σw·r·x / Σw·r. Component 1 has the
// larger rate (smaller mean). Errors as FitHyperGamma, with ErrNegative for
// x < 0.
func FitHyperExponential(x, w []float64, opts EMOptions) (HyperExponential, Result, error) {
	d, err := newEMData(x, w, famExp)
	if err != nil {
		return HyperExponential{}, Result{}, err
	}
	m, res, err := d.fit(opts)
	if err != nil {
		return HyperExponential{}, res, err
	}
	return HyperExponential{P: m.p, Rate1: 1 / m.b1, Rate2: 1 / m.b2}, res, nil
}

// FitHyperErlang fits a mixture of two Erlang distributions (a hyper-Gamma
// with integer shapes, Lublin and Feitelson sections 3.1 and 5.2) to x > 0
// by EM. Each M-step chooses, for each component, the integer shape k ≥ 1
// with the highest profile likelihood (floor or ceiling of the weighted Gamma
// MLE of the shape, because the profile likelihood is concave in the shape)
// and the rate k/mean. This is a maximum-likelihood fit; the paper's cheaper
// conversion of a fitted hyper-Gamma is HyperGamma.ToHyperErlang. Errors as
// FitHyperGamma.
func FitHyperErlang(x, w []float64, opts EMOptions) (HyperErlang, Result, error) {
	d, err := newEMData(x, w, famErlang)
	if err != nil {
		return HyperErlang{}, Result{}, err
	}
	m, res, err := d.fit(opts)
	if err != nil {
		return HyperErlang{}, res, err
	}
	return HyperErlang{P: m.p, K1: int(m.a1), Rate1: 1 / m.b1, K2: int(m.a2), Rate2: 1 / m.b2}, res, nil
}

// MiddleMinimum returns the split point of the paper's middle-minimum
// initialisation (Lublin and Feitelson, section 3.2.3) for the sample x with
// optional weights w: the (weighted) histogram over [min x, max x] with bins
// equal-width bins (bins ≤ 0 means the Rice rule ⌈2·n^(1/3)⌉ clamped to
// [10, 100]) is searched for its highest bin (the first mode) and for the
// second mode, the local maximum separated from the first by the deepest
// valley (largest height minus the lowest bin between them). The split is
// the centre of the lowest bin between the two modes (the middle of a run of
// equally low bins). ok is false when the histogram has no second mode; NaN
// values and zero weights are ignored. x is whatever the caller fits: the
// paper splits in log space, so pass log-transformed data. bins above
// MaxBins panics (a programmer error, as a length mismatch of w).
func MiddleMinimum(x, w []float64, bins int) (split float64, ok bool) {
	if w != nil && len(w) != len(x) {
		panic("fit: weights and data have different lengths")
	}
	if bins > MaxBins {
		panic(fmt.Sprintf("fit: MiddleMinimum with %d bins, want at most MaxBins (%d)", bins, MaxBins))
	}
	xs := make([]float64, 0, len(x))
	ws := make([]float64, 0, len(x))
	for i, v := range x {
		if wi := weight(w, i); wi > 0 && !math.IsNaN(v) && !math.IsInf(v, 0) {
			xs = append(xs, v)
			ws = append(ws, wi)
		}
	}
	return middleMinimum(xs, ws, bins)
}

func middleMinimum(x, w []float64, bins int) (float64, bool) {
	if len(x) < 2 {
		return math.NaN(), false
	}
	if bins <= 0 {
		bins = int(math.Ceil(2 * math.Cbrt(float64(len(x)))))
		bins = min(max(bins, 10), 100)
	}
	lo, hi := slices.Min(x), slices.Max(x)
	if !(hi > lo) {
		return math.NaN(), false
	}
	if math.IsInf(hi-lo, 0) { // a span beyond float64's range: split the halves
		half := make([]float64, len(x))
		for i, v := range x {
			half[i] = v / 2
		}
		s, ok := middleMinimum(half, w, bins)
		return 2 * s, ok
	}
	width := (hi - lo) / float64(bins)
	h := make([]float64, bins)
	for i, v := range x {
		k := int((v - lo) / width)
		if k >= bins {
			k = bins - 1
		}
		h[k] += w[i]
	}
	first := 0
	for k := range h {
		if h[k] > h[first] {
			first = k
		}
	}
	// For every bin j, the depth of the valley between j and the first mode
	// is h[j] − min(h between them); the second mode maximises it.
	second, bestDepth := -1, 0.0
	for j := range h {
		if j == first {
			continue
		}
		a, b := min(j, first), max(j, first)
		lowest := slices.Min(h[a : b+1])
		if depth := h[j] - lowest; depth > bestDepth {
			second, bestDepth = j, depth
		}
	}
	if second < 0 {
		return math.NaN(), false
	}
	a, b := min(second, first), max(second, first)
	lowest := slices.Min(h[a : b+1])
	// Middle of the run(s) of lowest bins between the modes.
	firstLow, lastLow := -1, -1
	for k := a; k <= b; k++ {
		if h[k] == lowest {
			if firstLow < 0 {
				firstLow = k
			}
			lastLow = k
		}
	}
	mid := float64(firstLow+lastLow)/2 + 0.5
	return lo + mid*width, true
}

// mergeEqual merges the runs of equal values of the sorted sample xs into
// one value each, carrying the total of their weights ws, in place: it
// returns the distinct values and their weights, prefixes of xs and ws.
func mergeEqual(xs, ws []float64) ([]float64, []float64) {
	k := 0
	for i := 0; i < len(xs); {
		v, c := xs[i], 0.0
		for ; i < len(xs) && xs[i] == v; i++ {
			c += ws[i]
		}
		xs[k], ws[k] = v, c
		k++
	}
	return xs[:k], ws[:k]
}

// sortedWeighted returns the observations sorted by value with their weights.
func sortedWeighted(x, w []float64) ([]float64, []float64) {
	idx := make([]int, len(x))
	for i := range idx {
		idx[i] = i
	}
	slices.SortFunc(idx, func(i, j int) int {
		switch {
		case x[i] < x[j]:
			return -1
		case x[i] > x[j]:
			return 1
		}
		return 0
	})
	xs := make([]float64, len(x))
	ws := make([]float64, len(x))
	for k, i := range idx {
		xs[k] = x[i]
		ws[k] = w[i]
	}
	return xs, ws
}

// quantileSorted returns the smallest sorted value whose cumulative weight
// reaches q·total.
func quantileSorted(xs, ws []float64, total, q float64) float64 {
	target := q * total
	var c float64
	for k, v := range xs {
		c += ws[k]
		if c >= target {
			return v
		}
	}
	return xs[len(xs)-1]
}
