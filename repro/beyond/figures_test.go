package beyond

import (
	"math"
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
// below the lowest load of any log as above the highest (Headroom of the
// shared span). The loads are those of the full run: KTH-SP2's last third
// (0.665) sat on the frame when each panel was padded by its own span.
func TestStationarityRoom(t *testing.T) {
	t.Parallel()
	df := dataframe.New(
		series.New([]string{"SDSC-SP2", "SDSC-SP2", "KTH-SP2", "KTH-SP2"}, series.String, "log"),
		series.New([]string{"log", "resampled", "log", "resampled"}, series.String, "version"),
		series.New([]float64{0.752, 0.834, 0.690, 0.696}, series.Float, "load_1"),
		series.New([]float64{0.869, 0.828, 0.745, 0.700}, series.Float, "load_2"),
		series.New([]float64{0.880, 0.815, 0.665, 0.684}, series.Float, "load_3"),
	)
	f, err := stationarityFigure(df)
	if err != nil {
		t.Fatal(err)
	}
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, p := range f.Panels {
		lo, hi = min(lo, p.Y.Min), max(hi, p.Y.Max)
	}
	want := plots.Headroom * (0.880 - 0.665) // of the loads' span
	if room := 0.665 - lo; room < 0.99*want {
		t.Errorf("shared axis %.4f–%.4f: %.4f below the lowest load 0.665, want ≥ %.4f", lo, hi, room, want)
	}
	if room := hi - 0.880; room < 0.99*want {
		t.Errorf("shared axis %.4f–%.4f: %.4f above the highest load 0.880, want ≥ %.4f", lo, hi, room, want)
	}
}
