package feitelson2021

import (
	"fmt"
	"strings"

	"gonum.org/v1/plot"

	"github.com/tracelab/tracelab/plots"
	"github.com/tracelab/tracelab/sim/feedback"
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

// longJobsCaption says, for Fig. 20's caption, how the long jobs' average
// response under the user-aware scheduler (each α > 0, each daily cycle)
// compares with EASY's (resp keyed "cycle α class", UserAwareRuns): the
// caption states what the bars show instead of a sentence written for one
// recording.
func longJobsCaption(resp map[string]float64) string {
	gain, n := 0, 0
	for _, c := range fig20Cycles {
		easy := resp[fmt.Sprintf("%s 0 %s", c, feedback.Long)]
		for _, a := range fig20Alphas[1:] {
			if v := resp[fmt.Sprintf("%s %g %s", c, a, feedback.Long)]; v > 0 && easy > 0 {
				n++
				if v < easy {
					gain++
				}
			}
		}
	}
	switch {
	case n == 0:
		return "ours: no long jobs to compare"
	case gain == n:
		return "ours: the long jobs gain too"
	case gain == 0:
		return "ours too: the long jobs wait longer"
	}
	return fmt.Sprintf("ours: the long jobs gain in %d of %d runs", gain, n)
}

// queueCaption says, for Fig. 21's caption, at how many hours the
// user-aware scheduler's mean queue (each α > 0, each daily cycle) is
// shorter than EASY's (queue keyed "cycle α", Fig21Result).
func queueCaption(queue map[string][24]float64) string {
	shorter, n := 0, 0
	for _, c := range fig20Cycles {
		easy, ok := queue[fmt.Sprintf("%s 0", c)]
		if !ok {
			continue
		}
		for _, a := range fig20Alphas[1:] {
			q, ok := queue[fmt.Sprintf("%s %g", c, a)]
			if !ok {
				continue
			}
			for h := range q {
				n++
				if q[h] < easy[h] {
					shorter++
				}
			}
		}
	}
	switch {
	case n == 0:
		return "no queue to compare"
	case shorter == n:
		return "here its queue is shorter at every hour"
	}
	return fmt.Sprintf("here its queue is shorter at %d of %d hours (each α, each cycle)", shorter, n)
}

// continuedNote says, in Fig. 17's caption, that the load-ceases entries
// judge each feedback curve's last step (to last times the log's users)
// and that the sweep continued with feedback to the populations beyond
// (Fig17Result.beyond, full mode only) is measured but not drawn: the
// entries give what it shows. Without a continued sweep it says nothing.
func continuedNote(last float64, beyond []float64) string {
	if len(beyond) == 0 {
		return ""
	}
	b := make([]string, len(beyond))
	for i, x := range beyond {
		b[i] = fmt.Sprintf("%g×", x)
	}
	list := b[len(b)-1]
	if len(b) > 1 {
		list = strings.Join(b[:len(b)-1], ", ") + " and " + list
	}
	return fmt.Sprintf("whether the throughput ceases to increase is judged on each feedback curve's last step, to %g× the log's users; "+
		"the sweep's continuation with feedback to %s users is not drawn (the Fig. 17 load-ceases entries give its gains)", last, list)
}
