package fit

import (
	"errors"
	"math"
	"strings"
	"testing"
)

// TestEMOptionsBounds: options beyond their bounds are errors, before any
// allocation (Bins 2^40 ran out of memory; Restarts 2^40 ran for ever).
func TestEMOptionsBounds(t *testing.T) {
	t.Parallel()
	x := []float64{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 20, 30, 40, 50}
	for _, o := range []EMOptions{{Bins: MaxBins + 1}, {Bins: 1 << 40}, {Restarts: MaxRestarts + 1}, {Restarts: 1 << 40}, {MaxIter: MaxEMIter + 1}} {
		for name, f := range map[string]func([]float64, []float64, EMOptions) error{
			"FitHyperGamma":       func(x, w []float64, o EMOptions) error { _, _, err := FitHyperGamma(x, w, o); return err },
			"FitHyperExponential": func(x, w []float64, o EMOptions) error { _, _, err := FitHyperExponential(x, w, o); return err },
			"FitHyperErlang":      func(x, w []float64, o EMOptions) error { _, _, err := FitHyperErlang(x, w, o); return err },
		} {
			if err := f(x, nil, o); err == nil || !strings.Contains(err.Error(), "want at most") {
				t.Errorf("%s with %+v: error %v, want a bound", name, o, err)
			}
		}
	}
	// The bounds themselves are allowed.
	if _, _, err := FitHyperGamma(x, nil, EMOptions{Bins: MaxBins, Restarts: 2, MaxIter: MaxEMIter}); err != nil {
		t.Errorf("FitHyperGamma at the bounds: %v", err)
	}
}

// TestMiddleMinimumHostile: a span beyond float64's range (max − min
// overflows) gives the split of the halved data, doubled (it panicked:
// index out of range [-9223372036854775808]); bins above MaxBins panic
// with a message naming the bound.
func TestMiddleMinimumHostile(t *testing.T) {
	t.Parallel()
	// Two clusters, at −1e308 and at 1e308: the lowest bins lie between
	// them; the split is the centre of that run, 0 by symmetry.
	x := []float64{-1e308, -1e308, -0.9e308, 1e308, 1e308, 0.9e308}
	s, ok := MiddleMinimum(x, nil, 10)
	half := make([]float64, len(x))
	for i, v := range x {
		half[i] = v / 2
	}
	sh, okh := MiddleMinimum(half, nil, 10)
	if !ok || !okh || s != 2*sh || math.Abs(s) > 1e307 {
		t.Errorf("MiddleMinimum(±1e308) = %v, %v; halved %v, %v; want twice the halved split, near 0", s, ok, sh, okh)
	}
	defer func() {
		if r := recover(); r == nil || !strings.Contains(r.(string), "MaxBins") {
			t.Errorf("MiddleMinimum with MaxBins+1 bins: recovered %v, want a panic naming MaxBins", r)
		}
	}()
	MiddleMinimum([]float64{1, 2, 3}, nil, MaxBins+1)
}

// TestFitGammaHuge: Gamma fits are scale-equivariant, so values near
// MaxFloat64, whose Σx overflows, fit as the same values scaled by 2^−1000
// (exact) with β scaled back and the log-likelihood shifted by n·1000·ln 2.
// Before: "all values are equal (log mean − mean log = +Inf)".
func TestFitGammaHuge(t *testing.T) {
	t.Parallel()
	base := []float64{1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 1.5, 2.5}
	c := math.Ldexp(1, 1017) // 1.4e306: Σ c·base = 3.3e308 overflows
	huge := make([]float64, len(base))
	for i, v := range base {
		huge[i] = v * c
	}
	g, r, err := FitGamma(base, nil)
	if err != nil {
		t.Fatal(err)
	}
	gh, rh, err := FitGamma(huge, nil)
	if err != nil {
		t.Fatalf("FitGamma(values near MaxFloat64): %v", err)
	}
	closeTo(t, "alpha", gh.Alpha, g.Alpha, 1e-12)
	closeTo(t, "beta/c", gh.Beta/c, g.Beta, 1e-12)
	closeTo(t, "loglik", rh.LogLik, r.LogLik-float64(len(base))*1017*math.Ln2, 1e-12)
	// Weights whose sum overflows are refused, saying so.
	w := make([]float64, len(base))
	for i := range w {
		w[i] = math.MaxFloat64
	}
	if _, _, err := FitGamma(base, w); !errors.Is(err, ErrWeights) || !strings.Contains(err.Error(), "overflows") {
		t.Errorf("FitGamma with weights MaxFloat64: %v, want ErrWeights saying the sum overflows", err)
	}
}
