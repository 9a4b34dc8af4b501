package cli

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/sim/lublin"
)

// lublinCLI runs tracelab with args and decodes its JSON output.
func lublinCLI(t *testing.T, args ...string) map[string]any {
	t.Helper()
	var out, errb bytes.Buffer
	if err := run(args, &out, &errb); err != nil {
		t.Fatalf("tracelab %s: %v\n%s", strings.Join(args, " "), err, errb.String())
	}
	var got map[string]any
	if err := json.Unmarshal(out.Bytes(), &got); err != nil {
		t.Fatalf("tracelab %s: %v\n%s", strings.Join(args, " "), err, out.String())
	}
	return got
}

func TestFitCommand(t *testing.T) {
	got := lublinCLI(t, "fit", "--attr", "runtime", "--dist", "gamma")
	params, _ := got["parameters"].(map[string]any)
	if got["space"] != "ln" || got["attr"] != "runtime" || params["alpha"] == nil || params["beta"] == nil {
		t.Errorf("fit = %v", got)
	}
	for _, k := range []string{"loglik", "ks_d", "ks_p", "n", "iterations"} {
		if _, ok := got[k]; !ok {
			t.Errorf("fit JSON lacks %q", k)
		}
	}
	raw := lublinCLI(t, "fit", "--attr", "procs", "--dist", "twostage", "--space", "raw")
	if raw["space"] != "raw" {
		t.Errorf("space %v", raw["space"])
	}
	// the numbers are the library's
	tr := datasets.Sample()
	af, err := lublin.FitAttribute(tr, datasets.Interarrival, lublin.DistHyperExp, lublin.AttrOptions{})
	if err != nil {
		t.Fatal(err)
	}
	ia := lublinCLI(t, "fit", "--attr", "interarrival", "--dist", "hyperexp")
	if p := ia["parameters"].(map[string]any); p["rate1"] != af.Params[1].Value || ia["n"] != float64(af.N) {
		t.Errorf("CLI %v vs library %+v", ia, af)
	}
	for _, bad := range [][]string{
		{"fit", "--attr", "wait"}, {"fit", "--dist", "normal"}, {"fit", "--space", "log10"},
		{"fit", "--jobs", "failed"}, {"fit", "--class", "batch"}, // the sample has no interactive queue
	} {
		if err := run(bad, &bytes.Buffer{}, &bytes.Buffer{}); err == nil {
			t.Errorf("tracelab %s accepted", strings.Join(bad, " "))
		}
	}
}

func TestModelCommand(t *testing.T) {
	got := lublinCLI(t, "model", "lublin")
	for table, keys := range map[string][]string{
		"table1_sizes":             {"p1", "p2", "two_stage", "gamma"},
		"table2_runtime":           {"alpha1", "beta1", "alpha2", "beta2", "p", "ks_d"},
		"table5_p_line":            {"a", "b", "ks_d", "groups"},
		"table6_peak_interarrival": {"alpha", "beta", "ks_d", "arar"},
		"table7_daily_cycle":       {"alpha", "beta", "ks_d", "slot_counts"},
	} {
		m, ok := got[table].(map[string]any)
		if !ok {
			t.Errorf("model JSON lacks %s", table)
			continue
		}
		for _, k := range keys {
			if _, ok := m[k]; !ok {
				t.Errorf("%s lacks %q", table, k)
			}
		}
	}
	f, err := lublin.FitLog(datasets.Sample(), lublin.FitOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if a := got["table2_runtime"].(map[string]any)["alpha1"]; a != f.Runtime.HyperGamma.Alpha1 {
		t.Errorf("alpha1 %v, library %v", a, f.Runtime.HyperGamma.Alpha1)
	}
	if err := run([]string{"model", "downey"}, &bytes.Buffer{}, &bytes.Buffer{}); err == nil {
		t.Error("unknown model accepted")
	}
	if err := run([]string{"model", "lublin", "--size-fit", "spline"}, &bytes.Buffer{}, &bytes.Buffer{}); err == nil {
		t.Error("unknown size fit accepted")
	}
	r := lublinCLI(t, "model", "lublin", "--size-fit", "rounding", "--restarts", "2")
	ts := r["table1_sizes"].(map[string]any)["two_stage"].(map[string]any)
	if q, _ := ts["p2_model"].(float64); ts["method"] != "rounding" || q < 0 || q > 1 {
		t.Errorf("rounding fit %v", ts)
	}
}

func TestModelCommandClasses(t *testing.T) {
	if os.Getenv("TRACELAB_DATA") == "" {
		t.Skip("TRACELAB_DATA is not set")
	}
	in := lublinCLI(t, "model", "lublin", "SDSC-Par-1996", "--class", "interactive")
	sel := in["selection"].(map[string]any)
	if sel["class"] != "interactive" || sel["selected_jobs"].(float64) < 10_000 {
		t.Errorf("selection %v", sel)
	}
}

func TestGenerateCommand(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "a.swf")
	var stderr bytes.Buffer
	if err := run([]string{"generate", "lublin", "--jobs", "1000", "--procs", "256", "--seed", "4", "-o", out}, &bytes.Buffer{}, &stderr); err != nil {
		t.Fatal(err)
	}
	tr, err := datasets.ReadFile(out, datasets.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	p, _ := lublin.PaperParams(256)
	want, _ := lublin.Generate(p, 1000, 4)
	if tr.Len() != 1000 || tr.MaxProcs() != 256 || !slices.Equal(tr.Submit, want.Submit) || !slices.Equal(tr.Procs, want.Procs) {
		t.Errorf("generated file differs from lublin.Generate (%d jobs, %d procs)", tr.Len(), tr.MaxProcs())
	}
	gz := filepath.Join(dir, "b.swf.gz")
	if err := run([]string{"generate", "lublin", "--jobs", "500", "--procs", "128", "--params", "m_lublin99", "-o", gz}, &bytes.Buffer{}, &stderr); err != nil {
		t.Fatal(err)
	}
	typed, err := datasets.ReadFile(gz, datasets.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	queues := map[int]bool{}
	for _, q := range typed.Queue {
		queues[q] = true
	}
	if !queues[0] || !queues[1] || len(queues) != 2 {
		t.Errorf("m_lublin99 queues %v, want interactive 0 and batch 1", queues)
	}
	var stdout bytes.Buffer
	if err := run([]string{"generate", "lublin", "--jobs", "3", "-o", "-"}, &stdout, &stderr); err != nil {
		t.Fatal(err)
	}
	if back, err := datasets.Read(&stdout, datasets.ReadOptions{}); err != nil || back.Len() != 3 {
		t.Errorf("stdout SWF: %v", err)
	}
	for _, bad := range [][]string{
		{"generate", "lublin", "--jobs", "3"},
		{"generate", "downey", "-o", "-"},
		{"generate", "lublin", "--params", "feitelson96", "-o", "-"},
		{"generate", "lublin", "--procs", "4", "-o", "-"},
		{"generate", "lublin", "--jobs", "-1", "-o", "-"},
	} {
		if err := run(bad, &bytes.Buffer{}, &bytes.Buffer{}); err == nil {
			t.Errorf("tracelab %s accepted", strings.Join(bad, " "))
		}
	}
}

// TestGenerateEstimatesFrom: --estimates-from LOG gives every generated
// job an estimate from the model fitted to LOG (≥ its runtime, one of the
// log's popular values or the runtime itself), and fails on a log without
// estimates.
func TestGenerateEstimatesFrom(t *testing.T) {
	dir := t.TempDir()
	src := datasets.NewTrace("est", 200)
	for i := range 200 {
		j := datasets.UnknownJob()
		j.JobID, j.Submit, j.Runtime, j.Procs = i+1, float64(60*i), float64(1+i*37%5000), 1
		j.ReqTime = []float64{900, 3600, 18000}[i%3]
		src.Append(j)
	}
	logPath := filepath.Join(dir, "est.swf")
	f, err := os.Create(logPath)
	if err != nil {
		t.Fatal(err)
	}
	if err := datasets.WriteSWF(f, src); err != nil {
		t.Fatal(err)
	}
	f.Close()
	out := filepath.Join(dir, "gen.swf")
	if err := run([]string{"generate", "lublin", "--jobs", "500", "--procs", "64", "--estimates-from", logPath, "-o", out}, &bytes.Buffer{}, &bytes.Buffer{}); err != nil {
		t.Fatal(err)
	}
	tr, err := datasets.ReadFile(out, datasets.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for i, e := range tr.ReqTime {
		if run := tr.Runtime[i]; !(e >= run) || (e != 900 && e != 3600 && e != 18000 && e != run) {
			t.Fatalf("job %d: runtime %v, estimate %v", i+1, run, e)
		}
	}
	noEst := filepath.Join(dir, "none.swf")
	if err := run([]string{"generate", "lublin", "--jobs", "10", "-o", noEst}, &bytes.Buffer{}, &bytes.Buffer{}); err != nil {
		t.Fatal(err)
	}
	if err := run([]string{"generate", "lublin", "--jobs", "10", "--estimates-from", noEst, "-o", "-"}, &bytes.Buffer{}, &bytes.Buffer{}); err == nil {
		t.Error("--estimates-from a log without estimates accepted")
	}
}
