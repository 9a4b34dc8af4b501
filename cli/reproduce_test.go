package cli

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tracelab/tracelab/repro"
	"github.com/tracelab/tracelab/repro/ledger"
	"github.com/tracelab/tracelab/repro/study"
)

// demoRepro is a paper whose one measurement is set by the test.
type demoRepro struct {
	key   string
	value float64 // the measured value: 100 agrees with the paper
}

func (d demoRepro) Paper() ledger.Paper {
	return ledger.Paper{Key: d.key, Citation: "A. Author, Demo (2013)", File: d.key + ".txt",
		Notebook: "notebooks/09-" + d.key + ".ipynb",
		Items:    []ledger.Item{{Name: "Table I", Title: "logs", Section: "Table I"}}}
}

func (d demoRepro) Ledger(ctx context.Context) (*ledger.Ledger, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	l := ledger.NewFor(d.Paper())
	l.Check("Table I", "table1/jobs", "jobs of the log", ledger.Near(100, 0), d.value)
	l.Check("Table I", "table1/users", "users of the log", ledger.Near(7, 0), 8)
	return l, nil
}

// withDemoPapers makes reproduce see the papers demo1 and demo2, each
// measuring *value.
func withDemoPapers(t *testing.T, value *float64) {
	saved := reproductions
	t.Cleanup(func() { reproductions = saved })
	reproductions.keys = func() []string { return []string{"demo1", "demo2"} }
	reproductions.new = func(key string, o study.Options) (repro.Reproduction, error) {
		if key != "demo1" && key != "demo2" {
			return nil, errors.New("no paper " + key)
		}
		return demoRepro{key: key, value: *value}, nil
	}
}

// recordDemo stores the ledgers of the demo papers as their notebooks would.
func recordDemo(t *testing.T, dir, mode string, value float64, keys ...string) {
	t.Helper()
	s := ledger.Store{Dir: dir}
	for _, k := range keys {
		l, _ := demoRepro{key: k, value: value}.Ledger(context.Background())
		if err := s.Begin(k, ledger.Run{Mode: mode, Commit: "abc123"}); err != nil {
			t.Fatal(err)
		}
		if err := s.Record(k, l.Entries()); err != nil {
			t.Fatal(err)
		}
	}
}

func TestReproduceComputes(t *testing.T) {
	value := 100.0
	withDemoPapers(t, &value)
	out, errs, err := runCLI(t, "reproduce", "--quick", "--format", "json", "demo2")
	if err != nil {
		t.Fatal(err)
	}
	var es []ledger.Entry
	if err := json.Unmarshal([]byte(out), &es); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if len(es) != 2 || es[0].Paper != "demo2" || es[0].Verdict != ledger.Agrees || es[1].Verdict != ledger.Differs {
		t.Errorf("entries %+v", es)
	}
	if !strings.Contains(errs, "demo2: 2 entries: 1 agree, 1 differ, 0 not comparable (quick mode") {
		t.Errorf("stderr %q", errs)
	}
	md := filepath.Join(t.TempDir(), "REPRODUCTION.md")
	out, _, err = runCLI(t, "reproduce", "-o", md)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "== demo1 (full mode") || !strings.Contains(out, "== demo2 (full mode") {
		t.Errorf("text output:\n%s", out)
	}
	b, err := os.ReadFile(md)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"(full mode", "| [demo1](#demo1) | [09-demo1.ipynb](notebooks/09-demo1.ipynb) | 0 / 1 / 0 | 2 | 1 | 1 | 0 |", "## demo2"} {
		if !strings.Contains(string(b), want) {
			t.Errorf("REPRODUCTION.md lacks %q:\n%s", want, b)
		}
	}
}

// The CI check: a baseline written from a quick-mode run of the notebooks,
// then later runs checked against it, computing nothing.
func TestReproduceBaselineCheck(t *testing.T) {
	value := -1.0 // reproduce --from must not compute: a computed ledger would differ
	withDemoPapers(t, &value)
	dir, base := t.TempDir(), filepath.Join(t.TempDir(), "quick")
	recordDemo(t, dir, "quick", 100, "demo1", "demo2")
	if _, errs, err := runCLI(t, "reproduce", "--from", dir, "--write-baseline", base); err != nil {
		t.Fatal(err)
	} else if !strings.Contains(errs, "demo2.json (2 entries: 1 agree, 1 differ, 0 not comparable, quick mode)") {
		t.Errorf("stderr %q", errs)
	}
	b, err := os.ReadFile(filepath.Join(base, "demo1.json"))
	if err != nil || !strings.Contains(string(b), `"table1/jobs": "agrees"`) {
		t.Fatalf("baseline file: %v\n%s", err, b)
	}

	// Only notebooks of no paper: nothing to do.
	if out, errs, err := runCLI(t, "reproduce", "--from", dir, "notebooks/00-quickstart.ipynb"); err != nil || out != "" || !strings.Contains(errs, "no paper") {
		t.Errorf("reproduce of the quickstart: %q %q %v", out, errs, err)
	}
	// A paper whose notebook records nothing yet is not checked.
	if _, errs, err := runCLI(t, "reproduce", "--from", t.TempDir(), "--check", base); err != nil || !strings.Contains(errs, "not checked (no ledger recorded in") {
		t.Errorf("check of nothing recorded: %v %q", err, errs)
	}
	// Unchanged: the check passes. Notebooks name their papers; the
	// quickstart has none and is skipped.
	_, errs, err := runCLI(t, "reproduce", "--from", dir, "--check", base, "notebooks/00-quickstart.ipynb", "notebooks/09-demo1.ipynb")
	if err != nil {
		t.Fatal(err)
	}
	if errs != "demo1: 1 of 1 entries that agreed in the baseline still agree\n" {
		t.Errorf("check output %q", errs)
	}

	// demo2's jobs no longer agree: the check fails and names the entry.
	recordDemo(t, dir, "quick", 99, "demo2")
	_, errs, err = runCLI(t, "reproduce", "--from", dir, "--check", base)
	if !errors.Is(err, errRegression) || !strings.Contains(err.Error(), "demo2 table1/jobs: agreed, now differs (ours 99, paper 100)") {
		t.Errorf("check of a regression: %v", err)
	}
	if !strings.Contains(errs, "demo2: 0 of 1 entries that agreed") {
		t.Errorf("check output %q", errs)
	}

	// A full-mode run is not checked against a quick baseline.
	recordDemo(t, dir, "full", 100, "demo1")
	if _, _, err := runCLI(t, "reproduce", "--from", dir, "--check", base, "demo1"); err == nil || !strings.Contains(err.Error(), "quick mode; the ledger is of demo1 in full mode") {
		t.Errorf("mode mismatch: %v", err)
	}
	// Mixed modes make no report.
	if _, _, err := runCLI(t, "reproduce", "--from", dir, "-o", filepath.Join(t.TempDir(), "R.md")); err == nil || !strings.Contains(err.Error(), "different modes") {
		t.Errorf("report of mixed modes: %v", err)
	}
	// No baseline yet: the error says how to write one.
	os.Remove(filepath.Join(base, "demo1.json"))
	if _, _, err := runCLI(t, "reproduce", "--from", dir, "--check", base, "demo1"); err == nil || !strings.Contains(err.Error(), "--write-baseline") {
		t.Errorf("missing baseline: %v", err)
	}
}

func TestReproduceErrors(t *testing.T) {
	value := 100.0
	withDemoPapers(t, &value)
	empty := t.TempDir()
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"nosuch"}, `no paper "nosuch"`},
		{[]string{"--format", "xml"}, "--format"},
		{[]string{"--from", empty, "--quick"}, "nothing is computed"},
		{[]string{"--from", empty}, "no ledger recorded in " + empty + " for demo1, demo2"},
		{[]string{"--from", empty, "--check", empty, "-o", filepath.Join(empty, "R.md")}, "no ledger recorded"},
		{[]string{"--from", filepath.Join(empty, "missing")}, "not a folder"},
		{[]string{"--workers", "-1"}, "--workers"},
	} {
		_, _, err := runCLI(t, append([]string{"reproduce"}, tc.args...)...)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("reproduce %s: error %v, want %q", strings.Join(tc.args, " "), err, tc.want)
		}
	}
}
