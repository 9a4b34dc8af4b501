package feitelson2007

import (
	"testing"

	"github.com/tracelab/tracelab/datasets"
)

// TestHeaderPeriod: the months of the header's StartTime and EndTime as
// written, from the headers of our logs (SDSC-BLUE-2000-4.2-cln,
// SDSC-SP2-1998-4.2-cln: Table 6 prints 4/2000–1/2003 and 4/1998–4/2000).
func TestHeaderPeriod(t *testing.T) {
	for _, c := range []struct{ start, end, want string }{
		{"Tue Apr 25 15:00:03 PDT 2000", "Wed Jan 01 03:25:42 PST 2003", "4/2000–1/2003"},
		{"Fri Apr 24 18:11:04 PDT 1998", "  Sat Apr 29 21:08:32 PDT 2000", "4/1998–4/2000"},
		{"Mon Sep  2 14:00:31 CEST 1996", "Fri Aug 29 10:55:01 CEST 1997", "9/1996–8/1997"},
		{"", "Wed Jan 01 03:25:42 PST 2003", ""},
		{"April 2000", "Wed Jan 01 03:25:42 PST 2003", ""},
	} {
		if got := headerPeriod(datasets.Header{StartTime: c.start, EndTime: c.end}); got != c.want {
			t.Errorf("headerPeriod(%q, %q) = %q, want %q", c.start, c.end, got, c.want)
		}
	}
}

// TestPaperMonths: Table 6's periods as month numbers (12·year + month − 1).
func TestPaperMonths(t *testing.T) {
	for _, c := range []struct {
		period string
		lo, hi int
	}{
		{"10/1994–9/1996", 12*1994 + 9, 12*1996 + 8},
		{"1/1996–12/1996", 12 * 1996, 12*1996 + 11},
	} {
		if lo, hi := paperMonths(c.period); lo != c.lo || hi != c.hi {
			t.Errorf("paperMonths(%q) = %d, %d, want %d, %d", c.period, lo, hi, c.lo, c.hi)
		}
	}
	for _, l := range table6 {
		paperMonths(l.period) // panics on a period Table 6 cannot hold
	}
}
