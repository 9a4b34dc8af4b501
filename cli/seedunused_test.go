package cli

import (
	"strings"
	"testing"
)

// TestSeedWithoutItsRandomStep: a seed flag given while the random
// procedure it seeds does not run changes nothing (the outputs with
// --seed 1 and --seed 2 were compared byte for byte on the sample, session
// 26); the command then warns on stderr and still succeeds (scripts pass
// --seed everywhere). With the procedure, or without the flag, no warning.
func TestSeedWithoutItsRandomStep(t *testing.T) {
	t.Parallel()
	const warn = "warning: --"
	for _, tc := range []struct {
		args []string
		want string // "" no warning
	}{
		{[]string{"hurst", "--seed", "3"}, "hurst: warning: --seed changes nothing without --debias"},
		{[]string{"hurst", "--seed", "3", "--debias", "2"}, ""},
		{[]string{"hurst"}, ""},
		{[]string{"similarity", "--seed", "3"}, "similarity: warning: --seed changes nothing without --bootstrap"},
		{[]string{"similarity", "--seed", "3", "--bootstrap", "0"}, "similarity: warning: --seed changes nothing without --bootstrap"},
		{[]string{"similarity", "--seed", "3", "--bootstrap", "2"}, ""},
		{[]string{"compare", "--scheduler", "fcfs", "--variants", "2", "--bootstrap-seed", "3"}, "compare: warning: --bootstrap-seed changes nothing without --bootstrap"},
		{[]string{"compare", "--scheduler", "fcfs", "--variants", "2", "--bootstrap-seed", "3", "--bootstrap", "20"}, ""},
		{[]string{"compare", "--scheduler", "fcfs", "--variants", "2", "--seed", "3"}, ""},
		{[]string{"feedback", "--model", "adjusted", "--seed", "3"}, "feedback: warning: --seed changes nothing with --model adjusted and no --resample"},
		{[]string{"feedback", "--seed", "3"}, "feedback: warning: --seed changes nothing with --model adjusted"}, // adjusted is the default
		{[]string{"feedback", "--model", "adjusted", "--seed", "3", "--resample", "--weeks", "2"}, ""},
		{[]string{"feedback", "--model", "distribution", "--seed", "3"}, ""},
		{[]string{"feedback", "--model", "fluid", "--seed", "3"}, ""},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			t.Parallel()
			_, stderr, err := runCLI(t, tc.args...)
			if err != nil {
				t.Fatalf("error %v (a warning, never an error)\n%s", err, stderr)
			}
			switch {
			case tc.want == "" && strings.Contains(stderr, warn):
				t.Errorf("a warning without cause:\n%s", stderr)
			case tc.want != "" && !strings.Contains(stderr, tc.want):
				t.Errorf("stderr lacks %q:\n%s", tc.want, stderr)
			}
		})
	}
}
