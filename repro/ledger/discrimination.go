package ledger

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
)

// Want is an Expectation in machine-readable form: the paper's value and
// the tolerance, so that a stored entry can be judged again (Accepts)
// without the code that made it.
type Want struct {
	// Form is "approx" (|ours − V| ≤ Rel·|V|), "near" (|ours − V| ≤ Abs) or
	// "between" (Lo ≤ ours ≤ Hi; an infinite bound is stored as null and
	// means open).
	Form string   `json:"form"`
	V    float64  `json:"v,omitempty"`
	Rel  float64  `json:"rel,omitempty"`
	Abs  float64  `json:"abs,omitempty"`
	Lo   *float64 `json:"lo,omitempty"`
	Hi   *float64 `json:"hi,omitempty"`
	// Relative says, when the value V (or the range) was derived from our
	// own computation rather than printed by the paper, what of ours it is
	// ("our original log's mean stack depth": the paper's cell is blanked in
	// our copy, and its statement is that the resampled logs' value is
	// "very similar" to the original's). Such a Want still judges our value
	// (Expectation ignores Relative), but it is no paper value: its entry
	// cannot be told from another log by it, nor another entry from it, so
	// Discrimination and MarkDiscrimination leave it out of its table
	// column (an agreeing claim with it is Untested). Set by RelativeTo.
	Relative string `json:"relative_to,omitempty"`
	// Ref is the reference a likeness names ("similar to the original":
	// a difference of 0; "a bit longer": a ratio of 1), set by Like, ABit
	// and FromNoise: a claim stated alike for every log has the same Ref
	// on every row of its column. Noise is the standard error of ours (or
	// the sampling noise) the tolerance was derived from, 0 when it is a
	// factor or threshold of ours (ABit's: its far side is the factor). MarkDiscrimination reads both for the
	// mark Entry.Powered. Ledgers saved before they existed read them as
	// absent: no entry of theirs is marked.
	Ref   *float64 `json:"ref,omitempty"`
	Noise float64  `json:"noise,omitempty"`
}

// Expectation returns w as an Expectation.
func (w Want) Expectation() (Expectation, error) {
	if !finite(w.V) || !(w.Rel >= 0) || !(w.Abs >= 0) || math.IsInf(w.Rel, 0) || math.IsInf(w.Abs, 0) {
		return nil, fmt.Errorf("ledger: want %s of %v with tolerance %v/%v: not a finite value and tolerance", w.Form, w.V, w.Rel, w.Abs)
	}
	switch w.Form {
	case "approx":
		return Approx(w.V, w.Rel), nil
	case "near":
		return Near(w.V, w.Abs), nil
	case "between":
		lo, hi := math.Inf(-1), math.Inf(1)
		if w.Lo != nil {
			lo = *w.Lo
		}
		if w.Hi != nil {
			hi = *w.Hi
		}
		if !(lo <= hi) {
			return nil, fmt.Errorf("ledger: want between %v and %v", lo, hi)
		}
		return Between(lo, hi), nil
	}
	return nil, fmt.Errorf("ledger: unknown want form %q", w.Form)
}

// speccer is implemented by the Expectations that can be stored as a Want.
type speccer interface{ want() Want }

func (a approx) want() Want { return Want{Form: "approx", V: a.v, Rel: a.rel} }
func (n near) want() Want   { return Want{Form: "near", V: n.v, Abs: n.abs} }
func (b between) want() Want {
	w := Want{Form: "between"}
	if !math.IsInf(b.lo, 0) {
		lo := b.lo
		w.Lo = &lo
	}
	if !math.IsInf(b.hi, 0) {
		hi := b.hi
		w.Hi = &hi
	}
	return w
}
func (s stated) want() Want {
	if sp, ok := s.Expectation.(speccer); ok {
		return sp.want()
	}
	return Want{}
}
func (r relative) want() Want {
	return innerWant(r.Expectation, func(w *Want) { w.Relative = r.to })
}

// innerWant is the stored form of the Expectation e that a wrapper holds,
// edited by set when it has one (a form).
func innerWant(e Expectation, set func(w *Want)) Want {
	sp, ok := e.(speccer)
	if !ok {
		return Want{}
	}
	w := sp.want()
	if w.Form != "" {
		set(&w)
	}
	return w
}

// FromNoise marks e as a likeness to ref ("not told apart from" it) whose
// tolerance was derived from noise, our own measured error (a standard
// error, a sampling critical distance), not chosen by us: its Want
// carries Ref and Noise, so that an agreement of a claim stated alike for
// every log can be marked tested with power (Entry.Powered). Like calls
// it with its standard error; ABit with the reference only (noise 0: the
// far side of its band is the likeness factor, ours, which rejects a
// departure by definition). It judges as e does. It panics when ref is not finite or
// noise is negative or not finite (programmer errors); a noise of 0
// records the reference only (a tolerance of ours).
func FromNoise(ref, noise float64, e Expectation) Expectation {
	if !finite(ref) || !(noise >= 0) || math.IsInf(noise, 0) {
		panic("ledger: FromNoise needs a finite reference and a finite, non-negative noise")
	}
	return fromNoise{ref: ref, noise: noise, Expectation: e}
}

type fromNoise struct {
	ref, noise float64
	Expectation
}

func (f fromNoise) want() Want {
	return innerWant(f.Expectation, func(w *Want) {
		ref := f.ref
		w.Ref, w.Noise = &ref, f.noise
	})
}

// wantOf returns the stored form of e, nil when it has none.
func wantOf(e Expectation) *Want {
	sp, ok := e.(speccer)
	if !ok {
		return nil
	}
	w := sp.want()
	if w.Form == "" {
		return nil
	}
	return &w
}

// Cell is the place of an entry in a table of several logs: the table (an
// item such as "Table II", or a figure's panel), the row (the log) and the
// column (the quantity). Entries of one table and column are compared with
// each other by Discrimination.
type Cell struct {
	Table  string `json:"table"`
	Row    string `json:"row"`
	Column string `json:"column"`
}

// Printed is the tolerance rule of the ledger for a number the paper prints
// as text (e.g. "0.62", "3.9", "28489") and our estimate of it with
// standard error se (0 for a deterministic statistic of the same log):
//
//	|ours − paper| ≤ h + 2·se
//
// where h is half a unit of the paper's last printed digit (the rounding
// of the printed value: 0.005 for "0.62") and 2·se the 95% half-width of
// our sampling or replicate error. It panics when text is not a number or
// se is negative (programmer errors).
func Printed(text string, se float64) Expectation {
	v, h := parsePrinted(text)
	if !(se >= 0) {
		panic("ledger: Printed needs a non-negative standard error")
	}
	return Stated(text, Near(v, h+2*se))
}

// parsePrinted reads a printed decimal and half a unit of its last digit.
func parsePrinted(text string) (v, half float64) {
	t := strings.TrimSpace(text)
	v, err := strconv.ParseFloat(t, 64)
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
		panic(fmt.Sprintf("ledger: Printed: %q is not a printed number", text))
	}
	mant := strings.TrimLeft(t, "+-")
	if i := strings.IndexAny(mant, "eE"); i >= 0 {
		panic(fmt.Sprintf("ledger: Printed: %q: give the number as the paper prints it, without an exponent", text))
	}
	decimals := 0
	if i := strings.IndexByte(mant, '.'); i >= 0 {
		decimals = len(mant) - i - 1
	}
	return v, 0.5 * math.Pow(10, -float64(decimals))
}

// DiscriminationRow is the outcome of Discrimination for one table column.
type DiscriminationRow struct {
	Paper, Table, Column string
	// Agreeing is the number of agreeing entries of the column; Ambiguous
	// how many of them do not tell their row from another (ambiguous).
	Agreeing, Ambiguous int
	// Powered is how many of the agreeing entries are tested with power
	// (PowerRule: powered, over the column's entries with a Want, our own
	// references included), whether or not they are marked.
	Powered int
	// Rows is the number of rows (logs) with a numeric paper value.
	Rows int
}

// Discrimination tests, for every table column of several rows (entries
// with a Cell and a Want that is a paper's value, not Relative to ours), how many agreeing entries do not tell their row
// from another row of the same column: our value would also agree with the
// other row's paper value under that row's tolerance, or our tolerance is
// not tighter than the spread between the rows (it holds the other row's
// paper value). Rows are sorted by paper, table and column.
func Discrimination(entries []Entry) []DiscriminationRow {
	groups := columns(entries)
	alike := likenessColumns(entries)
	var out []DiscriminationRow
	for k, idx := range groups {
		r := DiscriminationRow{Paper: k.paper, Table: k.table, Column: k.column, Rows: len(idx)}
		for _, i := range idx {
			if entries[i].Verdict == Agrees {
				r.Agreeing++
				if ambiguous(entries, i, idx) {
					r.Ambiguous++
				}
				if e := entries[i]; e.Kind != SelfCheck && e.Kind != Ours && powered(entries, i, alike[k]) {
					r.Powered++
				}
			}
		}
		out = append(out, r)
	}
	slices.SortFunc(out, func(a, b DiscriminationRow) int {
		return strings.Compare(a.Paper+"\x00"+a.Table+"\x00"+a.Column, b.Paper+"\x00"+b.Table+"\x00"+b.Column)
	})
	return out
}

// column is the key of a table column of a paper.
type column struct{ paper, table, column string }

// columns groups the indices of entries by table column: the entries with
// a Cell and a Want that is a paper's value (not Relative to ours), the
// only ones that can tell a row from another.
func columns(entries []Entry) map[column][]int {
	groups := map[column][]int{}
	for i, e := range entries {
		if e.Cell != nil && e.Want != nil && e.Want.Relative == "" {
			k := column{e.Paper, e.Cell.Table, e.Cell.Column}
			groups[k] = append(groups[k], i)
		}
	}
	return groups
}

// ambiguous reports whether entry i does not tell its row from another
// row j of its group idx: j's Want accepts i's value, or i's tolerance holds
// j's paper value (the value of a "near" or "approx" Want; a range shares
// more than a bound with i's accepted range: "less than 90%" beside "90%
// or more" is told apart) — DESIGN's "tighter than the spread between the
// logs" — or j states the same likeness to the same reference (Want.Ref:
// the paper says of j what it says of i, PowerRule), whatever the two
// rows' errors make of their bands.
func ambiguous(entries []Entry, i int, idx []int) bool {
	got := entries[i].Number()
	lo, hi := entries[i].Want.accepted()
	ref := entries[i].Want.Ref
	for _, j := range idx {
		if j == i || entries[j].Cell.Row == entries[i].Cell.Row {
			continue
		}
		ex, err := entries[j].Want.Expectation()
		if err != nil {
			continue
		}
		if r := entries[j].Want.Ref; ref != nil && r != nil && *r == *ref {
			return true
		}
		if ex.Accepts(got) {
			return true
		}
		plo, phi := entries[j].Want.paper()
		if plo == phi && lo <= plo && plo <= hi || plo < phi && max(plo, lo) < min(phi, hi) {
			return true
		}
	}
	return false
}

// accepted is the range of values w accepts (by its form; a bound left
// open is infinite).
func (w Want) accepted() (lo, hi float64) {
	switch w.Form {
	case "approx":
		return w.V - w.Rel*math.Abs(w.V), w.V + w.Rel*math.Abs(w.V)
	case "near":
		return w.V - w.Abs, w.V + w.Abs
	}
	return w.paper()
}

// paper is the paper's value of w as a range: the value of a "near" or
// "approx" Want, the range of a "between" one.
func (w Want) paper() (lo, hi float64) {
	if w.Form != "between" {
		return w.V, w.V
	}
	lo, hi = math.Inf(-1), math.Inf(1)
	if w.Lo != nil {
		lo = *w.Lo
	}
	if w.Hi != nil {
		hi = *w.Hi
	}
	return lo, hi
}

// PowerRule is the mark "tested with power" (REPRODUCTION.md, beside the
// Verdicts), implemented by MarkDiscrimination.
const PowerRule = "*Tested with power.* A likeness the paper states alike for every log (\"similar to the original\", " +
	"\"a bit longer\" than 1: the same reference on every row of its column) cannot single out its log, since the paper says " +
	"the same of each; its agreement is *tested with power* when its tolerance was derived from its own log's noise (twice our " +
	"standard error, a sampling critical distance: ledger.FromNoise, not a factor or threshold of ours) and rejects every " +
	"departure the same procedure measured on the column's other logs (their values where the claim differs, at least one): " +
	"the test could have failed on this log. Such agreements are counted apart and keep their mark (not discriminating, or untested when their reference is our own value); a tolerance of " +
	"ours, the same on every row, rejects a differing row by definition and is never marked, nor is an agreement whose column " +
	"has no departure (power unmeasured; ledger.MarkDiscrimination)."

// MarkDiscrimination marks every agreeing entry by what its agreement
// shows: NotDiscriminating when Discrimination counts it as ambiguous (it
// would also agree with another row's paper value, or its tolerance holds
// another row's paper value); Untested, for a claim,
// when it has no other row to be told from (no Cell, no Want, a Want
// Relative to our own value, or no other row of its column with a Want
// that is a paper's value); neither when it was tested and singles
// out its row. It clears both marks on every other entry. An agreement
// counts as singling out its log only when it was tested: never by default.
//
// Apart from them it marks Powered (see powered): an agreement of a
// likeness stated alike for every log whose tolerance, derived from its
// own noise, rejects every departure measured on the column's other logs.
func MarkDiscrimination(entries []Entry) {
	for i := range entries {
		entries[i].NotDiscriminating, entries[i].Powered = false, false
		entries[i].Untested = entries[i].Verdict == Agrees && entries[i].Kind != SelfCheck && entries[i].Kind != Ours
	}
	for _, idx := range columns(entries) {
		for _, i := range idx {
			if entries[i].Verdict != Agrees || !tested(entries, i, idx) {
				continue
			}
			entries[i].Untested = false
			entries[i].NotDiscriminating = ambiguous(entries, i, idx)
		}
	}
	for _, idx := range likenessColumns(entries) {
		for _, i := range idx {
			e := &entries[i]
			e.Powered = e.Verdict == Agrees && e.Kind != SelfCheck && e.Kind != Ours && powered(entries, i, idx)
		}
	}
}

// likenessColumns groups the indices of entries by table column: every
// entry with a Cell and a Want, whether its reference is the paper's or
// our own value (Want.Relative): power asks what the test would reject,
// not which paper value it matches.
func likenessColumns(entries []Entry) map[column][]int {
	groups := map[column][]int{}
	for i, e := range entries {
		if e.Cell != nil && e.Want != nil {
			k := column{e.Paper, e.Cell.Table, e.Cell.Column}
			groups[k] = append(groups[k], i)
		}
	}
	return groups
}

// powered reports whether the agreement i is tested with power: the
// claim is a likeness stated alike for every log (every row of its
// column idx, likenessColumns, names the same reference, Want.Ref: a row
// judged by a threshold instead makes the column not alike), i's tolerance was
// derived from its own noise (Want.Noise > 0, not a factor or threshold
// of ours), and it rejects every departure measured on the column's other
// rows — their values where the claim differs, at least one. Where the
// paper says the same of every log, no agreement can single out its log
// (Discrimination), but its test could have failed: it would tell the
// departures the same procedure measured on other logs. A tolerance of
// ours, the same on every row, would reject a differing row by
// definition, so it shows nothing of the kind and is never marked; nor is
// an agreement whose column has no departure (power unmeasured).
func powered(entries []Entry, i int, idx []int) bool {
	w := entries[i].Want
	if w.Ref == nil || !(w.Noise > 0) {
		return false
	}
	ex, err := w.Expectation()
	if err != nil {
		return false
	}
	departures := 0
	for _, j := range idx {
		o := entries[j]
		if o.Want.Ref == nil || *o.Want.Ref != *w.Ref {
			return false // not stated alike
		}
		if j == i || o.Cell.Row == entries[i].Cell.Row || o.Verdict != Differs || o.OurNumber == nil {
			continue
		}
		if ex.Accepts(*o.OurNumber) {
			return false
		}
		departures++
	}
	return departures > 0
}

// tested reports whether entry i has another row in its group idx whose
// paper value can be judged (a valid Want): only then can its agreement
// be told from an agreement with another log.
func tested(entries []Entry, i int, idx []int) bool {
	for _, j := range idx {
		if entries[j].Cell.Row == entries[i].Cell.Row {
			continue
		}
		if _, err := entries[j].Want.Expectation(); err == nil {
			return true
		}
	}
	return false
}
