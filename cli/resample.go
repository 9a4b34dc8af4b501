package cli

import (
	"cmp"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/tracelab/tracelab/analytics/users"
	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/internal/clip"
	"github.com/tracelab/tracelab/sim"
	"github.com/tracelab/tracelab/sim/resample"
	"github.com/tracelab/tracelab/sim/sweep"
)

func init() {
	register(&command{name: "resample",
		usage: "[LOG] [--weeks N | --extend X] [--load F] [--rb USER:BEGIN:END ... --rb-npw R] --seed S -o out.swf\n" +
			"       [--clock wall|elapsed] [--reading NAME] [--start common|cycle|activity] [--arrivals uniform|weeks]\n" +
			"       [--weight-class heavy=W,long=W,small=W] [--mix LOG2,LOG3... [--mix-weights W1,W2,...] [--mix-procs P]]\n" +
			"       [--simulate " + schedulersToken + "] [--period-start first_submission|log_start]\n" +
			"       [--format table|csv|json]\n" +
			"   -o: .swf, .swf.gz, or .csv/.json/.parquet (job columns plus kind, source_user, source_job);\n" +
			"   BEGIN/END: seconds since the log's start, or a date YYYY-MM-DD in the log's time zone (END: to the end of that day)",
		summary: "resample a log at the level of users: longer, more or less loaded, with more rare behaviours (Zakay & Feitelson 2013 §4, §6)",
		run:     runResample})
	registerSweepExperiment(sweepExperimentDef{name: "resample",
		summary: "resample the log (Zakay & Feitelson 2013 §4) and simulate the scheduler on it (§6.1; --load scales the users, §6.3)",
		make: func(c sweepConfig) (sweep.Experiment, error) {
			periods, err := rarePeriods(c.trace, c.rare)
			if err != nil {
				return nil, err
			}
			rd, err := resample.ReadingByName(c.reading)
			if err != nil {
				return nil, usagef("--reading: %v", err)
			}
			po := rd.Pools
			po.Rare, po.Users.Start = periods, c.period
			p, err := resample.NewPools(c.trace, po)
			if err != nil {
				return nil, err
			}
			return resample.NewExperiment(p, resample.ExperimentOptions{Scheduler: c.scheduler, Generate: rd.Generate, Sim: rd.Sim})
		}})
}

// rareFlags collects repeated --rb USER:BEGIN:END arguments.
type rareFlags []string

func (r *rareFlags) String() string     { return strings.Join(*r, " ") }
func (r *rareFlags) Set(v string) error { *r = append(*r, v); return nil }

// resampleArgs is a parsed resample command line.
type resampleArgs struct {
	log, format string
	rare        []string
	reading     resample.Reading
	mix         []string
	mixWeights  []float64
	mixProcs    int
	opts        resample.Options
	clock       resample.Clock
	simulate    string
	factory     sim.Factory
	out         output
}

func parseResample(e *env, args []string) (resampleArgs, error) {
	var a resampleArgs
	fs := e.newFlags("resample")
	format := formatFlag(fs)
	weeks := intFlag(fs, "weeks", 0, 0, resample.MaxWeeks, "the original's length", "length of the new log in weeks")
	extend := floatFlag(fs, "extend", 0, floatRange{lo: 0, hi: 100, zero: "the original's length"}, "length as a multiple of the original's (e.g. 5)")
	load := floatFlag(fs, "load", 1, positiveFactor, "load factor: multiplies the long-term users and the temporary users' numbers and arrival rate")
	var rb rareFlags
	fs.Var(&rb, "rb", "rare behaviour USER:BEGIN:END (repeatable): those jobs form a rare-behaviour pseudo-user")
	rbnpw := floatFlag(fs, "rb-npw", 0, floatRange{lo: 0, hi: 1000}, "expected rare-behaviour users per week among the arriving temporary users (RB_NPW)")
	seed := seedFlag(fs, "seed", 0, "random seed (required: the same seed gives the same log)")
	out := fs.String("o", "", "output file (required): .swf, .swf.gz, .csv, .json or .parquet")
	clock := fs.String("clock", "wall", "wall: keep local day and time of every job; elapsed: keep intervals in seconds")
	reading := fs.String("reading", "default", "reading of the paper's §4 and §6.1 (go doc sim/resample Readings); --start and --arrivals override it")
	start := fs.String("start", "", "initial long-term users start in one common random week of the log (common, the default reading), "+
		"each in a random week of its cycle (cycle) or of its activity (activity)")
	arrivals := fs.String("arrivals", "", "arriving temporary users chosen uniformly (uniform, the default reading) or by weeks of activity (weeks)")
	weightClass := fs.String("weight-class", "", "weight user classes, e.g. heavy=2,long=0 (2013 §6.5.4): heavy users (half the "+
		"processor-seconds), users of long jobs (median runtime above the log's), users of many small jobs; a user's weight is the "+
		"product of its classes' (go doc sim/resample UserClass)")
	mix := fs.String("mix", "", "mix LOG with these logs, comma-separated (2013 §6.5.1): each resampled with its share of the users, "+
		"sizes scaled to the common machine (round(procs × P / the log's processors), at least 1); needs --weeks and an .swf output")
	mixWeights := floatListFlag(fs, "mix-weights", floatRange{lo: 0, hi: 1000}, "with --mix: the logs' shares of the users, LOG first (default equal)")
	mixProcs := intFlag(fs, "mix-procs", 0, 0, 10_000_000, "the largest of the logs' machines", "with --mix: the common machine size")
	simulate := fs.String("simulate", "", schedulerHelp("also simulate the new log with this scheduler and report its performance and saturation"))
	periodStart := fs.String("period-start", "first_submission", "where the logging period begins for classifying users (2013 §4's discard "+
		"near its beginning): first_submission, or log_start (the header's time 0, for a version that had the jobs a cleaning removed; "+
		"go doc analytics/users PeriodStart)")
	log, err := parseLogCommand(fs, format, args)
	if err != nil {
		return a, err
	}
	seen := visited(fs)
	switch {
	case !seen["seed"]:
		return a, usagef("--seed S is required")
	case *out == "":
		return a, usagef("-o FILE is required")
	case *weeks > 0 && *extend > 0:
		return a, usagef("give --weeks or --extend, not both")
	case *rbnpw > 0 && len(rb) == 0:
		return a, usagef("--rb-npw needs at least one --rb USER:BEGIN:END")
	case *mix == "" && (seen["mix-weights"] || seen["mix-procs"]):
		return a, usagef("--mix-weights and --mix-procs need --mix")
	case *mix != "" && (*weeks == 0 || len(rb) > 0):
		return a, usagef("--mix needs --weeks and takes no --rb")
	}
	if *mix != "" {
		if a.mix, err = nameList(*mix); err != nil {
			return a, usagef("--mix %s: %v", clip.Runes(*mix, 200), err)
		}
		if len(a.mix) > maxMixLogs {
			return a, usagef("--mix: %d logs, want at most %d", len(a.mix), maxMixLogs)
		}
		a.mixWeights, a.mixProcs = mixWeights.v, *mixProcs
		if a.mixWeights != nil && len(a.mixWeights) != len(a.mix)+1 {
			return a, usagef("--mix-weights: %d weights for %d logs", len(a.mixWeights), len(a.mix)+1)
		}
	}
	if a.clock, err = resample.ParseClock(*clock); err != nil {
		return a, usagef("--clock: %v", err)
	}
	if a.reading, a.opts, err = resampleReading(*reading, *start, *arrivals); err != nil {
		return a, err
	}
	if a.reading.Pools.Users.Start, err = users.ParsePeriodStart(*periodStart); err != nil {
		return a, usagef("--period-start: %v", err)
	}
	a.opts.Weeks, a.opts.Extend, a.opts.Load, a.opts.RBNPW, a.opts.Seed = *weeks, *extend, *load, *rbnpw, *seed
	if a.opts.ClassWeights, err = resample.ParseClassWeights(*weightClass); err != nil {
		return a, usagef("--weight-class: %v", err)
	}
	if *simulate != "" {
		if a.factory, err = sim.FactoryOf(*simulate); err != nil {
			return a, usagef("--simulate: %v", err)
		}
	}
	if a.out, err = newOutput("-o", *out, traceFormats...); err != nil {
		return a, err
	}
	if a.mix != nil && a.out.format != fmtSWF && a.out.format != fmtSWFGz {
		return a, usagef("--mix writes .swf or .swf.gz only")
	}
	a.log, a.format, a.rare, a.simulate = log, *format, rb, *simulate
	return a, distinctFiles(append([]string{log}, a.mix...), a.out)
}

// resampleReading returns the reading named by --reading and its options,
// --start and --arrivals overriding them.
func resampleReading(name, start, arrivals string) (resample.Reading, resample.Options, error) {
	rd, err := resample.ReadingByName(name)
	if err != nil {
		return rd, resample.Options{}, usagef("--reading: %v", err)
	}
	o := rd.Generate
	if start != "" {
		if o.LongTermStart, err = resample.ParseLongTermStart(start); err != nil {
			return rd, o, usagef("--start: %v", err)
		}
	}
	if arrivals != "" {
		if o.Arrivals, err = resample.ParseWeighting(arrivals); err != nil {
			return rd, o, usagef("--arrivals: %v", err)
		}
	}
	return rd, o, nil
}

func runResample(e *env, args []string) error {
	a, err := parseResample(e, args)
	if err != nil {
		return err
	}
	tr, err := loadLog(e, a.log)
	if err != nil {
		return err
	}
	warnUnknownUsers(e.stderr, tr)
	// The new log's header takes the original's machine size: say when it
	// was inferred.
	warnInferredMachine(e.stderr, tr.Machine(), noProcsFlag)
	if a.mix != nil {
		return runMix(e, a, tr)
	}
	pools, r, err := resampleLog(tr, a)
	if err != nil {
		return err
	}
	if err := writeResampled(e, a.out, r); err != nil {
		return err
	}
	rec := resampleRecord(pools, r)
	if a.factory != nil {
		simulated, err := resampleSimulation(e, a, r)
		if err != nil {
			return err
		}
		rec = append(rec, simulated)
	}
	return writeRecord(e.stdout, a.format, rec)
}

// resampleLog builds the pools of the log's users and draws the new log;
// a new log without a job is an error.
func resampleLog(tr *datasets.Trace, a resampleArgs) (*resample.Pools, *resample.Resampled, error) {
	periods, err := rarePeriods(tr, a.rare)
	if err != nil {
		return nil, nil, err
	}
	po := a.reading.Pools
	po.Rare, po.Clock = periods, a.clock
	pools, err := resample.NewPools(tr, po)
	if err != nil {
		return nil, nil, err
	}
	r, err := pools.Generate(a.opts)
	if err != nil {
		return nil, nil, err
	}
	if r.Trace.Len() == 0 {
		return nil, nil, fmt.Errorf("resample: the new log has no job (%d long-term and %.3g temporary users at the start, %.3g arriving per week, over %d weeks): raise --load or the length; nothing written",
			r.Options.LongTermUsers, r.Options.InitialTemporary, r.Options.ArrivalRate, r.Weeks)
	}
	return pools, r, nil
}

// writeResampled writes the new log: SWF, or a frame of the job columns
// plus kind, source_user and source_job.
func writeResampled(e *env, out output, r *resample.Resampled) error {
	var err error
	if out.format == fmtSWF || out.format == fmtSWFGz {
		err = out.writeTrace(r.Trace)
	} else {
		err = out.writeFrame(r.Frame())
	}
	if err == nil {
		fmt.Fprintf(e.stderr, "wrote %d jobs of %d users to %s\n", r.Trace.Len(), len(r.Instances), out.path)
	}
	return err
}

// resampleSimulation simulates the new log with --simulate's scheduler
// under the reading's conventions and describes the outcome.
func resampleSimulation(e *env, a resampleArgs, r *resample.Resampled) (field, error) {
	o, err := r.SimulateContext(e.context(), a.factory(), a.reading.Sim)
	if err != nil {
		return field{}, err
	}
	m := resample.OutcomeMetrics(r, o)
	return field{"simulation", record{
		{"scheduler", a.simulate}, {"procs", o.Result.Procs}, {"procs_rule", o.Result.ProcsRule.String()},
		{"simulated", m.Simulated}, {"counted", m.Counted},
		{"throughput_makespan_per_week", m.Throughput}, {"utilization", m.Utilization}, {"avg_wait", m.AvgWait},
		{"avg_response", m.AvgResponse}, {"avg_slowdown", m.AvgSlowdown},
		{"avg_bounded_slowdown", m.AvgBoundedSlowdown}, {"max_queue", m.MaxQueue},
		{"saturation_slope", m.Slope}, {"saturated", m.Saturated},
	}}, nil
}

// rarePeriods parses the --rb arguments against the log.
func rarePeriods(tr *datasets.Trace, rb []string) ([]resample.RarePeriod, error) {
	var periods []resample.RarePeriod
	for _, s := range rb {
		p, err := parseRarePeriod(tr, s)
		if err != nil {
			return nil, usagef("--rb %s: %v", s, err)
		}
		periods = append(periods, p)
	}
	return periods, nil
}

// parseRarePeriod parses USER:BEGIN:END; BEGIN and END are seconds since
// the log's start or dates YYYY-MM-DD in the log's time zone (BEGIN from
// 00:00, END to 23:59:59).
func parseRarePeriod(tr *datasets.Trace, s string) (resample.RarePeriod, error) {
	parts := strings.Split(s, ":")
	if len(parts) != 3 {
		return resample.RarePeriod{}, fmt.Errorf("want USER:BEGIN:END")
	}
	user, err := strconv.Atoi(parts[0])
	if err != nil {
		return resample.RarePeriod{}, fmt.Errorf("user %q is not an integer", parts[0])
	}
	at := func(v string, end bool) (float64, error) {
		if x, err := strconv.ParseFloat(v, 64); err == nil {
			return x, nil
		}
		d, err := time.ParseInLocation("2006-01-02", v, tr.Location())
		if err != nil {
			return 0, fmt.Errorf("%q is neither seconds nor a date YYYY-MM-DD", v)
		}
		if end {
			d = d.AddDate(0, 0, 1).Add(-time.Second)
		}
		return float64(d.Unix() - tr.Header.UnixStartTime), nil
	}
	b, err := at(parts[1], false)
	if err != nil {
		return resample.RarePeriod{}, err
	}
	en, err := at(parts[2], true)
	if err != nil {
		return resample.RarePeriod{}, err
	}
	return resample.RarePeriod{User: user, Begin: b, End: en}, nil
}

// resampleRecord describes the pools and the new log.
func resampleRecord(p *resample.Pools, r *resample.Resampled) record {
	o, rep := r.Options, r.Report
	return record{
		{"log", p.Trace.Name},
		{"pools", record{
			{"long_term_users", len(p.LongTerm)}, {"temporary_users", len(p.Temporary)},
			{"rare_behaviours", len(p.Rare)}, {"discarded_users", p.DiscardedUsers},
			{"discarded_jobs", p.DiscardedJobs}, {"weeks", p.Weeks}, {"period_start", p.Options.Users.Start.String()},
			{"temporary_present_per_week", p.TemporaryPresent()}, {"temporary_arrivals_per_week", p.TemporaryRate()},
		}},
		{"options", record{
			{"seed", o.Seed}, {"weeks", o.Weeks}, {"extend", o.Extend}, {"load", o.Load},
			{"long_term_users", o.LongTermUsers}, {"initial_temporary", o.InitialTemporary},
			{"arrivals_per_week", o.ArrivalRate}, {"rb_npw", o.RBNPW}, {"clock", p.Options.Clock.String()},
			{"long_term_start", o.LongTermStart.String()}, {"long_term_selection", o.LongTermSelection.String()},
			{"regeneration", o.Regeneration.String()}, {"initial_temporaries", o.InitialTemporaries.String()},
			{"arrival_count", o.ArrivalCount.String()}, {"arrival_weighting", o.Arrivals.String()},
			{"class_weights", o.ClassWeights.String()},
		}},
		{"resampled", record{
			{"jobs", rep.Jobs}, {"users", len(r.Instances)}, {"weeks", r.Weeks},
			{"start", r.Start}, {"end", r.End},
			{"long_term_users", rep.LongTermUsers}, {"initial_temporary_users", rep.InitialTemporary},
			{"arrivals", rep.Arrivals}, {"rare_arrivals", rep.RareArrivals}, {"rare_capped", rep.RareCapped},
			{"long_term_jobs", rep.LongTermJobs}, {"temporary_jobs", rep.TemporaryJobs}, {"rare_jobs", rep.RareJobs},
			{"dst_gap_jobs", rep.DSTGap}, {"dst_order_jobs", rep.DSTOrder},
		}},
	}
}

// maxMixLogs bounds the logs of --mix (besides LOG).
const maxMixLogs = 100

// runMix resamples LOG and the --mix logs at once onto a common machine
// (resample.Mix), writes the mixed log and describes it. The logs are held
// together: their jobs may not exceed the bound of one log (DefaultMaxRows,
// or TRACELAB_MAX_JOBS), else one file given under many names (./x.swf,
// .//x.swf, …) was held as often (200 spellings of the 20,000-job sample
// took 1.2 GB).
func runMix(e *env, a resampleArgs, tr *datasets.Trace) error {
	var pools []*resample.Pools
	po := a.reading.Pools
	po.Clock = a.clock
	bound, err := maxJobs()
	if err != nil {
		return err
	}
	bound = cmp.Or(bound, datasets.DefaultMaxRows)
	held := 0
	for i, name := range append([]string{a.log}, a.mix...) {
		t := tr
		if i > 0 {
			var err error
			if t, err = loadLog(e, name); err != nil {
				return err
			}
		}
		if held += t.Len(); held > bound {
			return fmt.Errorf("resample --mix: the logs up to %s hold %d jobs together, more than %d (%s raises the bound)", t.Name, held, bound, maxJobsEnv)
		}
		p, err := resample.NewPools(t, po)
		if err != nil {
			return fmt.Errorf("%s: %w", t.Name, err)
		}
		pools = append(pools, p)
	}
	m, err := resample.Mix(pools, resample.MixOptions{Procs: a.mixProcs, Weights: a.mixWeights, Generate: a.opts})
	if err != nil {
		return err
	}
	if m.Trace.Len() == 0 {
		return fmt.Errorf("resample: the mixed log has no job: raise --load or --weeks; nothing written")
	}
	if err := a.out.writeTrace(m.Trace); err != nil {
		return err
	}
	fmt.Fprintf(e.stderr, "wrote %d jobs of %d logs to %s\n", m.Trace.Len(), len(pools), a.out.path)
	var logs record
	for i, p := range pools {
		n := 0
		if r := m.Parts[i]; r != nil {
			n = r.Trace.Len()
		}
		logs = append(logs, field{fmt.Sprintf("log%d", i+1), record{{"name", p.Trace.Name}, {"procs", p.Trace.Machine().Procs}, {"jobs", n}}})
	}
	rec := record{{"mix", record{{"procs", m.Procs}, {"jobs", m.Trace.Len()}, {"weeks", a.opts.Weeks},
		{"seed", a.opts.Seed}, {"load", a.opts.Load}, {"class_weights", a.opts.ClassWeights.String()}}}, {"logs", logs}}
	if a.factory != nil {
		o, err := m.SimulateContext(e.context(), a.factory(), a.reading.Sim)
		if err != nil {
			return err
		}
		warnInferredMachine(e.stderr, datasets.Machine{Procs: o.Result.Procs, Rule: o.Result.ProcsRule}, noProcsFlag)
		rec = append(rec, field{"simulation", record{{"scheduler", a.simulate}, {"procs", o.Result.Procs},
			{"procs_rule", o.Result.ProcsRule.String()}, {"utilization", o.Summary.Utilization}, {"avg_wait", o.Summary.AvgWait},
			{"avg_bounded_slowdown", o.Summary.AvgBoundedSlowdown}, {"saturated", o.Saturation.Saturated}}})
	}
	return writeRecord(e.stdout, a.format, rec)
}
