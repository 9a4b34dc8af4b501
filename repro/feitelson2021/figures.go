package feitelson2021

import (
	"gonum.org/v1/plot"

	"github.com/tracelab/tracelab/plots"
)

// figure returns a figure of the paper: its title names the paper's item
// (e.g. "Fig. 5") and what it shows, its caption what to see; nil when
// there is no panel (its logs are not available).
func figure(item, what, see string, cols int, panels ...*plot.Plot) *plots.Figure {
	if len(panels) == 0 {
		return nil
	}
	return plots.NewFigure("Feitelson 2021, "+item+": "+what, see, cols, panels...)
}
