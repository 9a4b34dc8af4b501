package feitelson2021

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/go-gota/gota/series"
	"github.com/tracelab/tracelab/repro/ledger"
)

// saturationStable is table1/saturation's rule on the sweep: some open
// simulation saturates (saturatedAt: 2013 §6.3's test on the mean of its
// slope over the replicates), and wherever one does, the feedback one's longest queue stays
// below the open one's (queueBounded: "leads to stability" against the
// open runs' saturation is a direction, ledger.WordRule's reference 1 for
// the ratio, beyond 2 SE of the paired replicates; not a tenth of ours).
// worst is the largest ratio of the means there.
func (r *Fig17Result) saturationStable() (holds bool, worst float64) {
	anySat, stable := false, true
	for _, sch := range []string{"fcfs", "easy"} {
		op, fb := r.meanOf([2]string{"open", sch}), r.meanOf([2]string{"feedback", sch})
		for k := range r.loads {
			if op.saturatedAt(k) {
				anySat = true
				b, _ := queueBounded(r.byRep[[2]string{"feedback", sch}], r.byRep[[2]string{"open", sch}], k)
				stable = stable && b
				worst = math.Max(worst, fb.maxQueue[k]/op.maxQueue[k])
			}
		}
	}
	return anySat && stable, worst
}

// saturationClaims judges the four claims of Table 1 and Fig. 12 that read
// 2013 §6.3's saturation test, each by its entry's rule, on the sweep r:
// table1/throughput-oblivious (every unsaturated open run's throughput
// alike its arrivals, throughputAlike), table1/saturation (saturationStable), and
// fig12/fcfs/equilibrium and fig12/easy/equilibrium at the largest
// population (fig12Populations.holds, on the sweep's runs, which
// equilibriumRuns reruns). dev is the first's largest difference. Fig. 17's
// claims and the other claims of Table 1 and Fig. 12 do not read the test.
func (r *Fig17Result) saturationClaims() (holds [4]bool, dev float64) {
	d, _ := r.openThroughputDeviation(false)
	holds[0] = d.Beyond == 0
	holds[1], _ = r.saturationStable()
	p, last := r.populations(nil), len(r.loads)-1
	holds[2], holds[3] = p.holds("fcfs", last), p.holds("easy", last)
	return holds, d.Dev
}

// withTest returns the sweep r restricted to the replicates reps (in the
// order given, renumbered from 0), its saturated and saturation_slope
// columns replaced, when allWeeks, by saturated_all_weeks and
// saturation_slope_all_weeks (the test keeping every week,
// sim.SaturationOptions.NoDrop).
func (r *Fig17Result) withTest(reps []int, allWeeks bool) (*Fig17Result, error) {
	rep := r.Frame.Col("replicate").Float()
	var rows, renum []int
	for i, v := range rep {
		if k := slices.Index(reps, int(v)); k >= 0 {
			rows, renum = append(rows, i), append(renum, k)
		}
	}
	df := r.Frame.Subset(rows).Mutate(series.New(renum, series.Int, "replicate"))
	if allWeeks {
		all := df.Col("saturated_all_weeks").Copy()
		all.Name = "saturated"
		slope := df.Col("saturation_slope_all_weeks").Copy()
		slope.Name = "saturation_slope"
		df = df.Mutate(all).Mutate(slope)
	}
	if df.Err != nil {
		return nil, df.Err
	}
	v := &Fig17Result{Frame: df, loads: r.loads, reps: len(reps), byRep: map[[2]string][]sweepMeans{}}
	return v, v.readReplicates()
}

// noDropTally is the saturation test keeping every week
// (sim.SaturationOptions.NoDrop) counted over the claims that read the
// test (saturationClaims), against the test as computed: over all the
// sweep's replicates, and at each replicate alone (the seeds of
// ledger.SeedsRule).
type noDropTally struct {
	all    ledger.Tally
	perRep []ledger.Tally
	// held counts the replicates at which the reading alone brings
	// table1/throughput-oblivious within; devs are its largest difference
	// at each, keeping every week.
	held int
	devs []float64
	err  error
}

// noDropTallies measures noDropTally on the sweep.
func (r *Fig17Result) noDropTallies() noDropTally {
	var t noDropTally
	tally := func(reps []int) (ledger.Tally, bool, float64) {
		var tl ledger.Tally
		was, err := r.withTest(reps, false)
		if err != nil {
			t.err = err
			return tl, false, math.NaN()
		}
		now, err := r.withTest(reps, true)
		if err != nil {
			t.err = err
			return tl, false, math.NaN()
		}
		hw, _ := was.saturationClaims()
		hn, dev := now.saturationClaims()
		for i := range hw {
			tl.Add(hw[i], hn[i])
		}
		return tl, hn[0], dev
	}
	all := make([]int, r.reps)
	for k := range all {
		all[k] = k
	}
	t.all, _, _ = tally(all)
	for k := range r.reps {
		tl, within, dev := tally([]int{k})
		t.perRep, t.devs = append(t.perRep, tl), append(t.devs, dev)
		if within {
			t.held++
		}
	}
	return t
}

// justified says whether the tally makes the reading a reason by
// ledger.SeedsRule: its net gain averaged over the replicates at least 2
// (ledger.JustifiedOverSeeds).
func (t noDropTally) justified() bool { return t.err == nil && ledger.JustifiedOverSeeds(t.perRep) }

// text is the tally: pooled, and each replicate's net gain.
func (t noDropTally) text() string {
	if t.err != nil {
		return fmt.Sprintf("not tallied (%v)", t.err)
	}
	gains := make([]string, len(t.perRep))
	sum := 0
	for k, tl := range t.perRep {
		g := tl.Within - tl.AsComputed
		gains[k], sum = fmt.Sprintf("%+d", g), sum+g
	}
	return fmt.Sprintf("applied to the %d claims that read the test (table1/throughput-oblivious, table1/saturation, fig12/fcfs/equilibrium, fig12/easy/equilibrium; Fig. 17's claims do not read it), over the %d replicates it makes %d hold (gained %d, lost %d), against %d as computed; replicate by replicate its net gain is %s (%.2f on average; a reason needs 2, ledger.JustifiedOverSeeds)",
		t.all.N, len(t.perRep), t.all.Within, t.all.Gained, t.all.Lost, t.all.AsComputed, strings.Join(gains, ", "), float64(sum)/float64(len(t.perRep)))
}

// noDropReading shows on table1/throughput-oblivious (e) the saturation
// test keeping every week (all, which flags caught of the d.Beyond runs
// not alike, throughputAlike) beside ours (d), with its tally t over the claims that read
// the test. It is a reason only by ledger.SeedsRule: it brings the entry
// within and its net gain averaged over the replicates is at least 2
// (REPRODUCTION.md, Verdicts); otherwise it is shown as measured.
func noDropReading(e *ledger.Entry, d, all openDeviation, caught int, t noDropTally) *ledger.Entry {
	text := fmt.Sprintf("the saturation test's convention: 2013 §6.3's test leaves out the last 20%% of the weeks, and the run of the largest difference ends its window with %d jobs outstanding; "+
		"the same test keeping every week (sim.SaturationOptions.NoDrop) flags %d of the %d runs not alike (ratio outside 0.8–1.25), leaving %d open runs unsaturated whose largest difference is %.1f%% (%s at %g× users); %s",
		d.Outstanding, caught, d.Beyond, all.Runs, 100*all.Dev, all.Scheduler, all.Load, t.text())
	switch {
	case e.Verdict != ledger.Differs:
		return e.Measured(text)
	case all.Beyond > 0 || !t.justified():
		return e.Measured(text + ", so not a reason")
	case len(t.perRep) < 2:
		return e.ExplainedBy(ledger.OneReading().AtSeeds(t.held, 1), text)
	}
	return e.ExplainedBy(ledger.OneReading().OverSeeds(true, t.held, len(t.perRep)), text)
}
