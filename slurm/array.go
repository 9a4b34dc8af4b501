package slurm

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
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

// TaskToken stands for the array task index in Plan.Command and
// Plan.Output.
const TaskToken = "{task}"

// Options are the sbatch settings of a job array. The zero value submits
// to the cluster's default partition with its default time limit, one CPU
// per task, no throttle.
type Options struct {
	JobName     string   // --job-name; "" means "tracelab"
	Partition   string   // --partition; "" the cluster's default
	Time        string   // --time, e.g. "30:00" or "1-00:00:00"; "" the partition's default
	CPUsPerTask int      // --cpus-per-task; 0 means 1
	Throttle    int      // at most this many tasks at once (--array=…%k); 0 means no limit
	Extra       []string // more sbatch options, each one "--flag=value" or "--flag", e.g. --mem=2G
}

// Plan is a job array: Tasks tasks, task k running Command with every
// TaskToken replaced by k, and leaving the file Output (TaskToken replaced
// by k) when it succeeds.
type Plan struct {
	// Dir is the array folder (made absolute by Create).
	Dir string `json:"dir"`
	// Key names the computation (for a sweep: its Spec.ID and shard
	// count). A folder is never reused for a plan of another key.
	Key string `json:"key"`
	// Command is the program and arguments of a task; the first element
	// must be an absolute path (the tasks run elsewhere).
	Command []string `json:"command"`
	// Tasks is the number of array tasks, indices 0 to Tasks−1.
	Tasks int `json:"tasks"`
	// Output is the file a task leaves when it succeeds, containing
	// TaskToken; a relative path is relative to Dir.
	Output  string  `json:"output"`
	Options Options `json:"options"`
	// Meta is the caller's own data, kept in the manifest (tracelab keeps
	// the sweep's merged output file there).
	Meta map[string]string `json:"meta,omitempty"`
}

// Submission is one sbatch of the array.
type Submission struct {
	JobID  string    `json:"job_id"`
	Tasks  []int     `json:"tasks"` // increasing (Submit sorts them and drops repeats)
	Script string    `json:"script"`
	Time   time.Time `json:"time"`
}

// UnmarshalJSON reads a submission from a manifest; its task list is read
// by taskList's.
func (s *Submission) UnmarshalJSON(b []byte) error {
	type plain Submission // without this method
	var v struct {
		plain
		Tasks taskList `json:"tasks"`
	}
	if err := json.Unmarshal(b, &v); err != nil {
		return err
	}
	*s = Submission(v.plain)
	s.Tasks = v.Tasks
	return nil
}

// taskList is Submission.Tasks as a manifest holds it.
type taskList []int

// UnmarshalJSON reads a task list from a manifest, which is input: each
// index must be an integer from 0 to MaxTasks−1, greater than the one
// before, checked as it is read. Unchecked, a 240 MB manifest within
// MaxManifestBytes listing the index 0 120 million times took over 1 GB
// of memory, then the runtime died (out of memory under a 3 GB address
// space limit); increasing indices take at least as many bytes of JSON
// each, from the seventh on, as the 8 bytes of an int.
func (l *taskList) UnmarshalJSON(b []byte) error {
	if string(bytes.TrimSpace(b)) == "null" {
		*l = nil
		return nil
	}
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	if t, err := d.Token(); err != nil || t != json.Delim('[') {
		return errors.New("tasks: want a list of task indices")
	}
	out := []int{} // "[]" is an empty list, as encoding/json reads it
	for d.More() {
		t, err := d.Token()
		if err != nil {
			return fmt.Errorf("tasks: %w", err)
		}
		n, _ := t.(json.Number)
		k, err := strconv.Atoi(string(n))
		if err != nil || k < 0 || k >= MaxTasks || (len(out) > 0 && k <= out[len(out)-1]) {
			return fmt.Errorf("tasks: %s after %d listed: want increasing integers from 0 to %d",
				clip.Runes(fmt.Sprint(t), 40), len(out), MaxTasks-1)
		}
		out = append(out, k)
	}
	*l = out
	return nil
}

// Array is a job array and its history, kept in Plan.Dir/array.json.
type Array struct {
	Plan        Plan         `json:"plan"`
	Submissions []Submission `json:"submissions"`
}

// MaxTasks bounds Plan.Tasks: Slurm's largest MaxArraySize is 4,000,001
// (array indices 0 to 4,000,000).
const MaxTasks = 4_000_001

// ManifestName is the file of an Array in its folder.
const ManifestName = "array.json"

// ErrOtherPlan is wrapped by Create's error when the folder holds another
// computation.
var ErrOtherPlan = errors.New("slurm: folder holds another computation")

var extraFlag = regexp.MustCompile(`^--?[A-Za-z][A-Za-z0-9-]*(=.*)?$`)

// Validate checks the plan.
func (p Plan) Validate() error {
	switch {
	case p.Dir == "":
		return errors.New("slurm: plan has no folder")
	case p.Key == "":
		return errors.New("slurm: plan has no key")
	case p.Tasks < 1 || p.Tasks > MaxTasks:
		return fmt.Errorf("slurm: %d tasks, want 1 to %d", p.Tasks, MaxTasks)
	case len(p.Command) == 0:
		return errors.New("slurm: plan has no command")
	case !filepath.IsAbs(p.Command[0]):
		return fmt.Errorf("slurm: program %q: want an absolute path (the tasks do not run in this folder)", p.Command[0])
	case !strings.Contains(p.Output, TaskToken):
		return fmt.Errorf("slurm: output %q does not contain %s", p.Output, TaskToken)
	case p.Options.CPUsPerTask < 0 || p.Options.Throttle < 0:
		return fmt.Errorf("slurm: negative CPUs per task or throttle")
	}
	// Script writes the folder, the output and the key into comment
	// lines and the #SBATCH --output line: a line break there ends the
	// line, and the rest of it runs as a command.
	for _, f := range []struct{ what, s string }{{"folder", p.Dir}, {"output", p.Output}, {"key", p.Key}} {
		if i := strings.IndexFunc(f.s, unicode.IsControl); i >= 0 {
			r, _ := utf8.DecodeRuneInString(f.s[i:])
			return fmt.Errorf("slurm: %s %q holds a control character (%U): the batch script cannot hold it safely", f.what, f.s, r)
		}
	}
	// sbatch cannot quote a '"' in the #SBATCH --output line, and a '\\'
	// there turns off its %A and %a (logPattern).
	if i := strings.IndexAny(p.Dir, `"\`); i >= 0 {
		return fmt.Errorf("slurm: folder %q holds %q, which sbatch's --output line cannot hold", p.Dir, p.Dir[i:i+1])
	}
	for _, a := range p.Command {
		if strings.Contains(a, "\x00") {
			return fmt.Errorf("slurm: command argument %q holds a NUL byte", a)
		}
	}
	for _, s := range []string{p.Options.JobName, p.Options.Partition, p.Options.Time} {
		if strings.ContainsAny(s, "\n \t\x00") {
			return fmt.Errorf("slurm: option %q holds white space", s)
		}
	}
	for _, x := range p.Options.Extra {
		if !extraFlag.MatchString(x) || strings.ContainsAny(x, "\n\x00") {
			return fmt.Errorf("slurm: extra sbatch option %q: want one option per argument, as --flag=value", x)
		}
		if f := strings.SplitN(x, "=", 2)[0]; f == "--array" || f == "-a" || f == "--output" || f == "-o" || f == "--parsable" {
			return fmt.Errorf("slurm: extra sbatch option %q: %s is set by tracelab", x, f)
		}
	}
	return nil
}

// OutputPath returns the output file of task k.
func (p Plan) OutputPath(k int) string {
	o := strings.ReplaceAll(p.Output, TaskToken, strconv.Itoa(k))
	if !filepath.IsAbs(o) {
		o = filepath.Join(p.Dir, o)
	}
	return o
}

// LogPath returns the log file of task k of job jobID.
func (p Plan) LogPath(jobID string, k int) string {
	return filepath.Join(p.Dir, "logs", fmt.Sprintf("%s_%d.log", jobID, k))
}

// Create makes the array folder for p and returns its Array. When the
// folder already holds an array of the same key, task count and output,
// that array is returned with its history, its command and options
// updated to p's (a rebuilt program, a longer time limit): the caller
// resumes it. When it holds another computation, the error wraps
// ErrOtherPlan.
func Create(p Plan) (*Array, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	dir, err := filepath.Abs(p.Dir)
	if err != nil {
		return nil, err
	}
	p.Dir = dir
	if err := os.MkdirAll(filepath.Join(dir, "logs"), 0o755); err != nil {
		return nil, fmt.Errorf("slurm: %w", err)
	}
	a, err := Open(dir)
	switch {
	case err == nil:
		if a.Plan.Key != p.Key || a.Plan.Tasks != p.Tasks || a.Plan.Output != p.Output {
			return nil, fmt.Errorf("%w: %s was made for\n  %s (%d tasks)\nnot\n  %s (%d tasks);\nuse another folder or remove it",
				ErrOtherPlan, dir, a.Plan.Key, a.Plan.Tasks, p.Key, p.Tasks)
		}
		a.Plan = p
	case errors.Is(err, os.ErrNotExist):
		a = &Array{Plan: p}
	default:
		return nil, err
	}
	if err := a.save(); err != nil {
		return nil, err
	}
	return a, nil
}

// MaxManifestBytes bounds the size of an array.json that Open reads:
// 256 MiB. The manifest lists the tasks of every submission, one index a
// line: one submission of every task of the largest array (MaxTasks)
// takes 67 MB, so the bound holds it and three full resubmissions.
const MaxManifestBytes = 256 << 20

// Open reads the array kept in folder dir. The manifest must be a regular
// file of at most MaxManifestBytes (a named pipe is refused, never waited
// on); a JSON fault is reported with the manifest's path and line. A
// missing manifest gives an error wrapping fs.ErrNotExist.
func Open(dir string) (*Array, error) {
	manifest := filepath.Join(dir, ManifestName)
	b, err := readManifest(manifest)
	if err != nil {
		return nil, err
	}
	var a Array
	if err := json.Unmarshal(b, &a); err != nil {
		return nil, fmt.Errorf("slurm: %w", infile.JSONError(manifest, b, err))
	}
	if abs, err := filepath.Abs(dir); err == nil && a.Plan.Dir != abs {
		a.Plan.Dir = abs // the folder was moved
	}
	// The manifest is input: its task count sizes the status of every
	// task, so it is checked as a new plan is.
	if err := a.Plan.Validate(); err != nil {
		return nil, fmt.Errorf("slurm: %s: %s", manifest, strings.TrimPrefix(err.Error(), "slurm: "))
	}
	// The job ids are arguments of squeue and scancel, and names in the
	// logs' paths: a job id "--user=NAME" made Cancel cancel every job
	// of NAME's, "../x" named a log outside the folder.
	for k, s := range a.Submissions {
		if !validJobID(s.JobID) {
			return nil, fmt.Errorf("slurm: %s: submission %d: job id %q: want the digits sbatch prints", manifest, k+1, clip.Runes(s.JobID, 40))
		}
	}
	return &a, nil
}

// validJobID reports whether id is a Slurm job id as sbatch --parsable
// prints it: ASCII digits only, at most 20 of them.
func validJobID(id string) bool {
	if id == "" || len(id) > 20 {
		return false
	}
	for _, c := range []byte(id) {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// readManifest reads the regular file path whole, refusing it before
// reading when it is larger than MaxManifestBytes.
func readManifest(path string) ([]byte, error) {
	f, err := infile.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if st, err := f.Stat(); err == nil && st.Size() > MaxManifestBytes {
		return nil, fmt.Errorf("slurm: %s: %d bytes, more than %d", path, st.Size(), MaxManifestBytes)
	}
	b, err := io.ReadAll(io.LimitReader(f, MaxManifestBytes+1))
	switch {
	case err != nil:
		return nil, fmt.Errorf("slurm: %w", err)
	case len(b) > MaxManifestBytes: // grew while read
		return nil, fmt.Errorf("slurm: %s: more than %d bytes", path, MaxManifestBytes)
	}
	return b, nil
}

// save writes the manifest atomically.
func (a *Array) save() error {
	b, err := json.MarshalIndent(a, "", "  ")
	if err != nil {
		return err
	}
	return outfile.WriteState(filepath.Join(a.Plan.Dir, ManifestName), append(b, '\n'), 0o644)
}

// ArraySpec returns sbatch's --array value for tasks: ranges of
// consecutive indices ("0-3,7,9"), then "%k" when throttle k > 0. tasks
// need not be sorted; duplicates are ignored.
func ArraySpec(tasks []int, throttle int) string {
	t := slices.Clone(tasks)
	slices.Sort(t)
	t = slices.Compact(t)
	var b strings.Builder
	for i := 0; i < len(t); {
		j := i
		for j+1 < len(t) && t[j+1] == t[j]+1 {
			j++
		}
		if b.Len() > 0 {
			b.WriteByte(',')
		}
		if j > i {
			fmt.Fprintf(&b, "%d-%d", t[i], t[j])
		} else {
			fmt.Fprintf(&b, "%d", t[i])
		}
		i = j + 1
	}
	if throttle > 0 {
		fmt.Fprintf(&b, "%%%d", throttle)
	}
	return b.String()
}

// quote returns s as one shell word; TaskToken becomes "${task}".
func quote(s string) string {
	parts := strings.Split(s, TaskToken)
	var b strings.Builder
	for k, p := range parts {
		if k > 0 {
			b.WriteString(`"${task}"`)
		}
		if p != "" || len(parts) == 1 {
			b.WriteString("'" + strings.ReplaceAll(p, "'", `'\''`) + "'")
		}
	}
	return b.String()
}

// logPattern is sbatch's --output value for the logs of an array kept in
// folder dir: dir/logs/%A_%a.log, a "%" of dir written "%%" (sbatch
// replaced "%x" in a folder "/data/run%x" by the job's name, and the logs
// went to a folder that does not exist), and the whole in double quotes
// when dir holds a space (sbatch refused the script: "Invalid directive
// found in batch script"). Validate refuses the '"' and '\\' that the
// quotes and the patterns cannot hold.
func logPattern(dir string) string {
	v := filepath.Join(strings.ReplaceAll(dir, "%", "%%"), "logs", "%A_%a.log")
	if strings.ContainsAny(v, " ") {
		v = `"` + v + `"`
	}
	return v
}

// Script returns the batch script that runs tasks (all tasks when nil).
func (a *Array) Script(tasks []int) string {
	p := a.Plan
	if tasks == nil {
		tasks = allTasks(p.Tasks)
	}
	o := p.Options
	name := o.JobName
	if name == "" {
		name = "tracelab"
	}
	cpus := max(o.CPUsPerTask, 1)
	var b bytes.Buffer
	b.WriteString("#!/bin/bash\n")
	out := p.Output
	if !filepath.IsAbs(out) {
		out = filepath.Join(p.Dir, out)
	}
	fmt.Fprintf(&b, "# Written by tracelab (package slurm): a job array of %d tasks; task k leaves\n", p.Tasks)
	fmt.Fprintf(&b, "# %s when it succeeds.\n", strings.ReplaceAll(out, TaskToken, "${task}"))
	fmt.Fprintf(&b, "# Computation: %s\n", strings.ReplaceAll(p.Key, "\n", " "))
	fmt.Fprintf(&b, "#SBATCH --job-name=%s\n", name)
	fmt.Fprintf(&b, "#SBATCH --array=%s\n", ArraySpec(tasks, o.Throttle))
	fmt.Fprintf(&b, "#SBATCH --output=%s\n", logPattern(p.Dir))
	fmt.Fprintf(&b, "#SBATCH --cpus-per-task=%d\n", cpus)
	fmt.Fprintf(&b, "#SBATCH --ntasks=1\n")
	if o.Partition != "" {
		fmt.Fprintf(&b, "#SBATCH --partition=%s\n", o.Partition)
	}
	if o.Time != "" {
		fmt.Fprintf(&b, "#SBATCH --time=%s\n", o.Time)
	}
	for _, x := range o.Extra {
		fmt.Fprintf(&b, "#SBATCH %s\n", x)
	}
	b.WriteString("set -eu\n")
	b.WriteString("task=${SLURM_ARRAY_TASK_ID:?this script runs as a Slurm array task}\n")
	b.WriteString(`echo "tracelab: task ${task} of job ${SLURM_ARRAY_JOB_ID:-?} on $(hostname) at $(date -u +%FT%TZ)"` + "\n")
	b.WriteString("exec")
	for _, arg := range p.Command {
		b.WriteString(" " + quote(arg))
	}
	b.WriteString("\n")
	return b.String()
}

func allTasks(n int) []int {
	t := make([]int, n)
	for k := range t {
		t[k] = k
	}
	return t
}
