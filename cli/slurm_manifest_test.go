package cli

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/tracelab/tracelab/slurm"
)

// TestSlurmManifestChecked: an array.json is input. Before, "tracelab slurm
// wait" merged into whatever file its Meta "output" named (any .parquet,
// .csv or .json of the user's was replaced), status and wait read task
// outputs anywhere, and resubmit ran its Command as written (any program,
// any flags). Now the task output must be a file name in the array folder,
// the recorded merged output must lie beside the folder where tracelab
// puts it (else -o confirms it), and resubmit runs only this program's
// sweep or findings with the flags tracelab passes, one shard per task,
// writing into the folder.
func TestSlurmManifestChecked(t *testing.T) {
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	root := t.TempDir()
	victim := writeTemp(t, root, "thesis.parquet", "precious")
	log := writeTemp(t, root, "log.swf", "1 0 0 1 1 -1 -1 1 1 -1 1 1 -1 -1 -1 -1 -1 -1\n")
	fifo := filepath.Join(root, "tracelab.fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	type plan struct {
		output string // Plan.Output; "" the shard files of a sweep
		meta   string // Meta "output"; "" none
	}
	good := func(dir string) []string {
		return []string{self, "sweep", log, "--experiment", "resample", "--scheduler", "easy", "--reps", "3", "--seed", "1",
			"--shard", slurm.TaskToken + "/3", "-o", filepath.Join(dir, "shard-"+slurm.TaskToken+"-of-3.parquet")}
	}
	n := 0
	newArray := func(t *testing.T, p plan, edit func(dir string, cmd []string) []string) string {
		n++
		dir := filepath.Join(root, "a"+strings.Repeat("x", n)+".slurm")
		cmd := good(dir)
		if edit != nil {
			cmd = edit(dir, cmd)
		}
		pl := slurm.Plan{Dir: dir, Key: "k", Command: cmd, Tasks: 3, Output: orDefault(p.output, "shard-"+slurm.TaskToken+"-of-3.parquet")}
		if p.meta != "" {
			pl.Meta = map[string]string{"output": p.meta}
		}
		if _, err := slurm.Create(pl); err != nil {
			t.Fatal(err)
		}
		return dir
	}
	replace := func(i int, v string) func(string, []string) []string {
		return func(_ string, c []string) []string { c[i] = v; return c }
	}
	tests := []struct {
		name string
		sub  []string // the sub-command and its flags before DIR
		plan plan
		edit func(dir string, cmd []string) []string
		want string // "" passes the checks
	}{
		{"status: output outside the folder", []string{"status"}, plan{output: "../shard-" + slurm.TaskToken + ".parquet"}, nil, "is not a file name in the array folder"},
		{"wait: output an absolute path", []string{"wait"}, plan{output: "/tmp/shard-" + slurm.TaskToken + ".parquet"}, nil, "is not a file name in the array folder"},
		{"wait: merged output elsewhere", []string{"wait"}, plan{meta: victim}, nil, "pass -o " + victim},
		{"wait: merged output relative", []string{"wait"}, plan{meta: "thesis.parquet"}, nil, "not beside the array folder"},
		{"resubmit: merged output elsewhere", []string{"resubmit"}, plan{meta: victim}, nil, "pass -o " + victim},
		{"resubmit: another program", []string{"resubmit", "-o", filepath.Join(root, "r.parquet")}, plan{}, replace(0, "/bin/sh"), "the tasks run /bin/sh, not this program"},
		{"resubmit: a missing program", []string{"resubmit", "-o", filepath.Join(root, "r.parquet")}, plan{}, replace(0, "/nonexistent/tracelab"), "not this program"},
		// Reading the program for its digest never ended (hostile8).
		{"resubmit: a device as the program", []string{"resubmit", "-o", filepath.Join(root, "r.parquet")}, plan{}, replace(0, "/dev/zero"), "the tasks run /dev/zero, not this program"},
		{"resubmit: a named pipe as the program", []string{"resubmit", "-o", filepath.Join(root, "r.parquet")}, plan{}, replace(0, fifo), "not this program"},
		{"resubmit: another sub-command", []string{"resubmit", "-o", filepath.Join(root, "r.parquet")}, plan{}, replace(1, "convert"), `the tasks run "convert"`},
		{"resubmit: a flag tracelab does not pass", []string{"resubmit", "-o", filepath.Join(root, "r.parquet")}, plan{},
			func(_ string, c []string) []string { return append(c, "--figure", victim) }, `holds "--figure"`},
		{"resubmit: a flag in the = form", []string{"resubmit", "-o", filepath.Join(root, "r.parquet")}, plan{},
			func(_ string, c []string) []string { return append(c, "-o="+victim) }, `holds "-o=`},
		{"resubmit: shards written elsewhere", []string{"resubmit", "-o", filepath.Join(root, "r.parquet")}, plan{},
			func(_ string, c []string) []string { c[len(c)-1] = victim; return c }, "not their shard file"},
		{"resubmit: a second -o", []string{"resubmit", "-o", filepath.Join(root, "r.parquet")}, plan{},
			func(_ string, c []string) []string { return append(c, "-o", victim) }, "not their shard file"},
		{"resubmit: another shard count", []string{"resubmit", "-o", filepath.Join(root, "r.parquet")}, plan{}, replace(12, slurm.TaskToken+"/1"), "--shard is"},
		{"resubmit: no value after the last flag", []string{"resubmit", "-o", filepath.Join(root, "r.parquet")}, plan{},
			func(_ string, c []string) []string { return append(c, "--seed") }, "no value"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := newArray(t, tc.plan, tc.edit)
			args := append(append([]string{"slurm"}, tc.sub...), dir)
			wantError(t, runWithin(t, 60*time.Second, args...), tc.want)
			if b, _ := os.ReadFile(victim); string(b) != "precious" {
				t.Fatal("the victim file changed")
			}
			if _, err := os.Stat(filepath.Join(dir, "submit-1.sh")); err == nil {
				t.Error("a batch script was written")
			}
		})
	}

	// The manifests tracelab writes pass the checks: a sweep's (merged
	// output OUT for the folder OUT.slurm, or DIR.parquet for reproduce's
	// arrays) and a findings' (no merged output; its command as
	// findingsPlan writes it).
	findings := func(dir string, _ []string) []string {
		return []string{self, "findings", log, log, "--seed", "1", "--quiet", "--format", "csv",
			"--shard", slurm.TaskToken + "/3", "-o", filepath.Join(dir, "shard-"+slurm.TaskToken+"-of-3.parquet"),
			"--quick", "--finding", "a,b", "--cache", root}
	}
	for _, tc := range []struct {
		name string
		edit func(string, []string) []string
		out  func(dir string) string // the recorded merged output; nil none
	}{
		{"sweep -o OUT: OUT.slurm", nil, func(dir string) string { return strings.TrimSuffix(dir, ".slurm") }},
		{"reproduce: DIR.parquet", nil, func(dir string) string { return dir + ".parquet" }},
		{"findings", findings, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := newArray(t, plan{}, tc.edit)
			arr, err := slurm.Open(dir)
			if err != nil {
				t.Fatal(err)
			}
			want := ""
			if tc.out != nil {
				want = tc.out(dir)
				arr.Plan.Meta = map[string]string{"output": want}
			}
			got, err := recordedOutput(arr, "m")
			if err != nil || got != want {
				t.Errorf("recordedOutput %q, %v; want %q", got, err, want)
			}
			if err := shardsInFolder(arr, "m"); err != nil {
				t.Error(err)
			}
			if err := ownCommand(arr, "m"); err != nil {
				t.Error(err)
			}
		})
	}
}

func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// TestOwnPlansPassManifestChecks: the plans "sweep --slurm" and "findings
// --slurm" make, with every flag they pass on to the tasks, pass the checks
// of "tracelab slurm resubmit" and "wait" (shardsInFolder, recordedOutput,
// ownCommand), so that the checks refuse only what tracelab did not write.
func TestOwnPlansPassManifestChecks(t *testing.T) {
	dir := t.TempDir()
	log := filepath.Join(dir, "log.swf")
	if err := os.WriteFile(log, []byte("; MaxProcs: 4\n1 0 0 10 1 -1 -1 1 10 -1 1 1 1 1 1 1 -1 -1\n2 5 0 10 1 -1 -1 1 10 -1 1 2 1 1 1 1 -1 -1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	e := &env{stdout: io.Discard, stderr: io.Discard}
	out := filepath.Join(dir, "s.parquet")
	for _, args := range [][]string{
		{log, "--reps", "4", "--seed", "3", "--scheduler", "easy", "--load", "1,1.5", "--reading", "stop-at-end", "--period-start", "log_start", "--rb", "1:0:10", "--rb-npw", "1,2",
			"-o", out, "--slurm", "--shards", "2"},
		{log, "--experiment", "shake-job", "--reps", "2", "-o", out, "--slurm", "--shards", "2", "--slurm-dir", filepath.Join(dir, "elsewhere")},
	} {
		a, err := parseSweep(e, args)
		if err != nil {
			t.Fatalf("%v: %v", args, err)
		}
		spec, err := sweepSpec(e, a)
		if err != nil {
			t.Fatalf("%v: %v", args, err)
		}
		plan, err := slurmPlan(a, spec)
		if err != nil {
			t.Fatal(err)
		}
		arr := &slurm.Array{Plan: plan}
		if err := shardsInFolder(arr, "m"); err != nil {
			t.Error(err)
		}
		if err := ownCommand(arr, "m"); err != nil {
			t.Errorf("%v: %v", plan.Command, err)
		}
		got, err := recordedOutput(arr, "m")
		if a.slurm.dir == "" && (err != nil || got != out) {
			t.Errorf("recordedOutput %q, %v; want %q", got, err, out)
		}
		if a.slurm.dir != "" && (err == nil || waitArgs(arr) != plan.Dir+" -o "+out) {
			t.Errorf("--slurm-dir elsewhere: recordedOutput %q, %v, wait args %q; want -o %s asked for", got, err, waitArgs(arr), out)
		}
	}
	fa, err := parseFindings(e, []string{log, log, "--quick", "--seed", "5", "--finding", "autocorrelation-runtime", "--cache", dir, "--slurm", "--shards", "2", "--save", filepath.Join(dir, "f.json")})
	if err != nil {
		t.Fatal(err)
	}
	plan, err := findingsPlan(fa, []string{log, log}, 2)
	if err != nil {
		t.Fatal(err)
	}
	if err := ownCommand(&slurm.Array{Plan: plan}, "m"); err != nil {
		t.Errorf("findings %v: %v", plan.Command, err)
	}
}

// TestSlurmProgramRegular: --tracelab names the program the tasks run; one
// this machine sees must be a regular file. Before, a device (/dev/zero)
// was read for ever for its digest and a named pipe waited on, and a
// folder made a plan whose every task failed.
func TestSlurmProgramRegular(t *testing.T) {
	root := t.TempDir()
	log := writeTemp(t, root, "log.swf", "1 0 0 1 1 -1 -1 1 1 -1 1 1 -1 -1 -1 -1 -1 -1\n")
	fifo := filepath.Join(root, "tracelab.fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ program, want string }{
		{"/dev/zero", "a device"},
		{fifo, "a named pipe"},
		{root, "a folder"},
	} {
		for _, cmd := range [][]string{
			{"sweep", log, "--reps", "2", "--slurm", "--shards", "1", "--dry-run", "-o", filepath.Join(root, "s.parquet")},
			{"findings", log, "--slurm", "--shards", "1", "--dry-run", "--no-cache", "-o", filepath.Join(root, "f.csv")},
		} {
			args := append(cmd, "--tracelab", tc.program)
			t.Run(cmd[0]+" "+tc.want, func(t *testing.T) {
				wantError(t, runWithin(t, 20*time.Second, args...), "--tracelab "+tc.program+": open "+tc.program+": "+tc.want)
			})
		}
	}
	// A program only the compute nodes see is kept by its path.
	out, _, err := runCLI(t, "sweep", log, "--reps", "2", "--slurm", "--shards", "1", "--dry-run", "-o",
		filepath.Join(root, "s.parquet"), "--tracelab", "/nonexistent/tracelab")
	if err != nil || !strings.Contains(out, "exec '/nonexistent/tracelab' 'sweep'") {
		t.Errorf("a program this machine does not see: %v\n%s", err, out)
	}
}
