package lublin2003

import (
	"fmt"
	"math"
	"slices"
	"time"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/repro/ledger"
	"github.com/tracelab/tracelab/repro/study"
	"github.com/tracelab/tracelab/sim/lublin"
)

// A convention is another way of reading the paper's procedure or its
// data: when one of our table cells differs from the paper's, the cell is
// computed again under each convention that can move it, and the first
// that brings it within the cell's tolerance is its reason ("with every
// job, whatever its status, it is 0.213, within ±0.0054 of the paper's").
// A convention never changes a verdict: the paper's entry keeps our
// reading (the paper's literal one where it is explicit), and a cell no
// convention brings within stays unexplained. Several conventions are
// tried per cell, so a match can be chance; the notebook shows the values
// under every convention.
type convention struct {
	name string // how the reason says it: "with every job, whatever its status"
	// logs are the paper logs it applies to (nil: all), tables the items
	// whose cells it can move, columns (ids) the columns of those (nil:
	// all).
	logs, tables, columns []string
	// options changes the fitting options, trace the log (both may be
	// nil); derive instead turns the paper's fit into this convention's
	// without fitting again.
	options func(*lublin.FitOptions, *datasets.Trace)
	trace   func(*datasets.Trace) *datasets.Trace
	derive  func(lublin.LogFit) lublin.LogFit
	// whole fits the whole log instead of the paper's period (LANL).
	whole bool
}

// conventions are tried in this order.
var conventions = []convention{
	{name: "EM from the middle-minimum start alone (the paper's procedure without our 5 random restarts)",
		tables:  []string{"Table 2", "Table 3", "Table 4", "Table 5"},
		options: func(o *lublin.FitOptions, _ *datasets.Trace) { o.EM.Restarts = 0 }},
	{name: "every job, whatever its status (not only the completed ones)",
		options: func(o *lublin.FitOptions, _ *datasets.Trace) { o.Jobs = lublin.AllJobs }},
	{name: "the Gamma fitted by moments (§3.2.1) instead of maximum likelihood",
		tables: []string{"Table 1", "Table 6", "Table 7"}, columns: []string{"gamma-alpha", "gamma-beta", "alpha", "beta"},
		derive: func(f lublin.LogFit) lublin.LogFit {
			f.Size.Gamma = f.Size.GammaMoments
			f.Arrival.Peak.Gamma = f.Arrival.Peak.Moments
			f.Daily.Gamma.Gamma = f.Daily.Gamma.Moments
			return f
		}},
	{name: "the rounding-aware size fit (sizes are discrete; lublin.SizeRounding)",
		tables: []string{"Table 1"}, columns: []string{"med", "p", "dn-two-stage"},
		options: func(o *lublin.FitOptions, _ *datasets.Trace) { o.SizeMethod = lublin.SizeRounding }},
	{name: "l and h the smallest and largest log2 size of the log's parallel jobs (maximum likelihood) instead of the model's rules",
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
	{name: "sizes read from the requested processors",
		tables: []string{"Table 1", "Table 3", "Table 4", "Table 5"},
		trace: func(tr *datasets.Trace) *datasets.Trace {
			c := tr.Clone()
			copy(c.Procs, c.ReqProcs)
			return c
		}},
	{name: "the daily cycle of weekdays only", tables: []string{"Table 7"},
		trace: func(tr *datasets.Trace) *datasets.Trace {
			c := datasets.NewClock(tr)
			out, _ := tr.Filter(func(i int) bool { return c.DayOfWeek(tr.Submit[i]) < 5 })
			return out
		}},
	{name: "the clock in UTC instead of the log's time zone", tables: []string{"Table 6", "Table 7"},
		trace: func(tr *datasets.Trace) *datasets.Trace {
			c := tr.Clone()
			c.Header.TimeZoneString, c.Header.TimeZone = "UTC", 0
			return c
		}},
	{name: "the whole LANL log (October 1994 to September 1996), not only 1996", logs: []string{"LANL"}, whole: true},
	{name: "KTH from October 1996 (the paper's period; our version starts on 23 September)", logs: []string{"KTH"},
		trace: func(tr *datasets.Trace) *datasets.Trace {
			c := datasets.NewClock(tr)
			oct := time.Date(1996, time.October, 1, 0, 0, 0, 0, tr.Location())
			out, _ := tr.Filter(func(i int) bool { return !c.Time(tr.Submit[i]).Before(oct) })
			return out
		}},
}

// applies reports whether c can move column col of table for log.
func (c convention) applies(log, table, col string) bool {
	return (c.logs == nil || slices.Contains(c.logs, log)) &&
		(c.tables == nil || slices.Contains(c.tables, table)) &&
		(c.columns == nil || slices.Contains(c.columns, col))
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
		if c.derive != nil {
			base, err := s.fit(l, nil, lublin.AllClasses, false)
			return c.derive(base), err
		}
		tr, err := s.trace(l)
		if c.whole {
			tr, err = study.Log(l.Catalog)
		}
		if err != nil {
			return lublin.LogFit{}, err
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
		return lublin.FitLog(tr, o)
	})
	return f, err == nil
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
// standard errors, with the reason of each cell outside its tolerance.
// Cells the paper leaves out are skipped.
func (s *Study) rowCells(l paperLog, table string, g int, base lublin.LogFit, paper printedRow, se []float64, seHow []string) []cell {
	ours := tableRow(table, base, g)
	var out []cell
	for k, col := range tableColumns(table) {
		t := paper.text(k)
		if t == "" {
			continue
		}
		c := cell{col: col, text: t, ours: at(ours, k), se: seOrZero(at(se, k)), seHow: seHow[k]}
		c.reason = s.cellReason(l, table, g, k, c.want(), c.ours)
		out = append(out, c)
	}
	return out
}

// cellReason returns, for a cell whose value ours is outside want, the
// first convention that brings it within ("with …, it is …, within … of
// the paper's"), or "".
func (s *Study) cellReason(l paperLog, table string, g, k int, want ledger.Expectation, ours float64) string {
	if want.Accepts(ours) {
		return ""
	}
	col := tableColumns(table)[k].id
	for i, c := range conventions {
		if !c.applies(l.Paper, table, col) {
			continue
		}
		f, ok := s.conventionFit(l, i)
		if !ok {
			continue
		}
		if v := at(tableRow(table, f, g), k); want.Accepts(v) {
			return fmt.Sprintf("with %s it is %s, within %s of the paper's", c.name, ledger.Format(v, 4), want.Tolerance())
		}
	}
	return ""
}
