package zakay2013

import (
	"gonum.org/v1/plot"

	"github.com/tracelab/tracelab/plots"
)

// figure returns a figure of the paper's item (plots.PaperFigure); where
// ours shows other logs than the paper's figure, or the paper's figure is
// lost from our copy of the text, its caption says so (figureNotes).
func figure(item, what, see string, cols int, panels ...*plot.Plot) *plots.Figure {
	if n, ok := figureNotes[item]; ok {
		see += "; " + n
	}
	return plots.PaperFigure("Zakay & Feitelson 2013", item, what, see, cols, panels...)
}

// figureNotes say in a figure's caption what ours shows instead of the
// paper's figure (the items' notes in study.go give the account).
var figureNotes = map[string]string{
	"Fig. 1":  "the paper's figure is lost from our copy (caption only) and its logs are not named: we show four",
	"Fig. 5":  "the paper's figure is lost from our copy (caption only) and its four logs are not named",
	"Fig. 4":  "the paper's Fig. 4 is ANL-Intrepid, which we do not have: this log stands in",
	"Fig. 6":  "the paper's third log, ANL-Intrepid, we do not have: CEA-Curie stands in",
	"Fig. 13": "SDSC-Par-1996 stands in for the paper's SDSC-Par95, which we do not have",
	"Fig. 14": "user 374's flurry, which the paper adds, is gone from the cleaned log: its heaviest bursts stand in",
	"Fig. 15": "the paper's flurries (users 50, 38 and 31) are gone from the cleaned log: its heaviest bursts stand in",
	"Fig. 16": "the paper's flurries (users 50, 38 and 31) are gone from the cleaned log: its heaviest bursts stand in",
}
