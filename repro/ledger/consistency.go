package ledger

import (
	"fmt"
	"slices"
	"strings"
)

// Consistency checks the rules every ledger must keep, beyond what one
// entry's constructor can enforce, and returns one error per entry that
// breaks one, naming it:
//
//   - no two entries share an id;
//   - a claim computed on a stand-in (Entry.StandIn) is NotComparable: a
//     stand-in is not the paper's input, so it neither agrees nor differs;
//   - a reason given to a difference (of a claim or a check) is not white
//     space only, and a not-comparable entry has a reason that is not
//     blank. A difference without a reason is no breach: Summarize counts
//     it as unexplained (Entry.Unexplained), a failing check as a
//     differing claim, and REPRODUCTION.md lists the failing checks
//     without a reason;
//   - an explained difference (of a claim or a check) says how its reason
//     was found (Entry.Found, set by ExplainedBy), and a reason measured
//     on a random procedure holds by the seeds' rule (Found.Holds: within
//     judged over the seeds, or at every seed when only counted) and, when
//     its Found stores the reading's tally (Found.WithTally: one per seed
//     measured), that tally justifies it (Found.Justified);
//   - an agreeing claim in a table of several logs has its discrimination
//     computed: a claim placed in a table (Entry.Cell) has a Want, and an
//     agreeing numeric claim outside a table whose id names a log (a row of
//     some table of entries) beside the same claim on another log with
//     another paper value is placed in the table (InTable).
func Consistency(entries []Entry) []error {
	var errs []error
	bad := func(e Entry, format string, args ...any) {
		errs = append(errs, fmt.Errorf("%s %s: %s", e.Paper, e.ID, fmt.Sprintf(format, args...)))
	}
	seen := map[string]bool{}
	logs := map[string]bool{}
	for _, e := range entries {
		if e.Cell != nil {
			logs[e.Cell.Row] = true
		}
	}
	for _, e := range entries {
		if seen[e.ID] {
			bad(e, "a second entry with this id")
		}
		seen[e.ID] = true
		claim := e.Kind == PaperClaim || e.Kind == ""
		blank := strings.TrimSpace(e.Reason) == ""
		switch {
		case claim && e.StandIn != "" && e.Verdict != NotComparable:
			bad(e, "a claim on a stand-in (%s) %s: it is not comparable, whichever way it falls", e.StandIn, e.Verdict)
		case e.Verdict == Differs && e.Reason != "" && blank:
			bad(e, "a difference with a reason of white space only (counted unexplained)")
		case e.Verdict == Differs && !blank && e.Kind != Ours && e.Found == nil:
			bad(e, "an explained difference without how its reason was found (ExplainedBy)")
		case e.Verdict == Differs && !blank && e.Found != nil && !e.Found.Holds():
			bad(e, "a reason that does not hold by the seeds' rule (%s): not a reason", e.Found)
		case e.Verdict == Differs && !blank && e.Found != nil && !e.Found.tallyValid():
			bad(e, "a reason whose stored tally is not one per seed measured or not one Tally.Add can give (%d tallies, %d seeds)", len(e.Found.Tally), e.Found.Seeds)
		case e.Verdict == Differs && !blank && e.Found != nil && !e.Found.Justified():
			bad(e, "a reason whose stored tally does not justify it: %s", e.Found.tallyWords())
		case e.Verdict == NotComparable && blank:
			bad(e, "not comparable without a reason")
		case claim && e.Cell != nil && e.Want == nil:
			bad(e, "in table %s without a Want: its discrimination cannot be computed", e.Cell.Table)
		}
	}
	for _, g := range unplaced(entries, logs) {
		bad(g[0], "agrees on log %s outside a table, beside the same claim on %s with another paper value: place them in a table (InTable) so that their discrimination is computed",
			g[0].Cell.Row, strings.Join(rowsOf(g[1:]), ", "))
	}
	return errs
}

// unplaced returns, for every agreeing numeric claim outside a table whose
// id has a segment that is a log (of logs), the group of numeric claims
// outside a table with the same id but for that segment naming another log
// and with another paper value (a tolerance that differs alone, as by the
// size of a sample, does not make it another value, nor does a closing
// parenthesis of ours: paperWords): first the agreeing claim, then the others, each
// with a Cell made up to name its log (Row).
func unplaced(entries []Entry, logs map[string]bool) [][]Entry {
	type keyed struct {
		e   Entry
		log string
	}
	groups := map[string][]keyed{}
	var keys []string
	for _, e := range entries {
		if e.Cell != nil || e.Want == nil || !(e.Kind == PaperClaim || e.Kind == "") || e.Verdict == NotComparable {
			continue
		}
		segs := strings.Split(e.ID, "/")
		for i, s := range segs {
			if !logs[s] {
				continue
			}
			k := e.Item + "\x00" + strings.Join(slices.Concat(segs[:i], []string{"*"}, segs[i+1:]), "/")
			if _, ok := groups[k]; !ok {
				keys = append(keys, k)
			}
			groups[k] = append(groups[k], keyed{e, s})
		}
	}
	var out [][]Entry
	for _, k := range keys {
		g := groups[k]
		for _, a := range g {
			if a.e.Verdict != Agrees {
				continue
			}
			first := a.e
			first.Cell = &Cell{Row: a.log}
			grp := []Entry{first}
			for _, b := range g {
				if b.log != a.log && paperWords(b.e.PaperValue) != paperWords(a.e.PaperValue) {
					o := b.e
					o.Cell = &Cell{Row: b.log}
					grp = append(grp, o)
				}
			}
			if len(grp) > 1 {
				out = append(out, grp)
			}
		}
	}
	return out
}

// paperWords is a paper value without a closing parenthesis of ours
// ("very similar (KS at most 0.136)": the bound our sample gives), so that
// one statement of the paper made of every log is one value.
func paperWords(v string) string {
	if i := strings.Index(v, " ("); i > 0 && strings.HasSuffix(v, ")") {
		return v[:i]
	}
	return v
}

// rowsOf returns the rows of entries' cells.
func rowsOf(entries []Entry) []string {
	out := make([]string, len(entries))
	for i, e := range entries {
		out[i] = e.Cell.Row
	}
	return out
}
