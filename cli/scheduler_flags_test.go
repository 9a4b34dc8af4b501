package cli

import (
	"maps"
	"slices"
	"strings"
	"testing"
)

// customCovered are the flags naming a scheduler that customCommands
// (TestCustomSchedulerCommands) runs with a researcher's registered
// scheduler, as "command --flag". The Slurm arrays (sweep --slurm) are
// TestCustomSchedulerSlurm's; the Go API's entry points are each
// package's TestCustomScheduler* (sim, sim/feedback, sim/resample,
// sim/sweep, sim/compare, sim/shake, sim/batsim).
var customCovered = []string{
	"compare --scheduler",
	"feedback --scheduler",
	"resample --simulate",
	"simulate --scheduler",
	"sweep --scheduler",
}

// TestSchedulerFlagsAudited: every flag of every command whose help lists
// the scheduler choices (schedulerHelp), or whose value namedFlags calls
// "a scheduler" (--scheduler, --simulate), is one that customCommands runs
// with a registered user scheduler, and each lists the schedulers the
// test binary registered (test-wrapped-easy, test-fcfs), so a command that
// gains a scheduler flag fails here until the audit runs it. Read from
// "help COMMAND", which prints every flag of the command.
func TestSchedulerFlagsAudited(t *testing.T) {
	t.Parallel()
	choices := "one of: " + schedulerChoices()
	for _, n := range []string{"test-wrapped-easy", "test-fcfs"} {
		if !strings.Contains(choices, n) {
			t.Errorf("the scheduler choices lack the registered %s: %s", n, choices)
		}
	}
	var found []string
	for _, name := range slices.Sorted(maps.Keys(commands)) {
		out, _, err := runCLI(t, "help", name)
		if err != nil {
			t.Fatalf("help %s: %v", name, err)
		}
		_, flags, _ := strings.Cut(out, "\nflags:\n")
		flag := ""
		for _, line := range strings.Split(flags, "\n") {
			if f, ok := strings.CutPrefix(line, "  -"); ok {
				flag, _, _ = strings.Cut(f, " ")
				if namedFlags[flag] == "a scheduler" {
					found = append(found, name+" --"+flag)
				}
				continue
			}
			if strings.Contains(line, choices) && !slices.Contains(found, name+" --"+flag) {
				found = append(found, name+" --"+flag)
			}
		}
	}
	if !slices.Equal(found, customCovered) {
		t.Errorf("flags naming a scheduler: %q\nrun with a user scheduler (customCommands): %q\n"+
			"add the new ones to customCommands and customCovered", found, customCovered)
	}
}
