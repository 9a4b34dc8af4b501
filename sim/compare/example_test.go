package compare_test

import (
	"context"
	"fmt"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/sim/compare"
	"github.com/tracelab/tracelab/sim/resample"
)

// EASY against SJF-ordered EASY on ten resampled variants of the sample
// log: the mean wait and its tail, with the paired difference to EASY.
func ExampleSchedulers() {
	pools, err := resample.NewPools(datasets.Sample(), resample.PoolOptions{})
	if err != nil {
		panic(err)
	}
	rs, err := pools.Variants(resample.Options{Weeks: 8}, 10, 1)
	if err != nil {
		panic(err)
	}
	c, err := compare.Schedulers(context.Background(), compare.Traces(rs), []string{"easy", "backfill:1,shortest"}, compare.Options{})
	if err != nil {
		panic(err)
	}
	df := c.Frame()
	for i, m := range df.Col("metric").Records() {
		if m != "avg_wait" && m != "wait_p99" {
			continue
		}
		f := func(col string) float64 { return df.Col(col).Float()[i] }
		fmt.Printf("%-20s %-8s %8.0f s  diff %+8.0f s [%+.0f, %+.0f]\n", df.Col("scheduler").Records()[i], m,
			f("mean"), f("diff"), f("diff_low"), f("diff_high"))
	}
	// Output:
	// easy                 avg_wait    12989 s  diff       +0 s [+0, +0]
	// easy                 wait_p99   131798 s  diff       +0 s [+0, +0]
	// backfill:1,shortest  avg_wait     4230 s  diff    -8758 s [-11122, -6394]
	// backfill:1,shortest  wait_p99    69276 s  diff   -62522 s [-78138, -46906]
}
