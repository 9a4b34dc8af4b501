package resample

import (
	"context"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tracelab/tracelab/analytics/users"
	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/sim"
	"github.com/tracelab/tracelab/sim/sweep"
)

func TestSimulateExcludesRare(t *testing.T) {
	t.Parallel()
	p, err := NewPools(smallLog(), PoolOptions{Rare: []RarePeriod{{User: 1, Begin: 10*datasets.Week + 2*datasets.Day, End: 10*datasets.Week + 3*datasets.Day}}})
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
		heavy.Trace.Runtime[i] = datasets.Week
		heavy.Trace.ReqTime[i] = datasets.Week
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

// identityLog returns a log of three calendar weeks in which every user
// submits jobs all along, no two at the same second: with every user
// long-term and none discarded, a variant whose common start week is week
// 0 is the log itself (the next cycle falls after the window).
func identityLog() *datasets.Trace {
	start := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC).Unix() // a Monday
	tr := datasets.NewTrace("identity", 0)
	tr.Header.UnixStartTime = start
	tr.Header.TimeZoneString = "UTC"
	tr.Header.MaxProcs = 8
	rng := rand.New(rand.NewPCG(3, 4))
	for i := range 300 {
		x := datasets.UnknownJob()
		x.JobID, x.Submit, x.User = i+1, float64(i*5400+rng.IntN(1000)), 1+i%7
		x.Runtime = float64(rng.IntN(30000))
		x.ReqTime = x.Runtime * (0.5 + 2*rng.Float64()) // some underestimated
		x.Procs, x.Wait, x.Status = 1+rng.IntN(8), 0, 1
		if i%10 == 3 {
			x.Status = datasets.StatusCancelled
		}
		tr.Append(x)
	}
	return tr
}

// TestReferenceIsIdentityVariant checks that the original log and the
// resampled variants are measured under the same conventions: a variant
// that is the log itself must give exactly the reference's metrics, under
// each convention.
func TestReferenceIsIdentityVariant(t *testing.T) {
	t.Parallel()
	tr := identityLog()
	p, err := NewPools(tr, PoolOptions{Users: users.Options{LongTerm: 1, NoEdge: true}})
	if err != nil {
		t.Fatal(err)
	}
	if p.Weeks != 3 || len(p.LongTerm) != 7 || len(p.Temporary) != 0 {
		t.Fatalf("pools: %d weeks, %d long-term, %d temporary", p.Weeks, len(p.LongTerm), len(p.Temporary))
	}
	var r *Resampled
	for seed := uint64(1); r == nil; seed++ {
		v, err := p.Generate(Options{Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		if v.Instances[0].Phase%p.Weeks == 0 {
			r = v
		}
	}
	if !slices.Equal(r.Trace.Submit, p.Trace.Submit) || !slices.Equal(r.Trace.Runtime, p.Trace.Runtime) {
		t.Fatal("the variant is not the log itself")
	}
	for _, c := range []struct {
		name string
		o    SimOptions
	}{
		{"default", SimOptions{}},
		{"stop at end", SimOptions{StopAtEnd: true}},
		{"warm-up and cool-down", SimOptions{Warmup: datasets.Day, Cooldown: datasets.Day}},
		{"kill at estimate", SimOptions{Sim: sim.Options{Overrun: sim.KillAtEstimate}}},
		{"requested processors", SimOptions{Sim: sim.Options{ProcsSource: sim.RequestedProcs}}},
		{"drop cancelled", SimOptions{DropCancelled: true}},
	} {
		ref, err := Reference(tr, &sim.EASY{}, c.o)
		if err != nil {
			t.Fatal(err)
		}
		o, err := r.Simulate(&sim.EASY{}, c.o)
		if err != nil {
			t.Fatal(err)
		}
		got := OutcomeMetrics(r, o)
		got.Users, got.Weeks = ref.Users, ref.Weeks // counted differently (instances, calendar weeks)
		if !slices.EqualFunc(got.Row(), ref.Row(), func(a, b any) bool { return a == b || a != a && b != b }) {
			t.Errorf("%s: variant %+v\nreference %+v", c.name, got, ref)
		}
		if math.IsNaN(ref.LoadCV) || math.IsNaN(ref.AvgWait) {
			t.Errorf("%s: reference %+v", c.name, ref)
		}
		want := tr.Len()
		if c.o.DropCancelled {
			want -= 30 // every tenth job is cancelled
		}
		if ref.Simulated != want {
			t.Errorf("%s: %d jobs simulated, want %d", c.name, ref.Simulated, want)
		}
	}
}

// TestSimOptionsCounting checks which jobs the conventions count on a
// closed case: one processor, jobs of 100 s submitted every 60 s, so the
// queue grows by 40 s a job.
func TestSimOptionsCounting(t *testing.T) {
	t.Parallel()
	tr := datasets.NewTrace("queue", 0)
	tr.Header.TimeZoneString = "UTC"
	tr.Header.MaxProcs = 1
	for i := range 10 {
		x := datasets.UnknownJob()
		x.JobID, x.Submit, x.User, x.Runtime, x.ReqTime, x.Procs = i+1, float64(60*i), 1, 100, 100, 1
		tr.Append(x)
	}
	// Job i starts at 100·i, waits 40·i; the window is [0, 540].
	cases := []struct {
		name    string
		o       SimOptions
		counted int
		wait    float64
	}{
		{"all", SimOptions{}, 10, 40 * 4.5},
		{"stop at end", SimOptions{StopAtEnd: true}, 5, 40 * 2},                      // jobs 0–4 end by 500
		{"warm-up 120 s", SimOptions{Warmup: 120}, 8, 40 * 5.5},                      // jobs 2–9
		{"cool-down 120 s", SimOptions{Cooldown: 120}, 8, 40 * 3.5},                  // jobs 0–7 (submitted ≤ 420)
		{"both", SimOptions{Warmup: 120, Cooldown: 120, StopAtEnd: true}, 3, 40 * 3}, // jobs 2–4
	}
	for _, c := range cases {
		m, err := Reference(tr, &sim.FCFS{}, c.o)
		if err != nil {
			t.Fatal(err)
		}
		if m.Counted != c.counted || math.Abs(m.AvgWait-c.wait) > 1e-9 {
			t.Errorf("%s: %d jobs counted, average wait %v; want %d and %v", c.name, m.Counted, m.AvgWait, c.counted, c.wait)
		}
	}
	if _, err := Reference(tr, &sim.FCFS{}, SimOptions{Warmup: 300, Cooldown: 300}); err == nil {
		t.Error("warm-up and cool-down longer than the window: no error")
	}
	if _, err := Reference(tr, &sim.FCFS{}, SimOptions{Warmup: -1}); err == nil {
		t.Error("negative warm-up: no error")
	}
}
