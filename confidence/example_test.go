package confidence_test

import (
	"fmt"

	"github.com/tracelab/tracelab/confidence"
)

// Mean waits (hours) of two schedulers on the same ten resampled variants:
// the paired interval of the difference excludes 0 although the two
// schedulers' own intervals overlap.
func ExamplePairedT() {
	easy := []float64{3.1, 4.7, 2.2, 5.9, 4.4, 3.8, 6.3, 2.9, 4.0, 5.1}
	mine := []float64{2.9, 4.1, 2.5, 5.0, 4.6, 3.1, 5.8, 2.2, 3.6, 4.4}
	fmt.Println("easy:", confidence.MeanT(easy, 0.95))
	fmt.Println("mine:", confidence.MeanT(mine, 0.95))
	d := confidence.PairedT(easy, mine, 0.95)
	fmt.Println("easy − mine:", d, "differ:", !d.Contains(0))
	// Output:
	// easy: 4.24 [3.302, 5.178]
	// mine: 3.82 [2.99, 4.65]
	// easy − mine: 0.42 [0.1323, 0.7077] differ: true
}

func ExampleBootstrap_Paired() {
	easy := []float64{3.1, 4.7, 2.2, 5.9, 4.4, 3.8, 6.3, 2.9, 4.0, 5.1}
	mine := []float64{2.9, 4.1, 2.5, 5.0, 4.6, 3.1, 5.8, 2.2, 3.6, 4.4}
	b := confidence.Bootstrap{Resamples: 10000, Seed: 1}
	fmt.Println(b.Paired(easy, mine, 0.95))
	// Output:
	// 0.42 [0.17, 0.65]
}

// The share of jobs that users of one class submit, with the jobs of a user
// kept together: the users are the units resampled (a cluster bootstrap).
func ExampleBootstrap_Statistic() {
	jobs := []float64{120, 4, 35, 9, 300, 2, 60, 17} // jobs per user
	longTerm := []bool{true, false, true, false, true, false, true, false}
	share := func(users []int) float64 {
		var lt, all float64
		for _, u := range users {
			all += jobs[u]
			if longTerm[u] {
				lt += jobs[u]
			}
		}
		return lt / all
	}
	b := confidence.Bootstrap{Resamples: 10000, Seed: 1}
	fmt.Println(b.Statistic(len(jobs), share, 0.95)) // 515 of 547 jobs
	// Output:
	// 0.9415 [0.6091, 0.9938]
}
