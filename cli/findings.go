package cli

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/internal/outfile"
	"github.com/tracelab/tracelab/plots"
	"github.com/tracelab/tracelab/repro/findings"
	"github.com/tracelab/tracelab/repro/findings/findingsplot"
	"github.com/tracelab/tracelab/sim/sweep"
	"github.com/tracelab/tracelab/slurm"
)

func init() {
	register(&command{name: "findings",
		usage: "[LOG...] [--all] [--finding ID,...] [--quick] [--seed S] [--workers W] [--no-cache] [--cache DIR]\n" +
			"       [--long] [--format table|csv|json] [-o matrix.csv|json|parquet] [--save findings.json] [--figure matrix.svg|png] [--quiet]\n" +
			"       [--slurm [--shards N] [--slurm-dir DIR] [--partition P] [--time T] [--cpus-per-task C] [--throttle K]\n" +
			"        [--sbatch-arg --flag=value ...] [--tracelab PATH] [--dry-run] [--no-wait]]\n" +
			"   or: tracelab findings list [--format table|csv|json]\n" +
			"Without LOG: every log in $TRACELAB_DATA; --all: every log of the catalog (downloading what is missing).",
		summary: "do the papers' general findings hold on these logs? Every finding on every log: holds / fails / not applicable, with its statistic and reason",
		run:     runFindings})
}

// findingsFailEnv names the test hook: a shard run (--shard i/n) whose
// index equals its value fails at once, as a crashed array task would.
const findingsFailEnv = "TRACELAB_FINDINGS_FAIL_SHARD"

// findingsArgs is a parsed findings command line.
type findingsArgs struct {
	logs             []string
	all              bool
	ids              []string
	opts             findings.Options
	noCache          bool
	cacheDir         string
	long, quiet      bool
	format           string
	out, save, image output
	shard            sweep.Shard
	sharded          bool
	slurm            slurmFlags
	shardsSet        bool // --shards given
	// commit and codeHash are what --save records, found before any work.
	commit, codeHash string
}

func parseFindings(e *env, args []string) (findingsArgs, error) {
	fs := e.newFlags("findings")
	var a findingsArgs
	fs.BoolVar(&a.all, "all", false, "every log of the catalog, downloading what is missing")
	ids := fs.String("finding", "", "only these findings (IDs, comma-separated; tracelab findings list)")
	fs.BoolVar(&a.opts.Quick, "quick", false, "fewer replicates (the same code paths; for tests)")
	seed := seedFlag(fs, "seed", 1, "base seed of every random procedure")
	intVar(fs, &a.opts.Workers, "workers", 0, 0, maxWorkers, "$SLURM_CPUS_PER_TASK, else GOMAXPROCS", "findings measured at once")
	fs.BoolVar(&a.noCache, "no-cache", false, "measure every log again (the cache is neither read nor written)")
	fs.StringVar(&a.cacheDir, "cache", "", "cache folder of the results (default: findings/ in $TRACELAB_CACHE or the user cache)")
	fs.BoolVar(&a.long, "long", false, "print one row per finding and log (with the interval and the reason) instead of the matrix")
	format := formatFlag(fs)
	out := fs.String("o", "", "write the results, one row per finding and log (.csv, .json or .parquet); with --shard, the shard's results (.json)")
	save := fs.String("save", "", "save the matrix with the commit and code hash (.json): what REPRODUCTION.md's section is written from")
	image := fs.String("figure", "", "draw the matrix as a heat map (.svg or .png)")
	fs.BoolVar(&a.quiet, "quiet", false, "no progress on stderr")
	shard := fs.String("shard", "", "measure only shard i/n of the logs (logs k ≡ i mod n) and write it to -o (.json): an array task of --slurm")
	a.slurm.register(fs, "the findings", "the same command again")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return a, err
	}
	if err := checkFormat(*format); err != nil {
		return a, err
	}
	a.format, a.opts.Seed, a.logs = *format, *seed, pos
	if *ids != "" {
		a.ids = strings.Split(*ids, ",")
		if _, err := findings.Select(a.ids); err != nil {
			return a, usagef("--finding: %v", err)
		}
	}
	if a.all && len(pos) > 0 {
		return a, usagef("--all and LOG exclude each other")
	}
	if *shard != "" {
		if a.slurm.on {
			return a, usagef("--shard and --slurm exclude each other (--slurm runs every shard)")
		}
		if a.shard, err = sweep.ParseShard(*shard); err != nil {
			return a, usagef("--shard: %v", err)
		}
		a.sharded = true
		if a.out, err = newOutput("-o", *out, fmtJSON); err != nil {
			return a, err // the output's own fault (a block device said "--shard needs -o FILE.json")
		}
		if !a.out.set() {
			return a, usagef("--shard needs -o FILE.json")
		}
	} else if a.out, err = newOutput("-o", *out, frameFormats...); err != nil {
		return a, err
	}
	if a.save, err = newOutput("--save", *save, fmtJSON); err != nil {
		return a, err
	}
	if a.save.set() {
		if a.commit, a.codeHash, err = findingsProvenance(); err != nil {
			return a, err
		}
	}
	if a.image, err = newOutput("--figure", *image, fmtSVG, fmtPNG); err != nil {
		return a, err
	}
	a.shardsSet = visited(fs)["shards"]
	if a.slurm.on && !a.out.set() && !a.save.set() {
		return a, usagef("--slurm needs -o FILE or --save FILE (the merged results)")
	}
	if a.slurm.on {
		if err := notStreamLogs(a.logs...); err != nil {
			return a, err
		}
	}
	return a, nil
}

func runFindings(e *env, args []string) error {
	if len(args) > 0 && args[0] == "list" {
		return runFindingsList(e, args[1:])
	}
	a, err := parseFindings(e, args)
	if err != nil {
		return err
	}
	ctx := e.context() // cancelled by SIGINT, SIGTERM, SIGHUP (Main; an ignored one stays ignored)
	paths, leftOut, err := findingLogs(e, a)
	if err != nil {
		return err
	}
	// A log given as a .json file is one -o or --save could name.
	if err := distinctFiles(paths, a.out, a.save, a.image); err != nil {
		return err
	}
	if a.sharded {
		if v := os.Getenv(findingsFailEnv); v != "" && v == strconv.Itoa(a.shard.I) {
			return fmt.Errorf("findings: injected failure of shard %s (%s=%s, a test hook)", a.shard, findingsFailEnv, v)
		}
		paths = pick(paths, a.shard.Indices(len(paths)))
	}
	var m findings.Matrix
	if a.slurm.on {
		var waited bool
		if m, waited, err = runFindingsSlurm(ctx, e, a, paths); err != nil || !waited {
			return err
		}
	} else if m, err = measureFindings(ctx, e, a, paths); err != nil {
		return err
	}
	if a.sharded {
		return a.out.write(func(w io.Writer) error { return findings.WriteStored(w, findings.Store(m, "", "", a.opts)) })
	}
	if err := writeFindings(e, a, m); err != nil {
		return err
	}
	if len(leftOut) > 0 {
		return fmt.Errorf("findings: %d logs of the catalog left out (listed above): the matrix has the other %d", len(leftOut), len(m.Logs))
	}
	return nil
}

// pick returns the elements of x at idx.
func pick(x []string, idx []int) []string {
	out := make([]string, len(idx))
	for k, i := range idx {
		out[k] = x[i]
	}
	return out
}

// findingLogs returns the files of the logs to measure: the LOGs named
// (paths or catalog names, downloaded when missing), every catalog log
// with --all (leftOut names those that could not be found or downloaded),
// else every log in $TRACELAB_DATA.
func findingLogs(e *env, a findingsArgs) (paths, leftOut []string, err error) {
	l := datasets.DefaultLoader()
	l.Progress = e.stderr
	if a.quiet {
		l.Progress = nil
	}
	names := a.logs
	switch {
	case a.all:
		for _, c := range datasets.Catalog() {
			names = append(names, c.Name)
		}
	case len(names) == 0:
		dir := os.Getenv("TRACELAB_DATA")
		if dir == "" {
			return nil, nil, usagef("name the logs, set TRACELAB_DATA to a folder of logs, or give --all")
		}
		// An error naming TRACELAB_DATA (ReadDir's did not name it).
		if err := l.CheckDataDir(); err != nil {
			return nil, nil, err
		}
		paths, err := findings.DataLogs(dir)
		return paths, nil, err
	}
	for _, n := range names {
		if n == "-" {
			return nil, nil, usagef("LOG -: findings reads each log by its path (in its shards, its cache): save standard input to a file first")
		}
		p, err := l.Path(n)
		if err != nil {
			if !a.all {
				return nil, nil, err
			}
			// With --all a log the archive does not serve (or a failed
			// download) is reported and left out: the others still run,
			// and the command fails at the end.
			fmt.Fprintf(e.stderr, "findings: %s left out: %v\n", n, err)
			leftOut = append(leftOut, n)
			continue
		}
		abs, err := filepath.Abs(p)
		if err != nil {
			return nil, nil, err
		}
		paths = append(paths, abs)
	}
	if len(paths) == 0 {
		return nil, nil, fmt.Errorf("findings: no log could be found (%s)", strings.Join(leftOut, ", "))
	}
	return paths, leftOut, nil
}

// measureFindings measures the findings on the logs here, with the cache
// and a progress bar.
func measureFindings(ctx context.Context, e *env, a findingsArgs, paths []string) (findings.Matrix, error) {
	ro := findings.RunOptions{Options: a.opts, Findings: a.ids}
	if ro.Workers == 0 {
		if n, err := strconv.Atoi(os.Getenv("SLURM_CPUS_PER_TASK")); err == nil && n > 0 && n <= maxWorkers {
			ro.Workers = n
		}
	}
	if !a.noCache {
		dir, flag := a.cacheDir, "--cache"
		if dir == "" {
			var err error
			if dir, err = findings.DefaultCacheDir(); err != nil {
				return findings.Matrix{}, err
			}
			flag = "the cache folder (TRACELAB_CACHE)"
		}
		// Before any log is measured: a cache that cannot be made
		// (TRACELAB_CACHE=/dev/null) failed once the first log was
		// measured, its results lost.
		if err := checkOutputDir(flag, dir); err != nil {
			return findings.Matrix{}, err
		}
		v, err := findings.CodeVersion()
		if err != nil {
			return findings.Matrix{}, err
		}
		ro.Cache = &findings.Cache{Dir: dir, Version: v}
	}
	if !a.quiet {
		bar := newProgressBar(e.stderr, fmt.Sprintf("findings: %d logs", len(paths)), 0)
		cachedLogs := 0
		ro.Progress = func(done, total int, log string, fromCache bool) {
			if fromCache {
				cachedLogs++
			}
			bar.update(done, total)
		}
		defer func() {
			bar.finish()
			if cachedLogs > 0 {
				fmt.Fprintf(e.stderr, "findings: %d of %d logs from the cache %s (--no-cache measures them again)\n", cachedLogs, len(paths), ro.Cache.Dir)
			}
		}()
	}
	return findings.Run(ctx, paths, ro)
}

// writeFindings prints the matrix (or its long form) and writes the files
// asked for; it fails when a finding could not be measured on some log.
func writeFindings(e *env, a findingsArgs, m findings.Matrix) error {
	if err := writeFindingsFiles(a, m); err != nil {
		return groupError(err, fileNames(a.out, a.save, a.image)...)
	}
	if a.save.set() {
		fmt.Fprintf(e.stderr, "findings: saved %s (%s mode%s)\n", a.save.path, a.opts.Mode(), commitSuffix(a.commit))
	}
	df := m.Wide()
	if a.long {
		df = m.Frame()
	}
	if err := writeFrame(e.stdout, a.format, df); err != nil {
		return err
	}
	if a.format == "table" {
		fmt.Fprintln(e.stdout)
		for _, s := range m.Sentences() {
			fmt.Fprintln(e.stdout, s)
		}
	}
	if errs := m.Errors(); len(errs) > 0 {
		for _, r := range errs {
			fmt.Fprintf(e.stderr, "findings: %s on %s: %s\n", r.Finding, r.Log, r.Reason)
		}
		return fmt.Errorf("findings: %d measurements failed (listed above)", len(errs))
	}
	return nil
}

// findingsProvenance returns the commit and the code hash a saved matrix
// records (as the papers' saved ledgers: internal/codehash over
// codehash.Dirs of the checkout).
func findingsProvenance() (commit, hash string, err error) {
	if hash, err = treeHash(); err != nil {
		return "", "", err
	}
	// The scripts give the commit of the run (as the notebooks record
	// it with the ledgers); else the build's.
	if c := os.Getenv("TRACELAB_COMMIT"); c != "" {
		return c, hash, nil
	}
	return buildCommit(), hash, nil
}

// runFindingsList prints every finding: id, paper, section, title, claim,
// statistic, rule, needs.
func runFindingsList(e *env, args []string) error {
	fs := e.newFlags("findings list")
	format := formatFlag(fs)
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usagef("findings list takes no argument")
	}
	if err := checkFormat(*format); err != nil {
		return err
	}
	df := findings.ListFrame()
	return writeFrame(e.stdout, *format, df)
}

// runFindingsSlurm measures the logs as a Slurm job array, one shard of
// the logs per task (each task runs "tracelab findings LOG... --shard
// k/n -o shard-k-of-n.json" with the cache), waits, and merges the
// shards. Run again with the same arguments, it submits only the shards
// neither done nor queued, then waits and merges.
func runFindingsSlurm(ctx context.Context, e *env, a findingsArgs, paths []string) (m findings.Matrix, waited bool, err error) {
	n := a.slurm.shards
	if !a.shardsSet {
		n = min(n, len(paths))
	}
	if n > len(paths) {
		return m, false, usagef("--shards %d: want 1 to %d (the number of logs)", n, len(paths))
	}
	plan, err := findingsPlan(a, paths, n)
	if err != nil {
		return m, false, err
	}
	if a.slurm.dryRun {
		return m, false, slurmDryRun(e, plan)
	}
	arr, err := slurm.Create(plan)
	if err != nil {
		return m, false, err
	}
	var client slurm.Client
	if err := slurmSubmitMissing(ctx, e, arr, client, len(paths), "logs"); err != nil {
		return m, false, err
	}
	if a.slurm.noWait {
		fmt.Fprintf(e.stderr, "slurm: follow with 'tracelab slurm status %s'; run the same command again to wait and merge\n", plan.Dir)
		return m, false, nil
	}
	st, err := arr.Wait(ctx, client, a.slurm.poll, func(s slurm.Status) {
		if !a.quiet {
			fmt.Fprintf(e.stderr, "slurm: %s shards\n", s)
		}
	})
	if err != nil {
		return m, false, err
	}
	for _, t := range st.FailedTasks() {
		fmt.Fprintf(e.stderr, "slurm: shard %d/%d failed (job %s): %s\n  log: %s\n", t.Index, len(st.Tasks), t.JobID, t.Reason, t.Log)
	}
	if !st.Complete() {
		return m, false, fmt.Errorf("slurm: %d of %d shards failed or did not run (%s); run the same command again to run only those",
			len(st.Tasks)-st.Done, len(st.Tasks), slurm.ArraySpec(st.ToRun(), 0))
	}
	m, err = mergeFindingShards(st.Outputs())
	return m, err == nil, err
}

// findingsPlan is the job array of a findings run: task k measures shard
// k/n of the logs into the array folder.
func findingsPlan(a findingsArgs, paths []string, n int) (slurm.Plan, error) {
	f := a.slurm
	key := sha256.New()
	fmt.Fprintf(key, "findings;%s;%d;%s;%d", strings.Join(paths, "\x00"), a.opts.Seed, a.opts.Mode(), n)
	fmt.Fprint(key, strings.Join(a.ids, ","))
	id := hex.EncodeToString(key.Sum(nil))[:16]
	dir := f.dir
	if dir == "" {
		base := a.save.path
		if base == "" {
			base = a.out.path
		}
		dir = base + ".slurm"
	}
	dir, err := filepath.Abs(dir)
	if err != nil {
		return slurm.Plan{}, err
	}
	exe, err := f.program()
	if err != nil {
		return slurm.Plan{}, err
	}
	output := fmt.Sprintf("shard-%s-of-%d.json", slurm.TaskToken, n)
	cmd := append([]string{exe, "findings"}, paths...)
	cmd = append(cmd, "--seed", strconv.FormatUint(a.opts.Seed, 10), "--quiet", "--format", "csv",
		"--shard", slurm.TaskToken+"/"+strconv.Itoa(n), "-o", filepath.Join(dir, output))
	if a.opts.Quick {
		cmd = append(cmd, "--quick")
	}
	if len(a.ids) > 0 {
		cmd = append(cmd, "--finding", strings.Join(a.ids, ","))
	}
	if a.noCache {
		cmd = append(cmd, "--no-cache")
	} else if a.cacheDir != "" {
		c, err := filepath.Abs(a.cacheDir)
		if err != nil {
			return slurm.Plan{}, err
		}
		cmd = append(cmd, "--cache", c)
	}
	plan := slurm.Plan{Dir: dir, Key: "findings;" + id, Command: cmd, Tasks: n, Output: output,
		Options: slurm.Options{JobName: "tracelab-findings", Partition: f.partition, Time: f.time, CPUsPerTask: f.cpus,
			Throttle: f.throttle, Extra: f.extra}}
	if err := validPlan(plan); err != nil {
		return slurm.Plan{}, err
	}
	return plan, nil
}

// mergeFindingShards reads the shards' results into one matrix.
func mergeFindingShards(files []string) (findings.Matrix, error) {
	var logs []findings.LogInfo
	var results []findings.Result
	for _, f := range files {
		var s findings.Stored
		if err := readJSONFile(f, func(r io.Reader) (err error) {
			s, err = findings.ReadStored(r)
			return err
		}); err != nil {
			return findings.Matrix{}, err
		}
		logs, results = append(logs, s.Logs...), append(results, s.Results...)
	}
	return findings.NewMatrix(logs, results), nil
}

// writeFindingsFiles writes -o, --save and --figure, committed together.
func writeFindingsFiles(a findingsArgs, m findings.Matrix) error {
	// -o, --save and --figure are committed together: a failure leaves
	// every one as it was (the matrix was replaced before a --save that
	// failed).
	var files outfile.Set
	defer files.Discard()
	a.out.group, a.save.group, a.image.group = &files, &files, &files
	if a.out.set() {
		if err := a.out.writeFrame(m.Frame()); err != nil {
			return err
		}
	}
	if a.save.set() {
		if err := a.save.write(func(w io.Writer) error {
			return findings.WriteStored(w, findings.Store(m, a.commit, a.codeHash, a.opts))
		}); err != nil {
			return err
		}
	}
	if a.image.set() {
		p, err := findingsplot.Matrix(m, "Do the papers' findings hold on each log?")
		if err != nil {
			return err
		}
		width, height := findingsplot.Size(m)
		if err := a.image.write(func(w io.Writer) error {
			if a.image.format == fmtPNG {
				return plots.WritePNG(w, p, width, height, 0)
			}
			return plots.WriteSVG(w, p, width, height)
		}); err != nil {
			return err
		}
	}
	return files.Commit()
}
