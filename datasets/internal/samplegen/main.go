// Command samplegen writes the synthetic SWF log embedded in package
// datasets (datasets/sample.swf.gz). Run it with "go generate ./datasets".
//
// The log is made, not measured: 24 users over 20 weeks on a 128-processor
// machine, seed 20261122. Each user has a home application set, a
// preferred size and runtime scale (so jobs repeat, giving locality), works
// in sessions on weekdays between 08:00 and 19:00 local time (a daily cycle;
// occasional evening and weekend sessions), and submits batches: a batch of
// 1–4 jobs submitted together, the next batch after the previous one ends
// plus a think time (so batches depend on each other), sessions ending after
// a geometric number of batches. Wait times come from an FCFS schedule of
// the jobs on the machine, so submit, wait and runtime are consistent.
// Times are in the zone Europe/Berlin from 2024-01-01 00:00 local time.
package main

import (
	"container/heap"
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"sort"
	"time"

	"github.com/tracelab/tracelab/datasets"
)

const (
	seed     = 20261122
	users    = 24
	weeks    = 20
	machine  = 128
	zoneName = "Europe/Berlin"
)

func main() {
	out := flag.String("o", "sample.swf.gz", "output file")
	flag.Parse()
	t, err := generate()
	if err != nil {
		fmt.Fprintln(os.Stderr, "samplegen:", err)
		os.Exit(1)
	}
	if err := datasets.WriteSWFFile(*out, t); err != nil {
		fmt.Fprintln(os.Stderr, "samplegen:", err)
		os.Exit(1)
	}
}

type job struct {
	submit, runtime, req float64
	procs, user, app     int
	id                   int // job number, in order of creation
	prev                 int // job number of the previous batch's first job, −1
	think                float64
}

func generate() (*datasets.Trace, error) {
	loc, err := time.LoadLocation(zoneName)
	if err != nil {
		return nil, err
	}
	origin := time.Date(2024, 1, 1, 0, 0, 0, 0, loc) // a Monday
	rng := rand.New(rand.NewPCG(seed, 1))
	var jobs []job
	for u := 1; u <= users; u++ {
		prefProcs := 1 << rng.IntN(6) // 1 … 32
		runScale := math.Exp(rng.NormFloat64()*1.2 + 6.5)
		apps := []int{u*10 + 1, u*10 + 2, u*10 + 3}
		// Half the users stay for most of the log (long-term), the others
		// for 1–6 weeks somewhere in it (temporary).
		first, last := rng.IntN(14), weeks*7-rng.IntN(14)
		if u%2 == 0 {
			first = rng.IntN(weeks*7 - 42)
			last = first + 7 + rng.IntN(35)
		}
		for day := first; day < last; day++ {
			date := origin.AddDate(0, 0, day)
			weekend := date.Weekday() == time.Saturday || date.Weekday() == time.Sunday
			pSession := 0.55
			if weekend {
				pSession = 0.08
			}
			if rng.Float64() > pSession {
				continue
			}
			nSessions := 1 + rng.IntN(2)
			for s := 0; s < nSessions; s++ {
				// Session start: working hours, sometimes evening.
				hour := 8 + rng.Float64()*9
				if rng.Float64() < 0.1 {
					hour = 19 + rng.Float64()*4
				}
				clock := date.Add(time.Duration(hour * float64(time.Hour)))
				at := math.Round(float64(clock.Sub(origin)) / 1e9)
				prev, pendingThink := -1, math.NaN()
				for {
					size := 1 + rng.IntN(4)
					app := apps[rng.IntN(len(apps))]
					batchEnd := at
					firstInBatch := len(jobs) + 1
					for k := 0; k < size; k++ {
						procs := prefProcs
						if rng.Float64() < 0.3 {
							procs = max(1, prefProcs*(1<<rng.IntN(3))/2)
						}
						run := math.Round(runScale * math.Exp(rng.NormFloat64()*0.5))
						req := math.Ceil(run*(1.2+3*rng.Float64())/600) * 600
						submit := at + float64(k)*math.Round(rng.Float64()*20)
						j := job{submit: submit, runtime: run, req: req, id: len(jobs) + 1,
							procs: procs, user: u, app: app, prev: -1, think: math.NaN()}
						if k == 0 { // the batch's first job records what it follows
							j.prev, j.think = prev, pendingThink
						}
						jobs = append(jobs, j)
						batchEnd = max(batchEnd, submit+run)
					}
					prev = firstInBatch
					if rng.Float64() < 0.35 {
						break // the session ends
					}
					pendingThink = math.Round(60 + rng.ExpFloat64()*600)
					at = batchEnd + pendingThink
				}
			}
		}
	}
	sort.SliceStable(jobs, func(a, b int) bool { return jobs[a].submit < jobs[b].submit })
	if len(jobs) == 0 {
		return nil, fmt.Errorf("no jobs generated")
	}
	waits := fcfs(jobs)
	t := datasets.NewTrace("sample", len(jobs))
	t.Header = datasets.Header{
		Version:        "2.2",
		Computer:       "synthetic 128-processor machine",
		Installation:   "tracelab embedded sample (datasets/internal/samplegen, seed 20261122)",
		Acknowledge:    "made by tracelab; not a real log",
		MaxJobs:        len(jobs),
		MaxRecords:     len(jobs),
		Preemption:     "No",
		UnixStartTime:  origin.Unix(),
		TimeZoneString: zoneName,
		StartTime:      origin.Format(time.UnixDate),
		MaxNodes:       machine,
		MaxProcs:       machine,
		Notes: []string{"Synthetic: 24 users, 6 weeks, sessions on weekdays 08:00-19:00 local time,",
			"batches with think times, FCFS wait times. See datasets/internal/samplegen."},
	}
	number := make(map[int]int, len(jobs)) // creation id → job number in submit order
	for i, j := range jobs {
		number[j.id] = i + 1
	}
	for i, j := range jobs {
		row := datasets.UnknownJob()
		row.JobID = i + 1
		if j.prev > 0 {
			row.PrevJob = number[j.prev]
			row.ThinkTime = j.think
		}
		row.Submit = j.submit
		row.Wait = waits[i]
		row.Runtime = j.runtime
		row.Procs = j.procs
		row.ReqProcs = j.procs
		row.ReqTime = j.req
		row.Status = datasets.StatusCompleted
		row.User = j.user
		row.Group = 1 + j.user%4
		row.App = j.app
		row.Queue = 1
		row.Partition = 1
		t.Append(row)
	}
	return t, nil
}

// fcfs returns each job's wait under first-come-first-served on the machine.
func fcfs(jobs []job) []float64 {
	waits := make([]float64, len(jobs))
	running := &endHeap{}
	free, now := machine, 0.0
	for i, j := range jobs {
		now = max(now, j.submit)
		for free < j.procs {
			e := heap.Pop(running).(end)
			free += e.procs
			now = max(now, e.at)
		}
		waits[i] = now - j.submit
		free -= j.procs
		heap.Push(running, end{at: now + j.runtime, procs: j.procs})
	}
	return waits
}

type end struct {
	at    float64
	procs int
}
type endHeap []end

func (h endHeap) Len() int           { return len(h) }
func (h endHeap) Less(i, k int) bool { return h[i].at < h[k].at }
func (h endHeap) Swap(i, k int)      { h[i], h[k] = h[k], h[i] }
func (h *endHeap) Push(x any)        { *h = append(*h, x.(end)) }
func (h *endHeap) Pop() any {
	old := *h
	e := old[len(old)-1]
	*h = old[:len(old)-1]
	return e
}
