package cli

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/sim"
)

// command is one tracelab sub-command. Each lives in its own file and
// registers itself from an init function, so adding a command touches no
// shared file.
type command struct {
	name    string // as typed: "info", "sweep"
	usage   string // arguments after the name, e.g. "[LOG] [--format table|csv|json]"
	summary string // one line for "tracelab help"
	run     func(e *env, args []string) error
}

// env is what a command may use: its output streams, the flag set it
// parsed last (for -h), and how it loads a LOG (nil: loadLog's loader;
// tests replace it).
type env struct {
	stdout, stderr io.Writer
	flags          *flag.FlagSet
	load           func(arg string) (*datasets.Trace, error)
	ctx            context.Context // cancelled on an interrupt (Main); nil: never
}

// context returns the command's context: cancelled when the program is
// interrupted (SIGINT, SIGTERM), so that long steps stop.
func (e *env) context() context.Context {
	if e.ctx == nil {
		return context.Background()
	}
	return e.ctx
}

var commands = map[string]*command{}

// register adds a command; it panics on a duplicate name (a programmer error).
func register(c *command) {
	if _, dup := commands[c.name]; dup {
		panic("tracelab: duplicate command " + c.name)
	}
	commands[c.name] = c
}

// Run executes the tracelab command line args (without the program name),
// writing to stdout and stderr; an error is the message to print before
// exiting with status 1. Schedulers added to sim's registry (sim.Register)
// before the call are choices of every command that takes a scheduler.
func Run(args []string, stdout, stderr io.Writer) error { return run(args, stdout, stderr) }

// run executes the tracelab command line args (without the program name).
func run(args []string, stdout, stderr io.Writer) error {
	return runAs("tracelab", args, stdout, stderr)
}

// runAs executes the command line args (without the program name) of the
// program called prog (in usage lines and help).
func runAs(prog string, args []string, stdout, stderr io.Writer) error {
	return runContext(context.Background(), prog, args, stdout, stderr)
}

// runContext is runAs with the context that an interrupt cancels.
func runContext(ctx context.Context, prog string, args []string, stdout, stderr io.Writer) error {
	e := &env{stdout: stdout, stderr: stderr, ctx: ctx}
	if len(args) == 0 || args[0] == "help" || args[0] == "-h" || args[0] == "--help" {
		if len(args) > 1 {
			if _, ok := commands[args[1]]; ok {
				// "help CMD [SUB]" is "CMD [SUB] -h": the usage, the summary and every flag.
				return runContext(ctx, prog, append(slices.Clone(args[1:]), "-h"), stdout, stderr)
			}
			return fmt.Errorf("help: unknown command %q (run '%s help' for the list)", args[1], prog)
		}
		var b bytes.Buffer
		printHelp(&b, prog)
		_, err := stdout.Write(b.Bytes()) // "help > /dev/full" fails
		return err
	}
	c, ok := commands[args[0]]
	if !ok {
		return fmt.Errorf("unknown command %q (run '%s help' for the list)", args[0], prog)
	}
	ctx, release, err := withHeapLimit(ctx)
	if err != nil {
		return fmt.Errorf("%s: %w", c.name, err)
	}
	defer release()
	e.ctx = ctx
	err = heapLimitError(ctx, c.run(e, args[1:]))
	if errors.Is(err, flag.ErrHelp) {
		var b bytes.Buffer
		fmt.Fprintf(&b, "usage: %s %s %s\n\n%s\n", prog, c.name, c.usageLine(prog), c.summary)
		if e.flags != nil {
			fmt.Fprintln(&b, "\nflags:")
			e.flags.SetOutput(&b)
			e.flags.PrintDefaults()
		}
		_, err := stdout.Write(b.Bytes())
		return err
	}
	if errors.Is(err, errUsage) {
		return fmt.Errorf("%s: %w\nusage: %s %s %s", c.name, err, prog, c.name, c.usageLine(prog))
	}
	printStack(stderr, err)
	return machineAdvice(e, err)
}

// debugEnv, set to 1 in the environment, makes a command that failed
// because a scheduler panicked print the panic's stack
// (sim.SchedulerError.Stack) on stderr, before the error: where a
// scheduler of one's own went wrong. A panic of an engine's OnStart or
// OnFinish hook (sim.HookError.Stack; hooks are this program's code)
// prints its stack the same way.
const debugEnv = "TRACELAB_DEBUG"

// printStack writes the stack kept in err's sim.SchedulerError or
// sim.HookError to w when debugEnv is 1 and the scheduler or hook
// panicked (else nothing).
func printStack(w io.Writer, err error) {
	if os.Getenv(debugEnv) != "1" {
		return
	}
	var se *sim.SchedulerError
	var he *sim.HookError
	switch {
	case errors.As(err, &se) && len(se.Stack) > 0:
		fmt.Fprintf(w, "the panic of scheduler %s (%s=1):\n%s", se.Scheduler, debugEnv, se.Stack)
	case errors.As(err, &he) && len(he.Stack) > 0:
		fmt.Fprintf(w, "the panic of the %s hook, job %d (%s=1):\n%s", he.Hook, he.Job, debugEnv, he.Stack)
	}
}

// machineAdvice completes an error about the machine size (none known, or
// out of range) with what this command can do about it: only some
// commands have --procs.
func machineAdvice(e *env, err error) error {
	if !errors.Is(err, datasets.ErrNoMachineSize) && !errors.Is(err, sim.ErrMachineSize) {
		return err
	}
	if e.flags != nil && e.flags.Lookup("procs") != nil {
		return fmt.Errorf("%w; the size comes from the log's header (MaxProcs, else MaxNodes) unless --procs P gives it", err)
	}
	return fmt.Errorf("%w; this command takes the size from the log's header: add or correct its line '; MaxProcs: P'", err)
}

// isHelpArg reports whether arg asks for help (-h, -help, --help).
func isHelpArg(arg string) bool { return arg == "-h" || arg == "-help" || arg == "--help" }

// schedulersToken stands, in a command's usage, for the list of every
// scheduler the registry knows when the usage is printed (schedulerChoices).
const schedulersToken = "{schedulers}"

// usageLine returns the command's usage for the program prog, with the
// scheduler choices filled in.
func (c *command) usageLine(prog string) string {
	u := strings.ReplaceAll(c.usage, schedulersToken, schedulerChoices())
	return strings.ReplaceAll(u, "or: tracelab ", "or: "+prog+" ")
}

// schedulerSyntax gives the parameter of the scheduler families that take
// one, for usage lines: the built-in ones, and a program's own added by
// SchedulerSyntax.
var schedulerSyntax = map[string]string{
	"conservative": "conservative[:K]",
	"backfill":     "backfill[:R[,QUEUE[,BACKFILL]]]",
	"useraware":    "useraware[:α]",
}

var schedulerSyntaxMu sync.Mutex

// SchedulerSyntax sets how the usage lines write the scheduler family
// registered as name (sim.Register), for a family that takes a
// parameter: SchedulerSyntax("fairshare", "fairshare[:H]") before Main
// shows "fairshare[:H]" among the choices of every command, where the bare
// name would hide the parameter. It panics (a programmer error) if name is
// not registered or syntax does not begin with it.
func SchedulerSyntax(name, syntax string) {
	if !slices.Contains(sim.Names(), name) || !strings.HasPrefix(syntax, name) {
		panic(fmt.Sprintf("cli: SchedulerSyntax(%q, %q): not a registered scheduler and its syntax", name, syntax))
	}
	schedulerSyntaxMu.Lock()
	defer schedulerSyntaxMu.Unlock()
	schedulerSyntax[name] = syntax
}

// schedulerChoices lists every registered scheduler name, a program's own
// included, as "fcfs|easy|…".
func schedulerChoices() string {
	schedulerSyntaxMu.Lock()
	defer schedulerSyntaxMu.Unlock()
	names := sim.Names()
	for i, n := range names {
		if s, ok := schedulerSyntax[n]; ok {
			names[i] = s
		}
	}
	return strings.Join(names, "|")
}

// schedulerFlag adds --scheduler (default easy) with every registered
// choice in its help.
func schedulerFlag(fs *flag.FlagSet) *string {
	return fs.String("scheduler", "easy", schedulerHelp("the scheduler that starts the jobs"))
}

// schedulerHelp is the help of a flag that names a scheduler: what, then,
// the same for every command (--scheduler of simulate, sweep, feedback
// and compare, --simulate of resample), every registered choice and the
// built-in families' parameters.
func schedulerHelp(what string) string {
	return what + "\none of: " + schedulerChoices() +
		"\n(conservative:K: at most K reservations; backfill:R,QUEUE,BACKFILL: R reservations (or all), " +
		"QUEUE and BACKFILL orders among arrival, shortest, area, largest; go doc sim.Backfill)"
}

func printHelp(w io.Writer, prog string) {
	fmt.Fprintln(w, "tracelab — workload logs of parallel job schedulers (SWF): analyse, model, resample, simulate")
	fmt.Fprintf(w, "\nusage: %s COMMAND [arguments]\n\ncommands:\n", prog)
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-12s %s\n", n, commands[n].summary)
	}
	fmt.Fprintln(w, "\nLOG is a file path or a catalog name (tracelab catalog), - for standard input; without LOG, the embedded sample.")
	fmt.Fprintln(w, "A name with a folder or a file extension is a path, never a catalog name.")
	fmt.Fprintln(w, "Outputs are checked before any work; a file is replaced only once complete (an interrupt leaves the old one),")
	fmt.Fprintln(w, "a stream (/dev/stdout, a pipe, a device) is written through, in the command's first format.")
	fmt.Fprintf(w, "Schedulers: %s.\n", schedulerChoices())
	fmt.Fprintf(w, "%s=1: when a scheduler (or a hook) panics, print the panic's stack before the error.\n", debugEnv)
	fmt.Fprintf(w, "Run '%s help COMMAND' for a command's arguments and flags.\n", prog)
}

// newFlags returns a flag set for command name that reports errors as
// errors (never exits, prints nothing: run prints the error once, and the
// flags on -h).
func (e *env) newFlags(name string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	e.flags = fs
	return fs
}

// parseArgs parses flags that may appear before or after positional
// arguments ("tracelab info LOG --format json" and "tracelab info --format
// json LOG" both work) and returns the positional ones. After "--" every
// argument is positional, even one that starts with "-". A flag error is a
// usage error naming the flag as typed ("--workers -2: want …"), and so is
// a file, folder or choice flag given an empty value (emptyNamedFlag), and
// an empty positional argument.
func parseArgs(fs *flag.FlagSet, args []string) ([]string, error) {
	pos, err := parsePositional(fs, args)
	if err != nil {
		return nil, err
	}
	if err := emptyNamedFlag(fs); err != nil {
		return nil, err
	}
	// An empty LOG, DIR or FILE ("tracelab info $LOG" with LOG unset) is
	// not the argument left out: info "" summarised the embedded sample,
	// slurm cancel "" cancelled the array of the current folder.
	if slices.Contains(pos, "") {
		return nil, usagef("an empty argument: leave it out, or give a name (LOG, DIR, FILE)")
	}
	return pos, nil
}

// parsePositional is parseArgs without the check of empty values.
func parsePositional(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, flagError(err)
		}
		rest := fs.Args()
		if n := len(args) - len(rest); n > 0 && args[n-1] == "--" && !(n >= 2 && takesValue(fs, args[n-2])) {
			return append(pos, rest...), nil // Parse stopped at "--" and dropped it
		}
		if len(rest) == 0 {
			return pos, nil
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
}

// namedFlags are the flags naming a file or folder, or a choice, that are
// not always required: left out, each has a meaning (no such output, a
// default folder, no check, every finding, EASY, the whole sweep, the
// default reading, Slurm's default partition and time limit), and the
// value says what the flag names. A flag whose every value is checked
// against a list (--format, --bin, --rows …) refuses "" with that list and
// is not here.
var namedFlags = map[string]string{
	"o": "a file", "save": "a file or folder", "check": "a folder", "from": "a folder",
	"write-baseline": "a folder", "sweeps": "a folder", "cache": "a folder", "slurm-dir": "a folder",
	"tracelab": "a program", "estimates-from": "a log", "figure": "a file",
	"finding": "finding IDs", "scheduler": "a scheduler", "simulate": "a scheduler",
	"shard": "a shard i/n", "partition": "a Slurm partition", "time": "a Slurm time limit",
	"clock": "wall or elapsed", "start": "common, cycle or activity", "arrivals": "uniform or weeks",
	"weight-class": "class weights", "mix": "logs", "cluster": "a machine name",
}

// emptyNamedFlag refuses a file, folder or choice flag given with an empty
// value ("--check $DIR" with DIR unset). Read as the flag left out, it did
// other work than asked and still succeeded: reproduce --check "" compared
// nothing and exited 0, reproduce --from "" computed every ledger instead
// of reading them, findings --finding "" measured every finding, report
// -o "" made the whole report and then failed to rename its temporary file
// to "".
func emptyNamedFlag(fs *flag.FlagSet) error {
	var err error
	fs.Visit(func(f *flag.Flag) {
		what, named := namedFlags[f.Name]
		if strings.HasSuffix(f.Name, "-out") {
			what, named = "a file", true
		}
		if err == nil && named && f.Value.String() == "" {
			err = usagef("%s needs %s, not an empty value", flagName(f.Name), what)
		}
	})
	return err
}

// takesValue reports whether arg is a flag of fs that consumes the next
// argument as its value ("--format", not "--format=json" or a bool flag).
func takesValue(fs *flag.FlagSet, arg string) bool {
	name, ok := strings.CutPrefix(arg, "-")
	if !ok || strings.Contains(name, "=") {
		return false
	}
	f := fs.Lookup(strings.TrimPrefix(name, "-"))
	if f == nil {
		return false
	}
	b, isBool := f.Value.(interface{ IsBoolFlag() bool })
	return !isBool || !b.IsBoolFlag()
}

// flagName returns the flag called name as the usage lines write it: -o,
// --jobs-out.
func flagName(name string) string {
	if len(name) == 1 {
		return "-" + name
	}
	return "--" + name
}

var flagErrorRE = regexp.MustCompile(`^invalid (?:boolean )?value "(.*)" for (?:flag )?-(\S+): (.*)$`)

// flagError rewrites the flag package's errors as usage errors in the
// command line's own terms: "--workers -2: want an integer from 0 to 1,024".
func flagError(err error) error {
	if errors.Is(err, flag.ErrHelp) {
		return err
	}
	msg := err.Error()
	if m := flagErrorRE.FindStringSubmatch(msg); m != nil {
		return usagef("--%s %s: %s", m[2], m[1], m[3])
	}
	if name, ok := strings.CutPrefix(msg, "flag provided but not defined: -"); ok {
		return usagef("unknown flag --%s", strings.TrimPrefix(name, "-"))
	}
	if name, ok := strings.CutPrefix(msg, "flag needs an argument: -"); ok {
		return usagef("--%s needs a value", strings.TrimPrefix(name, "-"))
	}
	return usagef("%s", msg)
}

// formatFlag adds the --format flag shared by every command that prints data.
func formatFlag(fs *flag.FlagSet) *string {
	return fs.String("format", "table", "output format: table, csv or json")
}

func checkFormat(f string) error {
	switch f {
	case "table", "csv", "json":
		return nil
	}
	return usagef("--format must be table, csv or json, not %q", f)
}

// parseLogCommand parses the command line of a command that takes one
// optional LOG and, when format is not nil, --format: flags may stand
// before or after LOG. It returns LOG ("" for the embedded sample).
func parseLogCommand(fs *flag.FlagSet, format *string, args []string) (string, error) {
	pos, err := parseArgs(fs, args)
	if err != nil {
		return "", err
	}
	if format != nil {
		if err := checkFormat(*format); err != nil {
			return "", err
		}
	}
	return oneOptionalLog(pos)
}

// oneOptionalLog returns the single optional LOG argument ("" for none).
func oneOptionalLog(pos []string) (string, error) {
	switch len(pos) {
	case 0:
		return "", nil
	case 1:
		return pos[0], nil
	}
	return "", usagef("expected at most one LOG, got %s", strings.Join(pos, " "))
}
