package cli

import (
	"context"
	"errors"
	"fmt"
	"os"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/go-gota/gota/dataframe"

	"github.com/tracelab/tracelab/analytics/users"
	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/sim"
	"github.com/tracelab/tracelab/sim/sweep"
	"github.com/tracelab/tracelab/tables"
)

func init() {
	register(&command{name: "sweep",
		usage: "[LOG] --reps N [--experiment " + defaultExperiment + "] [--scheduler " + schedulersToken + "] [--reading NAME] [--period-start first_submission|log_start] [--load F1,F2,...] " +
			"[--seed S] [--workers W] [--shard i/n] [-o out.parquet] [--format table|csv|json]\n" +
			"       [--slurm [--shards 10] [--slurm-dir DIR] [--partition P] [--time T] [--cpus-per-task C] " +
			"[--throttle K] [--sbatch-arg --flag=value ...] [--tracelab PATH] [--dry-run] [--no-wait]]\n" +
			"   or: tracelab sweep merge FILE... -o out.parquet [--allow-partial]",
		summary: "run N seeded replicates of an experiment (in parallel, sharded, or as a Slurm job array) and merge shards",
		run:     runSweep})
}

// sweepFailEnv names the test hook: a shard run (--shard i/n) whose index
// equals its value fails at once, before computing anything, as a crashed
// array task would. The Slurm tests use it to check that failed tasks are
// reported, resubmitted and completed.
const sweepFailEnv = "TRACELAB_SWEEP_FAIL_SHARD"

// sweepExperimentDef is an experiment the sweep command can run.
type sweepExperimentDef struct {
	name    string
	summary string
	make    func(c sweepConfig) (sweep.Experiment, error)
}

// sweepConfig is what the command line gives an experiment.
type sweepConfig struct {
	trace     *datasets.Trace
	scheduler string
	window    float64           // seconds; 0 means the experiment's default
	rare      []string          // --rb USER:BEGIN:END periods, for experiments that take them
	reading   string            // --reading, for the resample experiment
	period    users.PeriodStart // --period-start, for the resample experiment
}

// defaultExperiment is the experiment of "tracelab sweep" without
// --experiment: user-level resampling and simulation (Zakay and Feitelson
// 2013 §6), registered by resample.go.
const defaultExperiment = "resample"

var sweepExperiments = map[string]sweepExperimentDef{}

// registerSweepExperiment adds an experiment to the sweep command; call it
// from an init function.
func registerSweepExperiment(d sweepExperimentDef) {
	if _, dup := sweepExperiments[d.name]; dup {
		panic("tracelab: duplicate sweep experiment " + d.name)
	}
	sweepExperiments[d.name] = d
}

func init() {
	registerSweepExperiment(sweepExperimentDef{name: "window",
		summary: "the scheduler on a random window of the log (moving-block bootstrap; --window, --load)",
		make: func(c sweepConfig) (sweep.Experiment, error) {
			return sweep.NewWindow(c.trace, sweep.WindowOptions{Scheduler: c.scheduler, Length: c.window})
		}})
}

func sweepExperimentNames() string {
	n := make([]string, 0, len(sweepExperiments))
	for k := range sweepExperiments {
		n = append(n, k)
	}
	sort.Strings(n)
	return strings.Join(n, ", ")
}

// sweepArgs are the parsed arguments of a sweep.
type sweepArgs struct {
	log        string
	experiment string
	def        sweepExperimentDef
	scheduler  string
	loads      *floatList
	rare       rareFlags
	rbnpw      *floatList
	reading    string
	period     users.PeriodStart
	window     time.Duration
	reps       int
	seed       uint64
	workers    int
	shard      sweep.Shard
	sharded    bool
	out        output
	format     string
	quiet      bool
	slurm      slurmFlags
}

func parseSweep(e *env, args []string) (sweepArgs, error) {
	fs := e.newFlags("sweep")
	var a sweepArgs
	fs.StringVar(&a.format, "format", "table", "output format without -o: table, csv or json")
	fs.StringVar(&a.experiment, "experiment", defaultExperiment, "experiment: "+sweepExperimentNames())
	scheduler := schedulerFlag(fs)
	a.loads = floatListFlag(fs, "load", positiveFactor, "load factors, comma-separated: a grid of N replicates each")
	fs.Var(&a.rare, "rb", "rare behaviour USER:BEGIN:END (repeatable; resample experiment): those jobs form a rare-behaviour pool")
	a.rbnpw = floatListFlag(fs, "rb-npw", floatRange{lo: 0, hi: 1000}, "RB_NPW values, comma-separated (resample experiment): a grid of N replicates each")
	fs.StringVar(&a.reading, "reading", "default", "reading of the paper's §4 and §6.1 (resample experiment; go doc sim/resample Readings)")
	period := fs.String("period-start", "first_submission", "where the logging period begins for classifying users (resample experiment; "+
		"first_submission or log_start: go doc analytics/users PeriodStart)")
	window := durationFlag(fs, "window", 0, time.Hour, maxWeeks*7*24*time.Hour, "", "window length for the window experiment, e.g. 4w, 28d, 672h (default 4w)")
	intVar(fs, &a.reps, "reps", 0, 0, maxReps, "", "replicates per grid point (required, at least 1)")
	seed := seedFlag(fs, "seed", 1, "base seed: replicate r uses the first output of PCG(seed, r)")
	intVar(fs, &a.workers, "workers", 0, 0, maxWorkers, "$SLURM_CPUS_PER_TASK, else GOMAXPROCS", "replicates run at once")
	shard := fs.String("shard", "", "run only shard i/n (replicates ≡ i mod n) and write it to -o (.parquet)")
	out := fs.String("o", "", "output file (.parquet, .csv or .json); without it the frame is printed")
	fs.BoolVar(&a.quiet, "quiet", false, "no progress on stderr")
	a.slurm.register(fs, "the sweep", "tracelab slurm wait DIR")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return a, err
	}
	if err := checkFormat(a.format); err != nil {
		return a, err
	}
	if a.log, err = oneOptionalLog(pos); err != nil {
		return a, err
	}
	a.seed, a.window, a.scheduler = *seed, *window, *scheduler
	if a.period, err = users.ParsePeriodStart(*period); err != nil {
		return a, usagef("--period-start: %v", err)
	}
	if a.out, err = newOutput("-o", *out, frameFormats...); err != nil {
		return a, err
	}
	if err := a.check(visited(fs)["window"], *shard); err != nil {
		return a, err
	}
	return a, distinctFiles([]string{a.log}, a.out)
}

// check validates the combination of a sweep's flags.
func (a *sweepArgs) check(windowSet bool, shard string) error {
	if a.reps < 1 {
		return usagef("--reps N (at least 1) is required")
	}
	// Every run of the grid is held (its seed, then its row): bound their
	// number, not only each factor (2,000 loads × 10⁶ replicates once
	// asked the runtime for 16 GB at once and died).
	points := 1
	for _, p := range a.params() {
		points *= len(p.Values) // each list holds fewer values than its flag's bytes
	}
	if runs := points * a.reps; runs > maxReps || runs/points != a.reps {
		return usagef("--reps %d on a grid of %d points is %d runs, more than %s: fewer replicates or grid values",
			a.reps, points, runs, tables.Count(maxReps))
	}
	var ok bool
	if a.def, ok = sweepExperiments[a.experiment]; !ok {
		return usagef("unknown experiment %q (want one of %s)", a.experiment, sweepExperimentNames())
	}
	if (len(a.rare) > 0 || a.rbnpw.set || a.reading != "default" || a.period != users.AtFirstSubmission) && a.experiment != "resample" {
		return usagef("--rb, --rb-npw, --reading and --period-start apply to the resample experiment only")
	}
	if windowSet && a.experiment != "window" {
		return usagef("--window applies to the window experiment only")
	}
	if a.slurm.on {
		if err := notStreamLogs(a.log); err != nil {
			return err
		}
	}
	if shard == "" {
		return nil
	}
	if a.slurm.on {
		return usagef("--shard and --slurm exclude each other (--slurm runs every shard)")
	}
	var err error
	if a.shard, err = sweep.ParseShard(shard); err != nil {
		return usagef("--shard: %v", err)
	}
	if a.out.format != fmtParquet {
		return usagef("--shard needs -o FILE.parquet")
	}
	a.sharded = true
	return nil
}

// params returns the sweep's grid.
func (a sweepArgs) params() []sweep.Param {
	var params []sweep.Param
	if a.loads.set {
		params = append(params, sweep.Param{Name: "load", Values: a.loads.v})
	}
	if a.rbnpw.set {
		params = append(params, sweep.Param{Name: "rb_npw", Values: a.rbnpw.v})
	}
	return params
}

func runSweep(e *env, args []string) error {
	if len(args) > 0 && args[0] == "merge" {
		return runSweepMerge(e, args[1:])
	}
	a, err := parseSweep(e, args)
	if err != nil {
		return err
	}
	if v := os.Getenv(sweepFailEnv); a.sharded && v != "" && v == strconv.Itoa(a.shard.I) {
		return fmt.Errorf("sweep: injected failure of shard %s (%s=%s, a test hook)", a.shard, sweepFailEnv, v)
	}
	spec, err := sweepSpec(e, a)
	if err != nil {
		return err
	}
	ctx := e.context()
	if a.slurm.on {
		return runSweepSlurm(ctx, e, a, spec)
	}
	return runSweepHere(ctx, e, a, spec)
}

// sweepSpec loads the log of a parsed sweep and makes its experiment and
// spec.
func sweepSpec(e *env, a sweepArgs) (sweep.Spec, error) {
	cfg := sweepConfig{scheduler: a.scheduler, rare: a.rare, reading: a.reading, period: a.period, window: a.window.Seconds()}
	var err error
	if cfg.trace, err = loadLog(e, a.log); err != nil {
		return sweep.Spec{}, err
	}
	if err := requireSimulable(cfg.trace); err != nil {
		return sweep.Spec{}, err
	}
	if m := cfg.trace.Machine(); m.Rule == datasets.SizePeakInUse {
		warnInferredMachine(e.stderr, m, noProcsFlag)
	} else if !a.quiet {
		fmt.Fprintf(e.stderr, "sweep: machine of %v\n", m)
	}
	exp, err := a.def.make(cfg)
	if err != nil {
		return sweep.Spec{}, err
	}
	spec := sweep.Spec{Experiment: exp, Params: a.params(), Reps: a.reps, Seed: a.seed}
	return spec, spec.Validate()
}

// runSweepHere runs the sweep (or its shard) in this process.
func runSweepHere(ctx context.Context, e *env, a sweepArgs, spec sweep.Spec) error {
	workers := a.workers
	if workers == 0 {
		if n, err := strconv.Atoi(os.Getenv("SLURM_CPUS_PER_TASK")); err == nil && n > 0 && n <= maxWorkers {
			workers = n
		}
	}
	opts := sweep.Options{Workers: workers, Shard: a.shard}
	total := a.shard.Count(spec.Len())
	var bar *progressBar
	if !a.quiet {
		label := "replicates"
		if a.sharded {
			label = "replicates of shard " + a.shard.String()
		}
		bar = newProgressBar(e.stderr, label, 0)
		opts.Progress = bar.update
	}
	start := time.Now()
	err := sweepWrite(ctx, e, a, spec, opts, func() {
		if bar != nil {
			bar.finish()
			bar = nil
		}
	})
	if err != nil {
		return err
	}
	if bar != nil {
		bar.finish()
	}
	if a.out.set() && !a.quiet {
		if workers == 0 {
			workers = runtime.GOMAXPROCS(0)
		}
		fmt.Fprintf(e.stderr, "sweep: %d replicates in %.1fs (%d workers) -> %s\n", total, time.Since(start).Seconds(), workers, a.out.path)
	}
	return nil
}

// sweepWrite runs the sweep and writes its frame: a shard file, the -o
// file, or stdout (after done, which ends the progress bar).
func sweepWrite(ctx context.Context, e *env, a sweepArgs, spec sweep.Spec, opts sweep.Options, done func()) error {
	if a.sharded {
		return sweep.WriteShard(ctx, spec, opts, a.out.path)
	}
	df, err := sweep.Run(ctx, spec, opts)
	if err != nil {
		return err
	}
	if a.out.set() {
		return a.out.writeFrame(df)
	}
	done()
	return writeFrame(e.stdout, a.format, df)
}

// runSweepMerge is "tracelab sweep merge FILE... -o out [--allow-partial]".
func runSweepMerge(e *env, args []string) error {
	fs := e.newFlags("sweep merge")
	outPath := fs.String("o", "", "merged output (.parquet, .csv or .json); without it the frame is printed")
	format := formatFlag(fs)
	partial := fs.Bool("allow-partial", false, "merge the shards present when some are missing")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if err := checkFormat(*format); err != nil {
		return err
	}
	if len(pos) == 0 {
		return usagef("sweep merge needs shard files")
	}
	out, err := newOutput("-o", *outPath, frameFormats...)
	if err != nil {
		return err
	}
	if err := distinctFiles(pos, out); err != nil {
		return err
	}
	df, rep, err := mergeShards(pos, sweep.MergeOptions{AllowPartial: *partial})
	if err != nil {
		if errors.Is(err, sweep.ErrPartial) {
			return fmt.Errorf("%w\n(pass --allow-partial to merge the %d shards present)", err, len(rep.Present))
		}
		return err
	}
	if len(rep.Missing) > 0 {
		fmt.Fprintf(e.stderr, "sweep merge: partial result: shards %s of %d missing; %d of %d replicates\n",
			sweep.FormatIndices(rep.Missing), rep.Shards, rep.Replicates, rep.Total)
	}
	if !out.set() {
		return writeFrame(e.stdout, *format, df)
	}
	if err := out.writeFrame(df); err != nil {
		return err
	}
	fmt.Fprintf(e.stderr, "sweep merge: %d shards, %d replicates -> %s\n", len(rep.Present), rep.Replicates, out.path)
	return nil
}

// mergeShards is sweep.Merge of shard files whose rows, summed over the
// files, make a frame no larger than one ReadParquet reads
// (datasets.CheckFrameSize): ReadParquet bounds each file, but Merge holds
// every file at once, and its output must be a frame tracelab reads back.
// The sum is taken from the files' footers before any row is read; a file
// whose footer cannot be read is left to Merge, which says why.
func mergeShards(paths []string, opts sweep.MergeOptions) (dataframe.DataFrame, sweep.MergeReport, error) {
	var rows, cells int64
	for i, p := range paths {
		r, c, err := datasets.ParquetFileShape(p)
		if err != nil {
			continue
		}
		rows, cells = rows+r, cells+r*int64(c)
		if err := datasets.CheckFrameSize(rows, cells); err != nil {
			return dataframe.DataFrame{}, sweep.MergeReport{}, fmt.Errorf("sweep: merge: %w: the %d files up to %s hold %d rows, %d cells in all",
				err, i+1, p, rows, cells)
		}
	}
	return sweep.Merge(paths, opts)
}

// requireSimulable fails, as simulate and feedback do, when none of the
// log's jobs can be simulated (sim.Prepare leaves every one out): every
// replicate of a sweep would be an empty log, its measures NaN.
func requireSimulable(tr *datasets.Trace) error {
	var o sim.Options
	jobs, rep, err := sim.Prepare(tr, o.MachineSize(tr), o)
	if err != nil {
		return err
	}
	if len(jobs) == 0 {
		return rep.NoJobs(tr.Name)
	}
	return nil
}
