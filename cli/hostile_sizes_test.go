package cli

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/go-gota/gota/series"

	"github.com/tracelab/tracelab/datasets"
)

// Issue 25 (hostile input, round two): each example is a run of the
// program in its own process, limited to 1 GB of data, 30 seconds of CPU
// and 5 minutes of wall time. The CPU bound is the test of speed (the
// quadratic scans these cases guard against took minutes of CPU); the wall
// bound only catches a run that blocks (a FIFO read), and is loose because
// wall time depends on the machine's other load (the heaviest case, a
// report of 100,000 jobs, takes about 9 CPU-s and took 60 s of wall time
// on 2 cores shared with seven other processes).
const (
	issue25Memory  = 1 << 30
	issue25CPU     = 30 * time.Second
	issue25Timeout = 5 * time.Minute
)

// issue25Case is one command line and the ending it must have: an error
// containing want, or success when want is "".
type issue25Case struct {
	name string
	args []string
	want string
}

// runIssue25 runs the cases in dir, in parallel, each under the limits:
// no crash, no time-out, the expected ending.
func runIssue25(t *testing.T, dir string, cases []issue25Case) {
	t.Helper()
	exe := tracelabBinary(t)
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			r := runLimited(t, exe, dir, issue25Memory, issue25Timeout, nil, tc.args...)
			switch {
			case r.timedOut:
				t.Fatalf("still running after %v (%v of CPU)", issue25Timeout, r.took)
			case r.took > issue25CPU:
				t.Fatalf("took %v of CPU, more than %v", r.took, issue25CPU)
			case r.crashed():
				t.Fatalf("crashed:\n%.800s", r.stderr)
			case tc.want == "" && r.code != 0:
				t.Fatalf("exit %d:\n%.800s", r.code, r.stderr)
			case tc.want != "" && (r.code != 1 || !strings.Contains(r.stderr, tc.want)):
				t.Fatalf("exit %d, want 1 and an error containing %q:\n%.800s", r.code, tc.want, r.stderr)
			}
		})
	}
}

// swfLog returns n jobs of an SWF log (irregular arrivals, sizes 1–8 and
// powers of two) after the header lines, and the extra lines.
func swfLog(header string, n int, extra ...string) string {
	var b strings.Builder
	b.WriteString(header)
	for k := range n {
		procs := 1 + k%8
		if k%3 == 0 {
			procs = 1 << (k % 6)
		}
		fmt.Fprintf(&b, "%d %d 10 %d %d 90 -1 %d 200 -1 1 %d 1 7 1 1 -1 -1\n",
			k+1, k*3000+k*k*37%2900, 100+k*37%900, procs, procs, 1+k%5)
	}
	for _, l := range extra {
		b.WriteString(l)
	}
	return b.String()
}

// shardWith writes a one-row copy of shard file src with its metadata
// replaced.
func shardWith(t *testing.T, src, dst string, shard, shards, total int) {
	t.Helper()
	df, err := datasets.ReadParquetFile(src)
	if err != nil {
		t.Fatal(err)
	}
	df = df.Subset([]int{0}).
		Mutate(series.New([]int{shard}, series.Int, "shard")).
		Mutate(series.New([]int{shards}, series.Int, "shards")).
		Mutate(series.New([]int{total}, series.Int, "replicates"))
	if err := datasets.WriteFrameFile(dst, df); err != nil {
		t.Fatal(err)
	}
}

// TestIssue25Sizes (class 1): a count, size or index read from a file is
// checked against what the data can hold before it sizes anything.
func TestIssue25Sizes(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for k := range 2 {
		p := filepath.Join(dir, fmt.Sprintf("s%d.parquet", k))
		if _, _, err := runCLI(t, "sweep", "--experiment", "window", "--reps", "2", "--window", "1w", "--quiet",
			"--shard", fmt.Sprintf("%d/2", k), "-o", p); err != nil {
			t.Fatal(err)
		}
	}
	s0 := filepath.Join(dir, "s0.parquet")
	shardWith(t, s0, filepath.Join(dir, "reps2e45.parquet"), 0, 2, 1<<45)
	shardWith(t, s0, filepath.Join(dir, "shards2e45.parquet"), 0, 1<<45, 1<<45)
	shardWith(t, s0, filepath.Join(dir, "shards2e30.parquet"), 0, 1<<30, 1<<30)
	for _, tasks := range []string{"-5", "1000000000000000000", "1099511627776"} {
		d := filepath.Join(dir, "array"+tasks)
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
		writeTemp(t, d, "array.json", fmt.Sprintf(`{"plan":{"dir":%q,"key":"k","command":["/bin/true"],"tasks":%s,`+
			`"output":"shard-{task}.parquet","options":{}},"submissions":[{"job_id":"12","tasks":[0,1],"script":"x",`+
			`"time":"2024-01-01T00:00:00Z"}]}`, d, tasks))
	}
	huge := "61 190000 10 100 2251799813685248 90 -1 2251799813685248 200 -1 1 3 1 7 1 1 -1 -1\n" // 2^51 processors
	writeTemp(t, dir, "huge-job.swf", swfLog("", 60, huge))
	writeTemp(t, dir, "maxprocs-2e53.swf", swfLog("; MaxProcs: 9007199254740992\n", 60))
	writeTemp(t, dir, "maxprocs-2e9.swf", swfLog("; MaxProcs: 2000000000\n", 60))
	const tooLarge = "machine size out of range"
	runIssue25(t, dir, []issue25Case{
		{"shard of 2^45 replicates", []string{"sweep", "merge", "reps2e45.parquet", "s1.parquet"}, "holds 1 rows, shard 0/2 of 35184372088832 replicates"},
		{"shard of 2^45 shards", []string{"sweep", "merge", "shards2e45.parquet", "--allow-partial"}, "bad shard metadata 0/35184372088832"},
		{"shard of 2^30 shards", []string{"sweep", "merge", "shards2e30.parquet", "--allow-partial"}, "bad shard metadata 0/1073741824"},
		{"array.json of -5 tasks", []string{"slurm", "status", "array-5"}, "-5 tasks, want 1 to 4000001"},
		{"array.json of 1e18 tasks", []string{"slurm", "status", "array1000000000000000000"}, "1000000000000000000 tasks"},
		{"array.json of 2^40 tasks", []string{"slurm", "status", "array1099511627776"}, "1099511627776 tasks"},
		{"model lublin, one job of 2^51 processors", []string{"model", "lublin", "huge-job.swf"}, ""},
		{"simulate conservative, one job of 2^51 processors", []string{"simulate", "huge-job.swf", "--scheduler", "conservative"}, tooLarge},
		{"simulate conservative, MaxProcs 2^53", []string{"simulate", "maxprocs-2e53.swf", "--scheduler", "conservative"}, tooLarge},
		{"simulate conservative, MaxProcs 2e9", []string{"simulate", "maxprocs-2e9.swf", "--scheduler", "conservative"}, tooLarge},
		{"simulate conservative, --procs 2^24", []string{"simulate", "maxprocs-2e9.swf", "--scheduler", "conservative", "--procs", "16777216"}, ""},
		// The paper's arrivals (about 950 s apart) fill the 200 years a log
		// may span (datasets.MaxTime) near job 6.6 million: 6 million fit,
		// MaxJobs (10 million) is refused before a line is written.
		{"generate 6 million jobs on the largest machine", []string{"generate", "lublin", "--jobs", "6000000", "--procs", "16777216", "-o", os.DevNull}, ""},
		{"generate the most jobs on the largest machine", []string{"generate", "lublin", "--jobs", "10000000", "--procs", "16777216", "-o", os.DevNull}, "beyond the 200 years a log may span"},
		{"feedback conservative, MaxProcs 2e9", []string{"feedback", "maxprocs-2e9.swf", "--scheduler", "conservative"}, tooLarge},
		{"sweep conservative, MaxProcs 2^53", []string{"sweep", "maxprocs-2e53.swf", "--experiment", "window", "--window", "1h",
			"--reps", "2", "--scheduler", "conservative", "--quiet"}, tooLarge},
	})
}

// TestIssue25Outputs (class 5): a command checks every output before any
// work and commits its outputs together; an output is never an input,
// also through a link; a stream has no files beside it.
func TestIssue25Outputs(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	sacctLog := writeTemp(t, dir, "c.sacct", sacctSample)
	devnull := filepath.Join(dir, "devnull.swf")
	if err := os.Symlink(os.DevNull, devnull); err != nil {
		t.Fatal(err)
	}
	imp := writeTemp(t, dir, "imp.swf", "old")
	if err := os.Mkdir(imp+".jobs.csv", 0o755); err != nil {
		t.Fatal(err)
	}
	est := writeTemp(t, dir, "est.swf", swfLog("; MaxProcs: 64\n", 60))
	estLink := filepath.Join(dir, "est-link.swf")
	if err := os.Symlink("est.swf", estLink); err != nil {
		t.Fatal(err)
	}
	estBefore, _ := os.ReadFile(est)
	missing := filepath.Join(dir, "missing")
	readOnly := writeTemp(t, dir, "ro.csv", "old")
	if err := os.Chmod(readOnly, 0o444); err != nil {
		t.Fatal(err)
	}
	htmlDir := filepath.Join(dir, "r.html")
	if err := os.Mkdir(htmlDir, 0o755); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name  string
		args  []string
		want  string // error; "" for none
		check func(t *testing.T, stderr string)
	}{
		{"import -o a link to /dev/null writes nothing beside it", []string{"import", "sacct", sacctLog, "-o", devnull, "--tz", "UTC"}, "",
			func(t *testing.T, stderr string) {
				for _, s := range []string{".ids.csv", ".jobs.csv"} {
					if _, err := os.Lstat(devnull + s); err == nil {
						t.Errorf("%s written", devnull+s)
					}
				}
				if !strings.Contains(stderr, "a stream") {
					t.Errorf("stderr: %s", stderr)
				}
			}},
		{"import with OUT.jobs.csv a folder replaces nothing", []string{"import", "sacct", sacctLog, "-o", imp, "--tz", "UTC"},
			"write " + imp + ".jobs.csv: is a directory", func(t *testing.T, _ string) {
				if b, _ := os.ReadFile(imp); string(b) != "old" {
					t.Errorf("OUT holds %q", b)
				}
				if _, err := os.Stat(imp + ".ids.csv"); err == nil {
					t.Error("OUT.ids.csv written")
				}
			}},
		{"generate --estimates-from X -o X", []string{"generate", "lublin", "--jobs", "10", "--estimates-from", est, "-o", est},
			"-o " + est + " would overwrite the input " + est, nil},
		{"generate --estimates-from X -o a link to X", []string{"generate", "lublin", "--jobs", "10", "--estimates-from", est, "-o", estLink},
			"-o " + estLink + " would overwrite the input " + est, nil},
		{"reproduce -o x.swf", []string{"reproduce", "--from", dir, "-o", filepath.Join(dir, "x.swf")}, "this command cannot write .swf (want .md)", nil},
		{"reproduce -o onto a ledger", []string{"reproduce", "--from", dir, "-o", filepath.Join(dir, "zakay2013", "run.json")}, "cannot write .json", nil},
		{"sweep -o into a missing folder", []string{"sweep", "--experiment", "window", "--window", "1w", "--reps", "40", "-o", filepath.Join(missing, "x.parquet")},
			"create " + filepath.Join(missing, "x.parquet") + ": no such file or directory", func(t *testing.T, stderr string) {
				if strings.Contains(stderr, "replicates") {
					t.Errorf("replicates ran before the output was checked:\n%s", stderr)
				}
			}},
		{"sweep --shard -o into a missing folder", []string{"sweep", "--experiment", "window", "--window", "1w", "--reps", "40", "--shard", "0/2",
			"-o", filepath.Join(missing, "x.parquet")}, "no such file or directory", nil},
		{"simulate --weekly-out into a missing folder", []string{"simulate", "--jobs-out", filepath.Join(dir, "jobs.csv"),
			"--weekly-out", filepath.Join(missing, "w.csv")}, "no such file or directory", func(t *testing.T, _ string) {
			if _, err := os.Stat(filepath.Join(dir, "jobs.csv")); err == nil {
				t.Error("--jobs-out written")
			}
		}},
		{"resample -o into a missing folder", []string{"resample", "--seed", "1", "-o", filepath.Join(missing, "r.swf")}, "no such file or directory", nil},
		{"report -o a folder", []string{"report", "-o", htmlDir}, "write " + htmlDir + ": is a directory", nil},
		// Round 2 of the hostile audit: a read-only file was replaced.
		{"convert -o a read-only file", []string{"convert", "-o", readOnly}, "write " + readOnly + ": read-only file",
			func(t *testing.T, _ string) {
				if b, _ := os.ReadFile(readOnly); string(b) != "old" {
					t.Errorf("the read-only file holds %q", b)
				}
			}},
		{"simulate --jobs-out a read-only file", []string{"simulate", "--jobs-out", readOnly}, "read-only file", nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, stderr, err := runCLI(t, tc.args...)
			wantError(t, err, tc.want)
			if tc.check != nil {
				tc.check(t, stderr)
			}
		})
	}
	if b, _ := os.ReadFile(est); string(b) != string(estBefore) {
		t.Error("generate replaced its input")
	}
}

// TestIssue25Stdout (class 7): -o /dev/stdout writes to the program's
// standard output, a pipe or a file alike, in the order of what else it
// prints (the default format: the first the command writes).
func TestIssue25Stdout(t *testing.T) {
	t.Parallel()
	exe := tracelabBinary(t)
	dir := t.TempDir()
	tests := []struct {
		args []string
		want string // a line the output holds
	}{
		{[]string{"convert", "-o", "/dev/stdout"}, "; Version: 2.2"},
		{[]string{"simulate", "--jobs-out", "/dev/stdout", "--format", "csv"}, "job_id,user,submit,start,end,wait"},
		{[]string{"generate", "lublin", "--jobs", "5", "-o", "/dev/stdout"}, "; Version: 2.2"},
	}
	for _, tc := range tests {
		for _, to := range []string{"pipe", "file"} {
			t.Run(tc.args[0]+" to a "+to, func(t *testing.T) {
				cmd := exec.Command(exe, tc.args...)
				cmd.Env = append(os.Environ(), "TRACELAB_DATA=")
				var out []byte
				var err error
				if to == "pipe" {
					out, err = cmd.Output()
				} else {
					p := filepath.Join(dir, tc.args[0]+".out")
					f, ferr := os.Create(p)
					if ferr != nil {
						t.Fatal(ferr)
					}
					cmd.Stdout = f
					err = cmd.Run()
					f.Close()
					out, _ = os.ReadFile(p)
				}
				if err != nil || !strings.Contains(string(out), tc.want) {
					t.Fatalf("%v; output %.300q", err, out)
				}
				if tc.args[0] == "simulate" && !strings.Contains(string(out), "key,value\navg_wait") && !strings.Contains(string(out), "\nkey,value\n") {
					t.Errorf("the summary was overwritten or lost:\n%.300s", out[max(0, len(out)-300):])
				}
			})
		}
	}
}

// TestLongStepsShowProgress (class 4): the manipulations and the
// bootstrap of locality show their progress on stderr (locality
// manipulate --manip-reps 10000 once ran nine minutes in silence). Not
// parallel: it shows progress at once (progressDelay 0), which parallel
// tests would see.
func TestLongStepsShowProgress(t *testing.T) {
	defer func(d time.Duration) { progressDelay = d }(progressDelay)
	progressDelay = 0
	_, stderr, err := runCLI(t, "locality", "manipulate", "--manip-reps", "3", "--fractions", "0.5", "--windows", "7", "--reps", "20")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"locality: bootstrap repetitions: done (20)", "locality: manipulated versions: 20% (1/5", "locality: manipulated versions: done (5)"} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr)
		}
	}
}

// TestIssue25Hangs (class 4): a logged schedule far wider than the machine
// replays in O(n log n) (100,000 jobs of 60 processors every 10 s on 100
// processors: the scan of every waiting job was quadratic), and a named
// pipe among the files merged or read as ledgers is refused at once (it
// blocked forever).
func TestIssue25Hangs(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	var b strings.Builder
	b.WriteString("; MaxProcs: 100\n")
	for k := range 100_000 {
		fmt.Fprintf(&b, "%d %d 0 1000 60 90 -1 60 1000 -1 1 %d 1 7 1 1 -1 -1\n", k+1, k*10, 1+k%20)
	}
	writeTemp(t, dir, "overfull.swf", b.String())
	if _, _, err := runCLI(t, "sweep", "--experiment", "window", "--reps", "2", "--window", "1w", "--quiet",
		"--shard", "1/2", "-o", filepath.Join(dir, "s1.parquet")); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(dir, "fifo.parquet"), 0o600); err != nil {
		t.Skip("no FIFOs:", err)
	}
	ledgers := filepath.Join(dir, "ledgers", "zakay2013")
	if err := os.MkdirAll(ledgers, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"run.json", "0123456789abcdef.json"} {
		if err := syscall.Mkfifo(filepath.Join(ledgers, f), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	runIssue25(t, dir, []issue25Case{
		{"simulate --scheduler log, schedule wider than the machine", []string{"simulate", "overfull.swf", "--scheduler", "log"}, ""},
		{"report, schedule wider than the machine", []string{"report", "overfull.swf", "-o", "overfull.html"}, ""},
		{"sweep merge of a FIFO", []string{"sweep", "merge", "fifo.parquet", "s1.parquet"}, "fifo.parquet: a named pipe (FIFO), not a regular file"},
		{"reproduce --from a folder of FIFOs", []string{"reproduce", "zakay2013", "--from", "ledgers"}, "a named pipe (FIFO), not a regular file"},
	})
}

// TestIssue25Lists (class 7): an empty or repeated entry of a list, and a
// number written other than in decimal, are usage errors naming them
// (resample --mix ,,, mixed four copies of the sample; the last of two
// weights of a class won).
func TestIssue25Lists(t *testing.T) {
	t.Parallel()
	o := filepath.Join(t.TempDir(), "x.swf")
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"resample", "--seed", "1", "-o", o, "--weeks", "4", "--mix", ",,,"}, "--mix ,,,: an empty entry"},
		{[]string{"resample", "--seed", "1", "-o", o, "--weeks", "4", "--mix", "sample,,sample"}, "--mix sample,,sample: an empty entry"},
		{[]string{"resample", "--seed", "1", "-o", o, "--weeks", "4", "--mix", "sample,sample"}, "--mix sample,sample: sample given twice"},
		{[]string{"resample", "--seed", "1", "-o", o, "--weight-class", "heavy=1,heavy=2"}, "class heavy weighted twice"},
		{[]string{"resample", "--seed", "1", "-o", o, "--weight-class", "heavy=0x10"}, `class weight "heavy=0x10": want a decimal number`},
		{[]string{"resample", "--seed", "1", "-o", o, "--weight-class", "heavy=0x1p4"}, "want a decimal number"},
		{[]string{"resample", "--seed", "1", "-o", o, "--weight-class", "heavy=Inf"}, "want a decimal number"},
		{[]string{"sweep", "--reps", "1", "--load", "1,1"}, "--load 1,1: 1 given twice"},
		{[]string{"sweep", "--reps", "1", "--load", "0x1p0"}, `--load 0x1p0: "0x1p0": want a number above 0`},
		{[]string{"hurst", "--factor", "0x1p1"}, "--factor 0x1p1: want a number from 1.01 to 10"},
		{[]string{"locality", "runs", "--key", "app,app"}, "--key app,app: app given twice"},
		{[]string{"locality", "runs", "--key", "app,"}, "--key app,: an empty entry"},
		{[]string{"kernel", "install", "--name", "..", "--dir", t.TempDir()}, `bad kernel name ".."`},
		// Class 4: 10,000 took minutes of CPU (and nine of wall time).
		{[]string{"locality", "manipulate", "--manip-reps", "10000"}, "--manip-reps 10000: want an integer from 1 to 1,000"},
	}
	for _, tc := range tests {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			t.Parallel()
			_, _, err := runCLI(t, tc.args...)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want one containing %q", err, tc.want)
			}
		})
	}
}

// TestIssue25Messages (class 8): messages say what is wrong in the user's
// terms: which field of two sweeps differs (not the experiment's internal
// key), a flag only where the command has it, a number's range.
func TestIssue25Messages(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	shard := func(name, seed string) string {
		p := filepath.Join(dir, name)
		if _, _, err := runCLI(t, "sweep", "--experiment", "window", "--reps", "2", "--window", "1w", "--quiet",
			"--seed", seed, "--shard", "0/2", "-o", p); err != nil {
			t.Fatal(err)
		}
		return p
	}
	a, b := shard("a.parquet", "1"), shard("b.parquet", "5")
	noSize := writeTemp(t, dir, "nosize.swf", "1 0 -1 100 4 -1 -1 4 200 -1 1 3 1 7 1 1 -1 -1\n2 4000 -1 100 4 -1 -1 4 200 -1 1 3 1 7 1 1 -1 -1\n")
	huge := writeTemp(t, dir, "huge.swf", swfLog("; MaxProcs: 2000000000\n", 60))
	arrays := filepath.Join(dir, "arrays")
	slurmSweep := func(seed string) []string {
		return []string{"sweep", "--experiment", "window", "--window", "1w", "--reps", "2", "--seed", seed, "--slurm", "--shards", "2",
			"--slurm-dir", arrays, "--tracelab", "/bin/true", "-o", filepath.Join(dir, "s.parquet")}
	}
	runCLI(t, slurmSweep("1")...) // makes the array folder; no sbatch here
	tests := []struct {
		args    []string
		want    string
		mustNot string
	}{
		{[]string{"sweep", "merge", a, b}, "belong to different sweeps: seed 1 and 5", "sim={"},
		{slurmSweep("7"), arrays + " holds another sweep (seed 1 and 7)", "sim={"},
		{[]string{"stationarity", noSize}, "add or correct its line '; MaxProcs: P'", "--procs"},
		{[]string{"simulate", noSize}, "unless --procs P gives it", ""},
		{[]string{"simulate", huge}, "machine size out of range: 2000000000 processors, want 1 to 16777216", ""},
		{[]string{"sweep", huge, "--reps", "2", "--quiet"}, "machine size out of range", "--procs"},
		{[]string{"reproduce", "--seed", "1e30"}, "--seed 1e30: want an integer from 0 to 18446744073709551615", "parse error"},
		{[]string{"reproduce", "--workers", "5000"}, "--workers 5000: want an integer from 0 to 1,024", ""},
	}
	for _, tc := range tests {
		t.Run(strings.Join(tc.args[:2], " "), func(t *testing.T) {
			_, _, err := runCLI(t, tc.args...)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want one containing %q", err, tc.want)
			}
			if tc.mustNot != "" && strings.Contains(err.Error(), tc.mustNot) {
				t.Errorf("the message says %q: %v", tc.mustNot, err)
			}
		})
	}
}

// TestIssue25ShortLog (class 9): a log too short for the user classes
// says so (users.Population.Shortfall) instead of printing zeros: users
// --summary fails with the reason, the per-user table warns, the report's
// table gives the reason.
func TestIssue25ShortLog(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	var b strings.Builder
	for k := 0; k*3000 <= 11*86400; k++ {
		fmt.Fprintf(&b, "%d %d 10 100 4 90 -1 4 200 -1 1 %d 1 7 1 1 -1 -1\n", k+1, k*3000, 1+k%7)
	}
	log := writeTemp(t, dir, "days11.swf", "; MaxProcs: 64\n"+b.String())
	const why = "the log spans 11 days: no user can be long-term (active over more than 12 weeks), and every other user"
	if _, _, err := runCLI(t, "users", log, "--summary"); err == nil || !strings.Contains(err.Error(), why) {
		t.Errorf("users --summary: %v", err)
	}
	out, stderr, err := runCLI(t, "users", log, "--format", "csv")
	if err != nil || !strings.Contains(stderr, "users: warning: days11: "+why) || strings.Count(out, "\n") != 8 {
		t.Errorf("users: %v\n%s\n%s", err, stderr, out)
	}
	html := filepath.Join(dir, "r.html")
	if _, _, err := runCLI(t, "report", log, "-o", html); err != nil {
		t.Fatal(err)
	}
	if page, _ := os.ReadFile(html); !strings.Contains(string(page), "Not available for this log: "+why) {
		t.Error("the report's user classes do not say why they are empty")
	}
}
