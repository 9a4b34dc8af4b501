package resample

import (
	"context"
	"runtime"
	"sync"
	"testing"
	"weak"

	"github.com/tracelab/tracelab/sim"
)

// madeFCFS is a scheduler of one's own that is not reusable (no Reset):
// every one made is recorded by a weak pointer, to see when it is freed.
type madeFCFS struct {
	fcfs sim.FCFS
	buf  []byte // a run's memory, as a scheduler's own state would be
}

func (m *madeFCFS) Schedule(e *sim.Engine) { m.fcfs.Schedule(e) }

var (
	madeMu sync.Mutex
	made   []weak.Pointer[madeFCFS]
)

func init() {
	sim.Register("test-made", sim.Fixed(func() sim.Scheduler {
		m := &madeFCFS{buf: make([]byte, 64)}
		madeMu.Lock()
		made = append(made, weak.Make(m))
		madeMu.Unlock()
		return m
	}))
}

// TestReplicatorReleasesScheduler: a worker going back to the pool drops
// its scheduler and the engine's hold on it, so that one garbage
// collection after a replicate frees every scheduler the experiment made
// (sync.Pool keeps a pooled worker through one collection: before, the
// last run's scheduler lived until the second). The replicates still
// give the metrics of their trace simulated with a fresh scheduler.
func TestReplicatorReleasesScheduler(t *testing.T) {
	p, err := NewPools(customLog(), PoolOptions{})
	if err != nil {
		t.Fatal(err)
	}
	x, err := NewExperiment(p, ExperimentOptions{Scheduler: "test-made"})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	// Not parallel, and small: no other collection runs before the one
	// below (two would free the pooled worker's scheduler anyway).
	runtime.GC()
	for _, seed := range []uint64{4, 5, 4} {
		got, err := x.Replicate(ctx, seed, 0, 0)
		if err != nil {
			t.Fatal(err)
		}
		r, err := p.Generate(Options{Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		o, err := r.Simulate(&sim.FCFS{}, SimOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if want := OutcomeMetrics(r, o); got.AvgWait != want.AvgWait || got.Counted != want.Counted || got.Throughput != want.Throughput {
			t.Errorf("seed %d: average wait %v of %d jobs, simulated from its trace with a fresh FCFS %v of %d", seed, got.AvgWait, got.Counted, want.AvgWait, want.Counted)
		}
	}
	runtime.GC()
	madeMu.Lock()
	defer madeMu.Unlock()
	if len(made) < 4 { // NewExperiment's probe and one per replicate
		t.Fatalf("%d schedulers made, want at least 4", len(made))
	}
	for k, m := range made {
		if m.Value() != nil {
			t.Errorf("scheduler %d of %d still live after one GC", k+1, len(made))
		}
	}
	runtime.KeepAlive(p)
	runtime.KeepAlive(x)
}
