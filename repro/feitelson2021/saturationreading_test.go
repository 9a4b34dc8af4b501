package feitelson2021

import (
	"math"
	"strings"
	"testing"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
	"github.com/tracelab/tracelab/repro/ledger"
)

// sweepRow is one run of a hand-made sweep frame.
type sweepRow struct {
	load              float64
	rep               int
	sched, sim        string
	ended, maxQueue   float64
	saturated, allWks bool
}

// sweepFrame builds a sweep frame (feedback.LoadSweep's columns that
// Fig17Result reads) from rows; every run has 100 arrivals a week.
func sweepFrame(rows []sweepRow) dataframe.DataFrame {
	n := len(rows)
	load, ended, arr, mq, one := make([]float64, n), make([]float64, n), make([]float64, n), make([]float64, n), make([]float64, n)
	rep, out := make([]int, n), make([]int, n)
	sched, sim := make([]string, n), make([]string, n)
	sat, all := make([]bool, n), make([]bool, n)
	slope, slopeAll := make([]float64, n), make([]float64, n)
	// A run saturated has the slope 5 jobs per week, another 0.1: the
	// mean over replicates is above 1 (saturatedAt) when any is.
	slopeOf := func(b bool) float64 {
		if b {
			return 5
		}
		return 0.1
	}
	for i, r := range rows {
		load[i], rep[i], sched[i], sim[i], ended[i], mq[i], sat[i], all[i] = r.load, r.rep, r.sched, r.sim, r.ended, r.maxQueue, r.saturated, r.allWks
		arr[i], one[i], out[i] = 100, 1, int(r.maxQueue)
		slope[i], slopeAll[i] = slopeOf(r.saturated), slopeOf(r.allWks)
	}
	return dataframe.New(series.New(load, series.Float, "load"), series.New(rep, series.Int, "replicate"),
		series.New(one, series.Float, "users"), series.New(one, series.Float, "offered"),
		series.New(sched, series.String, "scheduler"), series.New(sim, series.String, "simulation"),
		series.New(ended, series.Float, "throughput_window_per_week"), series.New(arr, series.Float, "arrivals"),
		series.New(one, series.Float, "utilization"), series.New(one, series.Float, "avg_response"),
		series.New(mq, series.Float, "max_queue"), series.New(sat, series.Bool, "saturated"),
		series.New(all, series.Bool, "saturated_all_weeks"), series.New(out, series.Int, "outstanding_end"),
		series.New(slope, series.Float, "saturation_slope"), series.New(slopeAll, series.Float, "saturation_slope_all_weeks"))
}

// TestNoDropTallies counts the test keeping every week over the four
// claims that read the saturation test, on a hand-made sweep of 2
// replicates at 1× and 2× shaped like the full recording's: keeping every
// week flags FCFS's open runs at 1× (one 30% off its arrivals, not alike
// them: throughputAlike), so
// table1/throughput-oblivious comes within, but the feedback runs' longest
// queue there (1500) is not below the open ones' (1000: queueBounded), so
// table1/saturation is lost, and it flags FCFS's feedback run at 2× of
// replicate 1, so fig12/fcfs/equilibrium is lost there and over both.
// Expected values counted by hand: as computed [no, yes, yes, no] (the
// largest difference 30%), keeping every week [yes, no, no, no]; replicate
// 0: [no, yes, yes, no] → [yes, no, yes, no], net 0; replicate 1 (1%
// off): [yes, yes, yes, no] → [yes, no, no, no], net −2.
func TestNoDropTallies(t *testing.T) {
	var rows []sweepRow
	for rep := range 2 {
		ended1 := []float64{70, 99}[rep]
		rows = append(rows,
			sweepRow{1, rep, "fcfs", "open", ended1, 1000, false, true},
			sweepRow{2, rep, "fcfs", "open", 50, 10000, true, true},
			sweepRow{1, rep, "easy", "open", 100, 100, false, false},
			sweepRow{2, rep, "easy", "open", 100, 200, false, false},
			sweepRow{1, rep, "fcfs", "feedback", 100, 1500, false, false},
			sweepRow{2, rep, "fcfs", "feedback", 100, 300, false, rep == 1},
			sweepRow{1, rep, "easy", "feedback", 100, 10, false, false},
			sweepRow{2, rep, "easy", "feedback", 100, 10, false, false})
	}
	r := &Fig17Result{Frame: sweepFrame(rows), loads: []float64{1, 2}, reps: 2, byRep: map[[2]string][]sweepMeans{}}
	if err := r.readReplicates(); err != nil {
		t.Fatal(err)
	}
	got := r.noDropTallies()
	if got.err != nil {
		t.Fatal(got.err)
	}
	if want := (ledger.Tally{N: 4, AsComputed: 2, Within: 1, Gained: 1, Lost: 2}); got.all != want {
		t.Errorf("over both replicates: %+v, want %+v", got.all, want)
	}
	want := []ledger.Tally{{N: 4, AsComputed: 2, Within: 2, Gained: 1, Lost: 1}, {N: 4, AsComputed: 3, Within: 1, Lost: 2}}
	if len(got.perRep) != 2 || got.perRep[0] != want[0] || got.perRep[1] != want[1] {
		t.Errorf("by replicate: %+v, want %+v", got.perRep, want)
	}
	if got.held != 2 || got.justified() {
		t.Errorf("held %d, justified %v; want 2, false", got.held, got.justified())
	}
	// As computed, the view reproduces the sweep's own claims.
	v, err := r.withTest([]int{0, 1}, false)
	if err != nil {
		t.Fatal(err)
	}
	if h, dev := v.saturationClaims(); h != [4]bool{false, true, true, false} || math.Abs(dev-0.3) > 1e-12 {
		t.Errorf("as computed: %v, %g; want [false true true false], 0.3", h, dev)
	}
	if h, _ := r.saturationClaims(); h != [4]bool{false, true, true, false} {
		t.Errorf("the sweep itself: %v, want [false true true false]", h)
	}
}

// TestNoDropReading: the test keeping every week is a reason for
// table1/throughput-oblivious only by ledger.SeedsRule — within, and a net
// gain over the four claims that read the test averaging at least 2 over
// the replicates. The first case has the full recording's tallies (net
// gains −1, −1, 0 by replicate, measured on the sweep of seed 17 with
// TRACELAB_DATA set) on a run not alike its arrivals; the recording's own
// largest difference, 7.0%, is alike them (throughputAlike), so there the
// entry agrees and noDropReading only measures.
func TestNoDropReading(t *testing.T) {
	d := openDeviation{Dev: 0.070, Runs: 23, Beyond: 1, Load: 1, Scheduler: "FCFS", Outstanding: 1909}
	all := openDeviation{Dev: 0.011, Runs: 14, Load: 0.75, Scheduler: "FCFS"}
	net := func(g ...int) []ledger.Tally {
		ts := make([]ledger.Tally, len(g))
		for k, x := range g {
			ts[k] = ledger.Tally{N: 4, AsComputed: 2, Within: 2 + x}
		}
		return ts
	}
	for _, c := range []struct {
		name      string
		all       openDeviation
		perRep    []ledger.Tally
		explained bool
		text      string
	}{
		{"the full recording", all, net(-1, -1, 0), false, "-1, -1, +0 (-0.67 on average"},
		{"a mean gain of 2", all, net(2, 3, 1), true, "+2, +3, +1"},
		{"a mean gain below 2", all, net(3, 3, -1), false, "so not a reason"},
		{"gaining, but not within", openDeviation{Dev: 0.3, Beyond: 1}, net(2, 2, 2), false, "so not a reason"},
	} {
		e := ledger.New("test").Claim("Table 1", "table1/throughput-oblivious", "x", false, "7.0%").AsCheck("conservation")
		noDropReading(e, d, c.all, 1, noDropTally{all: ledger.Tally{N: 4}, perRep: c.perRep, held: 3})
		if c.explained != (e.Found != nil && !e.Unexplained()) {
			t.Errorf("%s: found %v, reason %q, unexplained %v; want explained %v", c.name, e.Found, e.Reason, e.Unexplained(), c.explained)
		}
		if c.explained && (!e.Found.Judged || !e.Found.Within || e.Found.Seeds != 3) {
			t.Errorf("%s: found %+v, want judged within over 3 seeds", c.name, *e.Found)
		}
		if got := e.OurValue + e.Reason; !strings.Contains(got, "keeping every week") || !strings.Contains(got, c.text) {
			t.Errorf("%s: %q does not contain %q", c.name, got, c.text)
		}
	}
}
