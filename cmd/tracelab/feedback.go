package main

import (
	"flag"
	"fmt"
	"strings"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/sim"
	"github.com/tracelab/tracelab/sim/feedback"
	"github.com/tracelab/tracelab/sim/resample"
	"github.com/tracelab/tracelab/sim/sweep"
)

func init() {
	register(&command{name: "feedback",
		usage: "[LOG] --model adjusted|distribution|fluid --scheduler fcfs|easy|conservative|log|useraware[:α]\n" +
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

func runFeedback(e *env, args []string) error {
	fs := e.newFlags("feedback")
	format := formatFlag(fs)
	modelName := fs.String("model", "adjusted", "user model: adjusted, distribution or fluid")
	schedName := fs.String("scheduler", "easy", "scheduler: fcfs, easy, easy-sjbf, conservative, log, useraware or useraware:α")
	seed := fs.Uint64("seed", 0, "random seed of the user model (and of the resampling unless --resample-seed)")
	procs := fs.Int("procs", 0, "machine size (default: the log's; with --scheduler log, at least the logged peak)")
	cycle := fs.String("cycle", "shmueli", "activity pattern of the distribution model: shmueli (2014 §VII-B), office (8–18 every day) or none")
	workloadOut := fs.String("workload-out", "", "write the generated workload (simulated submit times and waits) as SWF (.swf or .swf.gz)")
	doResample := fs.Bool("resample", false, "resample the log's users first (Zakay & Feitelson 2013 §4): population from resampling, timing from feedback")
	load := fs.Float64("load", 1, "with --resample: factor on the number of users")
	weeks := fs.Int("weeks", 0, "with --resample: length of the resampled log in weeks (default: the original's)")
	resampleSeed := fs.Uint64("resample-seed", 0, "with --resample: seed of the resampling (default: --seed)")
	logArg, err := parseLogCommand(fs, format, args)
	if err != nil {
		return err
	}
	seen := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { seen[f.Name] = true })
	if !*doResample && (seen["load"] || seen["weeks"] || seen["resample-seed"]) {
		return fmt.Errorf("%w: --load, --weeks and --resample-seed need --resample", errUsage)
	}
	if !(*load > 0) || *weeks < 0 {
		return fmt.Errorf("%w: --load must be positive and --weeks not negative", errUsage)
	}
	if *procs < 0 {
		return fmt.Errorf("%w: --procs must not be negative", errUsage)
	}
	model, err := feedback.ModelByName(*modelName)
	if err != nil {
		return fmt.Errorf("%w: --model: %v", errUsage, err)
	}
	if d, ok := model.(feedback.Distribution); ok {
		switch *cycle {
		case "shmueli":
		case "office":
			d.Cycle = feedback.OfficeHours
		case "none":
			d.Cycle = feedback.NoCycle
		default:
			return fmt.Errorf("%w: --cycle must be shmueli, office or none, not %q", errUsage, *cycle)
		}
		model = d
	} else if seen["cycle"] {
		return fmt.Errorf("%w: --cycle applies to --model distribution only", errUsage)
	}
	factory, err := feedback.SchedulerFactory(*schedName)
	if err != nil {
		return fmt.Errorf("%w: --scheduler: %v", errUsage, err)
	}
	if *workloadOut != "" && !strings.HasSuffix(*workloadOut, ".swf") && !strings.HasSuffix(*workloadOut, ".swf.gz") {
		return fmt.Errorf("%w: --workload-out must end in .swf or .swf.gz", errUsage)
	}
	tr, err := loadLog(e, logArg)
	if err != nil {
		return err
	}
	wopts := feedback.WorkloadOptions{Sim: sim.Options{Procs: *procs}}
	rule := wopts.Sim.Machine(tr).Rule
	var rs *resample.Resampled
	if *doResample {
		pools, err := resample.NewPools(tr, resample.PoolOptions{})
		if err != nil {
			return err
		}
		rseed := *seed
		if seen["resample-seed"] {
			rseed = *resampleSeed
		}
		rs, err = pools.Generate(resample.Options{Weeks: *weeks, Load: *load, Seed: rseed})
		if err != nil {
			return err
		}
		if wopts.Sim.Procs == 0 {
			wopts.Sim.Procs = tr.MaxProcs()
		}
		rule = tr.Machine().Rule // the original log's size, kept for the resampled one
		tr = rs.Trace
	}
	w, err := feedback.NewWorkload(tr, wopts)
	if err != nil {
		return err
	}
	s := factory()
	opts := feedback.Options{Model: model, Seed: *seed}
	widened := false
	if _, ok := s.(*sim.LogReplay); ok && *procs == 0 {
		if peak := w.LoggedPeak(); peak > w.Procs {
			opts.Procs, widened = peak, true
		}
	}
	res, err := feedback.Simulate(w, s, opts)
	if err != nil {
		return err
	}
	gen := res.Trace()
	act, err := feedback.AvgActivityDays(gen)
	if err != nil {
		return err
	}
	if *workloadOut != "" {
		if err := datasets.WriteSWFFile(*workloadOut, gen); err != nil {
			return err
		}
	}
	if widened {
		rule = datasets.SizePeakInUse
	}
	sat := res.Sim.Saturation(sim.ReplaySaturation)
	warnMachine(e.stderr, res.Procs, rule, sat)
	rec := record{{"log", w.Name}, {"model", res.Model}, {"scheduler", res.Scheduler},
		{"procs", res.Procs}, {"procs_rule", rule.String()}, {"procs_widened_for_log", widened}}
	rec = append(rec, summaryFields(res.Summary())...)
	rec = append(rec, field{"saturation", saturationRecord(sat)})
	rec = append(rec, field{"avg_activity_days", act},
		field{"releases", record{{"first", res.Releases[feedback.First]},
			{"dependency", res.Releases[feedback.Dependency]}, {"follows", res.Releases[feedback.Follows]}}})
	if l, ok := s.(*sim.LogReplay); ok {
		rec = append(rec, field{"log_delayed_starts", l.Delayed})
	}
	if rs != nil {
		win := feedback.WindowOf(res.Sim, rs.Start, rs.End)
		rec = append(rec, field{"resample", record{{"users", len(rs.Instances)}, {"jobs", rs.Trace.Len()},
			{"load", *load}, {"weeks", rs.Weeks}, {"window_throughput", win.Throughput},
			{"window_utilization", win.Utilization}}})
	}
	return writeRecord(e.stdout, *format, rec)
}

// summaryFields lists a simulation summary under the keys of the
// simulation's summary frame (sim.SummaryColumns).
func summaryFields(s sim.Summary) record {
	return record{{"jobs", s.Jobs}, {"avg_wait", s.AvgWait}, {"avg_response", s.AvgResponse},
		{"avg_slowdown", s.AvgSlowdown}, {"avg_bounded_slowdown", s.AvgBoundedSlowdown},
		{"utilization", s.Utilization}, {"makespan", s.Makespan}, {"throughput", s.Throughput},
		{"max_queue", s.MaxQueue}}
}
