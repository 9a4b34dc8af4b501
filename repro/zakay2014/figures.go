package zakay2014

import (
	"gonum.org/v1/plot"

	"github.com/tracelab/tracelab/plots"
)

// figure returns a figure of the paper: its title names the paper's item
// (e.g. "Fig. 5") and what it shows, its caption what to see; nil when
// there is no panel.
func figure(item, what, see string, cols int, panels ...*plot.Plot) *plots.Figure {
	if len(panels) == 0 {
		return nil
	}
	return plots.NewFigure("Zakay & Feitelson 2014, "+item+": "+what, see, cols, panels...)
}
