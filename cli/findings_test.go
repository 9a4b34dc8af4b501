package cli

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/repro/findings"
	"github.com/tracelab/tracelab/slurm"
)

// findingLogFiles writes three logs cut from the embedded sample (its
// first, second and last thirds) and returns their paths.
func findingLogFiles(t *testing.T) []string {
	t.Helper()
	dir := t.TempDir()
	s := datasets.Sample()
	n := s.Len()
	var paths []string
	for k, name := range []string{"first-2001-1.swf", "second-2001-1.swf.gz", "third-2001-1.swf"} {
		lo, hi := k*n/3, (k+1)*n/3
		part, _ := s.Filter(func(i int) bool { return i >= lo && i < hi })
		p := filepath.Join(dir, name)
		if err := datasets.WriteSWFFile(p, part); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
	}
	return paths
}

// findingsSubset are cheap findings of every kind (users, estimates,
// locality, a simulation) for the command's tests.
const findingsSubset = "similarity-runtime,estimates-round,daily-cycle,stack-depth-locality,feedback-bounds-fcfs"

func TestFindingsList(t *testing.T) {
	out, _, err := runCLI(t, "findings", "list", "--format", "json")
	if err != nil {
		t.Fatal(err)
	}
	var rows []map[string]any
	if err := json.Unmarshal([]byte(out), &rows); err != nil || len(rows) != len(findings.All()) {
		t.Fatalf("%v: %d rows", err, len(rows))
	}
	for _, k := range []string{"finding", "paper", "section", "claim", "statistic", "rule", "needs"} {
		if rows[0][k] == "" || rows[0][k] == nil {
			t.Errorf("list: no %s in %v", k, rows[0])
		}
	}
}

// TestFindingsCommand: the matrix of the logs named, printed with its
// sentences, written as a frame, saved and drawn; then read from the
// cache; and measured shard by shard into the same results.
func TestFindingsCommand(t *testing.T) {
	paths := findingLogFiles(t)
	dir := t.TempDir()
	cache := filepath.Join(dir, "cache")
	args := append([]string{"findings"}, paths...)
	args = append(args, "--quick", "--finding", findingsSubset, "--cache", cache)
	out, stderr, err := runCLI(t, append(args, "-o", filepath.Join(dir, "m.csv"), "--save", filepath.Join(dir, "m.json"),
		"--figure", filepath.Join(dir, "m.png"))...)
	if err != nil {
		t.Fatalf("%v\n%s", err, stderr)
	}
	for _, want := range []string{"first-2001", "second-2001", "third-2001", "stack-depth-locality", "Session similarity: runtime (zakay2013, §3, Table IV) holds"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	df, err := datasets.ReadFrameFile(filepath.Join(dir, "m.csv"))
	if err != nil || df.Nrow() != 15 {
		t.Fatalf("-o: %v, %d rows", err, df.Nrow())
	}
	f, err := os.Open(filepath.Join(dir, "m.json"))
	if err != nil {
		t.Fatal(err)
	}
	saved, err := findings.ReadStored(f)
	f.Close()
	if err != nil || saved.Mode != "quick" || len(saved.Results) != 15 || !strings.HasPrefix(saved.CodeHash, "sha256:") {
		t.Fatalf("--save: %v %+v", err, saved)
	}
	if st, err := os.Stat(filepath.Join(dir, "m.png")); err != nil || st.Size() < 1000 {
		t.Errorf("--figure: %v", err)
	}

	// Again: every log from the cache, the same results.
	out2, stderr, err := runCLI(t, append(args, "--format", "csv")...)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(stderr, "3 of 3 logs from the cache") {
		t.Errorf("second run not from the cache:\n%s", stderr)
	}
	long, _, err := runCLI(t, append(args, "--long", "--format", "csv")...)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Count(long, "\n") != 16 || !strings.HasPrefix(long, "finding,paper,section,log,era,kind,verdict,value,lo,hi,reason") {
		t.Errorf("--long:\n%s", long)
	}

	// Shard by shard (as the tasks of --slurm), merged: the same matrix.
	var shards []string
	for k := range 2 {
		p := filepath.Join(dir, "shard-"+string(rune('0'+k))+".json")
		sargs := append(append([]string{}, args...), "--shard", string(rune('0'+k))+"/2", "-o", p, "--no-cache")
		if _, stderr, err := runCLI(t, sargs...); err != nil {
			t.Fatalf("shard %d: %v\n%s", k, err, stderr)
		}
		shards = append(shards, p)
	}
	m, err := mergeFindingShards(shards)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	if err := writeFrame(&b, "csv", m.Wide()); err != nil {
		t.Fatal(err)
	}
	if b.String() != out2 {
		t.Errorf("merged shards differ from the run:\n%s\n%s", b.String(), out2)
	}
}

func TestFindingsUsage(t *testing.T) {
	t.Setenv("TRACELAB_DATA", "")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"findings"}, "set TRACELAB_DATA"},
		{[]string{"findings", "x.swf", "--all"}, "--all and LOG exclude each other"},
		{[]string{"findings", "x.swf", "--finding", "nope"}, "no finding \"nope\""},
		{[]string{"findings", "x.swf", "--shard", "0/2"}, "--shard needs -o FILE.json"},
		{[]string{"findings", "x.swf", "--figure", "m.pdf"}, "unknown output format (want .svg or .png)"},
		{[]string{"findings", "x.swf", "--slurm"}, "--slurm needs -o FILE or --save FILE"},
		{[]string{"findings", "list", "x"}, "takes no argument"},
	} {
		_, _, err := runCLI(t, c.args...)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: %v, want %q", c.args, err, c.want)
		}
	}
}

// TestFindingsSlurm measures three logs as a 3-task job array on a real
// Slurm (scripts/slurm-harness.sh), with an injected failure of shard 1:
// the failure is reported with its log, the same command resubmits shard
// 1 alone, and the merged matrix equals the one measured here.
func TestFindingsSlurm(t *testing.T) {
	needSlurm(t)
	bin := buildTracelab(t)
	paths := findingLogFiles(t)
	dir := t.TempDir()
	save := filepath.Join(dir, "matrix.json")
	args := append([]string{"findings"}, paths...)
	args = append(args, "--quick", "--finding", findingsSubset, "--no-cache")
	slurmArgs := append(append([]string{}, args...), "--slurm", "--shards", "3", "--save", save, "--tracelab", bin, "--poll", "200ms", "--format", "csv")

	t.Setenv(findingsFailEnv, "1")
	start := time.Now()
	_, stderr, err := runCLI(t, slurmArgs...)
	if err == nil || !strings.Contains(err.Error(), "1 of 3 shards failed or did not run (1)") {
		t.Fatalf("first run: %v\n%s", err, stderr)
	}
	if !strings.Contains(stderr, "shard 1/3 failed") {
		t.Errorf("failure not reported:\n%s", stderr)
	}
	arr, err := slurm.Open(save + ".slurm")
	if err != nil {
		t.Fatal(err)
	}
	if b, err := os.ReadFile(arr.Plan.LogPath(arr.Submissions[0].JobID, 1)); err != nil || !strings.Contains(string(b), "injected failure") {
		t.Errorf("log of shard 1: %v\n%s", err, b)
	}
	t.Setenv(findingsFailEnv, "")
	viaSlurm, stderr, err := runCLI(t, slurmArgs...)
	if err != nil {
		t.Fatalf("second run: %v\n%s", err, stderr)
	}
	if arr, err = slurm.Open(save + ".slurm"); err != nil {
		t.Fatal(err)
	}
	if n := len(arr.Submissions); n != 2 || len(arr.Submissions[1].Tasks) != 1 || arr.Submissions[1].Tasks[0] != 1 {
		t.Fatalf("submissions %+v, want a second one of shard 1 alone", arr.Submissions)
	}
	took := time.Since(start)
	local, _, err := runCLI(t, append(args, "--format", "csv", "--quiet")...)
	if err != nil {
		t.Fatal(err)
	}
	if viaSlurm != local {
		t.Errorf("the matrix measured on Slurm differs from the local one:\n%s\n%s", viaSlurm, local)
	}
	if _, err := os.Stat(save); err != nil {
		t.Errorf("--save: %v", err)
	}
	t.Logf("3 logs, 3 shards on Slurm (shard 1 failing, then resubmitted): %v", took.Round(time.Millisecond))
}

// TestFindingsAll: --all measures every catalog log it can find or
// download; the ones it cannot (here: an archive that refuses connections)
// are listed and the command fails after writing the matrix of the others.
func TestFindingsAll(t *testing.T) {
	data := t.TempDir()
	src := findingLogFiles(t)[0]
	// A catalog log found in TRACELAB_DATA by its file name (one whose
	// size and checksum the catalog does not know).
	tr, err := datasets.ReadFile(src, datasets.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if err := datasets.WriteSWFFile(filepath.Join(data, "SHARCNET-2005-2.swf.gz"), tr); err != nil {
		t.Fatal(err)
	}
	t.Setenv("TRACELAB_DATA", data)
	t.Setenv("TRACELAB_CACHE", t.TempDir())
	t.Setenv("TRACELAB_ARCHIVE_URL", "http://127.0.0.1:9/")
	out, stderr, err := runCLI(t, "findings", "--all", "--finding", "daily-cycle", "--quick", "--format", "csv")
	if err == nil || !strings.Contains(err.Error(), "logs of the catalog left out") {
		t.Fatalf("--all with an unreachable archive: %v\n%s", err, stderr)
	}
	if !strings.Contains(out, "SHARCNET-2005") || !strings.Contains(stderr, "KTH-SP2-1996-2.1-cln left out") {
		t.Errorf("output:\n%s\nstderr:\n%s", out, stderr)
	}
}

// TestFindingsCacheCheckedFirst: a cache folder that cannot be made is a
// usage error before any log is measured: --cache on a file, or
// TRACELAB_CACHE=/dev/null, failed at the first log's put ("findings:
// cache: mkdir /dev/null: not a directory"), once that log was measured.
// Not parallel: it sets the environment.
func TestFindingsCacheCheckedFirst(t *testing.T) {
	log := findingLogFiles(t)[0]
	file := writeTemp(t, t.TempDir(), "f.txt", "x")
	t.Setenv("TRACELAB_CACHE", os.DevNull)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--cache", filepath.Join(file, "sub")}, "--cache " + filepath.Join(file, "sub") + ": " + file + " is not a folder"},
		{nil, "the cache folder (TRACELAB_CACHE) " + filepath.Join(os.DevNull, "findings") + ": " + os.DevNull + " is not a folder"},
	} {
		args := append([]string{"findings", log, "--finding", "serial-share", "--quick"}, c.args...)
		_, stderr, err := runCLI(t, args...)
		if err == nil || !errors.Is(err, errUsage) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: %v, want a usage error containing %q", c.args, err, c.want)
		}
		if strings.Contains(stderr, "findings: 1 logs") {
			t.Errorf("%v: the log was measured first:\n%s", c.args, stderr)
		}
	}
}
