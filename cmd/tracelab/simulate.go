package main

import (
	"fmt"
	"strings"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/sim"
)

func init() {
	register(&command{name: "simulate",
		usage: "[LOG] [--scheduler fcfs|easy|easy-sjbf|conservative|conservative:K|log] [--procs P] [--jobs-out FILE.csv|.json|.parquet]\n" +
			"       [--weekly-out FILE] [--timeline-out FILE] [--overrun raise|kill] [--missing-estimate runtime|max]\n" +
			"       [--procs-field allocated|requested] [--wide drop|error] [--format table|csv|json]",
		summary: "replay a log (jobs arrive at their logged submit times) under a scheduler and print the performance summary",
		run:     runSimulate})
}

func runSimulate(e *env, args []string) error {
	fs := e.newFlags("simulate")
	format := formatFlag(fs)
	schedName := fs.String("scheduler", "easy", "scheduler: "+strings.Join(sim.Names(), ", ")+
		", or conservative:K (at most K reservations, the first K waiting jobs)")
	procs := fs.Int("procs", 0, "machine size (default: the header's MaxProcs or MaxNodes, else the peak processors in use in the logged schedule)")
	jobsOut := fs.String("jobs-out", "", "write one row per job (job_id, submit, start, end, procs, wait, …) to FILE (.csv, .json or .parquet)")
	weeklyOut := fs.String("weekly-out", "", "write queue length, busy processors and outstanding jobs at each week start to FILE")
	timelineOut := fs.String("timeline-out", "", "write queue length, busy processors and outstanding jobs after every event to FILE")
	overrun := fs.String("overrun", "raise", "runtime above the estimate: raise the estimate, or kill the job at its estimate")
	missing := fs.String("missing-estimate", "runtime", "estimate of a job without one: its runtime, or the log's largest estimate (max)")
	procsField := fs.String("procs-field", "allocated", "processors a job holds: allocated (field 5) or requested (field 8)")
	wide := fs.String("wide", "drop", "jobs wider than the machine: drop (and count) or error")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if err := checkFormat(*format); err != nil {
		return err
	}
	if *procs < 0 {
		return fmt.Errorf("%w: --procs must not be negative", errUsage)
	}
	f, err := sim.FactoryOf(*schedName)
	if err != nil {
		return fmt.Errorf("%w: --scheduler: %v", errUsage, err)
	}
	opts := sim.Options{Procs: *procs, Engine: sim.EngineOptions{Timeline: *timelineOut != ""}}
	choices := []struct {
		flag, val string
		names     []string
		set       func(int)
	}{
		{"overrun", *overrun, []string{"raise", "kill"}, func(k int) { opts.Overrun = sim.Overrun(k) }},
		{"missing-estimate", *missing, []string{"runtime", "max"}, func(k int) { opts.MissingEstimate = sim.MissingEstimate(k) }},
		{"procs-field", *procsField, []string{"allocated", "requested"}, func(k int) { opts.ProcsSource = sim.ProcsSource(k) }},
		{"wide", *wide, []string{"drop", "error"}, func(k int) { opts.Wide = sim.WidePolicy(k) }},
	}
	for _, c := range choices {
		k := -1
		for i, n := range c.names {
			if c.val == n {
				k = i
			}
		}
		if k < 0 {
			return fmt.Errorf("%w: --%s must be %s, not %q", errUsage, c.flag, strings.Join(c.names, " or "), c.val)
		}
		c.set(k)
	}
	logArg, err := oneOptionalLog(pos)
	if err != nil {
		return err
	}
	tr, err := loadLog(e, logArg)
	if err != nil {
		return err
	}
	s := f()
	r, err := sim.Replay(tr, s, opts)
	if err != nil {
		return err
	}
	for _, out := range []struct {
		path  string
		write func() error
	}{
		{*jobsOut, func() error { return datasets.WriteFrameFile(*jobsOut, r.JobsFrame()) }},
		{*weeklyOut, func() error { return datasets.WriteFrameFile(*weeklyOut, r.Weekly.Frame()) }},
		{*timelineOut, func() error { return datasets.WriteFrameFile(*timelineOut, r.Timeline.Frame()) }},
	} {
		if out.path != "" {
			if err := out.write(); err != nil {
				return err
			}
		}
	}
	warnMachine(e.stderr, r.Procs, r.ProcsRule, r.Saturation(sim.ReplaySaturation))
	return writeRecord(e.stdout, *format, simulateRecord(tr, r, s))
}

// simulateRecord is the summary the command prints: the keys of
// sim.SummaryColumns first, then what was simulated and what the workload
// conventions changed.
func simulateRecord(tr *datasets.Trace, r *sim.Result, s sim.Scheduler) record {
	sum := r.Summary()
	p := r.Prep
	rec := record{
		{"jobs", sum.Jobs},
		{"avg_wait", sum.AvgWait},
		{"avg_response", sum.AvgResponse},
		{"avg_slowdown", sum.AvgSlowdown},
		{"avg_bounded_slowdown", sum.AvgBoundedSlowdown},
		{"utilization", sum.Utilization},
		{"makespan", sum.Makespan},
		{"throughput", sum.Throughput},
		{"max_queue", sum.MaxQueue},
		{"log", tr.Name},
		{"scheduler", sim.SchedulerName(s)},
		{"procs", r.Procs},
		{"procs_rule", r.ProcsRule.String()},
		{"saturation", saturationRecord(r.Saturation(sim.ReplaySaturation))},
		{"dropped", record{
			{"unknown_submit", p.UnknownSubmit},
			{"unknown_runtime", p.UnknownRuntime},
			{"unknown_procs", p.UnknownProcs},
			{"too_wide", p.TooWide},
		}},
		{"changed", record{
			{"missing_estimate", p.MissingEstimate},
			{"raised_estimate", p.RaisedEstimate},
			{"killed", p.Killed},
			{"procs_fallback", p.ProcsFallback},
			{"zero_runtime", p.ZeroRuntime},
		}},
	}
	if l, ok := s.(*sim.LogReplay); ok {
		rec = append(rec, field{"log_replay", record{{"delayed", l.Delayed}, {"unknown_wait", l.UnknownWait}}})
	}
	return rec
}
