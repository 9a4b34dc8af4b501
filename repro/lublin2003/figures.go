package lublin2003

import (
	"gonum.org/v1/plot"

	"github.com/tracelab/tracelab/plots"
)

// figure returns a figure of the paper's item (plots.PaperFigure); where
// the figure shows another log than the paper's figure, its caption says
// so (figureNotes).
func figure(item, what, see string, cols int, panels ...*plot.Plot) *plots.Figure {
	if n, ok := figureNotes[item]; ok {
		see += "; " + n
	}
	return plots.PaperFigure("Lublin & Feitelson 2003", item, what, see, cols, panels...)
}

// figureNotes say in a figure's caption which of the paper's logs it cannot
// show and what stands in (the items' notes in study.go give the account).
var figureNotes = map[string]string{
	"Fig. 5":  "the paper's Fig. 5 is SDSC95, which we do not have: SDSC96 stands in",
	"Fig. 10": "the paper's SDSC logs are SDSC95 and SDSC96; we have SDSC96 only",
}
