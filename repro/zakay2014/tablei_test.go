package zakay2014

import (
	"math"
	"testing"

	"gonum.org/v1/gonum/floats/scalar"
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
