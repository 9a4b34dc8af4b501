package stationarity_test

import (
	"fmt"

	"github.com/tracelab/tracelab/analytics/stationarity"
	"github.com/tracelab/tracelab/datasets"
)

// The thirds of the embedded sample log: offered load per third, and how
// many KS tests between thirds reject equality at 1%.
func ExampleMeasure() {
	r, err := stationarity.Measure(datasets.Sample(), stationarity.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, w := range r.Windows {
		fmt.Printf("days %3.0f–%3.0f: %5d jobs, load %.2f\n", (w.Start-r.Windows[0].Start)/datasets.Day, (w.End-r.Windows[0].Start)/datasets.Day, w.Jobs, w.Load)
	}
	rej, n := r.Rejected("runtime", 0.01)
	fmt.Printf("drift %.2f; runtime: %d of %d tests reject\n", r.Drift(), rej, n)
	// Output:
	// days   0– 46:  5925 jobs, load 0.60
	// days  46– 93:  7872 jobs, load 0.80
	// days  93–139:  6834 jobs, load 0.61
	// drift 0.19; runtime: 2 of 3 tests reject
}
