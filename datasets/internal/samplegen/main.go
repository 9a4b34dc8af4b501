// Command samplegen writes the synthetic SWF log embedded in package
// datasets (datasets/sample.swf.gz). Run it with "go generate ./datasets";
// "samplegen -measure" prints the measured values quoted in the doc of
// datasets.Sample.
//
// The log is made, not measured, to look like a real site's: a
// 128-processor machine over 20 weeks in the zone Europe/Berlin (from
// Monday 2024-01-08 00:00 local time), seed 20261122. It was tuned to these
// targets, taken from five logs of the Parallel Workloads Archive (KTH-SP2,
// SDSC-SP2, CTC-SP2, SDSC-BLUE, HPC2N: utilisation of the logged schedule
// 60–84%, median waits 1–37 minutes, mean waits 4–15 hours, 90th
// percentiles 10–26 hours; long-term users 40–48% of the users with 82–88%
// of the jobs in KTH-SP2 and SDSC-SP2; measured with tracelab simulate
// --scheduler log, convert and users --summary):
//
//   - utilisation 60–80%;
//   - waits of minutes to hours: a median of minutes, a mean of hours;
//   - long-term and temporary users (Zakay & Feitelson 2013 §4, Table V):
//     about 40% of the users active for more than 12 weeks, submitting
//     most of the jobs; the others staying one to eight weeks, some of them
//     near the log's start or end (discarded);
//   - sessions and batches (Zakay & Feitelson 2014 §IV): users work in
//     sessions of a few batches, a batch of one to a dozen jobs submitted
//     together, the next batch after the previous one has ended plus a
//     think time of minutes (median 4 minutes as drawn);
//   - a daily and weekly cycle: sessions start in working hours on
//     weekdays (a few in the evening and at weekends), and some users leave
//     a long job running overnight;
//   - jobs like real ones: a third serial, sizes mostly powers of two, a
//     user's jobs repeating a few applications, sizes and runtime scales
//     (locality of sampling), runtimes from seconds to a day, requested
//     times rounded up to quarter hours and a few times the runtime, CPU
//     time and memory per processor recorded, 4% failing early.
//
// Users' sessions start at their own times; within a session the next
// batch is submitted when the previous one has ended plus the think time
// (user feedback, Zakay & Feitelson 2014 §VI), unless the user has gone
// home (after 22:00, or 02:00 for an evening session). The machine runs
// EASY backfilling with the users' requested times as estimates, so
// submit times, waits and runtimes are those of one consistent schedule,
// as in a real log. "samplegen -measure" prints the measured values (see
// datasets.Sample).
package main

import (
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"sort"
	"time"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/sim"
)

const (
	seed     = 20261122
	weeks    = 20
	machine  = 128
	zoneName = "Europe/Berlin"
	// longTerm and temporary are the numbers of users of each kind.
	longTerm, temporary = 72, 96
	// maxRequest is the queue's runtime limit: 24 hours.
	maxRequest = 24 * 3600
)

func main() {
	out := flag.String("o", "sample.swf.gz", "output file")
	measure := flag.Bool("measure", false, "print the measured values of the written log")
	flag.Parse()
	t, err := generate()
	if err == nil {
		err = datasets.WriteSWFFile(*out, t)
	}
	if err == nil && *measure {
		err = printMeasures(t)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "samplegen:", err)
		os.Exit(1)
	}
}

// user is one user's habits.
type user struct {
	id         int
	first, end int     // active days [first, end) from the origin
	pSession   float64 // probability of a session on a weekday
	procs      int     // preferred size
	runScale   float64 // median runtime, seconds
	apps       []int
	sweep      float64    // probability that a batch is a parameter sweep
	overnight  float64    // probability of leaving a long job at a session's end
	mem        float64    // typical memory per processor, KB
	aux        *rand.Rand // the stream of CPU and memory figures, apart from the behaviour's
}

// plannedJob is one job of a batch, its submit time an offset from the
// batch's.
type plannedJob struct {
	offset, runtime, req float64
	cpu                  float64 // share of the runtime a processor computes
	mem                  float64 // memory per processor, KB
	procs, app, status   int
}

// batch is jobs submitted together, and the think time before the next.
type batch struct {
	jobs  []plannedJob
	think float64
}

// userSession is a user's sitting: its start, its batches, and the local time
// after which no further batch is submitted (the user has gone home).
type userSession struct {
	user    int
	start   float64
	batches []batch
	until   float64
}

func newUser(rng *rand.Rand, id int, long bool) user {
	u := user{id: id, aux: rand.New(rand.NewPCG(seed, uint64(id)+1000)), pSession: 0.25 + 0.45*rng.Float64(), sweep: 0.05 + 0.15*rng.Float64(), overnight: 0.25 * rng.Float64()}
	switch r := rng.Float64(); {
	case r < 0.25:
		u.procs = 1 // serial
	case r < 0.92:
		u.procs = 1 << (1 + rng.IntN(4)) // 2 … 16
	default:
		u.procs = 32 // sometimes 64
	}
	u.runScale = math.Exp(math.Log(3000) + rng.NormFloat64()*1.1)           // median 50 min
	u.mem = math.Round(math.Exp(math.Log(200_000) + rng.NormFloat64()*1.0)) // median 200 MB
	for k := range 2 + rng.IntN(3) {
		u.apps = append(u.apps, id*10+k)
	}
	days := weeks * 7
	if long {
		u.first = rng.IntN(21)
		u.end = days - rng.IntN(21)
		return u
	}
	stay := 7 + rng.IntN(50)              // one to eight weeks
	u.first = 28 + rng.IntN(days-stay-56) // mostly clear of the log's first and last four weeks
	if rng.Float64() < 0.35 {
		u.first = rng.IntN(days - 7) // anywhere, edges included
	}
	u.end = min(days, u.first+stay)
	u.pSession *= 0.6 // temporary users come less often
	return u
}

// sessions returns the user's sessions.
func (u user) sessions(rng *rand.Rand, origin time.Time) []userSession {
	var out []userSession
	for day := u.first; day < u.end; day++ {
		date := origin.AddDate(0, 0, day)
		p := u.pSession
		if wd := date.Weekday(); wd == time.Saturday || wd == time.Sunday {
			p *= 0.12
		}
		if rng.Float64() > p {
			continue
		}
		for range 1 + rng.IntN(2) {
			hour, until := 8.5+rng.Float64()*3.5, 22.0 // mornings, 08:30–12:00
			if rng.Float64() < 0.45 {
				hour = 13 + rng.Float64()*3.5 // afternoons, 13:00–16:30
			}
			if rng.Float64() < 0.12 {
				hour, until = 19+rng.Float64()*3, 26 // evenings, until 2 a.m.
			}
			at := func(h float64) float64 {
				return math.Round(date.Add(time.Duration(h*3600) * time.Second).Sub(origin).Seconds())
			}
			out = append(out, userSession{user: u.id, start: at(hour), until: at(until), batches: u.batches(rng)})
		}
	}
	return out
}

// batches returns a session's batches: one job, two, or a parameter
// sweep, until the session ends; sometimes a long job left overnight.
func (u user) batches(rng *rand.Rand) []batch {
	var out []batch
	for {
		n := 1
		if rng.Float64() < u.sweep {
			n = 2 + rng.IntN(11) // a parameter sweep
		} else if rng.Float64() < 0.2 {
			n = 2
		}
		app := u.apps[rng.IntN(len(u.apps))]
		b := batch{think: math.Round(math.Exp(math.Log(240) + rng.NormFloat64()*0.8))} // median 4 min
		for k := range n {
			b.jobs = append(b.jobs, u.job(rng, app, float64(k)*math.Round(rng.Float64()*15)))
		}
		out = append(out, b)
		if rng.Float64() < 0.4 { // the session ends
			if rng.Float64() < u.overnight {
				j := u.job(rng, app, 0)
				j.runtime = math.Round(4*3600 + rng.Float64()*10*3600)
				j.req = requested(rng, j.runtime)
				j.status = datasets.StatusCompleted
				out[len(out)-1].think = 60 + math.Round(rng.ExpFloat64()*300)
				out = append(out, batch{jobs: []plannedJob{j}})
			}
			return out
		}
	}
}

func (u user) job(rng *rand.Rand, app int, offset float64) plannedJob {
	procs := u.procs
	if rng.Float64() < 0.25 {
		procs = max(1, procs*(1<<rng.IntN(3))/2) // half, same or double
	}
	run := math.Round(min(maxRequest, u.runScale*math.Exp(rng.NormFloat64()*0.9)))
	j := plannedJob{offset: offset, runtime: max(1, run), procs: procs, app: app, status: datasets.StatusCompleted,
		cpu: 0.5 + 0.49*u.aux.Float64(), mem: math.Round(u.mem * math.Exp(u.aux.NormFloat64()*0.3))}
	j.req = requested(rng, j.runtime)
	if rng.Float64() < 0.04 { // failed early
		j.runtime = math.Round(1 + rng.Float64()*60)
		j.status = 0
	}
	return j
}

// requested returns a requested time: a few times the runtime, rounded up
// to a quarter hour, at most the queue's limit.
func requested(rng *rand.Rand, run float64) float64 {
	return min(maxRequest, math.Ceil(run*(1.3+3*rng.Float64())/900)*900)
}

func generate() (*datasets.Trace, error) {
	loc, err := time.LoadLocation(zoneName)
	if err != nil {
		return nil, err
	}
	origin := time.Date(2024, 1, 8, 0, 0, 0, 0, loc) // a Monday
	rng := rand.New(rand.NewPCG(seed, 1))
	var sessions []userSession
	for id := 1; id <= longTerm+temporary; id++ {
		sessions = append(sessions, newUser(rng, id, id <= longTerm).sessions(rng, origin)...)
	}
	f := &feeder{EASY: &sim.EASY{}, sessions: sessions}
	e, err := sim.NewEngine(machine, f, sim.EngineOptions{})
	if err != nil {
		return nil, err
	}
	for k, s := range sessions {
		f.submit(e, k, 0, s.start)
	}
	if err := e.Run(); err != nil {
		return nil, err
	}
	return f.trace(e.Result(), header(origin, e.NumJobs())), nil
}

// feeder schedules with EASY backfilling and submits each session's next
// batch when the previous one has ended, plus the think time, unless the
// user has gone home: user feedback within sessions (Zakay & Feitelson
// 2014 §VI), sessions starting at their own times.
type feeder struct {
	*sim.EASY
	sessions []userSession
	left     []int     // jobs of each session's current batch still running or waiting
	of       []jobMeta // per engine job
}

type jobMeta struct {
	session, batch, job int
	prev                int     // engine job of the previous batch's first job, −1
	think               float64 // its think time, NaN for a session's first batch
}

func (f *feeder) submit(e *sim.Engine, s, b int, at float64) {
	if f.left == nil {
		f.left = make([]int, len(f.sessions))
	}
	prev, think := -1, math.NaN()
	if b > 0 {
		prev, think = f.firstOf(s, b-1), at-e.Now()
	}
	ss := f.sessions[s]
	f.left[s] = len(ss.batches[b].jobs)
	for k, j := range ss.batches[b].jobs {
		n := e.Submit(sim.Job{ID: e.NumJobs() + 1, User: ss.user, Submit: at + j.offset, Runtime: j.runtime,
			Estimate: j.req, Procs: j.procs, Wait: math.NaN()})
		f.of = append(f.of, jobMeta{session: s, batch: b, job: k, prev: prev, think: think})
		if n != len(f.of)-1 {
			panic("samplegen: engine job numbers out of step")
		}
	}
}

// firstOf returns the engine job of batch b's first job of session s.
func (f *feeder) firstOf(s, b int) int {
	for j := len(f.of) - 1; j >= 0; j-- {
		if m := f.of[j]; m.session == s && m.batch == b && m.job == 0 {
			return j
		}
	}
	return -1
}

// Finish hears a job's end: the last of its batch releases the next.
func (f *feeder) Finish(e *sim.Engine, j int) {
	f.EASY.Finish(e, j)
	m := f.of[j]
	if f.left[m.session]--; f.left[m.session] > 0 {
		return
	}
	ss := f.sessions[m.session]
	if m.batch+1 >= len(ss.batches) {
		return
	}
	at := e.Now() + ss.batches[m.batch].think
	if at > ss.until {
		return // gone home
	}
	f.submit(e, m.session, m.batch+1, at)
}

// trace returns the simulated log, jobs numbered in submit order.
func (f *feeder) trace(r *sim.Result, h datasets.Header) *datasets.Trace {
	order := make([]int, r.Len())
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return r.Submit[order[a]] < r.Submit[order[b]] })
	number := make([]int, r.Len())
	for i, j := range order {
		number[j] = i + 1
	}
	t := datasets.NewTrace("sample", r.Len())
	t.Header = h
	for _, j := range order {
		m := f.of[j]
		pj := f.sessions[m.session].batches[m.batch].jobs[m.job]
		row := datasets.UnknownJob()
		row.JobID, row.Submit, row.Wait, row.Runtime = number[j], r.Submit[j], r.Start[j]-r.Submit[j], r.Runtime[j]
		row.Procs, row.ReqProcs, row.ReqTime, row.Status = r.Width[j], r.Width[j], r.Estimate[j], pj.status
		row.User, row.Group, row.App, row.Queue, row.Partition = r.User[j], 1+r.User[j]%5, pj.app, 1, 1
		row.CPUTime, row.Mem = math.Round(pj.cpu*r.Runtime[j]), pj.mem
		if m.prev >= 0 && m.job == 0 {
			row.PrevJob, row.ThinkTime = number[m.prev], m.think
		}
		t.Append(row)
	}
	return t
}

func header(origin time.Time, n int) datasets.Header {
	return datasets.Header{
		Version:        "2.2",
		Computer:       "synthetic 128-processor machine",
		Installation:   "tracelab embedded sample (datasets/internal/samplegen, seed 20261122)",
		Acknowledge:    "made by tracelab; not a real log",
		MaxJobs:        n,
		MaxRecords:     n,
		Preemption:     "No",
		UnixStartTime:  origin.Unix(),
		TimeZoneString: zoneName,
		StartTime:      origin.In(time.UTC).Format(time.UnixDate),
		MaxNodes:       machine,
		MaxProcs:       machine,
		MaxRuntime:     maxRequest,
		Queues:         "1: batch (24 h limit)",
		Notes: []string{"Synthetic: long-term and temporary users over 20 weeks, sessions in working hours, batches with think",
			"times, overnight jobs; waits from EASY backfilling with user feedback. See datasets/internal/samplegen."},
	}
}
