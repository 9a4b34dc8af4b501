package slurm

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/tracelab/tracelab/internal/clip"
	"github.com/tracelab/tracelab/internal/infile"
	"github.com/tracelab/tracelab/internal/outfile"
)

// Client runs the Slurm commands. The zero value finds sbatch, squeue and
// scancel on PATH and gives them this process's environment (SLURM_CONF
// included), which sbatch passes on to the tasks.
type Client struct {
	Sbatch, Squeue, Scancel string   // programs; "" means the name looked up on PATH
	Env                     []string // environment of the commands; nil means os.Environ()
}

func (c Client) prog(p, def string) string {
	if p != "" {
		return p
	}
	return def
}

// run runs a Slurm command and returns its standard output; its error
// includes the standard error.
func (c Client) run(ctx context.Context, prog string, args ...string) ([]byte, error) {
	cmd := exec.CommandContext(ctx, prog, args...)
	if c.Env != nil {
		cmd.Env = c.Env
	}
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		msg := strings.TrimSpace(errb.String())
		if msg == "" {
			msg = strings.TrimSpace(out.String())
		}
		return out.Bytes(), fmt.Errorf("slurm: %s %s: %w: %s", filepath.Base(prog), strings.Join(args, " "), err, msg)
	}
	return out.Bytes(), nil
}

// Available reports whether Slurm can be used: sbatch and squeue exist and
// squeue reaches the controller.
func (c Client) Available(ctx context.Context) error {
	for _, p := range []string{c.prog(c.Sbatch, "sbatch"), c.prog(c.Squeue, "squeue")} {
		if _, err := exec.LookPath(p); err != nil {
			return fmt.Errorf("slurm: %s not found: %w", p, err)
		}
	}
	_, err := c.run(ctx, c.prog(c.Squeue, "squeue"), "-h", "-o", "%i", "-t", "RUNNING")
	return err
}

// Submit writes the batch script for tasks (nil: every task) to
// Dir/submit-N.sh, submits it with sbatch and records the submission in the
// manifest. It does not check whether the tasks are already done; see
// Status and Resubmit.
func (a *Array) Submit(ctx context.Context, c Client, tasks []int) (Submission, error) {
	if tasks == nil {
		tasks = allTasks(a.Plan.Tasks)
	}
	if len(tasks) == 0 {
		return Submission{}, errors.New("slurm: no task to submit")
	}
	for _, k := range tasks {
		if k < 0 || k >= a.Plan.Tasks {
			return Submission{}, fmt.Errorf("slurm: task %d of an array of %d", k, a.Plan.Tasks)
		}
	}
	if err := a.Plan.Validate(); err != nil {
		return Submission{}, err
	}
	if err := os.MkdirAll(filepath.Join(a.Plan.Dir, "logs"), 0o755); err != nil {
		return Submission{}, fmt.Errorf("slurm: %w", err)
	}
	script := filepath.Join(a.Plan.Dir, fmt.Sprintf("submit-%d.sh", len(a.Submissions)+1))
	// The folder's own file: a link there is not followed (it would
	// replace the file it points to, then make it executable).
	if err := outfile.WriteState(script, []byte(a.Script(tasks)), 0o644); err != nil {
		return Submission{}, fmt.Errorf("slurm: %w", err)
	}
	if err := os.Chmod(script, 0o755); err != nil {
		return Submission{}, fmt.Errorf("slurm: %w", err)
	}
	out, err := c.run(ctx, c.prog(c.Sbatch, "sbatch"), "--parsable", script)
	if err != nil {
		return Submission{}, err
	}
	id, err := parseJobID(out)
	if err != nil {
		return Submission{}, err
	}
	s := Submission{JobID: id, Tasks: slices.Clone(tasks), Script: script, Time: time.Now().UTC()}
	slices.Sort(s.Tasks)
	s.Tasks = slices.Compact(s.Tasks) // a manifest's lists are increasing (taskList)
	a.Submissions = append(a.Submissions, s)
	if err := a.save(); err != nil {
		return s, fmt.Errorf("slurm: job %s submitted but not recorded: %w", id, err)
	}
	return s, nil
}

// parseJobID reads sbatch --parsable's output: "ID" or "ID;cluster".
func parseJobID(out []byte) (string, error) {
	line := strings.TrimSpace(string(out))
	if i := strings.LastIndexByte(line, '\n'); i >= 0 {
		line = line[i+1:] // warnings may come first
	}
	id, _, _ := strings.Cut(line, ";")
	if !validJobID(id) { // strconv.Atoi took "-5" and "+5"
		return "", fmt.Errorf("slurm: sbatch printed %q, want a job id", strings.TrimSpace(string(out)))
	}
	return id, nil
}

// TaskState is the state of an array task.
type TaskState int

// Task states; see the package documentation.
const (
	Unsubmitted TaskState = iota
	Pending
	Running
	Done
	Failed
)

func (s TaskState) String() string {
	switch s {
	case Unsubmitted:
		return "unsubmitted"
	case Pending:
		return "pending"
	case Running:
		return "running"
	case Done:
		return "done"
	case Failed:
		return "failed"
	}
	return "TaskState(" + strconv.Itoa(int(s)) + ")"
}

// Task is the state of one array task.
type Task struct {
	Index  int
	State  TaskState
	JobID  string // of its latest submission; "" if never submitted
	Output string // its output file
	Log    string // its log file in its latest submission; "" if never submitted
	// Reason, for a failed task, is the last line of its log, or a note
	// that the log is missing.
	Reason string
}

// Status is the state of every task of an array.
type Status struct {
	Tasks                                       []Task
	Done, Pending, Running, Failed, Unsubmitted int
}

// Finished reports whether no task is pending or running.
func (s Status) Finished() bool { return s.Pending == 0 && s.Running == 0 }

// Complete reports whether every task is done.
func (s Status) Complete() bool { return s.Done == len(s.Tasks) }

// Outputs returns the output files of the done tasks, in task order.
func (s Status) Outputs() []string {
	var p []string
	for _, t := range s.Tasks {
		if t.State == Done {
			p = append(p, t.Output)
		}
	}
	return p
}

// ToRun returns the tasks that are neither done nor in the queue: the
// failed and the unsubmitted ones.
func (s Status) ToRun() []int {
	var k []int
	for _, t := range s.Tasks {
		if t.State == Failed || t.State == Unsubmitted {
			k = append(k, t.Index)
		}
	}
	return k
}

// FailedTasks returns the failed tasks.
func (s Status) FailedTasks() []Task {
	var f []Task
	for _, t := range s.Tasks {
		if t.State == Failed {
			f = append(f, t)
		}
	}
	return f
}

// String summarises the status: "7/10 done, 2 running, 1 pending, 0 failed".
func (s Status) String() string {
	str := fmt.Sprintf("%d/%d done, %d running, %d pending, %d failed", s.Done, len(s.Tasks), s.Running, s.Pending, s.Failed)
	if s.Unsubmitted > 0 {
		str += fmt.Sprintf(", %d not submitted", s.Unsubmitted)
	}
	return str
}

// queued is one line of squeue: job id and array task.
type queued struct {
	job  string
	task int
}

// queue returns the queued array tasks of the given jobs and their states
// (squeue -r, one line per task).
func (c Client) queue(ctx context.Context, jobs []string) (map[queued]TaskState, error) {
	q := map[queued]TaskState{}
	if len(jobs) == 0 {
		return q, nil
	}
	out, err := c.run(ctx, c.prog(c.Squeue, "squeue"), "-h", "-r", "-j", strings.Join(jobs, ","), "-o", "%F|%K|%T")
	if err != nil {
		// squeue fails when every job named has left the controller.
		if strings.Contains(err.Error(), "Invalid job id") {
			return q, nil
		}
		return nil, err
	}
	return parseQueue(out, q)
}

// parseQueue reads squeue -h -r -o '%F|%K|%T' lines: array job id, task
// index, state.
func parseQueue(out []byte, q map[queued]TaskState) (map[queued]TaskState, error) {
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" {
			continue
		}
		f := strings.Split(line, "|")
		if len(f) != 3 {
			return nil, fmt.Errorf("slurm: squeue line %q: want JOB|TASK|STATE", line)
		}
		task, err := strconv.Atoi(f[1])
		if err != nil {
			continue // not an array task
		}
		st := Running
		switch s := strings.ToUpper(f[2]); {
		case s == "PENDING" || strings.HasPrefix(s, "REQUEUE") || s == "RESV_DEL_HOLD" || s == "SUSPENDED":
			st = Pending
		}
		q[queued{f[0], task}] = st
	}
	return q, sc.Err()
}

// Status reads the state of every task: squeue first, then the output
// files, then the logs of the failed tasks.
func (a *Array) Status(ctx context.Context, c Client) (Status, error) {
	var jobs []string
	latest := make([]string, a.Plan.Tasks)
	for _, s := range a.Submissions {
		jobs = append(jobs, s.JobID)
		for _, k := range s.Tasks {
			if k >= 0 && k < len(latest) {
				latest[k] = s.JobID
			}
		}
	}
	q, err := c.queue(ctx, jobs)
	if err != nil {
		return Status{}, err
	}
	// A task may be queued under an earlier submission (a resubmission
	// made while it was still pending is never made by Resubmit, but a
	// user may have run Submit by hand).
	inQueue := map[int]TaskState{}
	for k, st := range q {
		if old, ok := inQueue[k.task]; !ok || st == Running || old == Pending {
			inQueue[k.task] = st
		}
	}
	st := Status{Tasks: make([]Task, a.Plan.Tasks)}
	for k := range st.Tasks {
		t := Task{Index: k, JobID: latest[k], Output: a.Plan.OutputPath(k)}
		if t.JobID != "" {
			t.Log = a.Plan.LogPath(t.JobID, k)
		}
		if _, err := os.Stat(t.Output); err == nil {
			t.State = Done
		} else if s, ok := inQueue[k]; ok {
			t.State = s
		} else if t.JobID != "" {
			t.State = Failed
			t.Reason = lastLine(t.Log)
		}
		switch t.State {
		case Done:
			st.Done++
		case Pending:
			st.Pending++
		case Running:
			st.Running++
		case Failed:
			st.Failed++
		default:
			st.Unsubmitted++
		}
		st.Tasks[k] = t
	}
	return st, nil
}

// lastLine returns the last non-empty line of a log file, at most 300
// runes of it, read from the file's last lastLineWindow bytes (a task's log
// may be large, and is never waited on: a named pipe or a device is
// named, not read).
func lastLine(path string) string {
	f, err := infile.Open(path)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return "no log file (the task never started, or its log is not visible here)"
		}
		return "log not readable: " + err.Error()
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return "log not readable: " + err.Error()
	}
	from := max(st.Size()-lastLineWindow, 0)
	b := make([]byte, st.Size()-from)
	n, err := f.ReadAt(b, from)
	if err != nil && !errors.Is(err, io.EOF) {
		return "log not readable: " + err.Error()
	}
	lines := strings.Split(strings.TrimSpace(string(b[:n])), "\n")
	l := strings.TrimSpace(lines[len(lines)-1])
	if l == "" {
		return "empty log"
	}
	if from > 0 && len(lines) == 1 {
		// The line began before the window, maybe within a rune.
		l = clip.Ellipsis + strings.TrimLeftFunc(l, func(r rune) bool { return r == utf8.RuneError })
	}
	// The line is shown on a terminal: its control characters (escape
	// sequences, carriage returns) are shown as U+FFFD, not obeyed.
	l = strings.Map(func(r rune) rune {
		if r != '\t' && unicode.IsControl(r) {
			return utf8.RuneError
		}
		return r
	}, l)
	return clip.Runes(l, 300)
}

// lastLineWindow is how much of the end of a task's log lastLine reads.
const lastLineWindow = 4096

// Resubmit submits the tasks that are neither done nor queued (failed or
// never submitted) and returns the submission and the tasks; nothing is
// submitted (and the returned tasks are empty) when there is none.
func (a *Array) Resubmit(ctx context.Context, c Client) (Submission, []int, error) {
	st, err := a.Status(ctx, c)
	if err != nil {
		return Submission{}, nil, err
	}
	tasks := st.ToRun()
	if len(tasks) == 0 {
		return Submission{}, nil, nil
	}
	s, err := a.Submit(ctx, c, tasks)
	return s, tasks, err
}

// Wait polls the status every poll (0 means 1 s) until no task is pending
// or running, calling progress (if not nil) after each poll, and returns
// the last status. It returns early with ctx's error.
func (a *Array) Wait(ctx context.Context, c Client, poll time.Duration, progress func(Status)) (Status, error) {
	if poll <= 0 {
		poll = time.Second
	}
	for {
		st, err := a.Status(ctx, c)
		if err != nil {
			return st, err
		}
		if progress != nil {
			progress(st)
		}
		if st.Finished() {
			return st, nil
		}
		select {
		case <-ctx.Done():
			return st, ctx.Err()
		case <-time.After(poll):
		}
	}
}

// Cancel cancels every submission of the array with scancel.
func (a *Array) Cancel(ctx context.Context, c Client) error {
	if len(a.Submissions) == 0 {
		return nil
	}
	ids := make([]string, len(a.Submissions))
	for k, s := range a.Submissions {
		ids[k] = s.JobID
	}
	_, err := c.run(ctx, c.prog(c.Scancel, "scancel"), ids...)
	return err
}
