package feitelson2007

import (
	"fmt"

	"github.com/tracelab/tracelab/repro/ledger"
)

// A tableConvention is a reading the paper does not state (days cut at
// midnight of a fixed UTC−7; SDSC-Par-1996 counted twice, standing in for
// the Paragon log we lack), applied to every comparable cell of a table.
// As lublin2003's conventions are, it is the reason of a differing cell
// only when it is justified for the whole table — it brings more of the
// table's cells within their tolerance than our reading does — and it
// brings that cell within; a convention is never chosen for one cell. A
// cell it does not explain stays unexplained, with what the convention
// gives in our value.
type tableConvention struct {
	words, table              string
	within, asComputed, cells int
}

// countConvention counts the convention described by words over the cells
// of table: wants[i] the paper's value, ours[i] our reading, alt[i] the
// convention's.
func countConvention(words, table string, wants []ledger.Expectation, ours, alt []float64) tableConvention {
	t := tableConvention{words: words, table: table, cells: len(wants)}
	for i, w := range wants {
		if w.Accepts(ours[i]) {
			t.asComputed++
		}
		if w.Accepts(alt[i]) {
			t.within++
		}
	}
	return t
}

func (t tableConvention) justified() bool { return t.within > t.asComputed }

// explain gives e (the cell of want) its reason when the convention is
// justified and its value alt is within want; otherwise, when e differs,
// it appends the convention's value and note to our value and leaves e
// unexplained.
func (t tableConvention) explain(e *ledger.Entry, want ledger.Expectation, alt float64, digits int, note string) {
	if e.Verdict != ledger.Differs {
		return
	}
	if t.justified() && want.Accepts(alt) {
		e.Reason = fmt.Sprintf("%s, applied to every comparable cell of %s (%d of %d within their tolerance, against %d as computed), it is %.*f, within %s of the paper's",
			t.words, t.table, t.within, t.cells, t.asComputed, digits, alt, want.Tolerance())
		return
	}
	e.OurValue += fmt.Sprintf(" (%s: %.*f, %d of %d cells of %s within, against %d as computed%s)",
		t.words, digits, alt, t.within, t.cells, t.table, t.asComputed, note)
}
