package beyond

import (
	"math"
	"strings"
	"testing"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"

	"github.com/tracelab/tracelab/plots"
	"github.com/tracelab/tracelab/plots/plottest"
)

// TestFigureLint lints every figure of the quick-mode study, as a reader
// would look at them (plottest.Lint): a figure per experiment.
func TestFigureLint(t *testing.T) {
	ledgerOf(t)
	figs, _ := plottest.Reachable(quick)
	if len(figs) < 5 {
		t.Errorf("%d figures, want one per experiment (at least 5)", len(figs))
	}
	plottest.LintReachable(t, "beyond", quick)
}

// TestFigureOfNoLogs: an experiment none of whose logs is available here
// (TRACELAB_DATA unset) has an empty frame, and then no figure and no
// error: its notebook cell says so instead of failing.
func TestFigureOfNoLogs(t *testing.T) {
	for _, tc := range []struct {
		name  string
		df    dataframe.DataFrame
		build func(dataframe.DataFrame) (*plots.Figure, error)
	}{
		{"mixing", (&MixingResult{}).frame(), mixingFigure},
		{"stationarity", (&StationarityResult{}).frame(), stationarityFigure},
		{"shake", (&ShakeResult{}).frame(), shakeFigure},
		{"selective", (&SelectiveResult{}).frame(), selectiveFigure},
		{"locality", localityFrame(nil), localityFigure},
		{"estimates", dataframe.New(series.New([]string{}, series.String, "log")), estimatesFigure},
	} {
		if tc.df.Err != nil {
			t.Fatalf("%s: empty frame: %v", tc.name, tc.df.Err)
		}
		if f, err := figureOf(tc.df, tc.build); f != nil || err != nil {
			t.Errorf("%s without logs: figure %v, error %v; want neither", tc.name, f, err)
		}
	}
}

// TestStationarityRoom: §6.5.2's panels share one load axis with room
// below the lowest load of any log or version as above the highest
// (Headroom of the shared span). The log's loads are those of the full
// run: KTH-SP2's last third (0.665) sat on the frame when each panel was
// padded by its own span. The versions' band reaches higher (SDSC-SP2's
// first third, 0.901) and lower (KTH-SP2's last, 0.650) than any mean.
func TestStationarityRoom(t *testing.T) {
	t.Parallel()
	df := dataframe.New(
		series.New([]string{"SDSC-SP2", "SDSC-SP2", "KTH-SP2", "KTH-SP2"}, series.String, "log"),
		series.New([]string{"log", "resampled", "log", "resampled"}, series.String, "version"),
		series.New([]int{1, 20, 1, 20}, series.Int, "versions"),
		series.New([]float64{0.752, 0.834, 0.690, 0.696}, series.Float, "load_1"),
		series.New([]float64{0.869, 0.828, 0.745, 0.700}, series.Float, "load_2"),
		series.New([]float64{0.880, 0.815, 0.665, 0.684}, series.Float, "load_3"),
		series.New([]float64{0.752, 0.780, 0.690, 0.670}, series.Float, "load_1_min"),
		series.New([]float64{0.752, 0.830, 0.690, 0.697}, series.Float, "load_1_median"),
		series.New([]float64{0.752, 0.901, 0.690, 0.720}, series.Float, "load_1_max"),
		series.New([]float64{0.869, 0.790, 0.745, 0.680}, series.Float, "load_2_min"),
		series.New([]float64{0.869, 0.829, 0.745, 0.701}, series.Float, "load_2_median"),
		series.New([]float64{0.869, 0.860, 0.745, 0.725}, series.Float, "load_2_max"),
		series.New([]float64{0.880, 0.770, 0.665, 0.650}, series.Float, "load_3_min"),
		series.New([]float64{0.880, 0.816, 0.665, 0.683}, series.Float, "load_3_median"),
		series.New([]float64{0.880, 0.850, 0.665, 0.710}, series.Float, "load_3_max"),
	)
	f, err := stationarityFigure(df)
	if err != nil {
		t.Fatal(err)
	}
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, p := range f.Panels {
		lo, hi = min(lo, p.Y.Min), max(hi, p.Y.Max)
	}
	want := plots.Headroom * (0.901 - 0.650) // of the loads' and bands' span
	if room := 0.650 - lo; room < 0.99*want {
		t.Errorf("shared axis %.4f–%.4f: %.4f below the lowest load 0.650, want ≥ %.4f", lo, hi, room, want)
	}
	if room := hi - 0.901; room < 0.99*want {
		t.Errorf("shared axis %.4f–%.4f: %.4f above the highest load 0.901, want ≥ %.4f", lo, hi, room, want)
	}
}

// TestShakeFigurePercent: §6.5.3's change panel is in percent, as the
// answer writes it (the full run's unshaken change 0.001266 is 0.127%),
// and the frame keeps its fractions.
func TestShakeFigurePercent(t *testing.T) {
	t.Parallel()
	cols := []series.Series{series.New([]string{"none", "job"}, series.String, "shaking"), series.New([]int{1, 100}, series.Int, "replicates")}
	vals := map[string][]float64{"change": {0.001266, -5.61e-05}, "change_lo": {0.001266, -0.00025}, "change_hi": {0.001266, 0.00014}}
	for _, h := range []string{"bsld", "bsld_lo", "bsld_hi", "variant_bsld", "change", "change_lo", "change_hi",
		"abs_change", "order_broken", "think_broken", "order_broken_max"} {
		v, ok := vals[h]
		if !ok {
			v = []float64{92.6, 96.5}
		}
		cols = append(cols, series.New(v, series.Float, h))
	}
	df := dataframe.New(cols...)
	f, err := shakeFigure(df)
	if err != nil {
		t.Fatal(err)
	}
	p := f.Panels[0]
	if p.Y.Max < 0.1266 || p.Y.Max > 0.2 || p.Y.Min > -0.025 {
		t.Errorf("change axis [%g, %g], want it in percent around [−0.025, 0.127]", p.Y.Min, p.Y.Max)
	}
	if !strings.HasSuffix(p.Y.Label.Text, "[%]") {
		t.Errorf("change axis label %q has no unit", p.Y.Label.Text)
	}
	if got := df.Col("change").Float()[0]; got != 0.001266 {
		t.Errorf("the frame's change became %g", got)
	}
}
