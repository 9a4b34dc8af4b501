package ledger

import (
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"slices"
)

// Baseline is the verdict of every entry of one paper's ledger, by entry
// id, saved so that a later ledger can be checked against it: an entry that
// agreed in the baseline must still agree (Check). Baselines are kept in
// quick mode, where the ledger is cheap enough for CI.
type Baseline struct {
	Paper    string             `json:"paper"`
	Mode     string             `json:"mode"` // "quick" or "full": the mode of the ledger it was made from
	Verdicts map[string]Verdict `json:"verdicts"`
}

// NewBaseline returns the baseline of a paper's entries computed in mode.
// Entries of other papers are ignored.
func NewBaseline(paper, mode string, entries []Entry) Baseline {
	b := Baseline{Paper: paper, Mode: mode, Verdicts: map[string]Verdict{}}
	for _, e := range entries {
		if e.Paper == paper {
			b.Verdicts[e.ID] = e.Verdict
		}
	}
	return b
}

// BaselineCheck is the outcome of checking a ledger against its baseline.
type BaselineCheck struct {
	// Regressions are the entries that agreed in the baseline and no longer
	// agree, or are gone: a check fails when there is any.
	Regressions []Regression
	// Improved are the ids of entries that now agree and did not in the
	// baseline; New, the ids of entries the baseline does not have. Neither
	// fails a check; both say the baseline could be brought up to date.
	Improved, New []string
}

// Check compares a ledger's entries (of the baseline's paper) with the
// baseline. Ids are sorted in every list.
func (b Baseline) Check(entries []Entry) BaselineCheck {
	var c BaselineCheck
	for _, e := range entries {
		if e.Paper != b.Paper {
			continue
		}
		was, ok := b.Verdicts[e.ID]
		switch {
		case !ok:
			c.New = append(c.New, e.ID)
		case was != Agrees && e.Verdict == Agrees:
			c.Improved = append(c.Improved, e.ID)
		}
	}
	was := make([]Entry, 0, len(b.Verdicts))
	for _, id := range slices.Sorted(maps.Keys(b.Verdicts)) {
		was = append(was, Entry{Paper: b.Paper, ID: id, Verdict: b.Verdicts[id]})
	}
	c.Regressions = Regressions(was, entries)
	slices.Sort(c.Improved)
	slices.Sort(c.New)
	return c
}

// WriteBaseline writes b as indented JSON, one entry a line, ids sorted
// (encoding/json sorts map keys), so that a changed verdict is a one-line
// difference.
func WriteBaseline(w io.Writer, b Baseline) error {
	if b.Verdicts == nil {
		b.Verdicts = map[string]Verdict{}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(b)
}

// ReadBaseline reads a baseline written by WriteBaseline.
func ReadBaseline(r io.Reader) (Baseline, error) {
	var b Baseline
	if err := json.NewDecoder(r).Decode(&b); err != nil {
		return Baseline{}, fmt.Errorf("ledger: reading baseline: %w", err)
	}
	if b.Paper == "" {
		return Baseline{}, fmt.Errorf("ledger: reading baseline: no paper key")
	}
	for id, v := range b.Verdicts {
		if !slices.Contains(Verdicts, v) {
			return Baseline{}, fmt.Errorf("ledger: baseline of %s: entry %s has an unknown verdict %q", b.Paper, id, v)
		}
	}
	return b, nil
}
