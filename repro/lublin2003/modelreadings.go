package lublin2003

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"gonum.org/v1/gonum/stat"

	"github.com/tracelab/tracelab/analytics/fit"
	"github.com/tracelab/tracelab/repro/ledger"
	"github.com/tracelab/tracelab/sim/lublin"
)

// The readings of §5.2's average model measured on the paper's printed
// rows of Tables 2 and 3 ("the geometrical mean was chosen (but the
// arithmetic mean was used for p)"): the text's, and the others a reader
// could take — another mean of the four rows, the same means weighted by
// the logs' jobs, and the Gamma's moments (the text's reason for the
// geometric mean is that "the salient features of the Gamma distribution
// depend on products of these parameters": the mean α·β and the variance
// α·β², averaged arithmetically and turned back into α = m²/v, β = v/m; the
// geometric mean of any such product is the product of the geometric
// means, so averaged geometrically they are the text's reading).

// paperJobs are the logs' jobs as the paper gives them, the weights of the
// job-weighted readings, in paperLogNames' order: KTH 16221 and LANL 36306
// (§2); SDSC95 and SDSC96 55208 and 17807 interactive jobs (§8.2) plus the
// batch jobs, 113515 − 55208 − 17807 = 40500 over the two years (§2's
// total), "a bit more than 20000" in each (§8.2): 20250 each. (§2's "about
// two thirds of the jobs in the first year" gives 75677 and 37838, which
// moves no weighted mean by more than 0.2%.)
var paperJobs = func() []float64 {
	batch := float64(113515-55208-17807) / 2
	return []float64{55208 + batch, 17807 + batch, 16221, 36306}
}()

// averageReading is one reading of the average model: its name and its
// value of column k (α1 β1 α2 β2 p) from the rows of one table, ok false
// where it does not apply (the moments to p).
type averageReading struct {
	name  string
	value func(rows []fit.HyperGamma, k int) (float64, bool)
}

// averageReadings are the readings measured, the text's first for α and
// β (geometric) and second for p (arithmetic).
var averageReadings = []averageReading{
	{"geometric", colReading(geoMean)},
	{"arithmetic", colReading(mean)},
	{"harmonic", colReading(func(x []float64) float64 { return stat.HarmonicMean(x, nil) })},
	{"geometric weighted by jobs", colReading(func(x []float64) float64 { return weightedGeo(x, paperJobs) })},
	{"arithmetic weighted by jobs", colReading(func(x []float64) float64 { return stat.Mean(x, paperJobs) })},
	{"harmonic weighted by jobs", colReading(func(x []float64) float64 { return stat.HarmonicMean(x, paperJobs) })},
	{"Gamma moments (arithmetic means of α·β and α·β²)", gammaMoments},
}

// textReading is the index in averageReadings of the text's reading of
// column k.
func textReading(k int) int {
	if k == 4 {
		return 1
	}
	return 0
}

func colReading(f func([]float64) float64) func([]fit.HyperGamma, int) (float64, bool) {
	return func(rows []fit.HyperGamma, k int) (float64, bool) {
		x := make([]float64, len(rows))
		for i, h := range rows {
			x[i] = hgValue(h, k)
		}
		return f(x), true
	}
}

func gammaMoments(rows []fit.HyperGamma, k int) (float64, bool) {
	if k == 4 {
		return 0, false
	}
	var m, v []float64
	for _, h := range rows {
		a, b := hgValue(h, k&^1), hgValue(h, k|1)
		m, v = append(m, a*b), append(v, a*b*b)
	}
	mm, vv := mean(m), mean(v)
	if k%2 == 0 {
		return mm * mm / vv, true
	}
	return vv / mm, true
}

func weightedGeo(x, w []float64) float64 {
	var s, sw float64
	for i, v := range x {
		s += w[i] * math.Log(v)
		sw += w[i]
	}
	return math.Exp(s / sw)
}

// averageTable is one table's printed rows (in paperLogNames' order) and
// average row.
type averageTable struct {
	rows    map[string]printedRow
	average printedRow
}

var averageTables = []averageTable{{table2, table2Average}, {table3, table3Average}}

func (t averageTable) hyperGammas() []fit.HyperGamma {
	var out []fit.HyperGamma
	for _, name := range paperLogNames {
		out = append(out, t.rows[name].hyperGamma())
	}
	return out
}

// averageWant is the tolerance of the average model's column k recomputed
// from the printed rows: the printed digit plus the rows' rounding (half a
// unit of each row's last digit) carried through the text's mean (for the
// other readings the same tolerance: their rounding is of the same order).
func (t averageTable) averageWant(k int) (ledger.Expectation, float64) {
	var col []float64
	for _, name := range paperLogNames {
		col = append(col, t.rows[name].values()[k])
	}
	geo := geoMean(col)
	var rounding float64
	for _, name := range paperLogNames {
		h := halfUnit(t.rows[name].text(k))
		if k == 4 {
			rounding += h / 4
		} else {
			rounding += geo * h / t.rows[name].values()[k] / 4
		}
	}
	return ledger.Printed(t.average.text(k), rounding/2), rounding
}

// readingTally counts, over the 10 average cells of Tables 2 and 3, how
// many the text's reading brings within and how many reading r does (the
// text's where r does not apply): ledger.Tally, a reason only when
// Justified.
func readingTally(r int) ledger.Tally {
	var t ledger.Tally
	for _, tab := range averageTables {
		rows := tab.hyperGammas()
		for k := range 5 {
			want, _ := tab.averageWant(k)
			text, _ := averageReadings[textReading(k)].value(rows, k)
			v, ok := averageReadings[r].value(rows, k)
			if !ok {
				v = text
			}
			t.Add(want.Accepts(text), want.Accepts(v))
		}
	}
	return t
}

// averageMeasured measures every reading on column k of one table's
// printed rows: their values, which bring the printed average within, and
// each reading's tally over the 10 average cells. best is the reading
// that brings the cell within and is justified over the cells (-1 when
// none; then the text is a measurement); n is the number of readings
// measured on the column.
func averageMeasured(tab averageTable, k int) (text string, best, n int) {
	rows := tab.hyperGammas()
	want, _ := tab.averageWant(k)
	best = -1
	var parts []string
	for r, rd := range averageReadings {
		v, ok := rd.value(rows, k)
		if !ok {
			continue
		}
		s := fmt.Sprintf("%s %.4g", rd.name, v)
		if r == textReading(k) {
			s += " (the text's)"
		} else {
			t := readingTally(r)
			within := want.Accepts(v)
			s += fmt.Sprintf(" (%s; %d of 10)", map[bool]string{true: "within", false: "not within"}[within], t.Within)
			if within && t.Justified() && best < 0 {
				best = r
			}
		}
		parts = append(parts, s)
	}
	return fmt.Sprintf("%d readings measured, each with the average cells of Tables 2–3 it brings within, of 10, the text's readings %d (ledger.Tally; jobs: §2 and §8.2, %s): %s",
		len(parts), readingTally(textReading(k)).AsComputed, jobsText(), strings.Join(parts, "; ")), best, len(parts)
}

func jobsText() string {
	var s []string
	for i, name := range paperLogNames {
		s = append(s, fmt.Sprintf("%s %.0f", name, paperJobs[i]))
	}
	return strings.Join(s, ", ")
}

// gridRounding is how far a value v of the search grid on the printed
// column col (texts: the cells as printed) moves when each row moves within
// its rounding (half a unit of its last digit): the grid's value at u
// between the smallest row lo and the largest hi is lo + u·(hi − lo) on a
// linear scale and lo·(hi/lo)^u on a log one, so it moves by at most
// (1 − u)·h_lo + u·h_hi, or v·((1 − u)·h_lo/lo + u·h_hi/hi).
func gridRounding(col []float64, texts []string, v float64, log bool) float64 {
	ilo, ihi := 0, 0
	for i := range col {
		if col[i] < col[ilo] {
			ilo = i
		}
		if col[i] > col[ihi] {
			ihi = i
		}
	}
	lo, hi := col[ilo], col[ihi]
	hlo, hhi := halfUnit(texts[ilo]), halfUnit(texts[ihi])
	if hi == lo {
		return math.Max(hlo, hhi)
	}
	if log {
		u := math.Log(v/lo) / math.Log(hi/lo)
		return v * ((1-u)*hlo/lo + u*hhi/hi)
	}
	u := (v - lo) / (hi - lo)
	return (1-u)*hlo + u*hhi
}

// searchGridReason says whether the paper's printed search value text is
// one of the three values dividing the range of its rows into equal parts
// (§5.2), under each reading of those words — the quarter points (three
// values splitting the range into four parts, ours), the ends and the
// middle (two parts), the centres of three equal parts — on a linear or a
// log scale (p on a linear one only: the log values are shown), each
// within the printed digit plus the rows' rounding carried to that point
// (gridRounding). onGrid reports whether it is on some grid.
func searchGridReason(col []float64, texts []string, k int, text string) (measured string, onGrid bool) {
	lo, hi := slices.Min(col), slices.Max(col)
	var readings, hits []string
	for _, g := range searchGrids {
		var lin, lg []string
		for _, u := range g.at {
			a := lo + (hi-lo)*u
			b := math.Exp(math.Log(lo) + (math.Log(hi)-math.Log(lo))*u)
			if w := ledger.Printed(text, gridRounding(col, texts, a, false)/2); w.Accepts(a) {
				hits = append(hits, fmt.Sprintf("%s, linear %s (%s)", g.name, ledger.Format(a, 3), w.Tolerance()))
			}
			if w := ledger.Printed(text, gridRounding(col, texts, b, true)/2); k < 4 && w.Accepts(b) {
				hits = append(hits, fmt.Sprintf("%s, log %s (%s)", g.name, ledger.Format(b, 3), w.Tolerance()))
			}
			lin, lg = append(lin, ledger.Format(a, 3)), append(lg, ledger.Format(b, 3))
		}
		readings = append(readings, fmt.Sprintf("%s: linear %s; log %s", g.name, strings.Join(lin, ", "), strings.Join(lg, ", ")))
	}
	if len(hits) > 0 {
		return fmt.Sprintf("the paper's %s is a point of the grid under %s: the search chose another candidate than ours", text, strings.Join(hits, "; ")), true
	}
	return fmt.Sprintf("the paper's %s is not one of the three values dividing the range of its rows into equal parts, under any reading of those words (%s), within its digit and the rows' rounding: the printed search row was rounded or searched on other values",
		text, strings.Join(readings, "; ")), false
}

// searchVariant is our search (lublin.SearchHyperGamma) on the printed
// rows under one of its options.
type searchVariant struct {
	name string
	res  lublin.SearchResult
	err  error
}

// searchVariants runs the search on rows under the readings its options
// give: the default (quarter points, log scale for α and β; the middle of
// the densities their pointwise mean), the pointwise median, a linear
// grid, both.
func searchVariants(rows []fit.HyperGamma) []searchVariant {
	var out []searchVariant
	for _, o := range []struct {
		name string
		opts lublin.SearchOptions
	}{{"pointwise median", lublin.SearchOptions{Median: true}}, {"linear grid", lublin.SearchOptions{Linear: true}},
		{"linear grid and median", lublin.SearchOptions{Linear: true, Median: true}}} {
		r, err := lublin.SearchHyperGamma(rows, o.opts)
		out = append(out, searchVariant{o.name, r, err})
	}
	return out
}

// searchMeasured is a differing search cell's measurement: whether the
// printed value is on a grid (searchGridReason), what our search chose
// and with which grid, and what its other options choose.
func searchMeasured(m modelRow, k int, col []float64, texts []string, text string) string {
	grid, _ := searchGridReason(col, texts, k, text)
	ours := fmt.Sprintf("our search on the printed rows (quarter points, on a log scale for α and β and a linear one for p; candidates bimodal with both modes and the minimum in the rows' ranges, %d of %d; "+
		"the density closest in L1 to the rows' pointwise mean density) chose %s", m.search.Admissible, m.search.Candidates, ledger.Format(hgValue(m.search.Best, k), 4))
	var vs []string
	for _, v := range m.variants {
		if v.err != nil {
			vs = append(vs, v.name+": no candidate admissible")
			continue
		}
		vs = append(vs, fmt.Sprintf("%s: %s (%d admissible)", v.name, ledger.Format(hgValue(v.res.Best, k), 4), v.res.Admissible))
	}
	d, modes := middleDistance(m.rows, m.printed)
	where := "farther than ours, so our criterion would not choose it on a grid holding it and ours"
	if d <= m.search.Distance {
		where = "no farther than ours: on a grid holding it our criterion could choose it"
	}
	return fmt.Sprintf("%s; %s at L1 distance %.4f from the middle; with %s; the printed search row itself lies at %.4f (%d modes): %s",
		grid, ours, m.search.Distance, strings.Join(vs, "; "), d, modes, where)
}

// middleDistance is the L1 distance ∫|f − middle| dx of h's density from
// the pointwise mean of the rows' densities, on lublin.SearchHyperGamma's
// grid (1000 points from 0 to the largest 0.9999 quantile of the rows),
// and the number of h's local maxima there: where the printed search row
// stands by our search's criterion.
func middleDistance(rows []fit.HyperGamma, h fit.HyperGamma) (dist float64, modes int) {
	const npts = 1000
	xmax := 0.0
	for _, r := range rows {
		xmax = math.Max(xmax, r.Quantile(0.9999))
	}
	dx := xmax / npts
	f := make([]float64, npts)
	for i := range npts {
		x := (float64(i) + 0.5) * dx
		var mid float64
		for _, r := range rows {
			mid += r.Prob(x)
		}
		mid /= float64(len(rows))
		f[i] = h.Prob(x)
		dist += math.Abs(f[i]-mid) * dx
	}
	for i := 1; i+1 < npts; i++ {
		if f[i] > f[i-1] && f[i] >= f[i+1] {
			modes++
		}
	}
	return dist, modes
}

// singleCellNeeds is, for each row of col, the value it alone would need
// for the geometric mean of the rows to be printed (the others as
// printed): x_i·(printed/geo)^n. A misprinted row cell would be one of
// these; it is identified only if one alone reads as a misprint of its
// printed cell, and this says nothing of which.
func singleCellNeeds(col []float64, printed float64) []float64 {
	f := math.Pow(printed/geoMean(col), float64(len(col)))
	out := make([]float64, len(col))
	for i, x := range col {
		out[i] = x * f
	}
	return out
}

func needsText(col []float64, printed float64) string {
	var s []string
	for i, v := range singleCellNeeds(col, printed) {
		s = append(s, fmt.Sprintf("%s %s for %s", paperLogNames[i], ledger.Format(v, 4), ledger.Format(col[i], 4)))
	}
	return "a single row cell would need (the others as printed): " + strings.Join(s, ", ")
}
