package saf_test

import (
	"context"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/examples/saf"
	"github.com/tracelab/tracelab/sim"
	"github.com/tracelab/tracelab/sim/compare"
	"github.com/tracelab/tracelab/sim/feedback"
	"github.com/tracelab/tracelab/sim/resample"
)

// must stops the example on an error.
func must(err error) {
	if err != nil {
		panic(err)
	}
}

// The loop of a scheduler designer, on smallest-area-first EASY (a value:
// saf.New(); by name: "saf", registered when the package is imported): check
// it against EASY, compare it with EASY on resampled variants, run it under
// user feedback. The body between the markers is the README's "Your own
// scheduler" (TestReadmeLoop keeps them the same).
func Example() {
	// README begin
	tr := datasets.Sample()                                 // or datasets.Load("SDSC-SP2")
	easy, err := sim.Replay(tr, &sim.EASY{}, sim.Options{}) // 1. check it against EASY
	must(err)
	mine, err := sim.Replay(tr, saf.New(), sim.Options{})
	must(err)
	fmt.Printf("p99 wait: easy %.0f s, saf %.0f s\n", easy.Summary().Wait.P99, mine.Summary().Wait.P99)
	pools, err := resample.NewPools(tr, resample.PoolOptions{}) // 2. on 10 resampled variants
	must(err)
	rs, err := pools.Variants(resample.Options{}, 10, 1)
	must(err)
	c, err := compare.Schedulers(context.Background(), compare.Traces(rs), []string{"easy", "saf"}, compare.Options{})
	must(err)
	df := c.Frame() // per scheduler and metric: mean, paired difference to the first, 95% CIs
	for i, m := range df.Col("metric").Records() {
		if m == "avg_wait" && df.Col("scheduler").Records()[i] == "saf" {
			fmt.Printf("saf − easy, mean wait: %.0f s, 95%% CI [%.0f, %.0f]\n",
				df.Col("diff").Float()[i], df.Col("diff_low").Float()[i], df.Col("diff_high").Float()[i])
		}
	}
	w, err := feedback.NewWorkload(tr, feedback.WorkloadOptions{}) // 3. under user feedback
	must(err)
	fb, err := feedback.Simulate(w, saf.New(), feedback.Options{Model: feedback.Fluid{}})
	must(err)
	fmt.Printf("feedback: %d jobs, mean wait %.0f s\n", fb.Summary().Jobs, fb.Summary().AvgWait)
	// README end

	// Output:
	// p99 wait: easy 133063 s, saf 63994 s
	// saf − easy, mean wait: -8118 s, 95% CI [-8953, -7284]
	// feedback: 20631 jobs, mean wait 2933 s
}

// TestReadmeLoop: the loop in the README's "Your own scheduler" is
// Example's, line for line (spaces aside), so that the README's code
// compiles and gives the output shown.
func TestReadmeLoop(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile("example_test.go")
	if err != nil {
		t.Fatal(err)
	}
	_, sec, ok := strings.Cut(string(readme), "\n## Your own scheduler\n")
	_, block, ok2 := strings.Cut(sec, "```go\n")
	block, _, ok3 := strings.Cut(block, "```")
	_, body, ok4 := strings.Cut(string(src), "// README begin\n")
	body, _, ok5 := strings.Cut(body, "// README end")
	if !ok || !ok2 || !ok3 || !ok4 || !ok5 {
		t.Fatal("README's section or its first go block, or Example's markers, not found")
	}
	lines := func(s string) []string {
		var out []string
		for l := range strings.Lines(s) {
			if l = strings.Join(strings.Fields(l), " "); l != "" {
				out = append(out, l)
			}
		}
		return out
	}
	if got, want := lines(block), lines(body); !slices.Equal(got, want) {
		t.Errorf("README's loop:\n%s\nwant Example's:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
