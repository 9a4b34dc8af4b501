package lublin2003

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"

	"github.com/tracelab/tracelab/repro/ledger"
)

// paramTolerance is the relative tolerance of a fitted parameter. Our logs
// are the archive's cleaned versions, not the paper's (their job counts
// differ: Logs), so parameters move: the paper's own rows for one machine
// in two consecutive years (SDSC95 and SDSC96) differ by 3% to 33%
// (Tables 1, 6, 7). 20% sits in that range.
const paramTolerance = 0.2

// column is a parameter column of a paper table.
type column struct {
	name string // as displayed: "α1", "D_n"
	id   string // in ledger ids: "alpha1", "dn"
	dn   bool   // a KS distance: ours agrees when no larger than the paper's + 20%
}

// columns builds the columns of a table from "name:id" pairs; an id
// starting with "dn" marks a KS distance.
func columns(specs ...string) []column {
	out := make([]column, len(specs))
	for i, sp := range specs {
		name, id, _ := strings.Cut(sp, ":")
		out[i] = column{name: name, id: id, dn: strings.HasPrefix(id, "dn")}
	}
	return out
}

var (
	hgColumns    = columns("α1:alpha1", "β1:beta1", "α2:alpha2", "β2:beta2", "p:p", "D_n:dn")
	gammaColumns = columns("α:alpha", "β:beta", "D_n:dn")
)

// compareRow is one log's row of a table: ours and the paper's.
type compareRow struct {
	log         string
	ours, paper []float64
}

// compareFrame lays rows out as a frame: log, source ("ours", "paper",
// "diff %": our difference from the paper's in percent), then one float
// column per table column.
func compareFrame(cols []column, rows []compareRow) dataframe.DataFrame {
	var logs, source []string
	vals := make([][]float64, len(cols))
	for _, r := range rows {
		for k, src := range []string{"ours", "paper", "diff %"} {
			logs, source = append(logs, r.log), append(source, src)
			for c := range cols {
				v := math.NaN()
				switch k {
				case 0:
					v = at(r.ours, c)
				case 1:
					v = at(r.paper, c)
				default:
					if p := at(r.paper, c); p != 0 {
						v = 100 * (at(r.ours, c) - p) / math.Abs(p)
					}
				}
				vals[c] = append(vals[c], v)
			}
		}
	}
	ss := []series.Series{series.New(logs, series.String, "log"), series.New(source, series.String, "source")}
	for c, col := range cols {
		ss = append(ss, series.New(vals[c], series.Float, col.name))
	}
	return dataframe.New(ss...)
}

func at(x []float64, i int) float64 {
	if i < len(x) {
		return x[i]
	}
	return math.NaN()
}

// expect is the expectation of a table cell: the paper's value within
// paramTolerance, or for a KS distance no larger than the paper's + 20%.
func expect(col column, paper float64) ledger.Expectation {
	if col.dn {
		return ledger.Stated(num(paper)+" (ours ≤ +20%)", ledger.AtMost(paper*(1+paramTolerance)))
	}
	return ledger.Approx(paper, paramTolerance)
}

func num(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }

// checkRow adds one entry per cell of a table row whose paper value is
// known: id prefix/col.id, e.g. "table2/KTH/alpha1".
func checkRow(l *ledger.Ledger, item, prefix, what string, cols []column, ours, paper []float64) {
	for c, col := range cols {
		p := at(paper, c)
		if math.IsNaN(p) {
			continue
		}
		l.Check(item, prefix+"/"+col.id, fmt.Sprintf("%s, %s", what, col.name), expect(col, p), at(ours, c))
	}
}

// unavailableRow records every known cell of a row of a log we do not have.
func unavailableRow(l *ledger.Ledger, item, prefix, what string, cols []column, paper []float64, why string) {
	for c, col := range cols {
		if p := at(paper, c); !math.IsNaN(p) {
			l.Unavailable(item, prefix+"/"+col.id, fmt.Sprintf("%s, %s", what, col.name), num(p), why)
		}
	}
}

func (r hgRow) values() []float64 { return []float64{r.Alpha1, r.Beta1, r.Alpha2, r.Beta2, r.P, r.D} }

func (r gammaRow) values() []float64 { return []float64{r.Alpha, r.Beta, r.D} }

// checkHyperGamma adds the cells of a hyper-Gamma row (Tables 2–4) and the
// means α1·β1 and α2·β2 of its two Gammas: "the salient features of the
// Gamma distribution depend on products of these parameters", and EM trades
// shape against scale, so a shape or scale that differs while the mean
// agrees says so in its reason.
func checkHyperGamma(l *ledger.Ledger, item, prefix, what string, ours []float64, paper hgRow) {
	pv := paper.values()
	reasons := map[int]string{}
	for k := range 2 {
		o, p := ours[2*k]*ours[2*k+1], pv[2*k]*pv[2*k+1]
		if ledger.Approx(p, paramTolerance).Accepts(o) {
			r := fmt.Sprintf("shape and scale trade off: the Gamma's mean %.3g agrees with the paper's %.3g", o, p)
			reasons[2*k], reasons[2*k+1] = r, r
		}
	}
	for c, col := range hgColumns {
		l.Check(item, prefix+"/"+col.id, fmt.Sprintf("%s, %s", what, col.name), expect(col, pv[c]), at(ours, c)).IfDiffers(reasons[c])
	}
	for k := range 2 {
		l.Check(item, fmt.Sprintf("%s/mean%d", prefix, k+1), fmt.Sprintf("%s, mean of Gamma %d (α%d·β%d)", what, k+1, k+1, k+1),
			ledger.Approx(pv[2*k]*pv[2*k+1], paramTolerance), ours[2*k]*ours[2*k+1]).
			Quoting("the salient features of the Gamma distribution depend on produts of these parameters")
	}
}

// noLogs says why a model computed from our logs has no value.
const noLogs = "none of the paper's logs is available here"

// checkOurs records a model value computed from n of our logs: an entry
// not comparable when n is 0 (no log available), else a check.
func checkOurs(l *ledger.Ledger, item, id, what string, want ledger.Expectation, n int, got float64) {
	if n == 0 {
		l.Unavailable(item, id, what, want.Value(), noLogs)
		return
	}
	l.Check(item, id, what, want, got)
}
