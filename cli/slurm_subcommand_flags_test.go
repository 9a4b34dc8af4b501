package cli

import (
	"errors"
	"flag"
	"io"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestSlurmFlagOfAnotherSubcommand: the slurm sub-commands share one flag
// set; each flag given to a sub-command that does not use it is a usage
// error naming the sub-commands that do, and each flag a sub-command uses
// parses. Before, "slurm status DIR -o x.parquet" and "slurm cancel DIR
// --allow-partial" ignored the flag and exited 0. Every flag of the set
// needs a value here, so a new flag fails this test until it is placed in
// slurmSubcommandFlags.
func TestSlurmFlagOfAnotherSubcommand(t *testing.T) {
	t.Parallel()
	values := map[string][]string{ // the flag given, as typed
		"format":        {"--format", "json"},
		"o":             {"-o", filepath.Join(t.TempDir(), "merged.parquet")},
		"allow-partial": {"--allow-partial"},
		"poll":          {"--poll", "2s"},
		"no-wait":       {"--no-wait"},
	}
	e := &env{stdout: io.Discard, stderr: io.Discard}
	if _, err := parseSlurm(e, []string{"status", "-h"}); !errors.Is(err, flag.ErrHelp) {
		t.Fatalf("slurm status -h: %v", err)
	}
	var names []string
	e.flags.VisitAll(func(f *flag.Flag) { names = append(names, f.Name) })
	for _, name := range names {
		if values[name] == nil {
			t.Fatalf("flag %s: no value in this test (and is it in slurmSubcommandFlags?)", flagName(name))
		}
		for _, sub := range slurmSubcommands {
			args := append([]string{sub, "DIR"}, values[name]...)
			t.Run(strings.Join(args, " "), func(t *testing.T) {
				_, err := parseSlurm(&env{stdout: io.Discard, stderr: io.Discard}, args)
				if slices.Contains(slurmSubcommandFlags[sub], name) {
					if err != nil {
						t.Fatalf("a flag of slurm %s refused: %v", sub, err)
					}
					return
				}
				want := flagName(name) + " is not a flag of slurm " + sub + " (it is one of slurm "
				if err == nil || !errors.Is(err, errUsage) || !strings.Contains(err.Error(), want) {
					t.Fatalf("error %v, want a usage error containing %q", err, want)
				}
			})
		}
	}
	// Through the command line: the usage follows, nothing is read (DIR
	// does not exist: the flag is refused first).
	_, _, err := runCLI(t, "slurm", "status", filepath.Join(t.TempDir(), "none"), "-o", "x.parquet")
	wantError(t, err, "-o is not a flag of slurm status (it is one of slurm wait and resubmit)\nusage: tracelab slurm status DIR")
}
