package compare

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/sim"
	"github.com/tracelab/tracelab/sim/resample"
	"github.com/tracelab/tracelab/sim/simtest"
)

func init() { simtest.RegisterHostile() }

// TestHostileSchedulerCompare: a comparison with a scheduler of one's own
// that breaks its simulations ends with an error naming that scheduler and
// the variant (a SchedulerError underneath), with one worker and three;
// a slow scheduler beside a failing one is cancelled, not waited for.
// FCFS written on the public API compares as the built-in (differences 0).
func TestHostileSchedulerCompare(t *testing.T) {
	t.Parallel()
	p, err := resample.NewPools(datasets.Sample(), resample.PoolOptions{})
	if err != nil {
		t.Fatal(err)
	}
	rs, err := p.Variants(resample.Options{Weeks: 4}, 3, 1)
	if err != nil {
		t.Fatal(err)
	}
	for _, kind := range []string{"panic", "idle", "misfit", "wake-same", "wake-forever"} {
		for _, workers := range []int{1, 3} {
			name := "test-hostile:" + kind
			_, err := Schedulers(context.Background(), Traces(rs), []string{"easy", name, "test-hostile:slow"}, Options{Workers: workers})
			var se *sim.SchedulerError
			if !errors.As(err, &se) || se.Scheduler != name || !strings.Contains(err.Error(), "compare: "+name+" on ") {
				t.Errorf("%s, %d workers: error %v, want a SchedulerError of %s", kind, workers, err, name)
			}
		}
	}
	c, err := Schedulers(context.Background(), Traces(rs), []string{"fcfs", "test-fcfs"}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for v := range rs {
		if g, w := fmt.Sprintf("%+v", c.Summaries[1][v]), fmt.Sprintf("%+v", c.Summaries[0][v]); g != w {
			t.Errorf("variant %d: test-fcfs's summary\n%s\nwant fcfs's\n%s", v, g, w)
		}
	}
}
