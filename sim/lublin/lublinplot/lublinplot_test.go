package lublinplot

import (
	"bytes"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"gonum.org/v1/gonum/floats/scalar"
	"gonum.org/v1/plot/plotter"
	"pgregory.net/rapid"

	"github.com/tracelab/tracelab/analytics/fit"
	"github.com/tracelab/tracelab/plots"
	"github.com/tracelab/tracelab/sim/lublin"
)

// sample draws n values from h.
func sample(h fit.HyperGamma, n int, seed uint64) []float64 {
	h.Src = rand.NewPCG(seed, 1)
	x := make([]float64, n)
	for i := range x {
		x[i] = h.Rand()
	}
	return x
}

var paperModel = fit.HyperGamma{P: 0.7, Alpha1: 4.2, Beta1: 0.94, Alpha2: 312, Beta2: 0.03}

func TestHyperGammaFit(t *testing.T) {
	t.Parallel()
	x := sample(paperModel, 5000, 1)
	p, ks, err := HyperGammaFit(x, paperModel, DensityOptions{})
	if err != nil {
		t.Fatal(err)
	}
	want := fit.KS(x, paperModel.CDF)
	if ks.D != want.D || ks.N != 5000 {
		t.Errorf("KS %+v, want %+v", ks, want)
	}
	if !strings.Contains(p.Title.Text, fmt.Sprintf("D_n = %.4f", ks.D)) {
		t.Errorf("title %q lacks D_n", p.Title.Text)
	}
	// a wrong model has a larger D_n
	bad := paperModel
	bad.P = 0.2
	if _, kb, _ := HyperGammaFit(x, bad, DensityOptions{}); kb.D <= ks.D {
		t.Errorf("D_n of a wrong p %v ≤ D_n of the true model %v", kb.D, ks.D)
	}
	var buf bytes.Buffer
	if err := plots.WriteSVG(&buf, p, 0, 0); err != nil || !bytes.Contains(buf.Bytes(), []byte("<svg")) {
		t.Errorf("SVG rendering: %v", err)
	}
	if _, _, err := HyperGammaFit([]float64{1, math.NaN()}, paperModel, DensityOptions{}); err == nil {
		t.Error("one value accepted")
	}
	if _, err := DensityFit([]float64{2, 2, 2}, paperModel.Prob, DensityOptions{}); err == nil {
		t.Error("constant data accepted")
	}
}

func TestParamRange(t *testing.T) {
	t.Parallel()
	r := ParamRange{Min: 1, Max: 100, Steps: 200, Log: true}
	if v := r.Value(100); !scalar.EqualWithinRel(v, 10, 1e-12) { // geometric midpoint
		t.Errorf("Value(100) = %v, want 10", v)
	}
	if r.Value(-5) != 1 || !scalar.EqualWithinRel(r.Value(999), 100, 1e-12) {
		t.Error("positions are not clamped")
	}
	lin := ParamRange{Min: 0, Max: 1, Steps: 10}
	if v := lin.Value(3); !scalar.EqualWithinAbs(v, 0.3, 1e-15) {
		t.Errorf("linear Value(3) = %v", v)
	}
	rapid.Check(t, func(t *rapid.T) {
		steps := rapid.IntRange(1, 2000).Draw(t, "steps")
		lo := rapid.Float64Range(1e-3, 1e3).Draw(t, "min")
		r := ParamRange{Min: lo, Max: lo * rapid.Float64Range(1.5, 1e3).Draw(t, "ratio"), Steps: steps, Log: rapid.Bool().Draw(t, "log")}
		pos := rapid.IntRange(0, steps).Draw(t, "pos")
		if got := r.Position(r.Value(pos)); got != pos {
			t.Fatalf("Position(Value(%d)) = %d", pos, got)
		}
	})
}

func TestHyperGammaRanges(t *testing.T) {
	t.Parallel()
	rs := HyperGammaRanges(paperModel, 1000)
	pos := [5]int{}
	for k, r := range rs {
		pos[k] = 500
		if k == 4 {
			pos[k] = r.Position(paperModel.P)
		}
	}
	// the starting fit sits in the middle of each log-scale range
	got := HyperGammaAt(rs, pos)
	for _, pr := range [][2]float64{{got.Alpha1, 4.2}, {got.Beta1, 0.94}, {got.Alpha2, 312}, {got.Beta2, 0.03}, {got.P, 0.7}} {
		if !scalar.EqualWithinRel(pr[0], pr[1], 1e-9) {
			t.Errorf("HyperGammaAt = %+v, want %+v", got, paperModel)
			break
		}
	}
	if rs[0].Name != "alpha1" || rs[4].Name != "p" || rs[4].Log {
		t.Errorf("ranges %+v", rs)
	}
}

func TestCDFsAndDailyCycle(t *testing.T) {
	t.Parallel()
	x := sample(paperModel, 2000, 2)
	p, err := CDFs([]Curve{{Label: "data", Values: x}, {Label: "model", CDF: paperModel.CDF}}, plots.Axes{Title: "ln runtime"})
	if err != nil || p.Y.Max != 1 {
		t.Fatalf("CDFs: %v", err)
	}
	if _, err := CDFs([]Curve{{Label: "model", CDF: paperModel.CDF}}, plots.Axes{}); err == nil {
		t.Error("CDFs without a sample accepted")
	}
	counts := make([]int, lublin.Slots)
	for k := range counts {
		counts[k] = k + 1
	}
	if _, err := DailyCycle([]Daily{{Label: "log", Counts: counts}, {Label: "model", Fractions: lublin.DailyFractions(8.17, 3.96, 11)}}, plots.Axes{}); err != nil {
		t.Error(err)
	}
	if _, err := DailyCycle([]Daily{{Label: "log", Counts: counts[:10]}}, plots.Axes{}); err == nil {
		t.Error("10 slots accepted")
	}
}

func ExampleHyperGammaFit() {
	// The paper's average runtime model (Table 2) against 2000 of its own draws.
	x := sample(paperModel, 2000, 3)
	_, ks, err := HyperGammaFit(x, paperModel, DensityOptions{})
	if err != nil {
		panic(err)
	}
	fmt.Printf("n = %d, D_n = %.4f, p = %.2f\n", ks.N, ks.D, ks.P)
	// Output:
	// n = 2000, D_n = 0.0240, p = 0.20
}

// TestDensityFitShowsModelPeak: a model far narrower than the data (as a
// slider can make it) still fits inside the y axis.
func TestDensityFitShowsModelPeak(t *testing.T) {
	t.Parallel()
	x := sample(paperModel, 2000, 3)
	const peak = 40.0                                                             // a spike far above any histogram bar
	spike := func(v float64) float64 { return peak * math.Exp(-(v-5)*(v-5)*100) } // a few drawn samples wide }
	p, err := DensityFit(x, spike, DensityOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if p.Y.Max < 0.9*peak {
		t.Errorf("y axis max %v cuts the model's peak %v", p.Y.Max, peak)
	}
}

// TestDensityFitHeadroom: the tallest bar (notebook 03's KTH-SP2 fit,
// 0.278 under a frame ending at 0.278) stands below the top of the frame.
func TestDensityFitHeadroom(t *testing.T) {
	t.Parallel()
	x := sample(paperModel, 2000, 3)
	h, err := plotter.NewHist(plotter.Values(x), 60)
	if err != nil {
		t.Fatal(err)
	}
	h.Normalize(1)
	tallest := 0.0
	for _, b := range h.Bins {
		tallest = max(tallest, b.Weight)
	}
	flat := func(float64) float64 { return 0 }
	p, err := DensityFit(x, flat, DensityOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if p.Y.Max < 1.04*tallest {
		t.Errorf("y axis max %v leaves no room above the tallest bar %v", p.Y.Max, tallest)
	}
}
