package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tracelab/tracelab/datasets"
)

// flurrySample is the embedded sample with a flurry added: a new user
// submits 2,000 jobs in a day (as CTC-SP2 user 135 did) besides 2 jobs a
// day for three weeks.
func flurrySample() *datasets.Trace {
	tr := datasets.Sample().Clone()
	tr.Name = "flurry"
	id := 10_000_000
	add := func(s float64) {
		j := tr.Job(0)
		j.JobID, j.User, j.Submit, j.Runtime, j.Procs = id, 4242, s, 1, 1
		tr.Append(j)
		id++
	}
	start := tr.Submit[0] + 40*86400
	for d := range 21 {
		add(start + float64(d)*86400)
		add(start + float64(d)*86400 + 3600)
	}
	for k := range 2000 {
		add(start + 10*86400 + 7200 + float64(k)*30)
	}
	return tr.SortBySubmit()
}

// TestCheckFlurryToResample: check finds the flurry, and its --rb argument
// is accepted by resample as a rare behaviour. The added jobs' numbers do
// not follow submit order, so the filter names submit times.
func TestCheckFlurryToResample(t *testing.T) {
	p := writeLog(t, flurrySample())
	out, _, err := runCLI(t, "check", p, "--format", "json")
	if err != nil {
		t.Fatal(err)
	}
	var got struct {
		Jobs      int
		Anomalies []struct{ Kind, Filter string }
		Flurries  []struct {
			User, Jobs int
			RB         string
		}
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if len(got.Flurries) != 1 || got.Flurries[0].User != 4242 || got.Flurries[0].Jobs < 2000 || got.Flurries[0].Jobs > 2004 {
		t.Fatalf("flurries %+v", got.Flurries)
	}
	rb := got.Flurries[0].RB
	_, stderr, err := runCLI(t, "resample", p, "--rb", rb, "--seed", "1", "-o", filepath.Join(t.TempDir(), "r.swf"))
	if err != nil {
		t.Fatalf("resample --rb %s: %v\n%s", rb, err, stderr)
	}
	// The table names the flurry and its --rb argument; csv has one row
	// per anomaly.
	table, _, err := runCLI(t, "check", p)
	if err != nil || !strings.Contains(table, "user=4242 and (submit>=") || !strings.Contains(table, "--rb "+rb) {
		t.Errorf("table: %v\n%s\nrb %s", err, table, rb)
	}
	csv, _, err := runCLI(t, "check", p, "--format", "csv")
	if err != nil || strings.Count(csv, "\n") != len(got.Anomalies)+1 || !strings.HasPrefix(csv, "category,kind,jobs,share,examples,filter,detail\n") {
		t.Errorf("csv: %v\n%s", err, csv)
	}
}

func TestCheckUsage(t *testing.T) {
	for _, args := range [][]string{
		{"check", "--examples", "0"},
		{"check", "--flurry-share", "1.5"},
		{"check", "--flurry-gap", "-1"},
		{"check", "--format", "xml"},
	} {
		if _, _, err := runCLI(t, args...); err == nil || !strings.Contains(err.Error(), "usage") {
			t.Errorf("%v: %v, want a usage error", args, err)
		}
	}
}

// TestReportDataQuality: the report has a data-quality section.
func TestReportDataQuality(t *testing.T) {
	p := writeLog(t, flurrySample())
	out := filepath.Join(t.TempDir(), "r.html")
	if _, _, err := runCLI(t, "report", p, "-o", out); err != nil {
		t.Fatal(err)
	}
	raw, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	b := string(raw)
	if !strings.Contains(b, "<h2>Data quality</h2>") || !strings.Contains(b, "<th>Flurry</th>") ||
		!strings.Contains(b, "user=4242 and (submit&gt;=") {
		i := strings.Index(b, "<h2>Data")
		t.Errorf("report lacks the data-quality section:\n%s", b[i:i+min(len(b)-i, 3000)])
	}
}
