package fit

import (
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

func drawN(d interface{ Rand() float64 }, n int) []float64 {
	x := make([]float64, n)
	for i := range x {
		x[i] = d.Rand()
	}
	return x
}

func TestFitHyperGammaRecovers(t *testing.T) {
	t.Parallel()
	// 200,000 seeded draws; every parameter within 2% (issue 5). The models
	// are rows of Lublin and Feitelson, Table 2 (α1 β1 α2 β2 p).
	for _, c := range []struct {
		name string
		h    HyperGamma
	}{
		{"average model", HyperGamma{P: 0.685, Alpha1: 4.2, Beta1: 0.94, Alpha2: 312, Beta2: 0.03}},
		{"KTH", HyperGamma{P: 0.61, Alpha1: 5.76, Beta1: 0.82, Alpha2: 159.5, Beta2: 0.05}},
		{"LANL", HyperGamma{P: 0.55, Alpha1: 6.00, Beta1: 0.66, Alpha2: 68.5, Beta2: 0.13}},
	} {
		h := c.h
		h.Src = rand.NewPCG(2003, 5)
		x := drawN(h, 200000)
		got, res, err := FitHyperGamma(x, nil, EMOptions{})
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if !res.Converged || res.N != 200000 {
			t.Errorf("%s: result %+v", c.name, res)
		}
		for _, p := range []struct {
			name      string
			got, want float64
		}{
			{"p", got.P, c.h.P}, {"alpha1", got.Alpha1, c.h.Alpha1}, {"beta1", got.Beta1, c.h.Beta1},
			{"alpha2", got.Alpha2, c.h.Alpha2}, {"beta2", got.Beta2, c.h.Beta2},
		} {
			if e := relErr(p.got, p.want); e > 0.02 {
				t.Errorf("%s: %s = %v, want %v (error %.2f%%)", c.name, p.name, p.got, p.want, 100*e)
			}
		}
		// The fit is as likely as the true parameters (it maximises the
		// likelihood), and the KS test does not reject it.
		var trueLL float64
		for _, v := range x {
			trueLL += c.h.LogProb(v)
		}
		if res.LogLik < trueLL {
			t.Errorf("%s: fitted log-likelihood %v below the true parameters' %v", c.name, res.LogLik, trueLL)
		}
		if r := KS(x, got.CDF); r.P < 0.01 {
			t.Errorf("%s: KS of the fit D = %v p = %v", c.name, r.D, r.P)
		}
	}
}

func TestFitHyperExponentialRecovers(t *testing.T) {
	t.Parallel()
	h := HyperExponential{P: 0.4, Rate1: 3, Rate2: 0.2, Src: rand.NewPCG(11, 12)}
	x := drawN(h, 200000)
	got, res, err := FitHyperExponential(x, nil, EMOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if !res.Converged {
		t.Errorf("not converged: %+v", res)
	}
	for _, p := range [][2]float64{{got.P, 0.4}, {got.Rate1, 3}, {got.Rate2, 0.2}} {
		if relErr(p[0], p[1]) > 0.02 {
			t.Errorf("fit %+v, want P 0.4 rates 3, 0.2", got)
		}
	}
}

func TestFitHyperErlangRecovers(t *testing.T) {
	t.Parallel()
	h := HyperErlang{P: 0.65, K1: 4, Rate1: 1.0, K2: 250, Rate2: 25, Src: rand.NewPCG(13, 14)}
	x := drawN(h, 100000)
	got, res, err := FitHyperErlang(x, nil, EMOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if got.K1 != 4 || math.Abs(float64(got.K2-250)) > 5 || relErr(got.P, 0.65) > 0.02 ||
		relErr(got.Rate1, 1) > 0.02 || relErr(got.Rate2, 25) > 0.03 || !res.Converged {
		t.Errorf("FitHyperErlang = %+v (%+v), want %+v", got, res, h)
	}
	// The Erlang fit cannot beat the unconstrained hyper-Gamma fit.
	_, rg, err := FitHyperGamma(x, nil, EMOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if res.LogLik > rg.LogLik+1e-6*math.Abs(rg.LogLik) {
		t.Errorf("hyper-Erlang log-likelihood %v above hyper-Gamma %v", res.LogLik, rg.LogLik)
	}
}

func TestEMLogLikMonotone(t *testing.T) {
	t.Parallel()
	// EM never decreases the likelihood: the log-likelihood after k E-steps
	// is non-decreasing in k, with and without SQUAREM, and Converged is
	// false when MaxIter stops the iteration early. Both reach the same
	// optimum.
	h := HyperGamma{P: 0.55, Alpha1: 6, Beta1: 0.66, Alpha2: 68.5, Beta2: 0.13, Src: rand.NewPCG(3, 3)}
	x := drawN(h, 5000)
	for _, plain := range []bool{false, true} {
		prev := math.Inf(-1)
		for k := 1; k <= 40; k++ {
			_, res, err := FitHyperGamma(x, nil, EMOptions{MaxIter: k, Tol: 1e-15, NoAcceleration: plain})
			if err != nil {
				t.Fatal(err)
			}
			if res.LogLik < prev {
				t.Fatalf("plain %v, %d E-steps: log-likelihood %v below %v", plain, k, res.LogLik, prev)
			}
			if k < 5 && res.Converged {
				t.Errorf("plain %v: MaxIter %d reported convergence", plain, k)
			}
			prev = res.LogLik
		}
	}
	a, ra, err := FitHyperGamma(x, nil, EMOptions{Tol: 1e-13})
	if err != nil {
		t.Fatal(err)
	}
	b, rb, err := FitHyperGamma(x, nil, EMOptions{Tol: 1e-13, NoAcceleration: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range [][2]float64{{a.P, b.P}, {a.Alpha1, b.Alpha1}, {a.Beta1, b.Beta1}, {a.Alpha2, b.Alpha2}, {a.Beta2, b.Beta2}} {
		if relErr(p[0], p[1]) > 1e-4 {
			t.Errorf("SQUAREM fit %+v, plain EM fit %+v", a, b)
			break
		}
	}
	if ra.Iterations >= rb.Iterations || ra.LogLik < rb.LogLik-1e-6 {
		t.Errorf("SQUAREM %+v vs plain EM %+v: want fewer E-steps and the same likelihood", ra, rb)
	}
}

func TestFitHyperGammaWeights(t *testing.T) {
	t.Parallel()
	// Integer weights are equivalent to repeated observations.
	rng := rand.New(rand.NewPCG(21, 22))
	h := HyperGamma{P: 0.6, Alpha1: 5, Beta1: 0.8, Alpha2: 150, Beta2: 0.05, Src: rng}
	x := drawN(h, 3000)
	w := make([]float64, len(x))
	var rep []float64
	for i := range x {
		w[i] = float64(rng.IntN(3))
		for k := 0; k < int(w[i]); k++ {
			rep = append(rep, x[i])
		}
	}
	opts := EMOptions{Tol: 1e-13}
	a, ra, err := FitHyperGamma(x, w, opts)
	if err != nil {
		t.Fatal(err)
	}
	b, rb, err := FitHyperGamma(rep, nil, opts)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range [][2]float64{{a.P, b.P}, {a.Alpha1, b.Alpha1}, {a.Beta1, b.Beta1}, {a.Alpha2, b.Alpha2}, {a.Beta2, b.Beta2}} {
		if relErr(p[0], p[1]) > 1e-6 {
			t.Errorf("weighted fit %+v, repeated %+v", a, b)
			break
		}
	}
	closeTo(t, "weighted loglik", ra.LogLik, rb.LogLik, 1e-9)
}

func TestEMRestarts(t *testing.T) {
	t.Parallel()
	h := HyperGamma{P: 0.61, Alpha1: 5.76, Beta1: 0.82, Alpha2: 159.5, Beta2: 0.05, Src: rand.NewPCG(5, 6)}
	x := drawN(h, 20000)
	base, rb, err := FitHyperGamma(x, nil, EMOptions{})
	if err != nil {
		t.Fatal(err)
	}
	o := EMOptions{Restarts: 4, Seed: 9}
	a, ra, err := FitHyperGamma(x, nil, o)
	if err != nil {
		t.Fatal(err)
	}
	b, _, _ := FitHyperGamma(x, nil, o)
	if a != b {
		t.Errorf("restarts with the same seed differ: %+v vs %+v", a, b)
	}
	if ra.Restarts != 4 || ra.LogLik < rb.LogLik {
		t.Errorf("restarts: %+v, without: %+v", ra, rb)
	}
	// A poor split (InitSplit far in the tail) still converges to the same
	// optimum here.
	c, _, err := FitHyperGamma(x, nil, EMOptions{Init: InitSplit, Split: 2.5, Tol: 1e-12})
	if err != nil {
		t.Fatal(err)
	}
	if relErr(c.Alpha2, base.Alpha2) > 1e-3 || relErr(c.P, base.P) > 1e-3 {
		t.Errorf("InitSplit fit %+v, middle-minimum fit %+v", c, base)
	}
	if m, _, err := FitHyperGamma(x, nil, EMOptions{Init: InitMedian}); err != nil || relErr(m.P, base.P) > 1e-3 {
		t.Errorf("InitMedian fit %+v (%v), middle-minimum fit %+v", m, err, base)
	}
}

func TestMiddleMinimum(t *testing.T) {
	t.Parallel()
	// Two well separated modes (Gammas with means 4 and 10, sd 1): the split
	// must fall in the valley between them.
	h := HyperGamma{P: 0.6, Alpha1: 16, Beta1: 0.25, Alpha2: 100, Beta2: 0.1, Src: rand.NewPCG(1, 9)}
	x := drawN(h, 50000)
	s, ok := MiddleMinimum(x, nil, 0)
	if !ok || s < 6 || s > 8 {
		t.Errorf("MiddleMinimum = %v, %v; want a split between 6 and 8", s, ok)
	}
	// A unimodal sample has no second mode.
	g := Gamma{Alpha: 9, Beta: 1, Src: rand.NewPCG(1, 10)}
	if s, ok := MiddleMinimum(drawN(g, 100000), nil, 20); ok {
		t.Errorf("unimodal sample split at %v", s)
	}
	// Hand-made histogram: counts 5 9 3 1 1 4 2 on bins of width 1 from 0;
	// modes at bins 1 and 5, lowest bins 3 and 4 → split at their middle, 4.
	var y []float64
	for b, c := range []int{5, 9, 3, 1, 1, 4, 2} {
		for k := 0; k < c; k++ {
			y = append(y, float64(b)+0.5)
		}
	}
	y = append(y, 0, 7) // range [0, 7] → width 1
	if s, ok := MiddleMinimum(y, nil, 7); !ok || s != 4 {
		t.Errorf("MiddleMinimum(hand-made) = %v, %v; want 4", s, ok)
	}
}

func TestEMComponentOrder(t *testing.T) {
	t.Parallel()
	// Component 1 is the one with the smaller mean whatever the input order.
	h := HyperGamma{P: 0.3, Alpha1: 200, Beta1: 0.05, Alpha2: 4, Beta2: 0.9, Src: rand.NewPCG(8, 8)}
	got, _, err := FitHyperGamma(drawN(h, 20000), nil, EMOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if got.Alpha1*got.Beta1 > got.Alpha2*got.Beta2 || math.Abs(got.P-0.7) > 0.02 {
		t.Errorf("fit %+v: want the short component first with P ≈ 0.7", got)
	}
}

func TestEMCollapsed(t *testing.T) {
	t.Parallel()
	// Two distinct values cannot be split into two Gammas.
	x := []float64{1, 1, 1, 1, 1, 2, 2, 2, 2, 2}
	if _, _, err := FitHyperGamma(x, nil, EMOptions{}); !errors.Is(err, ErrCollapsed) {
		t.Errorf("FitHyperGamma on two values: %v, want ErrCollapsed", err)
	}
}

// Zero options take their defaults; negative ones are errors.
func TestEMOptionsNegative(t *testing.T) {
	t.Parallel()
	x := []float64{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 20, 30, 40, 50}
	for _, o := range []EMOptions{{MaxIter: -1}, {Tol: -1e-9}, {Tol: math.NaN()}, {Restarts: -1}, {Bins: -3}} {
		if _, _, err := FitHyperGamma(x, nil, o); err == nil {
			t.Errorf("FitHyperGamma with %+v: no error", o)
		}
		if _, _, err := FitHyperExponential(x, nil, o); err == nil {
			t.Errorf("FitHyperExponential with %+v: no error", o)
		}
	}
}

// TestMergeEqual checks the merging of equal values of a sorted sample
// (newEMData's ties), worked by hand.
func TestMergeEqual(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name         string
		xs, ws       []float64
		wantX, wantW []float64
	}{
		{"empty", nil, nil, []float64{}, []float64{}},
		{"distinct", []float64{1, 2, 3}, []float64{1, 1, 1}, []float64{1, 2, 3}, []float64{1, 1, 1}},
		{"runs", []float64{1, 1, 2, 5, 5, 5}, []float64{1, 0.5, 2, 1, 1, 1}, []float64{1, 2, 5}, []float64{1.5, 2, 3}},
		{"one value", []float64{7, 7, 7}, []float64{2, 3, 4}, []float64{7}, []float64{9}},
	}
	for _, c := range cases {
		xs, ws := mergeEqual(slices.Clone(c.xs), slices.Clone(c.ws))
		if !slices.Equal(xs, c.wantX) || !slices.Equal(ws, c.wantW) {
			t.Errorf("%s: mergeEqual = %v, %v; want %v, %v", c.name, xs, ws, c.wantX, c.wantW)
		}
	}
}
