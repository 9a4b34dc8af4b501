package cli

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
	"github.com/tracelab/tracelab/analytics/users"
	"github.com/tracelab/tracelab/internal/clip"
	"github.com/tracelab/tracelab/internal/infile"
	"github.com/tracelab/tracelab/internal/outfile"
	"github.com/tracelab/tracelab/sim/sweep"
	"github.com/tracelab/tracelab/slurm"
)

func init() {
	register(&command{name: "slurm",
		usage: "status DIR [--format table|csv|json]\n" +
			"   or: tracelab slurm wait DIR [-o out.parquet] [--allow-partial] [--poll 1s]\n" +
			"   or: tracelab slurm resubmit DIR [-o out.parquet] [--allow-partial] [--no-wait] [--poll 1s]\n" +
			"   or: tracelab slurm cancel DIR\n" +
			"DIR is the array folder of a 'tracelab sweep --slurm' (default: the output file + .slurm).",
		summary: "follow, resubmit, merge or cancel a sweep running as a Slurm job array",
		run:     runSlurm})
}

// slurmDefaultShards is the number of array tasks of --slurm without
// --shards.
const slurmDefaultShards = 10

// slurmFlags are the --slurm options of the sweep command.
type slurmFlags struct {
	on        bool
	shards    int
	dir       string
	partition string
	time      string
	cpus      int
	throttle  int
	extra     slurmMultiFlag
	tracelab  string
	dryRun    bool
	noWait    bool
	poll      time.Duration
}

// slurmMultiFlag collects a repeated string flag.
type slurmMultiFlag []string

func (m *slurmMultiFlag) String() string     { return strings.Join(*m, " ") }
func (m *slurmMultiFlag) Set(s string) error { *m = append(*m, s); return nil }

// register adds the --slurm flags to fs; what names the computation ("the
// sweep") and follow how a --no-wait run is followed.
func (f *slurmFlags) register(fs *flag.FlagSet, what, follow string) {
	fs.BoolVar(&f.on, "slurm", false, "run "+what+" as a Slurm job array (one shard per task), wait, merge into -o")
	intVar(fs, &f.shards, "shards", slurmDefaultShards, 1, 10_000, "", "with --slurm: number of shards (array tasks)")
	fs.StringVar(&f.dir, "slurm-dir", "", "with --slurm: array folder for the script, logs and shard files (default: -o + .slurm)")
	fs.StringVar(&f.partition, "partition", "", "with --slurm: sbatch --partition")
	fs.StringVar(&f.time, "time", "", "with --slurm: sbatch --time limit per task, e.g. 30:00")
	intVar(fs, &f.cpus, "cpus-per-task", 1, 1, maxWorkers, "", "with --slurm: sbatch --cpus-per-task (the task's workers)")
	intVar(fs, &f.throttle, "throttle", 0, 0, 10_000, "no limit", "with --slurm: at most K tasks at once (--array=...%K)")
	fs.Var(&f.extra, "sbatch-arg", "with --slurm: one more sbatch option as --flag=value (repeatable)")
	fs.StringVar(&f.tracelab, "tracelab", "", "with --slurm: the tracelab program the tasks run (default: this one)")
	fs.BoolVar(&f.dryRun, "dry-run", false, "with --slurm: print the batch script and submit nothing")
	fs.BoolVar(&f.noWait, "no-wait", false, "with --slurm: submit and return (follow with "+follow+")")
	durationVar(fs, &f.poll, "poll", time.Second, 10*time.Millisecond, time.Hour, "", "with --slurm: how often to look at the tasks")
}

// program returns the absolute path of the program the array's tasks run:
// --tracelab, else this one.
func (f *slurmFlags) program() (string, error) {
	exe := f.tracelab
	if exe == "" {
		var err error
		if exe, err = os.Executable(); err != nil {
			return "", fmt.Errorf("slurm: cannot find this program (pass --tracelab PATH): %w", err)
		}
	}
	abs, err := filepath.Abs(exe)
	if err != nil {
		return "", err
	}
	// A program this machine cannot see is the compute nodes' (kept by
	// path); one it sees must be a file: a folder, a device or a named
	// pipe cannot run, and reading it for its digest never ended.
	if err := infile.Check(abs); err != nil {
		return "", usagef("--tracelab %s: %v", exe, err)
	}
	return abs, nil
}

// programDigest identifies the program file at path: "sha256:" and the
// first 16 hex digits of its SHA-256, or, when this machine cannot read
// it (a --tracelab path that only the compute nodes see) or it is not a
// regular file (a device or a named pipe, which a manifest may name: /dev/zero
// was read for ever, a named pipe waited on), its path.
func programDigest(path string) string {
	f, err := infile.Open(path)
	if err != nil {
		return path
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return path
	}
	return "sha256:" + hex.EncodeToString(h.Sum(nil))[:16]
}

// runSweepSlurm runs a validated sweep as a job array: one shard per task.
// Rerun with the same arguments, it resubmits only the shards that are
// neither done nor queued, then waits and merges.
func runSweepSlurm(ctx context.Context, e *env, a sweepArgs, spec sweep.Spec) error {
	if !a.out.set() {
		return usagef("--slurm needs -o FILE (the merged result)")
	}
	if n := a.slurm.shards; n > spec.Len() {
		return usagef("--shards %d: want 1 to %d (the number of replicates)", n, spec.Len())
	}
	plan, err := slurmPlan(a, spec)
	if err != nil {
		return err
	}
	if a.slurm.dryRun {
		return slurmDryRun(e, plan)
	}
	arr, err := slurm.Create(plan)
	if errors.Is(err, slurm.ErrOtherPlan) {
		// The keys are whole sweep configurations: say what differs.
		if old, oerr := slurm.Open(plan.Dir); oerr == nil {
			return fmt.Errorf("slurm: %s holds another sweep (%s): use another --slurm-dir, or remove that folder",
				plan.Dir, sweep.DescribeDifference(old.Plan.Key, plan.Key))
		}
	}
	if err != nil {
		return err
	}
	var client slurm.Client
	if err := slurmSubmitMissing(ctx, e, arr, client, spec.Len(), "replicates"); err != nil {
		return err
	}
	if a.slurm.noWait {
		fmt.Fprintf(e.stderr, "slurm: follow with 'tracelab slurm status %s'; wait and merge with 'tracelab slurm wait %s'\n", plan.Dir, waitArgs(arr))
		return nil
	}
	return slurmWaitMerge(ctx, e, arr, client, plan.Meta["output"], false, a.slurm.poll)
}

// slurmPlan returns the job array of a sweep: the folder, the batch
// script's command (the same sweep, one shard per task) and sbatch's
// options.
func slurmPlan(a sweepArgs, spec sweep.Spec) (slurm.Plan, error) {
	f := a.slurm
	n := f.shards
	out, err := filepath.Abs(a.out.path)
	if err != nil {
		return slurm.Plan{}, err
	}
	dir := f.dir
	if dir == "" {
		dir = out + ".slurm"
	}
	if dir, err = filepath.Abs(dir); err != nil {
		return slurm.Plan{}, err
	}
	exe, err := f.program()
	if err != nil {
		return slurm.Plan{}, err
	}
	prog := programDigest(exe)
	output := fmt.Sprintf("shard-%s-of-%d.parquet", slurm.TaskToken, n)
	cmd := append([]string{exe, "sweep"}, slurmSweepArgs(a)...)
	cmd = append(cmd, "--shard", slurm.TaskToken+"/"+strconv.Itoa(n), "-o", filepath.Join(dir, output))
	// The sweep's ID names its scheduler, not the scheduler's code: the
	// program's digest in the key keeps a folder's shards to one build, so
	// that rerunning after a change of code (a scheduler of one's own
	// edited under the same name) is refused instead of merging shards of
	// two versions.
	plan := slurm.Plan{Dir: dir, Key: fmt.Sprintf("%s;shards=%d;program=%s", spec.ID(), n, prog), Command: cmd, Tasks: n, Output: output,
		Options: slurm.Options{JobName: "tracelab-sweep", Partition: f.partition, Time: f.time, CPUsPerTask: f.cpus,
			Throttle: f.throttle, Extra: f.extra},
		Meta: map[string]string{"output": out}}
	if err := validPlan(plan); err != nil {
		return slurm.Plan{}, err
	}
	return plan, nil
}

// notStreamLogs refuses, for a job array, a LOG that is a stream (- or
// /dev/stdin, a pipe, /dev/fd/N): each task reads the log by its path, on
// its own machine, and would read its own standard input (the path
// /dev/stdin went into the batch script as it was).
func notStreamLogs(logs ...string) error {
	for _, l := range logs {
		if l != "" && (l == "-" || outfile.IsStream(logPath(l))) {
			return usagef("--slurm: LOG %s is a stream (standard input, a pipe): the array's tasks read the log by its path: save it to a file first", l)
		}
	}
	return nil
}

// validPlan checks a plan (slurm.Plan.Validate) and that the batch script
// can hold its text: a line break in a path or a log's name (in the
// script's comments, its #SBATCH --output line, its command) ended the
// comment or the directive, and the rest of the line ran as a command
// ("-o 'x<newline>touch PWNED<newline>.parquet'" ran touch).
func validPlan(p slurm.Plan) error {
	if err := p.Validate(); err != nil {
		return usagef("%v", err)
	}
	texts := append([]string{p.Dir, p.Key, p.Output}, p.Command...)
	for _, v := range p.Meta {
		texts = append(texts, v)
	}
	for _, t := range texts {
		if i := strings.IndexFunc(t, func(r rune) bool { return r < ' ' || r == 0x7f }); i >= 0 {
			return usagef("--slurm: %q holds a control character (%U): a batch script cannot hold it safely: rename the file or folder", t, t[i])
		}
	}
	return nil
}

// slurmSweepArgs returns the arguments that make a task run the same
// sweep. A LOG that is a file is passed by absolute path; a catalog name
// is resolved by each task (TRACELAB_DATA travels with sbatch's
// environment).
func slurmSweepArgs(a sweepArgs) []string {
	var args []string
	if a.log != "" {
		logArg := a.log
		if st, err := os.Stat(logArg); err == nil && !st.IsDir() {
			logArg, _ = filepath.Abs(logArg)
		}
		args = append(args, logArg)
	}
	args = append(args, "--experiment", a.experiment, "--scheduler", a.scheduler)
	if a.window > 0 {
		args = append(args, "--window", a.window.String())
	}
	for _, r := range a.rare {
		args = append(args, "--rb", r)
	}
	if a.rbnpw.set {
		args = append(args, "--rb-npw", a.rbnpw.String())
	}
	if a.reading != "default" {
		args = append(args, "--reading", a.reading)
	}
	if a.period != users.AtFirstSubmission {
		args = append(args, "--period-start", a.period.String())
	}
	if a.loads.set {
		args = append(args, "--load", a.loads.String())
	}
	return append(args, "--reps", strconv.Itoa(a.reps), "--seed", strconv.FormatUint(a.seed, 10))
}

// slurmDryRun prints the batch script of the shards not yet done.
func slurmDryRun(e *env, plan slurm.Plan) error {
	arr := &slurm.Array{Plan: plan}
	var todo []int
	for k := range plan.Tasks {
		if _, err := os.Stat(plan.OutputPath(k)); err != nil {
			todo = append(todo, k)
		}
	}
	if len(todo) == 0 {
		fmt.Fprintf(e.stderr, "slurm: every shard file is already in %s; nothing to submit\n", plan.Dir)
		return nil
	}
	_, err := fmt.Fprint(e.stdout, arr.Script(todo))
	return err
}

// slurmSubmitMissing submits the shards that are neither done nor queued
// of a computation of units things (replicates, logs).
func slurmSubmitMissing(ctx context.Context, e *env, arr *slurm.Array, client slurm.Client, units int, things string) error {
	st, err := arr.Status(ctx, client)
	if err != nil {
		return err
	}
	n := arr.Plan.Tasks
	if todo := st.ToRun(); len(todo) > 0 {
		sub, err := arr.Submit(ctx, client, todo)
		if err != nil {
			return err
		}
		what := fmt.Sprintf("%d shards", len(todo))
		if len(todo) < n {
			what = fmt.Sprintf("%d of %d shards (%s)", len(todo), n, slurm.ArraySpec(todo, 0))
		}
		fmt.Fprintf(e.stderr, "slurm: submitted job %s: %s of %d %s; script %s, logs %s\n",
			sub.JobID, what, units, things, sub.Script, filepath.Join(arr.Plan.Dir, "logs"))
	}
	if q := st.Pending + st.Running; q > 0 {
		fmt.Fprintf(e.stderr, "slurm: %d shards of an earlier submission are still queued or running\n", q)
	}
	return nil
}

// slurmWaitMerge waits for the array's tasks, reports the failed ones, and
// merges the shard files into out.
func slurmWaitMerge(ctx context.Context, e *env, arr *slurm.Array, client slurm.Client, out string, partial bool, poll time.Duration) error {
	st, err := slurmWait(ctx, e, arr, client, partial, poll)
	if err != nil {
		return err
	}
	df, rep, err := mergeShards(st.Outputs(), sweep.MergeOptions{AllowPartial: partial})
	if err != nil {
		return err
	}
	o, err := newOutput("-o", out, frameFormats...)
	if err == nil {
		err = o.writeFrame(df)
	}
	if err != nil {
		return err
	}
	msg := ""
	if len(rep.Missing) > 0 {
		msg = fmt.Sprintf(" (partial: shards %s missing)", sweep.FormatIndices(rep.Missing))
	}
	fmt.Fprintf(e.stderr, "slurm: merged %d shards, %d replicates -> %s%s\n", len(rep.Present), rep.Replicates, out, msg)
	return nil
}

// slurmWait waits for the array's tasks and reports the failed ones; it
// returns an error unless every task left its output (some, with
// partial).
func slurmWait(ctx context.Context, e *env, arr *slurm.Array, client slurm.Client, partial bool, poll time.Duration) (slurm.Status, error) {
	start := time.Now()
	last := ""
	st, err := arr.Wait(ctx, client, poll, func(s slurm.Status) {
		if line := s.String(); line != last {
			last = line
			fmt.Fprintf(e.stderr, "slurm: %s shards (%s)\n", line, time.Since(start).Round(time.Second))
		}
	})
	if err != nil {
		if ctx.Err() != nil {
			return st, fmt.Errorf("slurm: stopped waiting; the tasks go on: 'tracelab slurm wait %s' to resume, 'tracelab slurm cancel %s' to stop them: %w",
				waitArgs(arr), arr.Plan.Dir, err)
		}
		return st, err
	}
	failed := st.FailedTasks()
	for _, t := range failed {
		fmt.Fprintf(e.stderr, "slurm: shard %d/%d failed (job %s, task %d): %s\n  log: %s\n",
			t.Index, len(st.Tasks), t.JobID, t.Index, t.Reason, t.Log)
	}
	if !st.Complete() && !partial {
		return st, fmt.Errorf("slurm: %d of %d shards failed or did not run (%s); rerun the same sweep command, or 'tracelab slurm resubmit %s', to run only those",
			len(st.Tasks)-st.Done, len(st.Tasks), slurm.ArraySpec(st.ToRun(), 0), arr.Plan.Dir)
	}
	if st.Done == 0 {
		return st, errors.New("slurm: no shard finished; nothing to merge")
	}
	return st, nil
}

// slurmArgs is a parsed "tracelab slurm" command line.
type slurmArgs struct {
	sub, dir, format string
	out              string
	partial, noWait  bool
	poll             time.Duration
}

var slurmSubcommands = []string{"status", "wait", "resubmit", "cancel"}

// slurmSubcommandFlags are the flags each sub-command uses. The flag set
// is shared (one help for all), so another sub-command's flag parses; it
// is then a usage error, never ignored: "slurm status DIR -o x.parquet"
// merged nothing and "slurm cancel DIR --allow-partial" cancelled, each
// exiting 0 as if the flag had been used.
var slurmSubcommandFlags = map[string][]string{
	"status":   {"format"},
	"wait":     {"o", "allow-partial", "poll"},
	"resubmit": {"o", "allow-partial", "poll", "no-wait"},
	"cancel":   nil,
}

func parseSlurm(e *env, args []string) (slurmArgs, error) {
	var a slurmArgs
	if len(args) == 0 {
		return a, usagef("tracelab slurm status|wait|resubmit|cancel DIR")
	}
	a.sub, args = args[0], args[1:]
	if isHelpArg(a.sub) {
		a.sub, args = "status", []string{"-h"} // the flags, shared by every sub-command
	}
	if !slices.Contains(slurmSubcommands, a.sub) {
		return a, usagef("unknown slurm sub-command %q (want status, wait, resubmit or cancel)", a.sub)
	}
	fs := e.newFlags("slurm " + a.sub)
	fs.StringVar(&a.format, "format", "table", "status: output format: table, csv or json")
	fs.StringVar(&a.out, "o", "", "wait, resubmit: merged output (default: the sweep's -o)")
	fs.BoolVar(&a.partial, "allow-partial", false, "wait, resubmit: merge the shards present when some failed")
	durationVar(fs, &a.poll, "poll", time.Second, 10*time.Millisecond, time.Hour, "", "wait, resubmit: how often to look at the tasks")
	fs.BoolVar(&a.noWait, "no-wait", false, "resubmit: submit and return")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return a, err
	}
	if err := foreignFlag(fs, "slurm", a.sub, slurmSubcommands, slurmSubcommandFlags, nil, " and "); err != nil {
		return a, err
	}
	if err := checkFormat(a.format); err != nil {
		return a, err
	}
	if len(pos) != 1 {
		return a, usagef("tracelab slurm %s DIR", a.sub)
	}
	a.dir = pos[0]
	if a.out != "" {
		if _, err := newOutput("-o", a.out, frameFormats...); err != nil {
			return a, err
		}
	}
	return a, nil
}

// runSlurm is the "tracelab slurm" command family.
func runSlurm(e *env, args []string) error {
	a, err := parseSlurm(e, args)
	if err != nil {
		return err
	}
	// slurm.Open refuses a manifest that is a named pipe or larger than
	// slurm.MaxManifestBytes.
	manifest := filepath.Join(a.dir, slurm.ManifestName)
	arr, err := slurm.Open(a.dir)
	if err != nil {
		return fmt.Errorf("slurm: %s is not an array folder: %w", a.dir, err)
	}
	ctx := e.context()
	var client slurm.Client
	if err := shardsInFolder(arr, manifest); err != nil {
		return err
	}
	mergeTo := a.out
	if mergeTo == "" && (a.sub == "wait" || a.sub == "resubmit") {
		if mergeTo, err = recordedOutput(arr, manifest); err != nil {
			return err
		}
	}
	if mergeTo != "" && (a.sub == "wait" || a.sub == "resubmit") {
		if err := notArrayFile(arr, manifest, mergeTo); err != nil {
			return err
		}
	}
	if a.sub == "resubmit" {
		if err := ownCommand(arr, manifest); err != nil {
			return err
		}
	}
	switch a.sub {
	case "status":
		st, err := arr.Status(ctx, client)
		if err != nil {
			return err
		}
		fmt.Fprintf(e.stderr, "slurm: %s shards\n", st)
		return writeFrame(e.stdout, a.format, slurmStatusFrame(st))
	case "cancel":
		if err := arr.Cancel(ctx, client); err != nil {
			return err
		}
		fmt.Fprintf(e.stderr, "slurm: cancelled %d submissions\n", len(arr.Submissions))
		return nil
	case "resubmit":
		if err := slurmResubmit(ctx, e, arr, client); err != nil || a.noWait {
			return err
		}
	}
	if mergeTo == "" {
		return usagef("no merged output recorded in %s: pass -o FILE", arr.Plan.Dir)
	}
	return slurmWaitMerge(ctx, e, arr, client, mergeTo, a.partial, a.poll)
}

// slurmResubmit resubmits the failed or missing shards.
func slurmResubmit(ctx context.Context, e *env, arr *slurm.Array, client slurm.Client) error {
	s, tasks, err := arr.Resubmit(ctx, client)
	if err != nil {
		return err
	}
	if len(tasks) == 0 {
		fmt.Fprintln(e.stderr, "slurm: no shard to resubmit (every one is done, queued or running)")
	} else {
		fmt.Fprintf(e.stderr, "slurm: resubmitted shards %s as job %s\n", slurm.ArraySpec(tasks, 0), s.JobID)
	}
	return nil
}

// slurmStatusFrame has one row per task: task, state, job_id, output, log,
// reason.
func slurmStatusFrame(st slurm.Status) dataframe.DataFrame {
	n := len(st.Tasks)
	task := make([]int, n)
	state, job, output, logf, reason := make([]string, n), make([]string, n), make([]string, n), make([]string, n), make([]string, n)
	for k, t := range st.Tasks {
		task[k], state[k], job[k], output[k], logf[k], reason[k] = t.Index, t.State.String(), t.JobID, t.Output, t.Log, t.Reason
	}
	return dataframe.New(
		series.New(task, series.Int, "task"),
		series.New(state, series.String, "state"),
		series.New(job, series.String, "job_id"),
		series.New(output, series.String, "output"),
		series.New(logf, series.String, "log"),
		series.New(reason, series.String, "reason"),
	)
}

// notArrayFile refuses a merged output that is one of the array's own
// files: its manifest (the array would be lost) or a task's shard file
// (read by the merge, then replaced by it, then written again by a
// resubmitted task).
func notArrayFile(arr *slurm.Array, manifest, out string) error {
	if outfile.SameFile(manifest, out) {
		return usagef("-o %s is the array's manifest (%s): merge into another file", out, slurm.ManifestName)
	}
	shard := func(k int) error {
		return usagef("-o %s is the shard file of task %d of the array: merge into another file", out, k)
	}
	// The shard files are Plan.Output with TaskToken replaced by the task
	// (Plan.OutputPath): match out's name against it, for any number of
	// tasks.
	full := strings.ReplaceAll(arr.Plan.Output, slurm.TaskToken, "\x00")
	if !filepath.IsAbs(full) {
		full = filepath.Join(arr.Plan.Dir, full)
	}
	if parts := strings.Split(full, "\x00"); len(parts) == 2 && !strings.ContainsRune(parts[1], filepath.Separator) {
		dir, prefix := filepath.Split(parts[0])
		outDir, outBase := filepath.Split(out)
		if resolvedDir(dir) == resolvedDir(outDir) {
			if rest, ok := strings.CutPrefix(outBase, prefix); ok {
				if digits, ok := strings.CutSuffix(rest, parts[1]); ok {
					if k, err := strconv.Atoi(digits); err == nil && k >= 0 && k < arr.Plan.Tasks && strconv.Itoa(k) == digits {
						return shard(k)
					}
				}
			}
		}
	}
	for k := range min(arr.Plan.Tasks, 1000) { // another spelling of a shard's path (a link)
		if outfile.SameFile(arr.Plan.OutputPath(k), out) {
			return shard(k)
		}
	}
	return nil
}

// resolvedDir returns the folder dir absolute, its links resolved when it
// exists.
func resolvedDir(dir string) string {
	if dir == "" {
		dir = "."
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return filepath.Clean(dir)
	}
	if r, err := filepath.EvalSymlinks(abs); err == nil {
		return r
	}
	return abs
}

// An array.json is input: a modified one must not make "tracelab slurm"
// write or run anything but what tracelab put there. shardsInFolder,
// recordedOutput and ownCommand check it against the array folder
// (slurm.Open has already made Plan.Dir the folder read), the layouts
// "sweep --slurm", "findings --slurm" and "reproduce --slurm" write, and
// this program.

// shardsInFolder refuses a plan whose task output is not a file name in
// the array folder: tracelab's shards are DIR/shard-{task}-of-N.EXT, and
// wait reads them, status lists them.
func shardsInFolder(arr *slurm.Array, manifest string) error {
	o := arr.Plan.Output
	if filepath.Base(o) != o || o == "." || o == ".." || strings.ContainsRune(o, '/') {
		return fmt.Errorf("slurm: %s: task output %q is not a file name in the array folder %s (tracelab writes shard-%s-of-N.parquet there): the manifest was not written by tracelab, or was edited",
			manifest, clipText(o), arr.Plan.Dir, slurm.TaskToken)
	}
	return nil
}

// recordedOutput returns the merged output recorded in the manifest
// (Plan.Meta "output"), "" when there is none. It is used without -o only
// where tracelab puts it beside the array folder DIR: DIR without its
// ".slurm" (sweep --slurm -o OUT makes OUT.slurm) or DIR.parquet (the
// arrays of reproduce --slurm); another place (sweep --slurm-dir, or an
// edited manifest, which could name any file of the user's) must be
// confirmed with -o.
func recordedOutput(arr *slurm.Array, manifest string) (string, error) {
	out := arr.Plan.Meta["output"]
	if out == "" {
		return "", nil
	}
	dir := filepath.Clean(arr.Plan.Dir)
	var beside []string
	if o, ok := strings.CutSuffix(dir, ".slurm"); ok && o != "" {
		beside = append(beside, o)
	}
	beside = append(beside, dir+".parquet")
	if filepath.IsAbs(out) && slices.Contains(beside, filepath.Clean(out)) {
		return out, nil
	}
	return "", usagef("%s records the merged output %s, not beside the array folder (%s): pass -o %s to merge there",
		manifest, clipText(out), strings.Join(beside, " or "), clipText(out))
}

// arrayCommands lists, per tracelab sub-command a job array runs, the
// flags its tasks' command lines hold (slurmPlan, findingsPlan): true for
// a flag followed by a value. Positional arguments are the logs, read.
var arrayCommands = map[string]map[string]bool{
	"sweep": {"--experiment": true, "--scheduler": true, "--window": true, "--rb": true, "--rb-npw": true,
		"--reading": true, "--period-start": true, "--load": true, "--reps": true, "--seed": true, "--shard": true, "-o": true},
	"findings": {"--seed": true, "--quiet": false, "--format": true, "--shard": true, "-o": true,
		"--quick": false, "--finding": true, "--no-cache": false, "--cache": true},
}

// ownCommand refuses to resubmit a task command that is not what tracelab
// writes: this program (the same file contents: a rebuilt or another
// program is refused, as the array's shards must come from one build;
// rerunning the sweep or findings command writes the command afresh), a
// sweep or findings whose flags are those tracelab passes, one shard per
// task (--shard {task}/Tasks), writing to its shard file in the array
// folder (-o DIR/OUTPUT). Before, resubmit ran whatever the manifest said.
func ownCommand(arr *slurm.Array, manifest string) error {
	p := arr.Plan
	refuse := func(format string, args ...any) error {
		return fmt.Errorf("slurm: %s: %s; not resubmitted: rerun the sweep (or findings) command that made the array, which resubmits only the missing shards",
			manifest, fmt.Sprintf(format, args...))
	}
	cmd := p.Command
	if len(cmd) < 2 {
		return refuse("the task command %q is not a tracelab command", clipText(strings.Join(cmd, " ")))
	}
	self, err := os.Executable()
	if err != nil {
		return refuse("cannot find this program to compare it with the array's (%v)", err)
	}
	if d := programDigest(cmd[0]); !strings.HasPrefix(d, "sha256:") || d != programDigest(self) {
		return refuse("the tasks run %s, not this program (%s)", clipText(cmd[0]), self)
	}
	flags, ok := arrayCommands[cmd[1]]
	if !ok {
		return refuse("the tasks run %q, not a sweep or findings", clipText(cmd[1]))
	}
	shard, out := "", ""
	for i := 2; i < len(cmd); i++ {
		a := cmd[i]
		if !strings.HasPrefix(a, "-") {
			continue // a log, read
		}
		takes, ok := flags[a]
		if !ok {
			return refuse("the task command holds %q, which tracelab does not pass to %s tasks", clipText(a), cmd[1])
		}
		if !takes {
			continue
		}
		if i+1 == len(cmd) {
			return refuse("the task command ends with %s and no value", a)
		}
		i++
		switch a {
		case "--shard":
			shard = cmd[i]
		case "-o":
			out = cmd[i]
		}
	}
	if want := slurm.TaskToken + "/" + strconv.Itoa(p.Tasks); shard != want {
		return refuse("the task command's --shard is %q, not %q", clipText(shard), want)
	}
	if want := filepath.Join(p.Dir, p.Output); out != want {
		return refuse("the tasks write %q, not their shard file %s in the array folder (was the folder moved?)", clipText(out), want)
	}
	return nil
}

// waitArgs returns the arguments of "tracelab slurm wait" for arr: its
// folder, and -o with the merged output when that does not lie where
// recordedOutput takes it without -o (sweep --slurm-dir elsewhere).
func waitArgs(arr *slurm.Array) string {
	out := arr.Plan.Meta["output"]
	if _, err := recordedOutput(arr, ""); out != "" && err != nil {
		return arr.Plan.Dir + " -o " + out
	}
	return arr.Plan.Dir
}

// clipText cuts a manifest's text for an error message.
func clipText(s string) string { return clip.Runes(s, 200) }
