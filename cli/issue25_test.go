package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/go-gota/gota/series"

	"github.com/tracelab/tracelab/datasets"
)

// Issue 25 (hostile input, round two): each example is a run of the
// program in its own process, limited to 1 GB of data and a minute.
const (
	issue25Memory  = 1 << 30
	issue25Timeout = time.Minute
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
				t.Fatalf("still running after %v", issue25Timeout)
			case r.crashed() != "":
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
		{"feedback conservative, MaxProcs 2e9", []string{"feedback", "maxprocs-2e9.swf", "--scheduler", "conservative"}, tooLarge},
		{"sweep conservative, MaxProcs 2^53", []string{"sweep", "maxprocs-2e53.swf", "--experiment", "window", "--window", "1h",
			"--reps", "2", "--scheduler", "conservative", "--quiet"}, tooLarge},
	})
}
