package fit

import (
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/integrate/quad"
	"gonum.org/v1/gonum/stat"
	"pgregory.net/rapid"
)

// distribution is what every type of this package provides.
type distribution interface {
	Prob(float64) float64
	LogProb(float64) float64
	CDF(float64) float64
	Survival(float64) float64
	Quantile(float64) float64
	Rand() float64
	Mean() float64
	Variance() float64
}

func TestClosedForms(t *testing.T) {
	t.Parallel()
	e := math.Exp
	cases := []struct {
		name      string
		got, want float64
	}{
		// Gamma(α=2, β=3): F(x) = 1 − e^(−x/3)(1 + x/3), f(3) = 3e^(−1)/(Γ(2)·3²).
		{"Gamma CDF", Gamma{Alpha: 2, Beta: 3}.CDF(4), 1 - e(-4.0/3)*(1+4.0/3)},
		{"Gamma Prob", Gamma{Alpha: 2, Beta: 3}.Prob(3), e(-1) / 3},
		{"Gamma Mean", Gamma{Alpha: 2, Beta: 3}.Mean(), 6},
		{"Gamma Variance", Gamma{Alpha: 2, Beta: 3}.Variance(), 18},
		{"Gamma Quantile", Gamma{Alpha: 1, Beta: 2}.Quantile(0.5), 2 * math.Ln2},
		// Hyper-exponential p=0.3, λ = 2, 0.5.
		{"HyperExp CDF", HyperExponential{P: 0.3, Rate1: 2, Rate2: 0.5}.CDF(1), 0.3*(1-e(-2)) + 0.7*(1-e(-0.5))},
		{"HyperExp Prob", HyperExponential{P: 0.3, Rate1: 2, Rate2: 0.5}.Prob(1), 0.3*2*e(-2) + 0.7*0.5*e(-0.5)},
		{"HyperExp Mean", HyperExponential{P: 0.3, Rate1: 2, Rate2: 0.5}.Mean(), 0.15 + 1.4},
		{"HyperExp Variance", HyperExponential{P: 0.3, Rate1: 2, Rate2: 0.5}.Variance(), 0.3*2/4 + 0.7*2/0.25 - 1.55*1.55},
		// Erlang(3, rate 2): F(x) = 1 − e^(−2x)(1 + 2x + 2x²).
		{"HyperErlang CDF", HyperErlang{P: 1, K1: 3, Rate1: 2, K2: 1, Rate2: 1}.CDF(0.7), 1 - e(-1.4)*(1+1.4+0.98)},
		{"HyperErlang Mean", HyperErlang{P: 0.25, K1: 3, Rate1: 2, K2: 5, Rate2: 0.5}.Mean(), 0.25*1.5 + 0.75*10},
		// Hyper-Gamma: Table 2 "average model" 4.20 0.94 312.0 0.03 0.685.
		{"HyperGamma Mean", HyperGamma{P: 0.685, Alpha1: 4.2, Beta1: 0.94, Alpha2: 312, Beta2: 0.03}.Mean(), 0.685*4.2*0.94 + 0.315*312*0.03},
		{"HyperGamma CDF", HyperGamma{P: 0.685, Alpha1: 4.2, Beta1: 0.94, Alpha2: 312, Beta2: 0.03}.CDF(5),
			0.685*Gamma{Alpha: 4.2, Beta: 0.94}.CDF(5) + 0.315*Gamma{Alpha: 312, Beta: 0.03}.CDF(5)},
		// Two-stage uniform (Table 1, SDSC96 row: l=1, m=5, h=7, p=0.86).
		{"TwoStage CDF low", TwoStageUniform{Low: 1, Med: 5, High: 7, P: 0.86}.CDF(3), 0.43},
		{"TwoStage CDF high", TwoStageUniform{Low: 1, Med: 5, High: 7, P: 0.86}.CDF(6), 0.86 + 0.07},
		{"TwoStage CDF med", TwoStageUniform{Low: 1, Med: 5, High: 7, P: 0.86}.CDF(5), 0.86},
		{"TwoStage Prob", TwoStageUniform{Low: 1, Med: 5, High: 7, P: 0.86}.Prob(2), 0.86 / 4},
		{"TwoStage Quantile", TwoStageUniform{Low: 1, Med: 5, High: 7, P: 0.86}.Quantile(0.93), 6},
		{"TwoStage Mean", TwoStageUniform{Low: 1, Med: 5, High: 7, P: 0.86}.Mean(), 0.86*3 + 0.14*6},
		{"TwoStage Variance", TwoStageUniform{Low: 0, Med: 1, High: 2, P: 0.5}.Variance(), 1.0 / 3},
	}
	for _, c := range cases {
		if math.Abs(c.got-c.want) > 1e-13*math.Max(1, math.Abs(c.want)) {
			t.Errorf("%s = %.16g, want %.16g", c.name, c.got, c.want)
		}
	}
	// Hyper-Erlang with unit shapes is the hyper-exponential.
	he := HyperErlang{P: 0.3, K1: 1, Rate1: 2, K2: 1, Rate2: 0.5}
	hx := HyperExponential{P: 0.3, Rate1: 2, Rate2: 0.5}
	for _, x := range []float64{0.01, 0.5, 3, 20} {
		closeTo(t, "HyperErlang(K=1) CDF", he.CDF(x), hx.CDF(x), 1e-14)
		closeTo(t, "HyperErlang(K=1) LogProb", he.LogProb(x), hx.LogProb(x), 1e-13)
	}
}

func TestToHyperErlang(t *testing.T) {
	t.Parallel()
	// Section 5.2: round α, keep the mean αβ.
	h := HyperGamma{P: 0.7, Alpha1: 4.0, Beta1: 1.0, Alpha2: 500.4, Beta2: 0.02}
	e := h.ToHyperErlang()
	if e.K1 != 4 || e.K2 != 500 || e.P != 0.7 {
		t.Fatalf("ToHyperErlang = %+v", e)
	}
	closeTo(t, "mean 1", float64(e.K1)/e.Rate1, 4.0, 1e-15)
	closeTo(t, "mean 2", float64(e.K2)/e.Rate2, 500.4*0.02, 1e-15)
	closeTo(t, "mixture mean", e.Mean(), h.Mean(), 1e-14)
}

// testDists returns one member of every distribution with source src.
func testDists(src rand.Source) map[string]distribution {
	return map[string]distribution{
		"Gamma":            Gamma{Alpha: 3.87, Beta: 0.73, Src: src},
		"HyperGamma":       HyperGamma{P: 0.685, Alpha1: 4.2, Beta1: 0.94, Alpha2: 312, Beta2: 0.03, Src: src},
		"HyperExponential": HyperExponential{P: 0.4, Rate1: 3, Rate2: 0.2, Src: src},
		"HyperErlangSmall": HyperErlang{P: 0.6, K1: 4, Rate1: 1.1, K2: 30, Rate2: 3.2, Src: src},
		"HyperErlangLarge": HyperErlang{P: 0.6, K1: 1, Rate1: 0.9, K2: 300, Rate2: 33, Src: src},
		"TwoStageUniform":  TwoStageUniform{Low: 0.8, Med: 4.5, High: 7, P: 0.86, Src: src},
	}
}

func TestSamplers(t *testing.T) {
	t.Parallel()
	// 100,000 draws from rand.NewPCG(1, 1): the KS test against the CDF must
	// not reject at 0.1% and the sample mean must be within 4 standard errors.
	for name, d := range testDists(rand.NewPCG(1, 1)) {
		x := make([]float64, 100000)
		for i := range x {
			x[i] = d.Rand()
		}
		r := KS(x, d.CDF)
		if r.P < 1e-3 {
			t.Errorf("%s: KS of draws D = %v, p = %v", name, r.D, r.P)
		}
		m := stat.Mean(x, nil)
		se := math.Sqrt(d.Variance() / float64(len(x)))
		if math.Abs(m-d.Mean()) > 4*se {
			t.Errorf("%s: sample mean %v, want %v ± %v", name, m, d.Mean(), 4*se)
		}
	}
}

func TestSamplerReproducible(t *testing.T) {
	t.Parallel()
	a := testDists(rand.NewPCG(7, 8))
	b := testDists(rand.NewPCG(7, 8))
	for name := range a {
		for i := 0; i < 100; i++ {
			if x, y := a[name].Rand(), b[name].Rand(); x != y {
				t.Fatalf("%s: draw %d differs with the same seed: %v vs %v", name, i, x, y)
			}
		}
	}
}

// drawDist draws a random distribution of each kind for property tests.
func drawDist(t *rapid.T) distribution {
	shape := rapid.Float64Range(0.5, 400)
	scale := rapid.Float64Range(0.005, 3)
	p := rapid.Float64Range(0.01, 0.99)
	rate := rapid.Float64Range(0.05, 20)
	k := rapid.IntRange(1, 60)
	switch rapid.IntRange(0, 4).Draw(t, "kind") {
	case 0:
		return Gamma{Alpha: shape.Draw(t, "a"), Beta: scale.Draw(t, "b")}
	case 1:
		return HyperGamma{P: p.Draw(t, "p"), Alpha1: shape.Draw(t, "a1"), Beta1: scale.Draw(t, "b1"),
			Alpha2: shape.Draw(t, "a2"), Beta2: scale.Draw(t, "b2")}
	case 2:
		return HyperExponential{P: p.Draw(t, "p"), Rate1: rate.Draw(t, "r1"), Rate2: rate.Draw(t, "r2")}
	case 3:
		return HyperErlang{P: p.Draw(t, "p"), K1: k.Draw(t, "k1"), Rate1: rate.Draw(t, "r1"),
			K2: k.Draw(t, "k2"), Rate2: rate.Draw(t, "r2")}
	default:
		lo := rapid.Float64Range(-5, 5).Draw(t, "low")
		w1 := rapid.Float64Range(0.01, 5).Draw(t, "w1")
		w2 := rapid.Float64Range(0.01, 5).Draw(t, "w2")
		return TwoStageUniform{Low: lo, Med: lo + w1, High: lo + w1 + w2, P: p.Draw(t, "p")}
	}
}

func TestDistributionProperties(t *testing.T) {
	t.Parallel()
	rapid.Check(t, func(t *rapid.T) {
		d := drawDist(t)
		p1 := rapid.Float64Range(0.001, 0.998).Draw(t, "p1")
		p2 := rapid.Float64Range(p1+0.0005, 0.999).Draw(t, "p2")
		x1, x2 := d.Quantile(p1), d.Quantile(p2)
		// Quantile inverts the CDF.
		if math.Abs(d.CDF(x1)-p1) > 1e-9 || math.Abs(d.CDF(x2)-p2) > 1e-9 {
			t.Fatalf("%+v: CDF(Quantile(%v)) = %v, CDF(Quantile(%v)) = %v", d, p1, d.CDF(x1), p2, d.CDF(x2))
		}
		// The CDF is monotone, within [0, 1], and Survival = 1 − CDF.
		if !(x1 <= x2) {
			t.Fatalf("%+v: quantiles not monotone: %v > %v", d, x1, x2)
		}
		xm := x1 + (x2-x1)*rapid.Float64Range(0, 1).Draw(t, "frac")
		f1, fm, f2 := d.CDF(x1), d.CDF(xm), d.CDF(x2)
		// (monotone up to rounding: gonum's incomplete Gamma is not exactly
		// monotone in the last bits)
		const eps = 1e-14
		if !(0 <= f1 && f1 <= fm+eps && fm <= f2+eps && f2 <= 1) {
			t.Fatalf("%+v: CDF not monotone in [0, 1]: %v %v %v", d, f1, fm, f2)
		}
		if math.Abs(d.Survival(xm)-(1-fm)) > 1e-12 {
			t.Fatalf("%+v: Survival(%v) = %v, 1 − CDF = %v", d, xm, d.Survival(xm), 1-fm)
		}
		// Quantile(CDF(x)) ≈ x where the density is not negligible.
		if pdf := d.Prob(xm); pdf > 1e-6 {
			if back := d.Quantile(fm); math.Abs(back-xm) > 1e-7*math.Max(1, math.Abs(xm))+1e-12/pdf {
				t.Fatalf("%+v: Quantile(CDF(%v)) = %v", d, xm, back)
			}
		}
		// LogProb is the log of Prob.
		if pdf := d.Prob(xm); pdf > 1e-300 && math.Abs(d.LogProb(xm)-math.Log(pdf)) > 1e-9*math.Max(1, math.Abs(math.Log(pdf))) {
			t.Fatalf("%+v: LogProb(%v) = %v, log Prob = %v", d, xm, d.LogProb(xm), math.Log(pdf))
		}
		// The density integrates to the CDF increments: ∫ Prob over
		// [Quantile(p1), Quantile(p2)] = p2 − p1 (Gauss–Legendre; split at the
		// stage boundary of the two-stage uniform, where Prob jumps).
		var integral float64
		if u, ok := d.(TwoStageUniform); ok && x1 < u.Med && u.Med < x2 {
			integral = quad.Fixed(d.Prob, x1, u.Med, 200, nil, 0) + quad.Fixed(d.Prob, u.Med, x2, 200, nil, 0)
		} else if _, ok := d.(TwoStageUniform); ok {
			integral = quad.Fixed(d.Prob, x1, x2, 200, nil, 0)
		} else {
			// Gamma-type densities with shape < 1 are singular at 0: integrate
			// over t = log x, where f(e^t)·e^t is smooth.
			integral = quad.Fixed(func(t float64) float64 { return d.Prob(math.Exp(t)) * math.Exp(t) },
				math.Log(x1), math.Log(x2), 2000, nil, 0)
		}
		if math.Abs(integral-(p2-p1)) > 1e-6 {
			t.Fatalf("%+v: ∫Prob over [%v, %v] = %v, want %v", d, x1, x2, integral, p2-p1)
		}
	})
}
