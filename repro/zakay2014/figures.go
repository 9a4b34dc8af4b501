package zakay2014

import (
	"gonum.org/v1/plot"

	"github.com/tracelab/tracelab/plots"
)

// figure returns a figure of the paper's item (plots.PaperFigure); where
// ours shows other data than the paper's figure, its caption says so
// (figureNotes).
func figure(item, what, see string, cols int, panels ...*plot.Plot) *plots.Figure {
	if n, ok := figureNotes[item]; ok {
		see += "; " + n
	}
	return plots.PaperFigure("Zakay & Feitelson 2014", item, what, see, cols, panels...)
}

// figureNotes say in a figure's caption what ours shows instead of the
// paper's figure (the items' notes in study.go give the account).
var figureNotes = map[string]string{
	"Fig. 1":       "the paper's figure is a drawing: we draw a real user's jobs",
	"Figs 2 and 4": "the paper's figures are drawings: we draw the same real user as Fig. 1",
	"Fig. 3":       "the paper's jobs are drawn without numbers: ours are built by hand to show the same situation",
	"Figs 5, 6, 8": "the paper does not name its trace",
	"Figs 7, 9":    "the paper does not name its trace; users active for 0 days (one job) cannot be drawn on the log axis: the curves start at their share",
	"Fig. 10":      "the paper's ANL-Intrepid we do not have",
}
