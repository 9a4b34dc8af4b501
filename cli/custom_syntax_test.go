package cli

import (
	"bytes"
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
