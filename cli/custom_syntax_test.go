package cli

import (
	"bytes"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/tracelab/tracelab/sim"
)

func init() {
	sim.Register("test-syntax", func(param string) (sim.Factory, error) {
		return func() sim.Scheduler { return &sim.EASY{} }, nil
	})
	SchedulerSyntax("test-syntax", "test-syntax[:X]")
}

// TestSchedulerSyntax: a program's own family with a parameter is shown
// with its syntax among the choices of the usage lines; a name that is not
// registered, or a syntax of another name, is a programmer error.
func TestSchedulerSyntax(t *testing.T) {
	var out, errb bytes.Buffer
	if err := Run([]string{"help", "simulate"}, &out, &errb); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "|test-syntax[:X]|") {
		t.Errorf("usage lacks test-syntax[:X]:\n%s", out.String())
	}
	for _, c := range [][2]string{{"no-such-scheduler", "no-such-scheduler[:X]"}, {"test-syntax", "other[:X]"}} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("SchedulerSyntax(%q, %q) did not panic", c[0], c[1])
				}
			}()
			SchedulerSyntax(c[0], c[1])
		}()
	}
}

// TestSchedulerChoicesInHelp: every command that takes a scheduler lists
// the same choices, every registered name (this test binary's own
// included, test-syntax[:X] with its syntax) in the same order, both in
// its usage line and in the help of each flag that names one (the flags
// namedFlags calls "a scheduler": --scheduler, resample's --simulate);
// and the commands that take one are exactly the five that simulate by
// name, so that a command gaining such a flag is looked at here.
func TestSchedulerChoicesInHelp(t *testing.T) {
	choices := schedulerChoices()
	for _, n := range []string{"easy", "test-leak", "test-hostile", "test-greedy-fit", "test-syntax[:X]"} {
		if !strings.Contains("|"+choices+"|", "|"+n+"|") {
			t.Fatalf("schedulerChoices() = %q lacks %s", choices, n)
		}
	}
	var takers []string
	for _, name := range slices.Sorted(maps.Keys(commands)) {
		out, _, err := runCLI(t, "help", name)
		if err != nil {
			t.Fatalf("help %s: %v", name, err)
		}
		usage, flags, _ := strings.Cut(out, "\nflags:\n")
		var named []string
		for f, what := range namedFlags {
			if what != "a scheduler" {
				continue
			}
			// "  -simulate string\n    \thelp\n    \tmore\n  -next ..."
			_, text, ok := strings.Cut(flags, "\n  -"+f+" ")
			if !strings.HasPrefix(flags, "  -"+f+" ") && !ok {
				continue
			}
			if i := strings.Index(text, "\n  -"); i >= 0 {
				text = text[:i]
			}
			named = append(named, f)
			if !strings.Contains(text, "\n    \tone of: "+choices+"\n") {
				t.Errorf("help %s: --%s's help does not list %q:\n%s", name, f, choices, text)
			}
			if !strings.Contains(usage, "--"+f+" "+choices) && !strings.Contains(usage, "(each "+choices+")") {
				t.Errorf("help %s: the usage does not list --%s's choices %q:\n%s", name, f, choices, usage)
			}
		}
		if len(named) > 0 {
			takers = append(takers, name)
		}
	}
	if want := []string{"compare", "feedback", "resample", "simulate", "sweep"}; !slices.Equal(takers, want) {
		t.Errorf("commands with a scheduler flag: %v, want %v", takers, want)
	}
}
