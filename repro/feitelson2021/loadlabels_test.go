package feitelson2021

import (
	"fmt"
	"slices"
	"testing"

	"gonum.org/v1/plot/plotter"

	"github.com/tracelab/tracelab/plots"
	"github.com/tracelab/tracelab/plots/plottest"
)

// TestLabelLoads: Fig. 17 names each point of its top curve by its load's
// factor on the log's users, at the point (the axis counts users, the
// caption speaks of "3× the log's users"); a load the curve has no point
// for is not named.
func TestLabelLoads(t *testing.T) {
	t.Parallel()
	p := plots.New(plots.Axes{})
	m := newSweepMeans(3)
	copy(m.users, []float64{96, 190, 0})
	copy(m.throughput, []float64{320, 590, 0})
	if err := labelLoads(p, []float64{0.5, 1, 1.5}, m); err != nil {
		t.Fatal(err)
	}
	var words []string
	var at string
	for _, pl := range plottest.Plotters(p) {
		if lb, ok := pl.(*plotter.Labels); ok {
			words = append(words, lb.Labels...)
			at += fmt.Sprint(lb.XYs)
		}
	}
	if want := []string{"×0.5", "×1"}; !slices.Equal(words, want) {
		t.Errorf("labels %q, want %q", words, want)
	}
	if want := "[{96 320} {190 590}]"; at != want {
		t.Errorf("at %s, want %s", at, want)
	}
}
