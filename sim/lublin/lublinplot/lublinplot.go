package lublinplot

import (
	"errors"
	"fmt"
	"math"
	"slices"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/tracelab/tracelab/analytics/fit"
	"github.com/tracelab/tracelab/plots"
	"github.com/tracelab/tracelab/sim/lublin"
)

// DensityOptions controls DensityFit and HyperGammaFit. The zero value
// draws 60 bins.
type DensityOptions struct {
	plots.Axes
	// Bins is the number of histogram bins; 0 means 60.
	Bins int
}

// finiteValues returns the finite values of x.
func finiteValues(x []float64) []float64 {
	out := make([]float64, 0, len(x))
	for _, v := range x {
		if !math.IsNaN(v) && !math.IsInf(v, 0) {
			out = append(out, v)
		}
	}
	return out
}

// DensityFit draws the histogram of x normalised as a density (area 1) and
// the density pdf over it. NaN and ±Inf values are left out; it returns an
// error when fewer than two values remain or they are all equal.
func DensityFit(x []float64, pdf func(float64) float64, opts DensityOptions) (*plot.Plot, error) {
	xs := finiteValues(x)
	if len(xs) < 2 {
		return nil, errors.New("lublinplot: fewer than two finite values")
	}
	lo, hi := slices.Min(xs), slices.Max(xs)
	if lo == hi {
		return nil, errors.New("lublinplot: all values are equal")
	}
	bins := opts.Bins
	if bins <= 0 {
		bins = 60
	}
	if opts.YLabel == "" {
		opts.YLabel = "density"
	}
	p := plots.New(opts.Axes)
	h, err := plotter.NewHist(plotter.Values(xs), bins)
	if err != nil {
		return nil, fmt.Errorf("lublinplot: %w", err)
	}
	h.Normalize(1)
	h.FillColor = plots.BandColor
	h.LineStyle = draw.LineStyle{Color: plots.VariantColor, Width: vg.Points(0.5)}
	p.Add(h)
	p.Legend.Add("data", h)
	f := plotter.NewFunction(pdf)
	f.Samples = 400
	f.XMin, f.XMax = lo, hi
	f.LineStyle = plots.SeriesStyle(1)
	f.Width = vg.Points(2)
	p.Add(f)
	p.Legend.Add("model", f)
	p.X.Min, p.X.Max = lo, hi
	// The y axis covers the model's peak too, not only the histogram's:
	// a poor fit (while exploring with sliders) is not cut off.
	for i := range f.Samples {
		x := lo + (hi-lo)*float64(i)/float64(f.Samples-1)
		if y := pdf(x); y > p.Y.Max && !math.IsInf(y, 0) && !math.IsNaN(y) {
			p.Y.Max = y
		}
	}
	// Headroom: the tallest bar or the model's peak does not touch the
	// top of the frame.
	p.Y.Max *= 1.05
	return p, nil
}

// HyperGammaFit draws the hyper-Gamma h over the histogram of x (for
// runtimes, x is ln runtime) and returns the plot with the one-sample KS
// test of x against h. The title says what is drawn and states the
// parameters and D_n ("hyper-Gamma α1 4.9, β1 0.907, …: D_n = 0.0430"). This is
// the step of interactive fitting (Section 5.1): a notebook calls it again
// whenever a slider moves.
func HyperGammaFit(x []float64, h fit.HyperGamma, opts DensityOptions) (*plot.Plot, fit.KSResult, error) {
	ks := fit.KS(finiteValues(x), h.CDF)
	if opts.Title == "" {
		opts.Title = fmt.Sprintf("hyper-Gamma α1 %.3g, β1 %.3g, α2 %.4g, β2 %.3g, p %.3f: D_n = %.4f", h.Alpha1, h.Beta1, h.Alpha2, h.Beta2, h.P, ks.D)
	}
	p, err := DensityFit(x, h.Prob, opts)
	if err != nil {
		return nil, ks, err
	}
	return p, ks, nil
}

// ParamRange maps the integer positions 0..Steps of a slider to values in
// [Min, Max], evenly on a log scale when Log is set (for shapes and scales,
// which span orders of magnitude), else linearly.
type ParamRange struct {
	Name     string
	Min, Max float64
	Steps    int
	Log      bool
}

// Value returns the value at slider position pos (clamped to 0..Steps).
func (r ParamRange) Value(pos int) float64 {
	pos = min(max(pos, 0), r.Steps)
	t := float64(pos) / float64(r.Steps)
	if r.Log {
		return math.Exp(math.Log(r.Min) + t*(math.Log(r.Max)-math.Log(r.Min)))
	}
	return r.Min + t*(r.Max-r.Min)
}

// Position returns the slider position nearest to v (clamped).
func (r ParamRange) Position(v float64) int {
	var t float64
	if r.Log {
		t = (math.Log(v) - math.Log(r.Min)) / (math.Log(r.Max) - math.Log(r.Min))
	} else {
		t = (v - r.Min) / (r.Max - r.Min)
	}
	if math.IsNaN(t) {
		return 0
	}
	return min(max(int(math.Round(t*float64(r.Steps))), 0), r.Steps)
}

// HyperGammaRanges returns slider ranges for the five parameters around a
// starting fit (typically the EM fit): each shape and scale from a fifth to
// five times its value on a log scale, p from 0 to 1; steps positions each.
// The order is α1, β1, α2, β2, p.
func HyperGammaRanges(h fit.HyperGamma, steps int) [5]ParamRange {
	g := func(name string, v float64) ParamRange {
		return ParamRange{Name: name, Min: v / 5, Max: v * 5, Steps: steps, Log: true}
	}
	return [5]ParamRange{g("alpha1", h.Alpha1), g("beta1", h.Beta1), g("alpha2", h.Alpha2), g("beta2", h.Beta2),
		{Name: "p", Min: 0, Max: 1, Steps: steps}}
}

// HyperGammaAt returns the hyper-Gamma at the slider positions pos (order
// α1, β1, α2, β2, p) of ranges.
func HyperGammaAt(ranges [5]ParamRange, pos [5]int) fit.HyperGamma {
	return fit.HyperGamma{Alpha1: ranges[0].Value(pos[0]), Beta1: ranges[1].Value(pos[1]),
		Alpha2: ranges[2].Value(pos[2]), Beta2: ranges[3].Value(pos[3]), P: ranges[4].Value(pos[4])}
}

// Curve is a labelled distribution to draw as a CDF: either a sample
// (Values, a step line) or a function (CDF, drawn on the plot's x range),
// styled by Role (data as plots.Original, models as plots.Compared, say),
// Dashed and Color as plots.XY.
type Curve struct {
	Label  string
	Values []float64
	CDF    func(float64) float64
	Role   plots.Role
	Dashed bool
	Color  int
}

// CDFs draws empirical CDFs of the sample curves and the function curves
// on the range of the samples (Figs 3–5, 7, 10 of the paper draw CDFs of
// ln runtime), the y label "fraction of jobs" unless opts says. It returns
// an error when no sample has a finite value.
func CDFs(curves []Curve, opts plots.Axes) (*plot.Plot, error) {
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, c := range curves {
		for _, v := range finiteValues(c.Values) {
			lo, hi = math.Min(lo, v), math.Max(hi, v)
		}
	}
	if math.IsInf(lo, 0) {
		return nil, errors.New("lublinplot: CDFs: no sample with a finite value")
	}
	if opts.YLabel == "" {
		opts.YLabel = "fraction of jobs"
	}
	var series []plots.XY
	for _, c := range curves {
		s := plots.XY{Label: c.Label, Role: c.Role, Dashed: c.Dashed, Color: c.Color}
		if c.CDF != nil {
			// 300 steps draw a smooth function as smoothly as a line.
			const n = 300
			for i := range n + 1 {
				x := lo + (hi-lo)*float64(i)/n
				s.X = append(s.X, x)
				s.Y = append(s.Y, c.CDF(x))
			}
		} else {
			xs := finiteValues(c.Values)
			if len(xs) == 0 {
				continue
			}
			slices.Sort(xs)
			// One step per distinct value (at the last of its ties),
			// thinned to about 1000 steps.
			var px, py []float64
			for i := range xs {
				if i+1 < len(xs) && xs[i+1] == xs[i] {
					continue
				}
				px, py = append(px, xs[i]), append(py, float64(i+1)/float64(len(xs)))
			}
			stride := max(1, len(px)/1000)
			for i := range px {
				if i%stride == 0 || i == len(px)-1 {
					s.X, s.Y = append(s.X, px[i]), append(s.Y, py[i])
				}
			}
		}
		series = append(series, s)
	}
	p, err := plots.Lines(series, plots.LinesOptions{Axes: opts, Step: true})
	if err != nil {
		return nil, fmt.Errorf("lublinplot: CDFs: %w", err)
	}
	p.Y.Min, p.Y.Max = 0, 1
	return p, nil
}

// Daily is one curve of DailyCycle: the arrivals per half-hour slot of
// the day (slot k starting k half hours after midnight), as Counts (drawn
// as fractions of their total, styled as plots.XY), or as Fractions: the
// daily-cycle model's shares (lublin.DailyFractions), which DailyCycle
// draws and names the same way in every figure (ModelLabel, dashed in
// the palette's bluish green), whatever
// Label, Role and Dashed say, so that Fig. 9 and §9.1 show one curve
// under one name.
type Daily struct {
	Label     string
	Counts    []int
	Fractions []float64
	Role      plots.Role
	Dashed    bool
}

// ModelLabel names the daily-cycle model's curve (a Daily given as
// Fractions: the Gamma of the hour of the day, Fig. 9's model2) in every
// figure DailyCycle draws.
const ModelLabel = "daily-cycle model: smooth Gamma (model2)"

// modelColor is the daily-cycle model's colour, plots.XY.Color: the
// palette's bluish green, which stands out from the blue and vermillion
// of the generated arrivals it is compared with (§9.1 draws two; a
// reddish purple was hard to tell from the vermillion it lies on).
const modelColor = 3

// DailyCycle draws the fraction of arrivals in each half-hour slot of
// the day against the hour (Figs 8–9), as steps: each slot's share held
// over its half hour. Ticks mark whole hours (plots.HourTicks).
func DailyCycle(curves []Daily, opts plots.Axes) (*plot.Plot, error) {
	var series []plots.XY
	for _, c := range curves {
		y := c.Fractions
		if y == nil {
			var total float64
			for _, n := range c.Counts {
				total += float64(n)
			}
			y = make([]float64, len(c.Counts))
			for k, n := range c.Counts {
				y[k] = float64(n) / total
			}
		}
		if len(y) != lublin.Slots {
			return nil, fmt.Errorf("lublinplot: %q has %d slots, want %d", c.Label, len(y), lublin.Slots)
		}
		x := make([]float64, lublin.Slots+1)
		for k := range x {
			x[k] = float64(k) / 2
		}
		xy := plots.XY{Label: c.Label, X: x, Y: append(slices.Clone(y), y[len(y)-1]), Role: c.Role, Dashed: c.Dashed}
		if c.Fractions != nil {
			xy.Label, xy.Role, xy.Dashed, xy.Color = ModelLabel, plots.Compared, true, modelColor
		}
		series = append(series, xy)
	}
	if opts.XLabel == "" {
		opts.XLabel = "hour of the day"
	}
	if opts.YLabel == "" {
		opts.YLabel = "fraction of arrivals per half hour"
	}
	p, err := plots.Lines(series, plots.LinesOptions{Axes: opts, Step: true})
	if err != nil {
		return nil, err
	}
	p.X.Min, p.X.Max = 0, 24
	p.X.Tick.Marker = plots.HourTicks{}
	p.Y.Min = 0
	return p, nil
}
