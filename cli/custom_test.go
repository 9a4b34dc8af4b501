package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/tracelab/tracelab/sim"
)

// greedyFit is a scheduler written outside package sim, as a user would:
// it starts every waiting job that fits, in order of arrival (no
// reservation at all).
type greedyFit struct{}

func (greedyFit) Schedule(e *sim.Engine) {
	for _, j := range e.Waiting() {
		if e.Width(j) <= e.Free() {
			e.Start(j)
		}
	}
}

// Registered as a user's main would, before the command line runs.
func init() { sim.Register("test-greedy-fit", sim.Fixed(func() sim.Scheduler { return greedyFit{} })) }

// A scheduler of one's own runs through simulate, feedback and sweep
// (here and as a Slurm array), reported under its registered name, and
// every usage line that takes a scheduler lists it.
func TestCustomScheduler(t *testing.T) {
	const name = "test-greedy-fit"
	for _, cmd := range []string{"simulate", "feedback", "sweep", "compare"} {
		out, _, err := runCLI(t, "help", cmd)
		if err != nil {
			t.Fatal(err)
		}
		if usage, _, _ := strings.Cut(out, "\n\n"); !strings.Contains(usage, name) {
			t.Errorf("%s usage does not list %s:\n%s", cmd, name, usage)
		}
	}
	var easyWait float64
	for _, s := range []string{"easy", name} {
		out, _, err := runCLI(t, "simulate", "--scheduler", s, "--format", "json")
		if err != nil {
			t.Fatal(err)
		}
		var rec map[string]any
		if err := json.Unmarshal([]byte(out), &rec); err != nil {
			t.Fatal(err)
		}
		if rec["scheduler"] != s || rec["jobs"] != 20631.0 {
			t.Errorf("simulate --scheduler %s: scheduler %v, jobs %v", s, rec["scheduler"], rec["jobs"])
		}
		if s == "easy" {
			easyWait = rec["avg_wait"].(float64)
		} else if rec["avg_wait"].(float64) == easyWait {
			t.Errorf("%s gives EASY's average wait %v: not run?", s, easyWait)
		}
	}
	out, _, err := runCLI(t, "feedback", "--scheduler", name, "--format", "json")
	if err != nil {
		t.Fatal(err)
	}
	var fb map[string]any
	if err := json.Unmarshal([]byte(out), &fb); err != nil {
		t.Fatal(err)
	}
	if fb["scheduler"] != name || fb["jobs"].(float64) < 1 {
		t.Errorf("feedback: scheduler %v, jobs %v", fb["scheduler"], fb["jobs"])
	}
	out, _, err = runCLI(t, "sweep", "--reps", "2", "--scheduler", name, "--format", "json", "--quiet")
	if err != nil {
		t.Fatal(err)
	}
	var rows []map[string]any
	if err := json.Unmarshal([]byte(out), &rows); err != nil || len(rows) != 2 || rows[0]["simulated"].(float64) < 1 {
		t.Errorf("sweep: %v rows, err %v:\n%s", len(rows), err, out)
	}
	out, _, err = runCLI(t, "compare", "--scheduler", "easy", "--scheduler", name, "--variants", "3", "--weeks", "4",
		"--metrics", "avg_wait,wait_p99", "--format", "json")
	if err != nil {
		t.Fatal(err)
	}
	rows = nil
	if err := json.Unmarshal([]byte(out), &rows); err != nil || len(rows) != 4 || rows[2]["scheduler"] != name ||
		rows[2]["metric"] != "avg_wait" || rows[2]["baseline"] != "easy" || rows[2]["variants"] != 3.0 {
		t.Errorf("compare: %v rows, err %v:\n%s", len(rows), err, out)
	}
	// The batch script of a Slurm sweep runs this program (the test binary
	// here) with the same scheduler.
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	o := filepath.Join(t.TempDir(), "r.parquet")
	script, _, err := runCLI(t, "sweep", "--reps", "4", "--scheduler", name, "--slurm", "--dry-run", "--shards", "2", "-o", o)
	if err != nil {
		t.Fatal(err)
	}
	if want := "exec '" + exe + "' 'sweep' '--experiment' 'resample' '--scheduler' '" + name + "'"; !strings.Contains(script, want) {
		t.Errorf("script lacks %q:\n%s", want, script)
	}
}

// "help CMD" prints the usage, the summary and every flag of CMD, for
// every command.
func TestHelpCommand(t *testing.T) {
	for name, c := range commands {
		out, _, err := runCLI(t, "help", name)
		if err != nil {
			t.Errorf("help %s: %v", name, err)
			continue
		}
		if !strings.HasPrefix(out, "usage: tracelab "+name) || !strings.Contains(out, c.summary) {
			t.Errorf("help %s:\n%s", name, out)
		}
		if name != "version" && !strings.Contains(out, "\nflags:\n") {
			t.Errorf("help %s lists no flags:\n%s", name, out)
		}
	}
	if _, _, err := runCLI(t, "help", "nope"); err == nil {
		t.Error("help of an unknown command: no error")
	}
}

// Every frame the command line prints has snake_case column names.
func TestCSVHeadersSnakeCase(t *testing.T) {
	snake := regexp.MustCompile(`^[a-z][a-z0-9_]*(,[a-z][a-z0-9_]*)*$`)
	for _, args := range [][]string{
		{"users"}, {"users", "--summary"}, {"sessions"}, {"stationarity"}, {"check"}, {"catalog"},
		{"simulate"}, {"feedback"}, {"sweep", "--reps", "1", "--quiet"},
	} {
		out, _, err := runCLI(t, append(args, "--format", "csv")...)
		if err != nil {
			t.Fatalf("%v: %v", args, err)
		}
		if header, _, _ := strings.Cut(out, "\n"); !snake.MatchString(header) {
			t.Errorf("%v: header %q is not snake_case", args, header)
		}
	}
}
