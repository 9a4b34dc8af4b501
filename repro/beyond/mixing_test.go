package beyond

import (
	"math"
	"testing"

	"github.com/tracelab/tracelab/tables"
)

// TestMixingFrameProcs: the average of the logs runs on no machine, so
// its processors are missing (shown "—"), not 0; the mix and each log keep
// theirs.
func TestMixingFrameProcs(t *testing.T) {
	t.Parallel()
	r := &MixingResult{rows: []mixingRow{
		{name: "mix", procs: 1152, jobs: 58277},
		{name: "SDSC-SP2", procs: 128, jobs: 31234},
		{name: "average of logs", jobs: 59970},
	}}
	df := r.frame()
	if df.Err != nil {
		t.Fatal(df.Err)
	}
	procs := df.Col("procs").Float()
	if procs[0] != 1152 || procs[1] != 128 || !math.IsNaN(procs[2]) {
		t.Errorf("procs %v, want [1152 128 NaN]", procs)
	}
	tb, err := tables.Format(df, nil, tables.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if got := tb.Rows[2][2]; got != tables.Missing {
		t.Errorf("the average's processors read %q, want %q", got, tables.Missing)
	}
	if got := tb.Rows[0][2]; got != "1,152" {
		t.Errorf("the mix's processors read %q, want 1,152", got)
	}
}
