package resample_test

import (
	"context"
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

// Resample the embedded sample log with heavy users twice as likely and
// users of long jobs left out (2013 §6.5.4, selective manipulation).
func ExampleOptions_classWeights() {
	p, err := resample.NewPools(datasets.Sample(), resample.PoolOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	n := map[resample.UserClass]int{}
	for _, s := range p.UserClasses() {
		for _, c := range resample.AllUserClasses() {
			if s.Has(c) {
				n[c]++
			}
		}
	}
	fmt.Printf("users: %d heavy, %d of long jobs, %d of many small jobs\n",
		n[resample.HeavyUsers], n[resample.LongJobUsers], n[resample.SmallJobUsers])
	w, err := resample.ParseClassWeights("heavy=2,long=0")
	if err != nil {
		fmt.Println(err)
		return
	}
	r, err := p.Generate(resample.Options{ClassWeights: w, Seed: 42})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("resampled: %d jobs of %d users\n", r.Trace.Len(), len(r.Instances))
	// Output:
	// users: 7 heavy, 91 of long jobs, 41 of many small jobs
	// resampled: 22574 jobs of 159 users
}

// Mix the embedded sample log with a copy of itself that holds half as
// many users, onto a machine twice its size (2013 §6.5.1, mixing traces).
func ExampleMix() {
	p, err := resample.NewPools(datasets.Sample(), resample.PoolOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	m, err := resample.Mix([]*resample.Pools{p, p}, resample.MixOptions{
		Procs: 2 * p.Trace.Machine().Procs, Weights: []float64{2, 1}, Generate: resample.Options{Weeks: 10, Seed: 7}})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("mix: %d jobs on %d processors (from %d and %d jobs)\n",
		m.Trace.Len(), m.Procs, m.Parts[0].Trace.Len(), m.Parts[1].Trace.Len())
	o, err := m.Simulate(&sim.EASY{}, resample.SimOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("EASY: utilization %.2f\n", o.Summary.Utilization)
	// Output:
	// mix: 8558 jobs on 256 processors (from 6009 and 2549 jobs)
	// EASY: utilization 0.51
}

// Bootstrap the embedded sample log under three readings at once: they
// resample the same variants and simulate each once (stop-at-end is
// measured when the simulation reaches the window's end, steady-state
// leaves the first and last 4 weeks out), with the results of running
// each alone.
func ExampleRunBootstraps() {
	var rds []resample.Reading
	for _, name := range []string{"default", "steady-state", "stop-at-end"} {
		rd, err := resample.ReadingByName(name)
		if err != nil {
			fmt.Println(err)
			return
		}
		rds = append(rds, rd)
	}
	bs, err := resample.RunBootstraps(context.Background(), datasets.Sample(), rds, []int{8, 4, 4}, resample.BootstrapOptions{Seed: 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, b := range bs {
		fmt.Printf("%s: %d variants, average wait %.0f s in the original, median ratio %.2f\n",
			b.Reading.Name, b.Wait.Replicates, b.Wait.Original, b.Wait.MedianRatio)
	}
	// Output:
	// default: 8 variants, average wait 11165 s in the original, median ratio 1.07
	// steady-state: 4 variants, average wait 13544 s in the original, median ratio 0.86
	// stop-at-end: 4 variants, average wait 11167 s in the original, median ratio 1.12
}
