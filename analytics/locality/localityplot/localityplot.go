package localityplot

import (
	"errors"
	"fmt"
	"image/color"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/go-gota/gota/dataframe"
	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/stat"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/plots"
)

// Autocorrelation draws Fig 1: the autocorrelation of a log's runtimes by
// lag, in submit order (the Original: "submit order", true also of the
// synthetic data of Fig 3 and the generated log of Fig 10) and scrambled. df has columns lag, original, scrambled
// (locality.AutocorrelationFrame).
func Autocorrelation(df dataframe.DataFrame, title string) (*plot.Plot, error) {
	c, err := plots.FloatColumns(df, "lag", "original", "scrambled")
	if err != nil {
		return nil, err
	}
	return plots.Lines([]plots.XY{
		{Label: "submit order", X: c[0][1:], Y: c[1][1:], Role: plots.Original},
		{Label: "scrambled", X: c[0][1:], Y: c[2][1:], Dashed: true},
	}, plots.LinesOptions{Axes: plots.Axes{Title: title, XLabel: "lag [jobs]", YLabel: "autocorrelation"}})
}

// ScatterOptions controls Scatter.
type ScatterOptions struct {
	Title, YLabel string
	// LogY draws the attribute on a logarithmic axis (runtimes); values ≤ 0
	// are then left out.
	LogY bool
	// MaxRadius is the radius of the largest disk in points; 0 means 8.
	MaxRadius float64
}

// Scatter draws Fig 2 (and the scatter of Fig 10): jobs by submit time
// (days from the first bin) and attribute value, a disk per cell whose area
// grows with the number of jobs. df has columns time (seconds), value,
// count (locality.Scatter).
func Scatter(df dataframe.DataFrame, opts ScatterOptions) (*plot.Plot, error) {
	c, err := plots.FloatColumns(df, "time", "value", "count")
	if err != nil {
		return nil, err
	}
	if opts.MaxRadius == 0 {
		opts.MaxRadius = 8
	}
	t0, maxCount := math.Inf(1), 0.0
	for i := range c[0] {
		t0 = min(t0, c[0][i])
		maxCount = max(maxCount, c[2][i])
	}
	var pts plotter.XYs
	var radius []vg.Length
	for i := range c[0] {
		if opts.LogY && c[1][i] <= 0 {
			continue
		}
		pts = append(pts, plotter.XY{X: (c[0][i] - t0) / datasets.Day, Y: c[1][i]})
		radius = append(radius, vg.Points(max(0.6, opts.MaxRadius*math.Sqrt(c[2][i]/maxCount))))
	}
	if len(pts) == 0 {
		return nil, errors.New("localityplot: Scatter: no drawable point")
	}
	p := newPlot(opts.Title, "time [days]", opts.YLabel, false, opts.LogY)
	sc, err := plotter.NewScatter(pts)
	if err != nil {
		return nil, err
	}
	sc.GlyphStyleFunc = func(i int) draw.GlyphStyle {
		c := color.NRGBAModel.Convert(plots.Palette[0]).(color.NRGBA)
		c.A = 110 // overlapping disks darken
		return draw.GlyphStyle{Color: c, Radius: radius[i], Shape: draw.CircleGlyph{}}
	}
	p.Add(sc)
	return p, nil
}

// newPlot returns an empty plot in the theme (plots.New).
func newPlot(title, x, y string, logX, logY bool) *plot.Plot {
	return plots.New(plots.Axes{Title: title, XLabel: x, YLabel: y, LogX: logX, LogY: logY})
}

// SliceCDFs draws Fig 4: the distribution of an attribute in selected
// slices against the whole log. df has columns slice (−1 for the whole
// log), start (seconds), value, cdf (locality.SliceCDFs); labels names the
// slices (e.g. dates) by index, "all" is used for −1 and the slice number
// for a missing label. The y axis is the fraction of jobs, as every other
// distribution of job attributes in the notebooks names it.
func SliceCDFs(df dataframe.DataFrame, labels map[int]string, title, xlabel string, logX bool) (*plot.Plot, error) {
	c, err := plots.FloatColumns(df, "slice", "value", "cdf")
	if err != nil {
		return nil, err
	}
	var order []int
	series := map[int]*plots.XY{}
	for i := range c[0] {
		k := int(c[0][i])
		s, ok := series[k]
		if !ok {
			name := labels[k]
			switch {
			case name != "":
			case k == -1:
				name = "all"
			default:
				name = "slice " + strconv.Itoa(k)
			}
			s = &plots.XY{Label: name}
			if k == -1 {
				s.Role = plots.Original
			}
			series[k] = s
			order = append(order, k)
		}
		// a step: the CDF jumps at each value
		prev := 0.0
		if n := len(s.Y); n > 0 {
			prev = s.Y[n-1]
		}
		s.X = append(s.X, c[1][i], c[1][i])
		s.Y = append(s.Y, prev, c[2][i])
	}
	xs := make([]plots.XY, len(order))
	for i, k := range order {
		xs[i] = *series[k]
	}
	return plots.Lines(xs, plots.LinesOptions{Axes: plots.Axes{Title: title, XLabel: xlabel, YLabel: "fraction of jobs", LogX: logX}})
}

// UsableFraction draws Fig 5: the fraction of usable slices against the
// slice length, one line per number of ranges. df has columns slice_days,
// ranges, usable_fraction (locality.UsableFraction).
func UsableFraction(df dataframe.DataFrame, title string) (*plot.Plot, error) {
	c, err := plots.FloatColumns(df, "slice_days", "ranges", "usable_fraction")
	if err != nil {
		return nil, err
	}
	p, err := linesBy(c[1], c[0], c[2], "%g ranges", plots.LinesOptions{Points: true,
		Axes: plots.Axes{Title: title, XLabel: "slice length [days]", YLabel: "fraction of slices usable", LogX: true}})
	if err != nil {
		return nil, err
	}
	p.Y.Min = 0 // a fraction: the axis shows its 0
	return p, nil
}

// MeasuredKey is the key of a figure with SliceDeviation and
// Autocorrelation panels side by side: their legends' entries together.
func MeasuredKey() (*plot.Legend, error) {
	m, q := sliceStyles()
	med := plots.SeriesStyle(1)
	return plots.Key(
		plots.KeyEntry{Label: "mᵢ of a usable slice", Glyph: m},
		plots.KeyEntry{Label: "quarterly maximum", Line: q},
		plots.KeyEntry{Label: "quarterly median", Line: med},
		plots.KeyEntry{Label: "submit order", Line: plots.OriginalStyle()},
		plots.KeyEntry{Label: "scrambled", Line: plots.DashedStyle(0)},
	)
}

// sliceStyles are the marker of a slice's m_i and the line of the
// quarterly maximum in SliceDeviation: the third colour, so that beside
// Autocorrelation's scrambled line (the first, dashed) no colour of the
// key is drawn twice.
func sliceStyles() (draw.GlyphStyle, draw.LineStyle) {
	return draw.GlyphStyle{Color: plots.VariantColor, Radius: vg.Points(1.5), Shape: draw.CircleGlyph{}}, plots.SeriesStyle(2)
}

// linesBy draws one line of (x, y) per distinct group value, in increasing
// group order, labelled by format: in the legend, or, for more lines than
// a key may hold, by names in the lines' colours beside the right end of
// the axes, one under the other in the order of the lines' mean heights
// (the lines' ends meet where the fractions reach 1: names at the ends
// were written over each other).
func linesBy(group, x, y []float64, format string, opts plots.LinesOptions) (*plot.Plot, error) {
	idx := map[float64]int{}
	var keys []float64
	for _, g := range group {
		if _, ok := idx[g]; !ok {
			idx[g] = 0
			keys = append(keys, g)
		}
	}
	sort.Float64s(keys)
	xs := make([]plots.XY, len(keys))
	for i, k := range keys {
		idx[k] = i
		xs[i].Label = fmt.Sprintf(format, k)
	}
	for i := range group {
		s := &xs[idx[group[i]]]
		s.X = append(s.X, x[i])
		s.Y = append(s.Y, y[i])
	}
	if len(xs) <= plots.MaxKeyEntries {
		return plots.Lines(xs, opts)
	}
	order := make([]int, len(xs))
	means := make([]float64, len(xs))
	for i := range xs {
		order[i] = i
		means[i] = stat.Mean(xs[i].Y, nil)
	}
	sort.SliceStable(order, func(a, b int) bool { return means[order[a]] > means[order[b]] })
	xMax, yMin, yMax := floats.Max(x), floats.Min(y), floats.Max(y)
	step := (yMax - yMin) / float64(len(xs))
	var at plotter.XYs
	var names []string
	var colors []color.Color
	for k, i := range order {
		names = append(names, xs[i].Label)
		at = append(at, plotter.XY{X: xMax, Y: yMax - float64(k)*step})
		colors = append(colors, plots.SeriesStyle(i).Color)
	}
	for i := range xs {
		xs[i].Label = ""
	}
	p, err := plots.Lines(xs, opts)
	if err != nil {
		return nil, err
	}
	return p, plots.AddLabels(p, at, names, plots.LabelOptions{Colors: colors, Align: draw.XLeft, Offset: vg.Point{X: vg.Points(6)}})
}

// SliceDeviation draws Fig 6: m_i of every usable slice over time, with
// the maximum and median of each quarter as steps. slices has columns
// start (seconds), usable, m (SamplingResult.Frame); quarters has start,
// end, m_max, m_med (SamplingResult.Quarterly). Times are in days from the
// first slice.
func SliceDeviation(slices, quarters dataframe.DataFrame, title string) (*plot.Plot, error) {
	c, err := plots.FloatColumns(slices, "start", "usable", "m")
	if err != nil {
		return nil, err
	}
	q, err := plots.FloatColumns(quarters, "start", "end", "m_max", "m_med")
	if err != nil {
		return nil, err
	}
	if len(c[0]) == 0 {
		return nil, errors.New("localityplot: SliceDeviation: no slices")
	}
	t0 := c[0][0]
	var m plots.XY
	m.Label = "m_i"
	for i := range c[0] {
		if c[1][i] == 1 {
			m.X = append(m.X, (c[0][i]-t0)/datasets.Day)
			m.Y = append(m.Y, c[2][i])
		}
	}
	// A last quarter the log ends in stops where its slices do.
	last := c[0][len(c[0])-1]
	if n := len(c[0]); n > 1 {
		last += c[0][n-1] - c[0][n-2]
	}
	steps := func(label string, y []float64) plots.XY {
		s := plots.XY{Label: label}
		for i := range q[0] {
			s.X = append(s.X, (q[0][i]-t0)/datasets.Day, (math.Min(q[1][i], math.Max(last, q[0][i]))-t0)/datasets.Day)
			s.Y = append(s.Y, y[i], y[i])
		}
		return s
	}
	p := plots.New(plots.Axes{Title: title, XLabel: "time [days]", YLabel: "deviation mᵢ of a slice"})
	pts, err := plotter.NewScatter(plots.XYs(m.X, m.Y))
	if err != nil {
		return nil, err
	}
	pts.GlyphStyle, _ = sliceStyles()
	p.Add(pts)
	p.Legend.Add("mᵢ of a usable slice", pts)
	qmax, qmed := steps("quarterly maximum", q[2]), steps("quarterly median", q[3])
	qmax.Color, qmed.Color = 3, 2 // sliceStyles', and MeasuredKey's median
	if _, err := plots.AddLines(p, []plots.XY{qmax, qmed}, plots.LinesOptions{}); err != nil {
		return nil, err
	}
	return p, nil
}

// Bootstrap draws Fig 7: the histogram of M' (column col, "m_max" or
// "m_med") over the bootstrap repetitions (SamplingResult.BootstrapFrame),
// with the value observed in the log as a vertical line.
func Bootstrap(boot dataframe.DataFrame, col string, observed float64, title string) (*plot.Plot, error) {
	v, err := plots.FloatColumn(boot, col)
	if err != nil {
		return nil, err
	}
	return plots.HistValue(v, observed, fmt.Sprintf("%d random samplings", len(v)), "the log", plots.HistOptions{Bins: 40,
		Axes: plots.Axes{Title: title, XLabel: "M′ (" + map[string]string{"m_max": "of the maximum", "m_med": "of the median"}[col] + " mᵢ)", YLabel: "repetitions"}})
}

// Sensitivity draws Fig 8: the locality metric M (column col,
// "locality_max" or "locality_med") against the number of ranges, one line
// per slice length. df has columns slice_days, ranges and col
// (locality.Sensitivity).
func Sensitivity(df dataframe.DataFrame, col, title string) (*plot.Plot, error) {
	c, err := plots.FloatColumns(df, "slice_days", "ranges", col)
	if err != nil {
		return nil, err
	}
	return linesBy(c[0], c[1], c[2], "%g-day slices", plots.LinesOptions{Points: true,
		Axes: plots.Axes{Title: title, XLabel: "ranges r", YLabel: sensitivityLabel(col), IntegerX: true}})
}

// sensitivityLabel names Sensitivity's column in the paper's symbols:
// "locality M_max" for locality_max.
func sensitivityLabel(col string) string {
	if m, ok := strings.CutPrefix(col, "locality_"); ok {
		return "locality M_" + m
	}
	return plots.Label(col)
}

// RunLengths draws Fig 9: the number of runs of each length on log-log
// axes (hist: columns length, runs — RunResult.Histogram), the fitted line
// through the logarithmic bins (binned: columns length, density —
// RunResult.Binned; the fit is log10 density = intercept + slope·log10
// length, drawn scaled to run counts), and a dashed reference line of slope
// refSlope (−2.5 in the paper; 0 for none).
func RunLengths(hist, binned dataframe.DataFrame, slope, intercept, refSlope float64, title string) (*plot.Plot, error) {
	h, err := plots.FloatColumns(hist, "length", "runs")
	if err != nil {
		return nil, err
	}
	b, err := plots.FloatColumns(binned, "length")
	if err != nil {
		return nil, err
	}
	total := 0.0
	for _, r := range h[1] {
		total += r
	}
	p, err := plots.Scatter([]plots.XY{{Label: "runs of a length", X: h[0], Y: h[1]}},
		plots.ScatterOptions{Axes: plots.Axes{Title: title, XLabel: "run length [jobs]", YLabel: "runs", LogX: true, LogY: true}})
	if err != nil {
		return nil, err
	}
	lo, hi := b[0][0], b[0][len(b[0])-1]
	fit := func(x float64) float64 { return total * math.Pow(10, intercept) * math.Pow(x, slope) }
	l, err := plotter.NewLine(plotter.XYs{{X: lo, Y: fit(lo)}, {X: hi, Y: fit(hi)}})
	if err != nil {
		return nil, err
	}
	l.LineStyle = plots.SeriesStyle(1)
	p.Add(l)
	p.Legend.Add("fit to logarithmic bins", l)
	if refSlope != 0 {
		r, err := plotter.NewLine(plotter.XYs{{X: 1, Y: fit(1)}, {X: hi, Y: fit(1) * math.Pow(hi, refSlope)}})
		if err != nil {
			return nil, err
		}
		r.LineStyle = plots.GuideStyle(0)
		p.Add(r)
		p.Legend.Add(fmt.Sprintf("slope %s (the paper's)", plots.TickLabel(refSlope, refSlope)), r)
	}
	return p, nil
}

// ThetaSweep draws Fig 11: M'_med of each generated log against θ, and the
// range of the logs without repetitions as a light band (min–max). df
// has columns theta, repetitions, m_med (repetitions.ThetaSweep).
func ThetaSweep(df dataframe.DataFrame, title string) (*plot.Plot, error) {
	c, err := plots.FloatColumns(df, "theta", "repetitions", "m_med")
	if err != nil {
		return nil, err
	}
	var rep plots.XY
	rep.Label = "with repetitions"
	lo, hi := math.Inf(1), math.Inf(-1)
	tmin, tmax := math.Inf(1), math.Inf(-1)
	for i := range c[0] {
		if c[1][i] == 1 {
			rep.X = append(rep.X, c[0][i])
			rep.Y = append(rep.Y, c[2][i])
			tmin, tmax = min(tmin, c[0][i]), max(tmax, c[0][i])
		} else {
			lo, hi = min(lo, c[2][i]), max(hi, c[2][i])
		}
	}
	opts := plots.ScatterOptions{Axes: plots.Axes{Title: title, XLabel: "Zipf exponent θ", YLabel: "locality M′_med"}}
	p, err := plots.Scatter([]plots.XY{rep}, opts) // its padded ranges
	if err != nil || math.IsInf(lo, 0) || math.IsInf(tmin, 0) {
		return p, err
	}
	// The range of the logs without repetitions as the theme's band of
	// variants, under the points, edged thinly so that a narrow range stays
	// visible (two dashed lines 0.001 apart read as one double line).
	q := plots.New(opts.Axes)
	poly, err := plotter.NewPolygon(plotter.XYs{{X: tmin, Y: lo}, {X: tmax, Y: lo}, {X: tmax, Y: hi}, {X: tmin, Y: hi}})
	if err != nil {
		return nil, err
	}
	poly.Color = plots.BandColor
	poly.LineStyle = plots.VariantStyle()
	q.Add(poly)
	if _, err := plots.AddPoints(q, []plots.XY{rep}, opts); err != nil {
		return nil, err
	}
	q.Legend.Add("no repetitions (min–max)", poly)
	q.X.Min, q.X.Max = min(q.X.Min, p.X.Min), max(q.X.Max, p.X.Max)
	q.Y.Min, q.Y.Max = min(q.Y.Min, p.Y.Min), max(q.Y.Max, p.Y.Max)
	return q, nil
}

// DailyBins draws Fig 5 of the 2013 paper: the distribution over days of
// the fraction of a day's jobs in the fullest of 16 bins (the ECDF of
// DailyBinsResult.Frame's column max_fraction), of an original log (bold
// black) and of its variants (a band of their range, with the median;
// variantsLabel names them in the key).
func DailyBins(original dataframe.DataFrame, variants []dataframe.DataFrame, variantsLabel, title string) (*plot.Plot, error) {
	v, err := plots.FloatColumn(original, "max_fraction")
	if err != nil {
		return nil, err
	}
	samples := []plots.Sample{{Label: "original", Values: v, Role: plots.Original}}
	for _, df := range variants {
		v, err := plots.FloatColumn(df, "max_fraction")
		if err != nil {
			return nil, err
		}
		samples = append(samples, plots.Sample{Label: variantsLabel, Values: v, Role: plots.Variant})
	}
	return plots.ECDF(samples, plots.ECDFOptions{Band: plots.MinMax, Axes: plots.Axes{Title: title,
		XLabel: "fraction of a day's jobs in its fullest bin", YLabel: "fraction of days"}})
}
