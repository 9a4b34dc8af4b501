package cli

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/tracelab/tracelab/datasets"
)

// runCLI runs tracelab with args and returns stdout, stderr and the error.
func runCLI(t *testing.T, args ...string) (string, string, error) {
	t.Helper()
	var out, errb bytes.Buffer
	err := run(args, &out, &errb)
	return out.String(), errb.String(), err
}

func TestInfoJSON(t *testing.T) {
	out, _, err := runCLI(t, "info", "--format", "json")
	if err != nil {
		t.Fatal(err)
	}
	var got map[string]any
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	for _, k := range []string{"jobs", "users", "max_procs", "start_unix", "span_seconds", "time_zone", "placeholders_skipped"} {
		if _, ok := got[k]; !ok {
			t.Errorf("info json lacks %q", k)
		}
	}
	s := datasets.Sample()
	if got["jobs"] != float64(s.Len()) || got["time_zone"] != "Europe/Berlin" || got["max_procs"] != 128.0 {
		t.Errorf("info = %v", got)
	}
}

func TestInfoFlagsAfterLog(t *testing.T) {
	p := filepath.Join(t.TempDir(), "a.swf")
	if err := datasets.WriteSWFFile(p, datasets.Sample()); err != nil {
		t.Fatal(err)
	}
	out, _, err := runCLI(t, "info", p, "--format", "csv")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(out, "key,value\nname,a\n") {
		t.Errorf("csv output:\n%s", out)
	}
}

func TestInfoPWA(t *testing.T) {
	if os.Getenv("TRACELAB_DATA") == "" {
		t.Skip("TRACELAB_DATA is not set")
	}
	out, _, err := runCLI(t, "info", "LLNL-Thunder", "--format", "json")
	if err != nil {
		t.Fatal(err)
	}
	var got map[string]any
	json.Unmarshal([]byte(out), &got)
	if got["jobs"] != 119849.0 || got["placeholders_skipped"] != 1190.0 || got["time_zone"] != "US/Pacific" {
		t.Errorf("LLNL-Thunder info = %v", got)
	}
}

func TestConvert(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"s.swf", "s.swf.gz", "s.csv", "s.json", "s.parquet"} {
		p := filepath.Join(dir, name)
		if _, _, err := runCLI(t, "convert", "-o", p); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if st, err := os.Stat(p); err != nil || st.Size() == 0 {
			t.Errorf("%s: %v", name, err)
		}
	}
	back, err := datasets.ReadFile(filepath.Join(dir, "s.swf.gz"), datasets.ReadOptions{})
	if err != nil || back.Len() != datasets.Sample().Len() {
		t.Fatalf("re-read: %v", err)
	}
	df, err := datasets.ReadFrameFile(filepath.Join(dir, "s.parquet"))
	if err != nil || df.Nrow() != back.Len() {
		t.Fatalf("parquet: %v", err)
	}
}

func TestErrors(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"nosuch"}, "unknown command"},
		{[]string{"info", "--format", "xml"}, "--format must be"},
		{[]string{"info", "a", "b"}, "at most one LOG"},
		{[]string{"info", "/does/not/exist.swf"}, "no such file"},
		{[]string{"info", "NoSuchLog"}, "no log named"},
		{[]string{"convert"}, "-o FILE is required"},
		{[]string{"convert", "-o", "x.xlsx"}, "unknown output format"},
		{[]string{"info", "--bogus"}, "unknown flag --bogus"},
	}
	for _, tc := range tests {
		_, _, err := runCLI(t, tc.args...)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: error %v, want %q", tc.args, err, tc.want)
		}
	}
}

func TestHelpAndVersion(t *testing.T) {
	out, _, err := runCLI(t)
	if err != nil || !strings.Contains(out, "info") || !strings.Contains(out, "convert") {
		t.Errorf("help: %v\n%s", err, out)
	}
	out, _, err = runCLI(t, "version")
	if err != nil || !strings.HasPrefix(out, "tracelab ") {
		t.Errorf("version: %v %q", err, out)
	}
	out, _, err = runCLI(t, "catalog", "--format", "csv")
	if err != nil || !strings.Contains(out, "KTH-SP2-1996-2.1-cln,28476,214,100") {
		t.Errorf("catalog: %v\n%s", err, out)
	}
}

func TestReport(t *testing.T) {
	p := filepath.Join(t.TempDir(), "r.html")
	if _, _, err := runCLI(t, "report", "-o", p); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	html := string(b)
	if n := strings.Count(html, "<svg"); n != len(reportFigures) {
		t.Errorf("%d inline SVG figures, want %d", n, len(reportFigures))
	}
	for _, want := range []string{"<h1>sample</h1>", "Jobs per week", "Europe/Berlin", "</html>",
		"<h2>Analyses</h2>", "Long-term users", "Sessions and batches (Zakay &amp; Feitelson 2014, §IV)", "Batches",
		"Self-similarity of arrivals", "H corrected for small samples", "Simulated EASY backfilling", "Mean wait", "Utilisation",
		"Load and waits as logged", "<h2>Data quality</h2>"} {
		if !strings.Contains(html, want) {
			t.Errorf("report lacks %q", want)
		}
	}
	if strings.Contains(html, "figure not available") || strings.Contains(html, "http://") && strings.Contains(html, "<script") {
		t.Error("report has a failed figure or external script")
	}
	// Read as a page, not a dump: plain tick labels (gonum's default prints
	// 1250.00), human anomaly labels, no figure title repeating its heading.
	if m := regexp.MustCompile(`>-?[0-9]+\.[0-9]*0</text>`).FindString(html); m != "" {
		t.Errorf("a tick label with trailing zeros: %s", m)
	}
	if !strings.Contains(html, "<th>Missing: req_mem</th>") || strings.Contains(html, "missing/missing_") {
		t.Error("the data-quality rows are not labelled for a reader")
	}
	if n := strings.Count(html, ">Jobs per week<"); n != 1 {
		t.Errorf("\"Jobs per week\" written %d times, want once (the heading)", n)
	}
}
