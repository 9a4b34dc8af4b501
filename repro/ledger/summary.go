package ledger

import (
	"fmt"
	"slices"
	"strings"
)

// Summary counts a ledger's entries by kind: the paper's claims (the only
// entries of a verdict total), their agreements split by discrimination
// and their differences by explanation, and apart from them the checks
// (their failures split by explanation too) and results of our own.
type Summary struct {
	// Claims counts the entries of kind PaperClaim by verdict.
	Claims Totals `json:"claims"`
	// NotDiscriminating counts the agreeing claims marked by
	// MarkDiscrimination (they would also agree with another log's value,
	// or their tolerance holds it);
	// the untested ones (Untested) are counted apart; the other agreeing
	// claims single out their log.
	NotDiscriminating int `json:"agree_not_discriminating"`
	// Untested counts the agreeing claims marked Untested by
	// MarkDiscrimination: no other log's value to tell them from, so
	// they single out nothing that was measured. Ledgers saved before it
	// existed read it as 0.
	Untested int `json:"agree_untested"`
	// Powered counts the agreeing claims marked Powered (tested with
	// power: a likeness stated alike for every log whose tolerance, from
	// its own noise, rejects every departure measured on the other logs).
	// They are counted apart, beside their discrimination mark (as a rule
	// NotDiscriminating: the paper says the same of every log), never as
	// a reason to count them singling out their log. Ledgers saved before
	// it existed read it as 0.
	Powered int `json:"agree_tested_with_power"`
	// Unexplained counts the differing claims without a reason
	// (Entry.Unexplained).
	Unexplained int `json:"differ_unexplained"`
	// ExplainedAmongReadings counts the differing claims explained by a
	// convention chosen among several readings measured (Found.Scanned):
	// a reason found by a scan, which a referee may discount
	// (UnexplainedShareWithoutScans). Ledgers saved before Found existed
	// read it as 0.
	ExplainedAmongReadings int `json:"differ_explained_among_readings"`
	// Checks and Ours count the entries of kinds SelfCheck and Ours by
	// verdict; they are never part of the claims' totals.
	Checks Totals `json:"checks"`
	// ChecksUnexplained counts the failing checks without a reason
	// (Entry.Unexplained): a failing check is explained by the rule of a
	// differing claim's reason (Tally), and counted here otherwise. Ledgers
	// saved before it existed read it as 0.
	ChecksUnexplained int `json:"checks_fail_unexplained"`
	// ChecksExplainedAmongReadings counts the failing checks explained by
	// a convention chosen among several readings measured.
	ChecksExplainedAmongReadings int    `json:"checks_fail_explained_among_readings"`
	Ours                         Totals `json:"ours"`
}

// Unexplained reports whether e differs without a reason: its reason is
// empty or white space only (Measured leaves it empty). It holds for a
// claim and a check alike.
func (e Entry) Unexplained() bool {
	return e.Verdict == Differs && strings.TrimSpace(e.Reason) == ""
}

// scanned reports whether e is an explained difference whose reason was
// chosen among several readings measured.
func (e Entry) scanned() bool {
	return e.Verdict == Differs && !e.Unexplained() && e.Found != nil && e.Found.Scanned()
}

// Summarize counts entries by kind and verdict (see Summary). An entry's
// NotDiscriminating flag is taken as it is: call MarkDiscrimination first.
func Summarize(entries []Entry) Summary {
	var s Summary
	for _, e := range entries {
		switch e.Kind {
		case SelfCheck:
			s.Checks.add(e.Verdict)
			if e.Unexplained() {
				s.ChecksUnexplained++
			}
			if e.scanned() {
				s.ChecksExplainedAmongReadings++
			}
		case Ours:
			s.Ours.add(e.Verdict)
		default:
			s.Claims.add(e.Verdict)
			if e.Verdict == Agrees && e.NotDiscriminating {
				s.NotDiscriminating++
			}
			if e.Verdict == Agrees && e.Untested {
				s.Untested++
			}
			if e.Verdict == Agrees && e.Powered {
				s.Powered++
			}
			if e.Unexplained() {
				s.Unexplained++
			}
			if e.scanned() {
				s.ExplainedAmongReadings++
			}
		}
	}
	return s
}

// Discriminating is the number of agreeing claims that single out their
// log: tested against another log's paper value and not accepted by it
// (every agreeing claim marked neither NotDiscriminating nor Untested).
func (s Summary) Discriminating() int { return s.Claims.Agrees - s.NotDiscriminating - s.Untested }

// Explained is the number of differing claims with a reason.
func (s Summary) Explained() int { return s.Claims.Differs - s.Unexplained }

// ChecksExplained is the number of failing checks with a reason.
func (s Summary) ChecksExplained() int { return s.Checks.Differs - s.ChecksUnexplained }

// UnexplainedShare is the share of differing claims without a reason, 0
// when none differs.
func (s Summary) UnexplainedShare() float64 {
	if s.Claims.Differs == 0 {
		return 0
	}
	return float64(s.Unexplained) / float64(s.Claims.Differs)
}

// UnexplainedShareWithoutScans is the share of differing claims without
// a reason when the reasons chosen among several readings measured are
// not counted as reasons, 0 when none differs.
func (s Summary) UnexplainedShareWithoutScans() float64 {
	if s.Claims.Differs == 0 {
		return 0
	}
	return float64(s.Unexplained+s.ExplainedAmongReadings) / float64(s.Claims.Differs)
}

// Add returns the sum of two summaries.
func (s Summary) Add(o Summary) Summary {
	return Summary{Claims: s.Claims.plus(o.Claims), NotDiscriminating: s.NotDiscriminating + o.NotDiscriminating,
		Untested: s.Untested + o.Untested, Powered: s.Powered + o.Powered,
		Unexplained: s.Unexplained + o.Unexplained, ExplainedAmongReadings: s.ExplainedAmongReadings + o.ExplainedAmongReadings,
		Checks: s.Checks.plus(o.Checks), ChecksUnexplained: s.ChecksUnexplained + o.ChecksUnexplained,
		ChecksExplainedAmongReadings: s.ChecksExplainedAmongReadings + o.ChecksExplainedAmongReadings, Ours: s.Ours.plus(o.Ours)}
}

// agreeMarks is " (30 not discriminating, 20 untested; of these 1 tested
// with power)", naming only the non-zero counts, empty when all are 0. An
// agreement tested with power is also marked not discriminating or
// untested (MarkDiscrimination), so it is counted among "these".
func agreeMarks(notDiscriminating, untested, powered int) string {
	var parts []string
	if notDiscriminating > 0 {
		parts = append(parts, fmt.Sprintf("%d not discriminating", notDiscriminating))
	}
	if untested > 0 {
		parts = append(parts, fmt.Sprintf("%d untested", untested))
	}
	if len(parts) == 0 {
		return ""
	}
	s := strings.Join(parts, ", ")
	if powered > 0 {
		s += fmt.Sprintf("; of these %d tested with power", powered)
	}
	return " (" + s + ")"
}

// String is e.g. "120 claims: 80 agree (30 not discriminating), 30 differ
// (5 unexplained), 10 not comparable; 12 checks (3 fail, 1 unexplained);
// 8 of ours".
func (s Summary) String() string {
	c := s.Claims
	var b strings.Builder
	fmt.Fprintf(&b, "%d claims: %d agree", c.All(), c.Agrees)
	b.WriteString(agreeMarks(s.NotDiscriminating, s.Untested, s.Powered))
	fmt.Fprintf(&b, ", %d differ", c.Differs)
	if s.Unexplained > 0 {
		fmt.Fprintf(&b, " (%d unexplained)", s.Unexplained)
	}
	fmt.Fprintf(&b, ", %d not comparable", c.NotComparable)
	if n := s.Checks.All(); n > 0 {
		fmt.Fprintf(&b, "; %d %s", n, plural(n, "check", "checks"))
		if s.Checks.Differs > 0 {
			fmt.Fprintf(&b, " (%d %s", s.Checks.Differs, plural(s.Checks.Differs, "fails", "fail"))
			if s.ChecksUnexplained > 0 {
				fmt.Fprintf(&b, ", %d unexplained", s.ChecksUnexplained)
			}
			b.WriteString(")")
		}
	}
	if n := s.Ours.All(); n > 0 {
		fmt.Fprintf(&b, "; %d of ours", n)
	}
	return b.String()
}

func (t *Totals) add(v Verdict) {
	switch v {
	case Agrees:
		t.Agrees++
	case Differs:
		t.Differs++
	case NotComparable:
		t.NotComparable++
	}
}

func (t Totals) plus(o Totals) Totals {
	return Totals{Agrees: t.Agrees + o.Agrees, Differs: t.Differs + o.Differs, NotComparable: t.NotComparable + o.NotComparable}
}

// OfKind returns the entries of kind k, in order.
func OfKind(entries []Entry, k Kind) []Entry {
	var out []Entry
	for _, e := range entries {
		if e.Kind == k || k == PaperClaim && e.Kind == "" {
			out = append(out, e)
		}
	}
	return out
}

// Validate checks what a stored entry must hold: an id, a known verdict
// and kind, a basis for a check, and a Want that is an expectation. It
// returns one error per problem found, naming the entry.
func Validate(entries []Entry) []error {
	var errs []error
	bad := func(e Entry, format string, args ...any) {
		errs = append(errs, fmt.Errorf("ledger: %s entry %q: %s", e.Paper, e.ID, fmt.Sprintf(format, args...)))
	}
	for _, e := range entries {
		if !idPattern.MatchString(e.ID) {
			bad(e, "bad id")
		}
		if e.Paper == "" || e.Item == "" {
			bad(e, "no paper or item")
		}
		if !slices.Contains(Verdicts, e.Verdict) {
			bad(e, "unknown verdict %q", e.Verdict)
		}
		if !slices.Contains(Kinds, e.Kind) {
			bad(e, "unknown kind %q", e.Kind)
		}
		if e.Kind == SelfCheck && e.Basis == "" {
			bad(e, "a check without a basis")
		}
		if e.Want != nil {
			if _, err := e.Want.Expectation(); err != nil {
				bad(e, "%v", err)
			}
		}
	}
	return errs
}
