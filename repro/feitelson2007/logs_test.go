package feitelson2007

import (
	"strings"
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

// TestProcsReason: Table 6's processors are explained by the archive's
// description of the machine only when it gives the paper's count.
func TestProcsReason(t *testing.T) {
	t.Parallel()
	ctc := logRow{log: table6Log{file: "CTC-SP2-1996-2.1-cln", catalog: "CTC-SP2", procs: 430}, name: "v", procs: 338}
	if got := ctc.procsReason(); !strings.Contains(got, "the paper's 430 (CTC-SP2-1996-2.1-cln) is that partition, ours, 338") {
		t.Errorf("CTC-SP2: %q", got)
	}
	other := ctc
	other.log.procs = 512
	if got := other.procsReason(); got != "" {
		t.Errorf("a count the archive does not give is explained: %q", got)
	}
	kth := logRow{log: table6Log{file: "KTH-SP2-1996-2", catalog: "KTH-SP2", procs: 100}, procs: 100}
	if got := kth.procsReason(); got != "" {
		t.Errorf("KTH-SP2 (no archive count): %q", got)
	}
}
