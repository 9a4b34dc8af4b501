package zakay2013

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/bits"
	"slices"
	"strconv"
	"strings"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
	"gonum.org/v1/gonum/stat"
	"gonum.org/v1/plot"

	"github.com/tracelab/tracelab/analytics/session"
	"github.com/tracelab/tracelab/analytics/similarity"
	"github.com/tracelab/tracelab/analytics/similarity/similarityplot"
	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/plots"
	"github.com/tracelab/tracelab/repro/ledger"
	"github.com/tracelab/tracelab/repro/study"
)

// SimilarityRow is a row of Tables II–IV (§3): the fractions of users
// whose similarity is larger at distance 0 than 1, equal, larger at 1; and
// larger at 1 than 2, equal, larger at 2.
type SimilarityRow [6]float64

// SimilarityColumns names the six fractions of a row of Tables II–IV.
var SimilarityColumns = [6]string{"shorter_01", "equal_01", "longer_01", "shorter_12", "equal_12", "longer_12"}

// similarityTables are Tables II (processors, "CPU-number property"), III
// (requested runtime, "maximum running time") and IV (runtime), as
// printed, by attribute and log, in the paper's row order. (Table II's
// first row is printed "LNAL-CM5".)
var similarityTables = []struct {
	item string
	attr datasets.Attribute
	rows []struct {
		log string
		row SimilarityRow
	}
}{
	{"Table II", datasets.Procs, []struct {
		log string
		row SimilarityRow
	}{
		{"LANL-CM5", SimilarityRow{0.727, 0.0160, 0.257, 0.663, 0.0053, 0.332}},
		{"CTC-SP2", SimilarityRow{0.722, 0.0152, 0.262, 0.670, 0.0325, 0.300}},
		{"KTH-SP2", SimilarityRow{0.782, 0.0075, 0.211, 0.692, 0.0150, 0.293}},
		{"SDSC-SP2", SimilarityRow{0.771, 0.0120, 0.217, 0.747, 0.0080, 0.245}},
		{"SDSC-BLUE", SimilarityRow{0.856, 0.0000, 0.144, 0.762, 0.0046, 0.233}},
		{"HPC2N", SimilarityRow{0.856, 0.0046, 0.140, 0.684, 0.0000, 0.316}},
		{"SDSC-DS", SimilarityRow{0.767, 0.0031, 0.230, 0.702, 0.0092, 0.288}},
		{"ANL-Intrepid", SimilarityRow{0.788, 0.0052, 0.207, 0.746, 0.0000, 0.254}},
		{"CEA-Curie", SimilarityRow{0.866, 0.0022, 0.131, 0.746, 0.0043, 0.250}},
	}},
	{"Table III", datasets.ReqTime, []struct {
		log string
		row SimilarityRow
	}{
		{"LANL-CM5", SimilarityRow{0.765, 0.1016, 0.134, 0.668, 0.1016, 0.230}},
		{"CTC-SP2", SimilarityRow{0.757, 0.1041, 0.139, 0.705, 0.1085, 0.187}},
		{"KTH-SP2", SimilarityRow{0.895, 0.0075, 0.098, 0.789, 0.0150, 0.195}},
		{"SDSC-SP2", SimilarityRow{0.791, 0.0924, 0.116, 0.795, 0.0924, 0.112}},
		{"SDSC-BLUE", SimilarityRow{0.947, 0.0069, 0.046, 0.794, 0.0069, 0.199}},
		{"HPC2N", SimilarityRow{0.907, 0.0279, 0.065, 0.781, 0.0233, 0.195}},
		{"SDSC-DS", SimilarityRow{0.837, 0.0613, 0.101, 0.739, 0.0583, 0.202}},
		{"ANL-Intrepid", SimilarityRow{0.834, 0.0777, 0.088, 0.715, 0.0777, 0.207}},
		{"CEA-Curie", SimilarityRow{0.843, 0.0625, 0.095, 0.718, 0.0625, 0.220}},
	}},
	{"Table IV", datasets.Runtime, []struct {
		log string
		row SimilarityRow
	}{
		{"LANL-CM5", SimilarityRow{0.733, 0.0000, 0.267, 0.711, 0.0053, 0.283}},
		{"CTC-SP2", SimilarityRow{0.829, 0.0043, 0.167, 0.722, 0.0065, 0.271}},
		{"KTH-SP2", SimilarityRow{0.827, 0.0075, 0.165, 0.684, 0.0000, 0.316}},
		{"SDSC-SP2", SimilarityRow{0.759, 0.0000, 0.241, 0.759, 0.0040, 0.237}},
		{"SDSC-BLUE", SimilarityRow{0.888, 0.0114, 0.101, 0.757, 0.0092, 0.233}},
		{"HPC2N", SimilarityRow{0.879, 0.0326, 0.088, 0.721, 0.0279, 0.251}},
		{"SDSC-DS", SimilarityRow{0.840, 0.0215, 0.138, 0.706, 0.0245, 0.270}},
		{"ANL-Intrepid", SimilarityRow{0.850, 0.0000, 0.150, 0.710, 0.0000, 0.290}},
		{"CEA-Curie", SimilarityRow{0.817, 0.0151, 0.168, 0.685, 0.0151, 0.300}},
	}},
}

// similarityKey identifies one similarity analysis: a log, an attribute,
// the time resolution of runtimes (0: seconds) and the tolerance under
// which two per-user similarities count as equal (0: the package's 1e-12).
type similarityKey struct {
	log        string
	attr       datasets.Attribute
	resolution float64
	equal      float64
}

// analysis runs (once per key) the similarity analysis of §3 with the
// paper's choices (similarity.Options{}; TimeResolution and
// EqualTolerance as given).
func (s *Study) analysis(k similarityKey) (similarity.Result, error) {
	return s.similarity.Get(k, func() (similarity.Result, error) {
		tr, err := logOf(k.log)
		if err != nil {
			return similarity.Result{}, err
		}
		r, err := similarity.Analyze(tr, k.attr, similarity.Options{TimeResolution: k.resolution, EqualTolerance: k.equal})
		r.Trace = k.log
		return r, err
	})
}

// constantSplit returns the row of r when its constant users (all values
// equal: every job pair has similarity 1, so they are "equal" at every
// distance) are counted half as "shorter" and half as "longer" instead of
// "equal", and the number of those users among the compared.
func constantSplit(r similarity.Result) (SimilarityRow, int) {
	nc := 0
	for k := range r.Users.ID {
		if r.Users.Constant[k] && (r.Options.Qualify != similarity.AllDistances || r.Users.Qualified[k]) {
			nc++
		}
	}
	h := float64(nc) / float64(max(r.Table.Users, 1))
	v := SimilarityRow(tableValues(r.Table))
	for _, base := range []int{0, 3} {
		v[base] += h / 2
		v[base+1] -= h
		v[base+2] += h / 2
	}
	return v, nc
}

func tableValues(t similarity.Table) SimilarityRow {
	a, b := t.D0vsD1, t.D1vsD2
	return SimilarityRow{a.Shorter, a.Equal, a.Longer, b.Shorter, b.Equal, b.Longer}
}

// TablesResult is Tables II–IV: per table, the paper's rows next to ours.
type TablesResult struct {
	// Frames has one frame per table (Table II, III, IV), one row per log
	// of the paper: log, users (compared by us) and constant_users (counts,
	// missing for a log we do not have), and for each of
	// SimilarityColumns the paper's value (paper_*) and ours, rounded to
	// the decimals the paper prints in that column (tableDecimals).
	Frames map[string]dataframe.DataFrame
	// Minutes is Table IV again with runtimes truncated to whole minutes
	// (similarity.Options.TimeResolution = 60), in the same layout.
	Minutes dataframe.DataFrame
	// Split is Table II with the constant users split evenly between
	// "shorter" and "longer" (constantSplit), in the same layout.
	Split dataframe.DataFrame
	// ZeroPairs is Table IV again with the similarity of two zero runtimes
	// undefined and such users counted equal (zeroPairsUndefined), in the
	// same layout.
	ZeroPairs dataframe.DataFrame
	cells     []tableCell
	// runtime are Table IV's conventions, each counted over every log and
	// cell of the table (runtimeConventions); split is Table II's constant
	// users split evenly, counted over every log and cell of Table II.
	runtime []tableConvention
	split   tableConvention
	// splitEqual is Table II's constant users split evenly with two
	// per-user similarities equal within fourDecimals, counted over every
	// log and cell of Table II; beyondSplit counts it against the split
	// alone (AsComputed: the cells the split brings within), what the
	// second step adds to the first.
	splitEqual  tableConvention
	beyondSplit ledger.Tally
}

// tableCell is one log's row of one table, ours and the paper's.
type tableCell struct {
	item, log string
	attr      datasets.Attribute
	paper     SimilarityRow
	missing   bool // the log is not available
	ours      SimilarityRow
	split     SimilarityRow // constant users split (Table II)
	// splitEqual is Table II with the constant users split and two
	// per-user similarities equal within fourDecimals.
	splitEqual SimilarityRow
	minutes    SimilarityRow // runtimes in whole minutes (Table IV)
	// minutesEqual is Table IV with runtimes in whole minutes and two
	// per-user similarities equal within threeDecimals.
	minutesEqual SimilarityRow
	zeros        SimilarityRow // two zero runtimes undefined, counted equal (Table IV)
	// pow2 is Table II with every processor count rounded up to a power of
	// two (powersOfTwo).
	pow2 SimilarityRow

	users    int
	constant int
	// lacks and sameJobs are what Table I tells of the paper's version
	// (tableVRow's): its first jobs ours lacks, and whether it has as
	// many jobs as ours.
	lacks    int
	sameJobs bool
}

// Tables computes Tables II–IV (§3) on every log of the paper we have.
func (s *Study) Tables(ctx context.Context) (*TablesResult, error) {
	return s.tables.Get(func() (*TablesResult, error) {
		r := &TablesResult{Frames: map[string]dataframe.DataFrame{}}
		for _, t := range similarityTables {
			var cells []tableCell
			for _, row := range t.rows {
				if err := ctx.Err(); err != nil {
					return nil, err
				}
				c := tableCell{item: t.item, log: row.log, attr: t.attr, paper: row.row}
				a, err := s.analysis(similarityKey{row.log, t.attr, 0, 0})
				if errors.Is(err, study.ErrMissing) {
					c.missing = true
					cells = append(cells, c)
					continue
				}
				if err != nil {
					return nil, err
				}
				c.ours, c.users = tableValues(a.Table), a.Table.Users
				tr, err := logOf(row.log)
				if err != nil {
					return nil, err
				}
				pl, ok := tableILog(row.log)
				c.lacks, c.sameJobs = lackingFirstJobs(row.log, tr), ok && pl.Jobs == tr.Len()
				c.split, c.constant = constantSplit(a)
				if t.attr == datasets.Procs {
					e, err := s.analysis(similarityKey{row.log, t.attr, 0, fourDecimals})
					if err != nil {
						return nil, err
					}
					c.splitEqual, _ = constantSplit(e)
					if c.pow2, err = powersOfTwo(row.log); err != nil {
						return nil, err
					}
				}
				if t.attr == datasets.Runtime {
					m, err := s.analysis(similarityKey{row.log, t.attr, 60, 0})
					if err != nil {
						return nil, err
					}
					c.minutes = tableValues(m.Table)
					if m, err = s.analysis(similarityKey{row.log, t.attr, 60, threeDecimals}); err != nil {
						return nil, err
					}
					c.minutesEqual = tableValues(m.Table)
					if c.zeros, err = zeroPairsUndefined(row.log, a); err != nil {
						return nil, err
					}
				}
				cells = append(cells, c)
			}
			r.Frames[t.item] = tableFrame(cells, func(c tableCell) SimilarityRow { return c.ours })
			switch t.attr {
			case datasets.Procs:
				r.Split = tableFrame(cells, func(c tableCell) SimilarityRow { return c.split })
			case datasets.Runtime:
				r.Minutes = tableFrame(cells, func(c tableCell) SimilarityRow { return c.minutes })
				r.ZeroPairs = tableFrame(cells, func(c tableCell) SimilarityRow { return c.zeros })
			}
			r.cells = append(r.cells, cells...)
		}
		r.runtime = runtimeConventions(r.cells)
		r.split, r.splitEqual, r.beyondSplit = splitConvention(r.cells)
		return r, nil
	})
}

func tableFrame(cells []tableCell, ours func(tableCell) SimilarityRow) dataframe.DataFrame {
	var logs []string
	var users, constant []float64 // counts; NaN (shown —) for a log we do not have
	cols := make([][]float64, 12)
	for _, c := range cells {
		logs = append(logs, c.log)
		u, k := float64(c.users), float64(c.constant)
		if c.missing {
			u, k = math.NaN(), math.NaN()
		}
		users, constant = append(users, u), append(constant, k)
		o := ours(c)
		for k := range SimilarityColumns {
			// Ours to the decimals the paper prints in the column, so the two
			// read alike (0.0075 beside 0.0075, not beside 0.007519); the
			// ledger compares the unrounded value.
			p := math.Pow(10, float64(tableDecimals[k]))
			v := math.Round(o[k]*p) / p
			if c.missing {
				v = math.NaN()
			}
			cols[2*k] = append(cols[2*k], c.paper[k])
			cols[2*k+1] = append(cols[2*k+1], v)
		}
	}
	ss := []series.Series{
		series.New(logs, series.String, "log"),
		series.New(users, series.Float, "users"),
		series.New(constant, series.Float, "constant_users"),
	}
	for k, name := range SimilarityColumns {
		ss = append(ss, series.New(cols[2*k], series.Float, "paper_"+name), series.New(cols[2*k+1], series.Float, name))
	}
	return dataframe.New(ss...)
}

// tableDecimals are the decimals the paper prints in each column of
// Tables II–IV (SimilarityColumns): four for "equal", three otherwise.
var tableDecimals = [6]int{3, 4, 3, 3, 4, 3}

// aboutRange reports whether a cell v, a fraction of n users, is "about
// 70–85%": within the printed range widened by half a unit of its last
// digit (0.5 percentage points) and twice the cell's standard error
// (fractionSE), the tolerance rule (ledger.Printed) at both ends.
func aboutRange(v float64, n int) bool {
	se := fractionSE(v, n)
	return v >= 0.695-2*se && v <= 0.855+2*se // false for NaN
}

// printedCell is the paper's value of column k as the paper prints it.
func printedCell(v float64, k int) string { return strconv.FormatFloat(v, 'f', tableDecimals[k], 64) }

// fractionSE is the standard error of a fraction p of n users, the
// binomial √(p(1−p)/n) with the Agresti–Coull adjustment p̃ = (x+2)/(n+4)
// for x = p·n users: a fraction of no user (the "equal" cells) still has
// the sampling error of n users, where the plain formula gives 0.
func fractionSE(p float64, n int) float64 {
	m := float64(n) + 4
	q := (p*float64(n) + 2) / m
	return math.Sqrt(q * (1 - q) / m)
}

// cellExpectation is the tolerance of a cell of Tables II–IV
// (ledger.Printed): half a unit of the paper's last printed digit plus two
// standard errors of our fraction over our n users (fractionSE). The
// paper's logs are other versions of ours (Table I), and a user whose
// similarities at two distances are close flips with small changes of the
// data, so our fraction is an estimate of the paper's with about that
// error.
func cellExpectation(paper float64, k int, ours float64, n int) ledger.Expectation {
	return ledger.Printed(printedCell(paper, k), fractionSE(ours, n))
}

// Claims adds every cell of Tables II–IV, placed in its table (the
// discrimination test compares each cell with the other logs' paper
// values), and the text's reading of them (§3): in most cases about
// 70–85% of the users are more similar at the shorter distance. A cell
// that differs gives, measured, the convention that brings it within its
// tolerance where one does: for processors the users of a constant
// processor count (every pair similar, so "equal") counted half at the
// shorter, half at the longer distance, when that brings more of Table
// II's cells within than our reading (splitConvention), and failing that
// the same with per-user similarities equal to four decimals (chosen
// among splitFound's readings) when it gains more than that cell beyond
// the split (gainsBeyond); for runtimes, the first of Table
// IV's conventions (runtimeConventions: whole minutes, whole minutes with
// similarities equal to three decimals, two zero runtimes undefined) that
// brings more of the table's cells within than our reading
// and this cell within. A processors' "equal" cell that the split does not bring within
// shows the measured mechanism in our value (tableCell.orderedConstants):
// it brings nothing within, so the cell is unexplained.
func (r *TablesResult) Claims(l *ledger.Ledger) {
	var shorter []float64
	var shorterUsers []int
	drops, rows := 0, 0
	for _, c := range r.cells {
		for k, col := range SimilarityColumns {
			id := fmt.Sprintf("%s/%s/%s/%s", tableID(c.item), c.log, c.attr, col)
			stmt := fmt.Sprintf("%s, %s: fraction of users %s", c.log, c.attr, columnWords[k])
			if c.missing {
				l.MissingLog(c.item, id, stmt, printedCell(c.paper[k], k), c.log, unavailableWhy(c.log))
				continue
			}
			if k == 1 && c.sameEqual() {
				stmt += fmt.Sprintf(", and at distances 1 and 2 (the paper prints %s in both columns; ours are the same users at both distances: one claim, counted here once)",
					printedCell(c.paper[1], 1))
			}
			stmt = fmt.Sprintf("%s (of our %d users)", stmt, c.users)
			e := l.Check(c.item, id, stmt, cellExpectation(c.paper[k], k, c.ours[k], c.users), c.ours[k]).Digits(3).
				InTable(c.item, c.log, col)
			if k == 4 && c.sameEqual() {
				// Kept so the table shows the cell and the column's
				// discrimination test sees the paper's value.
				e.AsCheck(fmt.Sprintf("one claim with %s/%s/%s/equal_01, which counts it: the paper prints the same value in both 'equal' columns "+
					"and ours are the same users at both distances (those whose value never varies tie at every distance)", tableID(c.item), c.log, c.attr))
			}
			if alt, why, found, ok := r.alternative(c, k); ok {
				e.ExplainedBy(found, why+fmt.Sprintf(" the cell is %.3f, within %s of the paper's", alt,
					cellExpectation(c.paper[k], k, alt, c.users).Tolerance()))
			} else {
				// The mechanism brings nothing within: a measurement.
				m := c.orderedConstants(k)
				e.Measured(m)
				if m != "" {
					e.Measured(c.versionWords(k))
				}
				if c.attr == datasets.Runtime || m == "" {
					e.Measured(r.conventionValues(c, k))
				} else {
					t, b := r.splitEqual, r.beyondSplit
					ex := cellExpectation(c.paper[k], k, c.splitEqual[k], c.users)
					where := "still outside"
					if ex.Accepts(c.splitEqual[k]) {
						where = "within"
					}
					e.Measured(fmt.Sprintf("with the split and similarities equal to four decimals (best of %d readings) %.4f, %s %s (%d of %d cells of Table II within under it, against %d as computed and %d under the split alone: "+
						"beyond the split it gains %d and loses %d, so a cell it alone brings within is chosen for that cell alone, not a reason)",
						splitFound.Readings, c.splitEqual[k], where, ex.Tolerance(), t.Within, t.N, t.AsComputed, b.AsComputed, b.Gained, b.Lost))
					e.Measured(fmt.Sprintf("with every processor count rounded up to a power of two (classes of partition sizes) %.4f against %.4f exact: "+
						"coarser classes keep every user of one count of one count and only add ties, as a coarser equality of similarities does; "+
						"no rounding of processors or of similarities orders a user of one processor count", c.pow2[k], c.ours[k]))
				}
			}
			if k == 0 || k == 3 {
				shorter, shorterUsers = append(shorter, c.ours[k]), append(shorterUsers, c.users)
			}
		}
		if !c.missing {
			rows++
			if c.ours[0] > c.ours[2] && c.ours[3] > c.ours[5] {
				drops++
			}
		}
	}
	// "About 70–85%" is a likeness with printed numbers (ledger.WordRule):
	// each cell is within when it lies in the range widened by half a unit
	// of the printed digit and twice its standard error (aboutRange).
	in := 0
	for i, v := range shorter {
		if aboutRange(v, shorterUsers[i]) {
			in++
		}
	}
	l.Check("Table IV", "tables2-4/shorter_in_70-85", "fraction of the 'shorter distance larger' cells of Tables II–IV within about 0.70–0.85 (the printed range ± half a unit of its digit and 2 SE of the cell)",
		moreThanHalf("most cases", max(len(shorter), 1)), float64(in)/float64(max(len(shorter), 1))).Digits(3).
		Quoting("in most cases about 70–85% of the users exhibit higher similarity at the shorter distance")
	l.Claim("Table IV", "tables2-4/similarity_drops", "in every row of Tables II–IV more users are more similar at the shorter distance than at the longer",
		drops == rows, fmt.Sprintf("%d of %d rows", drops, rows)).
		Quoting("This again demonstrate that the similarity drops when the distance grows").Main()
}

// powersOfTwo returns the processors row of log's Table II with every
// known processor count rounded up to the next power of two: processor
// counts read in the classes of partition sizes (a machine allocating
// powers of two, as the CM-5 did), a coarser "the number of processors used"
// (§3) than the allocated count. A user of one processor count stays of one
// count, and two counts may become one, so it can only add users whose
// similarity is 1 at every distance: a measurement of whether classes of
// processors order the users our exact counts tie (Table II's "equal"
// cells), never a reason by itself.
//
// The requested processors (SWF field 8) read as "the number of processors
// used" do not order them either (session 22, a throw-away test over Table
// II's 48 cells of our eight logs): 22 cells within against 21 as
// computed, 43 with the constant users split against 44; CTC-SP2 and
// SDSC-DS have no requested count differing from the allocated one, and
// LANL-CM5's 1,212 differing jobs leave its equal cells at 0.1604. No
// reason.
func powersOfTwo(log string) (SimilarityRow, error) {
	tr, err := logOf(log)
	if err != nil {
		return SimilarityRow{}, err
	}
	c := *tr
	c.Procs = make([]int, len(tr.Procs))
	for i, p := range tr.Procs {
		c.Procs[i] = nextPowerOfTwo(p)
	}
	r, err := similarity.Analyze(&c, datasets.Procs, similarity.Options{})
	if err != nil {
		return SimilarityRow{}, err
	}
	return tableValues(r.Table), nil
}

// nextPowerOfTwo returns the smallest power of two at least p, for p > 0,
// and p otherwise (SWF's −1, unknown, stays unknown).
func nextPowerOfTwo(p int) int {
	if p <= 0 {
		return p
	}
	return 1 << bits.Len(uint(p-1))
}

// zeroPairsUndefined returns the runtime row of a (the similarity analysis
// of log's runtimes in seconds) when the similarity of two zero runtimes
// is undefined, as §3's formula min/max gives 0/0 (we take it as 1,
// identity), and a user whose average at a distance includes such a pair
// is counted "equal" at the two distances compared, as a comparison with
// an undefined number falls through to "equal". The paper states neither.
func zeroPairsUndefined(log string, a similarity.Result) (SimilarityRow, error) {
	tr, err := logOf(log)
	if err != nil {
		return SimilarityRow{}, err
	}
	st, err := session.Analyze(tr, a.Options.Session)
	if err != nil {
		return SimilarityRow{}, err
	}
	rt := datasets.Runtime.Values(tr)
	zeros := func(i int) (z int) {
		f := st.Sessions.FirstJob[i]
		for _, j := range st.Order[f : f+st.Sessions.Jobs[i]] {
			if rt[j] == 0 {
				z++
			}
		}
		return z
	}
	u := a.Users
	var counts [2][3]int // per half: shorter, equal, longer
	for k := range u.ID {
		if a.Options.Qualify == similarity.AllDistances && !u.Qualified[k] {
			continue
		}
		fs, ns := st.Users.FirstSession[k], st.Users.Sessions[k]
		var undefined [3]bool // a pair of zero runtimes at distance 0, 1, 2
		for i := fs; i < fs+ns; i++ {
			zi := zeros(i)
			undefined[0] = undefined[0] || zi >= 2
			for d := 1; d <= 2 && i+d < fs+ns && zi > 0; d++ {
				undefined[d] = undefined[d] || zeros(i+d) > 0
			}
		}
		for h := range 2 {
			x, y := u.At(k, h), u.At(k, h+1)
			switch {
			case math.IsNaN(x) || math.IsNaN(y):
				continue
			case undefined[h] || undefined[h+1] || math.Abs(x-y) <= a.Options.EqualTolerance:
				counts[h][1]++
			case x > y:
				counts[h][0]++
			default:
				counts[h][2]++
			}
		}
	}
	var v SimilarityRow
	for h, c := range counts {
		n := float64(max(c[0]+c[1]+c[2], 1))
		for j, x := range c {
			v[3*h+j] = float64(x) / n
		}
	}
	return v, nil
}

// tableConvention is a convention of Tables II–IV counted over every log
// and cell of its table (ledger.Tally: only a justified convention may
// explain a cell).
type tableConvention struct {
	name, words string
	value       func(tableCell) SimilarityRow
	ledger.Tally
}

// runtimeFound is how a Table IV convention's reason is found: the best
// of the 24 points of the grid of runtime resolutions and equality
// tolerances measured (runtimeConventions) and the zero-runtime reading.
var runtimeFound = ledger.AmongReadings(6*4 + 1)

// threeDecimals is the tolerance of the convention "equal to three
// decimals": two per-user average similarities (each in [0, 1]) count as
// equal when they differ by at most 0.001.
const threeDecimals = 1e-3

// runtimeConventions counts Table IV's conventions, whole minutes (alone and
// with similarities equal to three decimals) and two zero runtimes
// undefined, over every runtime cell of the logs we have, the convention
// bringing more cells within first.
//
// The "equal" cells of Table IV are the cells these conventions move: as
// computed (seconds, equality up to rounding) no user of any log is equal,
// against the paper's 0.0040–0.0326. Measured over a grid of runtime
// resolutions (1 s, 10 s, 1 min, 5 min, 1 h, and the log's seconds) and
// equality tolerances (1e-12, 1e-4, 1e-3, 1e-2), the 48 cells of the eight
// logs within their tolerance (cellExpectation), in brackets the 16
// "equal" cells: seconds or 1 s 31 (7); 10 s 32 (7); 1e-3 with seconds 36
// (11), with 10 s 38 (12); whole minutes 41 (10); 5 min 36 (11), with 1e-3
// 32 (8); 1 h 8 (0); 1e-2 with any resolution at most 22 (3); whole
// minutes with 1e-3, 46 (16). The tolerance 1e-4 changes nothing up to
// 1 min (one cell at 5 min). The paper states neither step; the
// conventions explain a cell only when, applied to every cell of the table,
// they bring more within (ledger.Tally).
//
// A cell they explain has a reason found among runtimeFound's readings.
func runtimeConventions(cells []tableCell) []tableConvention {
	ts := []tableConvention{
		{name: "whole minutes", words: "with runtimes in whole minutes (a step the paper does not mention)", value: func(c tableCell) SimilarityRow { return c.minutes }},
		{name: "whole minutes, equal to three decimals", words: "with runtimes in whole minutes and two per-user average similarities counted equal when they differ by at most 0.001 " +
			"(equal to three decimals; the paper states neither step)", value: func(c tableCell) SimilarityRow { return c.minutesEqual }},
		{name: "two zero runtimes undefined", words: "with the similarity of two zero runtimes undefined (§3's min/max is 0/0; we take it as 1) and a user whose " +
			"average includes such a pair counted equal (as a comparison with an undefined number falls through; the paper states neither)",
			value: func(c tableCell) SimilarityRow { return c.zeros }},
	}
	for i := range ts {
		ts[i].count(cells, datasets.Runtime)
	}
	slices.SortStableFunc(ts, func(a, b tableConvention) int { return b.Within - a.Within })
	return ts
}

// gainsBeyond reports whether the split with similarities equal to four
// decimals, as a cell's reason, gains more than that cell over the reading
// it extends: over the split alone when the split is justified
// (beyondSplit), over ours otherwise. A convention chosen among readings
// whose only gain is the entry it explains is chosen for that entry alone
// (ledger.Tally).
func (r *TablesResult) gainsBeyond() bool {
	t := r.splitEqual.Tally
	if r.split.Justified() {
		t = r.beyondSplit
	}
	return t.Within-1 > t.AsComputed
}

// fourDecimals is the tolerance of the convention "equal to four
// decimals": two per-user average similarities count as equal when they
// differ by at most 0.0001.
const fourDecimals = 1e-4

// splitFound is how the second convention of Table II (constant users
// split, similarities equal to four decimals) is found: the best of the
// grid of equality tolerances (1e-12, 1e-4, 1e-3, 1e-2), each with and
// without the constant users split. Over the 48 processors cells of our
// eight logs, within their tolerance (cellExpectation): 21, 21, 16 and 1
// cells without the split; 44, 45, 44 and 12 with it.
var splitFound = ledger.AmongReadings(8)

// splitConvention counts Table II's constant users split evenly between
// "shorter" and "longer" over every processors cell of the logs we have,
// alone and with per-user similarities equal to four decimals.
//
// The split alone is the measured mechanism of Table II's "equal" cells
// (tableCell.orderedConstants), one reading. Equality to four decimals is
// a second step the paper does not state either, chosen among the grid
// splitFound: it is tried only on a cell the split alone leaves outside
// its tolerance.
//
// beyond counts the second step against the first (the split alone as
// computed): a step chosen among a grid whose only gain beyond the reading
// it extends is the cell it would explain is chosen for that cell alone
// (ledger.Tally), and is not its reason (alternative).
func splitConvention(cells []tableCell) (split, splitEqual tableConvention, beyond ledger.Tally) {
	split = tableConvention{name: "constant users split", value: func(c tableCell) SimilarityRow { return c.split }}
	split.count(cells, datasets.Procs)
	splitEqual = tableConvention{name: "constant users split, equal to four decimals", value: func(c tableCell) SimilarityRow { return c.splitEqual }}
	splitEqual.count(cells, datasets.Procs)
	for _, c := range cells {
		if c.attr != datasets.Procs || c.missing {
			continue
		}
		for k := range SimilarityColumns {
			beyond.Add(cellExpectation(c.paper[k], k, c.split[k], c.users).Accepts(c.split[k]),
				cellExpectation(c.paper[k], k, c.splitEqual[k], c.users).Accepts(c.splitEqual[k]))
		}
	}
	return split, splitEqual, beyond
}

// count counts t over every cell of attribute attr of the logs we have.
func (t *tableConvention) count(cells []tableCell, attr datasets.Attribute) {
	for _, c := range cells {
		if c.attr != attr || c.missing {
			continue
		}
		v := t.value(c)
		for k := range SimilarityColumns {
			t.Add(cellExpectation(c.paper[k], k, c.ours[k], c.users).Accepts(c.ours[k]),
				cellExpectation(c.paper[k], k, v[k], c.users).Accepts(v[k]))
		}
	}
}

// alternative returns column k of cell c under the convention that
// explains its difference, and the words for it: for processors the
// constant users split evenly, or with similarities equal to four decimals
// (gainsBeyond); for runtimes the first convention of
// Table IV, justified for the whole table (tableConvention.justified),
// that brings the cell within its tolerance, with the table's counts. ok
// says whether the value is within the cell's tolerance of the paper's.
func (r *TablesResult) alternative(c tableCell, k int) (v float64, why string, found ledger.Found, ok bool) {
	switch c.attr {
	case datasets.Procs:
		v, t := c.split[k], r.split
		why = fmt.Sprintf("%d of our %d users always use the same number of processors: every pair of their jobs has "+
			"similarity 1, so they are equal at every distance; counted half at the shorter, half at the longer distance, "+
			"applied to every log and cell of Table II (%d of %d cells within their tolerance, against %d as computed: %d gained, %d lost),",
			c.constant, c.users, t.Within, t.N, t.AsComputed, t.Gained, t.Lost)
		if t.Justified() && cellExpectation(c.paper[k], k, v, c.users).Accepts(v) {
			return v, why, ledger.OneReading().WithTally(t.Tally), true
		}
		v, t = c.splitEqual[k], r.splitEqual
		why = fmt.Sprintf("%d of our %d users always use the same number of processors: every pair of their jobs has "+
			"similarity 1, so they are equal at every distance; counted half at the shorter, half at the longer distance, and "+
			"two per-user average similarities counted equal when they differ by at most 0.0001 (equal to four decimals; the paper "+
			"states neither step), applied to every log and cell of Table II (%d of %d cells within their tolerance, against %d as "+
			"computed: %d gained, %d lost; the split alone leaves this cell at %.4f),",
			c.constant, c.users, t.Within, t.N, t.AsComputed, t.Gained, t.Lost, c.split[k])
		return v, why, splitFound.WithTally(t.Tally), t.Justified() && cellExpectation(c.paper[k], k, v, c.users).Accepts(v) && r.gainsBeyond()
	case datasets.Runtime:
		for _, t := range r.runtime {
			v = t.value(c)[k]
			if t.Justified() && cellExpectation(c.paper[k], k, v, c.users).Accepts(v) {
				return v, fmt.Sprintf("%s, applied to every log and cell of Table IV (%d of %d cells within their tolerance, against %d as computed: %d gained, %d lost),",
					t.words, t.Within, t.N, t.AsComputed, t.Gained, t.Lost), runtimeFound.WithTally(t.Tally), true
			}
		}
	}
	return 0, "", ledger.Found{}, false
}

// conventionValues says what Table IV's conventions give for column k of
// cell c, none of them within its tolerance: "whole minutes 0.0043, two
// zero runtimes undefined 0.728; none within".
func (r *TablesResult) conventionValues(c tableCell, k int) string {
	if c.attr == datasets.Procs {
		var vs []string
		for _, t := range []tableConvention{r.split, r.splitEqual} {
			vs = append(vs, fmt.Sprintf("%s %.3g (%d of %d cells of Table II within under it, against %d as computed)", t.name, t.value(c)[k], t.Within, t.N, t.AsComputed))
		}
		return strings.Join(vs, "; ")
	}
	var vs []string
	for _, t := range r.runtime {
		vs = append(vs, fmt.Sprintf("%s %.3g", t.name, t.value(c)[k]))
	}
	return strings.Join(vs, ", ") + "; none within"
}

// orderedConstants is the measured mechanism of a differing "equal" cell
// of Table II (k = 1 or 4) when the constant users split evenly does not
// bring it within its tolerance: the cell's excess is our users of a
// single processor count, whose similarity is exactly 1 at every distance,
// and the paper's other two cells of the half exceed ours by as many users
// as it did not count equal — it ordered them, both ways. "" for any
// other cell, or when the paper's counts do not decompose so.
func (c tableCell) orderedConstants(k int) string {
	if c.attr != datasets.Procs || k != 1 && k != 4 {
		return ""
	}
	n := float64(c.users)
	count := func(v float64) int { return int(math.Round(v * n)) }
	shorter, longer := count(c.paper[k-1])-count(c.ours[k-1]), count(c.paper[k+1])-count(c.ours[k+1])
	equal := count(c.paper[k])
	if shorter <= 0 || longer <= 0 || count(c.ours[k]) != c.constant || shorter+equal+longer > c.constant+1 {
		return ""
	}
	return fmt.Sprintf("the mechanism: our %d equal users are the %d whose processor count never varies (every pair of their jobs has "+
		"similarity exactly 1, so they tie at every distance); the paper's cells of this half exceed our counts by %d more similar at "+
		"the shorter distance and %d at the longer, and count %d equal: it ordered %d of those users, both ways, which for users of one "+
		"processor count only unequal rounding of their averages or other processor counts in its version of the log can do (the "+
		"paper says neither); counted half at each side the cell is %.3f, still outside %s", c.constant, c.constant, shorter, longer, equal, shorter+longer, c.split[k],
		cellExpectation(c.paper[k], k, c.split[k], c.users).Tolerance())
}

// versionWords says, for a processors' "equal" cell k whose mechanism is
// our users of one processor count (orderedConstants), what Table I tells
// of the paper's version. As many jobs as ours: no job the archive's
// cleaning removed since separates them, and only other values in its
// conversion could order those users. First jobs ours lacks (SDSC-DS's 20,
// filter "job<=20"): each belongs to one user, so it can give at most one
// of our users of one processor count a second count, or add one user;
// the lowest the cell can then be is (constant − lacks)/(users + lacks):
// when the paper's value lies below it beyond the cell's tolerance at that
// value, the version cannot be the cause; otherwise the paper's value is
// within its reach and our copy cannot say. "" otherwise.
func (c tableCell) versionWords(k int) string {
	switch {
	case c.lacks > 0:
		low := float64(max(c.constant-c.lacks, 0)) / float64(c.users+c.lacks)
		ex := cellExpectation(c.paper[k], k, low, c.users+c.lacks)
		verdict := "still outside " + ex.Tolerance() + ": the version cannot be the cause"
		if c.paper[k] >= low || ex.Accepts(low) {
			verdict = "the paper's within reach: our copy cannot say"
		}
		return fmt.Sprintf("the paper's version has %d jobs more than ours, submitted before our first (the archive's cleaning removed them), each of one user: "+
			"at most %d of our %d users of one processor count can have a second count in it, or %d users be added, so its cell is at least %.3f, %s",
			c.lacks, min(c.lacks, c.constant), c.constant, c.lacks, low, verdict)
	case c.sameJobs:
		return fmt.Sprintf("the paper's version (%s) has as many jobs as ours (Table I): no job the archive's cleaning removed since separates them, "+
			"so only other processor counts in its conversion could order those users, which our copy does not have", paperLog(c.log).File) // sameJobs: a Table I row
	}
	return ""
}

// sameEqual reports whether c's two "equal" cells are one claim: the
// paper prints the same value in both and ours are the same fraction (our
// equal users are those whose value never varies, similar with
// similarity 1 at every distance, so they tie at both). Two claims would
// compare one quantity with one paper value twice: equal_12's entry is
// then a check, kept for the table and its column's discrimination test.
func (c tableCell) sameEqual() bool {
	return !c.missing && printedCell(c.paper[1], 1) == printedCell(c.paper[4], 4) && c.ours[1] == c.ours[4]
}

var columnWords = [6]string{
	"more similar at distance 0 than 1", "equally similar at distances 0 and 1", "more similar at distance 1 than 0",
	"more similar at distance 1 than 2", "equally similar at distances 1 and 2", "more similar at distance 2 than 1",
}

func tableID(item string) string {
	switch item {
	case "Table II":
		return "table2"
	case "Table III":
		return "table3"
	}
	return "table4"
}

// Fig1Logs are the logs drawn in Fig. 1 (the paper's figure is lost from
// our copy; it shows "a sample of the results").
var Fig1Logs = []string{"KTH-SP2", "SDSC-SP2", "LANL-CM5", "CEA-Curie"}

// Fig1Statistics are the statistics drawn in Fig. 1: the mean and the
// median over users of each user's similarity at a distance (the average
// over the user's job pairs at that distance, as in Tables II–IV). The
// paper's axis is "the average or median of the level of similarity";
// averaged over users, the similarity is highest at distance 0 in all 24
// graphs of our eight logs, as the paper says of all its graphs, while
// averaged over session pairs it is not in three graphs of LANL-CM5 (one
// heavy user's sessions dominate): Fig1Result.Readings.
var Fig1Statistics = []similarity.Statistic{similarity.MeanOfUsers, similarity.MedianOfUsers}

// Fig1Result is Fig. 1 (§3): the similarity between jobs against their
// distance in sessions, per log, for the three attributes.
type Fig1Result struct {
	// Figure has a panel per log of Fig1Logs (columns) and statistic of
	// Fig1Statistics (rows), one line per attribute.
	Figure *plots.Figure
	// Frame has one row per log of Fig1Logs, attribute and distance: log,
	// attribute, and the columns of similarity.Result.DistancesFrame.
	Frame dataframe.DataFrame
	// Readings has one row per statistic (similarity.Statistics): the
	// statistic, graphs (log × attribute, every log we have), and
	// distance0_highest, the graphs where distance 0 is the most similar.
	Readings dataframe.DataFrame
	results  []similarity.Result
	missing  missingLogs
}

// Fig1 computes Fig. 1.
func (s *Study) Fig1(ctx context.Context) (*Fig1Result, error) {
	return s.fig1.Get(func() (*Fig1Result, error) {
		r := &Fig1Result{}
		var frames []dataframe.DataFrame
		panels := make([][]*plot.Plot, len(Fig1Statistics))
	logs:
		for _, name := range Fig1Logs {
			var rs []similarity.Result
			for _, a := range similarity.Attributes {
				if err := ctx.Err(); err != nil {
					return nil, err
				}
				res, err := s.analysis(similarityKey{name, a, 0, 0})
				if isMissing(err) {
					r.missing = append(r.missing, name)
					continue logs
				}
				if err != nil {
					return nil, err
				}
				rs = append(rs, res)
				f := res.DistancesFrame()
				n := f.Nrow()
				f = f.Mutate(series.New(slices.Repeat([]string{name}, n), series.String, "log")).
					Mutate(series.New(slices.Repeat([]string{a.String()}, n), series.String, "attribute"))
				frames = append(frames, f.Select(append([]string{"log", "attribute"}, res.DistancesFrame().Names()...)))
			}
			for k, st := range Fig1Statistics {
				p, err := similarityplot.Distances(st, rs...)
				if err != nil {
					return nil, err
				}
				p.Title.Text = name
				panels[k] = append(panels[k], p)
			}
			r.results = append(r.results, rs...)
		}
		r.Figure = figure("Fig. 1", "similarity of a user's jobs against their distance in sessions",
			"each attribute's similarity against the distance in sessions (0: the same session); mean over users (top), median (bottom) (the ledger's Fig. 1 entries)",
			len(panels[0]), slices.Concat(panels...)...)
		if r.Figure != nil {
			r.Figure.ShareX, r.Figure.ShareY = true, true
		}
		for i, f := range frames {
			if i == 0 {
				r.Frame = f
			} else {
				r.Frame = r.Frame.RBind(f)
			}
		}
		var all []similarity.Result
		for _, l := range similarityTables[0].rows {
			for _, a := range similarity.Attributes {
				res, err := s.analysis(similarityKey{l.log, a, 0, 0})
				if isMissing(err) {
					break
				}
				if err != nil {
					return nil, err
				}
				all = append(all, res)
			}
		}
		var names []string
		var graphs, highest []int
		for _, st := range similarity.Statistics {
			n := 0
			for _, res := range all {
				if argmax(st.Column(res.Distances)) == 0 {
					n++
				}
			}
			names, graphs, highest = append(names, st.String()), append(graphs, len(all)), append(highest, n)
		}
		r.Readings = dataframe.New(
			series.New(names, series.String, "statistic"),
			series.New(graphs, series.Int, "graphs"),
			series.New(highest, series.Int, "distance0_highest"),
		)
		return r, r.Frame.Err
	})
}

// argmax returns the index of the largest value (the first one), −1 when
// none is a number.
func argmax(x []float64) int {
	best := -1
	for i, v := range x {
		if !math.IsNaN(v) && (best < 0 || v > x[best]) {
			best = i
		}
	}
	return best
}

// Claims adds, per log and attribute, "jobs in the same session are the
// most similar to each other": the similarity averaged over users is
// highest at distance 0, above that at every other distance by more than
// 2 SE of the difference (distance0Lead). The mean over users is an
// estimate of the users' behaviour, not an exact count of the log's cases,
// so "the most similar" is a direction beyond 2 SE (ledger.WordRule).
func (r *Fig1Result) Claims(l *ledger.Ledger) {
	r.missing.claims(l, "Fig. 1", "fig1")
	for _, res := range r.results {
		m := similarity.MeanOfUsers.Column(res.Distances)
		best := argmax(m)
		lead := distance0Lead(res.Users, len(m))
		l.Claim("Fig. 1", fmt.Sprintf("fig1/%s/%s/distance0_most_similar", res.Trace, res.Attribute),
			fmt.Sprintf("%s, %s: jobs of the same session are the most similar (the mean over users at distance 0 above every other distance's by more than 2 SE of the difference)", res.Trace, res.Attribute),
			lead.holds(), fmt.Sprintf("average similarity over users %.3f at distance 0, %.3f at 1, highest at %d; smallest lead %.3f, over distance %d, 2 SE of the difference %.3f (over users)",
				m[0], m[1], best, lead.diff, lead.at, 2*lead.se)).
			Quoting("In all the graphs, jobs in the same session are the most similar to each other.")
	}
}

// lead is the mean similarity over users at distance 0 less that at
// distance at, with the standard error of the difference.
type lead struct {
	at       int
	diff, se float64
}

// holds reports whether the lead lies beyond 2 SE (ledger.Above on the
// difference, reference 0); a lead whose error could not be measured does not.
func (d lead) holds() bool {
	if math.IsNaN(d.diff) || math.IsNaN(d.se) {
		return false
	}
	return ledger.Above("higher", 0, d.se).Accepts(d.diff)
}

// distance0Lead returns, over the distances 1..n−1, the lead of distance 0
// with the smallest margin diff − 2·se (userMeanDiff); u holds the
// similarity at distances 0..n−1. diff is NaN when no
// other distance has users.
func distance0Lead(u similarity.Users, n int) lead {
	at := func(d int) []float64 {
		v := make([]float64, u.Len())
		for k := range v {
			v[k] = u.At(k, d)
		}
		return v
	}
	best := lead{diff: math.NaN(), se: math.NaN()}
	x := at(0)
	for d := 1; d < n; d++ {
		diff, se := userMeanDiff(x, at(d))
		if math.IsNaN(diff) {
			continue
		}
		if math.IsNaN(best.diff) || math.IsNaN(se) || diff-2*se < best.diff-2*best.se {
			best = lead{at: d, diff: diff, se: se}
		}
		if math.IsNaN(se) {
			break
		}
	}
	return best
}

// userMeanDiff returns the mean over users of x less that of y (x[k] and
// y[k] user k's similarity at two distances, NaN where the user has no job
// pair there: Distances.UserMean, each mean over its own users, so the two
// sets of users may differ), and its standard error with the users
// independent: √(s²_x/n_x + s²_y/n_y − 2·s_xy·n_xy/(n_x·n_y)), s² the
// sample variances over each set's users, s_xy the sample covariance over
// the n_xy users known at both (0 when fewer than two). With one set of
// users it is the paired differences' s/√n, with disjoint sets that of
// independent samples. diff is NaN when x or y has no value, se when either
// has fewer than two.
func userMeanDiff(x, y []float64) (diff, se float64) {
	var xs, ys, px, py []float64
	for k := range x {
		if !math.IsNaN(x[k]) {
			xs = append(xs, x[k])
		}
		if !math.IsNaN(y[k]) {
			ys = append(ys, y[k])
		}
		if !math.IsNaN(x[k]) && !math.IsNaN(y[k]) {
			px, py = append(px, x[k]), append(py, y[k])
		}
	}
	if len(xs) == 0 || len(ys) == 0 {
		return math.NaN(), math.NaN()
	}
	diff = stat.Mean(xs, nil) - stat.Mean(ys, nil)
	if len(xs) < 2 || len(ys) < 2 {
		return diff, math.NaN()
	}
	nx, ny := float64(len(xs)), float64(len(ys))
	v := stat.Variance(xs, nil)/nx + stat.Variance(ys, nil)/ny
	if len(px) >= 2 {
		v -= 2 * stat.Covariance(px, py, nil) * float64(len(px)) / (nx * ny)
	}
	return diff, math.Sqrt(max(v, 0))
}

// Fig2Log is the log of Fig. 2.
const Fig2Log = "CEA-Curie"

// Fig2Result is Fig. 2 (§3): the within-session similarity of CEA-Curie
// against its distribution when each user's jobs are shuffled among the
// user's sessions (a randomisation bootstrap, 1000 replicates in full mode).
type Fig2Result struct {
	Figure *plots.Figure // one histogram per attribute, the original as a bold line
	// Frame has one row per attribute: attribute, replicates, observed,
	// replicate_min, replicate_max, fraction_at_least_observed.
	Frame   dataframe.DataFrame
	boots   []similarity.Bootstrap
	missing missingLogs
}

// Fig2 computes Fig. 2 with o.Reps(1000, 50) replicates; replicate r of an
// attribute uses the random stream PCG(seed, r).
func (s *Study) Fig2(ctx context.Context) (*Fig2Result, error) {
	return s.fig2.Get(func() (*Fig2Result, error) {
		r := &Fig2Result{}
		tr, err := logOf(Fig2Log)
		if isMissing(err) {
			r.missing = missingLogs{Fig2Log}
			return r, nil
		}
		if err != nil {
			return nil, err
		}
		reps := s.o.Reps(1000, 50)
		var panels []*plot.Plot
		var attrs []string
		var nrep []int
		var obs, lo, hi, frac []float64
		drawn := 0 // panels that draw the original as a line (similarityplot.Bootstrap's HistValue)
		for _, a := range similarity.Attributes {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			b, err := similarity.Randomize(tr, a, similarity.BootstrapOptions{Reps: reps, Seed: s.seed(), Workers: s.o.Workers,
				Progress: func(done, total int) { s.o.Report(Fig2Log+" "+a.String(), done, total) }})
			if err != nil {
				return nil, err
			}
			b.Trace = Fig2Log
			p, err := similarityplot.Bootstrap(b)
			if err != nil {
				return nil, err
			}
			panels, r.boots = append(panels, p), append(r.boots, b)
			attrs, nrep = append(attrs, a.String()), append(nrep, reps)
			obs, lo, hi = append(obs, b.Observed.Mean), append(lo, slices.Min(b.Mean)), append(hi, slices.Max(b.Mean))
			frac = append(frac, b.FractionAtLeastObserved())
			if plots.ValueDrawn(b.Mean, b.Observed.Mean, plots.HistOptions{}) {
				drawn++
			}
		}
		r.Figure = figure("Fig. 2", "within-session similarity of "+Fig2Log+" against randomised sessions",
			fig2Caption(obs, hi, reps, drawn), 3, panels...)
		r.Frame = dataframe.New(
			series.New(attrs, series.String, "attribute"),
			series.New(nrep, series.Int, "replicates"),
			series.New(obs, series.Float, "observed"),
			series.New(lo, series.Float, "replicate_min"),
			series.New(hi, series.Float, "replicate_max"),
			series.New(frac, series.Float, "fraction_at_least_observed"),
		)
		return r, nil
	})
}

// fig2Caption says, for Fig. 2's caption, in how many of the attributes
// drawn the original's within-session similarity (obs[i]) lies above the
// largest of its randomised replicates (hi[i]), reps replicates each; it
// states no distance ("far") it does not measure, and leaves the verdict to
// the ledger's fig2 entries. drawn of the panels draw the original as a
// line, the others write it at the edge (plots.ValueMark): the caption
// says which.
func fig2Caption(obs, hi []float64, reps, drawn int) string {
	if len(obs) != len(hi) {
		panic("fig2Caption: obs and hi differ in length")
	}
	above := 0
	for i := range obs {
		if obs[i] > hi[i] {
			above++
		}
	}
	what := plots.ValueMark("the original", min(drawn, len(obs)), len(obs)) + " against %d replicates with each user's jobs shuffled among the user's sessions: "
	switch {
	case len(obs) == 0:
		return "no attribute drawn"
	case above == len(obs):
		return fmt.Sprintf(what+"above every replicate in every attribute (see the ledger)", reps)
	case above == 0:
		return fmt.Sprintf(what+"above every replicate in no attribute (see the ledger)", reps)
	}
	return fmt.Sprintf(what+"above every replicate in %d of %d attributes (see the ledger)", reps, above, len(obs))
}

// Claims adds, per attribute, that the observed within-session similarity
// is above every randomised replicate.
func (r *Fig2Result) Claims(l *ledger.Ledger) {
	r.missing.claims(l, "Fig. 2", "fig2")
	for _, b := range r.boots {
		hi := slices.Max(b.Mean)
		l.Claim("Fig. 2", fmt.Sprintf("fig2/%s/%s/observed_above_randomised", b.Trace, b.Attribute),
			fmt.Sprintf("%s, %s: within-session similarity above every one of %d randomised replicates", b.Trace, b.Attribute, len(b.Mean)),
			b.Observed.Mean > hi, fmt.Sprintf("observed %.3f, replicates up to %.3f", b.Observed.Mean, hi)).
			Quoting("the similarity among jobs that appear together in the original log is much higher than the similarity observed when jobs are randomized")
	}
}
