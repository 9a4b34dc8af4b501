package plots_test

import (
	"bytes"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/cmpimg"

	"github.com/tracelab/tracelab/plots"
	"github.com/tracelab/tracelab/plots/plottest"
)

// goldenFigures are figures that show the style's parts on synthetic
// data: an original inside its variants' band (log x), compared series
// with a dashed model and a guide, a histogram with an off-scale value, a
// grid of panels sharing their axes, and estimates with intervals.
func goldenFigures(t *testing.T) map[string]*plots.Figure {
	t.Helper()
	rnd := rand.New(rand.NewPCG(1, 2))
	lognormal := func(n int, mu float64) []float64 {
		v := make([]float64, n)
		for i := range v {
			v[i] = math.Exp(mu + 1.5*rnd.NormFloat64())
		}
		return v
	}
	check := func(p *plot.Plot, err error) *plot.Plot {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	figs := map[string]*plots.Figure{}

	samples := []plots.Sample{{Label: "the original", Values: lognormal(500, 6), Role: plots.Original}}
	for range 20 {
		samples = append(samples, plots.Sample{Label: "resampled versions", Values: lognormal(500, 6.2), Role: plots.Variant})
	}
	band := check(plots.ECDF(samples, plots.ECDFOptions{Band: plots.MinMax,
		Axes: plots.Axes{Title: "runtimes", XLabel: "runtime (s)", LogX: true}}))
	figs["band"] = plots.NewFigure("Synthetic, Fig. 1: an original and its variants", "the original (bold) inside the variants' band", 1, band)

	x := []float64{0.5, 0.6, 0.7, 0.8, 0.9, 1}
	curve := func(a float64) []float64 {
		y := make([]float64, len(x))
		for i, v := range x {
			y[i] = a * v / (1 - 0.9*v)
		}
		return y
	}
	lines := check(plots.Lines([]plots.XY{
		{Label: "EASY", X: x, Y: curve(10)},
		{Label: "FCFS", X: x, Y: curve(14)},
		{Label: "model", X: x, Y: curve(12), Dashed: true},
		{Label: "saturation", X: []float64{0.5, 1}, Y: []float64{60, 60}, Role: plots.Guide},
	}, plots.LinesOptions{Points: true, Axes: plots.Axes{Title: "wait against load", XLabel: "offered load", YLabel: "average wait (min)"}}))
	figs["compared"] = plots.NewFigure("Synthetic, Fig. 2: schedulers against load", "the dashed model between the two measured schedulers", 1, lines)

	hist := check(plots.HistValue(lognormal(300, 2), 5000, "resampled versions", "the original",
		plots.HistOptions{Axes: plots.Axes{Title: "average wait", XLabel: "average wait (s)"}, Bins: 20}))
	figs["hist"] = plots.NewFigure("Synthetic, Fig. 3: a histogram and an off-scale value", "the original far right of every resampled version", 1, hist)

	var panels []*plot.Plot
	for i, name := range []string{"SDSC-SP2", "CTC-SP2", "KTH-SP2", "SDSC-BLUE"} {
		panels = append(panels, check(plots.ECDF([]plots.Sample{
			{Label: "the log", Values: lognormal(300, 5+float64(i)/2), Role: plots.Original},
			{Label: "the model", Values: lognormal(300, 5.3+float64(i)/2), Dashed: true},
		}, plots.ECDFOptions{Axes: plots.Axes{Title: name, XLabel: "runtime (s)", LogX: true}})))
	}
	grid := plots.NewFigure("Synthetic, Fig. 4: a panel per log", "the model (dashed) right of each log: longer runtimes", 2, panels...)
	grid.ShareX, grid.ShareY = true, true
	figs["grid"] = grid

	intervals := check(plots.Intervals([]string{"none", "job", "session", "user"}, []plots.Interval{
		{Label: "SDSC-SP2", Mean: []float64{1.2, 1.1, 1.05, 1.02}, Lo: []float64{1.2, 1, 0.98, 0.9}, Hi: []float64{1.2, 1.2, 1.12, 1.14}},
		{Label: "KTH-SP2", Mean: []float64{0.9, 0.95, 1, 1.01}, Lo: []float64{0.9, 0.9, 0.93, 0.9}, Hi: []float64{0.9, 1, 1.07, 1.12}},
	}, plots.IntervalsOptions{Reference: 1, ReferenceLabel: "no change",
		Axes: plots.Axes{Title: "effect of shaking", XLabel: "shaking", YLabel: "relative slowdown"}}))
	figs["intervals"] = plots.NewFigure("Synthetic, Fig. 5: estimates with intervals", "every interval but the unshaken log's covers 1", 1, intervals)
	return figs
}

// TestGoldenImages compares the PNGs of goldenFigures with
// testdata/NAME_golden.png (cmpimg, as gonum/plot tests its own
// drawings); run go test -regen to rewrite them after an intended change,
// and look at them. Each figure also passes the figure lint.
func TestGoldenImages(t *testing.T) {
	for name, f := range goldenFigures(t) {
		t.Run(name, func(t *testing.T) {
			for _, err := range plottest.Lint(f) {
				t.Error(err)
			}
			var buf bytes.Buffer
			if err := f.WritePNG(&buf, 96); err != nil {
				t.Fatal(err)
			}
			golden := filepath.Join("testdata", name+"_golden.png")
			if *cmpimg.GenerateTestData {
				if err := os.WriteFile(golden, buf.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run go test -regen to create it)", err)
			}
			ok, err := cmpimg.EqualApprox("png", buf.Bytes(), want, 0.01)
			if err != nil {
				t.Fatal(err)
			}
			if !ok {
				got := filepath.Join(t.TempDir(), name+".png")
				if err := os.WriteFile(got, buf.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
				t.Errorf("%s differs from %s (got: %s); if intended, run go test -regen and look at it", name, golden, got)
			}
		})
	}
}
