package cli

import (
	"context"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/sim"
	"github.com/tracelab/tracelab/sim/feedback"
	"github.com/tracelab/tracelab/sim/resample"
	"github.com/tracelab/tracelab/sim/sweep"
)

func init() {
	register(&command{name: "feedback",
		usage: "[LOG] --model adjusted|distribution|fluid --scheduler " + schedulersToken + "\n" +
			"       [--seed S] [--procs P] [--cycle shmueli|office|none] [--workload-out FILE.swf[.gz]]\n" +
			"       [--resample [--load F] [--weeks N] [--resample-seed S]] [--format table|csv|json]\n" +
			"   --scheduler log widens the machine to the logged schedule's peak (unless --procs), so that every job\n" +
			"   starts at its logged time and the adjusted model reproduces every logged arrival",
		summary: "simulate a log with user feedback: batches arrive when the jobs they depend on end (Zakay & Feitelson 2014 §VI–VII)",
		run:     runFeedback})
	registerSweepExperiment(sweepExperimentDef{name: "feedback",
		summary: "resample the log's users (--load scales them) and simulate the scheduler with feedback, fluid model (Feitelson 2021 §4.3–4.4)",
		make: func(c sweepConfig) (sweep.Experiment, error) {
			p, err := resample.NewPools(c.trace, resample.PoolOptions{})
			if err != nil {
				return nil, err
			}
			return feedback.NewSweepExperiment(p, feedback.SweepOptions{Scheduler: c.scheduler})
		}})
}

// feedbackArgs is a parsed feedback command line.
type feedbackArgs struct {
	log, format string
	model       feedback.Model
	factory     sim.Factory
	seed        uint64
	procs       int
	resample    bool
	rsOpts      resample.Options
	workloadOut output
}

func parseFeedback(e *env, args []string) (feedbackArgs, error) {
	var a feedbackArgs
	fs := e.newFlags("feedback")
	format := formatFlag(fs)
	modelName := fs.String("model", "adjusted", "user model: adjusted, distribution or fluid")
	schedName := schedulerFlag(fs)
	seed := seedFlag(fs, "seed", 0, "random seed of the user model (and of the resampling unless --resample-seed)")
	intVar(fs, &a.procs, "procs", 0, 0, maxProcs, "the log's; with --scheduler log, at least the logged peak", "machine size")
	cycle := fs.String("cycle", "shmueli", "activity pattern of the distribution model: shmueli (2014 §VII-B), office (8–18 every day) or none")
	workloadOut := fs.String("workload-out", "", "write the generated workload (simulated submit times and waits) as SWF (.swf or .swf.gz)")
	doResample := fs.Bool("resample", false, "resample the log's users first (Zakay & Feitelson 2013 §4): population from resampling, timing from feedback")
	load := floatFlag(fs, "load", 1, positiveFactor, "with --resample: factor on the number of users")
	weeks := intFlag(fs, "weeks", 0, 0, resample.MaxWeeks, "the original's length", "with --resample: length of the resampled log in weeks")
	resampleSeed := seedFlag(fs, "resample-seed", 0, "with --resample: seed of the resampling (default: --seed)")
	log, err := parseLogCommand(fs, format, args)
	if err != nil {
		return a, err
	}
	seen := visited(fs)
	if !*doResample && (seen["load"] || seen["weeks"] || seen["resample-seed"]) {
		return a, usagef("--load, --weeks and --resample-seed need --resample")
	}
	if a.model, err = feedbackModel(*modelName, *cycle, seen["cycle"]); err != nil {
		return a, err
	}
	if _, adjusted := a.model.(feedback.Adjusted); adjusted && !*doResample {
		warnSeedUnused(e.stderr, "feedback", fs, "seed", "with --model adjusted and no --resample (neither draws a random number)")
	}
	if a.factory, err = sim.FactoryOf(*schedName); err != nil {
		return a, usagef("--scheduler: %v", err)
	}
	if a.workloadOut, err = newOutput("--workload-out", *workloadOut, swfFormats...); err != nil {
		return a, err
	}
	rseed := *seed
	if seen["resample-seed"] {
		rseed = *resampleSeed
	}
	a.log, a.format, a.seed, a.resample = log, *format, *seed, *doResample
	a.rsOpts = resample.Options{Weeks: *weeks, Load: *load, Seed: rseed}
	return a, distinctFiles([]string{log}, a.workloadOut)
}

// feedbackModel returns the user model named name, with the activity
// cycle for the distribution model.
func feedbackModel(name, cycle string, cycleSet bool) (feedback.Model, error) {
	model, err := feedback.ModelByName(name)
	if err != nil {
		return nil, usagef("--model: %v", err)
	}
	d, ok := model.(feedback.Distribution)
	if !ok {
		if cycleSet {
			return nil, usagef("--cycle applies to --model distribution only")
		}
		return model, nil
	}
	switch cycle {
	case "shmueli":
	case "office":
		d.Cycle = feedback.OfficeHours
	case "none":
		d.Cycle = feedback.NoCycle
	default:
		return nil, usagef("--cycle must be shmueli, office or none, not %q", cycle)
	}
	return d, nil
}

func runFeedback(e *env, args []string) error {
	a, err := parseFeedback(e, args)
	if err != nil {
		return err
	}
	tr, err := loadLog(e, a.log)
	if err != nil {
		return err
	}
	warnUnknownUsers(e.stderr, tr)
	run, err := newFeedbackRun(tr, a)
	if err != nil {
		return err
	}
	if err := run.simulate(e.context(), a); err != nil {
		return err
	}
	gen := run.res.Trace()
	act, err := feedback.AvgActivityDays(gen)
	if err != nil {
		return err
	}
	if a.workloadOut.set() {
		if err := a.workloadOut.writeTrace(gen); err != nil {
			return err
		}
	}
	sat := run.res.Sim.Saturation(sim.ReplaySaturation)
	warnMachine(e.stderr, run.res.Procs, run.rule, sat)
	rec := feedbackRecord(run, act, sat)
	if run.rs != nil {
		rec = append(rec, feedbackResampleField(run, a.rsOpts.Load))
	}
	return writeRecord(e.stdout, a.format, rec)
}

// feedbackRun is one feedback simulation: the workload, the rule that
// sized its machine, the resampled log (with --resample), and the result.
type feedbackRun struct {
	w       *feedback.Workload
	rule    datasets.SizeRule
	rs      *resample.Resampled
	sched   sim.Scheduler
	widened bool // a log replay widened to the logged peak
	res     *feedback.Result
}

// newFeedbackRun builds the workload of the log, or of its resampled users
// with --resample (on the original log's machine).
func newFeedbackRun(tr *datasets.Trace, a feedbackArgs) (*feedbackRun, error) {
	wopts := feedback.WorkloadOptions{Sim: sim.Options{Procs: a.procs}}
	run := &feedbackRun{rule: wopts.Sim.Machine(tr).Rule}
	if a.resample {
		rs, err := feedbackResample(tr, a.rsOpts)
		if err != nil {
			return nil, err
		}
		if wopts.Sim.Procs == 0 {
			wopts.Sim.Procs = tr.MaxProcs()
		}
		run.rule, run.rs, tr = tr.Machine().Rule, rs, rs.Trace
	}
	w, err := feedback.NewWorkload(tr, wopts)
	run.w = w
	return run, err
}

// simulate runs the scheduler with user feedback, stopping when ctx is
// cancelled (an interrupt); a log replay without --procs gets a machine
// as wide as the logged peak.
func (run *feedbackRun) simulate(ctx context.Context, a feedbackArgs) error {
	run.sched = a.factory()
	opts := feedback.Options{Model: a.model, Seed: a.seed}
	if _, ok := run.sched.(*sim.LogReplay); ok && a.procs == 0 {
		if peak := run.w.LoggedPeak(); peak > run.w.Procs {
			opts.Procs, run.rule, run.widened = peak, datasets.SizePeakInUse, true
		}
	}
	var err error
	run.res, err = feedback.SimulateContext(ctx, run.w, run.sched, opts)
	return err
}

// feedbackResampleField describes the resampled log and the simulation's
// throughput and utilisation within its span.
func feedbackResampleField(run *feedbackRun, load float64) field {
	rs := run.rs
	win := feedback.WindowOf(run.res.Sim, rs.Start, rs.End)
	return field{"resample", record{{"users", len(rs.Instances)}, {"jobs", rs.Trace.Len()},
		{"load", load}, {"weeks", rs.Weeks}, {"throughput_window_per_week", win.Throughput},
		{"window_utilization", win.Utilization}}}
}

// feedbackResample resamples the log's users for feedback --resample.
func feedbackResample(tr *datasets.Trace, o resample.Options) (*resample.Resampled, error) {
	pools, err := resample.NewPools(tr, resample.PoolOptions{})
	if err != nil {
		return nil, err
	}
	return pools.Generate(o)
}

// feedbackRecord is what feedback prints (without the resampling).
func feedbackRecord(run *feedbackRun, act float64, sat sim.Saturation) record {
	res := run.res
	rec := record{{"log", run.w.Name}, {"model", res.Model}, {"scheduler", res.Scheduler},
		{"procs", res.Procs}, {"procs_rule", run.rule.String()}, {"procs_widened_for_log", run.widened}}
	rec = append(rec, summaryFields(res.Summary())...)
	rec = append(rec, field{"saturation", saturationRecord(sat)})
	rec = append(rec, field{"avg_activity_days", act},
		field{"releases", record{{"first", res.Releases[feedback.First]},
			{"dependency", res.Releases[feedback.Dependency]}, {"follows", res.Releases[feedback.Follows]}}})
	if l, ok := run.sched.(*sim.LogReplay); ok {
		rec = append(rec, field{"log_delayed_starts", l.Delayed})
	}
	return rec
}

// summaryFields lists a simulation summary under the keys of the
// simulation's summary frame (sim.SummaryColumns).
func summaryFields(s sim.Summary) record {
	row := s.Row()
	rec := make(record, len(row))
	for i, v := range row {
		rec[i] = field{sim.SummaryColumns[i], v}
	}
	return rec
}
