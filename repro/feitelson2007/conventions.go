package feitelson2007

import (
	"fmt"

	"github.com/tracelab/tracelab/analytics/locality"
	"github.com/tracelab/tracelab/repro/ledger"
)

// A tableConvention is a reading the paper does not state (days cut at
// the log zone's midnight; SDSC-Par-1996 counted twice, standing in for
// the Paragon log we lack), counted over every comparable cell of a table
// (ledger.Tally, whose rule says when it may be a cell's reason). A cell
// it does not explain stays unexplained, with what the convention gives in
// our value. The conventions of a table are tried in turn on each cell, so
// a reason is the best of the readings measured for the table (found).
type tableConvention struct {
	words, table string
	found        ledger.Found
	ledger.Tally
}

// countConvention counts the convention described by words over the cells
// of table: wants[i] the paper's value, ours[i] our reading, alt[i] the
// convention's; found says among how many readings it is one.
func countConvention(words, table string, found ledger.Found, wants []ledger.Expectation, ours, alt []float64) tableConvention {
	t := tableConvention{words: words, table: table, found: found}
	for i, w := range wants {
		t.Add(w.Accepts(ours[i]), w.Accepts(alt[i]))
	}
	return t
}

// explain gives e (the cell of want) its reason when the convention is
// justified and its value alt is within want; otherwise, when e differs,
// it appends the convention's value and note to our value and leaves e
// unexplained.
func (t tableConvention) explain(e *ledger.Entry, want ledger.Expectation, alt float64, digits int, note string) {
	if e.Verdict != ledger.Differs {
		return
	}
	if t.Justified() && want.Accepts(alt) {
		e.ExplainedBy(t.found, fmt.Sprintf("%s, applied to every comparable cell of %s (%d of %d within their tolerance, against %d as computed), it is %.*f, within %s of the paper's",
			t.words, t.table, t.Within, t.N, t.AsComputed, digits, alt, want.Tolerance()))
		return
	}
	e.Measured(fmt.Sprintf("%s: %.*f, %d of %d cells of %s within, against %d as computed%s",
		t.words, digits, alt, t.Within, t.N, t.table, t.AsComputed, note))
}

// tiesFound is found for a tie reading: tied runtimes at random positions
// is a random procedure, measured at one seed.
func tiesFound(found ledger.Found, ties locality.Ties) ledger.Found {
	if ties == locality.TiesRandom {
		return found.AtSeeds(1, 1)
	}
	return found
}
