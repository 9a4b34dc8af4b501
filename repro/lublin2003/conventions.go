package lublin2003

import (
	"context"
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"

	"github.com/tracelab/tracelab/analytics/fit"
	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/repro/ledger"
	"github.com/tracelab/tracelab/sim/lublin"
)

// A convention is another way of reading the paper's procedure or its
// data. Each is a measured sensitivity analysis, applied to a whole table:
// every log and every cell of the table it can move is computed again
// under it, and the table's matrix counts the cells within their
// tolerance under each convention against our reading (explainTable).
//
// A convention may be the reason of a cell only when it is justified for
// the whole table: the paper's words state it (words, quoted), or applied
// to every log and cell it brings more of the table's cells within their
// tolerance than our reading does. Conventions are never combined, and
// never chosen for a cell alone: a cell that no justified convention of
// its table brings within stays unexplained, with the range the
// conventions give in our value. A convention never changes a verdict:
// the paper's entry keeps our reading (the paper's literal one where it
// is explicit).
type convention struct {
	id   string // in ledger ids: "all-jobs"
	name string // how a reason says it: "every job, whatever its status"
	// words are the paper's words that state the convention, "" when the
	// paper does not.
	words string
	// logs are the paper logs it applies to (nil: all), tables the items
	// whose cells it can move, columns (ids) the columns of those (nil:
	// all).
	logs, tables, columns []string
	// options changes the fitting options, trace the log (both may be
	// nil); derive instead turns our fit of the log tr into this
	// convention's without fitting the whole log again.
	options func(*lublin.FitOptions, *datasets.Trace)
	trace   func(*datasets.Trace) *datasets.Trace
	derive  func(lublin.LogFit, *datasets.Trace) (lublin.LogFit, error)
}

// conventions are the sensitivity analyses, in the order of the matrix.
var conventions = []convention{
	{id: "em-middle-minimum", name: "EM from the middle-minimum start alone (without our 5 random restarts)",
		words:   "The parameters of the hyper-Gamma distribution were estimated using the middle-minimum method as a starting point for the appliation of the EM algorithm",
		tables:  []string{"Table 2", "Table 3", "Table 4", "Table 5"},
		options: func(o *lublin.FitOptions, _ *datasets.Trace) { o.EM.Restarts = 0 }},
	{id: "all-jobs", name: "every job, whatever its status (not only the completed ones)",
		options: func(o *lublin.FitOptions, _ *datasets.Trace) { o.Jobs = lublin.AllJobs }},
	{id: "moments", name: "the Gamma fitted by moments (§3.2.1) instead of maximum likelihood",
		tables: []string{"Table 1", "Table 6", "Table 7"}, columns: []string{"gamma-alpha", "gamma-beta", "alpha", "beta"},
		derive: func(f lublin.LogFit, _ *datasets.Trace) (lublin.LogFit, error) {
			f.Size.Gamma = f.Size.GammaMoments
			f.Arrival.Peak.Gamma = f.Arrival.Peak.Moments
			f.Daily.Gamma.Gamma = f.Daily.Gamma.Moments
			return f, nil
		}},
	{id: "continuous-size-ks", name: "D_n of the sizes by §3.3.1's formula on log2 of the parallel sizes, regarded as continuous, against each fitted distribution (not against the discrete sizes the model makes)",
		words:  "apply a logarithmi transformation, and regard theresult as a ontinuous distribution",
		tables: []string{"Table 1"}, columns: []string{"dn-two-stage", "dn-gamma"},
		derive: continuousSizeKS},
	{id: "machine-416", name: "h = log2 416, the machine's nodes as §2 counts them, instead of log2 400, the header's MaxProcs (the 48 interactive and 352 batch nodes that run jobs)",
		logs: []string{"SDSC95", "SDSC96"}, tables: []string{"Table 1"}, columns: []string{"med", "high", "p", "dn-two-stage"},
		derive: machine416},
	{id: "daily-hours", name: "the daily cycle fitted on each arrival's time of day in half hours (t' = 2t, plus 48 when below 10) rather than on its slot numbered from 1 as m_lublin99 does (0.5 slot later)",
		words:  "multiply t by 2 (hange hours to half-hourslots), add 48 if the result is less than 10 (to aount for the 5 hour shift)",
		tables: []string{"Table 7"},
		derive: dailyHours},
	{id: "peak-arrival-gaps", name: "the peak-hour inter-arrival times of every job submitted in the peak hours, from the job before it whenever that was (not only gaps within one peak window)",
		words:  "The interarrival times of jobs submitted during these times were tabulated",
		tables: []string{"Table 6"},
		derive: peakArrivalGaps},
	{id: "p-line-unweighted", name: "a and b by ordinary least squares over the 8 size groups (each group one point), not weighted by the groups' job counts",
		tables: []string{"Table 5"},
		derive: pLineUnweighted},
	{id: "size-rounding", name: "the rounding-aware size fit (sizes are discrete; lublin.SizeRounding)",
		tables: []string{"Table 1"}, columns: []string{"p2", "med", "p", "dn-two-stage"},
		options: func(o *lublin.FitOptions, _ *datasets.Trace) { o.SizeMethod = lublin.SizeRounding }},
	{id: "size-ends-from-data", name: "l and h the smallest and largest log2 size of the log's parallel jobs (maximum likelihood) instead of the model's rules",
		tables: []string{"Table 1"}, columns: []string{"low", "med", "high", "p", "dn-two-stage"},
		options: func(o *lublin.FitOptions, tr *datasets.Trace) {
			lo, hi := math.Inf(1), 0.0
			for i, p := range tr.Procs {
				if p > 1 && tr.Status[i] == datasets.StatusCompleted {
					lo, hi = min(lo, math.Log2(float64(p))), max(hi, math.Log2(float64(p)))
				}
			}
			if hi > 0 {
				o.SizeLow, o.SizeHigh = lo, hi
			}
		}},
	{id: "requested-sizes", name: "sizes read from the requested processors",
		tables: []string{"Table 1", "Table 3", "Table 4", "Table 5"},
		trace: func(tr *datasets.Trace) *datasets.Trace {
			c := tr.Clone()
			copy(c.Procs, c.ReqProcs)
			return c
		}},
	{id: "group-work", name: "each size group's total work (runtime × processors) in place of its runtime",
		tables: []string{"Table 4"},
		trace: func(tr *datasets.Trace) *datasets.Trace {
			c := tr.Clone()
			for i, p := range c.Procs {
				if p >= 1 {
					c.Runtime[i] *= float64(p)
				}
			}
			return c
		}},
	{id: "weekdays", name: "the daily cycle of weekdays only", tables: []string{"Table 7"},
		trace: func(tr *datasets.Trace) *datasets.Trace {
			c := datasets.NewClock(tr)
			out, _ := tr.Filter(func(i int) bool { return c.DayOfWeek(tr.Submit[i]) < 5 })
			return out
		}},
	{id: "utc", name: "the clock in UTC instead of the log's time zone", tables: []string{"Table 6", "Table 7"},
		trace: func(tr *datasets.Trace) *datasets.Trace {
			c := tr.Clone()
			c.Header.TimeZoneString, c.Header.TimeZone = "UTC", 0
			return c
		}},
	{id: "kth-paper-count", name: "KTH cut to the paper's 16221 completed jobs by leaving out its shortest completed jobs",
		logs: []string{"KTH"}, trace: longestCompleted(16221)},
}

// longestCompleted returns a selection that keeps the n longest completed
// jobs of a log (ties at the shortest kept runtime kept too) and its other
// jobs: a hypothesis for a log with more completed jobs than the paper
// counts (the jobs the paper did not count as completed were the
// shortest).
func longestCompleted(n int) func(*datasets.Trace) *datasets.Trace {
	return func(tr *datasets.Trace) *datasets.Trace {
		var rt []float64
		for i, st := range tr.Status {
			if st == datasets.StatusCompleted && !math.IsNaN(tr.Runtime[i]) {
				rt = append(rt, tr.Runtime[i])
			}
		}
		if len(rt) <= n {
			return tr
		}
		slices.Sort(rt)
		cut := rt[len(rt)-n]
		out, _ := tr.Filter(func(i int) bool {
			return tr.Status[i] != datasets.StatusCompleted || tr.Runtime[i] >= cut
		})
		return out
	}
}

// applies reports whether c can move column col of table for log.
func (c convention) applies(log, table, col string) bool {
	return (c.logs == nil || slices.Contains(c.logs, log)) && c.concerns(table) &&
		(c.columns == nil || slices.Contains(c.columns, col))
}

// concerns reports whether c can move a cell of table.
func (c convention) concerns(table string) bool {
	return c.tables == nil || slices.Contains(c.tables, table)
}

// convKey names the memoised fit of one log under one convention.
type convKey struct {
	log  string
	conv int
}

// conventionFit returns the fit of log l under convention k (with Table
// 4's size groups), memoised; ok is false when the convention cannot be
// applied to the log (no requested sizes, say).
func (s *Study) conventionFit(l paperLog, k int) (lublin.LogFit, bool) {
	c := conventions[k]
	f, err := s.convFits.Get(convKey{l.Paper, k}, func() (lublin.LogFit, error) {
		tr, err := s.trace(l)
		if err != nil {
			return lublin.LogFit{}, err
		}
		if c.derive != nil {
			f, err := s.fit(l, table4Bounds(l.Paper), lublin.AllClasses, false)
			if err != nil {
				return f, err
			}
			return c.derive(f, tr)
		}
		if c.trace != nil {
			tr = c.trace(tr)
		}
		o := s.fitOptions()
		o.RuntimeGroupBounds = table4Bounds(l.Paper)
		if c.options != nil {
			c.options(&o, tr)
		}
		s.o.Report(fmt.Sprintf("fitting %s %s", l.Catalog, c.name), 0, 0)
		return fitLog(tr, o)
	})
	return f, err == nil
}

// continuousSizeKS is the convention "continuous-size-ks": Table 1's two
// D_n by §3.3.1's formula (fit.KS) on log2 of the fit's parallel sizes
// against the continuous two-stage uniform and Gamma, as the paper's words
// read literally, in place of our D_n against the discrete sizes the model
// makes from each fit (lublin.SizeKS). Ties (sizes are integers) put a
// floor under this D_n whatever the fit: half the largest size's share.
func continuousSizeKS(f lublin.LogFit, tr *datasets.Trace) (lublin.LogFit, error) {
	rows, _, err := lublin.SelectJobs(tr, f.Options)
	if err != nil {
		return f, err
	}
	var lg []float64
	for _, i := range rows {
		if p := tr.Procs[i]; p > 1 {
			lg = append(lg, math.Log2(float64(p)))
		}
	}
	f.Size.TwoStageKS = fit.KS(lg, f.Size.TwoStage.CDF)
	f.Size.GammaKS = fit.KS(lg, f.Size.Gamma.CDF)
	return f, nil
}

// peakArrivalGaps is the convention "peak-arrival-gaps": Table 6's Gamma
// fitted to ln of the inter-arrival time of every selected job submitted in
// the peak hours (opts.InPeak), measured from the selected job before it
// wherever that one fell, gaps above 1 s as ours; §7.1 says "the
// interarrival times of jobs submitted during these times". Our fit
// (lublin.FitLog) takes only the gaps whose two jobs are both in the same
// day's peak window, which leaves out each window's first gap (from the
// night before). D_n is §3.3.1's on the same values, as ours.
func peakArrivalGaps(f lublin.LogFit, tr *datasets.Trace) (lublin.LogFit, error) {
	rows, _, err := lublin.SelectJobs(tr, f.Options)
	if err != nil {
		return f, err
	}
	clock := datasets.NewClock(tr)
	var x []float64
	for k := 1; k < len(rows); k++ {
		gap := tr.Submit[rows[k]] - tr.Submit[rows[k-1]]
		if gap > 1 && f.Options.InPeak(clock.Time(tr.Submit[rows[k]])) {
			x = append(x, math.Log(gap))
		}
	}
	g, _, err := fit.FitGamma(x, nil)
	if err != nil {
		return f, err
	}
	f.Arrival.Peak.Gamma, f.Arrival.Peak.Moments = g, lublin.GammaMoments(x)
	f.Arrival.Peak.KS = fit.KS(x, g.CDF)
	return f, nil
}

// pLineUnweighted is the convention "p-line-unweighted": Table 5's line
// p = a·s + b through the 8 size groups' p (our fit's lublin.PGroup: ML
// weight of the short Gamma, components fixed, against the group's mean
// size) by ordinary least squares, each group one point. Ours weights each
// group by its job count: the paper's text of §6.3 breaks off at "8
// roughly equal groups of jobs" (a page is missing from our copy), and
// groups cannot be equal when one size holds many jobs. D_n is recomputed
// as ours: the hyper-Gamma with p the mean over the jobs of the clipped
// p(s), against every runtime fitted (above 1 s).
func pLineUnweighted(f lublin.LogFit, tr *datasets.Trace) (lublin.LogFit, error) {
	g := f.PLine.Groups
	if len(g) < 2 {
		return f, fmt.Errorf("lublin2003: %d size groups, too few for a line", len(g))
	}
	var sx, sy, sxx, sxy float64
	n := float64(len(g))
	for _, pg := range g {
		sx, sy = sx+pg.MeanSize, sy+pg.P
		sxx, sxy = sxx+pg.MeanSize*pg.MeanSize, sxy+pg.MeanSize*pg.P
	}
	den := n*sxx - sx*sx
	if !(den > 0) {
		return f, fmt.Errorf("lublin2003: the size groups' mean sizes are all equal")
	}
	a := (n*sxy - sx*sy) / den
	b := (sy - a*sx) / n
	rows, _, err := lublin.SelectJobs(tr, f.Options)
	if err != nil {
		return f, err
	}
	line := lublin.RuntimeParams{PSlope: a, PIntercept: b}
	var lr []float64
	var meanP float64
	for _, i := range rows {
		r, p := tr.Runtime[i], tr.Procs[i]
		if math.IsNaN(r) || p < 1 || r <= 1 {
			continue
		}
		lr = append(lr, math.Log(r))
		meanP += line.P(p)
	}
	if len(lr) == 0 {
		return f, fmt.Errorf("lublin2003: no runtime to test the line on")
	}
	model := f.Runtime.HyperGamma
	model.P = meanP / float64(len(lr))
	f.PLine.Slope, f.PLine.Intercept, f.PLine.MeanP = a, b, model.P
	f.PLine.KS = fit.KS(lr, model.CDF)
	return f, nil
}

// machine416 is the convention "machine-416": Table 1's two-stage uniform
// fitted again (fit.FitTwoStageUniformRange, m and p by maximum likelihood,
// l as ours) with h = log2 416: §4.3 sets h to "the maximal possible
// value, which is log2 P", and §2 gives the SDSC Paragon 416 nodes; our
// machine size is the header's MaxProcs, 400 (48 interactive + 352 batch;
// the 16 service and I/O nodes run no job). D_n as ours (lublin.SizeKS).
func machine416(f lublin.LogFit, tr *datasets.Trace) (lublin.LogFit, error) {
	rows, _, err := lublin.SelectJobs(tr, f.Options)
	if err != nil {
		return f, err
	}
	high := math.Log2(416)
	var lg []float64
	var par []int
	for _, i := range rows {
		if p := tr.Procs[i]; p > 1 {
			v := math.Log2(float64(p))
			lg, par, high = append(lg, v), append(par, p), max(high, v)
		}
	}
	ts, _, err := fit.FitTwoStageUniformRange(lg, nil, f.Size.TwoStage.Low, high)
	if err != nil {
		return f, err
	}
	f.Size.TwoStage = ts
	f.Size.TwoStageKS = lublin.SizeKS(par, ts.CDF, f.Size.Pow2Model, ts.High)
	return f, nil
}

// dailyHours is the convention "daily-hours": Table 7's Gamma fitted by
// maximum likelihood to each selected arrival's local time of day t in
// half hours, t' = 2t, plus 48 when t' < 10 (§7.2's words, for a day
// shifted by five hours), with §3.3.1's D_n on these values. Our fit
// (lublin.FitLog) takes the slot's number counted from 1 as the reference
// program m_lublin99 does (the slot 05:00–05:30 is 11), which the
// generator gives the mass of [v − 1/2, v + 1/2]: half a slot later than
// the times themselves.
func dailyHours(f lublin.LogFit, tr *datasets.Trace) (lublin.LogFit, error) {
	rows, _, err := lublin.SelectJobs(tr, f.Options)
	if err != nil {
		return f, err
	}
	clock := datasets.NewClock(tr)
	x := make([]float64, len(rows))
	shift := float64(f.Options.DayStart - 1) // 10: 05:00
	for k, i := range rows {
		v := 2 * clock.SecondOfDay(tr.Submit[i]) / 3600
		if v < shift {
			v += lublin.Slots
		}
		x[k] = v
	}
	g, _, err := fit.FitGamma(x, nil)
	if err != nil {
		return f, err
	}
	f.Daily.Gamma.Gamma, f.Daily.Gamma.Moments = g, lublin.GammaMoments(x)
	f.Daily.Gamma.KS = fit.KS(x, g.CDF)
	return f, nil
}

// tableRow reads a table's row from a fit, in the columns' order: Table 1
// sizeColumns, Tables 2–4 hgColumns (Table 4: size group g), Table 5
// lineColumns, Tables 6–7 gammaColumns. It returns nil when the fit has
// no such row (a size group that could not be fitted).
func tableRow(table string, f lublin.LogFit, g int) []float64 {
	switch table {
	case "Table 1":
		sz := f.Size
		return []float64{sz.Serial, sz.Pow2, sz.TwoStage.Low, sz.TwoStage.Med, sz.TwoStage.High, sz.TwoStage.P,
			sz.TwoStageKS.D, sz.Gamma.Alpha, sz.Gamma.Beta, sz.GammaKS.D}
	case "Table 2":
		return mixtureValues(f.Runtime)
	case "Table 3":
		if f.WorkErr != "" {
			return nil
		}
		return mixtureValues(f.Work)
	case "Table 4":
		if g >= len(f.RuntimeGroups) || f.RuntimeGroups[g].Err != "" {
			return nil
		}
		return mixtureValues(f.RuntimeGroups[g].Runtime)
	case "Table 5":
		return []float64{f.PLine.Slope, f.PLine.Intercept, f.PLine.KS.D}
	case "Table 6":
		a := f.Arrival.Peak
		return []float64{a.Gamma.Alpha, a.Gamma.Beta, a.KS.D}
	case "Table 7":
		d := f.Daily.Gamma
		return []float64{d.Gamma.Alpha, d.Gamma.Beta, d.KS.D}
	}
	panic("lublin2003: no table " + table)
}

// tableColumns are the columns of each table.
func tableColumns(table string) []column {
	switch table {
	case "Table 1":
		return sizeColumns
	case "Table 2", "Table 3", "Table 4":
		return hgColumns
	case "Table 5":
		return lineColumns
	}
	return gammaColumns
}

// rowCells builds the cells of one row of a table for log l: the paper's
// printed row, ours (base, read by tableRow, group g for Table 4) and its
// standard errors; on a stand-in log each cell says so (standInReason).
// Cells the paper leaves out are skipped. Their reasons come from the
// whole table (explainTable).
func (s *Study) rowCells(l paperLog, table string, g int, base lublin.LogFit, paper printedRow, se []float64, seHow []string) []cell {
	ours := tableRow(table, base, g)
	var out []cell
	for k, col := range tableColumns(table) {
		t := paper.text(k)
		if t == "" {
			continue
		}
		c := cell{col: col, text: t, ours: at(ours, k), se: seOrZero(at(se, k)), seHow: seHow[k],
			log: l, table: table, group: g, k: k}
		c.standIn = s.standInReason(&c)
		out = append(out, c)
	}
	return out
}

// tableConventions is the matrix of one table: the cells within their
// tolerance as computed and under each convention that concerns the
// table, applied to every log and cell it can move.
type tableConventions struct {
	table      string
	asComputed conventionCount
	rows       []conventionCount
}

// conventionCount counts the cells of a table within their tolerance
// under one convention (conv −1: as computed) against our reading
// (ledger.Tally: N cells, AsComputed and Within, Gained and Lost), with
// the counts per log.
type conventionCount struct {
	conv int
	ledger.Tally
	// perLog counts within and cells per paper log, in paperLogs' order.
	perLog [][2]int
}

// justified reports whether the convention of row may explain cells of
// its table: the paper's words state it, or it brings more of the
// table's cells within than our reading (ledger.Tally.Justified).
func (t tableConventions) justified(row conventionCount) bool {
	return conventions[row.conv].words != "" || row.Justified()
}

// logCounts renders the per-log counts: "SDSC96 2/6, KTH 0/6".
func (c conventionCount) logCounts() string {
	var out []string
	for i, n := range c.perLog {
		if n[1] > 0 {
			out = append(out, fmt.Sprintf("%s %d/%d", paperLogs[i].Paper, n[0], n[1]))
		}
	}
	return strings.Join(out, ", ")
}

// explainTable computes the convention matrix of a table from all its
// cells (every log, every row): each convention that concerns the table
// refits every log it applies to (conventionFit), and explain judges.
func (s *Study) explainTable(table string, cells []*cell) tableConventions {
	vals := map[int][]float64{}
	for k, c := range conventions {
		if !c.concerns(table) {
			continue
		}
		v := make([]float64, len(cells))
		for i, cl := range cells {
			v[i] = cl.ours
			if !c.applies(cl.log.Paper, table, cl.col.id) {
				continue
			}
			if f, ok := s.conventionFit(cl.log, k); ok {
				v[i] = at(tableRow(table, f, cl.group), cl.k)
			}
		}
		vals[k] = v
	}
	return explain(table, cells, vals)
}

// explain counts the cells of a table within their tolerance as computed
// and with the values vals[k] of each convention k that concerns it (a
// cell it does not move keeps our value), and sets the reason of each
// differing cell of a log that is not a stand-in: the justified
// convention (tableConventions.justified) with the most cells of the
// table within that brings this cell within; when none does, the range
// the conventions give (sensitivity).
func explain(table string, cells []*cell, vals map[int][]float64) tableConventions {
	t := tableConventions{table: table, asComputed: countWithin(-1, cells, nil)}
	for k := range conventions {
		if v, ok := vals[k]; ok {
			t.rows = append(t.rows, countWithin(k, cells, v))
		}
	}
	var order []conventionCount
	for _, r := range t.rows {
		if t.justified(r) {
			order = append(order, r)
		}
	}
	sort.SliceStable(order, func(i, j int) bool { return order[i].Within > order[j].Within })
	for i, cl := range cells {
		if cl.standIn != "" || cl.want().Accepts(cl.ours) {
			continue
		}
		for _, r := range order {
			if v := vals[r.conv][i]; cl.want().Accepts(v) {
				cl.found = ledger.AmongReadings(len(t.rows))
				cl.reason = fmt.Sprintf("under %s, applied to every log and cell of %s it concerns (%d of %d cells within their tolerance, against %d as computed), it is %s, within %s of the paper's",
					conventions[r.conv].name, table, r.Within, r.N, r.AsComputed, ledger.Format(v, 4), cl.want().Tolerance())
				break
			}
		}
		if cl.reason == "" {
			cl.sensitivity = conventionRange(vals, i, cl)
		}
	}
	return t
}

// countWithin counts the cells within their tolerance with values v (nil:
// as computed).
func countWithin(conv int, cells []*cell, v []float64) conventionCount {
	r := conventionCount{conv: conv, perLog: make([][2]int, len(paperLogs))}
	for i, cl := range cells {
		x := cl.ours
		if v != nil {
			x = v[i]
		}
		in := cl.want().Accepts(x)
		r.Add(cl.want().Accepts(cl.ours), in)
		li := slices.Index(paperLogs, cl.log)
		r.perLog[li][1]++
		if in {
			r.perLog[li][0]++
		}
	}
	return r
}

// conventionRange says what the conventions that move cell c (index i)
// give, and whether any brings it within (only one not justified for the
// table can: explain tried the others); "" when none moves it.
func conventionRange(vals map[int][]float64, i int, c *cell) string {
	lo, hi, within := math.Inf(1), math.Inf(-1), false
	for _, v := range vals {
		if x := v[i]; !math.IsNaN(x) && x != c.ours {
			lo, hi = min(lo, x), max(hi, x)
			within = within || c.want().Accepts(x)
		}
	}
	if lo > hi {
		return ""
	}
	r := ledger.Format(lo, 4)
	if lo < hi {
		r += " to " + ledger.Format(hi, 4)
	}
	if within {
		return "the conventions give " + r + "; within only under one that does not improve the table"
	}
	return "the conventions give " + r + ", none within"
}

// writeConventions records a table's convention matrix as results of our
// own: one entry per convention, the cells within their tolerance under
// it, tested against the hypothesis that it brings more of the table's
// cells within than our reading.
func writeConventions(l *ledger.Ledger, t tableConventions) {
	id := strings.ToLower(strings.ReplaceAll(t.table, " ", ""))
	for _, r := range t.rows {
		c := conventions[r.conv]
		e := l.Own(t.table, fmt.Sprintf("%s/conventions/%s", id, c.id),
			fmt.Sprintf("%s under %s, applied to every log and cell it concerns: cells within their tolerance, of %d (%s; as computed %s; %d gained, %d lost)",
				t.table, c.name, r.N, r.logCounts(), t.asComputed.logCounts(), r.Gained, r.Lost),
			ledger.Stated(fmt.Sprintf("more than as computed (%d)", r.AsComputed), ledger.AtLeast(float64(r.AsComputed+1))),
			float64(r.Within))
		if c.words != "" {
			e.Quoting(c.words)
		}
	}
}

// conventionFrame lays out convention matrices: table, convention, words
// (the paper states it), cells, within, gained, lost, one "k/n" column per
// paper log, and justified (it may explain the table's cells). Each
// table's first row is our reading ("as computed").
func conventionFrame(ts []tableConventions) dataframe.DataFrame {
	var tables, names []string
	var words, justified []bool
	var cells, within, gained, lost []int
	logs := make([][]string, len(paperLogs))
	add := func(t tableConventions, r conventionCount, n string, w, j bool) {
		tables, names, words, justified = append(tables, t.table), append(names, n), append(words, w), append(justified, j)
		cells, within, gained, lost = append(cells, r.N), append(within, r.Within), append(gained, r.Gained), append(lost, r.Lost)
		for i, c := range r.perLog {
			logs[i] = append(logs[i], fmt.Sprintf("%d/%d", c[0], c[1]))
		}
	}
	for _, t := range ts {
		add(t, t.asComputed, "as computed", false, false)
		for _, r := range t.rows {
			add(t, r, conventions[r.conv].name, conventions[r.conv].words != "", t.justified(r))
		}
	}
	ss := []series.Series{series.New(tables, series.String, "table"), series.New(names, series.String, "convention"),
		series.New(words, series.Bool, "paper_states_it"), series.New(cells, series.Int, "cells"),
		series.New(within, series.Int, "within"), series.New(gained, series.Int, "gained"), series.New(lost, series.Int, "lost")}
	for i, l := range paperLogs {
		ss = append(ss, series.New(logs[i], series.String, l.Paper))
	}
	ss = append(ss, series.New(justified, series.Bool, "justified"))
	return dataframe.New(ss...)
}

// Conventions returns the convention matrices of Tables 1–7 in one frame
// (conventionFrame), computing the tables first.
func (s *Study) Conventions(ctx context.Context) (dataframe.DataFrame, error) {
	sz, err := s.Sizes(ctx)
	if err != nil {
		return dataframe.DataFrame{}, err
	}
	rt, err := s.Runtimes(ctx)
	if err != nil {
		return dataframe.DataFrame{}, err
	}
	bs, err := s.BySize(ctx)
	if err != nil {
		return dataframe.DataFrame{}, err
	}
	ar, err := s.Arrivals(ctx)
	if err != nil {
		return dataframe.DataFrame{}, err
	}
	ts := append([]tableConventions{sz.conventions}, rt.conventions...)
	ts = append(append(ts, bs.conventions...), ar.conventions...)
	return conventionFrame(ts), nil
}
