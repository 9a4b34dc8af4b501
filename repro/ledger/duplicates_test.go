package ledger

import (
	"strings"
	"testing"
)

func TestDuplicates(t *testing.T) {
	t.Parallel()
	l := New("demo")
	// One paper value compared under two readings: one claim twice.
	l.Check("Table 1", "t1/shift0", "SDSC-BLUE runtimes, shift 0 days, M'_max (log zone)", Near(0.32, 0.01), 0.33)
	l.Check("Table 1", "t1/utc-7/shift0", "SDSC-BLUE runtimes,  shift 0 days: M'_max (UTC−7)", Near(0.32, 0.01), 0.32)
	// Same words, another item or another kind: not duplicates.
	l.Check("Table 2", "t2/shift0", "SDSC-BLUE runtimes, shift 0 days, M'_max", Near(0.32, 0.01), 0.33)
	l.Own("Table 1", "t1/ours", "SDSC-BLUE runtimes, shift 0 days, M'_max", Near(0.32, 0.01), 0.33)
	// Other logs with equal values are not duplicates.
	l.Check("Table 3", "t3/A", "A: share equal", Near(0.1, 0.05), 0.1).InTable("Table 3", "A", "equal")
	l.Check("Table 3", "t3/B", "B: share equal", Near(0.1, 0.05), 0.1).InTable("Table 3", "B", "equal")
	// One table cell twice.
	l.Check("Table 3", "t3/A/text", "A: the text's share equal", Near(0.1, 0.05), 0.1).InTable("Table 3", "A", "equal")
	var got []string
	for _, d := range Duplicates(l.Entries()) {
		got = append(got, d.String())
	}
	want := []string{
		"demo Table 1: t1/shift0 and t1/utc-7/shift0: same statement",
		"demo Table 3: t3/A and t3/A/text: same table cell",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("Duplicates:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
