package feitelson2007

import (
	"math"
	"strconv"
	"strings"

	"gonum.org/v1/plot"

	"github.com/tracelab/tracelab/plots"
)

// figure returns a figure of the paper's item (plots.PaperFigure), with
// the values the paper prints about that figure drawn on it
// (paperValues); where the figure shows another log or data than the
// paper's figure, its caption says so (figureNotes).
func figure(item, what, see string, cols int, panels ...*plot.Plot) *plots.Figure {
	if n, ok := figureNotes[item]; ok {
		see += "; " + n
	}
	for _, pv := range paperValues[item] {
		for i, p := range panels {
			if p == nil || (pv.panel != "" && p.Title.Text != pv.panel) || (pv.panel == "" && i > 0) {
				continue
			}
			if err := plots.AddPaperValues(p, pv.values, pv.valueLabel, pv.rangeLabel); err != nil {
				panic("feitelson2007: " + err.Error()) // the table below is constant
			}
		}
	}
	return plots.PaperFigure("Feitelson 2007", item, what, see, cols, panels...)
}

// figureNotes say in a figure's caption what it shows instead of the
// paper's log or data (the items' notes in study.go give the account).
var figureNotes = map[string]string{
	"Fig. 2":  "SDSC-Par-1996 stands in for the paper's SDSC Paragon 1995 log, which we do not have",
	"Fig. 3":  "the paper's synthetic data is not given: ours is data of the same kind",
	"Fig. 4":  "SDSC-Par-1996 stands in for the paper's SDSC Paragon 1995 log, which we do not have",
	"Fig. 5":  "SDSC-Par-1996 stands in for the paper's SDSC Paragon 1995 log, which we do not have",
	"Fig. 11": "the paper does not name the log its model samples (ours: SDSC-Par-1996), so §4's printed M′_med are not drawn: the ledger's entries are not comparable",
}

// figurePaperValues are the values the paper prints about one of its
// figures, drawn on the panel of ours titled panel ("": the first panel)
// so that a reader compares them there.
type figurePaperValues struct {
	panel                  string
	values                 []plots.PaperValue
	valueLabel, rangeLabel string
	// entries are the ids of the ledger's entries that compare these
	// values with ours: a value is drawn as the paper's to be compared only
	// where they are comparable.
	entries []string
}

// paperValues are the values the paper's text prints about its figures,
// by item, transcribed from the paper (never ours):
//
//	Fig. 5 (§3.1): "our default choice of 3-day slices and 24 subranges
//	... utilizes 94% of the slices for the SDSC Paragon log and 100% for
//	the LANL CM5 log" — the ledger's fig5/LANL-CM5/3days-24ranges. The
//	94% is not drawn: it is of the 1995 Paragon log, and our SDSC-Par-1996
//	stands in for it (the ledger's entry is not comparable).
//
// A value is drawn only where the ledger compares it with ours: every
// entry named in entries is comparable (TestPaperValuesComparable). So
// Fig. 11's §4 numbers ("from 0.180 down to 0.038", "in the range
// 0.078–0.098") are not drawn: the paper does not name the log its model
// samples, ours samples SDSC-Par-1996 in its place, and the entries
// fig11/theta2, fig11/theta4 and fig11/theta2.5/range are not comparable
// (onStandIn); the caption says so (figureNotes).
//
// A figure's panels with a paper's value share its key, so each panel of
// such a figure gets its value under the same label.
var paperValues = map[string][]figurePaperValues{
	"Fig. 5": {
		{panel: "LANL-CM5", values: []plots.PaperValue{{X: 3, Lo: printed(fig5UsableLANL) / 100, Hi: printed(fig5UsableLANL) / 100}},
			valueLabel: "the paper's value at 3 days, 24 ranges", entries: []string{"fig5/LANL-CM5/3days-24ranges"}},
	},
}

// The values the paper prints about its figures, as printed (the text
// ledger.Printed reads): the ledger's entries (model.go, metric.go) and
// the marks drawn on our figures (paperValues, where comparable) share
// them.
const (
	// fig5UsableLANL is §3.1's percentage of LANL-CM5's 3-day slices
	// usable with 24 ranges ("100% for the LANL CM5 log").
	fig5UsableLANL = "100"
	// fig11Theta2 and fig11Theta4 are §4's M'_med at θ = 2 and θ = 4
	// ("from 0.180 down to 0.038").
	fig11Theta2, fig11Theta4 = "0.180", "0.038"
	// fig11Theta25Lo and fig11Theta25Hi are §4's range of M'_med at
	// θ = 2.5 ("in the range 0.078–0.098").
	fig11Theta25Lo, fig11Theta25Hi = "0.078", "0.098"
)

// printed is the value of a number as the paper prints it (one of the
// constants above); it panics on a text that is not a number (programmer
// error).
func printed(text string) float64 {
	v, err := strconv.ParseFloat(text, 64)
	if err != nil {
		panic("feitelson2007: " + err.Error())
	}
	return v
}

// printedRange is the range lo–hi as the paper prints it widened by half
// a unit of each end's last printed digit (its rounding): values within
// the printed range to the printed digit lie in it.
func printedRange(lo, hi string) (float64, float64) {
	half := func(text string) float64 {
		decimals := 0
		if i := strings.IndexByte(text, '.'); i >= 0 {
			decimals = len(text) - i - 1
		}
		return 0.5 * math.Pow(10, -float64(decimals))
	}
	return printed(lo) - half(lo), printed(hi) + half(hi)
}
