package lublin2003

import (
	"context"
	"fmt"

	"gonum.org/v1/plot"

	"github.com/tracelab/tracelab/analytics/fit"
	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/plots"
	"github.com/tracelab/tracelab/sim/lublin"
	"github.com/tracelab/tracelab/sim/lublin/lublinplot"
)

// Fitting is the data of the notebook's interactive fitting cell (§5.1):
// a hyper-Gamma over the histogram of KTH's ln runtimes, its five
// parameters on sliders that start at the EM fit. The notebook wires the
// sliders (kernelext.Interact) to Draw.
type Fitting struct {
	Log string
	// X are the ln runtimes of KTH's completed jobs that ran more than a
	// second.
	X []float64
	// Start is the EM fit; Ranges map slider positions 0..Steps to the
	// parameters (α1, β1, α2, β2 from a fifth to five times the EM value on
	// a log scale, p from 0 to 1), and Positions are the EM fit's.
	Start     fit.HyperGamma
	Ranges    [5]lublinplot.ParamRange
	Positions [5]int
}

// FittingSteps is the number of positions of each slider.
const FittingSteps = 1000

// Fitting returns the interactive fitting cell's data.
func (s *Study) Fitting(ctx context.Context) (*Fitting, error) {
	return s.fitting.Get(func() (*Fitting, error) {
		l := paperLogs[2] // KTH
		tr, err := s.trace(l)
		if err != nil {
			return nil, err
		}
		x, _, _, err := lublin.AttributeValues(tr, datasets.Runtime, lublin.AttrOptions{})
		if err != nil {
			return nil, err
		}
		start, _, err := fit.FitHyperGamma(x, nil, fit.EMOptions{})
		if err != nil {
			return nil, err
		}
		f := &Fitting{Log: l.Catalog, X: x, Start: start, Ranges: lublinplot.HyperGammaRanges(start, FittingSteps)}
		for k, v := range []float64{start.Alpha1, start.Beta1, start.Alpha2, start.Beta2, start.P} {
			f.Positions[k] = f.Ranges[k].Position(v)
		}
		return f, nil
	})
}

// Draw returns the hyper-Gamma at slider positions pos (α1, β1, α2, β2, p)
// over the histogram: its title says what is drawn, its second line the
// parameters with their units (the scales β in ln seconds, as x) and D_n
// (FittingTitle).
func (f *Fitting) Draw(pos []int) (*plot.Plot, error) {
	var p5 [5]int
	copy(p5[:], pos)
	h := lublinplot.HyperGammaAt(f.Ranges, p5)
	p, ks, err := lublinplot.HyperGammaFit(f.X, h, lublinplot.DensityOptions{Axes: plots.Axes{XLabel: "ln runtime [ln s] (" + f.Log + ")"}})
	if err != nil {
		return nil, err
	}
	p.Title.Text = FittingTitle(f.Log, h, ks.D)
	return p, nil
}

// FittingTitle is Draw's title: what is drawn, then the parameters (shapes
// α without unit, scales β in ln seconds, p the first Gamma's weight) and the
// KS distance D_n between the model and the log's ln runtimes.
func FittingTitle(log string, h fit.HyperGamma, d float64) string {
	return fmt.Sprintf("hyper-Gamma density (line) over the histogram of %s's ln runtimes\n"+
		"α1 %.3g, β1 %.3g ln s; α2 %.4g, β2 %.3g ln s; weight p %.3f; D_n %.4f",
		log, h.Alpha1, h.Beta1, h.Alpha2, h.Beta2, h.P, d)
}
