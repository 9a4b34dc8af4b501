package zakay2014

import (
	"strings"
	"testing"

	"gonum.org/v1/gonum/floats/scalar"

	"github.com/tracelab/tracelab/repro/study"
)

// TestAdjustedCausesLogs: on the two logs of quick mode, the adjusted
// model with each batch's delay as in the log (ownDelay) and the
// conventional simulation with the sessions shifted within ±half a week
// (flattenedWait, seeds 2015–2017), relative to the conventional EASY
// wait. Reference values: this package's own run, session 25 (a scratch
// model taking the log's reason gave the same 1.0345 and 0.9016; a scratch
// shift with another random stream gave KTH 0.87–1.03, SDSC-SP2 1.01–1.12).
func TestAdjustedCausesLogs(t *testing.T) {
	s := New(study.Options{})
	for _, c := range []struct {
		log       string
		own       float64
		flattened []float64
	}{
		{"KTH-SP2", 1.0345, []float64{0.9571, 0.9273, 0.9647}},
		{"SDSC-SP2", 0.9016, []float64{1.0069, 1.1018, 0.9861}},
	} {
		cmp, err := s.comparison(comparisonKey{log: c.log, scheduler: "easy"})
		if missing(err) {
			t.Skip(err)
		}
		if err != nil {
			t.Fatal(err)
		}
		conv := cmp.Run("conventional").Summary.AvgWait
		var row tableIRow
		row.waits = map[string]float64{"conventional": conv}
		if err := row.adjustedCauses(s, c.log); err != nil {
			t.Fatal(err)
		}
		if got := row.ownDelay / conv; !scalar.EqualWithinAbs(got, c.own, 5e-5) {
			t.Errorf("%s: own delays %.4f × the conventional wait, want %.4f", c.log, got, c.own)
		}
		for k, f := range row.flattened {
			if got := f / conv; !scalar.EqualWithinAbs(got, c.flattened[k], 5e-5) {
				t.Errorf("%s: flattened at seed %d %.4f × the conventional wait, want %.4f", c.log, s.seed()+uint64(k+1), got, c.flattened[k])
			}
		}
	}
}

// TestAdjustedCauseNotes: the notes appear only where measured.
func TestAdjustedCauseNotes(t *testing.T) {
	row := tableIRow{waits: map[string]float64{"conventional": 100}}
	if row.flattenedNote() != "" || row.ownDelayNote() != "" {
		t.Errorf("notes without measurements: %q %q", row.flattenedNote(), row.ownDelayNote())
	}
	row.ownDelay, row.flattened, row.flatFrom = 103, []float64{90, 100, 110}, 2015
	for _, c := range []struct{ got, want string }{
		{row.flattenedNote(), "3 seeds from 2015) gives 0.90, 1.00, 1.10× the conventional waits (mean 1.00)"},
		{row.ownDelayNote(), "a reading of ours) 1.03"},
	} {
		if !strings.Contains(c.got, c.want) {
			t.Errorf("%q does not contain %q", c.got, c.want)
		}
	}
}
