package zakay2013

import (
	"math"
	"strings"
	"testing"

	"gonum.org/v1/gonum/stat"

	"github.com/tracelab/tracelab/repro/ledger"
)

// TestTableVIRangeCoversResampled: §5.2's "for runtimes ... the average
// stack depth found is between 13 and 36" speaks of the runtime cells of
// Table VI, both columns (Orig. and Resamp.): the resampled logs' mean is
// checked too, where they were measured. Made-up depths: log A's original
// is inside the range and its resampled mean above it; log B has no
// resampled logs (quick mode), so no such entry. Every blanked cell states
// the reading of the depth it uses (depthBasis).
func TestTableVIRangeCoversResampled(t *testing.T) {
	t.Parallel()
	r := &TableVIResult{rows: []stackRow{
		{log: "A", orig: []float64{30, 4, 2}, mean: []float64{37, 4, 2}, sd: []float64{0.5, 0.1, 0.1},
			variants: 8, origSE: []float64{0.4, 0.1, 0.1}, boots: 20},
		{log: "B", orig: []float64{20, 3, 1}, mean: nans(3), sd: nans(3)},
	}}
	l := ledger.New("zakay2013")
	r.Claims(l)
	got := map[string]ledger.Entry{}
	for _, e := range l.Entries() {
		got[e.ID] = e
		if e.PaperValue == "blank" && e.Verdict == ledger.NotComparable && !strings.Contains(e.Reason, depthBasis) {
			t.Errorf("%s: reason %q does not state the depth's reading", e.ID, e.Reason)
		}
	}
	for id, want := range map[string]ledger.Verdict{
		"table6/A/runtime/range": ledger.Agrees, "table6/A/runtime/resampled_range": ledger.Differs, "table6/B/runtime/range": ledger.Agrees,
	} {
		e, ok := got[id]
		if !ok {
			t.Errorf("no entry %s", id)
			continue
		}
		if e.Verdict != want {
			t.Errorf("%s: verdict %s, want %s (ours %s)", id, e.Verdict, want, e.OurValue)
		}
	}
	if e, ok := got["table6/B/runtime/resampled_range"]; ok {
		t.Errorf("table6/B/runtime/resampled_range without resampled logs: %s", e.OurValue)
	}
}

// TestSDReading: the resampled_sd cells give the other standard deviation
// too. Of 1, 2, 3, 4 the sample SD (n − 1) is √(5/3) = 1.291 and the
// population SD (n) √(5/4) = 1.118 (by hand); Tables VI–VII's cells hold
// the sample SD, as stat.MeanStdDev computes it.
func TestSDReading(t *testing.T) {
	t.Parallel()
	_, sd := stat.MeanStdDev([]float64{1, 2, 3, 4}, nil)
	if math.Abs(sd-math.Sqrt(5.0/3)) > 1e-12 {
		t.Fatalf("stat.MeanStdDev: SD %v, want the sample SD √(5/3)", sd)
	}
	if got := sdReading(sd, 4); !strings.HasSuffix(got, "divided by n it is 1.1") {
		t.Errorf("sdReading(%v, 4) = %q, want the population SD 1.118 to 2 digits", sd, got)
	}
}

// TestMuchLower: §5.2's "for the other attributes it is much lower" is the
// ledger's "much" (ledger.Much): below the runtime's depth over the
// likeness factor 1.25, by more than 2 SE of the difference. Made-up
// depths: the runtime's 30 puts the factor's bound at 24.
func TestMuchLower(t *testing.T) {
	for _, c := range []struct {
		name   string
		orig   []float64
		origSE []float64
		req    bool // requested runtime much lower
		procs  bool // processors much lower
	}{
		{"well below, no SE measured", []float64{30, 6, 3}, nil, true, true},
		{"at the factor's bound is not below it", []float64{30, 24, 3}, nil, false, true},
		{"below the bound by less than 2 SE", []float64{30, 23, 3}, []float64{0.3, 0.4, 0.1}, false, true}, // 24 − 2·0.5 = 23
		{"below the bound by more than 2 SE", []float64{30, 22.9, 3}, []float64{0.3, 0.4, 0.1}, true, true},
		{"lower but not by the factor", []float64{30, 25, 29}, nil, false, false},
		{"no runtime depth", []float64{math.NaN(), 1, 1}, nil, false, false},
	} {
		row := stackRow{orig: c.orig, origSE: c.origSE}
		if got := muchLower(row, 1); got != c.req {
			t.Errorf("%s: requested runtime much lower = %v, want %v", c.name, got, c.req)
		}
		if got := muchLower(row, 2); got != c.procs {
			t.Errorf("%s: processors much lower = %v, want %v", c.name, got, c.procs)
		}
	}
}
