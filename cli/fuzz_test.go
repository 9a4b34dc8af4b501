package cli

import (
	"errors"
	"flag"
	"io"
	"strconv"
	"strings"
	"testing"

	"github.com/tracelab/tracelab/datasets"
)

// errParsed is what the fuzzed commands' loader returns: the command line
// was accepted, and the command stops before any work.
var errParsed = errors.New("parsed")

// fuzzCommands are the commands with numeric flags, each run up to the
// point where it would load its LOG (or, for generate and slurm, parse
// only: they do their work without a LOG).
var fuzzCommands = map[string]func(e *env, args []string) error{
	"generate":   func(e *env, a []string) error { _, err := parseGenerate(e, a); return parsedOr(err) },
	"slurm":      func(e *env, a []string) error { _, err := parseSlurm(e, a); return parsedOr(err) },
	"hurst":      runHurst,
	"locality":   runLocality,
	"model":      runModel,
	"simulate":   runSimulate,
	"resample":   runResample,
	"feedback":   runFeedback,
	"sweep":      runSweep,
	"users":      runUsers,
	"sessions":   runSessions,
	"similarity": runSimilarity,
}

func parsedOr(err error) error {
	if err == nil {
		return errParsed
	}
	return err
}

// fuzzCommandNames is the sorted list of fuzzCommands.
var fuzzCommandNames = []string{"feedback", "generate", "hurst", "locality", "model", "resample", "sessions",
	"similarity", "simulate", "slurm", "sweep", "users"}

// FuzzArgs feeds command lines to the argument parsing of every command
// with numeric flags. Whatever the arguments, parsing never panics, never
// starts any work, and ends either accepted or with a usage error (or the
// help): a one-line message naming what is wrong, with no structure dump.
// Arguments are separated by "\x00" in the fuzzed string.
func FuzzArgs(f *testing.F) {
	seeds := []struct {
		cmd  uint8
		line string
	}{
		{2, "--unit\x0010"}, {2, "--unit\x001ns"}, {2, "--factor\x001.0000001\x00--subsets\x001e9"},
		{3, "bins\x00--bins\x001e8"}, {3, "sampling\x00--days\x001e-7\x00--ranges\x001e8\x00--reps\x00-1"},
		{1, "lublin\x00--jobs\x001000000000000\x00-o\x00x.swf"}, {1, "lublin\x00-o\x00out.parquet"},
		{4, "lublin\x00--procs\x00-1\x00--restarts\x00-1"}, {8, "--load\x00-1"},
		{10, "--reps\x002\x00--load\x001,0\x00--workers\x00-2"}, {10, "--reps\x001e6\x00--window\x00-2w"},
		{9, "bogus\x00DIR"}, {9, "wait\x00--poll\x000s\x00DIR"}, {6, "--gap\x003600"}, {11, "--gap\x00-1h"},
		{5, "--seed\x001\x00-o\x00x.swf\x00--weeks\x002307"}, {0, "--resample\x00--load\x001e-9"},
		{7, "--bootstrap\x00-5\x00--time-resolution\x0060"}, {2, "--\x00-x"}, {2, "--format\x00--"},
		{2, "-h"}, {3, "stack\x00--tolerance\x00NaN"}, {10, "--reps\x002\x00--rb-npw\x00Inf"},
		{2, "--min-n\x009223372036854775807"}, {5, "--seed\x0018446744073709551616"},
	}
	for _, s := range seeds {
		f.Add(s.cmd, s.line)
	}
	f.Fuzz(func(t *testing.T, cmd uint8, line string) {
		name := fuzzCommandNames[int(cmd)%len(fuzzCommandNames)]
		args := strings.Split(line, "\x00")
		if name == "sweep" && len(args) > 0 && args[0] == "merge" {
			return // merge reads the files it is given: not a parser
		}
		e := &env{stdout: io.Discard, stderr: io.Discard,
			load: func(string) (*datasets.Trace, error) { return nil, errParsed }}
		err := fuzzCommands[name](e, args)
		switch {
		case err == nil:
			t.Fatalf("%s %q: ran without loading a log", name, args)
		case errors.Is(err, errParsed), errors.Is(err, flag.ErrHelp):
			return
		case !errors.Is(err, errUsage):
			t.Fatalf("%s %q: not a usage error: %v", name, args, err)
		}
		msg := err.Error()
		if msg == "" || strings.Contains(msg, "flag provided") {
			t.Fatalf("%s %q: unclear message %q", name, args, msg)
		}
		// Formatting mistakes and structure dumps (unless the user typed
		// them: as typed, or quoted as a message quotes a value, so that
		// --unit "\x80xc" quoted as "\x80xc" holds no pointer "0xc").
		typed := line
		for _, a := range args {
			typed += "\x00" + strconv.Quote(a)
		}
		for _, bad := range []string{"%!", "0xc", "&{", "map["} {
			if strings.Count(msg, bad) > strings.Count(typed, bad) {
				t.Fatalf("%s %q: message %q holds %q", name, args, msg, bad)
			}
		}
	})
}

// TestFuzzCommandsListed: the fuzz target covers every command it names.
func TestFuzzCommandsListed(t *testing.T) {
	if len(fuzzCommandNames) != len(fuzzCommands) {
		t.Fatalf("%d names for %d commands", len(fuzzCommandNames), len(fuzzCommands))
	}
	for _, n := range fuzzCommandNames {
		if fuzzCommands[n] == nil || commands[n] == nil {
			t.Errorf("%s is not a fuzzed command", n)
		}
	}
}
