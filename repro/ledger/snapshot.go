package ledger

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"strings"
)

// Snapshot is one paper's whole ledger as saved in a file, readable
// without the code that made it: how it was made (mode, commit, the hash
// of the code: internal/codehash), the counts by kind, every item's
// computed status, and every entry with its kind, verdict, value, Want,
// Cell and reason. The committed full-mode ledgers (repro/ledgers/KEY.json)
// and the quick-mode baselines (repro/testdata/quick/KEY.json) are
// snapshots.
type Snapshot struct {
	Paper    string       `json:"paper"`
	Mode     string       `json:"mode"` // "quick" or "full"
	Commit   string       `json:"commit,omitempty"`
	CodeHash string       `json:"code_hash,omitempty"`
	Summary  Summary      `json:"summary"`
	Items    []ItemStatus `json:"items"`
	Entries  []Entry      `json:"entries"`
}

// NewSnapshot returns the snapshot of p's entries (entries of other papers
// are left out) made in run, with the code hash of the tree they were
// computed from. Discrimination is marked (MarkDiscrimination), and the
// summary and statuses computed.
func NewSnapshot(p Paper, run Run, codeHash string, entries []Entry) Snapshot {
	var es []Entry
	for _, e := range entries {
		if e.Paper == p.Key {
			es = append(es, e)
		}
	}
	MarkDiscrimination(es)
	if es == nil {
		es = []Entry{}
	}
	return Snapshot{Paper: p.Key, Mode: run.Mode, Commit: run.Commit, CodeHash: codeHash,
		Summary: Summarize(es), Items: p.Statuses(es), Entries: es}
}

// WriteSnapshot writes s as indented JSON, one field a line, entries in
// the ledger's order, so that a changed value is a small difference.
func WriteSnapshot(w io.Writer, s Snapshot) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(s)
}

// ReadSnapshot reads a snapshot written by WriteSnapshot and validates its
// entries (Validate): every entry must be of the snapshot's paper, with a
// known verdict and kind.
func ReadSnapshot(r io.Reader) (Snapshot, error) {
	var s Snapshot
	dec := json.NewDecoder(r)
	dec.DisallowUnknownFields()
	if err := dec.Decode(&s); err != nil {
		return Snapshot{}, fmt.Errorf("ledger: reading snapshot: %w", err)
	}
	if s.Paper == "" || s.Mode == "" {
		return Snapshot{}, errors.New("ledger: reading snapshot: no paper key or mode")
	}
	errs := Validate(s.Entries)
	for _, e := range s.Entries {
		if e.Paper != s.Paper {
			errs = append(errs, fmt.Errorf("ledger: snapshot of %s holds entry %s of paper %q", s.Paper, e.ID, e.Paper))
		}
	}
	if err := uniqueIDs(s.Entries); err != nil {
		errs = append(errs, err)
	}
	if len(errs) > 0 {
		return Snapshot{}, fmt.Errorf("ledger: snapshot of %s: %w", s.Paper, errors.Join(errs...))
	}
	return s, nil
}

// uniqueIDs returns an error naming the first id held by two entries (a
// snapshot is keyed by id: Compare would judge only one of them) and how
// many entries repeat an earlier id in all, nil when every id is once.
func uniqueIDs(entries []Entry) error {
	first := make(map[string]int, len(entries))
	var dup, at, again int // number of repeats; the first repeat's positions
	for i, e := range entries {
		j, seen := first[e.ID]
		if !seen {
			first[e.ID] = i
			continue
		}
		if dup == 0 {
			at, again = j, i
		}
		dup++
	}
	if dup == 0 {
		return nil
	}
	err := fmt.Errorf("ledger: entry id %q appears twice (entries %d and %d)", entries[at].ID, at+1, again+1)
	if dup > 1 {
		err = fmt.Errorf("%w; %d entries repeat an earlier id in all", err, dup)
	}
	return err
}

// DefaultDrift is the relative move allowed to a stored numeric value
// whose entry has no numeric tolerance (a range, a blanked cell): 5% of the
// stored value. See Drift.
const DefaultDrift = 0.05

// Drift is how far our value of e may move from its stored value before
// Compare reports it: the entry's own tolerance — Abs of a "near" Want,
// Rel·|V| of an "approx" Want — or, for an entry without one (a range, no
// Want), DefaultDrift·|stored value|. A tolerance of 0 (a count) allows no
// move.
func Drift(e Entry) float64 {
	if e.Want != nil {
		switch e.Want.Form {
		case "near":
			return e.Want.Abs
		case "approx":
			return e.Want.Rel * math.Abs(e.Want.V)
		}
	}
	return DefaultDrift * math.Abs(e.Number())
}

// Change is an entry of a snapshot that a later ledger lost, judged
// otherwise, or moved beyond its Drift.
type Change struct {
	Paper, ID string
	Was       Entry  // as stored
	Now       *Entry // nil when gone
	What      string // what changed, in words
}

func (c Change) String() string {
	return fmt.Sprintf("%s %s: %s", c.Paper, c.ID, c.What)
}

// Changes is the outcome of comparing a ledger with a snapshot.
type Changes struct {
	// Failed are the entries of the snapshot that are gone, changed
	// verdict (either way: an improvement is recorded by saving the
	// snapshot again), or whose value moved beyond its Drift.
	Failed []Change
	// New are the ids of entries the snapshot does not have: reported,
	// not failed.
	New []string
	// Checked is the number of stored entries compared.
	Checked int
}

// Compare compares the entries of a ledger of s's paper with s. It is an
// error when there is nothing to compare — no stored entry, no entry now —
// or when an entry is of another paper, so that a check cannot pass
// without checking.
func (s Snapshot) Compare(entries []Entry) (Changes, error) {
	if len(s.Entries) == 0 {
		return Changes{}, fmt.Errorf("ledger: the snapshot of %s has no entries: nothing to compare with", s.Paper)
	}
	if len(entries) == 0 {
		return Changes{}, fmt.Errorf("ledger: no entries of %s to compare with its snapshot", s.Paper)
	}
	now := make(map[string]*Entry, len(entries))
	for i, e := range entries {
		if e.Paper != s.Paper {
			return Changes{}, fmt.Errorf("ledger: entry %s of paper %q compared with the snapshot of %s", e.ID, e.Paper, s.Paper)
		}
		now[e.ID] = &entries[i]
	}
	var c Changes
	stored := make(map[string]bool, len(s.Entries))
	for _, was := range s.Entries {
		stored[was.ID] = true
		c.Checked++
		e := now[was.ID]
		if what := changed(was, e); what != "" {
			c.Failed = append(c.Failed, Change{Paper: s.Paper, ID: was.ID, Was: was, Now: e, What: what})
		}
	}
	for _, e := range entries {
		if !stored[e.ID] {
			c.New = append(c.New, e.ID)
		}
	}
	return c, nil
}

// changed says how now differs from the stored entry was, "" when it does
// not (see Changes.Failed).
func changed(was Entry, now *Entry) string {
	if now == nil {
		return fmt.Sprintf("%s, now gone", was.Verdict)
	}
	var what []string
	if now.Verdict != was.Verdict {
		what = append(what, fmt.Sprintf("%s, now %s (ours %s, was %s; paper %s%s)", was.Verdict, now.Verdict,
			now.OurValue, was.OurValue, now.PaperValue, reasonSuffix(now.Reason)))
	}
	a, b := was.Number(), now.Number()
	switch {
	case math.IsNaN(a) != math.IsNaN(b):
		what = append(what, fmt.Sprintf("value %s, now %s", was.OurValue, now.OurValue))
	case !math.IsNaN(a) && moved(a, b, Drift(was)):
		what = append(what, fmt.Sprintf("value %s, now %s: moved %.4g, beyond its tolerance %.4g", was.OurValue, now.OurValue, math.Abs(b-a), Drift(was)))
	}
	return strings.Join(what, "; ")
}

// moved reports whether b is farther than tol from a (infinities move
// unless equal).
func moved(a, b, tol float64) bool {
	if math.IsInf(a, 0) || math.IsInf(b, 0) {
		return a != b
	}
	return math.Abs(b-a) > tol*(1+1e-12)+1e-12*math.Abs(a)
}

func reasonSuffix(r string) string {
	if r == "" {
		return ""
	}
	return "; " + clip(r, 160)
}

// Rejudge judges every stored numeric entry again from its value and Want
// (entries judged Agrees or Differs, with a Want and a number) and returns
// one error per entry whose verdict does not follow, so that a stored
// ledger's verdicts are tested without the code that made them.
func Rejudge(entries []Entry) []error {
	var errs []error
	for _, e := range entries {
		if e.Want == nil || e.OurNumber == nil || e.Verdict == NotComparable {
			continue
		}
		ex, err := e.Want.Expectation()
		if err != nil {
			errs = append(errs, fmt.Errorf("%s %s: %w", e.Paper, e.ID, err))
			continue
		}
		want := Differs
		if ex.Accepts(*e.OurNumber) {
			want = Agrees
		}
		if e.Verdict != want {
			errs = append(errs, fmt.Errorf("%s %s: stored %s, but ours %s against the paper's %s (%s) %s",
				e.Paper, e.ID, e.Verdict, e.OurValue, e.PaperValue, e.Tolerance, want))
		}
	}
	return errs
}
