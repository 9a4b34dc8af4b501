package resample_test

import (
	"fmt"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/sim"
	"github.com/tracelab/tracelab/sim/resample"
)

// Resample the embedded sample log to twice its length, then simulate the
// new log under EASY.
func Example() {
	p, err := resample.NewPools(datasets.Sample(), resample.PoolOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("pools: %d long-term, %d temporary users, %d discarded; %d weeks\n",
		len(p.LongTerm), len(p.Temporary), p.DiscardedUsers, p.Weeks)
	r, err := p.Generate(resample.Options{Extend: 2, Seed: 42})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("resampled: %d jobs of %d users over %d weeks\n", r.Trace.Len(), len(r.Instances), r.Weeks)
	o, err := r.Simulate(&sim.EASY{}, resample.SimOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("EASY: utilization %.2f, saturated %v\n", o.Summary.Utilization, o.Saturation.Saturated)
	// Output:
	// pools: 72 long-term, 80 temporary users, 12 discarded; 20 weeks
	// resampled: 40031 jobs of 239 users over 40 weeks
	// EASY: utilization 0.64, saturated false
}
