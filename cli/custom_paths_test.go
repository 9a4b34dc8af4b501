package cli

import (
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/tracelab/tracelab/sim"
)

// wrappedEASY forwards everything to a sim.EASY: a researcher's type that
// the engine cannot recognise as a built-in, registered by name as a
// user's main would register it. Every command must give it EASY's
// numbers exactly.
type wrappedEASY struct{ in sim.EASY }

func (w *wrappedEASY) Schedule(e *sim.Engine)      { w.in.Schedule(e) }
func (w *wrappedEASY) Arrive(e *sim.Engine, j int) { w.in.Arrive(e, j) }
func (w *wrappedEASY) Finish(e *sim.Engine, j int) { w.in.Finish(e, j) }

func init() {
	sim.Register("test-wrapped-easy", sim.Fixed(func() sim.Scheduler { return &wrappedEASY{} }))
}

// TestCustomSchedulerCommands: every command that takes a scheduler gives
// a wrapped EASY the output it gives EASY, and FCFS written on the engine's
// public API (sim/simtest's test-fcfs) the output it gives FCFS, but for
// the scheduler's name:
// simulate, feedback under the three user models, resample --simulate,
// compare, and sweep with each experiment that simulates (resample,
// window, feedback, shake-session), whole and as two shards merged (the
// tasks of a Slurm array).
func TestCustomSchedulerCommands(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ builtin, name string }{{"easy", "test-wrapped-easy"}, {"fcfs", "test-fcfs"}} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			customCommands(t, c.builtin, c.name)
		})
	}
}

// customCommands runs every command with the built-in scheduler builtin
// and with name, which must give builtin's output.
func customCommands(t *testing.T, builtin, name string) {
	dir := t.TempDir()
	cases := []struct {
		label string
		args  []string
	}{
		{"simulate", []string{"simulate", "--format", "json"}},
		{"feedback adjusted", []string{"feedback", "--model", "adjusted", "--format", "json"}},
		{"feedback distribution", []string{"feedback", "--model", "distribution", "--format", "json"}},
		{"feedback fluid", []string{"feedback", "--model", "fluid", "--format", "json"}},
		{"simulate, estimates killing", []string{"simulate", "--overrun", "kill", "--missing-estimate", "max", "--procs-field", "requested", "--format", "json"}},
		{"sweep resample", []string{"sweep", "--experiment", "resample", "--reps", "3", "--load", "1,1.5", "--quiet", "--format", "json"}},
		{"sweep resample stop-at-end", []string{"sweep", "--experiment", "resample", "--reading", "stop-at-end", "--reps", "2", "--quiet", "--format", "json"}},
		{"sweep window", []string{"sweep", "--experiment", "window", "--reps", "3", "--window", "1w", "--quiet", "--format", "json"}},
	}
	// Every other sweep experiment registered (feedback, the shake levels,
	// and any added later), so that none is left out of this audit.
	for _, x := range slices.Sorted(maps.Keys(sweepExperiments)) {
		if x != "resample" && x != "window" {
			cases = append(cases, struct {
				label string
				args  []string
			}{"sweep " + x, []string{"sweep", "--experiment", x, "--reps", "2", "--quiet", "--format", "json"}})
		}
	}
	run := func(args ...string) string {
		t.Helper()
		out, errs, err := runCLI(t, args...)
		if err != nil {
			t.Fatalf("%v: %v\n%s", args, err, errs)
		}
		return out
	}
	for _, c := range cases {
		want := run(append(c.args, "--scheduler", builtin)...)
		got := run(append(c.args, "--scheduler", name)...)
		if c.args[0] == "simulate" || c.args[0] == "feedback" {
			if !strings.Contains(got, `"`+name+`"`) {
				t.Errorf("%s: the output does not name %s:\n%s", c.label, name, got)
			}
			got = strings.ReplaceAll(got, `"`+name+`"`, `"`+builtin+`"`)
		}
		if got != want {
			t.Errorf("%s --scheduler %s:\n%s\nwant --scheduler %s's:\n%s", c.label, name, got, builtin, want)
		}
	}
	// simulate's files: the jobs, bins, timeline, weekly and Batsim
	// schedules are the built-in's, byte for byte.
	files := func(s string) []string {
		var fs []string
		for _, f := range []string{"jobs-out", "bins-out", "timeline-out", "weekly-out", "batsim-out"} {
			fs = append(fs, "--"+f, filepath.Join(dir, s+"-"+f+".csv"))
		}
		return fs
	}
	run(append([]string{"simulate", "--scheduler", builtin}, files(builtin)...)...)
	run(append([]string{"simulate", "--scheduler", name}, files(name)...)...)
	for k, f := range files(builtin) {
		if k%2 == 0 {
			continue
		}
		want, err1 := os.ReadFile(f)
		got, err2 := os.ReadFile(files(name)[k])
		if err1 != nil || err2 != nil || string(got) != string(want) || len(want) == 0 {
			t.Errorf("simulate %s %s: %d bytes (%v), want %s's %d bytes (%v)", files(name)[k-1], name, len(got), err2, builtin, len(want), err1)
		}
	}
	// resample --simulate: the new log simulated (the log written is the
	// same whatever the scheduler).
	var res [2]string
	for k, s := range []string{builtin, name} {
		res[k] = run("resample", "--seed", "3", "--weeks", "6", "--simulate", s, "--format", "json", "-o", filepath.Join(dir, s+".swf"))
	}
	if !strings.Contains(res[1], `"`+name+`"`) || strings.ReplaceAll(res[1], `"`+name+`"`, `"`+builtin+`"`) != res[0] {
		t.Errorf("resample --simulate %s:\n%s\nwant %s's:\n%s", name, res[1], builtin, res[0])
	}
	// resample --mix --simulate: the mix of the log with itself.
	for k, s := range []string{builtin, name} {
		res[k] = run("resample", "--mix", "sample", "--seed", "3", "--weeks", "6", "--simulate", s, "--format", "json",
			"-o", filepath.Join(dir, s+"-mix.swf"))
	}
	if !strings.Contains(res[1], `"`+name+`"`) || strings.ReplaceAll(res[1], `"`+name+`"`, `"`+builtin+`"`) != res[0] {
		t.Errorf("resample --mix --simulate %s:\n%s\nwant %s's:\n%s", name, res[1], builtin, res[0])
	}
	// The sweeps as a job array runs them: shard files merged.
	for _, exp := range []string{"resample", "feedback"} {
		var merged [2]string
		for k, s := range []string{builtin, name} {
			var files []string
			for i := range 2 {
				f := filepath.Join(dir, exp+"-"+s+"-"+string(rune('0'+i))+".parquet")
				run("sweep", "--experiment", exp, "--reps", "3", "--scheduler", s, "--shard", string(rune('0'+i))+"/2", "--quiet", "-o", f)
				files = append(files, f)
			}
			out := filepath.Join(dir, exp+"-"+s+".csv")
			run(append(append([]string{"sweep", "merge"}, files...), "-o", out)...)
			b, err := os.ReadFile(out)
			if err != nil {
				t.Fatal(err)
			}
			merged[k] = string(b)
		}
		if merged[0] != merged[1] {
			t.Errorf("sweep --experiment %s in 2 shards merged: %s's rows differ from %s's:\n%s\nwant\n%s", exp, name, builtin, merged[1], merged[0])
		}
	}
	// compare: the paired differences to the built-in are 0.
	out := run("compare", "--scheduler", builtin, "--scheduler", name, "--variants", "3", "--weeks", "4",
		"--metrics", "avg_wait", "--format", "csv")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 3 {
		t.Fatalf("compare: %d lines, want a header and 2 rows:\n%s", len(lines), out)
	}
	a, b := strings.Split(lines[1], ","), strings.Split(lines[2], ",")
	if b[0] != name || strings.Join(a[2:6], ",") != strings.Join(b[2:6], ",") {
		t.Errorf("compare: %s's row %v, want %s's values %v", name, b, builtin, a)
	}
}
