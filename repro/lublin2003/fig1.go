package lublin2003

import (
	"context"
	"fmt"
	"image/color"

	"gonum.org/v1/gonum/integrate/quad"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/tracelab/tracelab/analytics/fit"
	"github.com/tracelab/tracelab/plots"
	"github.com/tracelab/tracelab/repro/ledger"
)

// Fig1Result is Fig. 1 (§3.1): Gamma densities x^(α−1) e^(−x/β) / (Γ(α) β^α)
// for several shapes α (β = 1) and scales β (α = 3).
type Fig1Result struct {
	// Figure has the densities of several shapes (β = 1) and of several
	// scales (α = 3).
	Figure *plots.Figure

	mean, variance float64 // of the Gamma α = 3, β = 2, by numerical integration
	shapeOK        bool    // every curve of Shapes is bell-shaped when α > 1 and falling when α ≤ 1
	shapeEvidence  string
}

// Fig1 draws the Gamma densities of Fig. 1 and integrates one numerically.
func (s *Study) Fig1(ctx context.Context) (*Fig1Result, error) {
	return s.fig1.Get(func() (*Fig1Result, error) {
		x := make([]float64, 400)
		for i := range x {
			x[i] = 0.05 + float64(i)*0.05
		}
		// Each curve named at its peak: the panels' names differ, so no
		// shared key. A panel's x axis ends where every curve has fallen
		// below 1% of its peak (the paper's graphs each have their own x
		// scale, §3.1), or at the grid's end. A density with α < 1 is
		// unbounded at x = 0: the y axis then ends at 1.1 times the highest
		// bounded peak, that curve leaving through the top and named where
		// it enters the frame, so the bells are not pressed to the bottom.
		panel := func(title string, gs []fit.Gamma, name func(fit.Gamma) string) (*plot.Plot, error) {
			var series []plots.XY
			var at plotter.XYs
			var names []string
			var colors []color.Color
			xEnd, yTop, unbounded := 0.0, 0.0, false
			for _, g := range gs {
				if g.Alpha < 1 {
					unbounded = true
					continue
				}
				yTop = max(yTop, g.Prob(max(0, (g.Alpha-1)*g.Beta))) // the mode
			}
			yTop *= 1.1
			for i, g := range gs {
				y := make([]float64, len(x))
				k := 0
				for j, v := range x {
					y[j] = g.Prob(v)
					if y[j] > y[k] {
						k = j
					}
				}
				last := 0
				for j := range y {
					if y[j] >= 0.01*y[k] {
						last = j
					}
				}
				xEnd = max(xEnd, x[last])
				if unbounded && y[k] > yTop {
					for k < len(y)-1 && y[k] > yTop/1.1 {
						k++
					}
				}
				if k == 0 {
					// Falling from x = 0 (α = 1): named where it has
					// fallen to half its start, clear of the curves that
					// crowd the axis (α = 0.5's name, where it enters).
					for k < len(y)-1 && y[k] > y[0]/2 {
						k++
					}
				}
				series = append(series, plots.XY{X: x, Y: y})
				at, names = append(at, plotter.XY{X: x[k], Y: y[k]}), append(names, name(g))
				colors = append(colors, plots.SeriesStyle(i).Color)
			}
			p, err := plots.Lines(series, plots.LinesOptions{Axes: plots.Axes{Title: title, XLabel: "x", YLabel: "density"}})
			if err != nil {
				return nil, err
			}
			p.X.Min, p.Y.Min = 0, 0 // the densities start at x = 0 and rise from y = 0 (a labelled origin on both axes)
			p.X.Max = xEnd
			if unbounded {
				p.Y.Max = yTop
			} else {
				p.Y.Max *= 1.1
			}
			return p, plots.AddLabels(p, at, names, plots.LabelOptions{Colors: colors, Align: draw.XLeft, Offset: vg.Point{X: vg.Points(3), Y: vg.Points(2)}})
		}
		shapes := []fit.Gamma{{Alpha: 0.5, Beta: 1}, {Alpha: 1, Beta: 1}, {Alpha: 2, Beta: 1}, {Alpha: 5, Beta: 1}}
		r := &Fig1Result{shapeOK: true}
		shapesPlot, err := panel("shapes, scale β = 1", shapes, func(g fit.Gamma) string { return fmt.Sprintf("α = %g", g.Alpha) })
		if err != nil {
			return nil, err
		}
		scalesPlot, err := panel("scales, shape α = 3", []fit.Gamma{{Alpha: 3, Beta: 0.5}, {Alpha: 3, Beta: 1}, {Alpha: 3, Beta: 2}, {Alpha: 3, Beta: 4}},
			func(g fit.Gamma) string { return fmt.Sprintf("β = %g", g.Beta) })
		if err != nil {
			return nil, err
		}
		r.Figure = figure("Fig. 1", "Gamma densities",
			"the shape α gives the form (falling from 0 for α ≤ 1, a bell above; α = 0.5 is unbounded at 0 and leaves through the top); the scale β stretches the bell along x; the shapes panel ends where its curves fall below 1% of their peaks", 2, shapesPlot, scalesPlot)
		// Bell-shaped: the density rises from 0 to an interior mode; a
		// right tail: it falls from x = 0 on.
		for _, g := range shapes {
			rising := g.Prob(1e-3) < g.Prob(0.5)
			r.shapeOK = r.shapeOK && rising == (g.Alpha > 1)
			r.shapeEvidence += fmt.Sprintf("α=%g: %s; ", g.Alpha, map[bool]string{true: "rises to a mode", false: "falls from 0"}[rising])
		}
		g := fit.Gamma{Alpha: 3, Beta: 2}
		r.mean = quad.Fixed(func(x float64) float64 { return x * g.Prob(x) }, 0, 200, 2000, nil, 0)
		r.variance = quad.Fixed(func(x float64) float64 { return (x - 6) * (x - 6) * g.Prob(x) }, 0, 200, 2000, nil, 0)
		return r, nil
	})
}

// Claims records §3.1's description of the Gamma distribution that Fig. 1
// illustrates: the shape of its density, and its mean αβ and variance αβ²
// (α = 3, β = 2, integrated numerically to 1e-6). All three are properties
// of the Gamma distribution, true of any implementation that is right:
// checks of our density, not results.
func (r *Fig1Result) Claims(l *ledger.Ledger) {
	l.Claim("Fig. 1", "fig1/shape", "the density is bell-shaped when α > 1 and has a right tail (falls from 0) when α ≤ 1",
		r.shapeOK, r.shapeEvidence).Quoting("the distribution is bell-shaped").
		AsCheck("a property of the Gamma density (its mode is (α−1)β for α > 1, at 0 otherwise), checking our density")
	l.Check("Fig. 1", "fig1/mean", "mean of the Gamma with α = 3, β = 2 (numerical integration)",
		ledger.Stated("αβ = 6", ledger.Approx(6, 1e-6)), r.mean).Quoting("is equal to the produt of its parameters").
		AsCheck("an identity of the Gamma distribution, checking our density")
	l.Check("Fig. 1", "fig1/variance", "variance of the Gamma with α = 3, β = 2 (numerical integration)",
		ledger.Stated("αβ² = 12", ledger.Approx(12, 1e-6)), r.variance).
		AsCheck("an identity of the Gamma distribution, checking our density")
}
