// Command loop is the scheduler researcher's loop in one program, on a
// policy of one's own (package saf, smallest-area-first EASY, by default;
// --scheduler NAME runs another registered one, such as package
// fairshare's "fairshare:6"):
//
//  1. check it: in the order of arrival saf's policy must be EASY, start
//     for start (another scheduler: how many jobs start at other times
//     than under EASY);
//  2. compare it with EASY on resampled variants of the log (Zakay and
//     Feitelson 2013): means, tails and fairness, with paired 95%
//     confidence intervals;
//  3. run it under user feedback (Zakay and Feitelson 2014): users submit
//     their next jobs when the previous ones end.
//
// Usage: go run ./loop [--log LOG] [--scheduler NAME] [--variants N] [--weeks W]
// (LOG a path or a PWA catalog name; the embedded sample log by default).
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"os"
	"slices"
	"strings"

	"github.com/tracelab/tracelab/datasets"
	_ "github.com/tracelab/tracelab/examples/fairshare" // registers "fairshare"
	"github.com/tracelab/tracelab/examples/saf"
	"github.com/tracelab/tracelab/sim"
	"github.com/tracelab/tracelab/sim/compare"
	"github.com/tracelab/tracelab/sim/feedback"
	"github.com/tracelab/tracelab/sim/resample"
)

func main() {
	logName := flag.String("log", "", "LOG: a path or a catalog name (default: the embedded sample)")
	n := flag.Int("variants", 10, "resampled variants")
	weeks := flag.Int("weeks", 0, "weeks per variant (0: the log's length)")
	name := flag.String("scheduler", "saf", "the policy compared with EASY: a registered name ("+strings.Join(sim.Names(), ", ")+")")
	flag.Parse()
	tr := datasets.Sample()
	if *logName != "" {
		var err error
		if tr, err = datasets.DefaultLoader().Load(*logName); err != nil {
			log.Fatal(err)
		}
	}
	if _, err := sim.FactoryOf(*name); err != nil {
		log.Fatal(err)
	}
	if err := run(tr, *name, *n, *weeks); err != nil {
		log.Fatal(err)
	}
}

func run(tr *datasets.Trace, name string, n, weeks int) error {
	// 1. In arrival order saf's policy is EASY.
	easy, err := sim.Replay(tr, &sim.EASY{}, sim.Options{})
	if err != nil {
		return err
	}
	if name == "saf" {
		mine, err := sim.Replay(tr, &saf.PriorityEASY{}, sim.Options{})
		if err != nil {
			return err
		}
		fmt.Printf("%s: in arrival order the policy starts every job when EASY does: %v\n", tr.Name, slices.Equal(easy.Start, mine.Start))
	} else {
		s, err := sim.New(name)
		if err != nil {
			return err
		}
		mine, err := sim.Replay(tr, s, sim.Options{})
		if err != nil {
			return err
		}
		differ := 0
		for j := range mine.Start {
			if mine.Start[j] != easy.Start[j] {
				differ++
			}
		}
		fmt.Printf("%s: %s starts %d of %d jobs at other times than EASY\n", tr.Name, name, differ, mine.Len())
	}

	// 2. EASY against the policy on the same resampled variants.
	pools, err := resample.NewPools(tr, resample.PoolOptions{})
	if err != nil {
		return err
	}
	rs, err := pools.Variants(resample.Options{Weeks: weeks}, n, 1)
	if err != nil {
		return err
	}
	c, err := compare.Schedulers(context.Background(), compare.Traces(rs), []string{"easy", name}, compare.Options{})
	if err != nil {
		return err
	}
	df := c.Frame()
	fmt.Printf("\n%s − easy over %d variants (paired 95%% CI):\n", name, n)
	for i, m := range df.Col("metric").Records() {
		if df.Col("scheduler").Records()[i] != name || !slices.Contains([]string{"avg_wait", "wait_p99", "wait_max",
			"avg_bounded_slowdown", "user_bsld_jain"}, m) {
			continue
		}
		f := func(col string) float64 { return df.Col(col).Float()[i] }
		fmt.Printf("  %-22s easy %10.4g  mine %10.4g  diff %+10.4g [%+.4g, %+.4g]  differs %s\n", m,
			f("mean")-f("diff"), f("mean"), f("diff"), f("diff_low"), f("diff_high"), df.Col("differs").Records()[i])
	}

	// 3. Under user feedback (the fluid user model).
	w, err := feedback.NewWorkload(tr, feedback.WorkloadOptions{})
	if err != nil {
		return err
	}
	fmt.Println("\nunder feedback (fluid user model):")
	for _, name := range []string{"easy", name} {
		s, err := sim.New(name)
		if err != nil {
			return err
		}
		fb, err := feedback.Simulate(w, s, feedback.Options{Model: feedback.Fluid{}})
		if err != nil {
			return err
		}
		sum := fb.Summary()
		fmt.Printf("  %-12s %6d jobs, avg wait %6.0f s, p99 wait %7.0f s, throughput %5.0f jobs/week of the makespan\n",
			name, sum.Jobs, sum.AvgWait, sum.Wait.P99, sum.Throughput)
	}
	return nil
}

func init() { log.SetFlags(0); log.SetOutput(os.Stderr) }
