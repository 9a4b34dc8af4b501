package slurm

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"
)

func TestArraySpec(t *testing.T) {
	tests := []struct {
		tasks    []int
		throttle int
		want     string
	}{
		{[]int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}, 0, "0-9"},
		{[]int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}, 2, "0-9%2"},
		{[]int{9, 7, 3, 2, 1, 0}, 0, "0-3,7,9"},
		{[]int{5}, 1, "5%1"},
		{[]int{4, 4, 5}, 0, "4-5"},
		{[]int{0, 2, 4}, 0, "0,2,4"},
	}
	for _, tt := range tests {
		if got := ArraySpec(tt.tasks, tt.throttle); got != tt.want {
			t.Errorf("ArraySpec(%v, %d) = %q, want %q", tt.tasks, tt.throttle, got, tt.want)
		}
	}
}

func TestQuote(t *testing.T) {
	tests := []struct{ in, want string }{
		{"plain", `'plain'`},
		{"", `''`},
		{"it's", `'it'\''s'`},
		{"$HOME `x`", `'$HOME ` + "`x`" + `'`},
		{"{task}", `"${task}"`},
		{"{task}/10", `"${task}"'/10'`},
		{"/d/shard-{task}-of-{task}.parquet", `'/d/shard-'"${task}"'-of-'"${task}"'.parquet'`},
	}
	for _, tt := range tests {
		if got := quote(tt.in); got != tt.want {
			t.Errorf("quote(%q) = %s, want %s", tt.in, got, tt.want)
		}
	}
}

// TestQuoteShell runs the quoted words through bash: each comes back as
// one argument, with {task} replaced.
func TestQuoteShell(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash")
	}
	args := []string{"a b", "it's", "$HOME", "`echo x`", "{task}/10", "\\n", "x{task}y{task}"}
	script := "task=7; printf '%s\\n'"
	for _, a := range args {
		script += " " + quote(a)
	}
	out, err := exec.Command(bash, "-c", script).Output()
	if err != nil {
		t.Fatal(err)
	}
	want := "a b\nit's\n$HOME\n`echo x`\n7/10\n\\n\nx7y7\n"
	if string(out) != want {
		t.Errorf("bash printed %q, want %q", out, want)
	}
}

func testPlan(dir string) Plan {
	return Plan{Dir: dir, Key: "demo sweep", Tasks: 10,
		Command: []string{"/usr/bin/tracelab", "sweep", "/data/KTH SP2.swf", "--shard", "{task}/10", "-o", dir + "/shard-{task}-of-10.parquet"},
		Output:  "shard-{task}-of-10.parquet",
		Options: Options{Partition: "debug", Time: "10:00", CPUsPerTask: 2, Throttle: 3, Extra: []string{"--mem=1G", "--exclusive"}}}
}

func TestScript(t *testing.T) {
	dir := t.TempDir()
	a, err := Create(testPlan(dir))
	if err != nil {
		t.Fatal(err)
	}
	s := a.Script([]int{0, 1, 2, 5})
	for _, want := range []string{
		"#!/bin/bash\n",
		"#SBATCH --job-name=tracelab\n",
		"#SBATCH --array=0-2,5%3\n",
		"#SBATCH --output=" + dir + "/logs/%A_%a.log\n",
		"#SBATCH --cpus-per-task=2\n",
		"#SBATCH --partition=debug\n",
		"#SBATCH --time=10:00\n",
		"#SBATCH --mem=1G\n#SBATCH --exclusive\n",
		"task=${SLURM_ARRAY_TASK_ID:?",
		`exec '/usr/bin/tracelab' 'sweep' '/data/KTH SP2.swf' '--shard' "${task}"'/10' '-o' '` + dir + `/shard-'"${task}"'-of-10.parquet'` + "\n",
	} {
		if !strings.Contains(s, want) {
			t.Errorf("script lacks %q:\n%s", want, s)
		}
	}
	// SBATCH lines must come before the first command.
	if i, j := strings.LastIndex(s, "#SBATCH"), strings.Index(s, "set -eu"); i > j {
		t.Errorf("#SBATCH after the first command:\n%s", s)
	}
	if all := a.Script(nil); !strings.Contains(all, "--array=0-9%3\n") {
		t.Errorf("script of all tasks:\n%s", all)
	}
	if out := testPlan(dir).OutputPath(4); out != filepath.Join(dir, "shard-4-of-10.parquet") {
		t.Errorf("OutputPath(4) = %s", out)
	}
}

func TestValidatePlan(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		name string
		edit func(p *Plan)
		want string
	}{
		{"no dir", func(p *Plan) { p.Dir = "" }, "no folder"},
		{"no key", func(p *Plan) { p.Key = "" }, "no key"},
		{"no tasks", func(p *Plan) { p.Tasks = 0 }, "0 tasks"},
		{"relative program", func(p *Plan) { p.Command[0] = "tracelab" }, "absolute path"},
		{"output without token", func(p *Plan) { p.Output = "out.parquet" }, "does not contain {task}"},
		{"extra not a flag", func(p *Plan) { p.Options.Extra = []string{"mem 1G"} }, "one option per argument"},
		{"extra array", func(p *Plan) { p.Options.Extra = []string{"--array=1-3"} }, "set by tracelab"},
		{"NUL", func(p *Plan) { p.Command = append(p.Command, "a\x00b") }, "NUL byte"},
		{"partition space", func(p *Plan) { p.Options.Partition = "a b" }, "white space"},
	}
	for _, tt := range tests {
		p := testPlan(dir)
		tt.edit(&p)
		if err := p.Validate(); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: %v, want an error containing %q", tt.name, err, tt.want)
		}
	}
}

func TestCreateReopen(t *testing.T) {
	dir := t.TempDir()
	p := testPlan(dir)
	a, err := Create(p)
	if err != nil {
		t.Fatal(err)
	}
	a.Submissions = append(a.Submissions, Submission{JobID: "12", Tasks: []int{0, 1}})
	if err := a.save(); err != nil {
		t.Fatal(err)
	}
	p.Options.Time = "2:00:00" // a longer time limit on resubmission is fine
	b, err := Create(p)
	if err != nil {
		t.Fatal(err)
	}
	if len(b.Submissions) != 1 || b.Submissions[0].JobID != "12" || b.Plan.Options.Time != "2:00:00" {
		t.Errorf("reopened array %+v", b)
	}
	c, err := Open(dir)
	if err != nil || !reflect.DeepEqual(c, b) {
		t.Errorf("Open = %+v, %v; want %+v", c, err, b)
	}
	p.Key = "another sweep"
	if _, err := Create(p); !errors.Is(err, ErrOtherPlan) {
		t.Errorf("another key in the same folder: %v", err)
	}
}

func TestParseQueue(t *testing.T) {
	out := []byte("12|0|RUNNING\n12|1|PENDING\n12|2|COMPLETING\n13|N/A|RUNNING\n14|3|REQUEUED\n")
	q, err := parseQueue(out, map[queued]TaskState{})
	if err != nil {
		t.Fatal(err)
	}
	want := map[queued]TaskState{{"12", 0}: Running, {"12", 1}: Pending, {"12", 2}: Running, {"14", 3}: Pending}
	if !reflect.DeepEqual(q, want) {
		t.Errorf("parseQueue = %v, want %v", q, want)
	}
	if _, err := parseQueue([]byte("garbage\n"), map[queued]TaskState{}); err == nil {
		t.Error("a malformed line was accepted")
	}
}

func TestParseJobID(t *testing.T) {
	for in, want := range map[string]string{"42\n": "42", "42;cluster\n": "42", "sbatch: warning: x\n43\n": "43"} {
		if got, err := parseJobID([]byte(in)); err != nil || got != want {
			t.Errorf("parseJobID(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	if _, err := parseJobID([]byte("error\n")); err == nil {
		t.Error("no job id accepted")
	}
}

// NeedSlurm returns a client for the Slurm named by SLURM_CONF. Outside CI
// the test is skipped when there is none; in CI (CI set) it fails: CI runs
// the tests under scripts/slurm-harness.sh.
func needSlurm(t *testing.T) Client {
	t.Helper()
	why := ""
	var c Client
	if os.Getenv("SLURM_CONF") == "" {
		why = "SLURM_CONF is not set"
	} else if err := c.Available(context.Background()); err != nil {
		why = err.Error()
	}
	if why != "" {
		msg := "this test needs a running Slurm (" + why + "); run it under scripts/slurm-harness.sh run -- go test ./slurm/"
		if os.Getenv("CI") != "" {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}
	return c
}

// TestRealSlurm submits a 6-task array to a real Slurm; task 3 fails
// (injected), is reported with its log, resubmitted alone and completes.
func TestRealSlurm(t *testing.T) {
	c := needSlurm(t)
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	// A folder with a space and a "%": sbatch refused the script ("Invalid
	// directive found in batch script"), and expanded "%x" in the logs'
	// path (logPattern).
	dir := filepath.Join(t.TempDir(), "run 1 %x")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	// A task fails when dir/fail-K exists; else it writes its output
	// atomically (temporary file, then rename).
	script := `k=$1; d=$2
if [ -e "$d/fail-$k" ]; then echo "injected failure of task $k" >&2; exit 3; fi
echo "task $k" > "$d/.out-$k.tmp" && mv "$d/.out-$k.tmp" "$d/out-$k.txt"`
	p := Plan{Dir: dir, Key: "test array", Tasks: 6, Output: "out-{task}.txt",
		Command: []string{"/bin/sh", "-c", script, "sh", "{task}", dir},
		Options: Options{JobName: "tracelab-test", Throttle: 4}}
	a, err := Create(p)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "fail-3"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	sub, err := a.Submit(ctx, c, nil)
	if err != nil {
		t.Fatal(err)
	}
	polls := 0
	st, err := a.Wait(ctx, c, 200*time.Millisecond, func(Status) { polls++ })
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("6 tasks, job %s: %v in %v (%d polls)", sub.JobID, st, time.Since(start), polls)
	if st.Done != 5 || st.Failed != 1 || st.Complete() || !st.Finished() {
		t.Fatalf("status %v, want 5 done and 1 failed", st)
	}
	f := st.FailedTasks()[0]
	if f.Index != 3 || f.JobID != sub.JobID || f.Log != filepath.Join(dir, "logs", sub.JobID+"_3.log") ||
		f.Reason != "injected failure of task 3" {
		t.Errorf("failed task %+v", f)
	}
	if _, err := os.Stat(f.Log); err != nil {
		t.Errorf("log of the failed task: %v", err)
	}
	os.Remove(filepath.Join(dir, "fail-3"))

	// Reopen the folder as a later command would, and resubmit.
	a, err = Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	sub2, tasks, err := a.Resubmit(ctx, c)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(tasks, []int{3}) || sub2.JobID == sub.JobID {
		t.Fatalf("resubmitted %v as job %s", tasks, sub2.JobID)
	}
	script2, _ := os.ReadFile(sub2.Script)
	if !strings.Contains(string(script2), "#SBATCH --array=3%4\n") {
		t.Errorf("resubmission script:\n%s", script2)
	}
	st, err = a.Wait(ctx, c, 200*time.Millisecond, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !st.Complete() || len(st.Outputs()) != 6 {
		t.Fatalf("after resubmission: %v", st)
	}
	if st.Tasks[3].JobID != sub2.JobID || st.Tasks[0].JobID != sub.JobID {
		t.Errorf("tasks' jobs: %+v", st.Tasks)
	}
	if _, tasks, err := a.Resubmit(ctx, c); err != nil || len(tasks) != 0 {
		t.Errorf("resubmitting a complete array: %v, %v", tasks, err)
	}
	t.Logf("whole test (2 submissions) %v", time.Since(start))
}
