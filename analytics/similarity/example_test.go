package similarity_test

import (
	"fmt"

	"github.com/tracelab/tracelab/analytics/similarity"
	"github.com/tracelab/tracelab/datasets"
)

// One user with three sessions (two hours apart) of processor counts
// {1, 2}, {2} and {4}.
func ExampleAnalyze() {
	t := datasets.NewTrace("example", 0)
	for s, procs := range [][]int{{1, 2}, {2}, {4}} {
		for j, p := range procs {
			r := datasets.UnknownJob()
			r.User, r.Submit, r.Wait, r.Runtime, r.Procs = 1, float64(s*7200+j*60), 0, 10, p
			t.Append(r)
		}
	}
	r, err := similarity.Analyze(t, datasets.Procs, similarity.Options{MaxDistance: 2, QualifyDistance: 2})
	if err != nil {
		panic(err)
	}
	for d := 0; d <= 2; d++ {
		fmt.Printf("distance %d: %.3f\n", d, r.Users.At(0, d))
	}
	fmt.Printf("0 vs 1: shorter %v, longer %v\n", r.Table.D0vsD1.Shorter, r.Table.D0vsD1.Longer)
	// Output:
	// distance 0: 0.500
	// distance 1: 0.667
	// distance 2: 0.375
	// 0 vs 1: shorter 0, longer 1
}
