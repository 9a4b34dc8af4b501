package sweep_test

import (
	"context"
	"fmt"

	"github.com/go-gota/gota/series"
	"github.com/tracelab/tracelab/sim/sweep"
)

// A sweep of 3 replicates at each of 2 load levels of an experiment whose
// row is a pure function of the replicate's seed and load.
func ExampleRun() {
	exp := sweep.NewFunc("demo", []string{"load"}, []sweep.Column{{Name: "y", Type: series.Float}},
		func(ctx context.Context, r sweep.Replicate) (sweep.Row, error) {
			u := r.Rand().Float64() // the same draw at every load: common random numbers
			return sweep.Row{u * r.Param("load", 1)}, nil
		})
	spec := sweep.Spec{Experiment: exp, Reps: 3, Seed: 1, Params: []sweep.Param{{Name: "load", Values: []float64{1, 2}}}}
	df, err := sweep.Run(context.Background(), spec, sweep.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	reps, _ := df.Col("replicate").Int()
	load, y := df.Col("load").Float(), df.Col("y").Float()
	for i := range reps {
		fmt.Printf("%d %.0f %.4f\n", reps[i], load[i], y[i])
	}
	// Output:
	// 0 1 0.0235
	// 1 1 0.8071
	// 2 1 0.5595
	// 3 2 0.0470
	// 4 2 1.6143
	// 5 2 1.1190
}

// Sharding: each shard runs i ≡ I (mod N).
func ExampleShard() {
	sh, _ := sweep.ParseShard("2/4")
	fmt.Println(sh.Indices(10), sweep.ShardPath("out", sh))
	// Output: [2 6] out/shard-2-of-4.parquet
}
