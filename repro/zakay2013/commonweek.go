package zakay2013

import (
	"fmt"
	"strings"

	"github.com/tracelab/tracelab/repro/ledger"
)

// commonWeekTwin adds an entry of ours for a table whose paper entries
// compare the original with resampled logs started as §4 says (paperStart):
// the same entries made from resampled logs with the library's common week
// (every long-term user started in one common random week of the log), at
// the study's seed. paper and common are the entries the table's claims
// make from each (the same ids); the entry holds when the common week
// brings more of the table's paper claims within (ledger.Tally; checks and
// entries of ours are not counted, as in readingsKS.tally) and lists every
// claim's verdict that moves and the common week's value of each entry
// whose id ends in one of show. It explains no entry by itself: one seed
// is no reason under the ledger's rule.
func commonWeekTwin(l *ledger.Ledger, item, prefix string, seed uint64, paper, common []ledger.Entry, show ...string) {
	commonWeekTwinOver(l, item, prefix, seed, 1, paper, common, show...)
}

// commonWeekTwinOver is commonWeekTwin for a table whose paper entries are
// judged over the resampled logs of seeds seeds, the study's seed and the
// seeds−1 after it (ledger.SeedsRule): paper and common are then made from
// the resampled logs of all of them, and the entry says so.
func commonWeekTwinOver(l *ledger.Ledger, item, prefix string, seed uint64, seeds int, paper, common []ledger.Entry, show ...string) {
	if seeds < 1 {
		panic("zakay2013: commonWeekTwinOver with fewer than one seed")
	}
	byID := make(map[string]ledger.Entry, len(common))
	for _, e := range common {
		byID[e.ID] = e
	}
	var t ledger.Tally
	var moved, values []string
	for _, e := range paper {
		c, ok := byID[e.ID]
		if !ok || e.Kind == ledger.Ours {
			continue
		}
		if e.Kind == ledger.PaperClaim && judged(e) && judged(c) {
			t.Add(e.Verdict == ledger.Agrees, c.Verdict == ledger.Agrees)
			if e.Verdict != c.Verdict {
				moved = append(moved, fmt.Sprintf("%s %s → %s (%s → %s)", e.ID, e.Verdict, c.Verdict, e.OurValue, c.OurValue))
			}
		}
		for _, suffix := range show {
			if strings.HasSuffix(e.ID, suffix) && e.OurNumber != nil && c.OurNumber != nil {
				values = append(values, fmt.Sprintf("%s %s (§4's start %s)", strings.TrimPrefix(c.ID, prefix+"/"),
					ledger.Format(*c.OurNumber, 3), ledger.Format(*e.OurNumber, 3)))
			}
		}
	}
	if t.N == 0 {
		return
	}
	at, where := fmt.Sprintf("seed %d", seed), "at the study's seed"
	if seeds > 1 {
		at = fmt.Sprintf("seeds %d–%d", seed, seed+uint64(seeds-1))
		where = fmt.Sprintf("over the resampled logs of %d seeds (the study's and %d more), as the paper's entries", seeds, seeds-1)
	}
	ev := fmt.Sprintf("%s: %d of %d within, against %d under §4's start", at, t.Within, t.N, t.AsComputed)
	if len(moved) > 0 {
		ev += "; verdicts that move: " + strings.Join(moved, "; ")
	} else {
		ev += "; no verdict moves"
	}
	if len(values) > 0 {
		ev += "; the common week's values: " + strings.Join(values, ", ")
	}
	l.OwnClaim(item, prefix+"/common-week/more_claims_within",
		fmt.Sprintf("with the library's common week (every long-term user started in one common random week of the log) more of %s's claims hold than under §4's start, %s", item, where),
		t.Within > t.AsComputed, ev)
}

// judged says whether e is a claim or check with a verdict of agreement.
func judged(e ledger.Entry) bool {
	return e.Verdict == ledger.Agrees || e.Verdict == ledger.Differs
}
