package beyond

import (
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
