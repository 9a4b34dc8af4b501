package slurm

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// The fake Slurm: this test binary, run under the name sbatch, squeue or
// scancel (a symbolic link made by newFakeSlurm), plays that command
// against a state file named by $FAKESLURM_STATE, so the client is tested
// without a Slurm. It follows the behaviour the client relies on:
//
//   - sbatch --parsable SCRIPT queues the tasks of SCRIPT's #SBATCH --array
//     as PENDING and prints the next job id (from 100);
//   - squeue -h -r -j IDS -o '%F|%K|%T' prints one line per queued task of
//     the known jobs among IDS, then moves the queue on: a PENDING task
//     becomes RUNNING, a RUNNING one runs SCRIPT with bash (its output to
//     the #SBATCH --output file, %A and %a replaced) and leaves the queue.
//     When none of IDS is known it fails with "Invalid job id", as Slurm
//     does once the jobs have left the controller;
//   - scancel IDS removes the jobs' tasks from the queue.
//
// $FAKESLURM_FAIL=NAME makes command NAME fail with a message on standard
// error; $FAKESLURM_SBATCH_PRINTS replaces sbatch's output.
func TestMain(m *testing.M) {
	switch filepath.Base(os.Args[0]) {
	case "sbatch", "squeue", "scancel":
		os.Exit(fakeSlurm(filepath.Base(os.Args[0]), os.Args[1:]))
	}
	os.Exit(m.Run())
}

// fakeState is the fake Slurm's queue and the calls it received.
type fakeState struct {
	NextID int                 `json:"next_id"`
	Jobs   map[string]*fakeJob `json:"jobs"`
	Calls  []string            `json:"calls"`
}

type fakeJob struct {
	Script string         `json:"script"`
	Tasks  map[int]string `json:"tasks"` // queued task → PENDING or RUNNING
}

func fakeSlurm(name string, args []string) int {
	path := os.Getenv("FAKESLURM_STATE")
	b, err := os.ReadFile(path)
	if err != nil {
		fmt.Fprintln(os.Stderr, "fake slurm:", err)
		return 2
	}
	var s fakeState
	if err := json.Unmarshal(b, &s); err != nil {
		fmt.Fprintln(os.Stderr, "fake slurm:", err)
		return 2
	}
	s.Calls = append(s.Calls, name+" "+strings.Join(args, " "))
	code := 0
	if os.Getenv("FAKESLURM_FAIL") == name {
		fmt.Fprintf(os.Stderr, "%s: error: Unable to contact slurm controller (connect failure)\n", name)
		code = 1
	} else {
		switch name {
		case "sbatch":
			code = s.sbatch(args)
		case "squeue":
			code = s.squeue(args)
		case "scancel":
			for _, id := range args {
				delete(s.Jobs, id)
			}
		}
	}
	if b, err = json.Marshal(s); err == nil {
		err = os.WriteFile(path, b, 0o644)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "fake slurm:", err)
		return 2
	}
	return code
}

var sbatchArray = regexp.MustCompile(`(?m)^#SBATCH --array=([0-9,-]+)`)

func (s *fakeState) sbatch(args []string) int {
	if len(args) != 2 || args[0] != "--parsable" {
		fmt.Fprintf(os.Stderr, "sbatch: fake wants --parsable SCRIPT, got %q\n", args)
		return 2
	}
	script, err := os.ReadFile(args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, "sbatch:", err)
		return 1
	}
	m := sbatchArray.FindSubmatch(script)
	if m == nil {
		fmt.Fprintln(os.Stderr, "sbatch: the script has no --array")
		return 1
	}
	j := &fakeJob{Script: args[1], Tasks: map[int]string{}}
	for _, r := range strings.Split(string(m[1]), ",") {
		lo, hi, ok := strings.Cut(r, "-")
		if !ok {
			hi = lo
		}
		a, err1 := strconv.Atoi(lo)
		z, err2 := strconv.Atoi(hi)
		if err1 != nil || err2 != nil {
			fmt.Fprintf(os.Stderr, "sbatch: bad --array range %q\n", r)
			return 1
		}
		for k := a; k <= z; k++ {
			j.Tasks[k] = "PENDING"
		}
	}
	id := strconv.Itoa(s.NextID)
	s.NextID++
	s.Jobs[id] = j
	if p, ok := os.LookupEnv("FAKESLURM_SBATCH_PRINTS"); ok {
		fmt.Print(p)
	} else {
		fmt.Println(id + ";fakecluster")
	}
	return 0
}

func (s *fakeState) squeue(args []string) int {
	var ids []string
	for i := 0; i+1 < len(args); i++ {
		if args[i] == "-j" {
			ids = strings.Split(args[i+1], ",")
		}
	}
	if ids == nil { // Available's probe: squeue -h -o %i -t RUNNING
		return 0
	}
	known := 0
	for _, id := range ids {
		j, ok := s.Jobs[id]
		if !ok {
			continue
		}
		known++
		for _, k := range slices.Sorted(maps.Keys(j.Tasks)) {
			fmt.Printf("%s|%d|%s\n", id, k, j.Tasks[k])
		}
		for _, k := range slices.Sorted(maps.Keys(j.Tasks)) {
			if j.Tasks[k] == "PENDING" {
				j.Tasks[k] = "RUNNING"
				continue
			}
			if err := runFakeTask(id, k, j.Script); err != nil {
				fmt.Fprintln(os.Stderr, "fake slurm:", err)
				return 2
			}
			delete(j.Tasks, k)
		}
		if len(j.Tasks) == 0 {
			delete(s.Jobs, id)
		}
	}
	if known == 0 {
		fmt.Fprintln(os.Stderr, "slurm_load_jobs error: Invalid job id specified")
		return 1
	}
	return 0
}

var sbatchOutput = regexp.MustCompile(`(?m)^#SBATCH --output=(.*)$`)

// runFakeTask runs task k of job id as Slurm would: bash SCRIPT with the
// array variables set, its output to the --output file. A failing task is
// not an error of the fake.
func runFakeTask(id string, k int, script string) error {
	b, err := os.ReadFile(script)
	if err != nil {
		return err
	}
	m := sbatchOutput.FindSubmatch(b)
	if m == nil {
		return errors.New("the script has no --output")
	}
	// sbatch's reading: quotes removed, %A and %a replaced, %% is %.
	logPath := strings.NewReplacer("%A", id, "%a", strconv.Itoa(k), "%%", "%").Replace(strings.Trim(string(m[1]), `"`))
	log, err := os.Create(logPath)
	if err != nil {
		return err
	}
	defer log.Close()
	cmd := exec.Command("bash", script)
	cmd.Env = append(os.Environ(), "SLURM_ARRAY_JOB_ID="+id, "SLURM_ARRAY_TASK_ID="+strconv.Itoa(k))
	cmd.Stdout, cmd.Stderr = log, log
	var exit *exec.ExitError
	if err := cmd.Run(); err != nil && !errors.As(err, &exit) {
		return err
	}
	return nil
}

// fakeSlurmEnv is a fake Slurm for one test: its client and its state.
type fakeSlurmEnv struct {
	Client
	state string
}

// newFakeSlurm links this test binary as sbatch, squeue and scancel in a
// temporary folder and returns a client that runs them.
func newFakeSlurm(t *testing.T, env ...string) fakeSlurmEnv {
	t.Helper()
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("the fake Slurm runs the batch scripts with bash, not found")
	}
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	bin := t.TempDir()
	f := fakeSlurmEnv{state: filepath.Join(bin, "state.json")}
	if err := os.WriteFile(f.state, []byte(`{"next_id":100,"jobs":{}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"sbatch", "squeue", "scancel"} {
		if err := os.Symlink(self, filepath.Join(bin, name)); err != nil {
			t.Fatal(err)
		}
	}
	f.Client = Client{Sbatch: filepath.Join(bin, "sbatch"), Squeue: filepath.Join(bin, "squeue"),
		Scancel: filepath.Join(bin, "scancel"),
		Env:     append(append(os.Environ(), "FAKESLURM_STATE="+f.state), env...)}
	return f
}

// calls returns the commands the fake received.
func (f fakeSlurmEnv) calls(t *testing.T) []string {
	t.Helper()
	b, err := os.ReadFile(f.state)
	if err != nil {
		t.Fatal(err)
	}
	var s fakeState
	if err := json.Unmarshal(b, &s); err != nil {
		t.Fatal(err)
	}
	return s.Calls
}

// fakePlan is a 6-task array whose task k fails while dir/fail-k exists
// and else writes dir/out-k.txt atomically.
func fakePlan(t *testing.T, fail ...int) *Array {
	t.Helper()
	dir := t.TempDir()
	script := `k=$1; d=$2
if [ -e "$d/fail-$k" ]; then echo "injected failure of task $k" >&2; exit 3; fi
echo "task $k" > "$d/.out-$k.tmp" && mv "$d/.out-$k.tmp" "$d/out-$k.txt"`
	a, err := Create(Plan{Dir: dir, Key: "fake array", Tasks: 6, Output: "out-{task}.txt",
		Command: []string{"/bin/sh", "-c", script, "sh", "{task}", dir},
		Options: Options{JobName: "tracelab-test", Throttle: 4}})
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range fail {
		if err := os.WriteFile(filepath.Join(dir, "fail-"+strconv.Itoa(k)), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return a
}

// TestFakeSlurm is TestRealSlurm against the fake: submit, follow the
// states through squeue, report the failed task with its log, resubmit it
// alone, wait, and find nothing more to resubmit.
func TestFakeSlurm(t *testing.T) {
	f := newFakeSlurm(t)
	ctx := context.Background()
	a := fakePlan(t, 3)
	if err := f.Available(ctx); err != nil {
		t.Fatalf("Available: %v", err)
	}
	st, err := a.Status(ctx, f.Client)
	if err != nil || st.Unsubmitted != 6 || st.String() != "0/6 done, 0 running, 0 pending, 0 failed, 6 not submitted" {
		t.Fatalf("before submitting: %v, %v", st, err)
	}
	sub, err := a.Submit(ctx, f.Client, nil)
	if err != nil {
		t.Fatal(err)
	}
	if sub.JobID != "100" || !reflect.DeepEqual(sub.Tasks, []int{0, 1, 2, 3, 4, 5}) || sub.Script != filepath.Join(a.Plan.Dir, "submit-1.sh") {
		t.Errorf("submission %+v", sub)
	}
	// The fake moves every task one state per squeue: pending, running,
	// then run (done, or failed without its output).
	var seen []string
	st, err = a.Wait(ctx, f.Client, time.Millisecond, func(s Status) { seen = append(seen, s.String()) })
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"0/6 done, 0 running, 6 pending, 0 failed", "5/6 done, 1 running, 0 pending, 0 failed", "5/6 done, 0 running, 0 pending, 1 failed"}
	if !reflect.DeepEqual(seen, want) {
		t.Errorf("Wait's progress %q, want %q", seen, want)
	}
	if st.Done != 5 || st.Failed != 1 || !st.Finished() || st.Complete() || !reflect.DeepEqual(st.ToRun(), []int{3}) {
		t.Fatalf("status %v", st)
	}
	if got := len(st.Outputs()); got != 5 {
		t.Errorf("%d outputs, want 5", got)
	}
	failed := st.FailedTasks()
	if len(failed) != 1 || failed[0].Index != 3 || failed[0].JobID != "100" || failed[0].State != Failed ||
		failed[0].Log != filepath.Join(a.Plan.Dir, "logs", "100_3.log") || failed[0].Reason != "injected failure of task 3" {
		t.Errorf("failed tasks %+v", failed)
	}
	if err := os.Remove(filepath.Join(a.Plan.Dir, "fail-3")); err != nil {
		t.Fatal(err)
	}

	// A later command reopens the folder and resubmits.
	a, err = Open(a.Plan.Dir)
	if err != nil {
		t.Fatal(err)
	}
	sub2, tasks, err := a.Resubmit(ctx, f.Client)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(tasks, []int{3}) || sub2.JobID != "101" || len(a.Submissions) != 2 {
		t.Fatalf("resubmitted %v as %+v", tasks, sub2)
	}
	if b, _ := os.ReadFile(sub2.Script); !strings.Contains(string(b), "#SBATCH --array=3%4\n") {
		t.Errorf("resubmission script:\n%s", b)
	}
	st, err = a.Wait(ctx, f.Client, 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !st.Complete() || st.Tasks[3].JobID != "101" || st.Tasks[0].JobID != "100" {
		t.Fatalf("after resubmission: %v %+v", st, st.Tasks)
	}
	for k, out := range st.Outputs() {
		if b, err := os.ReadFile(out); err != nil || string(b) != fmt.Sprintf("task %d\n", k) {
			t.Errorf("output of task %d: %q, %v", k, b, err)
		}
	}
	if _, tasks, err := a.Resubmit(ctx, f.Client); err != nil || tasks != nil {
		t.Errorf("resubmitting a complete array: %v, %v", tasks, err)
	}
	// Every poll asked squeue about both jobs once they existed.
	calls := f.calls(t)
	if last := calls[len(calls)-1]; last != "squeue -h -r -j 100,101 -o %F|%K|%T" {
		t.Errorf("last call %q", last)
	}
}

// TestFakeSlurmCancel: Cancel passes every submission's job to scancel;
// the tasks leave the queue and are failed (submitted, no output); an
// array never submitted cancels nothing.
func TestFakeSlurmCancel(t *testing.T) {
	f := newFakeSlurm(t)
	ctx := context.Background()
	a := fakePlan(t)
	if err := a.Cancel(ctx, f.Client); err != nil {
		t.Fatal(err)
	}
	if calls := f.calls(t); len(calls) != 0 {
		t.Errorf("cancelling an unsubmitted array called %q", calls)
	}
	for _, tasks := range [][]int{{0, 1, 2}, {3, 4}} {
		if _, err := a.Submit(ctx, f.Client, tasks); err != nil {
			t.Fatal(err)
		}
	}
	if err := a.Cancel(ctx, f.Client); err != nil {
		t.Fatal(err)
	}
	st, err := a.Status(ctx, f.Client)
	if err != nil {
		t.Fatal(err)
	}
	if st.Failed != 5 || st.Unsubmitted != 1 || st.Tasks[0].Reason != "no log file (the task never started, or its log is not visible here)" {
		t.Errorf("after cancel: %v %+v", st, st.Tasks[0])
	}
	calls := f.calls(t)
	if !slices.Contains(calls, "scancel 100 101") {
		t.Errorf("calls %q, want scancel 100 101", calls)
	}
}

// TestFakeSlurmErrors: each command's failure reaches the caller with the
// command's message, and nothing is recorded for a failed submission.
func TestFakeSlurmErrors(t *testing.T) {
	ctx := context.Background()
	controller := "Unable to contact slurm controller"
	tests := []struct {
		name string
		env  []string
		call func(a *Array, c Client) error
		want string
	}{
		{"sbatch fails", []string{"FAKESLURM_FAIL=sbatch"},
			func(a *Array, c Client) error { _, err := a.Submit(ctx, c, nil); return err }, "sbatch --parsable " + "%DIR%/submit-1.sh: exit status 1: sbatch: error: " + controller},
		{"sbatch prints no id", []string{"FAKESLURM_SBATCH_PRINTS=Submitted batch job\n"},
			func(a *Array, c Client) error { _, err := a.Submit(ctx, c, nil); return err }, `sbatch printed "Submitted batch job", want a job id`},
		{"squeue fails in Available", []string{"FAKESLURM_FAIL=squeue"},
			func(a *Array, c Client) error { return c.Available(ctx) }, "squeue: error: " + controller},
		{"squeue fails in Status", []string{"FAKESLURM_FAIL=squeue"},
			func(a *Array, c Client) error {
				a.Submissions = []Submission{{JobID: "7", Tasks: []int{0}}}
				_, err := a.Status(ctx, c)
				return err
			}, "squeue: error: " + controller},
		{"squeue fails in Resubmit", []string{"FAKESLURM_FAIL=squeue"},
			func(a *Array, c Client) error {
				a.Submissions = []Submission{{JobID: "7", Tasks: []int{0}}}
				_, _, err := a.Resubmit(ctx, c)
				return err
			}, "squeue: error: " + controller},
		{"squeue fails in Wait", []string{"FAKESLURM_FAIL=squeue"},
			func(a *Array, c Client) error {
				a.Submissions = []Submission{{JobID: "7", Tasks: []int{0}}}
				_, err := a.Wait(ctx, c, time.Millisecond, nil)
				return err
			}, "squeue: error: " + controller},
		{"scancel fails", []string{"FAKESLURM_FAIL=scancel"},
			func(a *Array, c Client) error {
				a.Submissions = []Submission{{JobID: "7", Tasks: []int{0}}}
				return a.Cancel(ctx, c)
			}, "scancel 7: exit status 1: scancel: error: " + controller},
		{"no task", nil,
			func(a *Array, c Client) error { _, err := a.Submit(ctx, c, []int{}); return err }, "no task to submit"},
		{"task out of range", nil,
			func(a *Array, c Client) error { _, err := a.Submit(ctx, c, []int{2, 6}); return err }, "task 6 of an array of 6"},
		{"invalid plan", nil,
			func(a *Array, c Client) error { a.Plan.Key = ""; _, err := a.Submit(ctx, c, nil); return err }, "plan has no key"},
		{"sbatch missing", nil,
			func(a *Array, c Client) error { c.Sbatch = "/nonexistent/sbatch"; return c.Available(ctx) }, "/nonexistent/sbatch not found"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFakeSlurm(t, tt.env...)
			a := fakePlan(t)
			err := tt.call(a, f.Client)
			want := strings.ReplaceAll(tt.want, "%DIR%", a.Plan.Dir)
			if err == nil || !strings.Contains(err.Error(), want) {
				t.Fatalf("error %v, want one containing %q", err, want)
			}
			if b, _ := Open(a.Plan.Dir); len(b.Submissions) != 0 {
				t.Errorf("a failed call recorded %+v", b.Submissions)
			}
		})
	}
}

// TestWaitCancelled: Wait returns the context's error, with the last
// status, when the context ends while tasks are queued.
func TestWaitCancelled(t *testing.T) {
	f := newFakeSlurm(t)
	a := fakePlan(t)
	if _, err := a.Submit(context.Background(), f.Client, nil); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	st, err := a.Wait(ctx, f.Client, time.Hour, func(Status) { cancel() })
	if !errors.Is(err, context.Canceled) || st.Pending != 6 {
		t.Errorf("Wait = %v, %v; want 6 pending and context.Canceled", st, err)
	}
}

// TestStatusQueuedTwice: a task queued under two submissions (Submit run
// by hand while it was pending) is running if either lists it running.
func TestStatusQueuedTwice(t *testing.T) {
	f := newFakeSlurm(t)
	ctx := context.Background()
	a := fakePlan(t, 0) // task 0 leaves no output when the fake runs it
	if _, err := a.Submit(ctx, f.Client, []int{0}); err != nil {
		t.Fatal(err)
	}
	if _, err := a.Status(ctx, f.Client); err != nil { // job 100's task 0 now running
		t.Fatal(err)
	}
	if _, err := a.Submit(ctx, f.Client, []int{0}); err != nil { // job 101's task 0 pending
		t.Fatal(err)
	}
	st, err := a.Status(ctx, f.Client)
	if err != nil {
		t.Fatal(err)
	}
	if st.Tasks[0].State != Running || st.Tasks[0].JobID != "101" {
		t.Errorf("task 0: %+v", st.Tasks[0])
	}
}

func TestLastLine(t *testing.T) {
	dir := t.TempDir()
	long := strings.Repeat("x", 400)
	tests := []struct {
		name, content, want string
	}{
		{"last of several", "start\nworking\n  boom: exit 3  \n\n", "boom: exit 3"},
		{"empty", "", "empty log"},
		{"blank", "\n \n", "empty log"},
		{"long", "a\n" + long, long[:300] + "…"},
		// A task's log is printed by status: a terminal's escape
		// sequences in it (a title, a cleared screen) were passed on.
		{"escapes", "ok\n\x1b]0;owned\a\x1b[2Jboom\r done\x7f\u0085x", "\ufffd]0;owned\ufffd\ufffd[2Jboom\ufffd done\ufffd\ufffdx"},
		{"tab kept", "a\tb", "a\tb"},
	}
	for _, tt := range tests {
		p := filepath.Join(dir, tt.name+".log")
		if err := os.WriteFile(p, []byte(tt.content), 0o644); err != nil {
			t.Fatal(err)
		}
		if got := lastLine(p); got != tt.want {
			t.Errorf("%s: lastLine = %q, want %q", tt.name, got, tt.want)
		}
	}
	if got := lastLine(filepath.Join(dir, "missing.log")); !strings.HasPrefix(got, "no log file") {
		t.Errorf("missing log: %q", got)
	}
	// A large log is read from its end only; a line longer than the
	// window read shows that it began before it.
	big := filepath.Join(dir, "big.log")
	if err := os.WriteFile(big, []byte(strings.Repeat("step\n", 1<<20)+"boom: exit 3\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if got := lastLine(big); got != "boom: exit 3" {
		t.Errorf("big log: %q", got)
	}
	huge := filepath.Join(dir, "huge.log")
	if err := os.WriteFile(huge, []byte("start\n"+strings.Repeat("y", 3*lastLineWindow)), 0o644); err != nil {
		t.Fatal(err)
	}
	if got := lastLine(huge); got != "…"+strings.Repeat("y", 299)+"…" {
		t.Errorf("one line longer than the window: %q", got)
	}
	// A named pipe is named, never waited on.
	fifo := filepath.Join(dir, "fifo.log")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	if got := lastLine(fifo); !strings.HasPrefix(got, "log not readable") {
		t.Errorf("named pipe: %q", got)
	}
}

func TestTaskStateString(t *testing.T) {
	var got []string
	for s := Unsubmitted; s <= Failed+1; s++ {
		got = append(got, s.String())
	}
	want := []string{"unsubmitted", "pending", "running", "done", "failed", "TaskState(5)"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("TaskState strings %q, want %q", got, want)
	}
}
