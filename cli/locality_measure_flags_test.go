package cli

import (
	"errors"
	"flag"
	"io"
	"slices"
	"strings"
	"testing"
)

// TestLocalityFlagOfAnotherMeasure: the locality measures share one flag
// set; each flag given to a measure that does not use it is a usage error
// naming the measures that do, and each flag a measure uses parses (with
// --format, every measure's). Before, "locality stack --fractions 0.5" and
// "locality runs --attr procs" printed the measure without the flag and
// exited 0. Every flag of the set needs a value here, so a new flag fails
// this test until it is placed in localityFlags.
func TestLocalityFlagOfAnotherMeasure(t *testing.T) {
	t.Parallel()
	values := map[string][]string{ // the flag given, as typed
		"format": {"--format", "json"}, "attr": {"--attr", "procs"}, "rows": {"--rows"},
		"tolerance": {"--tolerance", "0.1"}, "exact": {"--exact"}, "update": {"--update"}, "top-depth": {"--top-depth", "1"},
		"bins": {"--bins", "8"}, "min-jobs": {"--min-jobs", "2"},
		"days": {"--days", "2"}, "shift": {"--shift", "1"}, "ranges": {"--ranges", "12"}, "reps": {"--reps", "10"},
		"seed": {"--seed", "3"}, "ties": {"--ties", "lower"}, "align": {"--align", "first_job"}, "min-expected": {"--min-expected", "3"},
		"key":       {"--key", "app"},
		"fractions": {"--fractions", "0.5"}, "windows": {"--windows", "7"}, "manip-reps": {"--manip-reps", "2"},
	}
	e := &env{stdout: io.Discard, stderr: io.Discard}
	if _, err := parseLocality(e, []string{"stack", "-h"}); !errors.Is(err, flag.ErrHelp) {
		t.Fatalf("locality stack -h: %v", err)
	}
	var names []string
	e.flags.VisitAll(func(f *flag.Flag) { names = append(names, f.Name) })
	for _, name := range names {
		if values[name] == nil {
			t.Fatalf("flag %s: no value in this test (and is it in localityFlags?)", flagName(name))
		}
		for _, m := range localityMeasures {
			args := append([]string{m}, values[name]...)
			t.Run(strings.Join(args, " "), func(t *testing.T) {
				_, err := parseLocality(&env{stdout: io.Discard, stderr: io.Discard}, args)
				if name == "format" || slices.Contains(localityFlags[m], name) {
					if err != nil {
						t.Fatalf("a flag of locality %s refused: %v", m, err)
					}
					return
				}
				want := flagName(name) + " is not a flag of locality " + m + " (it is one of locality "
				if err == nil || !errors.Is(err, errUsage) || !strings.Contains(err.Error(), want) {
					t.Fatalf("error %v, want a usage error containing %q", err, want)
				}
			})
		}
	}
	// Through the command line, with the flag before the measure.
	_, _, err := runCLI(t, "locality", "--fractions", "0.5", "stack")
	wantError(t, err, "--fractions is not a flag of locality stack (it is one of locality manipulate)\nusage: tracelab locality")
	_, _, err = runCLI(t, "locality", "runs", "--attr", "procs")
	wantError(t, err, "--attr is not a flag of locality runs (it is one of locality stack, bins, sampling, manipulate)")
}
