package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/go-gota/gota/dataframe"
	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/sim/sweep"
)

func init() {
	register(&command{name: "sweep",
		usage: "[LOG] --reps N [--experiment " + defaultExperiment + "] [--scheduler easy] [--load F1,F2,...] " +
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
	window    float64  // seconds; 0 means the experiment's default
	rare      []string // --rb USER:BEGIN:END periods, for experiments that take them
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
	scheduler  string
	loads      string
	rare       rareFlags
	rbnpw      string
	window     string
	reps       int
	seed       uint64
	workers    int
	shard      string
	out        string
	format     string
	quiet      bool
	slurm      slurmFlags
}

func runSweep(e *env, args []string) error {
	if len(args) > 0 && args[0] == "merge" {
		return runSweepMerge(e, args[1:])
	}
	fs := e.newFlags("sweep")
	var a sweepArgs
	fs.StringVar(&a.format, "format", "table", "output format without -o: table, csv or json")
	fs.StringVar(&a.experiment, "experiment", defaultExperiment, "experiment: "+sweepExperimentNames())
	fs.StringVar(&a.scheduler, "scheduler", "easy", "scheduler (fcfs, easy, easy-sjbf, conservative)")
	fs.StringVar(&a.loads, "load", "", "load factors, comma-separated: a grid of N replicates each")
	fs.Var(&a.rare, "rb", "rare behaviour USER:BEGIN:END (repeatable; resample experiment): those jobs form a rare-behaviour pool")
	fs.StringVar(&a.rbnpw, "rb-npw", "", "RB_NPW values, comma-separated (resample experiment): a grid of N replicates each")
	fs.StringVar(&a.window, "window", "", "window length for the window experiment, e.g. 4w, 28d, 672h (default 4w)")
	fs.IntVar(&a.reps, "reps", 0, "replicates (per load factor)")
	fs.Uint64Var(&a.seed, "seed", 1, "base seed: replicate r uses the first output of PCG(seed, r)")
	fs.IntVar(&a.workers, "workers", 0, "replicates run at once (default $SLURM_CPUS_PER_TASK, else GOMAXPROCS)")
	fs.StringVar(&a.shard, "shard", "", "run only shard i/n (replicates ≡ i mod n) and write it to -o (.parquet)")
	fs.StringVar(&a.out, "o", "", "output file (.parquet, .csv or .json); without it the frame is printed")
	fs.BoolVar(&a.quiet, "quiet", false, "no progress on stderr")
	a.slurm.register(fs)
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if err := checkFormat(a.format); err != nil {
		return err
	}
	if a.log, err = oneOptionalLog(pos); err != nil {
		return err
	}
	if a.reps < 1 {
		return fmt.Errorf("%w: --reps N (at least 1) is required", errUsage)
	}
	def, ok := sweepExperiments[a.experiment]
	if !ok {
		return fmt.Errorf("%w: unknown experiment %q (want one of %s)", errUsage, a.experiment, sweepExperimentNames())
	}
	var shard sweep.Shard
	if a.shard != "" {
		if a.slurm.on {
			return fmt.Errorf("%w: --shard and --slurm exclude each other (--slurm runs every shard)", errUsage)
		}
		if shard, err = sweep.ParseShard(a.shard); err != nil {
			return fmt.Errorf("%w: %v", errUsage, err)
		}
		if !strings.HasSuffix(strings.ToLower(a.out), ".parquet") {
			return fmt.Errorf("%w: --shard needs -o FILE.parquet", errUsage)
		}
		if v := os.Getenv(sweepFailEnv); v != "" && v == strconv.Itoa(shard.I) {
			return fmt.Errorf("sweep: injected failure of shard %s (%s=%s, a test hook)", shard, sweepFailEnv, v)
		}
	}
	cfg := sweepConfig{scheduler: a.scheduler, rare: a.rare}
	if (len(a.rare) > 0 || a.rbnpw != "") && a.experiment != "resample" {
		return fmt.Errorf("%w: --rb and --rb-npw apply to the resample experiment only", errUsage)
	}
	if a.window != "" && a.experiment != "window" {
		return fmt.Errorf("%w: --window applies to the window experiment only", errUsage)
	}
	if a.window != "" {
		if cfg.window, err = sweepParseSpan(a.window); err != nil {
			return fmt.Errorf("%w: --window: %v", errUsage, err)
		}
	}
	var params []sweep.Param
	if a.loads != "" {
		v, err := sweepParseFloats(a.loads)
		if err != nil {
			return fmt.Errorf("%w: --load: %v", errUsage, err)
		}
		params = append(params, sweep.Param{Name: "load", Values: v})
	}
	if a.rbnpw != "" {
		v, err := sweepParseFloats(a.rbnpw)
		if err != nil {
			return fmt.Errorf("%w: --rb-npw: %v", errUsage, err)
		}
		params = append(params, sweep.Param{Name: "rb_npw", Values: v})
	}
	if cfg.trace, err = loadLog(e, a.log); err != nil {
		return err
	}
	if !a.quiet {
		fmt.Fprintf(e.stderr, "sweep: machine of %v\n", cfg.trace.Machine())
	}
	exp, err := def.make(cfg)
	if err != nil {
		return err
	}
	spec := sweep.Spec{Experiment: exp, Params: params, Reps: a.reps, Seed: a.seed}
	if err := spec.Validate(); err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if a.slurm.on {
		return runSweepSlurm(ctx, e, a, spec)
	}

	workers := a.workers
	if workers == 0 {
		if n, err := strconv.Atoi(os.Getenv("SLURM_CPUS_PER_TASK")); err == nil && n > 0 {
			workers = n
		}
	}
	opts := sweep.Options{Workers: workers, Shard: shard}
	total := shard.Count(spec.Len())
	var bar *sweepBar
	if !a.quiet {
		label := "replicates"
		if a.shard != "" {
			label = "replicates of shard " + shard.String()
		}
		bar = newSweepBar(e.stderr, label)
		opts.Progress = bar.update
	}
	start := time.Now()
	if a.shard != "" {
		err = sweep.WriteShard(ctx, spec, opts, a.out)
	} else {
		var df dataframe.DataFrame
		if df, err = sweep.Run(ctx, spec, opts); err == nil {
			if a.out != "" {
				err = datasets.WriteFrameFile(a.out, df)
			} else {
				if bar != nil {
					bar.finish(total, time.Since(start))
					bar = nil
				}
				err = writeFrame(e.stdout, a.format, df)
			}
		}
	}
	if bar != nil && err == nil {
		bar.finish(total, time.Since(start))
	}
	if err == nil && a.out != "" && !a.quiet {
		w := workers
		if w == 0 {
			w = runtime.GOMAXPROCS(0)
		}
		fmt.Fprintf(e.stderr, "sweep: %d replicates in %.1fs (%d workers) -> %s\n", total, time.Since(start).Seconds(), w, a.out)
	}
	return err
}

// runSweepMerge is "tracelab sweep merge FILE... -o out [--allow-partial]".
func runSweepMerge(e *env, args []string) error {
	fs := e.newFlags("sweep merge")
	out := fs.String("o", "", "merged output (.parquet, .csv or .json); without it the frame is printed")
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
		return fmt.Errorf("%w: sweep merge needs shard files", errUsage)
	}
	df, rep, err := sweep.Merge(pos, sweep.MergeOptions{AllowPartial: *partial})
	if err != nil {
		if errors.Is(err, sweep.ErrPartial) {
			return fmt.Errorf("%w\n(pass --allow-partial to merge the %d shards present)", err, len(rep.Present))
		}
		return err
	}
	if len(rep.Missing) > 0 {
		fmt.Fprintf(e.stderr, "sweep merge: partial result: shards %s of %d missing; %d of %d replicates\n",
			sweepIntList(rep.Missing), rep.Shards, rep.Replicates, rep.Total)
	}
	if *out == "" {
		return writeFrame(e.stdout, *format, df)
	}
	if err := datasets.WriteFrameFile(*out, df); err != nil {
		return err
	}
	fmt.Fprintf(e.stderr, "sweep merge: %d shards, %d replicates -> %s\n", len(rep.Present), rep.Replicates, *out)
	return nil
}

func sweepIntList(v []int) string {
	s := make([]string, len(v))
	for k, x := range v {
		s[k] = strconv.Itoa(x)
	}
	return strings.Join(s, ", ")
}

// sweepParseFloats parses "0.8,1,1.2".
func sweepParseFloats(s string) ([]float64, error) {
	var v []float64
	for _, f := range strings.Split(s, ",") {
		x, err := strconv.ParseFloat(strings.TrimSpace(f), 64)
		if err != nil {
			return nil, fmt.Errorf("%q is not a number", f)
		}
		v = append(v, x)
	}
	return v, nil
}

// sweepParseSpan parses a length of time: a Go duration ("672h", "90m")
// or a number of days or weeks ("28d", "4w", "1.5w"); it returns seconds.
func sweepParseSpan(s string) (float64, error) {
	s = strings.TrimSpace(s)
	for suffix, unit := range map[string]float64{"d": 86400, "w": 7 * 86400} {
		if n, ok := strings.CutSuffix(s, suffix); ok {
			x, err := strconv.ParseFloat(n, 64)
			if err != nil || !(x > 0) {
				return 0, fmt.Errorf("%q: want a positive length such as 4w, 28d or 672h", s)
			}
			return x * unit, nil
		}
	}
	d, err := time.ParseDuration(s)
	if err != nil || d <= 0 {
		return 0, fmt.Errorf("%q: want a positive length such as 4w, 28d or 672h", s)
	}
	return d.Seconds(), nil
}

// sweepBar shows the progress of a sweep on w: a bar redrawn in place on
// a terminal (at most every 100 ms), else a line at each tenth.
type sweepBar struct {
	mu     sync.Mutex
	w      io.Writer
	label  string
	tty    bool
	start  time.Time
	last   time.Time
	decile int
}

func newSweepBar(w io.Writer, label string) *sweepBar {
	b := &sweepBar{w: w, label: label, start: time.Now()}
	if f, ok := w.(*os.File); ok {
		if st, err := f.Stat(); err == nil && st.Mode()&os.ModeCharDevice != 0 {
			b.tty = true
		}
	}
	return b
}

func (b *sweepBar) update(done, total int) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.tty {
		if now := time.Now(); now.Sub(b.last) >= 100*time.Millisecond || done == total {
			b.last = now
			const width = 30
			n := width * done / total
			fmt.Fprintf(b.w, "\r%s [%s%s] %d/%d %s", b.label, strings.Repeat("#", n), strings.Repeat(" ", width-n),
				done, total, time.Since(b.start).Round(time.Second))
		}
		return
	}
	if d := 10 * done / total; d > b.decile && d < 10 {
		b.decile = d
		fmt.Fprintf(b.w, "%s: %d%% (%d/%d)\n", b.label, 10*d, done, total)
	}
}

func (b *sweepBar) finish(total int, took time.Duration) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.tty {
		fmt.Fprintln(b.w)
		return
	}
	fmt.Fprintf(b.w, "%s: done (%d) in %.1fs\n", b.label, total, took.Seconds())
}
