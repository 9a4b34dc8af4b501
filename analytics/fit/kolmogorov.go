package fit

import "math"

// This file computes the distribution of the two-sided one-sample
// Kolmogorov–Smirnov statistic D_n exactly as scipy 1.10's
// scipy.stats.kstwo.sf (module scipy/stats/_ksstats.py), which follows
// Simard and L'Ecuyer, "Computing the Two-Sided Kolmogorov-Smirnov
// Distribution", J. Stat. Softw. 39(11), 2011:
//
//   - Ruben–Gambino closed forms for n·d ≤ 1 and n·d ≥ n−1;
//   - 2·smirnov(n, d) (the one-sided tail doubled) for d ≥ 0.5 and in the far
//     tail;
//   - Durbin's matrix algorithm as computed by Marsaglia, Tsang and Wang
//     (2003) for small n·d²;
//   - Pomeranz's recursion (1974) for n ≤ 140;
//   - the Pelz–Good (1976) asymptotic series otherwise.
//
// The regimes and their thresholds are scipy's, so that p-values agree with
// scipy.stats.kstest (whose default method uses this exact distribution for
// every n).

const (
	ksE128   = 128
	ksEP128  = 0x1p128
	ksEM128  = 0x1p-128
	ksMinLog = -708
	// cephes MINLOG = log(2^-1022)
	cephesMinLog = -7.08396418532264106224e2
)

// KolmogorovSF returns P(D_n ≥ d), the survival function of the two-sided
// Kolmogorov–Smirnov statistic for a sample of size n from a continuous
// distribution (scipy.stats.kstwo.sf(d, n)). It panics if n < 1.
func KolmogorovSF(n int, d float64) float64 {
	if n < 1 {
		panic("fit: KolmogorovSF needs n ≥ 1")
	}
	if math.IsNaN(d) {
		return math.NaN()
	}
	return clip01(kolmogn(n, d, false))
}

// KolmogorovCDF returns P(D_n ≤ d) (scipy.stats.kstwo.cdf(d, n)).
func KolmogorovCDF(n int, d float64) float64 {
	if n < 1 {
		panic("fit: KolmogorovCDF needs n ≥ 1")
	}
	if math.IsNaN(d) {
		return math.NaN()
	}
	return clip01(kolmogn(n, d, true))
}

func clip01(p float64) float64 { return math.Min(1, math.Max(0, p)) }

func selectProb(cdfP, sfP float64, cdf bool) float64 {
	if cdf {
		return clip01(cdfP)
	}
	return clip01(sfP)
}

// kolmogn is scipy's _kolmogn.
func kolmogn(n int, x float64, cdf bool) float64 {
	if x >= 1 {
		return selectProb(1, 0, cdf)
	}
	if x <= 0 {
		return selectProb(0, 1, cdf)
	}
	fn := float64(n)
	t := fn * x
	if t <= 1 { // Ruben–Gambino: 1/2n ≤ x ≤ 1/n
		if t <= 0.5 {
			return selectProb(0, 1, cdf)
		}
		var prob float64
		if n <= 140 {
			prob = 1
			f := 2*t - 1
			for i := 1; i <= n; i++ {
				prob *= float64(i) * (1 / fn) * f
			}
		} else {
			prob = math.Exp(logNFactorialDivNPowN(fn) + fn*math.Log(2*t-1))
		}
		return selectProb(prob, 1-prob, cdf)
	}
	if t >= fn-1 { // Ruben–Gambino
		prob := 2 * math.Pow(1-x, fn)
		return selectProb(1-prob, prob, cdf)
	}
	if x >= 0.5 { // exact: 2·smirnov
		prob := 2 * smirnovSF(n, x)
		return selectProb(1-prob, prob, cdf)
	}
	nxsquared := t * x
	if n <= 140 {
		if nxsquared <= 0.754693 {
			prob := kolmognDMTW(n, x)
			return selectProb(prob, 1-prob, cdf)
		}
		if nxsquared <= 4 {
			prob := kolmognPomeranz(n, x)
			return selectProb(prob, 1-prob, cdf)
		}
		prob := 2 * smirnovSF(n, x)
		return selectProb(1-prob, prob, cdf)
	}
	if !cdf {
		if nxsquared >= 370 {
			return 0
		}
		if nxsquared >= 2.2 {
			return clip01(2 * smirnovSF(n, x))
		}
	}
	var cdfprob float64
	switch {
	case nxsquared >= 18:
		cdfprob = 1
	case n <= 100000 && fn*math.Pow(x, 1.5) <= 1.4:
		cdfprob = kolmognDMTW(n, x)
	default:
		cdfprob = kolmognPelzGood(n, x)
	}
	return selectProb(cdfprob, 1-cdfprob, cdf)
}

// stirlingCoeffs are B_2j/(2j)/(2j−1) for j = 8, …, 1.
var stirlingCoeffs = [...]float64{-2.955065359477124183e-2, 6.4102564102564102564e-3,
	-1.9175269175269175269e-3, 8.4175084175084175084e-4,
	-5.952380952380952381e-4, 7.9365079365079365079e-4,
	-2.7777777777777777778e-3, 8.3333333333333333333e-2}

// logNFactorialDivNPowN returns log(n!/n^n) by Stirling's series.
func logNFactorialDivNPowN(n float64) float64 {
	rn := 1 / n
	x := rn / n
	var p float64
	for _, c := range stirlingCoeffs {
		p = p*x + c
	}
	return math.Log(n)/2 - n + math.Log(2*math.Pi)/2 + rn*p
}

// kolmognDMTW returns P(D_n ≤ d) by Durbin's matrix algorithm as computed by
// Marsaglia, Tsang and Wang (scipy's _kolmogn_DMTW).
func kolmognDMTW(n int, d float64) float64 {
	if d >= 1 {
		return 1
	}
	fn := float64(n)
	nd := fn * d
	if nd <= 0.5 {
		return 0
	}
	k := int(math.Ceil(nd))
	h := float64(k) - nd
	m := 2*k - 1

	v := make([]float64, m)
	w := make([]float64, m)
	fac := 1.0
	for j := 1; j <= m; j++ {
		v[j-1] = 1 - math.Pow(h, float64(j))
		w[j-1] = fac
		fac /= float64(j)
		v[j-1] *= fac
	}
	tt := math.Pow(math.Max(2*h-1, 0), float64(m)) - 2*math.Pow(h, float64(m))
	v[m-1] = (1 + tt) * fac

	H := newSquare(m)
	for i := 1; i < m; i++ {
		for r := i - 1; r < m; r++ {
			H.set(r, i, w[r-(i-1)])
		}
	}
	for r := 0; r < m; r++ {
		H.set(r, 0, v[r])
	}
	for c := 0; c < m; c++ {
		H.set(m-1, c, v[m-1-c])
	}

	Hpwr := identity(m)
	nn := n
	expnt, hexpnt := 0, 0
	tmp := newSquare(m)
	for nn > 0 {
		if nn%2 == 1 {
			matmul(tmp, Hpwr, H)
			Hpwr, tmp = tmp, Hpwr
			expnt += hexpnt
		}
		matmul(tmp, H, H)
		H, tmp = tmp, H
		hexpnt *= 2
		if math.Abs(H.at(k-1, k-1)) > ksEP128 {
			for i := range H.a {
				H.a[i] /= ksEP128
			}
			hexpnt += ksE128
		}
		nn /= 2
	}
	p := Hpwr.at(k-1, k-1)
	for i := 1; i <= n; i++ {
		p = float64(i) * p / fn
		if math.Abs(p) < ksEM128 {
			p *= ksEP128
			expnt -= ksE128
		}
	}
	if expnt != 0 {
		p = math.Ldexp(p, expnt)
	}
	return clip01(p)
}

type square struct {
	m int
	a []float64
}

func newSquare(m int) square { return square{m: m, a: make([]float64, m*m)} }

func identity(m int) square {
	s := newSquare(m)
	for i := 0; i < m; i++ {
		s.a[i*m+i] = 1
	}
	return s
}

func (s square) at(i, j int) float64     { return s.a[i*s.m+j] }
func (s square) set(i, j int, v float64) { s.a[i*s.m+j] = v }

// matmul sets dst = a·b (dst must not alias a or b).
func matmul(dst, a, b square) {
	m := a.m
	for i := range dst.a {
		dst.a[i] = 0
	}
	for i := 0; i < m; i++ {
		row := dst.a[i*m : (i+1)*m]
		for l := 0; l < m; l++ {
			ail := a.a[i*m+l]
			if ail == 0 {
				continue
			}
			brow := b.a[l*m : (l+1)*m]
			for j, bv := range brow {
				row[j] += ail * bv
			}
		}
	}
}

// pomeranzJ1J2 is scipy's _pomeranz_compute_j1j2.
func pomeranzJ1J2(i, n, ll, ceilf, roundf int) (int, int) {
	var j1, j2 int
	if i == 0 {
		j1, j2 = -ll-ceilf-1, ll+ceilf-1
	} else {
		ip1div2, ip1mod2 := (i+1)/2, (i+1)%2
		if ip1mod2 == 0 { // i is odd
			if ip1div2 == n+1 {
				j1, j2 = n-ll-ceilf-1, n+ll+ceilf-1
			} else {
				j1, j2 = ip1div2-1-ll-roundf-1, ip1div2+ll-1+ceilf-1
			}
		} else {
			j1, j2 = ip1div2-1-ll-1, ip1div2+ll+roundf-1
		}
	}
	return max(j1+2, 0), min(j2, n)
}

// kolmognPomeranz returns P(D_n ≤ x) by Pomeranz's recursion (scipy's
// _kolmogn_Pomeranz).
func kolmognPomeranz(n int, x float64) float64 {
	fn := float64(n)
	t := fn * x
	ll := int(math.Floor(t))
	f := t - float64(ll)
	g := math.Min(f, 1-f)
	ceilf, roundf := 0, 0
	if f > 0 {
		ceilf = 1
	}
	if f > 0.5 {
		roundf = 1
	}
	npwrs := 2 * (ll + 1)
	gpower := make([]float64, npwrs)
	twogpower := make([]float64, npwrs)
	onem2gpower := make([]float64, npwrs)
	gpower[0], twogpower[0], onem2gpower[0] = 1, 1, 1
	expnt := 0
	gOverN, twoGOverN, oneMinusTwoGOverN := g/fn, 2*g/fn, (1-2*g)/fn
	for m := 1; m < npwrs; m++ {
		fm := float64(m)
		gpower[m] = gpower[m-1] * gOverN / fm
		twogpower[m] = twogpower[m-1] * twoGOverN / fm
		onem2gpower[m] = onem2gpower[m-1] * oneMinusTwoGOverN / fm
	}
	V0 := make([]float64, npwrs)
	V1 := make([]float64, npwrs)
	V1[0] = 1
	V0s, V1s := 0, 0
	j1, _ := pomeranzJ1J2(0, n, ll, ceilf, roundf)
	conv := make([]float64, 2*npwrs)
	for i := 1; i < 2*n+2; i++ {
		k1 := j1
		V0, V1 = V1, V0
		V0s, V1s = V1s, V0s
		for q := range V1 {
			V1[q] = 0
		}
		var j2 int
		j1, j2 = pomeranzJ1J2(i, n, ll, ceilf, roundf)
		var pwrs []float64
		switch {
		case i == 1 || i == 2*n+1:
			pwrs = gpower
		case i%2 == 1:
			pwrs = twogpower
		default:
			pwrs = onem2gpower
		}
		ln2 := j2 - k1 + 1
		if ln2 > 0 {
			// conv = np.convolve(V0[k1-V0s : k1-V0s+ln2], pwrs[:ln2]) (full mode)
			a := V0[k1-V0s : k1-V0s+ln2]
			b := pwrs[:ln2]
			cl := len(a) + len(b) - 1
			c := conv[:cl]
			for q := range c {
				c[q] = 0
			}
			for p, av := range a {
				if av == 0 {
					continue
				}
				for q, bv := range b {
					c[p+q] += av * bv
				}
			}
			convStart := j1 - k1
			convLen := j2 - j1 + 1
			copy(V1[:convLen], c[convStart:convStart+convLen])
			vmax := V1[0]
			for _, v := range V1 {
				vmax = math.Max(vmax, v)
			}
			if vmax > 0 && vmax < ksEM128 {
				for q := range V1 {
					V1[q] *= ksEP128
				}
				expnt -= ksE128
			}
			V1s = V0s + j1 - k1
		}
	}
	ans := V1[n-V1s]
	for m := 1; m <= n; m++ {
		if math.Abs(ans) > ksEP128 {
			ans *= ksEM128
			expnt += ksE128
		}
		ans *= float64(m)
	}
	if expnt != 0 {
		ans = math.Ldexp(ans, expnt)
	}
	return clip01(ans)
}

// kolmognPelzGood is scipy's _kolmogn_PelzGood: the Pelz–Good
// approximation to P(D_n ≤ x).
func kolmognPelzGood(n int, x float64) float64 {
	if x <= 0 {
		return 0
	}
	if x >= 1 {
		return 1
	}
	fn := float64(n)
	z := math.Sqrt(fn) * x
	zsquared, zthree, zfour, zsix := z*z, z*z*z, math.Pow(z, 4), math.Pow(z, 6)
	const (
		pi2 = math.Pi * math.Pi
		pi4 = pi2 * pi2
		pi6 = pi4 * pi2
	)
	qlog := -pi2 / 8 / zsquared
	if qlog < ksMinLog {
		return 0
	}
	q := math.Exp(qlog)
	k1a := -zsquared
	k1b := pi2 / 4
	k2a := 6*zsix + 2*zfour
	k2b := (2*zfour - 5*zsquared) * pi2 / 4
	k2c := pi4 * (1 - 2*zsquared) / 16
	k3d := pi6 * (5 - 30*zsquared) / 64
	k3c := pi4 * (-60*zsquared + 212*zfour) / 16
	k3b := pi2 * (135*zfour - 96*zsix) / 4
	k3a := -30*zsix - 90*math.Pow(z, 8)

	var K [4]float64
	maxk := int(math.Ceil(16 * z / math.Pi))
	for k := maxk; k > 0; k-- {
		m := float64(2*k - 1)
		msq := m * m
		mfour, msix := msq*msq, msq*msq*msq
		qpower := math.Pow(q, float64(8*k))
		coeffs := [4]float64{1,
			k1a + k1b*msq,
			k2a + k2b*msq + k2c*mfour,
			k3a + k3b*msq + k3c*mfour + k3d*msix}
		for i := range K {
			K[i] = K[i]*qpower + coeffs[i]
		}
	}
	sqrt2pi := math.Sqrt(2 * math.Pi)
	den := [4]float64{z, 6 * zfour, 72 * math.Pow(z, 7), 6480 * math.Pow(z, 10)}
	for i := range K {
		K[i] = K[i] * q * sqrt2pi / den[i]
	}
	q = math.Exp(-pi2 / 2 / zsquared)
	sqrt3z := math.Sqrt(3) * z
	var k2extra, k3extra float64
	for k := maxk; k > 0; k-- {
		ks := float64(k)
		ksq := ks * ks
		qp := math.Pow(q, ksq)
		k2extra += ksq * qp
		kspi := math.Pi * ks
		k3extra += (sqrt3z + kspi) * (sqrt3z - kspi) * ksq * qp
	}
	k2extra *= pi2 * sqrt2pi / (-36 * zthree)
	k3extra *= pi2 * sqrt2pi / (216 * zsix)
	K[2] += k2extra
	K[3] += k3extra
	var sum float64
	for i := range K {
		sum += K[i] / math.Pow(fn, float64(i)/2)
	}
	return sum
}

// smirnovSF returns P(D_n⁺ ≥ d), the survival function of the one-sided
// Kolmogorov–Smirnov statistic (scipy.special.smirnov), by the
// Smirnov/Birnbaum–Tingey sum
//
//	P(D_n⁺ ≥ d) = d · Σ_{v=0}^{⌊n(1−d)⌋} C(n,v) (d + v/n)^(v−1) (1 − d − v/n)^(n−v),
//
// whose terms are all positive; they are summed in log space. The special
// cases (n = 1, d ≤ 1/n, d ≥ 1 − 1/n, underflow, and the approximation
// e^(−(6nd+1)²/(18n)) for n > 10⁶) follow scipy's cephes/kolmogorov.c.
func smirnovSF(n int, d float64) float64 {
	if math.IsNaN(d) || n < 1 || d < 0 || d > 1 {
		return math.NaN()
	}
	if n == 1 {
		return 1 - d
	}
	if d == 0 {
		return 1
	}
	if d == 1 {
		return 0
	}
	fn := float64(n)
	// floor(n·d) and its remainder, exactly (the product's rounding error is
	// recovered with an FMA).
	nd := fn * d
	ndErr := math.FMA(fn, d, -nd)
	nxfl := math.Floor(nd)
	alpha := (nd - nxfl) + ndErr
	if alpha < 0 {
		nxfl--
		alpha++
	}
	if alpha >= 1 {
		nxfl++
		alpha--
	}
	if nxfl == 0 || (nxfl == 1 && alpha == 0) {
		return 1 - d*math.Pow(1+d, fn-1)
	}
	if -2*fn*d*d < cephesMinLog {
		return 0
	}
	if nxfl >= fn-1 {
		return math.Pow(1-d, fn)
	}
	if n > 1000000 {
		logp := -math.Pow(6*fn*d+1, 2) / 18 / fn
		if logp < -math.Ln2 {
			return math.Exp(logp)
		}
		return 1 + math.Expm1(logp) // scipy's 1 − cdf form
	}
	last := n - int(nxfl) - 1 // ⌊n(1−d)⌋ when alpha > 0
	if alpha == 0 {
		last-- // the term v = n − n·d vanishes
	}
	logC := 0.0 // log C(n, v)
	var sum float64
	maxLog := math.Inf(-1)
	// First pass: find the largest log-term so the sum can be scaled.
	logTerm := func(v int, logC float64) float64 {
		fv := float64(v)
		a := d + fv/fn           // d + v/n
		b := float64(n-v)/fn - d // 1 − d − v/n
		return logC + (fv-1)*math.Log(a) + float64(n-v)*math.Log(b)
	}
	terms := make([]float64, 0, last+1)
	for v := 0; v <= last; v++ {
		lt := logTerm(v, logC)
		terms = append(terms, lt)
		maxLog = math.Max(maxLog, lt)
		logC += math.Log(float64(n-v) / float64(v+1))
	}
	for _, lt := range terms {
		sum += math.Exp(lt - maxLog)
	}
	return math.Exp(math.Log(d) + maxLog + math.Log(sum))
}
