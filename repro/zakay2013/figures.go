package zakay2013

import (
	"fmt"
	"strings"

	"gonum.org/v1/plot"

	"github.com/tracelab/tracelab/analytics/users"
	"github.com/tracelab/tracelab/analytics/users/usersplot"
	"github.com/tracelab/tracelab/plots"
	"github.com/tracelab/tracelab/repro/ledger"
)

// figure returns a figure of the paper's item (plots.PaperFigure); where
// ours shows other logs than the paper's figure, or the paper's figure is
// lost from our copy of the text, its caption says so (figureNotes); where
// the paper groups the panels by quantity, so do we (byQuantity).
func figure(item, what, see string, cols int, panels ...*plot.Plot) *plots.Figure {
	if n, ok := figureNotes[item]; ok {
		see += "; " + n
	}
	var breaks []int
	if byQuantity[strings.TrimSuffix(item, " (ours)")] {
		panels, breaks = groupByQuantity(panels)
	}
	f := plots.PaperFigure("Zakay & Feitelson 2013", item, what, see, cols, panels...)
	if f != nil {
		f.RowBreaks = breaks
	}
	return f
}

// byQuantity are the items whose panels the paper groups by quantity, on
// rows of their own: §6.1, of Fig. 8, "The top two rows show that the
// throughput ...", the utilisation below. Fig. 9's layout is not
// described (its caption: "the average slowdown and waiting time"); it
// is grouped as Fig. 8, the slowdown rows above the wait rows. Our
// builder gives the panels a log at a time.
var byQuantity = map[string]bool{"Fig. 8": true, "Fig. 9": true}

// groupByQuantity orders panels by quantity (their x label), the
// quantities in the order of their first panel and each one's panels in
// their order, and returns the indices where a quantity after the first
// begins (plots.Figure.RowBreaks): a log keeps one column in every
// quantity's rows when each quantity has the same logs.
func groupByQuantity(panels []*plot.Plot) ([]*plot.Plot, []int) {
	var quantities []string
	by := map[string][]*plot.Plot{}
	for _, p := range panels {
		q := p.X.Label.Text
		if _, ok := by[q]; !ok {
			quantities = append(quantities, q)
		}
		by[q] = append(by[q], p)
	}
	out := make([]*plot.Plot, 0, len(panels))
	var breaks []int
	for i, q := range quantities {
		if i > 0 {
			breaks = append(breaks, len(out))
		}
		out = append(out, by[q]...)
	}
	return out, breaks
}

// figureNotes say in a figure's caption what ours shows instead of the
// paper's figure (the items' notes in study.go give the account).
var figureNotes = map[string]string{
	"Fig. 1":  "the paper's figure is lost from our copy (caption only) and its logs are not named: we show four",
	"Fig. 5":  "the paper's figure is lost from our copy (caption only) and its four logs are not named",
	"Fig. 4":  "the paper's Fig. 4 is ANL-Intrepid, which we do not have: this log stands in",
	"Fig. 13": "SDSC-Par-1996 stands in for the paper's SDSC-Par95, which we do not have",
	"Fig. 14": "user 374's flurry, which the paper adds, is gone from the cleaned log: its heaviest bursts stand in",
	"Fig. 15": "the paper's flurries (users 50, 38 and 31) are gone from the cleaned log: its heaviest bursts stand in",
	"Fig. 16": "the paper's flurries (users 50, 38 and 31) are gone from the cleaned log: its heaviest bursts stand in",
}

// hourCountNote says, in the caption of Fig. 11, that its hour-of-week
// panel counts jobs (usersplot.MarginalOptions.HourCounts), as the paper's
// does ("one can see the big difference in the number of jobs", §6.3), and
// by how much the resampled logs' jobs outnumber the original's: the mean
// over the resampled logs of their jobs over the original's.
func hourCountNote(orig users.Marginals, resampled []users.Marginals) string {
	total := func(m users.Marginals) (n int) {
		for _, c := range m.HourOfWeek {
			n += c
		}
		return n
	}
	ratio, o := 0.0, total(orig)
	if o == 0 || len(resampled) == 0 {
		return "the hour-of-week panel counts jobs, as the paper's does"
	}
	for _, m := range resampled {
		ratio += float64(total(m)) / float64(o) / float64(len(resampled))
	}
	return fmt.Sprintf("the hour-of-week panel counts jobs, as the paper's does: the resampled logs submit %.1f times the original's jobs, in the same weekly cycle", ratio)
}

// hourBandNote says, in the caption of a figure of usersplot.Marginals,
// why the hour-of-week panel shows little of the resampled logs' band: it
// lies mostly under the original's bold line, by how much at most
// (usersplot.HourOfWeekSpread).
func hourBandNote(orig users.Marginals, resampled []users.Marginals) string {
	return fmt.Sprintf("in the hour-of-week panel the band lies mostly under the original's line: resampling keeps every job's hour of the week and only reweights the users (no resampled log's share of an hour is more than %.2g from the original's)",
		usersplot.HourOfWeekSpread(orig, resampled))
}

// fig6Note says, in Fig. 6's caption, which of the paper's logs it draws
// (Fig. 6's part of figureNotes, which depends on the logs drawn): the
// paper draws LANL-CM5, HPC2N and ANL-Intrepid, and CEA-Curie stands in
// for ANL-Intrepid only where it is drawn. Quick mode draws the first log
// (Fig6Logs), and a log missing from the data directory is not drawn.
func fig6Note(drawn []string, quick bool) string {
	curie := false
	for _, name := range drawn {
		curie = curie || name == "CEA-Curie"
	}
	if curie && len(drawn) == len(Fig6Logs) {
		return "the paper's third log, ANL-Intrepid, we do not have: CEA-Curie stands in"
	}
	s := "the paper's logs are LANL-CM5, HPC2N and ANL-Intrepid"
	if curie {
		s += " (CEA-Curie stands in for ANL-Intrepid, which we do not have)"
	}
	who := "this figure draws "
	if quick {
		who = "quick mode draws "
	}
	if len(drawn) == 0 {
		return s + "; none is drawn here"
	}
	return s + "; " + who + strings.Join(drawn, " and ") + " only"
}

// poxLog is what Fig. 6's caption says of one log: its original's H, and
// the statistic its fig6/<log>/resampled_mean/h_difference entry judges —
// the difference of its resampled logs' H from the original's, their mean
// and standard error over all of them (pooledDiffs: drawn at seeds seeds,
// perSeed each; the figure draws the study seed's first two).
type poxLog struct {
	log            string
	orig           float64
	diff           ledger.OverSeeds
	seeds, perSeed int
}

// poxLogs is what Fig. 6's caption says of each log of r: the statistic
// of its h_difference entry, computed as fig6Claims does (pooledDiffs over
// the study seed's resampled logs and r.more's).
func (r *Fig6Result) poxLogs() []poxLog {
	var out []poxLog
	for k, h := range r.sets {
		var further [][]float64
		if k < len(r.more) {
			further = r.more[k]
		}
		x := poxLog{log: h.log, orig: h.orig.H, seeds: 1 + len(further), perSeed: len(h.resampled)}
		if len(h.resampled) > 0 {
			x.diff = pooledDiffs(h, further)
		}
		out = append(out, x)
	}
	return out
}

// poxCaption is Fig. 6's caption: what to compare, and what the ledger
// judges — each log's mean difference in H over all its resampled logs
// (at every seed measured) from the original's, within 2 SE
// (fig6/*/resampled_mean/h_difference, ledger.SeedsRule), of which the
// figure draws two. Without it, a reader compares the two drawn H with the
// original's, which is not the verdict's statistic. The numbers are the
// entries' (the difference to the entry's 3 digits, ledger.Format; the SE
// as its statement gives it). A log with fewer than two resampled logs has
// no such entry and is left out. How many resampled logs (and seeds) each
// difference is over is said once when the logs share it: said per log,
// it made the caption four lines of repeats.
func poxCaption(logs []poxLog) string {
	const head = "the slope H of each cloud's line is its self-similarity"
	var kept []poxLog
	for _, x := range logs {
		if x.diff.N >= 2 {
			kept = append(kept, x)
		}
	}
	if len(kept) == 0 {
		return head + ": compare the resampled logs' with the original's"
	}
	overOf := func(x poxLog) string {
		over := fmt.Sprintf("%d resampled logs", x.diff.N)
		if x.seeds > 1 {
			over += fmt.Sprintf(", %d at each of %d seeds", x.perSeed, x.seeds)
		}
		return over
	}
	shared := true
	for _, x := range kept[1:] {
		shared = shared && overOf(x) == overOf(kept[0])
	}
	var parts []string
	for _, x := range kept {
		part := fmt.Sprintf("%s %s (SE %.4f)", x.log, ledger.Format(x.diff.Mean, 3), x.diff.SE)
		if !shared {
			part += " over " + overOf(x)
		}
		parts = append(parts, part+fmt.Sprintf(", %.3f against %.3f", x.orig+x.diff.Mean, x.orig))
	}
	each := ""
	if shared {
		each = ", each over " + overOf(kept[0])
	}
	return head + ". The ledger's Fig. 6 entries judge, per log, the mean difference of its resampled logs' H from the original's" + each +
		", similar when within 2 SE; the panels draw two of them (mean difference, and the resampled logs' mean H against the original's: " +
		strings.Join(parts, "; ") + ")"
}
