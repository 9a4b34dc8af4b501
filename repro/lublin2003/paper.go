package lublin2003

import (
	"math"
	"strconv"
	"strings"

	"github.com/tracelab/tracelab/analytics/fit"
)

// The paper's published values, transcribed from its tables as printed
// (the Greek letters are lost in our copy of the text; the columns are the
// paper's). The printed text is kept: its last digit sets the tolerance
// (ledger.Printed). These are the paper's values, compared with ours in the
// ledger — never used as ours.

// printedRow is a row of a paper table as printed: the cells' texts,
// "–" for a cell the paper leaves out.
type printedRow []string

// row splits a row as printed ("2.35 1.50 1533 0.007 0.94 0.037").
func row(text string) printedRow { return strings.Fields(text) }

// text returns cell k as printed, "" when the paper leaves it out.
func (r printedRow) text(k int) string {
	if k >= len(r) || r[k] == "–" {
		return ""
	}
	return r[k]
}

// values returns the cells as numbers, NaN where the paper leaves one out.
// It panics on a cell that is not a number (a transcription error).
func (r printedRow) values() []float64 {
	out := make([]float64, len(r))
	for k := range r {
		out[k] = math.NaN()
		if t := r.text(k); t != "" {
			v, err := strconv.ParseFloat(t, 64)
			if err != nil {
				panic("lublin2003: paper cell " + t + ": " + err.Error())
			}
			out[k] = v
		}
	}
	return out
}

// hyperGamma reads a row of Tables 2–4 (α1 β1 α2 β2 p [D_n]).
func (r printedRow) hyperGamma() fit.HyperGamma {
	v := r.values()
	return fit.HyperGamma{Alpha1: v[0], Beta1: v[1], Alpha2: v[2], Beta2: v[3], P: v[4]}
}

// The paper's logs, by the names its tables use, in their order.
var paperLogNames = []string{"SDSC95", "SDSC96", "KTH", "LANL"}

// Table 1: p1 p2 | two-stage l m h p D_n | Gamma α β D_n. The paper
// leaves LANL out of p1 and p2.
var table1 = map[string]printedRow{
	"SDSC95": row("0.21 0.76 0.75 5.00 8.64 0.92 0.040 4.04 0.77 0.064"),
	"SDSC96": row("0.21 0.89 1.00 5.00 7.00 0.86 0.038 4.92 0.69 0.052"),
	"KTH":    row("0.30 0.60 0.70 4.00 6.64 0.84 0.033 3.87 0.73 0.058"),
	"LANL":   row("– – 4.50 7.00 10.0 0.82 0.083 24.95 0.25 0.114"),
}

// table1Model is Table 1's model row: p1, p2 and p (l, m, h are rules:
// min − 0.2, max − 2.5, max).
var table1Model = struct{ P1, P2, P string }{"0.24", "0.75", "0.86"}

// Tables 2 (ln runtime) and 3 (ln work): α1 β1 α2 β2 p D_n, and the model
// rows α1 β1 α2 β2 p.
var (
	table2 = map[string]printedRow{
		"SDSC95": row("2.35 1.50 1533 0.007 0.94 0.037"),
		"SDSC96": row("4.15 0.96 569.7 0.018 0.70 0.035"),
		"KTH":    row("5.76 0.82 159.5 0.05 0.61 0.081"),
		"LANL":   row("6.00 0.66 68.5 0.13 0.55 0.034"),
	}
	table2Average = row("4.20 0.94 312.0 0.03 0.685")
	table2Search  = row("4.00 1.00 500.0 0.02 0.70")

	table3 = map[string]printedRow{
		"SDSC95": row("3.66 1.32 13.4 0.87 0.88 0.033"),
		"SDSC96": row("5.12 1.09 120.0 0.10 0.71 0.026"),
		"KTH":    row("118.4 0.06 42.2 0.28 0.30 0.050"),
		"LANL":   row("5.16 1.10 30.6 0.34 0.59 0.019"),
	}
	table3Average = row("10.74 0.55 37.96 0.37 0.577")
	table3Search  = row("5.00 1.10 45.00 0.30 0.700")
)

// groupRow is a row of Table 4: a size group and its runtime model
// (α1 β1 α2 β2 p D_n).
type groupRow struct {
	MinSize, MaxSize int
	cells            printedRow
}

var table4 = map[string][]groupRow{
	"SDSC95": {{1, 4, row("3.73 1.05 0.19 4.77 0.97 0.038")}, {5, 16, row("9.68 0.56 161.0 0.074 0.82 0.034")},
		{17, 400, row("12.63 0.62 197.1 0.07 0.66 0.063")}},
	"SDSC96": {{1, 8, row("5.46 0.92 230.5 0.05 0.87 0.033")}, {9, 16, row("9.87 0.66 1577 0.008 0.40 0.062")},
		{17, 320, row("11.65 0.71 378.4 0.037 0.46 0.065")}},
	"KTH": {{1, 4, row("5.36 0.89 39.6 0.232 0.61 0.045")}, {5, 100, row("8.68 0.84 89.97 0.133 0.58 0.016")}},
	"LANL": {{32, 32, row("29.96 0.29 330.6 0.036 0.63 0.021")}, {64, 64, row("38.33 0.25 560.6 0.023 0.45 0.039")},
		{128, 128, row("6190 0.001 35.11 0.331 0.47 0.140")}, {256, 1024, row("31.82 0.37 773.3 0.019 0.47 0.052")}},
}

// table4Bounds returns the largest size of each of a log's Table 4 groups
// but the last (lublin.FitOptions.RuntimeGroupBounds).
func table4Bounds(log string) []int {
	var b []int
	for _, g := range table4[log][:len(table4[log])-1] {
		b = append(b, g.MaxSize)
	}
	return b
}

// Table 5: a b D_n, and the model row a b.
var (
	table5 = map[string]printedRow{
		"SDSC95": row("-0.0043 0.995 0.038"),
		"SDSC96": row("-0.0107 0.900 0.056"),
		"KTH":    row("-0.0065 0.649 0.058"),
		"LANL":   row("-0.00027 0.575 0.089"),
	}
	table5Model = row("-0.0054 0.780")
)

// Tables 6 (ln peak-hour inter-arrival) and 7 (daily cycle): α β D_n, and
// the model rows α β.
var (
	table6 = map[string]printedRow{
		"SDSC95": row("6.89 0.62 0.053"),
		"SDSC96": row("7.13 0.70 0.072"),
		"KTH":    row("14.10 0.37 0.064"),
		"LANL":   row("15.81 0.35 0.084"),
	}
	table6Model = row("10.23 0.49")

	table7 = map[string]printedRow{
		"SDSC95": row("7.77 4.16 0.047"),
		"SDSC96": row("6.84 4.77 0.050"),
		"KTH":    row("12.00 2.55 0.054"),
		"LANL":   row("7.00 4.86 0.056"),
	}
	table7Model = row("8.17 3.96")
)
