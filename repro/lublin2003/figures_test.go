package lublin2003

import (
	"context"
	"testing"

	"gonum.org/v1/plot/plotter"

	"github.com/tracelab/tracelab/plots/plottest"
	"github.com/tracelab/tracelab/repro/study"
)

// TestFigureLint lints every figure of the quick-mode study, as a reader
// would look at them (plottest.Lint).
func TestFigureLint(t *testing.T) {
	ledgerOf(t)
	plottest.LintReachable(t, "lublin2003", quick)
}

// TestFig1Names: in Fig. 1's shapes panel, α = 1 (falling from x = 0) is
// named where it has fallen to half its start, not at x = 0.05 beside
// α = 0.5's name, where α = 0.5's curve crossed it (notebook 03).
func TestFig1Names(t *testing.T) {
	t.Parallel()
	r, err := New(study.Options{}).Fig1(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	at := map[string]plotter.XY{}
	for _, pl := range plottest.Plotters(r.Figure.Panels[0]) {
		if lb, ok := pl.(*plotter.Labels); ok {
			for i, s := range lb.Labels {
				at[s] = lb.XYs[i]
			}
		}
	}
	one, half := at["α = 1"], at["α = 0.5"]
	if one.X < 0.6 || one.X > 0.8 || one.Y > 0.51 {
		t.Errorf("α = 1 named at (%.2f, %.2f), want where e^−x has halved (x ≈ 0.69)", one.X, one.Y)
	}
	if one.X-half.X < 0.3 {
		t.Errorf("α = 1 named at x %.2f, α = 0.5 at %.2f: too close", one.X, half.X)
	}
}
