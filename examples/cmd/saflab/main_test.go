package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tracelab/tracelab/cli"
	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/examples/fairshare"
	"github.com/tracelab/tracelab/sim"
	"github.com/tracelab/tracelab/sim/compare"
	"github.com/tracelab/tracelab/sim/feedback"
	"github.com/tracelab/tracelab/sim/resample"
)

// run runs the command line this program's main runs, in the process.
func run(t *testing.T, args ...string) string {
	t.Helper()
	var out, errb bytes.Buffer
	if err := cli.Run(args, &out, &errb); err != nil {
		t.Fatalf("%v: %v\n%s", args, err, errb.String())
	}
	return out.String()
}

// The user's scheduler runs through simulate, sweep, feedback and compare,
// under its registered name.
func TestSchedulerEverywhere(t *testing.T) {
	var rec map[string]any
	if err := json.Unmarshal([]byte(run(t, "simulate", "--scheduler", "saf", "--format", "json")), &rec); err != nil {
		t.Fatal(err)
	}
	if rec["scheduler"] != "saf" || rec["jobs"] != 20631.0 {
		t.Errorf("simulate: scheduler %v, jobs %v", rec["scheduler"], rec["jobs"])
	}
	if err := json.Unmarshal([]byte(run(t, "feedback", "--scheduler", "saf", "--model", "fluid", "--format", "json")), &rec); err != nil {
		t.Fatal(err)
	}
	if rec["scheduler"] != "saf" || !(rec["jobs"].(float64) > 0) {
		t.Errorf("feedback: scheduler %v, jobs %v", rec["scheduler"], rec["jobs"])
	}
	var rows []map[string]any
	if err := json.Unmarshal([]byte(run(t, "sweep", "--reps", "2", "--scheduler", "saf", "--quiet", "--format", "json")), &rows); err != nil {
		t.Fatal(err)
	}
	if len(rows) != 2 || !(rows[0]["simulated"].(float64) > 0) {
		t.Errorf("sweep: %v", rows)
	}
	out := run(t, "compare", "--scheduler", "easy", "--scheduler", "saf", "--variants", "4", "--weeks", "4",
		"--metrics", "avg_wait", "--format", "json")
	if err := json.Unmarshal([]byte(out), &rows); err != nil || len(rows) != 2 || rows[1]["scheduler"] != "saf" {
		t.Errorf("compare: %v\n%s", err, out)
	}
}

// The built program lists its scheduler in the usage lines and its Slurm
// sweeps run the program itself.
func TestBuiltProgram(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the program")
	}
	exe := filepath.Join(t.TempDir(), "saflab")
	if out, err := exec.Command("go", "build", "-o", exe, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	help, err := exec.Command(exe, "help", "simulate").Output()
	if err != nil {
		t.Fatal(err)
	}
	if first, _, _ := strings.Cut(string(help), "\n"); !strings.HasPrefix(first, "usage: saflab simulate") || !strings.Contains(first, "|saf|") {
		t.Errorf("usage line: %s", first)
	}
	script, err := exec.Command(exe, "sweep", "--reps", "4", "--scheduler", "saf", "--slurm", "--dry-run", "--shards", "2",
		"-o", filepath.Join(t.TempDir(), "r.parquet")).Output()
	if err != nil {
		t.Fatal(err)
	}
	if want := "exec '" + exe + "' 'sweep' '--experiment' 'resample' '--scheduler' 'saf'"; !strings.Contains(string(script), want) {
		t.Errorf("batch script lacks %q:\n%s", want, script)
	}
	// A family with a parameter: the name reaches the tasks whole.
	script, err = exec.Command(exe, "sweep", "--reps", "4", "--experiment", "feedback", "--scheduler", fairShare, "--slurm", "--dry-run",
		"--shards", "2", "-o", filepath.Join(t.TempDir(), "r.parquet")).Output()
	if err != nil {
		t.Fatal(err)
	}
	if want := "'--experiment' 'feedback' '--scheduler' '" + fairShare + "'"; !strings.Contains(string(script), want) {
		t.Errorf("batch script lacks %q:\n%s", want, script)
	}
}

// fairShare is the parallel paths' name of the fair-share scheduler: a
// parameter (half-life 6 hours), so that a command that dropped it would
// run another policy.
const fairShare = "fairshare:6"

func fairShareValue() sim.Scheduler { return &fairshare.FairShare{HalfLife: 6 * 3600} }

// jsonRecord runs a command whose --format json output is one object.
func jsonRecord(t *testing.T, args ...string) map[string]any {
	t.Helper()
	var rec map[string]any
	if err := json.Unmarshal([]byte(run(t, args...)), &rec); err != nil {
		t.Fatalf("%v: %v", args, err)
	}
	return rec
}

// TestFairShareCommands: the fair-share scheduler registered by package
// fairshare runs in every command that takes a scheduler, and each gives
// what the library gives with a FairShare value (not EASY's numbers):
// simulate, feedback under the three user models, resample --simulate,
// compare, and sweep with every experiment, whole and as two shards
// merged.
func TestFairShareCommands(t *testing.T) {
	tr := datasets.Sample()
	r, err := sim.Replay(tr, fairShareValue(), sim.Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := r.Summary()
	rec := jsonRecord(t, "simulate", "--scheduler", fairShare, "--format", "json")
	easy := jsonRecord(t, "simulate", "--scheduler", "easy", "--format", "json")
	if rec["scheduler"] != fairShare || rec["avg_wait"] != want.AvgWait || rec["wait_p99"] != want.Wait.P99 {
		t.Errorf("simulate: scheduler %v, avg_wait %v, wait_p99 %v; want %s, %v, %v", rec["scheduler"], rec["avg_wait"],
			rec["wait_p99"], fairShare, want.AvgWait, want.Wait.P99)
	}
	if rec["avg_wait"] == easy["avg_wait"] {
		t.Errorf("simulate: fairshare's average wait is EASY's, %v", easy["avg_wait"])
	}

	w, err := feedback.NewWorkload(tr, feedback.WorkloadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range []feedback.Model{feedback.Adjusted{}, feedback.Distribution{}, feedback.Fluid{}} {
		fb, err := feedback.Simulate(w, fairShareValue(), feedback.Options{Model: m, Seed: 3})
		if err != nil {
			t.Fatal(err)
		}
		rec := jsonRecord(t, "feedback", "--model", m.Name(), "--scheduler", fairShare, "--seed", "3", "--format", "json")
		if rec["scheduler"] != fairShare || rec["avg_wait"] != fb.Summary().AvgWait {
			t.Errorf("feedback, %s model: scheduler %v, avg_wait %v; want %s, %v", m.Name(), rec["scheduler"], rec["avg_wait"],
				fairShare, fb.Summary().AvgWait)
		}
	}

	p, err := resample.NewPools(tr, resample.PoolOptions{})
	if err != nil {
		t.Fatal(err)
	}
	v, err := p.Generate(resample.Options{Seed: 7, Weeks: 4})
	if err != nil {
		t.Fatal(err)
	}
	o, err := v.Simulate(fairShareValue(), resample.SimOptions{})
	if err != nil {
		t.Fatal(err)
	}
	rec = jsonRecord(t, "resample", "--simulate", fairShare, "--weeks", "4", "--seed", "7", "--format", "json",
		"-o", filepath.Join(t.TempDir(), "v.swf"))
	if s, _ := rec["simulation"].(map[string]any); s["scheduler"] != fairShare || s["avg_wait"] != o.Summary.AvgWait {
		t.Errorf("resample --simulate: %v; want scheduler %s, avg_wait %v", s, fairShare, o.Summary.AvgWait)
	}

	rs, err := p.Variants(resample.Options{Weeks: 4}, 3, 7)
	if err != nil {
		t.Fatal(err)
	}
	c, err := compare.Schedulers(context.Background(), compare.Traces(rs), []string{"easy", fairShare}, compare.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var rows []map[string]any
	out := run(t, "compare", "--scheduler", "easy", "--scheduler", fairShare, "--variants", "3", "--weeks", "4", "--seed", "7",
		"--metrics", "avg_wait", "--format", "json")
	if err := json.Unmarshal([]byte(out), &rows); err != nil || len(rows) != 2 {
		t.Fatalf("compare: %v\n%s", err, out)
	}
	var mean float64
	for _, s := range c.Summaries[1] {
		mean += s.AvgWait / float64(len(c.Summaries[1]))
	}
	if got := rows[1]["mean"].(float64); rows[1]["scheduler"] != fairShare || math.Abs(got-mean) > 1e-9*mean || rows[1]["diff"] == 0.0 {
		t.Errorf("compare: %v; want the mean average wait %v of compare.Schedulers, and a difference to EASY", rows[1], mean)
	}

	experiments := []string{"resample", "window", "feedback", "shake-job", "shake-session", "shake-user"}
	for _, x := range experiments {
		t.Run("sweep "+x, func(t *testing.T) {
			sweepArgs := func(s string) []string {
				return []string{"sweep", "--experiment", x, "--scheduler", s, "--reps", "2", "--seed", "3", "--quiet"}
			}
			whole := run(t, append(sweepArgs(fairShare), "--format", "csv")...)
			if whole == run(t, append(sweepArgs("easy"), "--format", "csv")...) {
				t.Errorf("the rows are EASY's:\n%s", whole)
			}
			dir := t.TempDir()
			var shards []string
			for i := range 2 {
				path := filepath.Join(dir, fmt.Sprintf("shard-%d.parquet", i))
				run(t, append(sweepArgs(fairShare), "--shard", fmt.Sprintf("%d/2", i), "-o", path)...)
				shards = append(shards, path)
			}
			merged := filepath.Join(dir, "merged.csv")
			run(t, append([]string{"sweep", "merge"}, append(shards, "-o", merged)...)...)
			b, err := os.ReadFile(merged)
			if err != nil {
				t.Fatal(err)
			}
			if string(b) != whole {
				t.Errorf("2 shards merged:\n%s\nwant the whole sweep's rows:\n%s", b, whole)
			}
		})
	}
}

// TestFairShareSlurm: the fair-share scheduler's sweeps run as job arrays
// on a real Slurm (each task runs this program, built), and the merged
// result equals the local sweep row for row; then `slurm status` of the
// array folder reports every shard done. It needs a Slurm: run it under
// ../scripts/slurm-harness.sh run -- go test ./cmd/saflab.
func TestFairShareSlurm(t *testing.T) {
	if os.Getenv("SLURM_CONF") == "" {
		t.Skip("no Slurm (SLURM_CONF unset): run under scripts/slurm-harness.sh")
	}
	bin := filepath.Join(t.TempDir(), "saflab")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	for _, x := range []string{"feedback", "shake-session"} {
		args := []string{"sweep", "--experiment", x, "--scheduler", fairShare, "--reps", "4", "--seed", "5"}
		out := filepath.Join(t.TempDir(), "sweep.csv")
		slurmArgs := append(append([]string{}, args...), "--slurm", "--shards", "2", "-o", out, "--poll", "200ms")
		if b, err := exec.Command(bin, slurmArgs...).CombinedOutput(); err != nil {
			t.Fatalf("%v: %v\n%s", slurmArgs, err, b)
		}
		local, err := exec.Command(bin, append(args, "--format", "csv", "--quiet")...).Output()
		if err != nil {
			t.Fatalf("%v: %v", args, err)
		}
		merged, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		if string(merged) != string(local) || bytes.Count(local, []byte("\n")) != 5 {
			t.Errorf("%s: the Slurm array's rows differ from the local run:\n%s\nlocal:\n%s", x, merged, local)
		}
		status, err := exec.Command(bin, "slurm", "status", out+".slurm").CombinedOutput()
		if err != nil || !strings.Contains(string(status), "2 done") {
			t.Errorf("slurm status: %v\n%s", err, status)
		}
		// The researcher edits the policy and reruns the same command into
		// the same folder: another program must not add its shards to the
		// old ones (a program of other bytes stands for the rebuilt one).
		b, err := os.ReadFile(bin)
		if err != nil {
			t.Fatal(err)
		}
		edited := bin + "-edited"
		if err := os.WriteFile(edited, append(b, 0), 0o755); err != nil {
			t.Fatal(err)
		}
		rerun, err := exec.Command(edited, slurmArgs...).CombinedOutput()
		if err == nil || !strings.Contains(string(rerun), "program") {
			t.Errorf("rerun of an edited program into the old folder: %v\n%s", err, rerun)
		}
	}
}
