package resample

import (
	"context"
	"math"
	"strings"
	"testing"

	"github.com/tracelab/tracelab/sim"
	"github.com/tracelab/tracelab/sim/sweep"
)

func TestSimulateExcludesRare(t *testing.T) {
	t.Parallel()
	p, err := NewPools(smallLog(), PoolOptions{Rare: []RarePeriod{{User: 1, Begin: 10*week + 2*day, End: 10*week + 3*day}}})
	if err != nil {
		t.Fatal(err)
	}
	r, err := p.Generate(Options{Extend: 4, ArrivalRate: 1, RBNPW: 0.5, Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	if r.Report.RareJobs == 0 {
		t.Fatal("no rare job generated")
	}
	o, err := r.Simulate(&sim.EASY{}, SimOptions{})
	if err != nil {
		t.Fatal(err)
	}
	res := o.Result
	rare, work := 0, 0.0
	var wait float64
	for j := range res.ID {
		if r.Kind[res.ID[j]-1] == Rare {
			rare++
			continue
		}
		wait += res.Start[j] - res.Submit[j]
		work += res.Runtime[j] * float64(res.Width[j])
	}
	if rare != r.Report.RareJobs {
		t.Errorf("%d rare jobs simulated, %d generated", rare, r.Report.RareJobs)
	}
	if o.Summary.Jobs != res.Len()-rare || o.All.Jobs != res.Len() {
		t.Errorf("summary over %d jobs, all %d; want %d and %d", o.Summary.Jobs, o.All.Jobs, res.Len()-rare, res.Len())
	}
	if math.Abs(o.Summary.AvgWait-wait/float64(o.Summary.Jobs)) > 1e-9 || o.Summary.Work != work {
		t.Errorf("summary %+v, want wait %v work %v", o.Summary, wait/float64(o.Summary.Jobs), work)
	}
	// One weekly count per week boundary inside the window.
	if n := len(o.Saturation.Weekly); n < r.Weeks-2 || n > r.Weeks {
		t.Errorf("%d weekly counts for %d weeks", n, r.Weeks)
	}
	w := r.WithWaits(res)
	for j, id := range res.ID {
		if got := w.Wait[id-1]; got != res.Start[j]-res.Submit[j] {
			t.Fatalf("WithWaits: job %d wait %v, simulated %v", id, got, res.Start[j]-res.Submit[j])
		}
	}
	m := OutcomeMetrics(r, o)
	if m.Counted != o.Summary.Jobs || m.RareJobs != r.Report.RareJobs || m.Jobs != r.Trace.Len() || m.Saturated {
		t.Errorf("metrics %+v", m)
	}
}

// TestSaturates loads a small machine far beyond its capacity: the
// saturation test must say so, and must not at a light load.
func TestSaturates(t *testing.T) {
	t.Parallel()
	p, err := NewPools(smallLog(), PoolOptions{})
	if err != nil {
		t.Fatal(err)
	}
	r, err := p.Generate(Options{Extend: 3, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	light, err := r.Simulate(&sim.EASY{}, SimOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if light.Saturation.Saturated {
		t.Errorf("light load saturated: slope %v", light.Saturation.Slope)
	}
	// The same jobs, each holding the whole machine for a week, while
	// about two arrive a week: work piles up.
	heavy := *r
	heavy.Trace = r.Trace.Clone()
	for i := range heavy.Trace.Runtime {
		heavy.Trace.Procs[i] = 16
		heavy.Trace.Runtime[i] = week
		heavy.Trace.ReqTime[i] = week
	}
	o, err := heavy.Simulate(&sim.FCFS{}, SimOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if !o.Saturation.Saturated {
		t.Errorf("overload not saturated: slope %v, weekly %v", o.Saturation.Slope, o.Saturation.Weekly)
	}
}

func TestExperimentSweep(t *testing.T) {
	t.Parallel()
	p, err := NewPools(smallLog(), PoolOptions{})
	if err != nil {
		t.Fatal(err)
	}
	e, err := NewExperiment(p, ExperimentOptions{Generate: Options{Extend: 2}})
	if err != nil {
		t.Fatal(err)
	}
	spec := sweep.Spec{Experiment: e, Reps: 6, Seed: 11, Params: []sweep.Param{{Name: "load", Values: []float64{1, 2}}}}
	one, err := sweep.Run(context.Background(), spec, sweep.Options{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	two, err := sweep.Run(context.Background(), spec, sweep.Options{Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	if one.Nrow() != 12 || !framesEqual(one, two) {
		t.Fatalf("sweeps with 1 and 2 workers differ:\n%v\n%v", one, two)
	}
	for _, c := range MetricsColumns {
		if one.Col(c.Name).Err != nil {
			t.Errorf("column %s missing", c.Name)
		}
	}
	// A row is the replicate's Metrics: recompute replicate 7 directly.
	r := spec.Replicate(7)
	m, err := e.Replicate(context.Background(), r.Seed, 2, 0)
	if err != nil {
		t.Fatal(err)
	}
	if got := one.Col("jobs").Elem(7); got.Float() != float64(m.Jobs) {
		t.Errorf("row 7 jobs %v, direct %d", got, m.Jobs)
	}
	// Twice the load, twice the long-term users.
	users := one.Col("users").Float()
	if !(users[6] > users[0]) {
		t.Errorf("users at load 2 (%v) not above load 1 (%v)", users[6], users[0])
	}
	if _, err := NewExperiment(p, ExperimentOptions{Scheduler: "lottery"}); err == nil {
		t.Error("unknown scheduler: no error")
	}
	if !strings.HasPrefix(e.Name(), "resample(log=small,") {
		t.Errorf("name %q", e.Name())
	}
}

func framesEqual(a, b interface {
	Records() [][]string
}) bool {
	ra, rb := a.Records(), b.Records()
	if len(ra) != len(rb) {
		return false
	}
	for i := range ra {
		if strings.Join(ra[i], "|") != strings.Join(rb[i], "|") {
			return false
		}
	}
	return true
}

func TestReference(t *testing.T) {
	t.Parallel()
	tr := smallLog()
	m, err := Reference(tr, &sim.EASY{}, SimOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if m.Jobs != tr.Len() || m.Counted != tr.Len() || m.Users != 5 || m.Saturated || !(m.Utilization > 0) {
		t.Errorf("reference %+v", m)
	}
	df := MetricsFrame([]string{"original"}, []Metrics{m})
	if df.Err != nil || df.Nrow() != 1 || df.Ncol() != len(MetricsColumns)+1 {
		t.Errorf("MetricsFrame: %v %d×%d", df.Err, df.Nrow(), df.Ncol())
	}
}
