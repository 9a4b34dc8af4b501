package ledger

import (
	"fmt"
	"math"
	"regexp"
	"slices"
	"strings"
)

// Verdict is the outcome of comparing our value with a paper's.
type Verdict string

// The verdicts. See the package documentation.
const (
	Agrees        Verdict = "agrees"
	Differs       Verdict = "differs"
	NotComparable Verdict = "not comparable"
)

// Verdicts lists the verdicts in display order.
var Verdicts = []Verdict{Agrees, Differs, NotComparable}

// Kind says what an entry is: a claim of the paper (counted in the verdict
// totals), a check of our own configuration or of an identity (listed
// apart, never counted as agreement), or a result of our own.
type Kind string

// The kinds of entries.
const (
	// PaperClaim is a statement of the paper about its own results, checked
	// against our value: the only kind counted in a paper's verdict totals.
	PaperClaim Kind = "claim"
	// SelfCheck is a check of our own configuration, a definitional
	// identity or invariant, or a value derived from the paper's own
	// numbers (not from a log): it can fail, but its agreement is not a
	// finding. Entry.Basis says what it checks.
	SelfCheck Kind = "check"
	// Ours is a result of our own, beyond the papers (or our alternative
	// reading of an ambiguous text): the "paper value" is the hypothesis we
	// tested.
	Ours Kind = "ours"
)

// Kinds lists the kinds in display order.
var Kinds = []Kind{PaperClaim, SelfCheck, Ours}

// Entry is one claim with our value and the verdict.
type Entry struct {
	Paper     string `json:"paper"`     // paper key, e.g. "zakay2013"
	Item      string `json:"item"`      // "Table VI", "Fig. 8", "§6.1"
	ID        string `json:"id"`        // stable and unique within the paper: "table6/KTH-SP2/procs"
	Statement string `json:"statement"` // the claim in words
	// Quote is the paper's own words the value comes from (verbatim up to
	// white space), checked against the paper's text by VerifyQuotes.
	Quote      string `json:"quote,omitempty"`
	PaperValue string `json:"paper_value"` // as the paper states it; "blank" when lost from our copy
	OurValue   string `json:"our_value"`   // our value as text
	// OurNumber is our value as a number, nil when it is not numeric.
	OurNumber *float64 `json:"our_number,omitempty"`
	Tolerance string   `json:"tolerance"`
	Verdict   Verdict  `json:"verdict"`
	// Reason explains a difference (measured), or why there is nothing to
	// compare with; it may also annotate an agreement.
	Reason string `json:"reason,omitempty"`
	// Found says how a difference's reason was found (an input fact, one
	// reading measured, the best of several; for a random procedure, the
	// seeds at which it holds): set by ExplainedBy, required of every
	// explained difference of a claim or a check (Consistency).
	Found   *Found `json:"found,omitempty"`
	Section string `json:"section,omitempty"` // notebook section that shows it
	Kind    Kind   `json:"kind"`
	// Basis says, for a SelfCheck, what it checks and why it is not a
	// finding ("1000 = 1000: the variant count we asked for").
	Basis string `json:"basis,omitempty"`
	// Want is the paper's value and tolerance in machine-readable form
	// (numeric entries only), so that a stored ledger can be re-judged and
	// its discrimination measured without the code that made it.
	Want *Want `json:"want,omitempty"`
	// Cell places a numeric entry in a table of several logs (rows), so
	// that Discrimination can test whether our agreement tells its row from
	// the other rows of the same column.
	Cell *Cell `json:"cell,omitempty"`
	// NotDiscriminating is set by MarkDiscrimination on an agreeing entry
	// whose value would also agree with another log's paper value in the
	// same table column, or whose tolerance holds another log's paper value:
	// it is counted apart from agreements that single out the log.
	NotDiscriminating bool `json:"not_discriminating,omitempty"`
	// Untested is set by MarkDiscrimination on an agreeing entry that
	// has no other log's paper value to be told from: it is not in a
	// table column of several logs (a qualitative statement, a range or
	// bound, a single-log number). Its agreement is counted apart, neither
	// as singling out the log nor as not discriminating.
	Untested bool `json:"discrimination_untested,omitempty"`
	// Powered is set by MarkDiscrimination on an agreeing claim of a
	// likeness stated alike for every log (its column's rows name one
	// reference) whose tolerance, derived from its own noise, rejects every
	// departure measured on the column's other logs: "agrees, tested with
	// power". It is counted apart (Summary.Powered), beside the
	// discrimination marks, which it does not change: such an agreement is
	// as a rule NotDiscriminating, since the paper says the same of every
	// log.
	Powered bool `json:"tested_with_power,omitempty"`
	// MainClaim marks the claim that carries the item's central statement
	// (set by Main): when it differs the item is not reproduced (StatusOf).
	MainClaim bool `json:"main,omitempty"`
	// StandIn says, for an entry computed on a stand-in (another version,
	// year or machine than the paper's log, or a reconstruction of an
	// input the paper had), which stands in for which. A claim on a
	// stand-in is never comparable, whether it would agree or differ
	// (StandIn, OnStandIn; Consistency checks it).
	StandIn string `json:"stand_in,omitempty"`
	// MissingLog names, for an entry made by (*Ledger).MissingLog, the log
	// of the paper we do not have: nothing of ours could be computed for
	// the entry (StatusOf tells it from a value computed but not
	// comparable, such as a blanked paper value or a stand-in).
	MissingLog string `json:"missing_log,omitempty"`
}

// OnStandIn marks e as computed on a stand-in, with why saying which input
// stands in for which, and returns e. A claim becomes NotComparable with
// why as its reason (our value is kept): a stand-in is not the paper's
// input, so its result neither agrees nor differs with the paper's. A
// check or a result of ours keeps its verdict.
func (e *Entry) OnStandIn(why string) *Entry {
	if why == "" {
		panic("ledger: OnStandIn needs a reason")
	}
	e.StandIn = why
	if e.Kind == PaperClaim || e.Kind == "" {
		e.Verdict, e.Reason = NotComparable, why
	}
	return e
}

// Main marks e as the main claim of its item (see StatusOf) and returns e.
// Only a claim of the paper can be main.
func (e *Entry) Main() *Entry {
	if e.Kind != PaperClaim && e.Kind != "" {
		panic(fmt.Sprintf("ledger: entry %s of kind %s cannot be the main claim", e.ID, e.Kind))
	}
	e.MainClaim = true
	return e
}

// AsCheck marks e as a SelfCheck (see Kind) with basis saying what it
// checks, and returns e.
func (e *Entry) AsCheck(basis string) *Entry {
	if basis == "" {
		panic("ledger: AsCheck needs a basis")
	}
	if e.MainClaim {
		panic(fmt.Sprintf("ledger: entry %s is the main claim of its item and cannot be a check", e.ID))
	}
	e.Kind, e.Basis = SelfCheck, basis
	return e
}

// InTable places e in column of table, in the row of a log (see Cell), and
// returns e.
func (e *Entry) InTable(table, row, column string) *Entry {
	e.Cell = &Cell{Table: table, Row: row, Column: column}
	return e
}

// Number returns our value as a number, NaN when it is not numeric.
func (e *Entry) Number() float64 {
	if e.OurNumber == nil {
		return math.NaN()
	}
	return *e.OurNumber
}

// Noting annotates e with note and returns e: the reason of an entry
// that does not differ, and when it differs a measurement shown with our
// value (Measured) — a note is never an explanation.
func (e *Entry) Noting(note string) *Entry {
	if e.Verdict == Differs {
		return e.Measured(note)
	}
	e.Reason = note
	return e
}

// Because sets the entry's reason (a measured explanation of a difference,
// or a note) and returns e.
func (e *Entry) Because(reason string) *Entry { e.Reason = reason; return e }

// Measured appends, when the verdict is Differs, a measurement that does
// not explain the difference — it brings nothing within the paper's value:
// our value at another load, our data's dates, a hypothesis's bound — to
// our value, as " (note)", and leaves the reason empty: the entry is
// unexplained, and the reader still sees what was measured. A restatement
// of the difference is not a reason.
func (e *Entry) Measured(note string) *Entry {
	if e.Verdict == Differs && note != "" {
		e.OurValue += " (" + note + ")"
	}
	return e
}

// AcrossSeeds appends note — how the entry's statement fares at the seeds
// measured beside the one its verdict comes from ("at our 1.25× users it
// holds at 1 of 3 seeds") — to our value, as " (note)", whatever the
// verdict, and returns e. A verdict of one run (Unreplicated) agrees or
// differs at its own seed; unlike Measured, which shows only what did not
// bring a difference within, this is shown on an agreement too, so an
// agreement that the other seeds do not repeat is seen as such. An empty
// note adds nothing.
func (e *Entry) AcrossSeeds(note string) *Entry {
	if note != "" {
		e.OurValue += " (" + note + ")"
	}
	return e
}

// Unreplicated appends the note Unreplicated(runs, seed) to our value,
// whatever the verdict, and returns e: the value comes from runs of a random
// procedure whose replicate error was not measured (WordRule). Call it after
// Digits, which rewrites our value.
func (e *Entry) Unreplicated(runs int, seed uint64) *Entry {
	e.OurValue += " (" + Unreplicated(runs, seed) + ")"
	return e
}

// Quoting records the paper's words the value comes from and returns e.
func (e *Entry) Quoting(quote string) *Entry { e.Quote = quote; return e }

// Digits reformats our value with n significant digits and returns e.
func (e *Entry) Digits(n int) *Entry {
	if e.OurNumber != nil {
		e.OurValue = Format(*e.OurNumber, n)
	}
	return e
}

// Ledger collects the entries of one paper, in the order they were made.
// It is not safe for concurrent use.
type Ledger struct {
	// Paper is the key of the paper, e.g. "zakay2013".
	Paper    string
	section  string
	sections map[string]string // item name → notebook section (NewFor)
	entries  []*Entry
	ids      map[string]bool
}

// New returns an empty ledger for the paper with the given key.
func New(paper string) *Ledger {
	if paper == "" {
		panic("ledger: empty paper key")
	}
	return &Ledger{Paper: paper, ids: map[string]bool{}}
}

// NewFor returns an empty ledger for p. An entry whose item is one of p's
// Items gets that item's notebook section, unless Section set another.
func NewFor(p Paper) *Ledger {
	l := New(p.Key)
	l.sections = map[string]string{}
	for _, it := range p.Items {
		l.sections[it.Name] = it.Section
	}
	return l
}

// A Claimer adds the ledger entries its result supports: every item
// function of a reproduction returns one.
type Claimer interface {
	Claims(l *Ledger)
}

// Section sets the notebook section of the entries made after it ("" to
// take it from the paper's items again, see NewFor).
func (l *Ledger) Section(s string) { l.section = s }

var idPattern = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._:/+=-]*$`)

func (l *Ledger) add(e *Entry) *Entry {
	if !idPattern.MatchString(e.ID) {
		panic(fmt.Sprintf("ledger: %s: bad entry id %q (letters, digits and ._:/+=- only)", l.Paper, e.ID))
	}
	if l.ids[e.ID] {
		panic(fmt.Sprintf("ledger: %s: duplicate entry id %q", l.Paper, e.ID))
	}
	if e.Item == "" || e.Statement == "" {
		panic(fmt.Sprintf("ledger: %s: entry %q needs an item and a statement", l.Paper, e.ID))
	}
	l.ids[e.ID] = true
	e.Paper, e.Section = l.Paper, l.section
	if s, ok := l.sections[e.Item]; ok && e.Section == "" {
		e.Section = s
	}
	if e.Kind == "" {
		e.Kind = PaperClaim
	}
	l.entries = append(l.entries, e)
	return e
}

func numberEntry(item, id, statement string, want Expectation, got float64) *Entry {
	e := &Entry{Item: item, ID: id, Statement: statement, PaperValue: want.Value(),
		Tolerance: want.Tolerance(), OurValue: Format(got, 4), Want: wantOf(want)}
	if finite(got) { // JSON holds no NaN or infinity: Number gives NaN
		g := got
		e.OurNumber = &g
	}
	switch {
	case !finite(got):
		e.Verdict = Differs
		e.OurValue += " (not a finite number)"
	case want.Accepts(got):
		e.Verdict = Agrees
	default:
		e.Verdict = Differs
	}
	return e
}

// Check records a numeric claim: the paper's value want, ours got. A NaN
// or infinite value differs, unexplained, and says so in our value.
func (l *Ledger) Check(item, id, statement string, want Expectation, got float64) *Entry {
	return l.add(numberEntry(item, id, statement, want, got))
}

// Claim records a qualitative claim the paper makes (it holds in the
// paper); holds says whether it holds for us, evidence what we measured
// ("max queue 35 jobs over 52 weeks").
func (l *Ledger) Claim(item, id, statement string, holds bool, evidence string) *Entry {
	return l.add(claimEntry(item, id, statement, holds, evidence))
}

func claimEntry(item, id, statement string, holds bool, evidence string) *Entry {
	e := &Entry{Item: item, ID: id, Statement: statement, PaperValue: "holds", Tolerance: "—"}
	if holds {
		e.Verdict, e.OurValue = Agrees, "holds"
	} else {
		e.Verdict, e.OurValue = Differs, "does not hold"
	}
	if evidence != "" {
		e.OurValue += ": " + evidence
	}
	return e
}

// Blanked records a cell whose value is lost from our copy of the paper
// (a blanked table): the verdict is NotComparable and our value is kept,
// so it can be compared with the original elsewhere.
func (l *Ledger) Blanked(item, id, statement string, got float64) *Entry {
	e := &Entry{Item: item, ID: id, Statement: statement, PaperValue: "blank", Tolerance: "—",
		OurValue: Format(got, 4), Verdict: NotComparable,
		Reason: "the paper's value is blanked in our copy of the text"}
	if finite(got) { // JSON holds no NaN or infinity: Number gives NaN
		g := got
		e.OurNumber = &g
	}
	return l.add(e)
}

// Unavailable records a claim we cannot check (for instance a log the
// paper used that we do not have); why says what is missing.
func (l *Ledger) Unavailable(item, id, statement, paperValue, why string) *Entry {
	if why == "" {
		panic("ledger: Unavailable needs a reason")
	}
	return l.add(&Entry{Item: item, ID: id, Statement: statement, PaperValue: paperValue,
		Tolerance: "—", OurValue: "—", Verdict: NotComparable, Reason: why})
}

// MissingLog records a claim on a log of the paper that we do not have
// (log names it; why says where it was looked for): like Unavailable, with
// Entry.MissingLog set. Every paper's helper for missing logs calls it, so
// that an item whose every claim is on a missing log is "not reproduced"
// (StatusOf) without reading reasons.
func (l *Ledger) MissingLog(item, id, statement, paperValue, log, why string) *Entry {
	if log == "" {
		panic("ledger: MissingLog needs the log's name")
	}
	e := l.Unavailable(item, id, statement, paperValue, why)
	e.MissingLog = log
	return e
}

// Failed records a claim whose value we failed to compute (err): it
// differs, unexplained (a failure is not a reason), with the error in our
// value.
func (l *Ledger) Failed(item, id, statement string, want Expectation, err error) *Entry {
	return l.add(&Entry{Item: item, ID: id, Statement: statement, PaperValue: want.Value(),
		Tolerance: want.Tolerance(), OurValue: "— (not computed: " + err.Error() + ")", Verdict: Differs})
}

// StandIn records a value computed on a stand-in log (another version or
// another machine than the paper's) next to the paper's value: the verdict
// is NotComparable, whatever the values, with why saying which log stands
// in for which; our value is shown.
func (l *Ledger) StandIn(item, id, statement string, want Expectation, got float64, why string) *Entry {
	if why == "" {
		panic("ledger: StandIn needs a reason")
	}
	e := numberEntry(item, id, statement, want, got)
	e.Verdict, e.Reason, e.StandIn = NotComparable, why, why
	return l.add(e)
}

// Own records a numeric result of our own (Kind Ours): want is the
// hypothesis tested.
func (l *Ledger) Own(item, id, statement string, want Expectation, got float64) *Entry {
	e := numberEntry(item, id, statement, want, got)
	e.Kind = Ours
	return l.add(e)
}

// OwnClaim records a qualitative result of our own (Kind Ours).
func (l *Ledger) OwnClaim(item, id, statement string, holds bool, evidence string) *Entry {
	e := claimEntry(item, id, statement, holds, evidence)
	e.Kind = Ours
	return l.add(e)
}

// Entries returns copies of the entries, in the order they were made, with
// discrimination marked (MarkDiscrimination).
func (l *Ledger) Entries() []Entry {
	out := make([]Entry, len(l.entries))
	for i, e := range l.entries {
		out[i] = *e
	}
	MarkDiscrimination(out)
	return out
}

// Len is the number of entries.
func (l *Ledger) Len() int { return len(l.entries) }

// Lookup returns the entry with the given id.
func (l *Ledger) Lookup(id string) (Entry, bool) {
	for _, e := range l.entries {
		if e.ID == id {
			return *e, true
		}
	}
	return Entry{}, false
}

// Totals counts entries by verdict.
type Totals struct {
	Agrees        int `json:"agrees"`
	Differs       int `json:"differs"`
	NotComparable int `json:"not_comparable"`
}

// All is the number of entries counted.
func (t Totals) All() int { return t.Agrees + t.Differs + t.NotComparable }

// String is e.g. "250 entries: 200 agree, 30 differ, 20 not comparable".
func (t Totals) String() string {
	return fmt.Sprintf("%d entries: %d agree, %d differ, %d not comparable",
		t.All(), t.Agrees, t.Differs, t.NotComparable)
}

// Count returns the totals of entries by verdict, whatever their kind:
// the verdict totals of a paper are those of its claims (Summarize).
func Count(entries []Entry) Totals {
	var t Totals
	for _, e := range entries {
		t.add(e.Verdict)
	}
	return t
}

// Totals counts the ledger's claims (entries of kind PaperClaim) by
// verdict: checks and results of ours are not in a paper's totals (see
// Summary for every kind).
func (l *Ledger) Totals() Totals { return l.Summary().Claims }

// Summary counts the ledger's entries by kind (Summarize).
func (l *Ledger) Summary() Summary { return Summarize(l.Entries()) }

// normalize folds white space, so that a quote matches text broken across
// lines.
func normalize(s string) string { return strings.Join(strings.Fields(s), " ") }

// VerifyQuotes checks that the Quote of every entry that has one occurs in
// the paper's text (up to white space), and returns one error per quote
// that does not.
func VerifyQuotes(entries []Entry, paperText string) []error {
	text := normalize(paperText)
	var errs []error
	for _, e := range entries {
		if e.Quote == "" {
			continue
		}
		if !strings.Contains(text, normalize(e.Quote)) {
			errs = append(errs, fmt.Errorf("%s %s: quote not in the paper: %q", e.Paper, e.ID, e.Quote))
		}
	}
	return errs
}

// Item is a numbered figure or table of a paper and how we reproduce it.
// Its status is not typed: StatusOf computes it from the ledger.
type Item struct {
	Name    string `json:"name"`              // as the paper numbers it: "Fig. 8", "Table VI"
	Title   string `json:"title,omitempty"`   // what it shows, in a few words
	Section string `json:"section,omitempty"` // the notebook section that shows it
	// Note says what is different about our input or method (a log
	// missing, another log version, fewer replicates); the counts of the
	// entries are added by StatusOf.
	Note string `json:"note,omitempty"`
	// CarriedBy names, as path.Match patterns over entry ids, the claims
	// of other items that carry this item's statements (the paper states
	// them about another table: zakay2013 Fig. 7's slopes are Table VII's
	// "table7/*/resampled_min"): StatusOf counts them with the item's own.
	CarriedBy []string `json:"carried_by,omitempty"`
}

// Paper describes a paper of papers/ and its reproduction.
type Paper struct {
	Key      string // "zakay2013"
	Citation string // authors, title, venue, year
	File     string // the text in papers/, e.g. "zakay-feitelson-2013-workload-resampling.txt"
	Notebook string // e.g. "notebooks/01-workload-resampling.ipynb"
	Items    []Item
}

var itemPattern = regexp.MustCompile(`\b(?:(Fig(?:ures?|s)?\.?)|(Tables?))\s*([0-9]+|[IVX]+)\b`)

// NumberedItems lists the figures and tables a paper's text refers to, as
// "Fig. N" and "Table N" (with the paper's own numerals), sorted and
// without repetition. Items named only in a range or a list ("Figs 5–7")
// count by their first number; callers check the list by hand.
func NumberedItems(text string) []string {
	seen := map[string]bool{}
	for _, m := range itemPattern.FindAllStringSubmatch(text, -1) {
		name := "Table " + m[3]
		if m[1] != "" {
			name = "Fig. " + m[3]
		}
		seen[name] = true
	}
	out := make([]string, 0, len(seen))
	for k := range seen {
		out = append(out, k)
	}
	slices.SortFunc(out, compareItems)
	return out
}

// compareItems orders "Fig. 2" before "Fig. 10" and figures before tables.
func compareItems(a, b string) int {
	ka, na := splitItem(a)
	kb, nb := splitItem(b)
	if ka != kb {
		return strings.Compare(ka, kb)
	}
	if na != nb {
		return na - nb
	}
	return strings.Compare(a, b)
}

func splitItem(s string) (string, int) {
	kind, num, _ := strings.Cut(s, " ")
	return kind, numeral(num)
}

// numeral reads an arabic or roman numeral; 0 when it is neither.
func numeral(s string) int {
	n := 0
	for _, c := range s {
		if c < '0' || c > '9' {
			n = -1
			break
		}
		n = 10*n + int(c-'0')
	}
	if n >= 0 {
		return n
	}
	vals := map[rune]int{'I': 1, 'V': 5, 'X': 10, 'L': 50, 'C': 100}
	total, prev := 0, 0
	r := []rune(s)
	for i := len(r) - 1; i >= 0; i-- {
		v := vals[r[i]]
		if v < prev {
			total -= v
		} else {
			total += v
			prev = v
		}
	}
	return total
}

// MissingItems returns the numbered items of the paper's text that p does
// not list (NumberedItems), so a test can require every one to be listed.
func (p Paper) MissingItems(text string) []string {
	have := map[string]bool{}
	for _, it := range p.Items {
		have[it.Name] = true
	}
	var out []string
	for _, n := range NumberedItems(text) {
		if !have[n] {
			out = append(out, n)
		}
	}
	return out
}
