package cli

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/sim/resample"
)

func TestResampleSWF(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.swf"), filepath.Join(dir, "b.swf.gz")
	out, _, err := runCLI(t, "resample", "--extend", "2", "--load", "1.5", "--seed", "7", "-o", a, "--format", "json",
		"--simulate", "easy")
	if err != nil {
		t.Fatal(err)
	}
	var rec map[string]any
	if err := json.Unmarshal([]byte(out), &rec); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	res := rec["resampled"].(map[string]any)
	tr, err := datasets.ReadFile(a, datasets.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if float64(tr.Len()) != res["jobs"] || tr.Len() == 0 {
		t.Errorf("file has %d jobs, report %v", tr.Len(), res["jobs"])
	}
	if opts := rec["options"].(map[string]any); opts["load"] != 1.5 || opts["seed"] != 7.0 {
		t.Errorf("options %v", opts)
	}
	sim := rec["simulation"].(map[string]any)
	if sim["scheduler"] != "easy" || sim["saturated"] != false {
		t.Errorf("simulation %v", sim)
	}
	// The same seed, the same log (written gzipped this time).
	if _, _, err := runCLI(t, "resample", "--extend", "2", "--load", "1.5", "--seed", "7", "-o", b); err != nil {
		t.Fatal(err)
	}
	tb, err := datasets.ReadFile(b, datasets.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var wa, wb bytes.Buffer
	datasets.WriteSWF(&wa, tr)
	datasets.WriteSWF(&wb, tb)
	if !bytes.Equal(wa.Bytes(), wb.Bytes()) {
		t.Error("same seed, different logs")
	}
}

func TestResampleRareFrame(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "r.csv")
	// The first job's user on the log's first day (a date range), and the
	// user of a job two weeks later around that job (seconds since the
	// log's start).
	tr := datasets.Sample()
	day := tr.WallTime(tr.Submit[0]).Format("2006-01-02")
	k := sort.SearchFloat64s(tr.Submit, tr.Submit[0]+14*86400)
	for tr.User[k] == tr.User[0] {
		k++
	}
	rbA := strconv.Itoa(tr.User[0]) + ":" + day + ":" + day
	rbB := fmt.Sprintf("%d:%.0f:%.0f", tr.User[k], tr.Submit[k]-3600, tr.Submit[k]+3600)
	stdout, _, err := runCLI(t, "resample", "--rb", rbA, "--rb", rbB, "--rb-npw", "0.5",
		"--extend", "3", "--seed", "1", "-o", out, "--format", "json")
	if err != nil {
		t.Fatal(err)
	}
	var rec map[string]any
	if err := json.Unmarshal([]byte(stdout), &rec); err != nil {
		t.Fatal(err)
	}
	if n := rec["pools"].(map[string]any)["rare_behaviours"]; n != 2.0 {
		t.Errorf("rare behaviours %v, want 2", n)
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	header := strings.SplitN(string(b), "\n", 2)[0]
	if !strings.HasSuffix(header, "kind,source_user,source_job") {
		t.Errorf("CSV header %q", header)
	}
	rare := rec["resampled"].(map[string]any)["rare_jobs"].(float64)
	if rare == 0 || strings.Count(string(b), ",rare,") != int(rare) {
		t.Errorf("%v rare jobs reported, %d in the frame", rare, strings.Count(string(b), ",rare,"))
	}
}

// --weight-class long=0 leaves every user of long jobs out of the new log.
func TestResampleWeightClass(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "w.csv")
	stdout, _, err := runCLI(t, "resample", "--weight-class", "long=0,heavy=2", "--seed", "3", "-o", out, "--format", "json")
	if err != nil {
		t.Fatal(err)
	}
	var rec map[string]any
	if err := json.Unmarshal([]byte(stdout), &rec); err != nil {
		t.Fatal(err)
	}
	if w := rec["options"].(map[string]any)["class_weights"]; w != "heavy=2,long=0" {
		t.Errorf("class weights %v", w)
	}
	p, err := resample.NewPools(datasets.Sample(), resample.PoolOptions{})
	if err != nil {
		t.Fatal(err)
	}
	classes := p.UserClasses()
	f, err := os.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	col := slices.Index(rows[0], "source_user")
	if col < 0 || len(rows) < 2 {
		t.Fatalf("CSV header %v, %d rows", rows[0], len(rows))
	}
	for _, r := range rows[1:] {
		u, err := strconv.Atoi(r[col])
		if err != nil {
			t.Fatal(err)
		}
		if classes[u].Has(resample.LongJobUsers) {
			t.Fatalf("user %d of long jobs (weight 0) in the new log", u)
		}
	}
}

// --mix resamples two logs at once onto the common machine: every size
// fits it, and the report counts each log's jobs.
func TestResampleMix(t *testing.T) {
	out := filepath.Join(t.TempDir(), "mix.swf")
	stdout, _, err := runCLI(t, "resample", "sample", "--mix", "sample", "--mix-weights", "2,1", "--mix-procs", "64",
		"--weeks", "6", "--seed", "5", "-o", out, "--format", "json", "--simulate", "easy")
	if err != nil {
		t.Fatal(err)
	}
	var rec map[string]any
	if err := json.Unmarshal([]byte(stdout), &rec); err != nil {
		t.Fatalf("%v\n%s", err, stdout)
	}
	tr, err := datasets.ReadFile(out, datasets.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	mix := rec["mix"].(map[string]any)
	if mix["procs"] != 64.0 || mix["jobs"] != float64(tr.Len()) || tr.Len() == 0 || tr.Header.MaxProcs != 64 {
		t.Errorf("mix %v, file of %d jobs on %d processors", mix, tr.Len(), tr.Header.MaxProcs)
	}
	for i, q := range tr.Procs {
		if q < 1 || q > 64 {
			t.Fatalf("job %d: %d processors on 64", i+1, q)
		}
	}
	if s := rec["simulation"].(map[string]any); s["procs"] != 64.0 {
		t.Errorf("simulation %v", s)
	}
}

func TestResampleErrors(t *testing.T) {
	dir := t.TempDir()
	o := filepath.Join(dir, "x.swf")
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"resample", "-o", o}, "--seed"},
		{[]string{"resample", "--seed", "1"}, "-o FILE"},
		{[]string{"resample", "--seed", "1", "-o", o, "--weeks", "3", "--extend", "2"}, "not both"},
		{[]string{"resample", "--seed", "1", "-o", o, "--load", "0"}, "--load"},
		{[]string{"resample", "--seed", "1", "-o", o, "--rb-npw", "0.2"}, "needs at least one --rb"},
		{[]string{"resample", "--seed", "1", "-o", o, "--rb", "3:x:y", "--rb-npw", "0.1"}, "neither seconds nor a date"},
		{[]string{"resample", "--seed", "1", "-o", o, "--rb", "3:1"}, "USER:BEGIN:END"},
		{[]string{"resample", "--seed", "1", "-o", o, "--clock", "sundial"}, "--clock"},
		{[]string{"resample", "--seed", "1", "-o", o, "--start", "never"}, "--start"},
		{[]string{"resample", "--seed", "1", "-o", o, "--arrivals", "poisson"}, "--arrivals"},
		{[]string{"resample", "--seed", "1", "-o", o, "--reading", "sideways"}, "--reading"},
		{[]string{"resample", "--seed", "1", "-o", filepath.Join(dir, "x.txt")}, "unknown output format"},
		{[]string{"resample", "--seed", "1", "-o", o, "--simulate", "lottery"}, "--simulate"},
		{[]string{"resample", "--seed", "1", "-o", o, "--weight-class", "huge=2"}, "--weight-class"},
		{[]string{"resample", "--seed", "1", "-o", o, "--mix", "sample"}, "--mix needs --weeks"},
		{[]string{"resample", "--seed", "1", "-o", o, "--mix-procs", "10"}, "need --mix"},
		{[]string{"resample", "--seed", "1", "-o", o, "--weeks", "4", "--mix", "sample", "--mix-weights", "1"}, "1 weights for 2 logs"},
		{[]string{"resample", "--seed", "1", "-o", filepath.Join(dir, "x.csv"), "--weeks", "4", "--mix", "sample"}, ".swf or .swf.gz only"},
		{[]string{"resample", "--seed", "1", "-o", o, "--weight-class", "heavy=-1"}, "--weight-class"},
	}
	for _, c := range cases {
		_, _, err := runCLI(t, c.args...)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: error %v, want %q", c.args, err, c.want)
		}
	}
	if _, err := os.Stat(o); err == nil {
		t.Error("a failed command wrote its output")
	}
}

func TestSweepResampleExperiment(t *testing.T) {
	out, _, err := runCLI(t, "sweep", "--experiment", "resample", "--reps", "2", "--load", "1,2", "--seed", "3",
		"--format", "json", "--quiet")
	if err != nil {
		t.Fatal(err)
	}
	var rows []map[string]any
	if err := json.Unmarshal([]byte(out), &rows); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if len(rows) != 4 {
		t.Fatalf("%d rows, want 4", len(rows))
	}
	for _, k := range []string{"users", "jobs", "utilization", "avg_wait", "avg_slowdown", "slope", "saturated"} {
		if _, ok := rows[0][k]; !ok {
			t.Errorf("row lacks %q", k)
		}
	}
	if !(rows[2]["users"].(float64) > rows[0]["users"].(float64)) {
		t.Errorf("load 2 has %v users, load 1 %v", rows[2]["users"], rows[0]["users"])
	}
}
