package zakay2014

import (
	"math"
	"testing"

	"gonum.org/v1/gonum/floats/scalar"

	"github.com/tracelab/tracelab/repro/ledger"
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
