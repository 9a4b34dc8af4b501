package batsim

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/sim"
)

// check is a constraint on one JSON value (decoded with UseNumber).
type check func(v any) error

// field is one entry of a schema: a field's name, whether Batsim requires
// it, and what its value must be.
type field struct {
	name     string
	required bool
	check    check
}

func isInt(v any, lo int64) error {
	n, ok := v.(json.Number)
	if !ok {
		return fmt.Errorf("%v is not a number", v)
	}
	i, err := n.Int64()
	if err != nil || i < lo {
		return fmt.Errorf("%v: want an integer ≥ %d", v, lo)
	}
	return nil
}

func isNumber(v any, ok func(float64) bool, want string) error {
	n, isNum := v.(json.Number)
	if !isNum {
		return fmt.Errorf("%v is not a number", v)
	}
	f, err := n.Float64()
	if err != nil || !ok(f) {
		return fmt.Errorf("%v: want %s", v, want)
	}
	return nil
}

func isString(v any) error {
	if _, ok := v.(string); !ok {
		return fmt.Errorf("%v is not a string", v)
	}
	return nil
}

// The workload format of Batsim v4.2.1, as docs/input-workload.rst
// documents it and src/workload.cpp, src/jobs.cpp (Job::from_json) and
// src/profiles.cpp (delay) check it.
var (
	workloadSchema = []field{
		{"nb_res", true, func(v any) error { return isInt(v, 1) }},
		{"jobs", true, func(v any) error {
			if _, ok := v.([]any); !ok {
				return fmt.Errorf("not an array")
			}
			return nil
		}},
		{"profiles", true, func(v any) error {
			if _, ok := v.(map[string]any); !ok {
				return fmt.Errorf("not an object")
			}
			return nil
		}},
	}
	jobSchema = []field{
		{"id", true, func(v any) error {
			if isString(v) == nil || isInt(v, math.MinInt64) == nil {
				return nil
			}
			return fmt.Errorf("%v: want a string or an integer", v)
		}},
		{"subtime", true, func(v any) error { return isNumber(v, func(f float64) bool { return f >= 0 }, "≥ 0") }},
		{"res", true, func(v any) error { return isInt(v, 0) }},
		{"profile", true, isString},
		{"walltime", false, func(v any) error {
			return isNumber(v, func(f float64) bool { return f == -1 || f > 0 }, "-1 or > 0")
		}},
		{"extra_data", false, isString},
	}
	delaySchema = []field{
		{"type", true, func(v any) error {
			if v != DelayV4 && v != DelayV5 {
				return fmt.Errorf("%v: want %q (v4) or %q (v5)", v, DelayV4, DelayV5)
			}
			return nil
		}},
		{"delay", true, func(v any) error { return isNumber(v, func(f float64) bool { return f > 0 }, "> 0") }},
	}
)

func validate(obj map[string]any, schema []field, where string) []error {
	var errs []error
	for _, f := range schema {
		v, ok := obj[f.name]
		switch {
		case !ok && f.required:
			errs = append(errs, fmt.Errorf("%s: no %q", where, f.name))
		case ok:
			if err := f.check(v); err != nil {
				errs = append(errs, fmt.Errorf("%s: %s: %w", where, f.name, err))
			}
		}
	}
	return errs
}

// validateWorkload checks a workload file against the schema, and the
// references Batsim checks: unique ids, existing profiles.
func validateWorkload(data []byte) []error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var top map[string]any
	if err := dec.Decode(&top); err != nil {
		return []error{err}
	}
	errs := validate(top, workloadSchema, "workload")
	if len(errs) > 0 {
		return errs
	}
	profiles := top["profiles"].(map[string]any)
	for name, p := range profiles {
		obj, ok := p.(map[string]any)
		if !ok {
			errs = append(errs, fmt.Errorf("profile %q: not an object", name))
			continue
		}
		errs = append(errs, validate(obj, delaySchema, "profile "+name)...)
	}
	ids := map[string]bool{}
	for i, j := range top["jobs"].([]any) {
		obj, ok := j.(map[string]any)
		if !ok {
			errs = append(errs, fmt.Errorf("job %d: not an object", i))
			continue
		}
		where := fmt.Sprintf("job %d", i)
		errs = append(errs, validate(obj, jobSchema, where)...)
		id := fmt.Sprint(obj["id"])
		if ids[id] {
			errs = append(errs, fmt.Errorf("%s: id %s used twice", where, id))
		}
		ids[id] = true
		if p, ok := obj["profile"].(string); ok && profiles[p] == nil {
			errs = append(errs, fmt.Errorf("%s: profile %q not defined", where, p))
		}
	}
	return errs
}

// The export of the sample log is a valid Batsim workload, in v4 and v5
// profile types, and the schema check can fail.
func TestWriteSchema(t *testing.T) {
	t.Parallel()
	for _, pt := range []string{"", DelayV5} {
		var b bytes.Buffer
		rep, err := Write(&b, datasets.Sample(), Options{ProfileType: pt, Description: "the sample"})
		if err != nil {
			t.Fatal(err)
		}
		if errs := validateWorkload(b.Bytes()); len(errs) > 0 {
			t.Fatalf("%s: %d schema errors, first %v", pt, len(errs), errs[0])
		}
		if rep.Jobs+rep.ZeroRuntime != rep.Prep.Jobs || rep.Procs != 128 || rep.Profiles < 1 {
			t.Errorf("report %+v", rep)
		}
	}
	for name, bad := range map[string]string{
		"no nb_res":      `{"jobs": [], "profiles": {}}`,
		"nb_res 0":       `{"nb_res": 0, "jobs": [], "profiles": {}}`,
		"res float":      `{"nb_res": 4, "jobs": [{"id": "1", "subtime": 0, "res": 1.5, "profile": "p"}], "profiles": {"p": {"type": "delay", "delay": 1}}}`,
		"walltime 0":     `{"nb_res": 4, "jobs": [{"id": "1", "subtime": 0, "res": 1, "walltime": 0, "profile": "p"}], "profiles": {"p": {"type": "delay", "delay": 1}}}`,
		"delay 0":        `{"nb_res": 4, "jobs": [{"id": "1", "subtime": 0, "res": 1, "profile": "p"}], "profiles": {"p": {"type": "delay", "delay": 0}}}`,
		"no profile":     `{"nb_res": 4, "jobs": [{"id": "1", "subtime": 0, "res": 1, "profile": "q"}], "profiles": {"p": {"type": "delay", "delay": 1}}}`,
		"duplicate id":   `{"nb_res": 4, "jobs": [{"id": "1", "subtime": 0, "res": 1, "profile": "p"}, {"id": "1", "subtime": 0, "res": 1, "profile": "p"}], "profiles": {"p": {"type": "delay", "delay": 1}}}`,
		"no subtime":     `{"nb_res": 4, "jobs": [{"id": "1", "res": 1, "profile": "p"}], "profiles": {"p": {"type": "delay", "delay": 1}}}`,
		"extra not text": `{"nb_res": 4, "jobs": [{"id": "1", "subtime": 0, "res": 1, "profile": "p", "extra_data": {}}], "profiles": {"p": {"type": "delay", "delay": 1}}}`,
	} {
		if errs := validateWorkload([]byte(bad)); len(errs) == 0 {
			t.Errorf("%s: the schema accepts it", name)
		}
	}
}

// Write then Read gives the workload back: the same jobs, and the same
// schedule under EASY as the original log without its jobs of runtime 0
// (which Batsim cannot hold).
func TestRoundTrip(t *testing.T) {
	t.Parallel()
	tr := datasets.Sample()
	var b bytes.Buffer
	if _, err := Write(&b, tr, Options{}); err != nil {
		t.Fatal(err)
	}
	back, err := Read(&b, "sample.json")
	if err != nil {
		t.Fatal(err)
	}
	if back.Header.MaxProcs != 128 {
		t.Errorf("MaxProcs %d", back.Header.MaxProcs)
	}
	orig, _ := tr.Filter(func(i int) bool { return tr.Runtime[i] > 0 })
	a, err := sim.Replay(orig, &sim.EASY{}, sim.Options{})
	if err != nil {
		t.Fatal(err)
	}
	c, err := sim.Replay(back, &sim.EASY{}, sim.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if a.Len() != c.Len() || a.Len() == 0 {
		t.Fatalf("%d jobs, back %d", a.Len(), c.Len())
	}
	for j := range a.ID {
		if a.ID[j] != c.ID[j] || a.Start[j] != c.Start[j] || a.User[j] != c.User[j] || a.Estimate[j] != c.Estimate[j] {
			t.Fatalf("job %d: %v %v %v %v, back %v %v %v %v", j, a.ID[j], a.Start[j], a.User[j], a.Estimate[j],
				c.ID[j], c.Start[j], c.User[j], c.Estimate[j])
		}
	}
}

func TestReadErrors(t *testing.T) {
	t.Parallel()
	for name, c := range map[string]struct{ in, want string }{
		"not json":     {`{"nb_res": 4,`, "line 1"},
		"no jobs":      {`{"nb_res": 4, "profiles": {}}`, `"jobs" field is missing`},
		"nb_res":       {`{"nb_res": -3, "jobs": [], "profiles": {}}`, "nb_res -3"},
		"bad res line": {"{\"nb_res\": 4,\n\"jobs\": [\n{\"id\": 1, \"subtime\": 0, \"res\": 1, \"profile\": \"p\"},\n{\"id\": 2, \"subtime\": 0, \"res\": -1, \"profile\": \"p\"}],\n\"profiles\": {\"p\": {\"type\": \"delay\", \"delay\": 5}}}", "line 4: job 2: res -1"},
		"parallel":     {`{"nb_res": 4, "jobs": [{"id": 1, "subtime": 0, "res": 1, "profile": "p"}], "profiles": {"p": {"type": "parallel_homogeneous", "cpu": 1e9}}}`, "only delay profiles"},
		"negative sub": {`{"nb_res": 4, "jobs": [{"id": 1, "subtime": -5, "res": 1, "profile": "p"}], "profiles": {"p": {"type": "delay", "delay": 5}}}`, "subtime -5"},
		"twice":        {`{"nb_res": 4, "jobs": [{"id": 1, "subtime": 0, "res": 1, "profile": "p"}, {"id": "1", "subtime": 0, "res": 1, "profile": "p"}], "profiles": {"p": {"type": "delay", "delay": 5}}}`, "used twice"},
	} {
		_, err := Read(strings.NewReader(c.in), "w.json")
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want %q", name, err, c.want)
		}
	}
	// A Batsim workload of its own: string ids numbered in order, the
	// walltime cutting the delay, a v4 extra_data object.
	in := `{"nb_res": 8, "jobs": [
		{"id": "a", "subtime": 10, "walltime": 50, "res": 2, "profile": "long", "extra_data": {"user": 7}},
		{"id": "b", "subtime": 20, "res": 8, "profile": "short"}],
		"profiles": {"long": {"type": "delay", "delay": 100}, "short": {"type": "DelayProfile", "delay": 3}},
		"version": 1}`
	tr, err := Read(strings.NewReader(in), "own.json")
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(tr.JobID, []int{1, 2}) || !slices.Equal(tr.Runtime, []float64{50, 3}) || tr.User[0] != 7 ||
		tr.User[1] != -1 || !math.IsNaN(tr.ReqTime[1]) || tr.Procs[1] != 8 {
		t.Errorf("trace: ids %v runtimes %v users %v req %v", tr.JobID, tr.Runtime, tr.User, tr.ReqTime)
	}
}

// The jobs output of a simulation of the sample log has Batsim's columns
// in Batsim's order, every column evalys's JobSet reads, values of the
// documented types, and the documented identities.
func TestWriteJobsSchema(t *testing.T) {
	t.Parallel()
	r, err := sim.Replay(datasets.Sample(), &sim.EASY{}, sim.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	rep, err := WriteJobs(&b, r, "")
	if err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(&b).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(rows[0], JobsColumns) {
		t.Fatalf("header %v", rows[0])
	}
	// evalys/jobset.py, JobSet.columns.
	for _, c := range []string{"job_id", "workload_name", "submission_time", "requested_number_of_resources", "requested_time",
		"success", "starting_time", "execution_time", "finish_time", "waiting_time", "turnaround_time", "stretch",
		"allocated_resources"} {
		if !slices.Contains(rows[0], c) {
			t.Errorf("no column %s for evalys", c)
		}
	}
	if len(rows)-1 != rep.Jobs || rep.Jobs != r.Len() || rep.Unfinished != 0 {
		t.Errorf("%d rows, report %+v, %d jobs", len(rows)-1, rep, r.Len())
	}
	interval := regexp.MustCompile(`^\d+(-\d+)?( \d+(-\d+)?)*$`)
	num := func(s string) (float64, error) { return strconv.ParseFloat(s, 64) }
	types := map[string]func(s string) error{
		"job_id":                        func(s string) error { _, err := strconv.Atoi(s); return err },
		"workload_name":                 func(s string) error { return cond(s == DefaultWorkload, "workload %q", s) },
		"profile":                       func(s string) error { return cond(strings.HasPrefix(s, "delay_"), "profile %q", s) },
		"requested_number_of_resources": func(s string) error { n, err := strconv.Atoi(s); return cond(err == nil && n >= 1, "%q", s) },
		"success":                       func(s string) error { return cond(s == "0" || s == "1", "%q", s) },
		"final_state": func(s string) error {
			return cond(slices.Contains([]string{"COMPLETED_SUCCESSFULLY", "COMPLETED_FAILED", "COMPLETED_WALLTIME_REACHED",
				"COMPLETED_KILLED", "REJECTED"}, s), "%q", s)
		},
		"allocated_resources": func(s string) error { return cond(interval.MatchString(s), "%q", s) },
		"stretch": func(s string) error {
			if s == "" {
				return nil
			}
			_, err := num(s)
			return err
		},
		"metadata": func(string) error { return nil },
	}
	col := map[string]int{}
	for i, c := range rows[0] {
		col[c] = i
	}
	for k, row := range rows[1:] {
		f := map[string]float64{}
		for i, c := range JobsColumns {
			if check, ok := types[c]; ok {
				if err := check(row[i]); err != nil {
					t.Fatalf("row %d: %s: %v", k, c, err)
				}
				continue
			}
			v, err := num(row[i])
			if err != nil {
				t.Fatalf("row %d: %s %q: %v", k, c, row[i], err)
			}
			f[c] = v
		}
		near := func(a, b float64) bool { return math.Abs(a-b) <= 1e-9*max(1, math.Abs(b)) }
		if !near(f["execution_time"], f["finish_time"]-f["starting_time"]) ||
			!near(f["waiting_time"], f["starting_time"]-f["submission_time"]) ||
			!near(f["turnaround_time"], f["finish_time"]-f["submission_time"]) {
			t.Fatalf("row %d: times do not add up: %v", k, row)
		}
		n, _ := strconv.Atoi(row[col["requested_number_of_resources"]])
		if got := procsIn(row[col["allocated_resources"]]); got != n {
			t.Fatalf("row %d: %d processors allocated, %d requested", k, got, n)
		}
	}
}

func cond(ok bool, format string, args ...any) error {
	if ok {
		return nil
	}
	return fmt.Errorf("unexpected "+format, args...)
}

// procsIn counts the processors of an interval set "0-3 8".
func procsIn(s string) int {
	n := 0
	for _, part := range strings.Fields(s) {
		lo, hi, found := strings.Cut(part, "-")
		a, _ := strconv.Atoi(lo)
		b := a
		if found {
			b, _ = strconv.Atoi(hi)
		}
		n += b - a + 1
	}
	return n
}

// Read never panics, and what it accepts is a valid trace.
func FuzzRead(f *testing.F) {
	f.Add([]byte(`{"nb_res": 4, "jobs": [{"id": 1, "subtime": 0, "res": 1, "walltime": 10, "profile": "p", "extra_data": "{\"user\":3}"}], "profiles": {"p": {"type": "delay", "delay": 5}}}`))
	f.Add([]byte(`{"nb_res": 4, "jobs": [], "profiles": {}}`))
	f.Add([]byte(`[]`))
	f.Fuzz(func(t *testing.T, data []byte) {
		tr, err := Read(bytes.NewReader(data), "fuzz.json")
		if err != nil {
			return
		}
		if err := tr.Validate(); err != nil {
			t.Fatal(err)
		}
		for i := range tr.Len() {
			if !(tr.Runtime[i] > 0) || tr.Procs[i] < 0 || !(tr.Submit[i] >= 0) {
				t.Fatalf("job %d: %+v", i, tr.Job(i))
			}
		}
	})
}
