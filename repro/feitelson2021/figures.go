package feitelson2021

import (
	"gonum.org/v1/plot"

	"github.com/tracelab/tracelab/plots"
)

// figure returns a figure of the paper's item (plots.PaperFigure); where
// the paper's figure is lost from our copy of the text, or is a drawing,
// its caption says what ours is instead (figureNotes).
func figure(item, what, see string, cols int, panels ...*plot.Plot) *plots.Figure {
	if n, ok := figureNotes[item]; ok {
		see += "; " + n
	}
	return plots.PaperFigure("Feitelson 2021", item, what, see, cols, panels...)
}

// figureNotes say in a figure's caption what ours is where the paper's
// figure cannot be compared with it (the items' notes in paper.go give the
// account).
var figureNotes = map[string]string{
	"Fig. 9":  "the paper draws the concept: we draw the users of the pools",
	"Fig. 11": "the paper's figure is lost from our copy: ours tests its statements",
	"Fig. 12": "the paper's figure is lost from our copy (only its mention): ours is a reading of its text",
	"Fig. 13": "the paper's figure is an illustration: we measure the states",
	"Fig. 14": "the paper's figure is an illustration: we draw a real user",
	"Fig. 16": "the paper's figure and caption are lost from our copy; the cleaned log's heaviest single-user bursts stand in for its flurries",
	"Fig. 17": "the paper's figure is lost from our copy (only its mention): ours is a reading of its text",
}
