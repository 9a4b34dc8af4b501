package feitelson2007

import (
	"gonum.org/v1/plot"

	"github.com/tracelab/tracelab/plots"
)

// figure returns a figure of the paper's item (plots.PaperFigure).
func figure(item, what, see string, cols int, panels ...*plot.Plot) *plots.Figure {
	return plots.PaperFigure("Feitelson 2007", item, what, see, cols, panels...)
}
