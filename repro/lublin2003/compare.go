package lublin2003

import (
	"fmt"
	"math"
	"strings"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"

	"github.com/tracelab/tracelab/repro/ledger"
)

// column is a parameter column of a paper table.
type column struct {
	name string // as displayed: "α1", "D_n"
	id   string // in ledger ids: "alpha1", "dn"
}

// columns builds the columns of a table from "name:id" pairs.
func columns(specs ...string) []column {
	out := make([]column, len(specs))
	for i, sp := range specs {
		name, id, _ := strings.Cut(sp, ":")
		out[i] = column{name: name, id: id}
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
// "diff %": our difference from the paper's in percent, to 0.1), then one float
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
					// To a tenth of a percent: the paper prints two or
					// three digits, and float noise (2.2e-14) is 0.
					if p := at(r.paper, c); p != 0 {
						v = math.Round(1000*(at(r.ours, c)-p)/math.Abs(p)) / 10
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

// cell is one numeric cell of a paper table for one of our logs: the
// paper's printed text, our value with its standard error and how that
// error was found, where it sits (log, table, Table 4's group g, column
// index k), and why it differs: the stand-in evidence of its log, or the
// table-wide convention that brings it within (explainTable), or, when
// none does, the conventions' range (sensitivity, shown with our value).
type cell struct {
	col      column
	text     string
	ours, se float64
	seHow    string // "observed information", "binomial", …

	log         paperLog
	table       string
	group, k    int
	standIn     string // why our log stands in for the paper's, "" when it does not
	reason      string
	found       ledger.Found // how reason was found: the best of the table's conventions
	sensitivity string
}

// want is the cell's tolerance, the ledger's one rule: half a unit of the
// paper's last printed digit plus twice our standard error.
func (c cell) want() ledger.Expectation { return ledger.Printed(c.text, c.se) }

// writeCells adds one entry per cell of a table row, placed in the table
// (row label rowLabel) for the discrimination test: id prefix/col.id,
// statement "what, column (SE: how)". A cell of a stand-in log is not
// comparable; an unexplained difference shows the conventions' range in
// our value.
func writeCells(l *ledger.Ledger, item, prefix, what, rowLabel string, cells []cell) {
	for _, c := range cells {
		id, statement := prefix+"/"+c.col.id, fmt.Sprintf("%s, %s (SE: %s)", what, c.col.name, c.seHow)
		var e *ledger.Entry
		if c.standIn != "" {
			e = l.StandIn(item, id, statement, c.want(), c.ours, c.standIn)
		} else {
			e = l.Check(item, id, statement, c.want(), c.ours)
			if c.reason != "" {
				e.ExplainedBy(c.found, c.reason)
			}
			if e.Verdict == ledger.Differs && c.reason == "" && c.sensitivity != "" {
				e.OurValue += " (" + c.sensitivity + ")"
			}
		}
		e.InTable(item, rowLabel, c.col.name)
	}
}

// onStandIn makes an entry measured on a stand-in log (why: its version
// evidence, "" for a log that is not one) not comparable, our value kept:
// the paper's statement is of its version, so neither agreement nor
// difference on ours says anything of it — the rule of the numbers
// (ledger.StandIn) applied to every claim made on the log, qualitative or
// not. A reason the entry had (a measurement) moves to our value.
func onStandIn(e *ledger.Entry, why string) *ledger.Entry {
	if why == "" {
		return e
	}
	if e.Reason != "" {
		e.OurValue += " (" + e.Reason + ")"
	}
	e.Verdict, e.Reason, e.StandIn = ledger.NotComparable, "a stand-in: "+why, why
	return e
}

// cellPointers returns pointers to every cell of rows, in order.
func cellPointers(rows ...[]cell) []*cell {
	var out []*cell
	for _, r := range rows {
		for k := range r {
			out = append(out, &r[k])
		}
	}
	return out
}

// unavailableRow records every known cell of a row of a log we do not have.
func unavailableRow(l *ledger.Ledger, item, prefix, what string, cols []column, paper printedRow, log, why string) {
	for c, col := range cols {
		if t := paper.text(c); t != "" {
			l.MissingLog(item, prefix+"/"+col.id, fmt.Sprintf("%s, %s", what, col.name), t, log, why)
		}
	}
}

// noLogs says why a model computed from our logs has no value.
const noLogs = "none of the paper's logs is available here"

// standInModel records a model value computed from n of our logs (the
// paper's from its four): not comparable, a stand-in for the paper's
// model, with our value shown; an entry without a value when n is 0.
func standInModel(l *ledger.Ledger, item, id, what, text string, n int, got float64) {
	if n == 0 {
		l.Unavailable(item, id, what, text, noLogs)
		return
	}
	l.StandIn(item, id, what, ledger.Printed(text, 0), got,
		fmt.Sprintf("a stand-in: our model is made from %d of the paper's 4 logs (SDSC-Par-1995 is not available here), the paper's from all 4", n))
}

// paperRowsCheck records the paper's model value recomputed from its own
// rows (a check of the paper's arithmetic, not a finding). The tolerance
// is half a unit of the model's printed digit plus rounding, the largest
// error the rounding of the printed rows carries into the result.
func paperRowsCheck(l *ledger.Ledger, item, id, what, text string, got, rounding float64, basis string) *ledger.Entry {
	// Printed adds twice its standard error: the rounding enters as half.
	return l.Check(item, id, what+", from the paper's rows", ledger.Printed(text, rounding/2), got).
		AsCheck(basis + "; tolerance: the model's printed digit plus the rounding of the rows")
}
