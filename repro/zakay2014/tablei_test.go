package zakay2014

import (
	"math"
	"strings"
	"testing"

	"gonum.org/v1/gonum/floats/scalar"

	"github.com/tracelab/tracelab/analytics/users"
	"github.com/tracelab/tracelab/repro/ledger"
	"github.com/tracelab/tracelab/sim/feedback"
)

// TestWaitsWithin: over the log's span, the conventional simulation's
// waits are sim.Summary's average (its arrivals are the logged ones, all
// within the span); after a warm-up of a tenth, each simulation's are the
// mean wait, summed here job by job, of the jobs that ended and arrived
// after the first tenth of its span (first arrival to last end), fewer
// than all.
func TestWaitsWithin(t *testing.T) {
	t.Parallel()
	ca, err := quick.comparison(comparisonKey{log: "KTH-SP2", scheduler: "easy"})
	if missing(err) {
		t.Skip(err)
	}
	if err != nil {
		t.Fatal(err)
	}
	span := waitsWithin(ca, logSpan)
	if want := ca.Run("conventional").Summary.AvgWait; !scalar.EqualWithinRel(span["conventional"], want, 1e-12) {
		t.Errorf("conventional: waits over the log's span %v, sim.Summary %v", span["conventional"], want)
	}
	tenth := waitsWithin(ca, warmUp)
	for _, n := range simulations {
		r := ca.Run(n).Sim
		first, last := math.Inf(1), math.Inf(-1)
		for k := range r.Submit {
			if !math.IsNaN(r.End[k]) {
				first, last = math.Min(first, r.Submit[k]), math.Max(last, r.End[k])
			}
		}
		sum, m, ended := 0.0, 0, 0
		for k := range r.Submit {
			if math.IsNaN(r.End[k]) {
				continue
			}
			ended++
			if r.Submit[k] >= first+0.1*(last-first) {
				sum += r.Start[k] - r.Submit[k]
				m++
			}
		}
		if m == 0 || m == ended {
			t.Fatalf("%s: %d of %d jobs after the warm-up", n, m, ended)
		}
		if want := sum / float64(m); !scalar.EqualWithinRel(tenth[n], want, 1e-9) {
			t.Errorf("%s: waits after the first tenth %v, summed job by job %v", n, tenth[n], want)
		}
	}
}

// TestTableIMostWorkloadsMoreThanHalf: "For most of the workloads, this
// leads to ... long wait times (Table I)" (§VII-B) is more than half of
// the logs. Made-up waits: with the distribution-based model waiting
// longer than the conventional simulation on one of two logs the fraction
// is one half, not "most" (AtLeast(0.5) accepted it: quick mode simulates
// two logs); on two of three it is most.
func TestTableIMostWorkloadsMoreThanHalf(t *testing.T) {
	t.Parallel()
	row := func(name string, distribution float64) tableIRow {
		return tableIRow{log: paperLog{Paper: name, Catalog: name}, ok: true, jobs: 10, loggedWait: 100,
			waits: map[string]float64{"conventional": 100, "adjusted": 50, "distribution": distribution, "fluid": 80}}
	}
	for _, c := range []struct {
		rows []tableIRow
		want ledger.Verdict
	}{
		{[]tableIRow{row("A", 120), row("B", 80)}, ledger.Differs},
		{[]tableIRow{row("A", 120), row("B", 80), row("C", 150)}, ledger.Agrees},
	} {
		l := ledger.New("zakay2014")
		(&TableIResult{rows: c.rows}).Claims(l)
		e, ok := l.Lookup("table1/distribution-longer")
		if !ok {
			t.Errorf("%d logs: no table1/distribution-longer entry", len(c.rows))
		} else if e.Verdict != c.want {
			t.Errorf("%d logs: fraction longer %s: verdict %s, want %s (paper %s)", len(c.rows), e.OurValue, e.Verdict, c.want, e.PaperValue)
		}
	}
}

// TestTableISeeds: with further seeds, Table I's random models' directions
// are judged on the mean over seeds beyond 2 SE of it (ledger.WordRule);
// from one run, strictly, and the entry says so. Made-up ratios, worked by
// hand: 0.8, 0.9, 1.0, 0.9 have mean 0.9, SD √(0.02/3) = 0.08165, SE
// 0.04082, so "shorter" needs a mean below 0.91835: holds; 0.9, 1.0, 1.1,
// 1.0 have mean 1.0: fails; 0.95 alone (one run) is below 1: holds,
// strictly. For the distribution model, ratios 1.05, 1.25, 0.85, 1.05
// (mean 1.05, SE 0.08165) are not beyond 1 + 2 SE, while 1.05 alone is.
func TestTableISeeds(t *testing.T) {
	t.Parallel()
	row := func(name string, fluid ...float64) tableIRow {
		r := tableIRow{log: paperLog{Paper: name, Catalog: name}, ok: true, jobs: 10, loggedWait: 100,
			waits: map[string]float64{"conventional": 100, "adjusted": 50, "distribution": 105, "fluid": 100 * fluid[0]}}
		dist := []float64{125, 85, 105}
		for i, f := range fluid[1:] {
			r.seeds = append(r.seeds, map[string]float64{"distribution": dist[i], "fluid": 100 * f})
		}
		return r
	}
	for _, c := range []struct {
		row      tableIRow
		want     ledger.Verdict
		mean, se float64
		longer   ledger.Verdict // table1/distribution-longer on this log alone
		note     string
	}{
		{row("A", 0.8, 0.9, 1.0, 0.9), ledger.Agrees, 0.9, 0.040825, ledger.Differs, "mean of 4 seeds (7: 0.8000, 8: 0.9000, 9: 1.0000, 10: 0.9000); SE of the mean 0.0408"},
		{row("B", 0.9, 1.0, 1.1, 1.0), ledger.Differs, 1.0, 0.040825, ledger.Differs, "mean of 4 seeds"},
		{row("C", 0.95), ledger.Agrees, 0.95, 0, ledger.Agrees, "one run (seed 7); replicate error not measured"},
	} {
		m, se, _ := overSeeds(c.row.seedRatios("fluid"), 7)
		if !scalar.EqualWithinAbs(m, c.mean, 1e-12) || !scalar.EqualWithinAbs(se, c.se, 1e-6) {
			t.Errorf("%s: mean %v, SE %v; want %v, %v", c.row.log.Paper, m, se, c.mean, c.se)
		}
		l := ledger.New("zakay2014")
		(&TableIResult{rows: []tableIRow{c.row}, seed: 7}).Claims(l)
		e, ok := l.Lookup("table1/" + c.row.log.Paper + "/fluid-shorter")
		switch {
		case !ok:
			t.Errorf("%s: no fluid-shorter entry", c.row.log.Paper)
		case e.Verdict != c.want:
			t.Errorf("%s: fluid-shorter %s: verdict %s, want %s (paper %s)", c.row.log.Paper, e.OurValue, e.Verdict, c.want, e.PaperValue)
		case !strings.Contains(e.OurValue, c.note):
			t.Errorf("%s: fluid-shorter value %q does not say %q", c.row.log.Paper, e.OurValue, c.note)
		}
		if e, ok := l.Lookup("table1/distribution-longer"); !ok || e.Verdict != c.longer {
			t.Errorf("%s: distribution-longer %+v, want verdict %s", c.row.log.Paper, e, c.longer)
		}
	}
}

// TestTableITallyBySeeds: the convention tally counts the fluid model's
// claim as logged by the rule its entry is judged by — the mean over the
// seeds beyond 2 SE (ledger.WordRule) —, not by the ledger's seed alone.
// Made-up waits, worked by hand: three logs whose fluid ratio is 0.9 at
// the ledger's seed (below 1, strictly). On A and B the further seeds give
// 1.0, 1.1, 1.0: mean 1.0, SE √(0.02/3)/2 = 0.0408, not below 1 − 2 SE; on
// C 0.9, 0.9, 0.9: mean 0.9, SE 0, holds. With cancelled jobs left out
// (one run at the ledger's seed, strictly) every log's ratio is 0.8 and
// the adjusted model's 0.5 as logged. Counted over the six claims, the
// convention makes 6 hold against 4 as logged: a net gain of 2, justified
// (ledger.Tally), so it explains A's and B's fluid-shorter. Counted on
// the single run (as before), 6 against 6: no gain, unexplained.
func TestTableITallyBySeeds(t *testing.T) {
	t.Parallel()
	row := func(name string, fluid ...float64) tableIRow {
		r := tableIRow{log: paperLog{Paper: name, Catalog: name}, ok: true, jobs: 10, loggedWait: 100,
			waits: map[string]float64{"conventional": 100, "adjusted": 50, "distribution": 150, "fluid": 100 * fluid[0]}}
		for _, f := range fluid[1:] {
			r.seeds = append(r.seeds, map[string]float64{"distribution": 150, "fluid": 100 * f})
		}
		r.alt = []altWaits{{c: noCancelled, dropped: 5, waits: map[string]float64{"conventional": 100, "adjusted": 50, "distribution": 150, "fluid": 80}}}
		return r
	}
	l := ledger.New("zakay2014")
	(&TableIResult{rows: []tableIRow{row("A", 0.9, 1.0, 1.1, 1.0), row("B", 0.9, 1.0, 1.1, 1.0), row("C", 0.9, 0.9, 0.9, 0.9)}, seed: 7}).Claims(l)
	for _, c := range []struct {
		log    string
		want   ledger.Verdict
		reason string
	}{
		{"A", ledger.Differs, "applied to every log and claim of Table I, cancelled jobs left out makes 6 of 6 hold, against 4 as logged"},
		{"B", ledger.Differs, "makes 6 of 6 hold, against 4 as logged"},
		{"C", ledger.Agrees, ""},
	} {
		e, ok := l.Lookup("table1/" + c.log + "/fluid-shorter")
		switch {
		case !ok:
			t.Errorf("%s: no fluid-shorter entry", c.log)
		case e.Verdict != c.want:
			t.Errorf("%s: fluid-shorter %s: verdict %s, want %s", c.log, e.OurValue, e.Verdict, c.want)
		case !strings.Contains(e.Reason, c.reason) || (c.reason == "") != (e.Reason == ""):
			t.Errorf("%s: fluid-shorter reason %q, want %q", c.log, e.Reason, c.reason)
		}
	}
}

// TestCycleStrength: the adjusted model's cycles relative to the log's, by
// hand. The log submits 2 jobs in each of the week's first 84 hours and
// none in the others (profile 2/168 or 0, deviations ±1/168); the model 3
// and 1 (deviations ±1/336, the same mean 1/168): half the log's CV. A
// model spreading its jobs evenly has no cycle (0).
func TestCycleStrength(t *testing.T) {
	var log, half, even [168]int
	for h := range 168 {
		log[h], half[h], even[h] = 0, 1, 1
		if h < 84 {
			log[h], half[h] = 2, 3
		}
	}
	for _, c := range []struct {
		model [168]int
		want  float64
	}{{half, 0.5}, {even, 0}} {
		cmp := &feedback.Comparison{Original: users.Marginals{HourOfWeek: log},
			Runs: []feedback.Run{{Name: "adjusted", Marginals: users.Marginals{HourOfWeek: c.model}}}}
		if got := cycleStrength(cmp, "adjusted"); !scalar.EqualWithinAbs(got, c.want, 1e-12) {
			t.Errorf("cycle strength %v, want %v", got, c.want)
		}
	}
}
