package sim_test

import (
	"fmt"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/sim"
)

// The schedule of Feitelson (2021) Fig. 1 in small: a wide job blocks the
// queue under FCFS; EASY backfills the small job behind it into the hole.
func ExampleRun() {
	jobs := []sim.Job{
		{ID: 1, Submit: 0, Procs: 2, Runtime: 4, Estimate: 4},
		{ID: 2, Submit: 1, Procs: 4, Runtime: 2, Estimate: 2},
		{ID: 3, Submit: 2, Procs: 2, Runtime: 2, Estimate: 2},
		{ID: 4, Submit: 3, Procs: 1, Runtime: 5, Estimate: 5},
	}
	for _, name := range []string{"fcfs", "easy"} {
		s, _ := sim.New(name)
		r, err := sim.Run(jobs, 4, s, sim.EngineOptions{})
		if err != nil {
			panic(err)
		}
		fmt.Printf("%-4s starts %v, avg wait %.2f s\n", name, r.Start, r.Summary().AvgWait)
	}
	// Output:
	// fcfs starts [0 4 6 6], avg wait 2.50 s
	// easy starts [0 4 2 6], avg wait 1.50 s
}

// A conventional (open) simulation of a log: jobs arrive at their logged
// submit times.
func ExampleReplay() {
	tr := datasets.Sample()
	r, err := sim.Replay(tr, &sim.EASY{}, sim.Options{})
	if err != nil {
		panic(err)
	}
	s := r.Summary()
	fmt.Printf("%d of %d jobs on %d processors, %d left out\n", s.Jobs, r.Prep.Input, r.Procs, r.Prep.Dropped())
	// Output:
	// 20631 of 20631 jobs on 128 processors, 0 left out
}

// Jobs can be submitted while the simulation runs, from a hook: here a
// user submits the next job of a chain 60 s after the previous one ends,
// the mechanism of a feedback simulation.
func ExampleEngine_OnFinish() {
	e, _ := sim.NewEngine(8, &sim.EASY{}, sim.EngineOptions{})
	chain := 0
	e.OnFinish = func(e *sim.Engine, j int) {
		if chain < 2 {
			chain++
			e.Submit(sim.Job{ID: 10 + chain, Submit: e.Now() + 60, Procs: 8, Runtime: 100, Estimate: 200})
		}
	}
	e.Submit(sim.Job{ID: 10, Submit: 0, Procs: 8, Runtime: 100, Estimate: 200})
	if err := e.Run(); err != nil {
		fmt.Println(err)
		return
	}
	r := e.Result()
	for j := range r.Len() {
		fmt.Printf("job %d: submit %v, start %v, end %v\n", r.ID[j], r.Submit[j], r.Start[j], r.End[j])
	}
	// Output:
	// job 10: submit 0, start 0, end 100
	// job 11: submit 160, start 160, end 260
	// job 12: submit 320, start 320, end 420
}

// greedy starts any waiting job that fits, in order of arrival: a complete
// scheduler in a few lines.
type greedy struct{}

func (greedy) Schedule(e *sim.Engine) {
	for _, j := range e.Waiting() {
		if e.Width(j) <= e.Free() {
			e.Start(j)
		}
	}
}

func ExampleScheduler() {
	jobs := []sim.Job{
		{ID: 1, Submit: 0, Procs: 3, Runtime: 10, Estimate: 10},
		{ID: 2, Submit: 1, Procs: 4, Runtime: 10, Estimate: 10},
		{ID: 3, Submit: 2, Procs: 1, Runtime: 50, Estimate: 50},
	}
	r, _ := sim.Run(jobs, 4, greedy{}, sim.EngineOptions{})
	fmt.Println(r.Start) // job 3 overtakes job 2, which then waits for it
	// Output:
	// [0 52 2]
}

// The saturation test of 2013 §6.3 on weekly counts of outstanding jobs.
func ExampleDetectSaturation() {
	stable := []int{3, 40, 12, 5, 6, 4, 5, 3, 4, 2}
	growing := []int{3, 6, 10, 12, 15, 20, 22, 27, 30, 31}
	for _, w := range [][]int{stable, growing} {
		s := sim.DetectSaturation(w, sim.SaturationOptions{})
		fmt.Printf("suffix minima %v, slope %.2f jobs/week, saturated %v\n", s.SuffixMin[:s.Used], s.Slope, s.Saturated)
	}
	// Output:
	// suffix minima [2 2 2 2 2 2 2 2], slope 0.00 jobs/week, saturated false
	// suffix minima [3 6 10 12 15 20 22 27], slope 3.35 jobs/week, saturated true
}

// Backfilling variants as options: who holds the reservation, in which
// order the others are tried, how many reservations. On the sample log
// (128 processors): EASY, SJF-ordered EASY, two reservations, and
// conservative backfilling.
func ExampleBackfill() {
	tr := datasets.Sample()
	for _, s := range []*sim.Backfill{
		{},                         // EASY
		{Queue: sim.ShortestFirst}, // the reservation goes to the shortest estimate
		{Reservations: 2, Backfill: sim.ShortestFirst}, // two reservations, SJF backfilling
		{Reservations: sim.AllReservations},            // conservative
	} {
		r, err := sim.Replay(tr, s, sim.Options{})
		if err != nil {
			panic(err)
		}
		sum := r.Summary()
		fmt.Printf("%-30s avg wait %6.0f s, avg bounded slowdown %5.2f\n", r.Scheduler, sum.AvgWait, sum.AvgBoundedSlowdown)
	}
	// Output:
	// backfill:1,arrival,arrival     avg wait  11165 s, avg bounded slowdown 27.12
	// backfill:1,shortest,shortest   avg wait   4357 s, avg bounded slowdown  8.49
	// backfill:2,arrival,shortest    avg wait  11124 s, avg bounded slowdown 25.63
	// backfill:all,arrival,arrival   avg wait  11771 s, avg bounded slowdown 28.06
}
