package cli

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/slurm"
)

// The cases of issue 15 (a careless or hostile user) and their siblings,
// each a row of a table: out-of-range flags, outputs that would lose data,
// results that are empty, and messages that must be clear.

// swfJob is one SWF line: job id, submit, runtime (wait 10, 4 processors,
// user 3).
func swfJob(id int, submit, runtime string) string {
	return strings.Join([]string{strconv.Itoa(id), submit, "10", runtime, "4", "90", "-1", "4", "200", "-1", "1", "3", "1", "7", "1", "1", "-1", "-1"}, " ") + "\n"
}

// writeTemp writes content to a new file name in dir and returns its path.
func writeTemp(t *testing.T, dir, name, content string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestOutOfRangeFlags: every out-of-range or unit-less value is a usage
// error that names the flag and the valid range, the same way in every
// command; nothing is clamped, ignored or run.
func TestOutOfRangeFlags(t *testing.T) {
	t.Parallel()
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"generate", "lublin", "--jobs", "1000000000000", "-o", "x.swf"}, "--jobs 1000000000000: want an integer from 1 to 10,000,000"},
		{[]string{"generate", "lublin", "--jobs", "1e12", "-o", "x.swf"}, "--jobs 1e12: want an integer from 1 to 10,000,000"},
		{[]string{"generate", "lublin", "--procs", "0", "-o", "x.swf"}, "--procs 0: want an integer from 1"},
		{[]string{"hurst", "--subsets", "1e9"}, "--subsets 1e9: want an integer from 1 to 10,000"},
		{[]string{"hurst", "--factor", "1.0000001"}, "--factor 1.0000001: want a number from 1.01 to 10"},
		{[]string{"hurst", "--unit", "1ns"}, "--unit 1ns: want a duration from 1s to 1w"},
		{[]string{"hurst", "--unit", "1ms"}, "--unit 1ms: want a duration from 1s to 1w"},
		{[]string{"hurst", "--unit", "10"}, "--unit 10: 10 needs a unit, e.g. 10s, 10m or 10h"},
		{[]string{"hurst", "--min-n", "1"}, "--min-n 1: want 0 (automatic) or a size of at least 2"},
		{[]string{"hurst", "--debias", "-1"}, "--debias -1: want an integer from 0 to 1,000 (0: none)"},
		{[]string{"locality", "bins", "--bins", "1e8"}, "--bins 1e8: want an integer from 2 to 1,000"},
		{[]string{"locality", "sampling", "--ranges", "1e8"}, "--ranges 1e8: want an integer from 2 to 1,000"},
		{[]string{"locality", "sampling", "--days", "1e-7"}, "--days 1e-7: want a number from 0.01 to 3650"},
		{[]string{"locality", "sampling", "--reps", "-1"}, "--reps -1: want an integer from 0 to 100,000 (0: no bootstrap)"},
		{[]string{"sweep", "--reps", "2", "--load", "1,0"}, `--load 1,0: "0": want a number above 0 and at most 100`},
		{[]string{"sweep", "--reps", "2", "--load", "-1"}, `--load -1: "-1": want a number above 0`},
		{[]string{"sweep", "--reps", "2", "--workers", "-2"}, "--workers -2: want an integer from 0 to 1,024"},
		// 100,000 variants of the sample, each held: once out of memory.
		{[]string{"compare", "--scheduler", "easy", "--variants", "100000"}, "100000 variants of about 2.06e+04 jobs each hold about 2.06e+09 jobs, more than 10,000,000"},
		{[]string{"compare", "--scheduler", "easy", "--variants", "50", "--weeks", "500"}, "50 variants of about"},
		{[]string{"sweep", "--reps", "-1"}, "--reps -1: want an integer from 0 to 1,000,000"},
		// 2,000 loads × 10⁶ replicates: once a 16 GB allocation and a crash.
		{[]string{"sweep", "--reps", "1000000", "--load", hundredths(2000)}, "--reps 1000000 on a grid of 2000 points is 2000000000 runs, more than 1,000,000"},
		{[]string{"sweep", "--reps", "1000", "--experiment", "resample", "--load", "1,2,3,4", "--rb-npw", hundredths(300)}, "--reps 1000 on a grid of 1200 points is 1200000 runs"},
		{[]string{"sweep", "--reps", "2", "--slurm", "--shards", "0", "-o", "x.parquet"}, "--shards 0: want an integer from 1"},
		{[]string{"model", "lublin", "--procs", "-1"}, "--procs -1: want an integer from 0 to 16,777,216 (0: the header's MaxProcs"},
		{[]string{"model", "lublin", "--restarts", "-1"}, "--restarts -1: want an integer from 0 to 100"},
		{[]string{"simulate", "--procs", "-1"}, "--procs -1: want an integer from 0"},
		{[]string{"feedback", "--procs", "-3"}, "--procs -3: want an integer from 0"},
		{[]string{"feedback", "--resample", "--load", "0"}, "--load 0: want a number above 0"},
		{[]string{"resample", "--seed", "1", "-o", "x.swf", "--weeks", "-1"}, "--weeks -1: want an integer from 0 to 5,218"},
		{[]string{"resample", "--seed", "1", "-o", "x.swf", "--weeks", "99999"}, "--weeks 99999: want an integer from 0 to 5,218"},
		{[]string{"resample", "--seed", "1", "-o", "x.swf", "--load", "1e-9x"}, "--load 1e-9x: want a number above 0"},
		{[]string{"resample", "--seed", "-1", "-o", "x.swf"}, "--seed -1: want an integer from 0 to 18446744073709551615"},
		{[]string{"sessions", "--gap", "3600"}, "--gap 3600: 3600 needs a unit"},
		{[]string{"sessions", "--gap", "0s"}, "--gap 0s: want a duration from 1s to 1w"},
		{[]string{"users", "--gap", "3600"}, "--gap 3600: 3600 needs a unit"},
		{[]string{"users", "--long-term-weeks", "0"}, "--long-term-weeks 0: want a number above 0"},
		{[]string{"similarity", "--bootstrap", "-5"}, "--bootstrap -5: want an integer from 0 to 100,000 (0: none)"},
		{[]string{"similarity", "--time-resolution", "60"}, "--time-resolution 60: 60 needs a unit"},
		{[]string{"slurm", "wait", "--poll", "-1s", "DIR"}, "--poll -1s: want a duration from 10ms to 1h"},
		{[]string{"generate", "lublin", "--jobs", "0x10", "-o", "x.swf"}, "--jobs 0x10: want an integer"},
		{[]string{"generate", "lublin", "--jobs", "1_000", "-o", "x.swf"}, "--jobs 1_000: want an integer"},
		// 300 copies of one scheduler took 16 s on the sample; 100,000 (as
		// ARG_MAX allows) would take hours.
		{append(repeatFlag("--scheduler", "easy", maxCompared+1), "--variants", "2"), "--scheduler: 65 schedulers, want at most 64"},
		{[]string{"compare", "--scheduler", "easy", "--scheduler", "fcfs", "--scheduler", "easy"}, "--scheduler easy: given twice"},
		// Each --mix log is held: 200 spellings of one file took 1.2 GB.
		{[]string{"resample", "--seed", "1", "-o", "x.swf", "--weeks", "4", "--mix", spellings("s.swf", maxMixLogs+1)}, "--mix: 101 logs, want at most 100"},
	}
	for _, tc := range tests {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			t.Parallel()
			_, _, err := runCLI(t, tc.args...)
			if err == nil || !errors.Is(err, errUsage) || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want a usage error containing %q", err, tc.want)
			}
			if msg := err.Error(); strings.Contains(msg, "{") || strings.Contains(msg, "0x") && !strings.Contains(tc.want, "0x") {
				t.Errorf("the message dumps a structure: %s", msg)
			}
		})
	}
}

// repeatFlag is compare with flag given n times, each with value v.
func repeatFlag(flag, v string, n int) []string {
	args := []string{"compare"}
	for range n {
		args = append(args, flag, v)
	}
	return args
}

// spellings lists n names of one file, comma-separated: ./name, .//name, …
func spellings(name string, n int) string {
	v := make([]string, n)
	for k := range v {
		v[k] = "." + strings.Repeat("/", k+1) + name
	}
	return strings.Join(v, ",")
}

// TestMixHoldsAtMostOneLogOfJobs: the logs of resample --mix, held
// together, hold at most the jobs one log may (TRACELAB_MAX_JOBS, here
// lowered below two copies of the sample's 20,631 jobs); one file given
// under two names counts twice. Before, 200 spellings took 1.2 GB.
func TestMixHoldsAtMostOneLogOfJobs(t *testing.T) {
	dir := t.TempDir()
	if _, _, err := runCLI(t, "convert", "sample", "-o", filepath.Join(dir, "s.swf")); err != nil {
		t.Fatal(err)
	}
	t.Setenv(maxJobsEnv, "30000")
	out := filepath.Join(dir, "r.swf")
	_, _, err := runCLI(t, "resample", filepath.Join(dir, "s.swf"), "--seed", "1", "--weeks", "4", "-o", out,
		"--mix", filepath.Join(dir, ".", "s.swf")+","+dir+"//s.swf")
	if err == nil || !strings.Contains(err.Error(), "hold 41262 jobs together") || !strings.Contains(err.Error(), "more than 30000 (TRACELAB_MAX_JOBS raises the bound)") {
		t.Fatalf("error %v, want the logs' jobs beyond 30000", err)
	}
	if _, err := os.Lstat(out); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("%s written (%v)", out, err)
	}
}

// hundredths lists 0.01, 0.02, … n/100, comma-separated: n distinct
// values for a grid flag.
func hundredths(n int) string {
	v := make([]string, n)
	for k := range v {
		v[k] = strconv.FormatFloat(float64(k+1)/100, 'g', -1, 64)
	}
	return strings.Join(v, ",")
}

// TestMessages: mistakes other than ranges get a clear word.
func TestMessages(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	badGzip := writeTemp(t, dir, "bad.swf.gz", "\x1f\x8bthis is not gzip at all\n")
	emptyWorkload := writeTemp(t, dir, "empty.json", "")
	cutWorkload := writeTemp(t, dir, "cut.json", `{"nb_res": 4, "jobs": [{"id": "1", "subtime": 0,`)
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"slurm", "bogus", "DIR"}, `unknown slurm sub-command "bogus"`},
		{[]string{"info", dir}, dir + ": is a directory, not an SWF log file"},
		{[]string{"report", dir, "-o", filepath.Join(dir, "r.html")}, dir + ": is a directory"},
		{[]string{"info", badGzip}, badGzip + ": broken gzip data: invalid header"},
		{[]string{"hurst", badGzip}, badGzip + ": broken gzip data: invalid header"},
		{[]string{"generate", "lublin", "-o", filepath.Join(dir, "nonexistent", "x.swf")}, "create " + filepath.Join(dir, "nonexistent", "x.swf") + ": no such file or directory"},
		{[]string{"convert", "-o", filepath.Join(dir, "nonexistent", "x.csv")}, "create " + filepath.Join(dir, "nonexistent", "x.csv") + ": no such file or directory"},
		{[]string{"report", "-o", filepath.Join(dir, "nonexistent", "r.html")}, "create " + filepath.Join(dir, "nonexistent", "r.html") + ": no such file or directory"},
		{[]string{"generate", "lublin", "-o", "out.parquet"}, "-o out.parquet: this command cannot write .parquet (want .swf or .swf.gz)"},
		{[]string{"report", "-o", "r.pdf"}, "-o r.pdf: unknown output format (want .html)"},
		{[]string{"simulate", "--jobs-out", "jobs.swf"}, "--jobs-out jobs.swf: this command cannot write .swf (want .csv, .json or .parquet)"},
		{[]string{"feedback", "--workload-out", "w.csv"}, "--workload-out w.csv: this command cannot write .csv (want .swf or .swf.gz)"},
		// encoding/json's word alone was the message: "batsim: empty.json: EOF".
		{[]string{"import", "batsim", emptyWorkload, "-o", filepath.Join(dir, "w.swf")}, emptyWorkload + ": the file ends before the workload does (empty or cut short)"},
		{[]string{"import", "batsim", cutWorkload, "-o", filepath.Join(dir, "w.swf")}, cutWorkload + ": the file ends before the workload does (empty or cut short)"},
		{[]string{"nosuch"}, `unknown command "nosuch"`},
		{[]string{"info", "--bogus"}, "unknown flag --bogus"},
		{[]string{"info", "--format"}, "--format needs a value"},
	}
	for _, tc := range tests {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			t.Parallel()
			_, _, err := runCLI(t, tc.args...)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want one containing %q", err, tc.want)
			}
			for _, bad := range []string{".tmp-", "no such file", "not a number", "gzip: gzip"} {
				if strings.Contains(err.Error(), bad) && !strings.Contains(tc.want, bad) {
					t.Errorf("the message says %q: %v", bad, err)
				}
			}
		})
	}
}

// TestDoubleDash: after "--" every argument is positional, even one that
// starts with "-" (the check never fired before).
func TestDoubleDash(t *testing.T) { // not parallel: it changes directory
	dir := t.TempDir()
	p := filepath.Join(dir, "-odd.swf")
	if err := datasets.WriteSWFFile(p, datasets.Sample()); err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	out, _, err := runCLI(t, "info", "--format", "csv", "--", "-odd.swf")
	if err != nil || !strings.Contains(out, "name,-odd\n") {
		t.Fatalf("info -- -odd.swf: %v\n%s", err, out)
	}
	// Two arguments after "--", the second starting with "-": once parsed
	// as a flag ("flag provided but not defined: -odd.swf").
	out, _, err = runCLI(t, "locality", "--format", "csv", "--", "runs", "-odd.swf")
	if err != nil || !strings.HasPrefix(out, "key,value\nkey,\"app,procs\"\n") {
		t.Fatalf("locality -- runs -odd.swf: %v\n%s", err, out)
	}
	// "--" given as a flag's value is a value, not the end of the flags.
	if _, _, err := runCLI(t, "info", "--format", "--", "x"); err == nil || !strings.Contains(err.Error(), `--format must be table, csv or json, not "--"`) {
		t.Errorf("--format --: %v", err)
	}
}

// TestOutputsKeepData: outputs that are devices, pipes, links or inputs
// lose nothing.
func TestOutputsKeepData(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	sample := filepath.Join(dir, "sample.swf")
	if err := datasets.WriteSWFFile(sample, datasets.Sample()); err != nil {
		t.Fatal(err)
	}
	original, _ := os.ReadFile(sample)
	var shards []string
	for k := range 2 {
		p := filepath.Join(dir, "s"+strconv.Itoa(k)+".parquet")
		if _, _, err := runCLI(t, "sweep", "--experiment", "window", "--reps", "2", "--window", "1w", "--quiet",
			"--shard", strconv.Itoa(k)+"/2", "-o", p); err != nil {
			t.Fatal(err)
		}
		shards = append(shards, p)
	}
	shard0, _ := os.ReadFile(shards[0])
	tests := []struct {
		name  string
		args  []string
		want  string // error; "" for none
		check func(t *testing.T)
	}{
		{"sweep merge onto an input shard", []string{"sweep", "merge", shards[0], shards[1], "-o", shards[0]},
			"-o " + shards[0] + " would overwrite the input " + shards[0], func(t *testing.T) {
				if b, _ := os.ReadFile(shards[0]); string(b) != string(shard0) {
					t.Error("the shard changed")
				}
			}},
		{"convert onto its input", []string{"convert", sample, "-o", sample}, "would overwrite the input", func(t *testing.T) {
			if b, _ := os.ReadFile(sample); string(b) != string(original) {
				t.Error("the input changed")
			}
		}},
		{"two outputs name one file", []string{"simulate", sample, "--jobs-out", filepath.Join(dir, "a.csv"), "--weekly-out", filepath.Join(dir, ".", "a.csv")},
			"--jobs-out " + filepath.Join(dir, "a.csv") + " and --weekly-out " + filepath.Join(dir, "a.csv") + " name the same file", func(t *testing.T) {
				if _, err := os.Stat(filepath.Join(dir, "a.csv")); err == nil {
					t.Error("a.csv was written")
				}
			}},
		{"generate to /dev/null", []string{"generate", "lublin", "--jobs", "10", "-o", os.DevNull}, "", func(t *testing.T) {
			if fileMode(t, os.DevNull)&os.ModeCharDevice == 0 {
				t.Error("/dev/null is no longer a device")
			}
		}},
		{"generate to /dev/full", []string{"generate", "lublin", "--jobs", "10", "-o", "/dev/full"}, "write /dev/full: no space left on device", func(t *testing.T) {
			if fileMode(t, "/dev/full")&os.ModeCharDevice == 0 {
				t.Error("/dev/full is no longer a device")
			}
		}},
		{"convert to /dev/full", []string{"convert", "-o", "/dev/full"}, "write /dev/full: no space left on device", func(t *testing.T) {
			if fileMode(t, "/dev/full")&os.ModeCharDevice == 0 {
				t.Error("/dev/full is no longer a device")
			}
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, _, err := runCLI(t, tc.args...)
			wantError(t, err, tc.want)
			tc.check(t)
		})
	}
}

// TestOutputsThroughLinksAndPipes: a symbolic link is followed (the link
// stays, the target keeps its mode) and a FIFO is written through, by
// convert and by report alike.
func TestOutputsThroughLinksAndPipes(t *testing.T) {
	t.Parallel()
	for _, cmd := range [][]string{{"convert"}, {"report"}} {
		ext := map[string]string{"convert": ".swf", "report": ".html"}[cmd[0]]
		t.Run(cmd[0], func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			target := filepath.Join(dir, "target"+ext)
			if err := os.WriteFile(target, []byte("old"), 0o600); err != nil {
				t.Fatal(err)
			}
			link := filepath.Join(dir, "link"+ext)
			if err := os.Symlink("target"+ext, link); err != nil {
				t.Fatal(err)
			}
			if _, _, err := runCLI(t, append(cmd, "-o", link)...); err != nil {
				t.Fatal(err)
			}
			if st, _ := os.Lstat(link); st.Mode()&os.ModeSymlink == 0 {
				t.Error("the link was replaced by a file")
			}
			if b, _ := os.ReadFile(target); len(b) < 100 || fileMode(t, target).Perm() != 0o600 {
				t.Errorf("target: %d bytes, mode %v; want the output and mode 0600", len(b), fileMode(t, target).Perm())
			}
			fifo := filepath.Join(dir, "fifo"+ext)
			if err := syscall.Mkfifo(fifo, 0o600); err != nil {
				t.Skip("no FIFOs:", err)
			}
			got := make(chan int)
			go func() {
				f, err := os.Open(fifo)
				if err != nil {
					got <- -1
					return
				}
				b, _ := io.ReadAll(f)
				f.Close()
				got <- len(b)
			}()
			if _, _, err := runCLI(t, append(cmd, "-o", fifo)...); err != nil {
				t.Fatal(err)
			}
			if n := <-got; n < 100 {
				t.Errorf("the reader of the FIFO got %d bytes", n)
			}
			if fileMode(t, fifo)&os.ModeNamedPipe == 0 {
				t.Error("the FIFO was replaced")
			}
		})
	}
}

// TestEmptyResults: a run with nothing to show fails with the reason, the
// same way in every command, and writes nothing.
func TestEmptyResults(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	noRuntime := writeTemp(t, dir, "noruntime.swf", "; MaxProcs: 8\n"+swfJob(1, "0", "-1")+swfJob(2, "50", "-1"))
	two := writeTemp(t, dir, "two.swf", swfJob(1, "0", "100")+swfJob(2, "50", "100"))
	out := filepath.Join(dir, "out.swf")
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"simulate, every job dropped", []string{"simulate", noRuntime}, "noruntime: no job to simulate: of 2 jobs, 0 have no known submit time, 2 no known runtime"},
		{"feedback, every job dropped", []string{"feedback", noRuntime}, "noruntime: no job to simulate: of 2 jobs, 0 have no known submit time, 2 no known runtime"},
		{"sweep, every job dropped", []string{"sweep", noRuntime, "--reps", "2", "--quiet"}, "noruntime: no job to simulate: of 2 jobs, 0 have no known submit time, 2 no known runtime"},
		{"sweep feedback, every job dropped", []string{"sweep", noRuntime, "--experiment", "feedback", "--reps", "2", "--quiet"}, "noruntime: no job to simulate: of 2 jobs"},
		{"sweep window, every job dropped", []string{"sweep", noRuntime, "--experiment", "window", "--window", "1h", "--reps", "2", "--quiet"}, "noruntime: no job to simulate: of 2 jobs"},
		{"resample of a short log", []string{"resample", two, "--seed", "1", "-o", out}, "the new log has no job"},
		{"resample at load 1e-9", []string{"resample", "--load", "1e-9", "--seed", "1", "-o", out}, "the new log has no job"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, _, err := runCLI(t, tc.args...)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want one containing %q", err, tc.want)
			}
			if _, err := os.Stat(out); err == nil {
				t.Errorf("%s was written", out)
			}
		})
	}
}

// TestTinyLogs: a log of one or two jobs gets a report (the figures on
// log axes once panicked in gonum) and an analysis that ends cleanly.
func TestTinyLogs(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, n := range []int{1, 2} {
		var b strings.Builder
		for k := range n {
			b.WriteString(swfJob(k+1, strconv.Itoa(k*50), "100"))
		}
		log := writeTemp(t, dir, "tiny"+strconv.Itoa(n)+".swf", b.String())
		html := filepath.Join(dir, "tiny"+strconv.Itoa(n)+".html")
		if _, _, err := runCLI(t, "report", log, "-o", html); err != nil {
			t.Fatalf("report of %d jobs: %v", n, err)
		}
		page, _ := os.ReadFile(html)
		if strings.Count(string(page), "<svg") != len(reportFigures) {
			t.Errorf("report of %d jobs: %d figures, want %d", n, strings.Count(string(page), "<svg"), len(reportFigures))
		}
	}
}

// wantError fails t unless err is nil when want is "", or an error whose
// message contains want.
func wantError(t *testing.T, err error, want string) {
	t.Helper()
	switch {
	case want == "" && err != nil:
		t.Fatal(err)
	case want != "" && (err == nil || !strings.Contains(err.Error(), want)):
		t.Fatalf("error %v, want one containing %q", err, want)
	}
}

func fileMode(t *testing.T, p string) os.FileMode {
	t.Helper()
	st, err := os.Stat(p)
	if err != nil {
		t.Fatal(err)
	}
	return st.Mode()
}

// TestOutputsReplacedAtomically: every command that writes a file replaces
// an existing regular file whole, by writing beside it and renaming (the
// file is a new inode, so no reader ever sees half a page: report once
// truncated and wrote in place), keeps its mode and leaves no temporary
// file; a run that fails (a broken log before the arguments; for generate,
// which reads no log, an unknown model) leaves the old file as it was.
func TestOutputsReplacedAtomically(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		args func(out string) []string
		ext  string
	}{
		{"convert", func(o string) []string { return []string{"convert", "-o", o} }, ".swf"},
		{"generate", func(o string) []string { return []string{"generate", "lublin", "--jobs", "10", "-o", o} }, ".swf"},
		{"report", func(o string) []string { return []string{"report", "-o", o} }, ".html"},
		{"resample", func(o string) []string { return []string{"resample", "--seed", "1", "--weeks", "4", "-o", o} }, ".swf"},
		{"simulate --jobs-out", func(o string) []string { return []string{"simulate", "--jobs-out", o} }, ".csv"},
		{"simulate --weekly-out", func(o string) []string { return []string{"simulate", "--weekly-out", o} }, ".csv"},
		{"sweep", func(o string) []string {
			return []string{"sweep", "--experiment", "window", "--reps", "2", "--window", "1w", "--quiet", "-o", o}
		}, ".parquet"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			out := writeTemp(t, dir, "out"+tc.ext, "old")
			if err := os.Chmod(out, 0o600); err != nil {
				t.Fatal(err)
			}
			bad := writeTemp(t, dir, "bad.swf", "1 0 10 100 4\x00\x01\x02\n") // binary: refused (a short row alone is now read as far as it goes)
			before := inode(t, out)
			args := tc.args(out)
			if _, _, err := runCLI(t, append(args[:1:1], append([]string{bad}, args[1:]...)...)...); err == nil {
				t.Fatal("a run on a broken log succeeded")
			}
			if b, _ := os.ReadFile(out); string(b) != "old" || inode(t, out) != before {
				t.Fatalf("a failed run changed the output: %q", b)
			}
			if _, _, err := runCLI(t, args...); err != nil {
				t.Fatal(err)
			}
			if b, _ := os.ReadFile(out); len(b) < 10 {
				t.Errorf("output %q", b)
			}
			if inode(t, out) == before {
				t.Error("the output was rewritten in place, not replaced by a rename")
			}
			if m := fileMode(t, out).Perm(); m != 0o600 {
				t.Errorf("mode %v, want the old file's 0600", m)
			}
			if es, _ := os.ReadDir(dir); len(es) != 2 {
				t.Errorf("%d files in the folder, want the output and the log", len(es))
			}
		})
	}
}

func inode(t *testing.T, p string) uint64 {
	t.Helper()
	st, err := os.Stat(p)
	if err != nil {
		t.Fatal(err)
	}
	return st.Sys().(*syscall.Stat_t).Ino
}

// runWithin runs the command and fails t when it has not returned within
// d (a read that blocks, on a named pipe for instance).
func runWithin(t *testing.T, d time.Duration, args ...string) error {
	t.Helper()
	done := make(chan error, 1)
	go func() {
		_, _, err := runCLI(t, args...)
		done <- err
	}()
	select {
	case err := <-done:
		return err
	case <-time.After(d):
		t.Fatalf("%s: still running after %v", strings.Join(args, " "), d)
		return nil
	}
}

// TestReproduceFromHostileFolder: reproduce --from (and --check) read files
// the folder happens to hold: a named pipe there is refused, never waited
// on (it once blocked for ever), a file beyond the size bound is refused
// before it is read whole (a 74 MB KEY.json was read, 450 MB of memory),
// and a malformed file is named with the line of the fault.
func TestReproduceFromHostileFolder(t *testing.T) {
	t.Parallel()
	fifo := func(name string) string {
		dir := t.TempDir()
		if err := syscall.Mkfifo(filepath.Join(dir, name), 0o600); err != nil {
			t.Skip("no FIFOs:", err)
		}
		return dir
	}
	big := t.TempDir()
	if err := os.Truncate(writeTemp(t, big, "zakay2014.json", ""), maxJSONInput+1); err != nil {
		t.Fatal(err)
	}
	bigFindings := t.TempDir()
	if err := os.Truncate(writeTemp(t, bigFindings, "findings.json", ""), maxJSONInput+1); err != nil {
		t.Fatal(err)
	}
	badType := t.TempDir()
	writeTemp(t, badType, "zakay2014.json", "{\n  \"paper\": \"zakay2014\",\n  \"mode\": \"quick\",\n  \"entries\": [\n    {\"verdict\": [1, 2]}\n  ]\n}\n")
	badSyntax := t.TempDir()
	writeTemp(t, badSyntax, "findings.json", "{\n  \"commit\": \"abc\",\n  \"mode\": \"quick\" \"seed\": 1\n}\n")
	dupIDs := t.TempDir()
	entry := `{"paper":"zakay2014","item":"Fig. 1","id":"fig1/x","verdict":"agrees","kind":"claim"}`
	writeTemp(t, dupIDs, "zakay2014.json", `{"paper":"zakay2014","mode":"quick","entries":[`+entry+","+entry+"]}\n")
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"duplicate entry id", []string{"reproduce", "zakay2014", "--from", dupIDs}, filepath.Join(dupIDs, "zakay2014.json") + `: ledger: snapshot of zakay2014: ledger: entry id "fig1/x" appears twice (entries 1 and 2)`},
		{"FIFO KEY.json", []string{"reproduce", "zakay2014", "--from", fifo("zakay2014.json")}, "zakay2014.json: a named pipe (FIFO), not a regular file"},
		{"FIFO findings.json", []string{"reproduce", "zakay2014", "--from", fifo("findings.json")}, "findings.json: a named pipe (FIFO), not a regular file"},
		{"FIFO under --check", []string{"reproduce", "zakay2014", "--from", "../repro/testdata/quick", "--check", fifo("zakay2014.json")}, "zakay2014.json: a named pipe (FIFO), not a regular file"},
		{"KEY.json too large", []string{"reproduce", "zakay2014", "--from", big}, "zakay2014.json: more than 67108864 bytes"},
		{"findings.json too large", []string{"reproduce", "zakay2014", "--from", bigFindings}, "findings.json: more than 67108864 bytes"},
		{"wrong type, line named", []string{"reproduce", "zakay2014", "--from", badType}, "zakay2014.json:5: "},
		{"bad syntax, line named", []string{"reproduce", "zakay2014", "--from", badSyntax}, "findings.json:3: "},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			wantError(t, runWithin(t, 20*time.Second, tc.args...), tc.want)
		})
	}
}

// TestLogFromStandardInput: the LOG "-" is standard input, as for import
// sacct (it was looked up in the catalog: `no log named "-"`), plain or
// gzipped, and an output that is the file on standard input is refused.
func TestLogFromStandardInput(t *testing.T) {
	t.Parallel()
	exe := tracelabBinary(t)
	dir := t.TempDir()
	plain := filepath.Join(dir, "s.swf")
	if err := datasets.WriteSWFFile(plain, datasets.Sample()); err != nil {
		t.Fatal(err)
	}
	gz := filepath.Join(dir, "s.swf.gz")
	if err := datasets.WriteSWFFile(gz, datasets.Sample()); err != nil {
		t.Fatal(err)
	}
	original, _ := os.ReadFile(plain)
	jobs := `"jobs": ` + strconv.Itoa(datasets.Sample().Len()) + ","
	tests := []struct {
		stdin string
		args  []string
		want  string // in stdout, or in stderr when the run must fail
		fail  bool
	}{
		{plain, []string{"info", "-", "--format", "json"}, jobs, false},
		{gz, []string{"info", "-", "--format", "json"}, jobs, false},
		{plain, []string{"check", "-", "--format", "json"}, `"jobs": `, false},
		{plain, []string{"convert", "-", "-o", "/dev/stdout"}, "; Version: 2.2", false},
		{plain, []string{"convert", "-", "-o", plain}, "-o " + plain + " would overwrite the input -", true},
		{plain, []string{"findings", "-"}, "LOG -: findings reads each log by its path", true},
	}
	for _, tc := range tests {
		t.Run(strings.Join(tc.args, " ")+" < "+filepath.Base(tc.stdin), func(t *testing.T) {
			t.Parallel()
			in, err := os.Open(tc.stdin)
			if err != nil {
				t.Fatal(err)
			}
			defer in.Close()
			var stdout, stderr strings.Builder
			cmd := exec.Command(exe, tc.args...)
			cmd.Stdin, cmd.Stdout, cmd.Stderr = in, &stdout, &stderr
			cmd.Env = append(os.Environ(), "TRACELAB_DATA=")
			err = cmd.Run()
			switch {
			case tc.fail && (err == nil || !strings.Contains(stderr.String(), tc.want)):
				t.Errorf("err %v, stderr %q; want a failure saying %q", err, stderr.String(), tc.want)
			case !tc.fail && (err != nil || !strings.Contains(stdout.String(), tc.want)):
				t.Errorf("err %v, stderr %q, stdout %.300q; want %q", err, stderr.String(), stdout.String(), tc.want)
			}
			if b, _ := os.ReadFile(plain); string(b) != string(original) {
				t.Error("the log on standard input changed")
			}
		})
	}
}

// TestOutputsNeverArrayOrInputFiles: outputs that name a command's own
// inputs are refused before any work and the inputs kept: findings' -o,
// --save and --figure onto a log given as a file (a log may have any
// extension; -o onto a .json log once replaced it), and slurm wait's -o
// onto the array's manifest or a task's shard file. An array folder whose
// manifest is a named pipe or beyond the size bound is refused, not
// waited on or read whole.
func TestOutputsNeverArrayOrInputFiles(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	logs := map[string]string{}
	for _, name := range []string{"log.json", "log2.json", "log.svg"} {
		p := filepath.Join(dir, name)
		write := datasets.WriteSWFFile // whatever the extension (.svg)
		if strings.HasSuffix(name, ".json") {
			write = datasets.WriteTraceFile
		}
		if err := write(p, datasets.Sample()); err != nil {
			t.Fatal(err)
		}
		b, _ := os.ReadFile(p)
		logs[p] = string(b)
	}
	arrDir := filepath.Join(dir, "arr")
	if _, err := slurm.Create(slurm.Plan{Dir: arrDir, Key: "k", Command: []string{"/bin/true"}, Tasks: 3, Output: "shard-" + slurm.TaskToken + ".parquet"}); err != nil {
		t.Fatal(err)
	}
	manifest, _ := os.ReadFile(filepath.Join(arrDir, slurm.ManifestName))
	link := filepath.Join(dir, "arrlink")
	if err := os.Symlink("arr", link); err != nil {
		t.Fatal(err)
	}
	fifoDir := filepath.Join(dir, "fifo")
	os.Mkdir(fifoDir, 0o755)
	if err := syscall.Mkfifo(filepath.Join(fifoDir, slurm.ManifestName), 0o600); err != nil {
		t.Skip("no FIFOs:", err)
	}
	bigDir := filepath.Join(dir, "big")
	os.Mkdir(bigDir, 0o755)
	if err := os.Truncate(writeTemp(t, bigDir, slurm.ManifestName, ""), slurm.MaxManifestBytes+1); err != nil {
		t.Fatal(err)
	}
	j, j2, svg := filepath.Join(dir, "log.json"), filepath.Join(dir, "log2.json"), filepath.Join(dir, "log.svg")
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"findings -o onto a log", []string{"findings", j, "--quick", "--no-cache", "--quiet", "-o", j}, "-o " + j + " would overwrite the input " + j},
		{"findings --save onto a log", []string{"findings", j, j2, "--quick", "--no-cache", "--quiet", "--save", j2}, "--save " + j2 + " would overwrite the input " + j2},
		{"findings --figure onto a log", []string{"findings", svg, "--quick", "--no-cache", "--quiet", "--figure", svg}, "--figure " + svg + " would overwrite the input " + svg},
		{"slurm wait -o the manifest", []string{"slurm", "wait", arrDir, "-o", filepath.Join(arrDir, slurm.ManifestName)}, "is the array's manifest"},
		{"slurm wait -o a shard", []string{"slurm", "wait", arrDir, "-o", filepath.Join(arrDir, "shard-2.parquet")}, "is the shard file of task 2 of the array"},
		{"slurm wait -o a shard through a link", []string{"slurm", "wait", arrDir, "-o", filepath.Join(link, "shard-0.parquet")}, "is the shard file of task 0 of the array"},
		{"slurm resubmit -o a shard", []string{"slurm", "resubmit", arrDir, "-o", filepath.Join(arrDir, "shard-1.parquet")}, "is the shard file of task 1 of the array"},
		{"slurm status, manifest a FIFO", []string{"slurm", "status", fifoDir}, "a named pipe (FIFO), not a regular file"},
		{"slurm status, manifest too large", []string{"slurm", "status", bigDir}, "more than " + strconv.Itoa(slurm.MaxManifestBytes)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			wantError(t, runWithin(t, 60*time.Second, tc.args...), tc.want)
		})
	}
	for p, want := range logs {
		if b, _ := os.ReadFile(p); string(b) != want {
			t.Errorf("%s changed", p)
		}
	}
	if b, _ := os.ReadFile(filepath.Join(arrDir, slurm.ManifestName)); string(b) != string(manifest) {
		t.Error("the manifest changed")
	}
}

// failingWriter fails every write, as /dev/full does.
type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, syscall.ENOSPC }

// TestHelpThatCannotBeWritten: help that cannot be written is a failure
// (exit status 1), as any other output: "tracelab help > /dev/full" ended
// with status 0.
func TestHelpThatCannotBeWritten(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{{"help"}, {}, {"--help"}, {"help", "info"}, {"info", "-h"}, {"sweep", "merge", "--help"}} {
		var stderr strings.Builder
		if err := run(args, failingWriter{}, &stderr); !errors.Is(err, syscall.ENOSPC) {
			t.Errorf("%q: error %v, want the write's", args, err)
		}
	}
}

// TestStdoutOpenOnTheInput: an output written through a descriptor that is
// open on an input file is refused, and the input kept: "convert LOG -o
// /dev/stdout >> LOG" grew LOG to 526 MB in 15 s (it read what it wrote),
// and with "1<> LOG" it wrote over the input as it read it.
func TestStdoutOpenOnTheInput(t *testing.T) {
	t.Parallel()
	exe := tracelabBinary(t)
	dir := t.TempDir()
	log := filepath.Join(dir, "s.swf")
	if err := datasets.WriteSWFFile(log, datasets.Sample()); err != nil {
		t.Fatal(err)
	}
	original, _ := os.ReadFile(log)
	for _, tc := range []struct {
		name string
		flag int
		args []string
	}{
		{"appended", os.O_WRONLY | os.O_APPEND, []string{"convert", log, "-o", "/dev/stdout"}},
		{"read-write", os.O_RDWR, []string{"convert", log, "-o", "/dev/stdout"}},
		{"through /dev/fd/1", os.O_WRONLY | os.O_APPEND, []string{"convert", log, "-o", "/dev/fd/1"}},
		{"stdin and stdout", os.O_WRONLY | os.O_APPEND, []string{"convert", "-", "-o", "/dev/stdout"}},
		{"simulate --jobs-out", os.O_WRONLY | os.O_APPEND, []string{"simulate", log, "--jobs-out", "/dev/stdout"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, err := os.OpenFile(log, tc.flag, 0)
			if err != nil {
				t.Fatal(err)
			}
			defer out.Close()
			in, err := os.Open(log)
			if err != nil {
				t.Fatal(err)
			}
			defer in.Close()
			var stderr strings.Builder
			ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
			defer cancel()
			cmd := exec.CommandContext(ctx, exe, tc.args...)
			cmd.Stdin, cmd.Stdout, cmd.Stderr = in, out, &stderr
			err = cmd.Run()
			if err == nil || !strings.Contains(stderr.String(), "is open on the input") {
				t.Errorf("err %v, stderr %q; want a refusal", err, stderr.String())
			}
			if b, _ := os.ReadFile(log); string(b) != string(original) {
				t.Errorf("the input changed: %d bytes, was %d", len(b), len(original))
				os.WriteFile(log, original, 0o644)
			}
		})
	}
}

// TestFindingsOutputsTogether: findings' -o, --save and --figure are
// committed together: when one cannot be written, the others keep their
// old content (-o was replaced before a --save that failed).
func TestFindingsOutputsTogether(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	log := filepath.Join(dir, "s.swf")
	if err := datasets.WriteSWFFile(log, datasets.Sample()); err != nil {
		t.Fatal(err)
	}
	matrix := writeTemp(t, dir, "m.csv", "old")
	figure := writeTemp(t, dir, "m.svg", "old")
	for _, args := range [][]string{
		{"-o", matrix, "--save", "/dev/full"},
		{"-o", matrix, "--figure", figure, "--save", "/dev/full"},
	} {
		_, _, err := runCLI(t, append([]string{"findings", log, "--quick", "--no-cache", "--quiet", "--finding", "similarity-procs"}, args...)...)
		wantError(t, err, "no space left on device")
		for _, p := range []string{matrix, figure} {
			if b, _ := os.ReadFile(p); string(b) != "old" {
				t.Errorf("%v: %s was replaced", args, p)
			}
		}
		if es, _ := os.ReadDir(dir); len(es) != 3 {
			t.Errorf("%v: %d files in the folder, want the log and the two old outputs", args, len(es))
		}
	}
}

// TestSlurmScriptHoldsNoLineBreak: a path or a log name with a line break
// cannot go into a batch script: it ended the script's comment or its
// #SBATCH --output line, and the rest ran as a command (a -o of
// "x<newline>touch PWNED<newline>.parquet" put the line "touch PWNED" in
// the script). Nor can a LOG that is a stream. The dry run refuses them
// and prints no script.
func TestSlurmScriptHoldsNoLineBreak(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	odd := filepath.Join(dir, "a\ntouch PWNED\n.swf")
	if err := datasets.WriteSWFFile(odd, datasets.Sample()); err != nil {
		t.Fatal(err)
	}
	ok := filepath.Join(dir, "ok.parquet")
	for _, args := range [][]string{
		{"sweep", "--reps", "2", "--shards", "2", "--quiet", "--slurm", "--dry-run", "-o", filepath.Join(dir, "x\ntouch PWNED\n.parquet")},
		{"sweep", odd, "--reps", "2", "--shards", "2", "--quiet", "--slurm", "--dry-run", "-o", ok},
		{"sweep", "--reps", "2", "--shards", "2", "--quiet", "--slurm", "--dry-run", "-o", ok, "--slurm-dir", filepath.Join(dir, "d\rtouch PWNED")},
		{"findings", odd, "--quick", "--quiet", "--slurm", "--shards", "1", "--dry-run", "-o", filepath.Join(dir, "m.csv")},
	} {
		out, _, err := runCLI(t, args...)
		wantError(t, err, "holds a control character")
		if strings.Contains(out, "touch PWNED") {
			t.Errorf("%q: a script was printed:\n%s", args, out)
		}
	}
	// A LOG that is a stream: each task would read its own standard input
	// (/dev/stdin went into the script as it was).
	for _, args := range [][]string{
		{"sweep", "-", "--reps", "2", "--shards", "2", "--quiet", "--slurm", "--dry-run", "-o", ok},
		{"sweep", "/dev/stdin", "--reps", "2", "--shards", "2", "--quiet", "--slurm", "--dry-run", "-o", ok},
		{"findings", "/dev/stdin", "--quick", "--quiet", "--slurm", "--shards", "1", "--dry-run", "-o", filepath.Join(dir, "m.csv")},
	} {
		out, _, err := runCLI(t, args...)
		wantError(t, err, "is a stream (standard input, a pipe)")
		if strings.Contains(out, "touch PWNED") {
			t.Errorf("%q: a script was printed:\n%s", args, out)
		}
	}
}

// TestClosedOutputStream: `tracelab convert LOG -o /dev/stdout | head`
// printed "write /dev/stdout: broken pipe" and exited 1. An output stream
// closed by its reader now ends the command silently with status
// ExitClosedStream (141, as a shell reports for cat killed by SIGPIPE);
// a device that fails otherwise (/dev/full: ENOSPC) is still reported with
// status 1. Run as processes: Main decides the status.
func TestClosedOutputStream(t *testing.T) {
	t.Parallel()
	exe := tracelabBinary(t)
	log := filepath.Join(t.TempDir(), "s.swf")
	if err := datasets.WriteSWFFile(log, datasets.Sample()); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	weekly := filepath.Join(dir, "w.csv")
	saved, savedToo := filepath.Join(dir, "saved"), filepath.Join(dir, "saved2")
	// A recorded ledger alone: the committed findings.json carries the
	// code hash of the tree it was measured on, which --save checks.
	from := filepath.Join(dir, "from")
	ledger, err := os.ReadFile("../repro/ledgers/zakay2014.json")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(from, 0o755); err != nil {
		t.Fatal(err)
	}
	writeTemp(t, from, "zakay2014.json", string(ledger))
	tests := []struct {
		name       string
		args       []string
		closed     bool   // standard output is a pipe whose read end is closed
		wantStatus int    // exit status (-1: killed by a signal, SIGPIPE)
		wantStderr string // "" for nothing printed
		written    string // a file the run must leave, "" for none
		unwritten  string // a file the run must not leave, "" for none
	}{
		{"-o /dev/stdout, reader gone", []string{"convert", log, "-o", "/dev/stdout"}, true, ExitClosedStream, "", "", ""},
		{"-o /dev/fd/1, reader gone", []string{"convert", log, "-o", "/dev/fd/1"}, true, ExitClosedStream, "", "", ""},
		{"simulate --jobs-out /dev/stdout, reader gone", []string{"simulate", log, "--jobs-out", "/dev/stdout"}, true, ExitClosedStream, "", "", ""},
		{"-o /dev/full", []string{"convert", log, "-o", "/dev/full"}, false, 1, "write /dev/full: no space left on device", "", ""},
		// The group's files are not written (a group is committed
		// whole): that was silent.
		{"simulate --jobs-out /dev/stdout --weekly-out FILE, reader gone", []string{"simulate", log, "--jobs-out", "/dev/stdout", "--weekly-out", weekly},
			true, ExitClosedStream, "the output stream was closed before the end: not written: --weekly-out " + weekly, "", weekly},
		{"reproduce -o /dev/stdout --save DIR, reader gone", []string{"reproduce", "zakay2014", "--from", from, "--allow-dirty", "-o", "/dev/stdout", "--save", savedToo},
			true, ExitClosedStream, "not written: --save " + savedToo, "", savedToo},
		// The ledgers' table was printed before --save was written: the
		// reader's going away (SIGPIPE) left it unwritten, silently. The
		// files are now committed first.
		{"reproduce --save DIR, table's reader gone", []string{"reproduce", "zakay2014", "--from", from, "--allow-dirty", "--save", saved},
			true, -1, "wrote " + filepath.Join(saved, "zakay2014.json"), filepath.Join(saved, "zakay2014.json"), ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
			defer cancel()
			cmd := exec.CommandContext(ctx, exe, tc.args...)
			var stderr strings.Builder
			cmd.Stderr = &stderr
			if tc.closed {
				r, w, err := os.Pipe()
				if err != nil {
					t.Fatal(err)
				}
				r.Close()
				defer w.Close()
				cmd.Stdout = w
			}
			err := cmd.Run()
			status := 0
			var ee *exec.ExitError
			if errors.As(err, &ee) {
				status = ee.ExitCode()
			} else if err != nil {
				t.Fatal(err)
			}
			if status != tc.wantStatus {
				t.Errorf("exit status %d, want %d (stderr %q)", status, tc.wantStatus, stderr.String())
			}
			switch got := stderr.String(); {
			case tc.wantStderr == "" && got != "":
				t.Errorf("stderr %q, want nothing", got)
			case tc.wantStderr != "" && !strings.Contains(got, tc.wantStderr):
				t.Errorf("stderr %q, want %q", got, tc.wantStderr)
			}
			if _, err := os.Stat(tc.written); tc.written != "" && err != nil {
				t.Errorf("%s not written: %v", tc.written, err)
			}
			if _, err := os.Stat(tc.unwritten); tc.unwritten != "" && err == nil {
				t.Errorf("%s written", tc.unwritten)
			}
		})
	}
}

// TestClosedStreamOnlyOnStreams: only EPIPE on a stream ends a command
// quietly; a failed write to a regular file (a full disk) and any other
// error on a stream stay errors (Main prints them).
func TestClosedStreamOnlyOnStreams(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	file := writeTemp(t, dir, "out.swf", "")
	fifo := filepath.Join(dir, "p.swf")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip("no FIFOs:", err)
	}
	write := func(path string, errno syscall.Errno) error {
		return &fs.PathError{Op: "write", Path: path, Err: errno}
	}
	tests := []struct {
		name string
		err  error
		want bool
	}{
		{"EPIPE on /dev/stdout", write("/dev/stdout", syscall.EPIPE), true},
		{"EPIPE on /dev/fd/1, wrapped", fmt.Errorf("convert: %w", write("/dev/fd/1", syscall.EPIPE)), true},
		{"EPIPE on a named pipe", write(fifo, syscall.EPIPE), true},
		{"ENOSPC on a regular file", write(file, syscall.ENOSPC), false},
		{"ENOSPC on /dev/stdout", write("/dev/stdout", syscall.ENOSPC), false},
		{"EPIPE on a regular file", write(file, syscall.EPIPE), false},
		{"EPIPE without a path", syscall.EPIPE, false},
		{"other error", errors.New("broken pipe"), false},
	}
	for _, tc := range tests {
		if got := closedStream(tc.err); got != tc.want {
			t.Errorf("%s: closedStream(%v) = %v, want %v", tc.name, tc.err, got, tc.want)
		}
	}
}

// TestInfoListsUnreadable: info showed only the first unreadable value of
// each warning (in its message); it now follows the warning with the
// values as written, as import does: at most 5 with their lines and jobs,
// then "and K more rows". The logs are SWF whose procs field (or submit)
// holds a number that is not an integer, in rows 1 to bad.
func TestInfoListsUnreadable(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	swf := func(bad int, field string) string {
		var b strings.Builder
		b.WriteString("; MaxProcs: 64\n")
		for i := 1; i <= 10; i++ {
			submit, procs := strconv.Itoa(10*i), "4"
			if i <= bad && field == "procs" {
				procs = "4." + strconv.Itoa(i)
			}
			if i <= bad && field == "submit" {
				submit = "t" + strconv.Itoa(i)
			}
			fmt.Fprintf(&b, "%d %s 5 100 %s -1 -1 4 200 -1 1 3 1 1 1 -1 -1 -1\n", i, submit, procs)
		}
		return b.String()
	}
	tests := []struct {
		name  string
		bad   int
		field string
		want  string // the end of the warning
	}{
		{"two", 2, "procs", `; procs as written: line 2 (job 1) "4.1", line 3 (job 2) "4.2"`},
		{"five", 5, "procs", `; procs as written: line 2 (job 1) "4.1", line 3 (job 2) "4.2", line 4 (job 3) "4.3", line 5 (job 4) "4.4", line 6 (job 5) "4.5"`},
		{"eight", 8, "procs", `; procs as written: line 2 (job 1) "4.1", line 3 (job 2) "4.2", line 4 (job 3) "4.3", line 5 (job 4) "4.4", line 6 (job 5) "4.5", and 3 more rows`},
		{"submit, rows left out", 3, "submit", `; submit as written: line 2 (job 1) "t1", line 3 (job 2) "t2", line 4 (job 3) "t3"`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			log := writeTemp(t, dir, tc.name+".swf", swf(tc.bad, tc.field))
			out, _, err := runCLI(t, "info", log, "--format", "json")
			if err != nil {
				t.Fatal(err)
			}
			var rec struct{ Warnings []string }
			if err := json.Unmarshal([]byte(out), &rec); err != nil {
				t.Fatalf("%v\n%s", err, out)
			}
			if len(rec.Warnings) != 1 || !strings.HasSuffix(rec.Warnings[0], tc.want) {
				t.Fatalf("warnings %q, want one ending in %q", rec.Warnings, tc.want)
			}
		})
	}
}
