package ledger

import (
	"fmt"
	"path"
	"slices"
	"strings"
)

// Status is how completely a figure or table is reproduced. It is never
// typed: StatusOf computes it from the item's entries by the rule below.
type Status string

// The statuses of an item.
const (
	Reproduced Status = "reproduced"
	// ReproducedNotDiscriminating is the status of an item whose claims
	// all agree, none of them singling out its log: each agreement is not
	// discriminating or untested (MarkDiscrimination). The paper's
	// statements hold on our logs, but nothing shows that they would not
	// hold as well on another log's values: counted apart from Reproduced.
	ReproducedNotDiscriminating Status = "reproduced, not discriminating"
	Partial                     Status = "partial"
	NotReproduced               Status = "not reproduced"
	// OursOnly is the status of an item with no claim of the paper and
	// results of our own (an experiment beyond the papers): it is neither
	// reproduced nor not.
	OursOnly Status = "ours only"
	// ChecksOnly is the status of an item with no claim of the paper and
	// no result of our own, only checks (of our configuration, of an
	// identity, or of the paper's own arithmetic): nothing of the paper's
	// results is compared, so it is neither reproduced nor not.
	ChecksOnly Status = "checks only"
	// NothingToCompare is the status of an item with claim entries of
	// which none is comparable (every one is NotComparable: a value
	// blanked in our copy, a stand-in log) and some computed (not every
	// one on a missing log, Entry.MissingLog): nothing of the paper's was
	// compared, so it is neither reproduced nor not.
	NothingToCompare Status = "nothing to compare"
	// NoClaim is the status of an item with no entry at all, of its own or
	// carried by another item's entries (Item.CarriedBy): the paper states
	// nothing about it that we can compute (a conceptual drawing, a figure
	// whose values are lost from our copy).
	NoClaim Status = "no claim"
)

// Statuses lists the statuses in display order.
var Statuses = []Status{Reproduced, ReproducedNotDiscriminating, Partial, NotReproduced, NothingToCompare, NoClaim, OursOnly, ChecksOnly}

// StatusRule is the rule of StatusOf in words, as REPRODUCTION.md states it.
const StatusRule = "An item's status is computed from its claim entries (entries of kind claim " +
	"whose item is the figure or table, and the entries of another item that carry its statements when it names them: " +
	"Fig. 7 of zakay2013 takes Table VII's entries on its slopes); checks and results of our own never count. " +
	"**Not reproduced**: some claim entry is comparable and none agrees (every comparable one differs), or a main claim " +
	"(the entry that carries the item's central statement, marked in the code) differs, or nothing can be computed: " +
	"every claim entry is on a log of the paper that we do not have (the note names the logs missing). " +
	"**Reproduced**: every claim entry is comparable and agrees (at least one), and some agreement singles out the log " +
	"(tested against the other logs' paper values, the Verdicts below). " +
	"**Reproduced, not discriminating**: every claim entry is comparable and agrees, but none singles out the log — " +
	"each agreement is not discriminating or untested (a qualitative statement, a range or bound stated for several logs, " +
	"a number with no other log's value to tell it from): the paper's statements hold on our logs, but nothing shows they " +
	"would not hold as well on another log's values. It is counted apart from reproduced. " +
	"**Partial**: otherwise — some claim entries differ, or some are not comparable " +
	"(a log or a value missing). The note counts each. " +
	"**Nothing to compare**: it has claim entries, none is comparable, and some of ours was computed (the paper's value blanked " +
	"in our copy, or our log a stand-in for the paper's; other entries may be on missing logs, and the note counts both): " +
	"nothing was compared, so it is neither reproduced nor not. " +
	"**No claim**: it has no entry at all (a conceptual drawing, a figure whose values are lost from our copy): the paper states " +
	"nothing about it that we can compute. An item with no claim entry and results of " +
	"our own is **ours only**; one with no claim entry and only checks is **checks only**. " +
	"The last four are counted apart, never as reproduced."

// ItemStatus is an item with its status computed from the ledger.
type ItemStatus struct {
	Item
	Status Status `json:"status"`
	// Claims counts the item's claim entries by verdict; NotDiscriminating,
	// Untested, Powered and Explained count the agreeing entries marked not
	// discriminating, those marked untested, those marked tested with
	// power (MarkDiscrimination; counted apart, beside the other two) and
	// the differing ones with a reason; MainDiffers the main claims
	// that differ.
	Claims            Totals `json:"claims"`
	NotDiscriminating int    `json:"agree_not_discriminating,omitempty"`
	Untested          int    `json:"agree_untested,omitempty"`
	Powered           int    `json:"agree_tested_with_power,omitempty"`
	Explained         int    `json:"differ_explained,omitempty"`
	MainDiffers       int    `json:"main_differs,omitempty"`
	// OnMissingLogs counts the claim entries on a log we do not have
	// (Entry.MissingLog), and MissingLogs names those logs in the order
	// of their first entry.
	OnMissingLogs int      `json:"on_missing_logs,omitempty"`
	MissingLogs   []string `json:"missing_logs,omitempty"`
	Checks        int      `json:"checks,omitempty"` // entries of the other kinds, never counted in the status
	Ours          int      `json:"ours,omitempty"`
	// Counted is the counts in words, e.g. "7 of 27 differ (2
	// unexplained); 3 not comparable".
	Counted string `json:"counted"`
	// Carried counts the claim entries of other items that carry the
	// item's statements (Item.CarriedBy), included in Claims.
	Carried int `json:"carried,omitempty"`
	// Unlisted is true for an item the entries name that is not one of the
	// paper's numbered items (a section of the text).
	Unlisted bool `json:"unlisted,omitempty"`
}

// StatusOf computes the status of item it from entries (the paper's ledger;
// the item's claims are its own entries and the claims of other items whose
// id matches one of it.CarriedBy; other entries are ignored):
//
//   - not reproduced when some claim is comparable and none agrees (every
//     comparable one differs), when a main claim (Entry.Main) differs, or
//     when every claim is on a log we do not have (Entry.MissingLog:
//     nothing can be computed);
//   - reproduced when every claim agrees, there is at least one, and
//     some agreement singles out its log (neither NotDiscriminating nor
//     Untested: tested against the other logs' values, MarkDiscrimination);
//   - reproduced, not discriminating when every claim agrees, there is at
//     least one, and none singles out its log (each is NotDiscriminating
//     or Untested);
//   - partial otherwise: some claims differ, or some are NotComparable (a
//     log or a value missing);
//   - nothing to compare when it has claims, every one is NotComparable,
//     and not every one is on a missing log;
//   - no claim when it has no entry at all, of its own or carried;
//   - ours only when it has no claim and some entry of kind Ours;
//   - checks only when it has no claim, none of kind Ours, and some of
//     kind SelfCheck.
//
// Entries of kind SelfCheck and Ours never make an item reproduced. The
// marks of discrimination are taken as they are, as Summarize takes them:
// call MarkDiscrimination on the whole ledger first (Ledger.Entries,
// Store.Read and NewSnapshot do).
func StatusOf(it Item, entries []Entry) ItemStatus {
	s := ItemStatus{Item: it}
	for _, e := range entries {
		if e.Item != it.Name {
			if (e.Kind == PaperClaim || e.Kind == "") && it.carries(e.ID) {
				s.Carried++
				s.count(e)
			}
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
		s.count(e)
	}
	c := s.Claims
	switch {
	case c.All() == 0 && s.Ours > 0:
		s.Status = OursOnly
	case c.All() == 0 && s.Checks > 0:
		s.Status = ChecksOnly
	case c.All() == 0:
		s.Status = NoClaim
	case s.OnMissingLogs == c.All():
		s.Status = NotReproduced
	case c.Agrees+c.Differs == 0:
		s.Status = NothingToCompare
	case c.Agrees == 0 || s.MainDiffers > 0:
		s.Status = NotReproduced
	case c.Differs == 0 && c.NotComparable == 0 && s.NotDiscriminating+s.Untested == c.Agrees:
		s.Status = ReproducedNotDiscriminating
	case c.Differs == 0 && c.NotComparable == 0:
		s.Status = Reproduced
	default:
		s.Status = Partial
	}
	s.Counted = s.counts()
	return s
}

// carries reports whether the item names the entry id among the entries
// of other items that carry its statements (CarriedBy, path.Match
// patterns).
func (it Item) carries(id string) bool {
	for _, p := range it.CarriedBy {
		if ok, err := path.Match(p, id); err != nil {
			panic(fmt.Sprintf("ledger: item %s: bad pattern %q in CarriedBy: %v", it.Name, p, err))
		} else if ok {
			return true
		}
	}
	return false
}

// count adds the claim e to the counts of s.
func (s *ItemStatus) count(e Entry) {
	switch e.Verdict {
	case Agrees:
		s.Claims.Agrees++
		if e.NotDiscriminating {
			s.NotDiscriminating++
		}
		if e.Untested {
			s.Untested++
		}
		if e.Powered {
			s.Powered++
		}
	case Differs:
		s.Claims.Differs++
		if !e.Unexplained() {
			s.Explained++
		}
		if e.MainClaim {
			s.MainDiffers++
		}
	case NotComparable:
		s.Claims.NotComparable++
	}
	if e.MissingLog != "" {
		s.OnMissingLogs++
		if !slices.Contains(s.MissingLogs, e.MissingLog) {
			s.MissingLogs = append(s.MissingLogs, e.MissingLog)
		}
	}
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
	case s.OnMissingLogs == c.All():
		parts = append(parts, "nothing of ours computed")
	case comparable == 0:
		parts = append(parts, "no claim comparable")
	case c.Differs == 0:
		p := fmt.Sprintf("%d of %d agree", c.Agrees, comparable) + agreeMarks(s.NotDiscriminating, s.Untested, s.Powered)
		parts = append(parts, p)
	default:
		p := fmt.Sprintf("%d of %d differ", c.Differs, comparable)
		if s.Explained < c.Differs {
			p += fmt.Sprintf(" (%d unexplained)", c.Differs-s.Explained)
		}
		if s.MainDiffers > 0 {
			p += "; the main claim differs"
		}
		if s.Powered > 0 {
			p += fmt.Sprintf("; %d of the %d agreeing tested with power", s.Powered, c.Agrees)
		}
		parts = append(parts, p)
	}
	missing := "logs missing: " + strings.Join(s.MissingLogs, ", ")
	switch nc := c.NotComparable; {
	case nc == 0:
	case s.OnMissingLogs == 0:
		parts = append(parts, fmt.Sprintf("%d not comparable", nc))
	case s.OnMissingLogs == nc:
		parts = append(parts, fmt.Sprintf("%d not comparable, on missing logs (%s)", nc, missing))
	default:
		parts = append(parts, fmt.Sprintf("%d not comparable: %d on missing logs (%s), %d computed but not comparable",
			nc, s.OnMissingLogs, missing, nc-s.OnMissingLogs))
	}
	if s.Carried > 0 {
		parts = append(parts, fmt.Sprintf("%d carried by other items' entries %s", s.Carried, strings.Join(s.CarriedBy, ", ")))
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
