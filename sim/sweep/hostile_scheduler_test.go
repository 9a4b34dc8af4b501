package sweep_test

import (
	"context"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/tracelab/tracelab/sim"
	"github.com/tracelab/tracelab/sim/simtest"
	"github.com/tracelab/tracelab/sim/sweep"
)

func init() { simtest.RegisterHostile() }

// TestHostileSchedulerSweeps: a sweep (the Window experiment, the
// resampling experiment) of a scheduler of one's own that breaks its
// simulations ends with an error naming it (a sim.SchedulerError), with
// two workers and as one shard of a job array, which then writes no shard
// file; never a crash of the sweep. FCFS written on the public API gives
// the built-in FCFS's rows on every path.
func TestHostileSchedulerSweeps(t *testing.T) {
	t.Parallel()
	for _, x := range customExperiments {
		for _, kind := range []string{"panic", "idle", "misfit", "wake-same", "wake-forever"} {
			name := "test-hostile:" + kind
			spec := x.make(t, name)
			_, err := sweep.Run(context.Background(), spec, sweep.Options{Workers: 2})
			var se *sim.SchedulerError
			if !errors.As(err, &se) || se.Scheduler != name || !strings.Contains(err.Error(), "scheduler "+name) {
				t.Errorf("%s/%s: error %v, want a SchedulerError naming %s", x.name, kind, err, name)
			}
			sh := sweep.Shard{I: 1, N: 3}
			p := sweep.ShardPath(t.TempDir(), sh)
			err = sweep.WriteShard(context.Background(), spec, sweep.Options{Shard: sh, Workers: 2}, p)
			if !errors.As(err, &se) || se.Scheduler != name {
				t.Errorf("%s/%s shard: error %v, want a SchedulerError naming %s", x.name, kind, err, name)
			}
			if _, err := os.Stat(p); !errors.Is(err, os.ErrNotExist) {
				t.Errorf("%s/%s: a failed shard left %s (%v)", x.name, kind, p, err)
			}
		}
		want := sweepPaths[0].run(t, x.make(t, "fcfs"))
		if want.Err != nil || want.Nrow() == 0 {
			t.Fatalf("%s: fcfs's sweep: %v, %d rows", x.name, want.Err, want.Nrow())
		}
		for _, p := range sweepPaths {
			if d := sameRows(p.run(t, x.make(t, "test-fcfs")), want); d != "" {
				t.Errorf("%s: test-fcfs, %s: %s", x.name, p.name, d)
			}
		}
		if sameRows(sweepPaths[0].run(t, x.make(t, "easy")), want) == "" {
			t.Errorf("%s: EASY's rows are FCFS's: the sweep cannot tell them apart", x.name)
		}
	}
}
