package fit

import (
	"math"
	"math/rand/v2"
	"testing"

	"pgregory.net/rapid"
)

// twoStageProfile is the log-likelihood of x under the two-stage uniform on
// [low, high] with middle m and the best P for that m (lower stage x < m).
func twoStageProfile(x []float64, low, m, high float64) float64 {
	var n1 float64
	for _, v := range x {
		if v < m {
			n1++
		}
	}
	u := TwoStageUniform{Low: low, Med: m, High: high, P: n1 / float64(len(x))}
	var ll float64
	for _, v := range x {
		ll += u.LogProb(v)
	}
	return ll
}

func TestFitTwoStageUniformSmall(t *testing.T) {
	t.Parallel()
	// x = 0 1 1 2 3 3 3 6 8 10, Low 0, High 10. For Med just above 3 the
	// lower stage holds 7 values on width 3 and the upper 3 on width 7:
	// 7·log(0.7/3) + 3·log(0.3/7) = −19.638…; this beats every other
	// candidate (computed by hand for each data value and tie assignment).
	x := []float64{0, 1, 1, 2, 3, 3, 3, 6, 8, 10}
	u, res, err := FitTwoStageUniform(x, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := 7*math.Log(0.7/3) + 3*math.Log(0.3/7)
	if u.Low != 0 || u.High != 10 || u.Med != math.Nextafter(3, 4) || u.P != 0.7 {
		t.Errorf("fit = %+v, want Low 0, Med 3⁺, High 10, P 0.7", u)
	}
	closeTo(t, "loglik", res.LogLik, want, 1e-12)
	// No other candidate does better: every data value strictly inside
	// (Low, High), with its ties in the upper (Med = v) or the lower stage
	// (Med = v⁺).
	for _, v := range x {
		if v <= 0 || v >= 10 {
			continue
		}
		for _, m := range []float64{v, math.Nextafter(v, 11)} {
			if l := twoStageProfile(x, 0, m, 10); l > res.LogLik+1e-9 {
				t.Errorf("Med %v gives %v > fitted %v", m, l, res.LogLik)
			}
		}
	}
	// The unrestricted likelihood is unbounded as Med approaches Low = min x
	// (the minimum gets density P/(Med−Low)), which is why Med is restricted
	// to data values.
	if l := twoStageProfile(x, 0, 1e-9, 10); l <= res.LogLik {
		t.Errorf("expected the degenerate Med → Low to have a larger likelihood, got %v", l)
	}
}

func TestFitTwoStageUniformRecovers(t *testing.T) {
	t.Parallel()
	// Table 1 model-like parameters, continuous draws.
	src := TwoStageUniform{Low: 1, Med: 5, High: 8, P: 0.86, Src: rand.NewPCG(4, 4)}
	x := drawN(src, 100000)
	u, _, err := FitTwoStageUniform(x, nil)
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(u.Med-5) > 0.05 || math.Abs(u.P-0.86) > 0.01 || math.Abs(u.Low-1) > 1e-3 || math.Abs(u.High-8) > 1e-3 {
		t.Errorf("fit = %+v, want ≈ %+v", u, src)
	}
	// With a fixed range (the paper's model uses Low = min − 0.2).
	r, _, err := FitTwoStageUniformRange(x, nil, 0.8, 8)
	if err != nil {
		t.Fatal(err)
	}
	if r.Low != 0.8 || r.High != 8 || math.Abs(r.Med-5) > 0.05 {
		t.Errorf("range fit = %+v", r)
	}
	if _, _, err := FitTwoStageUniformRange(x, nil, 2, 8); err == nil {
		t.Error("range not covering the data accepted")
	}
}

func TestFitTwoStageUniformDiscrete(t *testing.T) {
	t.Parallel()
	// log2 of power-of-two sizes are integers: Med lands on an atom with the
	// tied observations in the stage that maximises the likelihood.
	rng := rand.New(rand.NewPCG(6, 6))
	x := make([]float64, 5000)
	for i := range x {
		if rng.Float64() < 0.85 {
			x[i] = float64(1 + rng.IntN(5)) // 1..5
		} else {
			x[i] = float64(6 + rng.IntN(3)) // 6..8
		}
	}
	u, res, err := FitTwoStageUniform(x, nil)
	if err != nil {
		t.Fatal(err)
	}
	if math.Round(u.Med) != 5 || math.Abs(u.Med-5) > 1e-12 {
		t.Errorf("Med = %v, want an atom at 5", u.Med)
	}
	var ll float64
	for _, v := range x {
		ll += u.LogProb(v)
	}
	closeTo(t, "LogLik = Σ LogProb", res.LogLik, ll, 1e-12)
}

func TestFitTwoStageUniformIsMaximum(t *testing.T) {
	t.Parallel()
	rapid.Check(t, func(t *rapid.T) {
		// small integers make ties common
		vals := rapid.SliceOfN(rapid.IntRange(0, 12), 10, 40).Draw(t, "x")
		x := make([]float64, len(vals))
		for i, v := range vals {
			x[i] = float64(v) / 2
		}
		u, res, err := FitTwoStageUniform(x, nil)
		if err != nil {
			return // e.g. fewer than three distinct values
		}
		v := rapid.SampledFrom(x).Draw(t, "v")
		if v <= u.Low || v >= u.High {
			return
		}
		m := v
		if rapid.Bool().Draw(t, "ties below") {
			m = math.Nextafter(v, math.Inf(1))
		}
		if l := twoStageProfile(x, u.Low, m, u.High); l > res.LogLik+1e-9 {
			t.Fatalf("fit %+v (loglik %v) beaten by Med %v (%v)", u, res.LogLik, m, l)
		}
	})
	if _, _, err := FitTwoStageUniform([]float64{1, 1, 1, 1, 1, 9, 9, 9, 9, 9}, nil); err == nil {
		t.Error("two distinct values accepted")
	}
}
