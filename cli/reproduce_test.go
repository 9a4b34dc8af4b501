package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/tracelab/tracelab/repro"
	"github.com/tracelab/tracelab/repro/findings"
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
	if !strings.Contains(errs, "demo2: 2 claims: 1 agree (1 untested), 1 differ (1 unexplained), 0 not comparable (quick mode") {
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
	for _, want := range []string{"(full mode", "| [demo1](#demo1) | [09-demo1.ipynb](notebooks/09-demo1.ipynb) | 0 / 0 / 1 / 0 / 0 / 0 / 0 / 0 | 2 | 0 | 0 | 1 | 0 | 0 (0) | 1 | 100% (1 of 1); 100% (1) without | 0 | 0 (0 fail) | 0 |", "## demo2"} {
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
	} else if !strings.Contains(errs, "demo2.json (2 claims: 1 agree (1 untested), 1 differ (1 unexplained), 0 not comparable; quick mode, commit abc123)") {
		t.Errorf("stderr %q", errs)
	}
	b, err := os.ReadFile(filepath.Join(base, "demo1.json"))
	if err != nil || !strings.Contains(string(b), `"id": "table1/jobs"`) || !strings.Contains(string(b), `"code_hash": "sha256:`) {
		t.Fatalf("baseline file: %v\n%s", err, b)
	}
	// The saved ledgers are readable by --from.
	if out, _, err := runCLI(t, "reproduce", "--from", base, "demo1"); err != nil || !strings.Contains(out, "== demo1 (quick mode, commit abc123)") {
		t.Errorf("reproduce --from the saved ledgers: %v\n%s", err, out)
	}

	quickstart := filepath.Join(t.TempDir(), "00-quickstart.ipynb")
	if err := os.WriteFile(quickstart, []byte("{}"), 0o644); err != nil {
		t.Fatal(err)
	}
	// Only notebooks of no paper: nothing to check is an error.
	if _, _, err := runCLI(t, "reproduce", "--from", dir, "--check", base, quickstart); err == nil || !strings.Contains(err.Error(), "no paper among") {
		t.Errorf("check of the quickstart only: %v", err)
	}
	// A notebook that does not exist is an error, not skipped.
	if _, _, err := runCLI(t, "reproduce", "--from", dir, "--check", base, "notebooks/09-demo3.ipynb"); err == nil || !strings.Contains(err.Error(), "neither a paper's notebook") {
		t.Errorf("check of a mistyped notebook: %v", err)
	}
	// Nothing recorded: not checked, and a check of nothing fails.
	if _, errs, err := runCLI(t, "reproduce", "--from", t.TempDir(), "--check", base); err == nil || !strings.Contains(errs, "not checked (no ledger recorded in") ||
		!strings.Contains(err.Error(), "nothing was checked") {
		t.Errorf("check of nothing recorded: %v %q", err, errs)
	}
	// Unchanged: the check passes. Notebooks name their papers; the
	// quickstart has none and is skipped.
	_, errs, err := runCLI(t, "reproduce", "--from", dir, "--check", base, quickstart, "notebooks/09-demo1.ipynb")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasSuffix(errs, "demo1: 2 saved entries compared, 0 changed\n") || !strings.Contains(errs, "skipped: "+quickstart) {
		t.Errorf("check output %q", errs)
	}

	// demo2's jobs no longer agree: the check fails and names the entry.
	recordDemo(t, dir, "quick", 99, "demo2")
	_, errs, err = runCLI(t, "reproduce", "--from", dir, "--check", base)
	if !errors.Is(err, errChanged) || !strings.Contains(err.Error(), "demo2 table1/jobs: agrees, now differs (ours 99, was 100; paper 100); value 100, now 99: moved 1, beyond its tolerance 0") {
		t.Errorf("check of a change: %v", err)
	}
	if !strings.Contains(errs, "demo2: 2 saved entries compared, 1 changed") {
		t.Errorf("check output %q", errs)
	}
	// An improvement fails too: it is recorded by saving the baseline again.
	worse := t.TempDir()
	recordDemo(t, worse, "quick", 99, "demo2")
	if _, _, err := runCLI(t, "reproduce", "--from", worse, "--write-baseline", base, "demo2"); err != nil {
		t.Fatal(err)
	}
	recordDemo(t, dir, "quick", 100, "demo2")
	if _, _, err = runCLI(t, "reproduce", "--from", dir, "--check", base, "demo2"); !errors.Is(err, errChanged) || !strings.Contains(err.Error(), "differs, now agrees") {
		t.Errorf("check of an improvement: %v", err)
	}

	// A full-mode run is not checked against a quick baseline.
	recordDemo(t, dir, "full", 100, "demo1")
	if _, _, err := runCLI(t, "reproduce", "--from", dir, "--check", base, "demo1"); err == nil || !strings.Contains(err.Error(), "is of quick mode; the ledger is of full mode") {
		t.Errorf("mode mismatch: %v", err)
	}
	// Mixed modes make no report.
	if _, _, err := runCLI(t, "reproduce", "--from", dir, "-o", filepath.Join(t.TempDir(), "R.md")); err == nil || !strings.Contains(err.Error(), "different modes") {
		t.Errorf("report of mixed modes: %v", err)
	}
	// No baseline yet: the error says how to write one.
	os.Remove(filepath.Join(base, "demo1.json"))
	if _, _, err := runCLI(t, "reproduce", "--from", dir, "--check", base, "demo1"); err == nil || !strings.Contains(err.Error(), "--quick --write-baseline") {
		t.Errorf("missing baseline: %v", err)
	}
}

// Full-mode ledgers are saved from one commit of a clean checkout.
func TestReproduceSaveOneCommit(t *testing.T) {
	value := -1.0
	withDemoPapers(t, &value)
	dir, saved := t.TempDir(), t.TempDir()
	s := ledger.Store{Dir: dir}
	record := func(k, commit string) {
		l, _ := demoRepro{key: k, value: 100}.Ledger(context.Background())
		if err := s.Begin(k, ledger.Run{Mode: "full", Commit: commit}); err != nil {
			t.Fatal(err)
		}
		if err := s.Record(k, l.Entries()); err != nil {
			t.Fatal(err)
		}
	}
	record("demo1", "abc")
	record("demo2", "def")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--save", saved}, "different commits"},
		{[]string{"-o", filepath.Join(saved, "R.md")}, "different commits"},
		{[]string{"--write-baseline", saved, "demo1"}, "baselines are quick mode"},
	} {
		if _, _, err := runCLI(t, append([]string{"reproduce", "--from", dir}, tc.args...)...); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("reproduce %v: %v, want %q", tc.args, err, tc.want)
		}
	}
	// A subset at one commit is saved; the other paper at another commit
	// then refuses to join the folder.
	if _, _, err := runCLI(t, "reproduce", "--from", dir, "--save", saved, "demo1"); err != nil {
		t.Fatal(err)
	}
	if _, _, err := runCLI(t, "reproduce", "--from", dir, "--save", saved, "demo2"); err == nil || !strings.Contains(err.Error(), "demo1 (commit abc)") {
		t.Errorf("a subset at another commit: %v", err)
	}
	record("demo2", "abc")
	if _, _, err := runCLI(t, "reproduce", "--from", dir, "--save", saved, "demo2"); err != nil {
		t.Errorf("a subset at the same commit: %v", err)
	}
	record("demo1", "abc-dirty")
	record("demo2", "abc-dirty")
	if _, _, err := runCLI(t, "reproduce", "--from", dir, "--save", t.TempDir()); err == nil || !strings.Contains(err.Error(), "--allow-dirty") {
		t.Errorf("a dirty checkout: %v", err)
	}
	if _, _, err := runCLI(t, "reproduce", "--from", dir, "--save", t.TempDir(), "--allow-dirty"); err != nil {
		t.Errorf("a dirty checkout, allowed: %v", err)
	}

	// The report of the saved ledgers is the report of the records they
	// were saved from (what repro's TestReportFromCommittedLedgers relies on).
	record("demo1", "abc")
	record("demo2", "abc")
	again, md1, md2 := t.TempDir(), filepath.Join(t.TempDir(), "R1.md"), filepath.Join(t.TempDir(), "R2.md")
	if _, _, err := runCLI(t, "reproduce", "--from", dir, "-o", md1, "--save", again); err != nil {
		t.Fatal(err)
	}
	if _, _, err := runCLI(t, "reproduce", "--from", again, "-o", md2); err != nil {
		t.Fatal(err)
	}
	a, _ := os.ReadFile(md1)
	b, _ := os.ReadFile(md2)
	if len(a) == 0 || !bytes.Equal(a, b) {
		t.Errorf("report of the records and of the saved ledgers differ:\n%s\n----\n%s", a, b)
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
		{[]string{"--check", empty, "demo"}, `no paper "demo"`},
		{[]string{"--format", "xml"}, "--format"},
		{[]string{"--from", empty, "--quick"}, "nothing is computed"},
		{[]string{"--from", empty}, "no ledger recorded in " + empty + " for demo1, demo2"},
		{[]string{"--from", empty, "--check", empty, "-o", filepath.Join(empty, "R.md")}, "no ledger recorded"},
		{[]string{"--from", filepath.Join(empty, "missing")}, "not a folder"},
		{[]string{"--workers", "-1"}, "--workers"},
		{[]string{"--save", empty, "--write-baseline", empty}, "give one"},
	} {
		_, _, err := runCLI(t, append([]string{"reproduce"}, tc.args...)...)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("reproduce %s: error %v, want %q", strings.Join(tc.args, " "), err, tc.want)
		}
	}
}

// TestReproduceFindings: the findings' matrix stored with the records
// (tracelab findings --save DIR/findings.json) is the report's last
// section, saved with the ledgers when it is of this tree's code, and the
// report of the saved folder is the same file.
func TestReproduceFindings(t *testing.T) {
	value := 100.0
	withDemoPapers(t, &value)
	dir := t.TempDir()
	recordDemo(t, dir, "full", value, "demo1", "demo2")
	paths := findingLogFiles(t)[:1]
	if _, stderr, err := runCLI(t, "findings", paths[0], "--finding", "daily-cycle", "--no-cache", "--quiet", "--quick",
		"--save", filepath.Join(dir, findings.StoredFile)); err != nil {
		t.Fatalf("%v\n%s", err, stderr)
	}
	saved, md1, md2 := t.TempDir(), filepath.Join(t.TempDir(), "R1.md"), filepath.Join(t.TempDir(), "R2.md")
	if _, _, err := runCLI(t, "reproduce", "--from", dir, "-o", md1); err == nil || !strings.Contains(err.Error(), "of quick mode, the ledgers of full mode") {
		t.Errorf("findings of another mode than the ledgers: %v", err)
	}
	if _, stderr, err := runCLI(t, "findings", paths[0], "--finding", "daily-cycle", "--no-cache", "--quiet",
		"--save", filepath.Join(dir, findings.StoredFile)); err != nil {
		t.Fatalf("%v\n%s", err, stderr)
	}
	// The stored matrix is of full mode (no --quick) like the records.
	if _, stderr, err := runCLI(t, "reproduce", "--from", dir, "-o", md1, "--save", saved); err != nil {
		t.Fatalf("%v\n%s", err, stderr)
	}
	if _, err := os.Stat(filepath.Join(saved, findings.StoredFile)); err != nil {
		t.Fatalf("the findings were not saved with the ledgers: %v", err)
	}
	if _, _, err := runCLI(t, "reproduce", "--from", saved, "-o", md2); err != nil {
		t.Fatal(err)
	}
	a, _ := os.ReadFile(md1)
	b, _ := os.ReadFile(md2)
	if !bytes.Contains(a, []byte("## Do the findings generalise?")) || !bytes.Contains(a, []byte("| daily-cycle |")) || !bytes.Equal(a, b) {
		t.Errorf("reports:\n%s\n----\n%s", a, b)
	}
}

// TestReproduceOutputsTogether: -o and the saved ledgers are committed
// together. When the second paper's file cannot be replaced (read-only),
// nothing is: before, demo1.json and REPRODUCTION.md were already written,
// a folder of two states that --save otherwise refuses to make.
func TestReproduceOutputsTogether(t *testing.T) {
	value := -1.0 // nothing is computed
	withDemoPapers(t, &value)
	dir, base := t.TempDir(), t.TempDir()
	recordDemo(t, dir, "quick", 100, "demo1", "demo2")
	locked := filepath.Join(base, "demo2.json")
	if err := os.WriteFile(locked, []byte("old"), 0o444); err != nil {
		t.Fatal(err)
	}
	md := filepath.Join(base, "REPRODUCTION.md")
	_, errs, err := runCLI(t, "reproduce", "--from", dir, "--write-baseline", base, "-o", md)
	wantError(t, err, "read-only file")
	if b, _ := os.ReadFile(locked); string(b) != "old" {
		t.Error("the read-only file was replaced")
	}
	for _, p := range []string{md, filepath.Join(base, "demo1.json")} {
		if _, err := os.Stat(p); err == nil {
			t.Errorf("%s was written", p)
		}
	}
	if es, _ := os.ReadDir(base); len(es) != 1 || strings.Contains(errs, "wrote ") {
		t.Errorf("%d files left in the folder; stderr %q", len(es), errs)
	}
}

// TestReproduceFoldersCheckedFirst: a --save or --write-baseline that is
// not a folder (nor can be made one), and a --from or --check that is a
// file, fail before any ledger is computed: --save /dev/null failed at its
// mkdir once the ledgers were made (18 minutes in full mode).
func TestReproduceFoldersCheckedFirst(t *testing.T) {
	value := 100.0
	withDemoPapers(t, &value)
	dir := t.TempDir()
	file := filepath.Join(dir, "f.txt")
	if err := os.WriteFile(file, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--quick", "--save", os.DevNull}, "--save /dev/null: /dev/null is not a folder"},
		{[]string{"--quick", "--write-baseline", filepath.Join(file, "sub")}, "--write-baseline " + filepath.Join(file, "sub") + ": " + file + " is not a folder"},
		{[]string{"--quick", "--check", file}, "--check " + file + ": not a folder"},
		{[]string{"--from", file}, "--from " + file + ": not a folder"},
	} {
		_, stderr, err := runCLI(t, append([]string{"reproduce"}, tc.args...)...)
		if err == nil || !errors.Is(err, errUsage) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: error %v, want a usage error containing %q", tc.args, err, tc.want)
		}
		if strings.Contains(stderr, "claims") {
			t.Errorf("%q: ledgers were computed first:\n%s", tc.args, stderr)
		}
	}
}

// TestReproduceOutputsCheckedFirst: the files of --save are checked before
// any ledger is computed (a block device there failed only at the write,
// once the ledgers were made: 18 minutes in full mode; a named pipe there
// waited for a reader), and no output may
// be a ledger read: -o REPORT.md, a link to a --from ledger, replaced that
// ledger with the report. The same ledger saved over the file it was read
// from is allowed.
func TestReproduceOutputsCheckedFirst(t *testing.T) {
	value := 100.0
	withDemoPapers(t, &value)
	from := t.TempDir()
	recordDemo(t, from, "quick", 100, "demo1", "demo2")
	if _, _, err := runCLI(t, "reproduce", "--from", from, "--write-baseline", from); err != nil {
		t.Fatal(err) // notebook records saved as ledgers beside them
	}
	was, _ := os.ReadFile(filepath.Join(from, "demo1.json"))
	if _, _, err := runCLI(t, "reproduce", "--from", from, "--write-baseline", from); err != nil {
		t.Errorf("the same ledgers saved over themselves: %v", err)
	}
	link := filepath.Join(t.TempDir(), "REPORT.md")
	if err := os.Symlink(filepath.Join(from, "demo1.json"), link); err != nil {
		t.Fatal(err)
	}
	other := t.TempDir()
	if err := os.Symlink(filepath.Join(from, "demo2.json"), filepath.Join(other, "demo1.json")); err != nil {
		t.Fatal(err)
	}
	pipes := t.TempDir()
	if err := syscall.Mkfifo(filepath.Join(pipes, "demo1.json"), 0o600); err != nil {
		t.Fatal(err)
	}
	disk := t.TempDir()
	blk := filepath.Join(disk, "demo2.json")
	if err := syscall.Mknod(blk, syscall.S_IFBLK|0o600, 240<<8); err != nil {
		blk = ""
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--from", from, "-o", link}, "-o " + link + " would overwrite the input " + filepath.Join(from, "demo1.json")},
		{[]string{"--from", from, "--save", other}, "--save " + filepath.Join(other, "demo1.json") + " would overwrite the input " + filepath.Join(from, "demo2.json")},
		{[]string{"--quick", "--check", from, "-o", link}, "would overwrite the input"},
		{[]string{"--quick", "--save", disk}, "--save " + disk + ": write " + blk + ": a block device"},
		// A named pipe in the folder waited for a reader once the
		// ledgers were made.
		{[]string{"--quick", "--save", pipes}, "--save " + pipes + ": " + filepath.Join(pipes, "demo1.json") + " is a named pipe (FIFO), not a regular file"},
	} {
		if blk == "" && strings.Contains(tc.want, "block device") {
			continue // no device nodes here
		}
		_, stderr, err := runCLI(t, append([]string{"reproduce"}, tc.args...)...)
		if err == nil || !errors.Is(err, errUsage) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: error %v, want a usage error containing %q", tc.args, err, tc.want)
		}
		if strings.Contains(stderr, "claims") {
			t.Errorf("%q: ledgers were computed first:\n%s", tc.args, stderr)
		}
	}
	if b, _ := os.ReadFile(filepath.Join(from, "demo1.json")); string(b) != string(was) {
		t.Error("a ledger read was changed")
	}
}
