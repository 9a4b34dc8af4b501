package fit

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// thunderLike returns ln runtimes as LLNL-Thunder's look: n draws from the
// hyper-Gamma fitted to its runtimes (ln seconds), rounded to whole
// seconds, those ≤ 1 s left out as FitLog does, plus spike jobs of exactly
// 2 s (Thunder has 3.2% of its fitted jobs at 2 s, the smallest value kept).
func thunderLike(n, spike int, seed uint64) []float64 {
	h := HyperGamma{P: 0.8955, Alpha1: 4.274, Beta1: 1.0056, Alpha2: 57.76, Beta2: 0.1454, Src: rand.NewPCG(seed, 1)}
	x := make([]float64, 0, n+spike)
	for len(x) < n {
		if r := math.Round(math.Exp(h.Rand())); r > 1 {
			x = append(x, math.Log(r))
		}
	}
	for range spike {
		x = append(x, math.Ln2)
	}
	return x
}

// A tie at the smallest value draws the middle-minimum start onto a point
// mass (the likelihood grows without bound as the component narrows); the
// fit leaves that start out and finds the hyper-Gamma the sample was drawn
// from.
func TestFitHyperGammaTie(t *testing.T) {
	t.Parallel()
	x := thunderLike(60000, 2000, 7)
	d, err := newEMData(x, nil, famGamma)
	if err != nil {
		t.Fatal(err)
	}
	split, ok := middleMinimum(d.x, d.w, 0)
	if !ok {
		t.Fatal("no middle minimum")
	}
	m0, ok := d.fitSplit(split)
	if !ok {
		t.Fatalf("middle-minimum split at %v cannot be fitted", split)
	}
	// The scenario: from the middle minimum, EM ends on the tie.
	if _, _, err := d.run(m0, EMOptions{MaxIter: 1000, Tol: 1e-9}); !errors.Is(err, ErrPointMass) {
		t.Fatalf("EM from the middle minimum: %v, want ErrPointMass", err)
	}
	h, res, err := FitHyperGamma(x, nil, EMOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Excluded == 0 || !res.Converged {
		t.Errorf("result %+v: want the middle-minimum start excluded and convergence", res)
	}
	// The sample's components (the spike adds 3% to the short one's share).
	want := HyperGamma{P: (0.8955*60000 + 2000) / 62000, Alpha1: 4.274, Beta1: 1.0056, Alpha2: 57.76, Beta2: 0.1454}
	for _, c := range [][3]float64{{h.P, want.P, 0.02}, {h.Alpha1 * h.Beta1, want.Alpha1 * want.Beta1, 0.03},
		{h.Alpha2 * h.Beta2, want.Alpha2 * want.Beta2, 0.02}, {h.Alpha2, want.Alpha2, 0.25}} {
		if relErr(c[0], c[1]) > c[2] {
			t.Errorf("fit %+v, sample's %+v: %v vs %v beyond %v", h, want, c[0], c[1], c[2])
		}
	}
}

func TestFitHyperGammaHostile(t *testing.T) {
	t.Parallel()
	seq := func(n int, f func(i int) float64) []float64 {
		x := make([]float64, n)
		for i := range x {
			x[i] = f(i)
		}
		return x
	}
	spread := seq(40, func(i int) float64 { return 1 + float64(i%13)*0.3 + float64(i/13)*2 })
	with := func(v float64) []float64 { x := append([]float64(nil), spread...); x[7] = v; return x }
	for _, c := range []struct {
		name string
		x    []float64
		want error // nil: a fit
	}{
		{"all values equal", seq(50, func(int) float64 { return 3 }), ErrConstant},
		{"two spikes", seq(100, func(i int) float64 { return float64(1 + i%2) }), ErrPointMass},
		{"two spikes, uneven", seq(100, func(i int) float64 { return []float64{2, 30}[min(i/97, 1)] }), ErrPointMass},
		{"nine values", spread[:9], ErrTooFew},
		{"a zero", with(0), ErrNonPositive},
		{"a negative value", with(-1), ErrNonPositive},
		{"NaN", with(math.NaN()), ErrNonFinite},
		{"+Inf", with(math.Inf(1)), ErrNonFinite},
		{"-Inf", with(math.Inf(-1)), ErrNonFinite},
		{"a few values", spread[:12], nil},
		{"values near MaxFloat64", seq(40, func(i int) float64 { return spread[i] * 1e306 }), nil},
		{"tiny values", seq(40, func(i int) float64 { return spread[i] * 1e-300 }), nil},
	} {
		h, res, err := FitHyperGamma(c.x, nil, EMOptions{})
		if c.want != nil {
			if !errors.Is(err, c.want) {
				t.Errorf("%s: error %v, want %v", c.name, err, c.want)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		ll := 0.0
		for _, v := range c.x {
			ll += h.LogProb(v)
		}
		if !(h.P > 0 && h.P < 1) || relErr(res.LogLik, ll) > 1e-9 {
			t.Errorf("%s: fit %+v, log-likelihood %v, recomputed %v", c.name, h, res.LogLik, ll)
		}
	}
	// Scaling the data by 10^306 scales the betas and shifts the
	// log-likelihood by −n·ln 10^306, nothing else.
	a, ra, errA := FitHyperGamma(spread, nil, EMOptions{})
	big := seq(40, func(i int) float64 { return spread[i] * 1e306 })
	b, rb, errB := FitHyperGamma(big, nil, EMOptions{})
	if errA != nil || errB != nil {
		t.Fatal(errA, errB)
	}
	for _, p := range [][2]float64{{a.P, b.P}, {a.Alpha1, b.Alpha1}, {a.Alpha2, b.Alpha2}, {a.Beta1 * 1e306, b.Beta1}, {a.Beta2 * 1e306, b.Beta2},
		{ra.LogLik - 40*306*math.Ln10, rb.LogLik}} {
		if relErr(p[1], p[0]) > 1e-8 {
			t.Errorf("fit of x·1e306 %+v (%v), of x %+v (%v)", b, rb.LogLik, a, ra.LogLik)
			break
		}
	}
	// A given split is in the data's units.
	c, _, errC := FitHyperGamma(spread, nil, EMOptions{Init: InitSplit, Split: 6})
	e, re, errE := FitHyperGamma(big, nil, EMOptions{Init: InitSplit, Split: 6e306})
	if errC != nil || errE != nil || re.Excluded != 0 || relErr(e.P, c.P) > 1e-8 || relErr(e.Alpha1, c.Alpha1) > 1e-8 {
		t.Errorf("split at 6: %+v (%v); at 6e306 of x·1e306: %+v (%v)", c, errC, e, errE)
	}
}

// The point-mass error names the value and its share of the sample.
func TestPointMassError(t *testing.T) {
	t.Parallel()
	x := thunderLike(60000, 2000, 7)
	d, err := newEMData(x, nil, famGamma)
	if err != nil {
		t.Fatal(err)
	}
	split, _ := middleMinimum(d.x, d.w, 0)
	m0, _ := d.fitSplit(split)
	_, _, err = d.run(m0, EMOptions{MaxIter: 1000, Tol: 1e-9})
	v, _, _, wv := d.cell(0)
	share := 100 * wv / d.sw // ln 2 is the smallest value
	for _, s := range []string{"x = 0.693147", fmt.Sprintf("holding %.3g%% of the sample's weight", share)} {
		if err == nil || !strings.Contains(err.Error(), s) {
			t.Errorf("error %v: want it to say %q", err, s)
		}
	}
	if v != math.Ln2 {
		t.Errorf("smallest value %v, want ln 2", v)
	}
}

// Two groups far apart: the responsibilities are 0 or 1, so each component
// is the Gamma MLE of its group and p the first group's share.
// Reference: scipy.stats.gamma.fit(g, floc=0), scipy 1.10.1
// (testdata/scipy_refs.py).
func TestFitHyperGammaSeparatedGroups(t *testing.T) {
	t.Parallel()
	var x []float64
	for _, u := range parkMiller(43, 300) {
		x = append(x, 1+u)
	}
	for _, u := range parkMiller(47, 200) {
		x = append(x, 100+100*u)
	}
	h, res, err := FitHyperGamma(x, nil, EMOptions{})
	if err != nil {
		t.Fatal(err)
	}
	closeTo(t, "P", h.P, 0.6, 1e-9)
	closeTo(t, "Alpha1", h.Alpha1, 25.380815899247715, 1e-7)
	closeTo(t, "Beta1", h.Beta1, 0.059069024929802524, 1e-7)
	closeTo(t, "Alpha2", h.Alpha2, 26.563549332972052, 1e-7)
	closeTo(t, "Beta2", h.Beta2, 5.698623761558414, 1e-7)
	closeTo(t, "LogLik", res.LogLik, -58.08702981801667-957.2532019951215+300*math.Log(0.6)+200*math.Log(0.4), 1e-9)
}

// mixtureSample draws a hyper-Gamma sample, rounded to a grid (ties) or
// not, with or without a spike at one of its values.
func mixtureSample(t *rapid.T) []float64 {
	h := HyperGamma{
		P:      rapid.Float64Range(0.05, 0.95).Draw(t, "p"),
		Alpha1: rapid.Float64Range(0.5, 50).Draw(t, "a1"), Beta1: rapid.Float64Range(0.01, 2).Draw(t, "b1"),
		Alpha2: rapid.Float64Range(0.5, 300).Draw(t, "a2"), Beta2: rapid.Float64Range(0.01, 2).Draw(t, "b2"),
		Src: rand.NewPCG(rapid.Uint64().Draw(t, "seed"), 3),
	}
	n := rapid.IntRange(10, 400).Draw(t, "n")
	grid := rapid.SampledFrom([]float64{0, 0.01, 0.3}).Draw(t, "grid")
	x := make([]float64, 0, n)
	for len(x) < n {
		v := h.Rand()
		if grid > 0 {
			v = math.Round(v/grid) * grid
		}
		if v > 0 {
			x = append(x, v)
		}
	}
	if spike := rapid.IntRange(0, n/4).Draw(t, "spike"); spike > 0 {
		v := x[rapid.IntRange(0, n-1).Draw(t, "at")]
		for range spike {
			x = append(x, v)
		}
	}
	return x
}

// EM never decreases the likelihood, at any step of plain EM from the
// median split until a component is a point mass, on samples with ties and
// spikes.
func TestEMStepMonotoneProperty(t *testing.T) {
	t.Parallel()
	rapid.Check(t, func(t *rapid.T) {
		x := mixtureSample(t)
		d, err := newEMData(x, nil, famGamma)
		if err != nil {
			if !errors.Is(err, ErrConstant) {
				t.Fatal(err)
			}
			return
		}
		m, ok := d.fitSplit(d.quantile(0.5))
		if !ok {
			return
		}
		prev := math.Inf(-1)
		for it := 0; it < 60; it++ {
			if d.pointMass(m.a1, m.b1) || d.pointMass(m.a2, m.b2) {
				// Narrowing onto a tie, where log mean − mean log, and so
				// the M-step, is rounding: the fit leaves such a start out.
				return
			}
			ll, next, fail := d.emStep(m)
			if ll < prev-1e-9*math.Abs(prev) {
				t.Fatalf("E-step %d: log-likelihood %v below %v", it+1, ll, prev)
			}
			if fail != 0 {
				return
			}
			if !(next.p >= 0 && next.p <= 1) {
				t.Fatalf("E-step %d: p = %v", it+1, next.p)
			}
			prev, m = ll, next
		}
	})
}

// A fit is a proper mixture at an EM fixed point: the weights p and 1 − p
// are in (0, 1) and p is the mean responsibility of component 1; the
// reported log-likelihood is the sample's; neither component is a point
// mass. Otherwise the error is a collapse.
func TestFitHyperGammaProperty(t *testing.T) {
	t.Parallel()
	rapid.Check(t, func(t *rapid.T) {
		x := mixtureSample(t)
		h, res, err := FitHyperGamma(x, nil, EMOptions{Tol: 1e-12, MaxIter: 20000})
		if err != nil {
			if !errors.Is(err, ErrCollapsed) && !errors.Is(err, ErrConstant) {
				t.Fatalf("error %v, want a collapse", err)
			}
			return
		}
		if !(h.P > 0 && h.P < 1) {
			t.Fatalf("P = %v", h.P)
		}
		var ll, r float64
		g1, g2 := h.Component(1), h.Component(2)
		for _, v := range x {
			l := logMix(h.P, g1.LogProb(v), g2.LogProb(v))
			ll += l
			r += math.Exp(math.Log(h.P) + g1.LogProb(v) - l)
		}
		if relErr(res.LogLik, ll) > 1e-8 {
			t.Fatalf("LogLik %v, recomputed %v", res.LogLik, ll)
		}
		if res.Converged && math.Abs(r/float64(len(x))-h.P) > 1e-3 {
			t.Fatalf("P = %v, mean responsibility %v", h.P, r/float64(len(x)))
		}
		d, _ := newEMData(x, nil, famGamma)
		if d.pointMass(h.Alpha1, h.Beta1) || d.pointMass(h.Alpha2, h.Beta2) {
			t.Fatalf("fit %+v has a point mass", h)
		}
	})
}

// The cell of a value is the same whether the sample is scanned or merged
// and searched.
func TestCellScanSearchProperty(t *testing.T) {
	t.Parallel()
	rapid.Check(t, func(t *rapid.T) {
		x := rapid.SliceOfN(rapid.SampledFrom([]float64{0.5, 1, 1.25, 2, 3, 7.5, 40}), 10, 60).Draw(t, "x")
		mu := rapid.Float64Range(0, 50).Draw(t, "mu")
		w := make([]float64, len(x))
		for i := range w {
			w[i] = 1
		}
		scan := &emData{x: x, w: w, sw: float64(len(x))}
		xs, ws := mergeEqual(sortedWeighted(x, w))
		search := &emData{x: xs, w: ws, sw: scan.sw, sorted: true}
		v1, b1, a1, w1 := scan.cell(mu)
		v2, b2, a2, w2 := search.cell(mu)
		if v1 != v2 || b1 != b2 || a1 != a2 || w1 != w2 {
			t.Fatalf("cell(%v): scan %v %v %v %v, search %v %v %v %v", mu, v1, b1, a1, w1, v2, b2, a2, w2)
		}
	})
}
