package cli

import (
	"flag"
	"fmt"
	"slices"
	"strings"

	"github.com/go-gota/gota/dataframe"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/internal/outfile"
	"github.com/tracelab/tracelab/sim"
)

func init() {
	register(&command{name: "simulate",
		usage: "[LOG] [--scheduler " + schedulersToken + "] [--procs P] [--jobs-out FILE.csv|.json|.parquet]\n" +
			"       [--batsim-out FILE.csv] [--bins-out FILE [--bin hour|day|week]] [--weekly-out FILE] [--timeline-out FILE] [--overrun raise|kill] [--missing-estimate runtime|max]\n" +
			"       [--procs-field allocated|requested] [--wide drop|error] [--format table|csv|json]",
		summary: "replay a log (jobs arrive at their logged submit times) under a scheduler and print the performance summary",
		run:     runSimulate})
}

// simulateArgs is a parsed simulate command line.
type simulateArgs struct {
	log, format, scheduler    string
	factory                   sim.Factory
	opts                      sim.Options
	jobsOut, weeklyOut, tlOut output
	batsimOut, binsOut        output
	binWidth                  float64
}

func parseSimulate(e *env, args []string) (simulateArgs, error) {
	var a simulateArgs
	fs := e.newFlags("simulate")
	format := formatFlag(fs)
	schedName := schedulerFlag(fs)
	procs := intFlag(fs, "procs", 0, 0, maxProcs, "the header's MaxProcs or MaxNodes, else the peak processors in use in the logged schedule", "machine size")
	jobsOut := fs.String("jobs-out", "", "write one row per job (job_id, submit, start, end, procs, wait, …) to FILE (.csv, .json or .parquet)")
	binsOut := fs.String("bins-out", "", "write utilisation, mean and largest queue and arrivals per --bin to FILE (.csv, .json or .parquet; --scheduler log: the log's own schedule)")
	bin := fs.String("bin", "day", "width of the --bins-out bins: hour, day or week")
	batsimOut := fs.String("batsim-out", "", "write the schedule as Batsim's jobs CSV, which evalys reads, to FILE (.csv; processors numbered first fit)")
	weeklyOut := fs.String("weekly-out", "", "write queue length, busy processors and outstanding jobs at each week start to FILE")
	timelineOut := fs.String("timeline-out", "", "write queue length, busy processors and outstanding jobs after every event to FILE")
	conv := workloadConventionFlags(fs)
	log, err := parseLogCommand(fs, format, args)
	if err != nil {
		return a, err
	}
	if a.factory, err = sim.FactoryOf(*schedName); err != nil {
		return a, usagef("--scheduler: %v", err)
	}
	a.log, a.format, a.scheduler = log, *format, *schedName
	a.opts = sim.Options{Procs: *procs, Engine: sim.EngineOptions{Timeline: *timelineOut != ""}}
	if err := conv.apply(&a.opts); err != nil {
		return a, err
	}
	for _, o := range []struct {
		dst        *output
		flag, path string
	}{{&a.jobsOut, "--jobs-out", *jobsOut}, {&a.weeklyOut, "--weekly-out", *weeklyOut}, {&a.tlOut, "--timeline-out", *timelineOut}} {
		if *o.dst, err = newOutput(o.flag, o.path, frameFormats...); err != nil {
			return a, err
		}
	}
	if a.batsimOut, err = newOutput("--batsim-out", *batsimOut, fmtCSV); err != nil {
		return a, err
	}
	if a.binsOut, err = newOutput("--bins-out", *binsOut, frameFormats...); err != nil {
		return a, err
	}
	widths := map[string]float64{"hour": datasets.Hour, "day": datasets.Day, "week": datasets.Week}
	if a.binWidth = widths[*bin]; a.binWidth == 0 {
		return a, usagef("--bin must be hour, day or week, not %q", *bin)
	}
	if visited(fs)["bin"] && !a.binsOut.set() {
		// It was ignored: the summary has no bins.
		return a, usagef("--bin needs --bins-out FILE (it is the width of its bins)")
	}
	return a, distinctFiles([]string{a.log}, a.jobsOut, a.weeklyOut, a.tlOut, a.batsimOut, a.binsOut)
}

func runSimulate(e *env, args []string) error {
	a, err := parseSimulate(e, args)
	if err != nil {
		return err
	}
	tr, err := loadLog(e, a.log)
	if err != nil {
		return err
	}
	s := a.factory()
	r, err := sim.ReplayContext(e.context(), tr, s, a.opts)
	if err != nil {
		return fmt.Errorf("simulate: %w", err)
	}
	if r.WeeklyTruncated && a.weeklyOut.set() {
		fmt.Fprintf(e.stderr, "simulate: the schedule spans more than %d weeks: the weekly samples stop there\n", sim.MaxWeeklySamples)
	}
	if err := writeSimulateOutputs(e, a, r); err != nil {
		return groupError(err, fileNames(a.jobsOut, a.weeklyOut, a.tlOut, a.batsimOut, a.binsOut)...)
	}
	warnMachine(e.stderr, r.Procs, r.ProcsRule, r.Saturation(sim.ReplaySaturation))
	return writeRecord(e.stdout, a.format, simulateRecord(tr, r, s))
}

// simulateRecord is the summary the command prints: the keys of
// sim.SummaryColumns first, then what was simulated and what the workload
// conventions changed.
func simulateRecord(tr *datasets.Trace, r *sim.Result, s sim.Scheduler) record {
	p := r.Prep
	rec := append(summaryFields(r.Summary()), record{
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
	}...)
	if l, ok := s.(*sim.LogReplay); ok {
		rec = append(rec, field{"log_replay", record{{"delayed", l.Delayed}, {"unknown_wait", l.UnknownWait}}})
	}
	return rec
}

// conventionFlags are the workload conventions of a replay (sim.Options),
// shared by simulate and export batsim.
type conventionFlags struct{ overrun, missing, procsField, wide *string }

func workloadConventionFlags(fs *flag.FlagSet) *conventionFlags {
	return &conventionFlags{
		overrun:    fs.String("overrun", "raise", "runtime above the estimate: raise the estimate, or kill the job at its estimate"),
		missing:    fs.String("missing-estimate", "runtime", "estimate of a job without one: its runtime, or the log's largest estimate (max)"),
		procsField: fs.String("procs-field", "allocated", "processors a job holds: allocated (field 5) or requested (field 8)"),
		wide:       fs.String("wide", "drop", "jobs wider than the machine: drop (and count) or error"),
	}
}

// apply sets the conventions in o, or returns a usage error.
func (c *conventionFlags) apply(o *sim.Options) error {
	choices := []struct {
		flag, val string
		names     []string
		set       func(int)
	}{
		{"overrun", *c.overrun, []string{"raise", "kill"}, func(k int) { o.Overrun = sim.Overrun(k) }},
		{"missing-estimate", *c.missing, []string{"runtime", "max"}, func(k int) { o.MissingEstimate = sim.MissingEstimate(k) }},
		{"procs-field", *c.procsField, []string{"allocated", "requested"}, func(k int) { o.ProcsSource = sim.ProcsSource(k) }},
		{"wide", *c.wide, []string{"drop", "error"}, func(k int) { o.Wide = sim.WidePolicy(k) }},
	}
	for _, ch := range choices {
		k := slices.Index(ch.names, ch.val)
		if k < 0 {
			return usagef("--%s must be %s, not %q", ch.flag, strings.Join(ch.names, " or "), ch.val)
		}
		ch.set(k)
	}
	return nil
}

// writeSimulateOutputs writes the files asked for, committed together
// once all are written.
func writeSimulateOutputs(e *env, a simulateArgs, r *sim.Result) error {
	var files outfile.Set
	defer files.Discard()
	for _, o := range []struct {
		out   output
		frame func() dataframe.DataFrame
	}{{a.jobsOut, r.JobsFrame}, {a.weeklyOut, r.Weekly.Frame}, {a.tlOut, r.Timeline.Frame}} {
		if o.out.set() {
			o.out.group = &files
			if err := o.out.writeFrame(o.frame()); err != nil {
				return err
			}
		}
	}
	if a.batsimOut.set() {
		a.batsimOut.group = &files
		if err := writeBatsimJobs(e, a.batsimOut, r); err != nil {
			return err
		}
	}
	if a.binsOut.set() {
		b, err := r.Binned(sim.BinOptions{Width: a.binWidth})
		if err != nil {
			return err
		}
		a.binsOut.group = &files
		if err := a.binsOut.writeFrame(b.Frame()); err != nil {
			return err
		}
	}
	return files.Commit()
}
