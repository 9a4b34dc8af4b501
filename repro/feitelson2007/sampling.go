package feitelson2007

import (
	"context"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/go-gota/gota/dataframe"
	"gonum.org/v1/plot"

	"github.com/tracelab/tracelab/analytics/locality"
	"github.com/tracelab/tracelab/analytics/locality/localityplot"
	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/plots"
	"github.com/tracelab/tracelab/repro/ledger"
	"github.com/tracelab/tracelab/repro/study"
)

// fig7Log is the log of Fig. 7 (the paper does not name it).
const fig7Log = "SDSC-DS"

// SamplingResult is Tables 2 and 3 and Fig. 7 (§3.2): the locality of
// sampling of each log's runtimes (3-day slices, 24 ranges), M'_max and
// M'_med, their bootstrap medians M'_g and M = M' − M'_g.
type SamplingResult struct {
	Absent
	Logs    []paperLog
	Results []locality.SamplingResult
	// seed is the bootstrap's seed (locality.SamplingOptions.Seed): one
	// run, whose replicate error is not measured (ledger.Unreplicated).
	seed uint64
	// Table has one row per log (locality.SamplingTable), the paper's name
	// in column paper_log.
	Table dataframe.DataFrame
	// Bootstrap holds Fig. 7's log's bootstrap distributions
	// (SamplingResult.BootstrapFrame); Figure its M'_max and M'_med.
	Bootstrap dataframe.DataFrame
	Figure    *plots.Figure
	// zone holds the quoted cells (table2Quoted) with days cut at local
	// midnight of the log's zone, following its daylight-saving changes
	// (the library's default; ours beside Table 1), the reading §3 does not
	// use (dayCut), the slices from the log's first whole day of that zone.
	zone map[[2]string]float64
	// ties holds the quoted cells under the other tie readings
	// (table2Ties), with Tables 2–3's day cut (dayCut).
	ties [len(table2Ties)]map[[2]string]float64
	// version says, per quoted log, where the jobs our version lacks lie
	// against the slice of M'_max ("" when not known).
	version map[string]string
	// readings are Tables 1 and 2 under jobReadings, counted over both.
	readings *table12
	// table1Zone is Table 1 (fig6Log, shifts 0–2; M'_max, M'_med) with
	// days cut at local midnight of the log's zone, against which the day
	// cut's evidence is counted (readings.table1[0] has dayCut); haveTable1
	// is false when fig6Log is missing.
	table1Zone [3][2]float64
	haveTable1 bool
}

// cutEvidence counts the paper's printed cells of the same metric that
// Tables 2–3's day cut (dayCut) and the log zone's midnight bring within
// their printed tolerance: Table 1's six, the same without the cells the
// offset was found by matching (fittedCut: M'_max at shifts 0 and 1), and
// Table 2's quoted cells.
type cutEvidence struct {
	table1, table1Zone, unfitted, unfittedZone, unfittedCells int
	table2, table2Zone, quoted                                int
}

// evidence counts cutEvidence; ours are the quoted cells' values with the
// day cut, in the order of wants, zones the same with the log zone.
func (r *SamplingResult) evidence(wants []ledger.Expectation, ours, zones []float64) cutEvidence {
	var c cutEvidence
	if r.haveTable1 && r.readings.haveTable1 {
		for sh := range 3 {
			for j := range 2 {
				w := ledger.Printed(table1Paper[sh][j], 0)
				in, inZone := w.Accepts(r.readings.table1[0][sh][j]), w.Accepts(r.table1Zone[sh][j])
				c.table1, c.table1Zone = c.table1+b2i(in), c.table1Zone+b2i(inZone)
				if !fittedCut(sh, j) {
					c.unfitted, c.unfittedZone = c.unfitted+b2i(in), c.unfittedZone+b2i(inZone)
					c.unfittedCells++
				}
			}
		}
	}
	for i, w := range wants {
		c.table2, c.table2Zone = c.table2+b2i(w.Accepts(ours[i])), c.table2Zone+b2i(w.Accepts(zones[i]))
	}
	c.quoted = len(wants)
	return c
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// basis is the definition behind every cell of Tables 2–3 and the evidence
// for its one reading the text leaves open (dayCut), for the cells'
// reasons; reps is the bootstrap's repetitions.
func (c cutEvidence) basis(reps int) string {
	return fmt.Sprintf("computed as §3.1–3.2 define it: the runtimes of every job of the log with a known runtime (status-5 jobs that never ran, runtime −1, left out); "+
		"24 equal-probability ranges of the whole log's runtimes (a tied runtime straddling a boundary split between its ranges); 3-day slices, usable when N_i ≥ 5 × 24; "+
		"m_i = max_j |o_j − N_i/24| / (N_i − N_i/24); M'_max the largest and M'_med the median (the mean of the two middle values) of the usable slices' m_i; "+
		"M'_g the median over %d bootstrap repetitions (each usable slice's N_i jobs drawn from the global distribution), M = M' − M'_g. "+
		"The slices: %s. They begin where the log begins, as §3.1 step 2 says, on its first whole day since Table 1 shifts them by whole days. "+
		"Where a day begins is not stated: its offset was found by matching the paper's printed M'_max of Table 1 at shifts 0 and 1 (those two cells are checks, no evidence): "+
		"Table 1 %d of 6 within against %d with the zone's midnight moving with daylight saving, but on the %d cells it was not fitted to %d against %d, and on Table 2's %d quoted cells %d against %d "+
		"(one cut for every slice of §3 keeps Table 2's Blue Horizon row Table 1's shift 0). "+
		"The other readings measured (the tie rules, the jobs kept, slices from the first job, M'_med = m_(d/2t), and our earlier slices on the days since 1970 that are 0 modulo 3, fitted to SDSC-BLUE, on which they are the same) "+
		"are listed with the quoted cells (table2/SDSC-DS/m_*, table2/LANL-CM5/m_max)",
		reps, dayCut, c.table1, c.table1Zone, c.unfittedCells, c.unfitted, c.unfittedZone, c.quoted, c.table2, c.table2Zone)
}

// table2Ties are the tie readings measured beside Table 2's quoted cells.
var table2Ties = [...]struct {
	words string
	ties  locality.Ties
}{
	{"with tied runtimes whole in the lower range", locality.TiesLower},
	{"with tied runtimes at random positions", locality.TiesRandom},
}

// Sampling measures the locality of sampling of every log of Tables 2–3
// with the paper's bootstrap (1000 repetitions; 100 in quick mode), 3-day
// slices cut at the day boundaries of dayCut (Study.locality).
func (s *Study) Sampling(ctx context.Context) (*SamplingResult, error) {
	return s.tables23.Get(func() (*SamplingResult, error) {
		r := &SamplingResult{zone: map[[2]string]float64{}, version: map[string]string{}, seed: s.o.SeedOr()}
		for k := range r.ties {
			r.ties[k] = map[[2]string]float64{}
		}
		var err error
		if r.readings, err = s.readings12(); err != nil {
			return nil, err
		}
		var names []string
		for _, l := range runtimeLogs {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			if ok, err := r.have(l.Catalog); !ok {
				if err != nil {
					return nil, err
				}
				continue
			}
			sr, err := s.locality(l.Catalog)
			if err != nil {
				return nil, err
			}
			r.Logs, r.Results, names = append(r.Logs, l), append(r.Results, sr), append(names, l.Paper)
			if _, ok := table2Quoted[[2]string{l.Catalog, "m_max"}]; ok {
				obs, err := s.observe(l.Catalog, datasets.Runtime)
				if err != nil {
					return nil, err
				}
				u, err := locality.LocalityOfSampling(obs, locality.SamplingOptions{SkipBootstrap: true, Slicing: fromLogStart(obs, nil, 0)})
				if err != nil {
					return nil, err
				}
				r.zone[[2]string{l.Catalog, "m_max"}], r.zone[[2]string{l.Catalog, "m_med"}] = u.MMax, u.MMed
				for k, t := range table2Ties {
					u, err := locality.LocalityOfSampling(obs, locality.SamplingOptions{SkipBootstrap: true, Ties: t.ties,
						Slicing: paperSlicing(obs)})
					if err != nil {
						return nil, err
					}
					r.ties[k][[2]string{l.Catalog, "m_max"}], r.ties[k][[2]string{l.Catalog, "m_med"}] = u.MMax, u.MMed
				}
				if r.version[l.Catalog], err = lackedJobs(l.Catalog, sr); err != nil {
					return nil, err
				}
			}
			if l.Catalog == fig7Log {
				var panels []*plot.Plot
				r.Bootstrap = sr.BootstrapFrame()
				for _, c := range []struct {
					col, label string
					obs        float64
				}{{"m_max", "M′_max", sr.MMax}, {"m_med", "M′_med", sr.MMed}} {
					p, err := localityplot.Bootstrap(r.Bootstrap, c.col, c.obs, c.label)
					if err != nil {
						return nil, err
					}
					panels = append(panels, p)
				}
				r.Figure = figure("Fig. 7", fmt.Sprintf("%s's locality against %d random samplings of its jobs", fig7Log, len(sr.RandomMax)),
					fig7Caption(sr.MMax, sr.RandomMax, sr.MMed, sr.RandomMed), 2, panels...)
			}
		}
		if obs, err := s.observe(fig6Log, datasets.Runtime); err == nil {
			for sh := range 3 {
				u, err := locality.LocalityOfSampling(obs, locality.SamplingOptions{SkipBootstrap: true,
					Slicing: fromLogStart(obs, nil, float64(sh))})
				if err != nil {
					return nil, err
				}
				r.table1Zone[sh] = [2]float64{u.MMax, u.MMed}
			}
			r.haveTable1 = true
		} else if !missing(err) {
			return nil, err
		}
		r.Table = samplingTable(r.Results, names)
		return r, nil
	})
}

// samplingTable is Tables 2 and 3 as a reader reads them:
// locality.SamplingTable with the paper's name of each log (paper_log)
// beside ours, and, instead of shift_days (the calendar Shift, the first
// slice's local day number since 1970: 9,043 reads as a shift of 9,043
// days), slices_from: that day's local midnight, where the slices begin
// ("1994-10-04 00:00 UTC−7").
func samplingTable(results []locality.SamplingResult, paperNames []string) dataframe.DataFrame {
	t := locality.SamplingTable(results)
	from := make([]string, len(results))
	for i, r := range results {
		from[i] = sliceOrigin(r.Options.Slicing)
	}
	t = t.Mutate(seriesOf(paperNames, "paper_log")).Mutate(seriesOf(from, "slices_from"))
	var cols []string
	for _, c := range t.Names() {
		switch c {
		case "shift_days", "paper_log", "slices_from":
		case "slice_days":
			cols = append(cols, c, "slices_from")
		case "log":
			cols = append(cols, c, "paper_log")
		default:
			cols = append(cols, c)
		}
	}
	return t.Select(cols)
}

// sliceOrigin writes where a calendar slicing's boundaries begin: local
// midnight of day Shift since 1970-01-01 (locality.AlignCalendar), in the
// zone of its days, e.g. "1994-10-04 00:00 UTC−7" (a fractional Shift
// gives its hour and minute).
func sliceOrigin(sl locality.Slicing) string {
	d := time.Unix(int64(math.Round(sl.Shift*86400)), 0).UTC() // day numbers count local days
	loc := sl.Location
	if loc == nil {
		loc = time.UTC
	}
	_, off := time.Date(d.Year(), d.Month(), d.Day(), d.Hour(), d.Minute(), 0, 0, loc).Zone()
	zone := "UTC"
	if off != 0 {
		sign := "+"
		if off < 0 {
			sign, off = "−", -off
		}
		zone += sign + strconv.Itoa(off/3600)
		if m := off % 3600 / 60; m != 0 {
			zone += fmt.Sprintf(":%02d", m)
		}
	}
	return d.Format("2006-01-02 15:04") + " " + zone
}

// lackedJobs says where the jobs of the paper's version (Table 6) that
// ours lacks lie against the slice of M'_max of sr, when they are the
// job numbers below our first (a cleaning filter "job<=k" of our header);
// otherwise it gives the counts only.
func lackedJobs(catalog string, sr locality.SamplingResult) (string, error) {
	tr, err := study.Log(catalog)
	if err != nil {
		return "", err
	}
	var paper table6Log
	for _, t6 := range table6 {
		if t6.catalog == catalog {
			paper = t6
		}
	}
	lacks := paper.jobs - tr.Len()
	if lacks < 0 {
		return fmt.Sprintf("our version %s has %+d jobs against the paper's %s: without %d of our jobs, all from one slice and none from its fullest range, M'_max is at most %.3f",
			tr.Name, -lacks, paper.file, -lacks, withoutJobs(sr, -lacks)), nil
	}
	if lacks == 0 || lacks != tr.JobID[0]-1 {
		return fmt.Sprintf("our version %s has %+d jobs against the paper's %s", tr.Name, -lacks, paper.file), nil
	}
	c := datasets.NewClock(tr)
	top := sr.Slices[0]
	for _, sl := range sr.Slices {
		if sl.Usable && sl.M == sr.MMax {
			top = sl
		}
	}
	where := "before"
	if tr.Submit[0] >= top.Start {
		where = "not before"
	}
	obs, err := locality.Observe(tr, datasets.Runtime)
	if err != nil {
		return "", err
	}
	obs.Location = startOffset(obs) // Tables 2–3's day cut (dayCut)
	w, err := withLackingJobs(obs, lacks, paperSlicing(obs).Shift)
	if err != nil {
		return "", err
	}
	// The same with the slices on the days since 1970 that are 0 modulo 3
	// (the reading epochPhase of jobReadings).
	ws, err := withLackingJobs(obs, lacks, 0)
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("the %d jobs of the paper's %s that our %s lacks are the numbers below our first, job %d, submitted %s, %s the slice of M'_max (%s, %d jobs); with %d such jobs added, all of one runtime (each decile of the log's), M'_max is %.5f–%.5f and M'_med %.5f–%.5f; "+
		"with the slices on the days since 1970 that are 0 modulo 3 instead (our earlier default), M'_max %.4f–%.4f and M'_med %.4f–%.4f",
		lacks, paper.file, tr.Name, tr.JobID[0], c.Time(tr.Submit[0]).Format("2006-01-02 15:04 MST"), where,
		c.Time(top.Start).Format("2006-01-02"), top.Jobs, lacks, w[0][0], w[0][1], w[1][0], w[1][1], ws[0][0], ws[0][1], ws[1][0], ws[1][1]), nil
}

// withoutJobs bounds M'_max of sr's log without k of its jobs (a version
// with k jobs fewer): m_i rises most when the k jobs come from one slice and
// none from its fullest range, whose share of the slice then grows from
// share(m_i, r) to share(m_i, r)·N_i/(N_i − k); a slice left with fewer than
// the usable N_i drops out. The ranges are taken as fixed (k jobs of a log's
// tens of thousands move its quantiles by less than k of them). A fullest
// range's share read from m_i is its excess, exact when m_i > 1/(r − 1),
// the largest deficit; smaller m_i cannot reach M'_max.
func withoutJobs(sr locality.SamplingResult, k int) float64 {
	r := float64(sr.Options.Ranges)
	best := sr.MMax
	for _, sl := range sr.Slices {
		n := float64(sl.Jobs)
		if !sl.Usable || n-float64(k) < sr.Options.MinExpected*r {
			continue
		}
		grown := share(sl.M, sr.Options.Ranges) * n / (n - float64(k))
		best = max(best, (grown-1/r)/(1-1/r))
	}
	return best
}

// quotedValue is the value the text quotes for the cell of Table 2 with
// id "table2/<catalog>/<metric>" (table2Quoted).
func quotedValue(id string) float64 {
	parts := strings.Split(id, "/")
	q, ok := table2Quoted[[2]string{parts[len(parts)-2], parts[len(parts)-1]}]
	if len(parts) != 3 || !ok {
		panic("feitelson2007: no quoted cell " + id)
	}
	return printedValue(q.text)
}

// share is the fraction of a slice's jobs in its fullest range when m_i =
// m with r ranges: m(1 − 1/r) + 1/r (§3.1 step 3(c) solved for o_j).
func share(m float64, r int) float64 { return m*(1-1/float64(r)) + 1/float64(r) }

// table2Quoted are the cells of Table 2 the text quotes (the table itself
// is blanked in our copy): log and metric, the printed value and the
// paper's words.
var table2Quoted = map[[2]string]struct{ text, quote string }{
	{"SDSC-DS", "m_max"}:  {"0.419", "in the SDSC DataStar log the maximum-based metric is 0.419"},
	{"LANL-CM5", "m_max"}: {"0.269", "in the LANL CM5 log this metric was only 0.269"},
	{"SDSC-DS", "m_med"}:  {"0.085", "the value of 0.085 for the SDSC DataStar log"},
}

// Claims records every cell of Tables 2 and 3: the cells the text quotes
// are compared with it (M'_max and M'_med are deterministic statistics of
// the log: to half a unit of the printed digit, placed in Table 2 for the
// discrimination test), the others are blanked in our copy. The shares the
// text derives from the quoted values (44.3%, 29.9%, 12.3%, "about 3
// times") are the same comparisons again: checks.
func (r *SamplingResult) Claims(l *ledger.Ledger) {
	r.claims(l, "Table 2", "table2")
	var ds, cm5 locality.SamplingResult
	allOut, allLower := true, true
	var outEvidence string
	names := map[string]string{"m_max": "M'_max", "m_med": "M'_med"}
	var wants []ledger.Expectation
	var ours, zones []float64
	for i, lg := range r.Logs {
		for _, m := range []string{"m_max", "m_med"} {
			if q, ok := table2Quoted[[2]string{lg.Catalog, m}]; ok {
				v := r.Results[i].MMax
				if m == "m_med" {
					v = r.Results[i].MMed
				}
				wants, ours = append(wants, ledger.Printed(q.text, 0)), append(ours, v)
				zones = append(zones, r.zone[[2]string{lg.Catalog, m}])
			}
		}
	}
	// The readings tried on each cell in turn: the log zone's midnight
	// (daylight-saving changes followed), the tie readings, jobReadings
	// (counted over Tables 1 and 2).
	found := ledger.AmongReadings(1 + len(table2Ties) + len(jobReadings))
	zone := countConvention("with days cut at local midnight of the log's zone, following its daylight-saving changes (ours beside Table 1: table1/log-zone)", "Table 2", found, wants, ours, zones)
	filters := r.readings.conventions(found)
	basis := r.evidence(wants, ours, zones).basis(bootstrapReps(r.Results))
	var ties [len(table2Ties)]tableConvention
	for k, t := range table2Ties {
		var alt []float64
		for _, lg := range r.Logs {
			for _, m := range []string{"m_max", "m_med"} {
				if _, ok := table2Quoted[[2]string{lg.Catalog, m}]; ok {
					alt = append(alt, r.ties[k][[2]string{lg.Catalog, m}])
				}
			}
		}
		ties[k] = countConvention(t.words, "Table 2", tiesFound(found, t.ties), wants, ours, alt)
	}
	for i, lg := range r.Logs {
		sr := r.Results[i]
		row := lg.Paper + " (ours " + lg.Catalog + ")"
		id := lg.Catalog
		// blank gives a blanked cell its definition (basis); on the
		// Paragon row, whose log of §3 is 1995, ours is a stand-in.
		blank := func(e *ledger.Entry) { e.Because(e.Reason + "; " + basis) }
		if lg.Paper == "SDSC Paragon" {
			id, row = "SDSC-Paragon", row+"; the paper's Paragon log of §3 is 1995"
			blank = func(e *ledger.Entry) {
				e.OnStandIn(par95 + " (§3.1's Paragon log is the 1995 one)")
				e.Because(e.Reason + "; the paper's value is also blanked in our copy of the text; " + basis)
			}
		}
		for _, m := range []string{"m_max", "m_med"} {
			v := sr.MMax
			if m == "m_med" {
				v = sr.MMed
			}
			cellID := "table2/" + id + "/" + m
			statement := row + ": " + names[m] + " of the runtimes"
			q, ok := table2Quoted[[2]string{lg.Catalog, m}]
			if !ok {
				blank(l.Blanked("Table 2", cellID, statement, v).Digits(3))
				continue
			}
			want := ledger.Printed(q.text, 0)
			e := l.Check("Table 2", cellID, statement, want, v).Digits(3).
				InTable("Table 2", lg.Catalog, names[m]).Quoting(q.quote)
			zone.explain(e, want, r.zone[[2]string{lg.Catalog, m}], 3, "")
			for k := range ties {
				if e.Reason == "" {
					ties[k].explain(e, want, r.ties[k][[2]string{lg.Catalog, m}], 3, "")
				}
			}
			for k := range filters {
				if e.Reason == "" && jobReading(k).moves(m) {
					filters[k].explain(e, want, r.readings.quoted[k][[2]string{lg.Catalog, m}], 3, "")
				}
			}
			if e.Reason == "" {
				e.Measured(r.version[lg.Catalog])
			}
			if e.Verdict != ledger.Differs {
				// Our earlier slices, shown beside the cell as its note
				// (explain shows every reading on a differing cell).
				k := epochPhaseReading()
				e.Noting(fmt.Sprintf("%s: %.3f, %d of %d cells of Tables 1 and 2 within, against %d as computed",
					jobReading(k).words(), r.readings.quoted[k][[2]string{lg.Catalog, m}], filters[k].Within, filters[k].N, filters[k].AsComputed))
			}
		}
		for _, c := range []struct {
			col, words string
			v          float64
		}{{"locality_max", "M_max = M'_max − M'_g", sr.LocalityMax}, {"locality_med", "M_med = M'_med − M'_g", sr.LocalityMed}} {
			blank(l.Blanked("Table 3", "table3/"+id+"/"+c.col, row+": "+c.words, c.v).Digits(3))
		}
		out := sr.MMax > maxOf(sr.RandomMax) && sr.MMed > maxOf(sr.RandomMed)
		allOut = allOut && out
		allLower = allLower && sr.MMed < sr.MMax
		outEvidence += fmt.Sprintf("%s: M'_max %.3f vs random ≤ %.3f, M'_med %.3f vs ≤ %.3f; ", lg.Catalog, sr.MMax, maxOf(sr.RandomMax), sr.MMed, maxOf(sr.RandomMed))
		switch lg.Catalog {
		case "SDSC-DS":
			ds = sr
		case "LANL-CM5":
			cm5 = sr
		}
	}
	if ds.Name == "" || cm5.Name == "" {
		return // the quoted logs are not available (recorded above)
	}
	// The shares the text derives from its quoted values (44.3%, 29.9%,
	// 12.3%, "about 3 times") are values derived from the paper's own
	// numbers: each is checked against the value §3.1 step 3(c) solved for
	// o_j gives from the paper's quoted m (share), which says that the
	// paper's m_i is normalised as ours (the fullest range's excess over
	// e_i = N_i/r, over N_i − e_i, r = 24) — not that our M' is the
	// paper's: that is table2/<log>/m_*, which stay claims. Our
	// share is shown beside it: compared with the paper's, it would repeat
	// the comparison of the quoted cell (table2/<log>/m_*) and count one
	// difference twice.
	const derived = "derived from the paper's own value: the text's share from its quoted m by share = m(1 − 1/24) + 1/24 (§3.1 step 3(c) solved for o_j); it checks that the paper's m_i is normalised as ours (the fullest range's excess over e_i = N_i/24, over N_i − e_i)"
	ranges := ds.Options.Ranges
	for _, d := range []struct {
		id, statement, printed, quote, cell string
		ours                                float64
	}{
		{"table2/SDSC-DS/share-max", "DataStar: largest share of one slice's jobs in one range (percent), from the paper's M'_max", "44.3",
			"44.3% of the jobs were concentrated in a single subrange", "table2/SDSC-DS/m_max", ds.MMax},
		{"table2/LANL-CM5/share-max", "LANL CM5: largest share of one slice's jobs in one range (percent), from the paper's M'_max", "29.9",
			"the biggest concentration of jobs in one range was 29.9%", "table2/LANL-CM5/m_max", cm5.MMax},
		{"table2/SDSC-DS/share-med", "DataStar: share of the fullest range in the median slice (percent), from the paper's M'_med", "12.3",
			"12.3% or more of the jobs were concentrated in one range", "table2/SDSC-DS/m_med", ds.MMed},
	} {
		l.Check("Table 2", d.id, fmt.Sprintf("%s %g", d.statement, quotedValue(d.cell)), ledger.Printed(d.printed, 0), 100*share(quotedValue(d.cell), ranges)).Digits(3).
			Quoting(d.quote).AsCheck(derived).
			Measured(fmt.Sprintf("ours %.1f%% from our %.4g (%s)", 100*share(d.ours, ranges), d.ours, d.cell))
	}
	l.Check("Table 2", "table2/SDSC-DS/times-random", fmt.Sprintf("DataStar: share of the fullest range in the median slice, in units of 1/24 (random sampling), from the paper's M'_med %g", quotedValue("table2/SDSC-DS/m_med")),
		ledger.Stated("about 3 times", ledger.Printed("3", 0)), 24*share(quotedValue("table2/SDSC-DS/m_med"), ranges)).Digits(3).
		Quoting("about 3 times higher than would be expected by random sampling").AsCheck("24 × 12.3% = 2.95: " + derived).
		Measured(fmt.Sprintf("ours %.2f from our %.4g (table2/SDSC-DS/m_med)", 24*share(ds.MMed, ranges), ds.MMed))
	l.Claim("Table 2", "table2/median-lower", "M'_med is below M'_max for every log", allLower, "").
		Quoting("The values using the median are of course much lower").
		AsCheck("a median of the slices' m_i never exceeds their maximum")
	l.Claim("Fig. 7", "fig7/significant", "every log's M'_max and M'_med lie beyond every bootstrap repetition's", allOut, outEvidence).
		Quoting("the actual results for the real slice data are way out of the scale of results")
	cv := func(x []float64) float64 { return (quantile(x, 0.75) - quantile(x, 0.25)) / quantile(x, 0.5) }
	l.Claim("Fig. 7", "fig7/narrow", fig7Log+": the bootstrap distribution of M'_med is narrower (interquartile range over median) than that of M'_max",
		cv(ds.RandomMed) < cv(ds.RandomMax), fmt.Sprintf("M'_med %.3f, M'_max %.3f", cv(ds.RandomMed), cv(ds.RandomMax))).
		Quoting("The relatively narrow distributions of M'_{max} and even more so of M'_{med}").
		Unreplicated(1, r.seed) // one bootstrap: the spread of its quartile ratios over seeds is not measured
}

// Fig8Result is Fig. 8 (§3.2): M_max and M_med over a grid of slice
// lengths and range counts.
type Fig8Result struct {
	Absent
	Log    string
	Frame  dataframe.DataFrame // locality.Sensitivity
	Figure *plots.Figure       // M_max, M_med
	reps   int
	// others are Fig. 8's claims measured on the same grid for every other
	// log of Table 2 (the paper does not name Fig. 8's log), with otherReps
	// bootstrap repetitions.
	others    []logSpread
	otherReps int
}

// logSpread is Fig. 8's three claims measured on another log's grid.
type logSpread struct {
	log    string
	spread float64 // the range of M_med over the grid (fig8/med-stable)
	claims fig8Claims
}

// fig8Claims are the values of Fig. 8's three claims on one log's grid
// (locality.Sensitivity): the range of M_max over that of M_med
// (fig8/max-sensitive), the range of M_med (fig8/med-stable), and the
// slice length and range count of the largest M_max (fig8/max-short-slices).
type fig8Claims struct {
	ratio, medSpread   float64
	topDays, topRanges float64
	topValue           float64
}

// fig8Values measures fig8Claims on a Sensitivity frame.
func fig8Values(f dataframe.DataFrame) fig8Claims {
	mx, md := f.Col("locality_max").Float(), f.Col("locality_med").Float()
	days, ranges := f.Col("slice_days").Float(), f.Col("ranges").Float()
	top := 0
	for i := range mx {
		if mx[i] > mx[top] {
			top = i
		}
	}
	spread := func(x []float64) float64 { return maxOf(x) - minOf(x) }
	return fig8Claims{ratio: spread(mx) / spread(md), medSpread: spread(md), topDays: days[top], topRanges: ranges[top], topValue: mx[top]}
}

// The expectations of Fig. 8's claims: "much more sensitive" (the range of
// M_max beyond the likeness factor times that of M_med: "much" by
// ledger.Much, the one threshold of the word; no standard error
// measured), "very stable" (M_med's range at most 0.05) and the largest
// M_max at a slice of at most 2 days.
var (
	fig8Sensitive = ledger.Much("M_max much more sensitive", 1, 0, true)
	fig8Stable    = ledger.Stated("very stable", ledger.AtMost(0.05))
)

// holds reports which of Fig. 8's three claims c makes hold: max-sensitive,
// med-stable, max-short-slices.
func (c fig8Claims) holds() [3]bool {
	return [3]bool{fig8Sensitive.Accepts(c.ratio), fig8Stable.Accepts(c.medSpread), c.topDays <= 2}
}

// fig8Days and fig8Ranges are Fig. 8's grid: slice lengths (days) and
// range counts.
var (
	fig8Days   = []float64{1, 2, 3, 5, 7, 14}
	fig8Ranges = []int{8, 12, 16, 24, 32, 48}
)

// fig8Log is the log Fig. 8's figure draws. The paper does not name
// Fig. 8's log: its claims are judged on every log (Fig8Result.Claims).
const fig8Log = "SDSC-Par-1996"

// Fig8 computes the sensitivity grid on fig8Log with the paper's 1000
// bootstrap repetitions (50 in quick mode).
func (s *Study) Fig8(ctx context.Context) (*Fig8Result, error) {
	return s.fig8.Get(func() (*Fig8Result, error) {
		r := &Fig8Result{Log: fig8Log, reps: s.o.Reps(1000, 50)}
		if ok, err := r.have(fig8Log); !ok {
			return r, err
		}
		obs, err := s.observe(fig8Log, datasets.Runtime)
		if err != nil {
			return nil, err
		}
		s.o.Report("Fig. 8 sensitivity grid", 0, 0)
		r.Frame, err = locality.Sensitivity(obs, fig8Days, fig8Ranges,
			locality.SamplingOptions{Reps: r.reps, Seed: s.o.SeedOr(), Workers: s.o.Workers, Slicing: paperSlicing(obs)})
		if err != nil {
			return nil, err
		}
		// M'_g is a median over the repetitions, steady with fewer of them:
		// 100 (20 in quick mode) for the other logs.
		r.otherReps = s.o.Reps(100, 20)
		for _, lg := range runtimeLogs {
			if lg.Catalog == fig8Log {
				continue
			}
			o, err := s.observe(lg.Catalog, datasets.Runtime)
			if missing(err) {
				continue
			}
			if err != nil {
				return nil, err
			}
			f, err := locality.Sensitivity(o, fig8Days, fig8Ranges, locality.SamplingOptions{Reps: r.otherReps, Seed: s.o.SeedOr(), Workers: s.o.Workers, Slicing: paperSlicing(o)})
			if err != nil {
				return nil, err
			}
			c := fig8Values(f)
			r.others = append(r.others, logSpread{lg.Catalog, c.medSpread, c})
		}
		var panels []*plot.Plot
		for _, c := range []struct{ col, label string }{{"locality_max", "M_max"}, {"locality_med", "M_med"}} {
			p, err := localityplot.Sensitivity(r.Frame, c.col, c.label)
			if err != nil {
				return nil, err
			}
			panels = append(panels, p)
		}
		// The panels share their y axis, whose one label (the first
		// panel's) names both metrics: each panel's title says which.
		panels[0].Y.Label.Text = "locality (M_max, M_med)"
		r.Figure = figure("Fig. 8", "how the locality metric depends on the slice length and the number of ranges, "+fig8Log,
			"the paper: M_max much more sensitive to the grid than M_med, which is very stable; it names no log for Fig. 8: the ledger's Fig. 8 entries judge its findings on every log of Table 2, this one among them", 2, panels...)
		r.Figure.ShareX, r.Figure.ShareY = true, true
		return r, nil
	})
}

// Claims checks §3.2's reading of Fig. 8: M_max spreads over the grid far
// more than M_med (range at least 3 times as wide), M_med is very stable,
// and M_max is highest for the shortest slices. The paper does not name
// Fig. 8's log, and words its findings as properties of the metrics
// ("this indicates that the M_med metric should be preferred as a measure
// of locality of sampling"): they are claims about logs in general, not
// about one log a log of ours could stand in for. So each is judged on
// every log of Table 2 available here (fig8Log with the paper's bootstrap
// repetitions, the others with otherReps), by its least favourable log:
// it agrees only when it holds on all of them (fig8Judged). No log is
// chosen as Fig. 8's, so none can be a reason.
func (r *Fig8Result) Claims(l *ledger.Ledger) {
	if r.claims(l, "Fig. 8", "fig8"); len(r.Missing) > 0 {
		return
	}
	md := r.Frame.Col("locality_med").Float()
	spread := func(x []float64) float64 { return maxOf(x) - minOf(x) }
	ranges := r.Frame.Col("ranges").Float()
	var at24 []float64
	for i := range md {
		if ranges[i] == 24 {
			at24 = append(at24, md[i])
		}
	}
	j := r.judged()
	const every = "every log of Table 2 (the paper names none for Fig. 8; a claim about the metrics, judged on each log, by the least favourable): "
	l.Check("Fig. 8", "fig8/max-sensitive", every+"range of M_max over the grid, over the range of M_med, the smallest over the logs",
		fig8Sensitive, j.worst[0].claims.ratio).
		Quoting("The maximum-based metric is much more sensitive to the choice of parameter values than the median-based one").
		Noting(j.text(0, func(c fig8Claims) string { return fmt.Sprintf("%.2f", c.ratio) }))
	l.Check("Fig. 8", "fig8/med-stable", every+"range of M_med over the grid, the largest over the logs",
		fig8Stable, j.worst[1].claims.medSpread).
		Quoting("The M_{med} metric, by contradistinction, is very stable").
		Noting(j.text(1, func(c fig8Claims) string { return fmt.Sprintf("%.3f", c.medSpread) })).
		Measured(fmt.Sprintf("on %s M_med falls as the number of ranges grows (%.3f to %.3f over the grid); over the slice lengths at 24 ranges it spans %.3f",
			r.Log, maxOf(md), minOf(md), spread(at24)))
	top := j.worst[2].claims
	l.Claim("Fig. 8", "fig8/max-short-slices", every+"M_max is largest at a slice of at most 2 days",
		j.holds[2] == len(j.logs), fmt.Sprintf("the longest slice of the largest M_max over the logs: %s (%s: %.3f, %g ranges); %s",
			days(top.topDays), j.worst[2].log, top.topValue, top.topRanges, j.text(2, func(c fig8Claims) string { return days(c.topDays) }))).
		Quoting("obtains much higher values when the slice size and number of ranges are reduced")
}

// days shows a slice length in days: "1 day", "2 days".
func days(d float64) string {
	if d == 1 {
		return "1 day"
	}
	return fmt.Sprintf("%g days", d)
}

// fig8Judged is Fig. 8's three claims (max-sensitive, med-stable,
// max-short-slices) judged on every log measured: the logs, for each
// claim its least favourable log (the smallest ratio, the largest range
// of M_med, the longest slice of the largest M_max) and the number of
// logs it holds on.
type fig8Judged struct {
	logs            []logSpread
	worst           [3]logSpread
	holds           [3]int
	reps, otherReps int // bootstrap repetitions of logs[0] and of the others
}

// judged judges Fig. 8's claims on fig8Log and every other log measured.
func (r *Fig8Result) judged() fig8Judged {
	c := fig8Values(r.Frame)
	j := fig8Judged{logs: append([]logSpread{{r.Log, c.medSpread, c}}, r.others...), reps: r.reps, otherReps: r.otherReps}
	j.worst = [3]logSpread{j.logs[0], j.logs[0], j.logs[0]}
	for _, o := range j.logs {
		h := o.claims.holds()
		for i := range h {
			if h[i] {
				j.holds[i]++
			}
		}
		if o.claims.ratio < j.worst[0].claims.ratio {
			j.worst[0] = o
		}
		if o.claims.medSpread > j.worst[1].claims.medSpread {
			j.worst[1] = o
		}
		if o.claims.topDays > j.worst[2].claims.topDays {
			j.worst[2] = o
		}
	}
	return j
}

// text shows claim's value on every log with the number of logs it holds on.
func (j fig8Judged) text(claim int, value func(fig8Claims) string) string {
	var parts []string
	for _, o := range j.logs {
		parts = append(parts, o.log+" "+value(o.claims))
	}
	reps := fmt.Sprintf("%d bootstrap repetitions", j.reps)
	if len(j.logs) > 1 {
		reps = fmt.Sprintf("%s on %s, %d on the others", reps, j.logs[0].log, j.otherReps)
	}
	return fmt.Sprintf("holds on %d of %d logs (%s): %s", j.holds[claim], len(j.logs), reps, strings.Join(parts, ", "))
}

// bootstrapReps is the bootstrap repetitions of results (0 when there is none).
func bootstrapReps(results []locality.SamplingResult) int {
	if len(results) == 0 {
		return 0
	}
	return results[0].Options.Reps
}

// fig7Caption says, for Fig. 7's caption, how many of the random samplings
// drawn the log's M′_max (mMax) and M′_med (mMed) exceed (randMax, randMed:
// one value per sampling), counted, not typed for one recording; whether
// that makes the slices "not random samples" is the ledger's Fig. 7 entry.
// It says how the panels show the log's values: a line, or written at the
// edge off the samplings' scale (plots.ValueMark, with the rule of
// localityplot.Bootstrap's HistValue).
func fig7Caption(mMax float64, randMax []float64, mMed float64, randMed []float64) string {
	drawn := 0
	for _, v := range []struct {
		obs  float64
		rand []float64
	}{{mMax, randMax}, {mMed, randMed}} {
		if plots.ValueDrawn(v.rand, v.obs, plots.HistOptions{}) {
			drawn++
		}
	}
	return fmt.Sprintf("%s against the random samplings: M′_max above %s, M′_med above %s (see the ledger)",
		plots.ValueMark("the log's M′", drawn, 2), countAbove(mMax, randMax), countAbove(mMed, randMed))
}

// countAbove is "all n", "none of the n" or "k of n": how many of xs lie
// strictly below v.
func countAbove(v float64, xs []float64) string {
	k := 0
	for _, x := range xs {
		if v > x {
			k++
		}
	}
	switch {
	case len(xs) == 0:
		return "no sampling"
	case k == len(xs):
		return fmt.Sprintf("all %d", k)
	case k == 0:
		return fmt.Sprintf("none of the %d", len(xs))
	}
	return fmt.Sprintf("%d of %d", k, len(xs))
}
