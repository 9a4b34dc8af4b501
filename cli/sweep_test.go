package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tracelab/tracelab/sim/sweep"
)

func TestSweepJSON(t *testing.T) {
	out, _, err := runCLI(t, "sweep", "--experiment", "window", "--reps", "3", "--load", "0.8,1.2", "--seed", "5", "--format", "json", "--quiet")
	if err != nil {
		t.Fatal(err)
	}
	var rows []map[string]any
	if err := json.Unmarshal([]byte(out), &rows); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if len(rows) != 6 {
		t.Fatalf("%d rows, want 2 loads × 3 replicates", len(rows))
	}
	for i, r := range rows {
		for _, k := range []string{"replicate", "seed", "load", "window_start", "jobs", "avg_wait", "avg_slowdown", "utilization", "throughput_makespan_per_week"} {
			if _, ok := r[k]; !ok {
				t.Errorf("row %d lacks %q", i, k)
			}
		}
		if r["replicate"] != float64(i) || r["seed"] != rows[i%3]["seed"] {
			t.Errorf("row %d: replicate %v seed %v", i, r["replicate"], r["seed"])
		}
	}
	if rows[0]["load"] != 0.8 || rows[5]["load"] != 1.2 {
		t.Errorf("loads %v, %v", rows[0]["load"], rows[5]["load"])
	}
}

// TestSweepReading: a reading changes the resampling (the default starts
// the long-term users in one common week, "cycle" each in its own), and
// adds the load CV column.
func TestSweepReading(t *testing.T) {
	var rows [2][]map[string]any
	for k, rd := range []string{"default", "cycle"} {
		out, _, err := runCLI(t, "sweep", "--reps", "4", "--seed", "3", "--reading", rd, "--format", "json", "--quiet")
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal([]byte(out), &rows[k]); err != nil {
			t.Fatalf("%v\n%s", err, out)
		}
	}
	same := 0
	for i := range rows[0] {
		if _, ok := rows[0][i]["load_cv"]; !ok {
			t.Fatalf("row %d lacks load_cv", i)
		}
		if rows[0][i]["jobs"] == rows[1][i]["jobs"] {
			same++
		}
	}
	if same == len(rows[0]) {
		t.Error("the cycle reading resampled the same logs as the default")
	}
}

// TestSweepShards: a sweep run as 3 shard commands and merged equals the
// sweep run at once, row for row; the merge refuses a missing shard and
// names it.
func TestSweepShards(t *testing.T) {
	dir := t.TempDir()
	common := []string{"--experiment", "window", "--reps", "10", "--load", "1,1.5", "--window", "3w", "--seed", "11", "--quiet"}
	local := filepath.Join(dir, "local.csv")
	if _, _, err := runCLI(t, append([]string{"sweep", "-o", local, "--workers", "1"}, common...)...); err != nil {
		t.Fatal(err)
	}
	var shards []string
	for _, sh := range []string{"2/3", "0/3", "1/3"} {
		p := sweep.ShardPath(dir, mustShard(t, sh))
		if _, _, err := runCLI(t, append([]string{"sweep", "--shard", sh, "-o", p}, common...)...); err != nil {
			t.Fatal(err)
		}
		shards = append(shards, p)
	}
	merged := filepath.Join(dir, "merged.csv")
	if _, _, err := runCLI(t, append([]string{"sweep", "merge", "-o", merged}, shards...)...); err != nil {
		t.Fatal(err)
	}
	a, _ := os.ReadFile(local)
	b, _ := os.ReadFile(merged)
	if len(a) == 0 || string(a) != string(b) {
		t.Errorf("merged shards differ from the local run:\n%s\n---\n%s", a, b)
	}
	// shards holds 2/3, 0/3, 1/3: leave out 0/3.
	_, _, err := runCLI(t, "sweep", "merge", shards[0], shards[2])
	if err == nil || !strings.Contains(err.Error(), "1 of 3 shards missing: 0") || !strings.Contains(err.Error(), "--allow-partial") {
		t.Errorf("partial merge: %v", err)
	}
	out, stderr, err := runCLI(t, "sweep", "merge", "--allow-partial", "--format", "csv", shards[0], shards[2])
	if err != nil || strings.Count(out, "\n") != 1+13 || !strings.Contains(stderr, "shards 0 of 3 missing") {
		t.Errorf("partial merge allowed: %v\n%s\n%s", err, stderr, out)
	}
}

func mustShard(t *testing.T, s string) sweep.Shard {
	t.Helper()
	sh, err := sweep.ParseShard(s)
	if err != nil {
		t.Fatal(err)
	}
	return sh
}

// TestSweepFailHook: the test hook makes one shard fail without leaving a
// file.
func TestSweepFailHook(t *testing.T) {
	t.Setenv(sweepFailEnv, "1")
	dir := t.TempDir()
	p := filepath.Join(dir, "s1.parquet")
	_, _, err := runCLI(t, "sweep", "--reps", "6", "--shard", "1/3", "-o", p, "--quiet")
	if err == nil || !strings.Contains(err.Error(), "injected failure of shard 1/3") {
		t.Fatalf("error %v", err)
	}
	if _, err := os.Stat(p); !os.IsNotExist(err) {
		t.Errorf("the failed shard left %s", p)
	}
	if _, _, err := runCLI(t, "sweep", "--reps", "6", "--shard", "2/3", "-o", p, "--quiet"); err != nil {
		t.Errorf("another shard failed too: %v", err)
	}
}

func TestSweepErrors(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"sweep"}, "--reps N"},
		{[]string{"sweep", "--reps", "3", "--experiment", "nope"}, `unknown experiment "nope"`},
		{[]string{"sweep", "--reps", "3", "--scheduler", "lottery"}, `unknown scheduler "lottery"`},
		{[]string{"sweep", "--reps", "3", "--load", "1,x"}, `"x": want a number above 0`},
		{[]string{"sweep", "--reps", "3", "--experiment", "window", "--window", "-2w"}, "--window -2w: want a duration from 1h"},
		{[]string{"sweep", "--reps", "3", "--shard", "3/3", "-o", "x.parquet"}, "0 ≤ i < n"},
		{[]string{"sweep", "--reps", "3", "--shard", "0/3"}, "-o FILE.parquet"},
		{[]string{"sweep", "--reps", "3", "--shard", "0/4", "-o", "x.parquet"}, "4 shards for 3 replicates"},
		{[]string{"sweep", "--reps", "3", "--slurm"}, "--slurm needs -o"},
		{[]string{"sweep", "--reps", "3", "--slurm", "--shards", "4", "-o", "x.parquet"}, "--shards 4"},
		{[]string{"sweep", "--reps", "3", "--slurm", "--shard", "0/3", "-o", "x.parquet"}, "exclude each other"},
		{[]string{"sweep", "--reps", "3", "--slurm", "--shards", "3", "-o", "x.parquet", "--sbatch-arg", "mem 1G"}, "one option per argument"},
		{[]string{"sweep", "--reps", "3", "--reading", "sideways"}, `unknown reading "sideways"`},
		{[]string{"sweep", "--reps", "3", "--experiment", "window", "--reading", "cycle"}, "resample experiment only"},
		{[]string{"sweep", "--reps", "3", "--period-start", "yesterday"}, "--period-start"},
		{[]string{"sweep", "--reps", "3", "--experiment", "window", "--period-start", "log_start"}, "resample experiment only"},
		{[]string{"sweep", "merge"}, "needs shard files"},
		{[]string{"slurm"}, "status|wait|resubmit|cancel"},
		{[]string{"slurm", "status", "/nonexistent"}, "not an array folder"},
	}
	for _, tt := range tests {
		_, _, err := runCLI(t, tt.args...)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%v: %v, want an error containing %q", tt.args, err, tt.want)
		}
	}
}

// TestSweepSlurmDryRun prints the job array's script and creates nothing.
func TestSweepSlurmDryRun(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "r.parquet")
	script, _, err := runCLI(t, "sweep", "--reps", "20", "--load", "1,2", "--slurm", "--dry-run", "-o", out,
		"--shards", "8", "--throttle", "2", "--partition", "batch", "--time", "30:00", "--cpus-per-task", "2",
		"--sbatch-arg", "--mem=2G", "--tracelab", "/opt/bin/tracelab")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"#SBATCH --array=0-7%2\n", "#SBATCH --partition=batch\n", "#SBATCH --time=30:00\n",
		"#SBATCH --cpus-per-task=2\n", "#SBATCH --mem=2G\n",
		"#SBATCH --output=" + out + ".slurm/logs/%A_%a.log\n",
		`exec '/opt/bin/tracelab' 'sweep' '--experiment' '` + defaultExperiment + `' '--scheduler' 'easy' '--load' '1,2' '--reps' '20' '--seed' '1' '--shard' "${task}"'/8' '-o' '` +
			out + `.slurm/shard-'"${task}"'-of-8.parquet'`,
	} {
		if !strings.Contains(script, want) {
			t.Errorf("script lacks %q:\n%s", want, script)
		}
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 0 {
		t.Errorf("--dry-run created %v", ents)
	}
}

// TestSweepRareBehaviour runs the default (resample) experiment over an
// RB_NPW grid with a rare-behaviour period: the grid shows in the rows and
// rare jobs appear only where RB_NPW > 0.
func TestSweepRareBehaviour(t *testing.T) {
	out, _, err := runCLI(t, "sweep", "--reps", "2", "--rb", "3:0:2000000", "--rb-npw", "0,0.25",
		"--seed", "4", "--format", "json", "--quiet")
	if err != nil {
		t.Fatal(err)
	}
	var rows []map[string]any
	if err := json.Unmarshal([]byte(out), &rows); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if len(rows) != 4 {
		t.Fatalf("%d rows, want 2 replicates × 2 RB_NPW values", len(rows))
	}
	for _, r := range rows {
		rare := r["rare_jobs"].(float64)
		if (r["rb_npw"].(float64) == 0) != (rare == 0) {
			t.Errorf("rb_npw %v gave %v rare jobs", r["rb_npw"], rare)
		}
	}
	if _, _, err := runCLI(t, "sweep", "--experiment", "window", "--reps", "2", "--rb-npw", "0.1"); err == nil ||
		!strings.Contains(err.Error(), "resample experiment only") {
		t.Errorf("window with --rb-npw: %v", err)
	}
}

func TestSweepShake(t *testing.T) {
	out, _, err := runCLI(t, "sweep", "--experiment", "shake-user", "--reps", "3", "--seed", "5", "--format", "csv", "--quiet")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if lines[0] != "replicate,seed,avg_bsld,avg_wait,order_broken,think_broken" || len(lines) != 4 {
		t.Fatalf("shake-user sweep:\n%s", out)
	}
	for _, l := range lines[1:] {
		if !strings.HasSuffix(l, ",0,0") {
			t.Errorf("user-level shaking broke a dependency: %s", l)
		}
	}
}
