package beyond

import (
	"fmt"
	"math"
	"slices"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
	"gonum.org/v1/plot"

	"github.com/tracelab/tracelab/plots"
)

// The figures of the experiments: each draws its result's frame, the
// estimates with their 95% confidence intervals (plots.Intervals).

// figure returns a figure of an experiment, titled by its section
// (plots.PaperFigure).
func figure(section, what, see string, cols int, panels ...*plot.Plot) *plots.Figure {
	return plots.PaperFigure("Beyond the papers (ours)", section, what, see, cols, panels...)
}

// figureOf is build's figure of df; nil, and no error, when df has no
// rows: none of the experiment's logs is available here (the result's
// Answer says which are missing).
func figureOf(df dataframe.DataFrame, build func(dataframe.DataFrame) (*plots.Figure, error)) (*plots.Figure, error) {
	if df.Nrow() == 0 {
		return nil, nil
	}
	return build(df)
}

// intervals reads the estimates col, lo and hi of df into one series per
// value of the group column (all rows one series when group is ""), by
// the values of the category column, in their order of first appearance.
func intervals(df dataframe.DataFrame, category, group, col, lo, hi string) ([]string, []plots.Interval, error) {
	cs, err := plots.FloatColumns(df, col, lo, hi)
	if err != nil {
		return nil, nil, err
	}
	cats, err := plots.StringColumn(df, category)
	if err != nil {
		return nil, nil, err
	}
	groups := make([]string, len(cats))
	if group != "" {
		if groups, err = plots.StringColumn(df, group); err != nil {
			return nil, nil, err
		}
	}
	var catOrder, groupOrder []string
	for i := range cats {
		if !slices.Contains(catOrder, cats[i]) {
			catOrder = append(catOrder, cats[i])
		}
		if !slices.Contains(groupOrder, groups[i]) {
			groupOrder = append(groupOrder, groups[i])
		}
	}
	nan := func() []float64 {
		v := make([]float64, len(catOrder))
		for i := range v {
			v[i] = math.NaN()
		}
		return v
	}
	series := make([]plots.Interval, len(groupOrder))
	for g, name := range groupOrder {
		series[g] = plots.Interval{Label: plots.Label(name), Mean: nan(), Lo: nan(), Hi: nan()}
	}
	for i := range cats {
		g, c := slices.Index(groupOrder, groups[i]), slices.Index(catOrder, cats[i])
		series[g].Mean[c], series[g].Lo[c], series[g].Hi[c] = cs[0][i], cs[1][i], cs[2][i]
	}
	return catOrder, series, nil
}

// intervalsPanel is a panel of intervals (see intervals) with a guide at
// reference (NaN: none).
func intervalsPanel(df dataframe.DataFrame, category, group, col, lo, hi string, reference float64, refLabel string, a plots.Axes) (*plot.Plot, error) {
	cats, series, err := intervals(df, category, group, col, lo, hi)
	if err != nil {
		return nil, err
	}
	for i := range cats {
		cats[i] = plots.Label(cats[i])
	}
	return plots.Intervals(cats, series, plots.IntervalsOptions{Axes: a, Reference: reference, ReferenceLabel: refLabel})
}

// mixingFigure draws the EASY/FCFS ratios on the mix, on each log and
// averaged over the logs (MixingResult.Frame).
func mixingFigure(df dataframe.DataFrame) (*plots.Figure, error) {
	var panels []*plot.Plot
	for _, m := range []struct{ col, label string }{{"wait_ratio", "average wait"}, {"bsld_ratio", "average bounded slowdown"}} {
		p, err := intervalsPanel(df, "workload", "", m.col, m.col+"_lo", m.col+"_hi", 1, "EASY as good as FCFS",
			plots.Axes{Title: m.label, XLabel: "workload", YLabel: "EASY / FCFS", LogY: true})
		if err != nil {
			return nil, err
		}
		panels = append(panels, p)
	}
	f := figure("§6.5.1", "EASY against FCFS on a mix of logs and on the logs resampled alone",
		"does the mix rank EASY against FCFS as the average over the logs does? compare the intervals (95% CIs; the ledger's §6.5.1 entries say)", 1, panels...)
	// Both ratios on one scale: the slowdown's advantage reads against the wait's.
	f.ShareX, f.ShareY = true, true
	return f, nil
}

// stationarityFigure draws the load of each third of every log, as
// logged (one bold line) and as resampled: the range over the versions as
// a band with their median (StationarityResult.Frame).
func stationarityFigure(df dataframe.DataFrame) (*plots.Figure, error) {
	c, err := plots.FloatColumns(df, "load_1", "load_2", "load_3",
		"load_1_min", "load_1_median", "load_1_max", "load_2_min", "load_2_median", "load_2_max",
		"load_3_min", "load_3_median", "load_3_max")
	if err != nil {
		return nil, err
	}
	logs, err := plots.StringColumn(df, "log")
	if err != nil {
		return nil, err
	}
	versions, err := plots.StringColumn(df, "version")
	if err != nil {
		return nil, err
	}
	counts, err := plots.FloatColumn(df, "versions")
	if err != nil {
		return nil, err
	}
	var order []string
	for _, l := range logs {
		if !slices.Contains(order, l) {
			order = append(order, l)
		}
	}
	x := []float64{1, 2, 3}
	var panels []*plot.Plot
	for _, name := range order {
		var series []plots.XY
		for i := range logs {
			if logs[i] != name {
				continue
			}
			if versions[i] == "log" {
				series = append(series, plots.XY{Label: "the log", Role: plots.Original, X: x, Y: []float64{c[0][i], c[1][i], c[2][i]}})
				continue
			}
			// The band of the versions from their per-third minimum,
			// median and maximum: plots.Envelope over these three curves
			// gives, at each third, exactly the versions' range and
			// median (it evaluates the curves at the thirds only).
			label := fmt.Sprintf("%.0f resampled versions (range, median)", counts[i])
			for k := range 3 {
				series = append(series, plots.XY{Label: label, Role: plots.Variant, X: x,
					Y: []float64{c[3+k][i], c[6+k][i], c[9+k][i]}})
			}
		}
		p, err := plots.Lines(series, plots.LinesOptions{Points: true, Band: plots.MinMax, Axes: plots.Axes{Title: name,
			XLabel: "third of the log's span", YLabel: "offered load", IntegerX: true}})
		if err != nil {
			return nil, err
		}
		p.X.Min, p.X.Max = 0.8, 3.2
		panels = append(panels, p)
	}
	// The drift between thirds (a tenth of the load) is the comparison:
	// the shared axis spans the loads and the bands, not 0 to 1, with
	// room below the lowest as above the highest (Headroom of the shared
	// span: a log's own span left its lowest point on the frame, KTH-SP2's
	// last third).
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, col := range c {
		for _, v := range col {
			if !math.IsNaN(v) {
				lo, hi = min(lo, v), max(hi, v)
			}
		}
	}
	for _, p := range panels {
		p.Y.Min, p.Y.Max = lo-plots.Headroom*(hi-lo), hi+plots.Headroom*(hi-lo)
	}
	f := figure("§6.5.2", "the offered load of each third of a log, and of its resampled versions",
		"compare the drift from third to third: the log (bold) against the range (band) and median of its resampled versions, which draw users from pools", 2, panels...)
	f.ShareX, f.ShareY = true, true // one quantity on every panel
	return f, nil
}

// shakeFigure draws the change one job makes to the average bounded
// slowdown under each level of shaking (ShakeResult.Frame).
// The change is drawn in percent, as the answer and the ledger write it
// (+0.13%, not 0.0013).
func shakeFigure(df dataframe.DataFrame) (*plots.Figure, error) {
	pct := df
	for _, c := range []string{"change", "change_lo", "change_hi"} {
		if slices.Contains(df.Names(), c) {
			v := df.Col(c).Float()
			for i := range v {
				v[i] *= 100
			}
			pct = pct.Mutate(series.New(v, series.Float, c))
		}
	}
	change, err := intervalsPanel(pct, "shaking", "", "change", "change_lo", "change_hi", 0, "no change",
		plots.Axes{Title: "effect of changing one job's runtime", XLabel: "shaking", YLabel: "relative change of the average bounded slowdown [%]"})
	if err != nil {
		return nil, err
	}
	bsld, err := intervalsPanel(df, "shaking", "", "bsld", "bsld_lo", "bsld_hi", math.NaN(), "",
		plots.Axes{Title: "average bounded slowdown", XLabel: "shaking", YLabel: "average bounded slowdown"})
	if err != nil {
		return nil, err
	}
	return figure("§6.5.3", "shaking at the job, session and user levels",
		"the one job's effect with and without shaking, and the spread shaking itself brings (95% CIs over the shaken copies)", 2, change, bsld), nil
}

// selectiveFigure draws EASY's wait and bounded slowdown with one user
// class weighted, relative to the default (SelectiveResult.Frame).
func selectiveFigure(df dataframe.DataFrame) (*plots.Figure, error) {
	var panels []*plot.Plot
	for _, m := range []struct{ col, label string }{{"wait_ratio", "average wait"}, {"bsld_ratio", "average bounded slowdown"}} {
		p, err := intervalsPanel(df, "variant", "log", m.col, m.col+"_lo", m.col+"_hi", 1, "as the default",
			plots.Axes{Title: m.label, XLabel: "user class weighted", YLabel: "relative to the default resampling", LogY: true})
		if err != nil {
			return nil, err
		}
		panels = append(panels, p)
	}
	f := figure("§6.5.4", "selective manipulation: EASY with one class of users drawn twice as often",
		"how far each weighted class moves EASY's wait and slowdown from the default resampling (95% CIs)", 2, panels...)
	f.ShareY = true // both ratios to the default on one scale
	return f, nil
}

// localityFigure draws the runtime locality of each log's manipulated
// versions (LocalityResult.Frame).
func localityFigure(df dataframe.DataFrame) (*plots.Figure, error) {
	// A category per manipulation and level: "scrambled 50%", "sorted 7 d".
	manip, err := plots.StringColumn(df, "manipulation")
	if err != nil {
		return nil, err
	}
	level, err := plots.StringColumn(df, "level")
	if err != nil {
		return nil, err
	}
	words := map[string]string{"none": "the log", "scramble": "scrambled", "concentrate": "sorted within"}
	names := make([]string, len(manip))
	for i := range names {
		names[i] = manip[i]
		if w, ok := words[manip[i]]; ok {
			names[i] = w
		}
		if level[i] != "log" && level[i] != "" {
			names[i] += "\n" + level[i]
		}
	}
	df = df.Mutate(seriesOf(names, "version"))
	var panels []*plot.Plot
	for _, m := range []struct{ col, lo, hi, label string }{
		{"m_med", "m_med_lo", "m_med_hi", "M′_med (2007)"},
		{"mean_depth", "depth_lo", "depth_hi", "mean LRU stack depth (2013)"},
	} {
		p, err := intervalsPanel(df, "version", "log", m.col, m.lo, m.hi, math.NaN(), "",
			plots.Axes{Title: m.label, XLabel: "version of the log", YLabel: m.label})
		if err != nil {
			return nil, err
		}
		panels = append(panels, p)
	}
	return figure("§6.5.5", "runtime locality of each log and of its manipulated versions",
		"compare each manipulated version with its log: scrambling is meant to lower locality (lower M′_med, deeper stacks), sorting within windows to raise it (the ledger's §6.5.5 entries say where they do); the runtimes themselves are the same jobs' runtimes, reordered", 1, panels...), nil
}

// estimatesFigure draws EASY's average wait with each kind of runtime
// estimates, relative to exact ones, a panel per log
// (EstimatesResult.Frame).
func estimatesFigure(df dataframe.DataFrame) (*plots.Figure, error) {
	w, err := plots.StringColumn(df, "workload")
	if err != nil {
		return nil, err
	}
	logs, err := plots.StringColumn(df, "log")
	if err != nil {
		return nil, err
	}
	kind := make([]string, len(w))
	var order []string
	for i := range w {
		kind[i] = "the log"
		if w[i] == "generated" {
			kind[i] = "generated for its machine"
		}
		if !slices.Contains(order, logs[i]) {
			order = append(order, logs[i])
		}
	}
	df = df.Mutate(seriesOf(kind, "workload_kind"))
	var panels []*plot.Plot
	for _, name := range order {
		sub := df.Filter(dataframe.F{Colname: "log", Comparator: "==", Comparando: name})
		p, err := intervalsPanel(sub, "estimates", "workload_kind", "vs_exact", "vs_exact_low", "vs_exact_high", 1, "as with exact estimates",
			plots.Axes{Title: name, XLabel: "runtime estimates", YLabel: "average wait relative to exact estimates"})
		if err != nil {
			return nil, err
		}
		panels = append(panels, p)
	}
	f := figure("runtime estimates", "EASY's wait with real, exact and modelled runtime estimates, on logs and on generated workloads",
		"does the generated workload's wait move with modelled estimates the way the log's moves with real ones? (95% CIs)", 2, panels...)
	// One ratio on every panel, on one scale: how far estimates move the
	// wait compares from log to log (each panel had its own, from 2% to 40%).
	f.ShareX, f.ShareY = true, true
	return f, nil
}

// seriesOf is a string column of a frame.
func seriesOf(v []string, name string) series.Series { return series.New(v, series.String, name) }
