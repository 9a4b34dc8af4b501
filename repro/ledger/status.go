package ledger

import (
	"fmt"
	"strings"
)

// Status is how completely a figure or table is reproduced. It is never
// typed: StatusOf computes it from the item's entries by the rule below.
type Status string

// The statuses of an item.
const (
	Reproduced    Status = "reproduced"
	Partial       Status = "partial"
	NotReproduced Status = "not reproduced"
	// OursOnly is the status of an item with no claim of the paper and
	// results of our own (an experiment beyond the papers): it is neither
	// reproduced nor not.
	OursOnly Status = "ours only"
	// ChecksOnly is the status of an item with no claim of the paper and
	// no result of our own, only checks (of our configuration, of an
	// identity, or of the paper's own arithmetic): nothing of the paper's
	// results is compared, so it is neither reproduced nor not.
	ChecksOnly Status = "checks only"
)

// Statuses lists the statuses in display order.
var Statuses = []Status{Reproduced, Partial, NotReproduced, OursOnly, ChecksOnly}

// StatusRule is the rule of StatusOf in words, as REPRODUCTION.md states it.
const StatusRule = "An item's status is computed from its claim entries (entries of kind claim " +
	"whose item is the figure or table); checks and results of our own never count. " +
	"**Not reproduced**: no claim entry agrees (none is comparable, or every comparable one differs), or a main claim " +
	"(the entry that carries the item's central statement, marked in the code) differs. " +
	"**Reproduced**: every claim entry is comparable and agrees (at least one). " +
	"**Partial**: otherwise — some claim entries differ, or some are not comparable " +
	"(a log or a value missing). The note counts each. An item with no claim entry and results of " +
	"our own is **ours only**; one with no claim entry and only checks is **checks only**."

// ItemStatus is an item with its status computed from the ledger.
type ItemStatus struct {
	Item
	Status Status `json:"status"`
	// Claims counts the item's claim entries by verdict; NotDiscriminating
	// and Explained count the agreeing entries marked not discriminating
	// and the differing ones with a reason; MainDiffers the main claims
	// that differ.
	Claims            Totals `json:"claims"`
	NotDiscriminating int    `json:"agree_not_discriminating,omitempty"`
	Explained         int    `json:"differ_explained,omitempty"`
	MainDiffers       int    `json:"main_differs,omitempty"`
	Checks            int    `json:"checks,omitempty"` // entries of the other kinds, never counted in the status
	Ours              int    `json:"ours,omitempty"`
	// Counted is the counts in words, e.g. "7 of 27 differ (2
	// unexplained); 3 not comparable".
	Counted string `json:"counted"`
	// Unlisted is true for an item the entries name that is not one of the
	// paper's numbered items (a section of the text).
	Unlisted bool `json:"unlisted,omitempty"`
}

// StatusOf computes the status of item it from entries (the paper's ledger;
// entries of other items are ignored):
//
//   - not reproduced when no claim entry of the item agrees (none is
//     comparable, or every comparable one differs), or when a main claim
//     (Entry.Main) differs;
//   - reproduced when every claim entry agrees, and there is at least one;
//   - partial otherwise: some claim entries differ, or some are
//     NotComparable (a log or a value missing);
//   - ours only when it has no claim entry and some of kind Ours;
//   - checks only when it has no claim entry, none of kind Ours, and some
//     of kind SelfCheck.
//
// Entries of kind SelfCheck and Ours never make an item reproduced.
func StatusOf(it Item, entries []Entry) ItemStatus {
	s := ItemStatus{Item: it}
	for _, e := range entries {
		if e.Item != it.Name {
			continue
		}
		switch e.Kind {
		case SelfCheck:
			s.Checks++
			continue
		case Ours:
			s.Ours++
			continue
		}
		switch e.Verdict {
		case Agrees:
			s.Claims.Agrees++
			if e.NotDiscriminating {
				s.NotDiscriminating++
			}
		case Differs:
			s.Claims.Differs++
			if e.Reason != "" {
				s.Explained++
			}
			if e.MainClaim {
				s.MainDiffers++
			}
		case NotComparable:
			s.Claims.NotComparable++
		}
	}
	c := s.Claims
	switch {
	case c.All() == 0 && s.Ours > 0:
		s.Status = OursOnly
	case c.All() == 0 && s.Checks > 0:
		s.Status = ChecksOnly
	case c.Agrees == 0 || s.MainDiffers > 0:
		s.Status = NotReproduced
	case c.Differs == 0 && c.NotComparable == 0:
		s.Status = Reproduced
	default:
		s.Status = Partial
	}
	s.Counted = s.counts()
	return s
}

// counts says the counts behind the status in words, e.g. "7 of 27
// comparable differ (5 explained); 3 not comparable; 2 checks".
func (s ItemStatus) counts() string {
	c := s.Claims
	var parts []string
	comparable := c.Agrees + c.Differs
	switch {
	case c.All() == 0:
		parts = append(parts, "no claim entry")
	case comparable == 0:
		parts = append(parts, "no claim comparable")
	case c.Differs == 0:
		p := fmt.Sprintf("%d of %d agree", c.Agrees, comparable)
		if s.NotDiscriminating > 0 {
			p += fmt.Sprintf(" (%d not discriminating)", s.NotDiscriminating)
		}
		parts = append(parts, p)
	default:
		p := fmt.Sprintf("%d of %d differ", c.Differs, comparable)
		if s.Explained < c.Differs {
			p += fmt.Sprintf(" (%d unexplained)", c.Differs-s.Explained)
		}
		if s.MainDiffers > 0 {
			p += "; the main claim differs"
		}
		parts = append(parts, p)
	}
	if c.NotComparable > 0 {
		parts = append(parts, fmt.Sprintf("%d not comparable", c.NotComparable))
	}
	if s.Checks > 0 {
		parts = append(parts, fmt.Sprintf("%d %s", s.Checks, plural(s.Checks, "check", "checks")))
	}
	if s.Ours > 0 {
		parts = append(parts, fmt.Sprintf("%d of ours", s.Ours))
	}
	return strings.Join(parts, "; ")
}

// plural returns one when n is 1, else many.
func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// Statuses computes the status of every item of p from entries, in the
// order of p.Items, followed by the items that entries name and p does not
// list (statements of the text, such as "§6.1"), in the order of their
// first entry, with Unlisted set.
func (p Paper) Statuses(entries []Entry) []ItemStatus {
	out := make([]ItemStatus, 0, len(p.Items))
	for _, it := range p.Items {
		out = append(out, StatusOf(it, entries))
	}
	seen := map[string]bool{}
	for _, e := range p.Unlisted(entries) {
		if !seen[e.Item] {
			seen[e.Item] = true
			s := StatusOf(Item{Name: e.Item, Title: "statements of the text"}, entries)
			s.Unlisted = true
			out = append(out, s)
		}
	}
	return out
}

// Unlisted returns the entries whose item is not one of p's Items: they
// count in the paper's totals but in no item's status.
func (p Paper) Unlisted(entries []Entry) []Entry {
	have := map[string]bool{}
	for _, it := range p.Items {
		have[it.Name] = true
	}
	var out []Entry
	for _, e := range entries {
		if !have[e.Item] {
			out = append(out, e)
		}
	}
	return out
}
