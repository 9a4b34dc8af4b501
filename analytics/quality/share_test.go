package quality

import (
	"math"
	"strings"
	"testing"

	"github.com/tracelab/tracelab/datasets"
)

// TestShareLeftOut: rows the reader left out are counted over the rows
// read (Report.Rows = jobs + rows left out), every other anomaly over the
// jobs in the trace. Each log has 3 rows: one left out, one of the two
// kept with runtime −1; the reference shares 1/3 and 1/2 follow from
// that construction.
func TestShareLeftOut(t *testing.T) {
	t.Parallel()
	const tail = " 0 10 2 -1 -1 2 100 -1 1 1 1 -1 -1 -1 -1 -1\n"
	for _, c := range []struct {
		kind, submit string // the left-out row's anomaly and submit field
	}{
		{"unreadable_submit", "x"},             // not a number (UnreadableSkipped)
		{"missing_submit", "-1"},               // placeholder (PlaceholdersSkipped)
		{"submit_out_of_range_submit", "1e13"}, // beyond MaxTime (OutOfRangeSkipped)
	} {
		swf := "; MaxProcs: 8\n1 0" + tail + "2 " + c.submit + tail +
			"3 20 0 -1 2 -1 -1 2 100 -1 1 1 1 -1 -1 -1 -1 -1\n"
		tr, err := datasets.Read(strings.NewReader(swf), datasets.ReadOptions{Name: c.kind})
		if err != nil {
			t.Fatal(err)
		}
		r, err := Check(tr, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if r.Jobs != 2 || r.Rows != 3 {
			t.Errorf("%s: %d jobs, %d rows, want 2 and 3", c.kind, r.Jobs, r.Rows)
		}
		for _, want := range []struct {
			kind    string
			leftOut bool
			share   float64
		}{{c.kind, true, 1.0 / 3}, {"missing_runtime", false, 0.5}} {
			a, ok := find(r, want.kind)
			if !ok || a.LeftOut != want.leftOut || r.Share(a) != want.share {
				t.Errorf("%s: %s found %v, left out %v, share %v; want %v, %v", c.kind, want.kind, ok, a.LeftOut, r.Share(a), want.leftOut, want.share)
			}
		}
		for _, a := range r.Anomalies {
			if a.LeftOut && a.Kind != c.kind {
				t.Errorf("%s: %s marked left out", c.kind, a.Kind)
			}
		}
		if got := r.Frame().Col("share").Float(); len(got) != len(r.Anomalies) {
			t.Errorf("%s: frame has %d shares for %d anomalies", c.kind, len(got), len(r.Anomalies))
		} else {
			for k, a := range r.Anomalies {
				if got[k] != r.Share(a) {
					t.Errorf("%s: frame share of %s %v, Share %v", c.kind, a.Kind, got[k], r.Share(a))
				}
			}
		}
	}
	// No row to divide by.
	if s := (&Report{}).Share(Anomaly{Jobs: 1, LeftOut: true}); !math.IsNaN(s) {
		t.Errorf("share over no row %v, want NaN", s)
	}
	if s := (&Report{}).Share(Anomaly{Jobs: 1}); !math.IsNaN(s) {
		t.Errorf("share over no job %v, want NaN", s)
	}
}
