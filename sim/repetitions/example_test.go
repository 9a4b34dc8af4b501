package repetitions_test

import (
	"fmt"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/sim/repetitions"
)

func ExampleGenerate() {
	src := datasets.Sample()
	tr, err := repetitions.Generate(src, repetitions.Options{Jobs: 1000, Theta: 2.5, Seed: 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	seqs := map[int]int{}
	for _, s := range tr.App {
		seqs[s]++
	}
	fmt.Printf("%d jobs in %d sequences\n", tr.Len(), len(seqs))
	// Output: 1000 jobs in 582 sequences
}
