package compare

import (
	"context"
	"fmt"
	"testing"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/sim/resample"
	_ "github.com/tracelab/tracelab/sim/simtest" // registers test-wrap
)

// TestCustomSchedulerCompare: a researcher's scheduler, registered by name,
// is compared as a built-in: wrapped EASY and conservative give the
// built-ins' summaries on every variant, and paired differences of exactly
// 0 against them, with one worker and four.
func TestCustomSchedulerCompare(t *testing.T) {
	t.Parallel()
	p, err := resample.NewPools(datasets.Sample(), resample.PoolOptions{})
	if err != nil {
		t.Fatal(err)
	}
	rs, err := p.Variants(resample.Options{Weeks: 6}, 4, 1)
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range []string{"easy", "conservative:8"} {
		for _, workers := range []int{1, 4} {
			names := []string{b, "test-wrap:" + b, "fcfs"}
			c, err := Schedulers(context.Background(), Traces(rs), names, Options{Workers: workers})
			if err != nil {
				t.Fatal(err)
			}
			for v := range rs {
				if g, w := fmt.Sprintf("%+v", c.Summaries[1][v]), fmt.Sprintf("%+v", c.Summaries[0][v]); g != w {
					t.Errorf("%s, %d workers, variant %d: test-wrap:%s's summary\n%s\nwant %s's\n%s", b, workers, v, b, g, b, w)
				}
			}
			if fmt.Sprintf("%+v", c.Summaries[2]) == fmt.Sprintf("%+v", c.Summaries[0]) {
				t.Errorf("%s: FCFS's summaries equal %s's: the variants cannot tell schedulers apart", b, b)
			}
			df := c.Frame()
			sched, diff := df.Col("scheduler").Records(), df.Col("diff").Float()
			for i, s := range sched {
				if s == "test-wrap:"+b && diff[i] != 0 && diff[i] == diff[i] {
					t.Errorf("%s, %d workers: %s − %s = %v on %s, want 0", b, workers, s, b, diff[i], df.Col("metric").Records()[i])
				}
			}
		}
	}
}
