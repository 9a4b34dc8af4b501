package feitelson2021

import (
	"math"
	"testing"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/repro/ledger"
	"github.com/tracelab/tracelab/sim"
)

// TestLowLoadTolerance: §4.4's "a utilization of only 25% of capacity or
// so" is a printed number, 0.25 ± 0.005 by the ledger's rule
// (ledger.Printed: half a unit of its last digit; a log's utilization is a
// deterministic statistic, no standard error), shown against the log of
// ours nearest 25%. The paper names no log ("some logs" of the archive),
// so ours is a stand-in: not comparable whichever way it falls — a log at
// half the paper's value (OSC-Clust's 0.128 under EASY in the full ledger)
// and one at 0.252 alike. (It was "at most 0.35", under which 0.128
// agreed; then 0.128 differed.)
func TestLowLoadTolerance(t *testing.T) {
	for _, tt := range []struct {
		utils   map[string]float64
		want    ledger.Verdict
		nearest float64
	}{
		{map[string]float64{"OSC-Clust": 0.128, "HPC2N": 0.601, "CTC-SP2": 0.841}, ledger.NotComparable, 0.128},
		{map[string]float64{"OSC-Clust": 0.128, "X": 0.252, "HPC2N": 0.601}, ledger.NotComparable, 0.252},
		{map[string]float64{"X": 0.3, "Y": 0.2456}, ledger.NotComparable, 0.2456},
	} {
		r := &OpenResult{easy: map[string]sim.Summary{}, fcfs: map[string]sim.Summary{}, sat: map[[2]string]bool{},
			LowLog: "OSC-Clust", LowUtil: 0.128, LowScaled: 0.37}
		for name, u := range tt.utils {
			r.Logs = append(r.Logs, name)
			r.easy[name] = sim.Summary{Utilization: u}
		}
		l := ledger.New(Key)
		r.Claims(l)
		e, ok := l.Lookup("open/low-load-logs")
		if !ok || e.Verdict != tt.want || e.StandIn == "" || e.Number() != tt.nearest || e.Want == nil || e.Want.Form != "near" || e.Want.V != 0.25 || e.Want.Abs != 0.005 {
			t.Errorf("%v: %+v, want %s at %v, 0.25 ± 0.005", tt.utils, e, tt.want, tt.nearest)
		}
	}
}

// TestLowLoadWeeks checks the low-load log's work by week of submission
// (weeklyOffered) and its means over the span, without its edge weeks and
// over its busiest 52 weeks (lowLoadSpans). Reference values are computed
// by hand.
func TestLowLoadWeeks(t *testing.T) {
	// A 10-processor machine: a week offers 10 × 604800 processor-seconds.
	// Week 0: 5 procs × 604800 s (0.5) and a job of unknown runtime; week
	// 2: 2 requested procs (allocated unknown) × 302400 s (0.1); week 1
	// empty.
	tr := &datasets.Trace{Header: datasets.Header{MaxProcs: 10}}
	for _, j := range []struct {
		submit, runtime float64
		procs, req      int
	}{{0, datasets.Week, 5, 5}, {100, math.NaN(), 4, 4}, {2*datasets.Week + 1, datasets.Week / 2, -1, 2}} {
		job := datasets.UnknownJob()
		job.Submit, job.Runtime, job.Procs, job.ReqProcs = j.submit, j.runtime, j.procs, j.req
		tr.Append(job)
	}
	got := weeklyOffered(tr)
	if want := []float64{0.5, 0, 0.1}; len(got) != 3 || math.Abs(got[0]-want[0]) > 1e-12 || got[1] != 0 || math.Abs(got[2]-want[2]) > 1e-12 {
		t.Errorf("weeklyOffered = %v, want %v", got, want)
	}
	// 100 weeks: 0 in the first 5 and the last 5, 0.1 between, except 0.4
	// in weeks 20–71 (52 weeks). Span: (52·0.4 + 38·0.1)/100 = 0.246;
	// without the 5 edge weeks each side, 24.6/90 = 0.27333; busiest 52
	// weeks 0.4.
	ws := make([]float64, 100)
	for k := 5; k < 95; k++ {
		ws[k] = 0.1
		if k >= 20 && k < 72 {
			ws[k] = 0.4
		}
	}
	span, trimmed, year := lowLoadSpans(ws)
	if math.Abs(span-0.246) > 1e-9 || math.Abs(trimmed-24.6/90) > 1e-9 || math.Abs(year-0.4) > 1e-9 {
		t.Errorf("lowLoadSpans = %g, %g, %g; want 0.246, 0.27333, 0.4", span, trimmed, year)
	}
}
