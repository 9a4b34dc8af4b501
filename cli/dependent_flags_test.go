package cli

import (
	"errors"
	"strings"
	"testing"
)

// TestFlagThatWouldBeIgnored: a flag that only qualifies another (the
// width of --bins-out's bins) given without it, or one that the mode
// given does not use (--rows with --summary), is a usage error naming
// both, never ignored. Before, "simulate --bin week" printed the summary,
// which has no bins, and "sessions --summary --rows edges" the summary,
// each exiting 0. Their siblings already refused: --rb-npw without --rb,
// --mix-weights without --mix, --cycle without --model distribution,
// --window outside the window experiment.
func TestFlagThatWouldBeIgnored(t *testing.T) {
	t.Parallel()
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"simulate", "--bin", "week"}, "--bin needs --bins-out FILE"},
		{[]string{"simulate", "--bin", "day"}, "--bin needs --bins-out FILE"}, // the default, given
		{[]string{"sessions", "--summary", "--rows", "edges"}, "--summary and --rows exclude each other"},
		{[]string{"sessions", "--rows", "sessions", "--summary"}, "--summary and --rows exclude each other"}, // the default, given
		{[]string{"resample", "--seed", "1", "--weeks", "2", "-o", "x.swf", "--rb-npw", "1"}, "--rb-npw needs at least one --rb"},
		{[]string{"resample", "--seed", "1", "--weeks", "2", "-o", "x.swf", "--mix-procs", "64"}, "--mix-weights and --mix-procs need --mix"},
		{[]string{"feedback", "--cycle", "daily"}, "--cycle applies to --model distribution only"},
		{[]string{"sweep", "--reps", "2", "--window", "1w"}, "--window applies to the window experiment only"},
	}
	for _, tc := range tests {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			t.Parallel()
			stdout, _, err := runCLI(t, tc.args...)
			if err == nil || !errors.Is(err, errUsage) || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want a usage error containing %q", err, tc.want)
			}
			if stdout != "" {
				t.Errorf("stdout %q, want nothing", clipText(stdout))
			}
		})
	}
}
