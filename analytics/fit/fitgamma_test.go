package fit

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mathext"
	"pgregory.net/rapid"
)

func TestFitGammaScipy(t *testing.T) {
	t.Parallel()
	// scipy 1.10.1: a, loc, scale = scipy.stats.gamma.fit(x, floc=0) and
	// the log-likelihood gamma(a, scale=scale).logpdf(x).sum(), with
	// x = 0.05 + (−log(1−u1) − log(1−u2))·(0.5 + u3) (testdata/scipy_refs.py).
	// scipy solves for a with brentq (xtol 2e-12), hence the 1e-9 tolerance.
	for _, c := range []struct {
		seed        uint64
		n           int
		alpha, beta float64
		loglik      float64
	}{
		{2, 30, 1.4832605448920408, 1.2551292012757882, -47.37666636602843},
		{19, 1000, 1.874001647179159, 1.1021564219598183, -1627.723559352569},
		{23, 50000, 1.8673185020969034, 1.098892296171723, -81107.86647332044},
	} {
		u := parkMiller(c.seed, 3*c.n)
		x := make([]float64, c.n)
		for i := range x {
			x[i] = 0.05 + (-math.Log1p(-u[3*i])-math.Log1p(-u[3*i+1]))*(0.5+u[3*i+2])
		}
		g, res, err := FitGamma(x, nil)
		if err != nil {
			t.Fatalf("seed %d: %v", c.seed, err)
		}
		closeTo(t, "alpha", g.Alpha, c.alpha, 1e-9)
		closeTo(t, "beta", g.Beta, c.beta, 1e-9)
		closeTo(t, "loglik", res.LogLik, c.loglik, 1e-9)
		if !res.Converged || res.N != c.n || res.Iterations < 1 || res.Iterations > 10 {
			t.Errorf("seed %d: result %+v", c.seed, res)
		}
	}
}

func TestShapeFromS(t *testing.T) {
	t.Parallel()
	// The solution must satisfy log α − ψ(α) = s over a wide range of shapes,
	// including the large shapes of Table 2 (α2 = 1533 for SDSC95).
	for _, a := range []float64{0.01, 0.3, 1, 2.35, 4.2, 19.99, 20, 68.5, 639.1, 1533, 1e5, 1e7} {
		s := math.Log(a) - mathext.Digamma(a)
		got, it, ok := shapeFromS(s)
		if !ok || relErr(got, a) > 1e-8 {
			t.Errorf("shapeFromS(s(α=%v)) = %v (iterations %d, converged %v)", a, got, it, ok)
		}
	}
}

// trigamma is gonum's Hurwitz zeta ζ(2, x); it agrees with the closed forms
// to within 1 ulp of their correctly rounded values.
func TestTrigamma(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		x    float64
		want float64
	}{
		{1, 1.6449340668482264365},    // π²/6
		{0.5, 4.9348022005446793094},  // π²/2
		{3, 0.39493406684822643647},   // ψ'(n+1) = ψ'(n) − 1/n²: π²/6 − 1 − 1/4
		{100, 0.01005016666333357137}, // the asymptotic series (DLMF 5.15.8) in exact rational arithmetic; scipy polygamma(1, 100) agrees
	} {
		got := trigamma(c.x)
		if d := int64(math.Float64bits(got)) - int64(math.Float64bits(c.want)); d < -1 || d > 1 {
			t.Errorf("trigamma(%v) = %v, want %v (%d ulps apart)", c.x, got, c.want, d)
		}
	}
	// log α − ψ(α) series against Digamma at the switch point.
	closeTo(t, "logMinusDigamma(20)", logMinusDigamma(20), math.Log(20)-mathext.Digamma(20), 1e-12)
}

func TestFitGammaWeights(t *testing.T) {
	t.Parallel()
	// Integer weights must give the same fit as repeating observations.
	rng := rand.New(rand.NewPCG(3, 4))
	g := Gamma{Alpha: 2.5, Beta: 1.3, Src: rng}
	x := make([]float64, 300)
	w := make([]float64, 300)
	var rep []float64
	for i := range x {
		x[i] = g.Rand()
		w[i] = float64(rng.IntN(4)) // includes zero weights
		for k := 0; k < int(w[i]); k++ {
			rep = append(rep, x[i])
		}
	}
	a, ra, err := FitGamma(x, w)
	if err != nil {
		t.Fatal(err)
	}
	b, rb, err := FitGamma(rep, nil)
	if err != nil {
		t.Fatal(err)
	}
	closeTo(t, "weighted alpha", a.Alpha, b.Alpha, 1e-11)
	closeTo(t, "weighted beta", a.Beta, b.Beta, 1e-11)
	closeTo(t, "weighted loglik", ra.LogLik, rb.LogLik, 1e-11)

	e1, _, err := FitExponential(x, w)
	if err != nil {
		t.Fatal(err)
	}
	e2, _, _ := FitExponential(rep, nil)
	closeTo(t, "weighted exponential rate", e1.Rate, e2.Rate, 1e-12)
}

func TestFitExponential(t *testing.T) {
	t.Parallel()
	// MLE rate = 1/mean (Lublin and Feitelson, section 3.2.2); for
	// x = 1…10 the mean is 5.5 and the log-likelihood n·log(λ) − λ·Σx.
	x := []float64{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}
	e, res, err := FitExponential(x, nil)
	if err != nil {
		t.Fatal(err)
	}
	closeTo(t, "rate", e.Rate, 1/5.5, 1e-15)
	closeTo(t, "loglik", res.LogLik, 10*math.Log(1/5.5)-10, 1e-13)
}

func TestFitErrors(t *testing.T) {
	t.Parallel()
	ten := []float64{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}
	with := func(i int, v float64) []float64 {
		x := append([]float64(nil), ten...)
		x[i] = v
		return x
	}
	fitters := map[string]func(x, w []float64) error{
		"gamma":       func(x, w []float64) error { _, _, err := FitGamma(x, w); return err },
		"exponential": func(x, w []float64) error { _, _, err := FitExponential(x, w); return err },
		"hypergamma":  func(x, w []float64) error { _, _, err := FitHyperGamma(x, w, EMOptions{}); return err },
		"hyperexp":    func(x, w []float64) error { _, _, err := FitHyperExponential(x, w, EMOptions{}); return err },
		"hypererlang": func(x, w []float64) error { _, _, err := FitHyperErlang(x, w, EMOptions{}); return err },
		"twostage":    func(x, w []float64) error { _, _, err := FitTwoStageUniform(x, w); return err },
	}
	cases := []struct {
		name string
		x, w []float64
		want error
		skip map[string]bool // fitters for which the input is valid
	}{
		{"nine points", ten[:9], nil, ErrTooFew, nil},
		{"zero weights leave nine", ten, []float64{0, 1, 1, 1, 1, 1, 1, 1, 1, 1}, ErrTooFew, nil},
		{"NaN", with(3, math.NaN()), nil, ErrNonFinite, nil},
		{"Inf", with(3, math.Inf(1)), nil, ErrNonFinite, nil},
		{"constant", []float64{2, 2, 2, 2, 2, 2, 2, 2, 2, 2}, nil, ErrConstant, nil},
		{"zero", with(0, 0), nil, ErrNonPositive, map[string]bool{"exponential": true, "hyperexp": true, "twostage": true}},
		{"negative", with(0, -1), nil, ErrNonPositive, map[string]bool{"exponential": true, "hyperexp": true, "twostage": true}},
		{"negative weight", ten, with(2, -1), ErrWeights, nil},
		{"NaN weight", ten, with(2, math.NaN()), ErrWeights, nil},
	}
	for _, c := range cases {
		for name, f := range fitters {
			if c.skip[name] {
				continue
			}
			err := f(c.x, c.w)
			if !errors.Is(err, c.want) {
				t.Errorf("%s on %s: error %v, want %v", name, c.name, err, c.want)
			}
		}
	}
	// Exponential-type fits need x ≥ 0.
	if _, _, err := FitExponential(with(0, -1), nil); !errors.Is(err, ErrNegative) {
		t.Errorf("FitExponential with a negative value: %v", err)
	}
	if _, _, err := FitHyperExponential(with(0, -1), nil, EMOptions{}); !errors.Is(err, ErrNegative) {
		t.Errorf("FitHyperExponential with a negative value: %v", err)
	}
	// Weights of the wrong length are a programmer error.
	defer func() {
		if recover() == nil {
			t.Error("FitGamma with mismatched weights did not panic")
		}
	}()
	FitGamma(ten, []float64{1})
}

func TestLog(t *testing.T) {
	t.Parallel()
	y, err := Log([]float64{1, math.E, 10})
	if err != nil || y[0] != 0 || math.Abs(y[1]-1) > 1e-15 || math.Abs(y[2]-math.Ln10) > 1e-15 {
		t.Errorf("Log = %v, %v", y, err)
	}
	y2, err := Log2([]float64{1, 2, 1024, 3})
	if err != nil || y2[0] != 0 || y2[1] != 1 || y2[2] != 10 || math.Abs(y2[3]-math.Log2(3)) > 0 {
		t.Errorf("Log2 = %v, %v", y2, err)
	}
	for _, bad := range [][]float64{{1, 0}, {-3}, {math.NaN()}, {math.Inf(1)}} {
		if _, err := Log(bad); err == nil {
			t.Errorf("Log(%v) accepted", bad)
		}
		if _, err := Log2(bad); err == nil {
			t.Errorf("Log2(%v) accepted", bad)
		}
	}
	if _, err := Log([]float64{5, 0}); !errors.Is(err, ErrNonPositive) {
		t.Errorf("Log(0) error %v, want ErrNonPositive", err)
	}
}

func TestFitGammaScoreProperty(t *testing.T) {
	t.Parallel()
	// At the fitted (α, β) both likelihood equations hold:
	// log α − ψ(α) = log mean − mean log, and αβ = mean.
	rapid.Check(t, func(t *rapid.T) {
		x := rapid.SliceOfN(rapid.Float64Range(1e-3, 1e3), 10, 200).Draw(t, "x")
		g, res, err := FitGamma(x, nil)
		if err != nil {
			return // constant samples
		}
		var m, ml float64
		for _, v := range x {
			m += v
			ml += math.Log(v)
		}
		m /= float64(len(x))
		ml /= float64(len(x))
		s := math.Log(m) - ml
		if s < 1e-10 {
			return // nearly constant: s is rounding noise
		}
		if e := math.Abs(math.Log(g.Alpha)-mathext.Digamma(g.Alpha)-s) / s; e > 1e-8 {
			t.Fatalf("shape equation off by %g (α = %v, s = %v)", e, g.Alpha, s)
		}
		if relErr(g.Alpha*g.Beta, m) > 1e-12 || !res.Converged {
			t.Fatalf("αβ = %v, mean %v, %+v", g.Alpha*g.Beta, m, res)
		}
	})
}
