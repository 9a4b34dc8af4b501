package locality_test

import (
	"fmt"
	"math/rand/v2"

	"github.com/tracelab/tracelab/analytics/locality"
	"github.com/tracelab/tracelab/datasets"
)

// A year of jobs, 100 a day. In each week, runtimes come from one tenth of
// their global range only: strong locality of sampling.
func ExampleLocalityOfSampling() {
	rng := rand.New(rand.NewPCG(1, 1))
	var submit, runtime []float64
	for i := range 36500 {
		t := float64(i) * 864
		week := int(t / (7 * datasets.Day))
		submit = append(submit, t)
		runtime = append(runtime, float64(week%10)*360+rng.Float64()*360)
	}
	obs, _ := locality.NewObservations("weekly", datasets.Runtime, submit, runtime)
	r, err := locality.LocalityOfSampling(obs, locality.SamplingOptions{Reps: 100})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("usable slices: %d of %d\n", r.Usable, len(r.Slices))
	fmt.Printf("M'_med %.2f, by chance %.2f, M_med %.2f\n", r.MMed, r.GMed, r.LocalityMed)
	// Output:
	// usable slices: 122 of 122
	// M'_med 0.39, by chance 0.03, M_med 0.37
}

func ExampleMaxDeviation() {
	// 24 ranges, 44.3% of a slice's jobs in one of them (the SDSC
	// DataStar example of the 2007 paper, §3.2).
	o := make([]float64, 24)
	o[0] = 443
	for j := 1; j < 24; j++ {
		o[j] = 557.0 / 23
	}
	fmt.Printf("m = %.3f\n", locality.MaxDeviation(o))
	// Output: m = 0.419
}

func ExampleStackDepth() {
	submit := []float64{0, 60, 120, 180, 240, 300}
	procs := []float64{16, 1, 16, 64, 1, 16}
	obs, _ := locality.NewObservations("tiny", datasets.Procs, submit, procs)
	r, _ := locality.StackDepth(obs, locality.StackOptions{})
	fmt.Println(r.Depths, r.MeanDepth)
	// Output: [-1 -1 1 -1 2 2] 1.6666666666666667
}

// Scrambling every job of a tiny log, then sorting the values within
// windows of 3 s: the submit times and the values are kept, only which job
// gets which value changes.
func ExampleScramblePart() {
	submit := []float64{0, 1, 2, 3, 4, 5}
	runtime := []float64{10, 10, 10, 20, 20, 20}
	obs, _ := locality.NewObservations("tiny", datasets.Runtime, submit, runtime)
	s, _ := locality.ScramblePart(obs, 1, 4)
	c, _ := locality.Concentrate(s, 3)
	fmt.Println(s.Value, c.Value)
	// Output: [10 20 10 20 10 20] [10 10 20 10 20 20]
}
