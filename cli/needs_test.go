package cli

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tracelab/tracelab/datasets"
)

// writeLog writes tr as SWF into a temporary folder and returns its path.
func writeLog(t *testing.T, tr *datasets.Trace) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), tr.Name+".swf")
	if err := datasets.WriteSWFFile(p, tr); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestNoUserInformation: a log without user ids (LCG-2005-1) gets no
// user classes as a finding; each user analysis says what is missing.
func TestNoUserInformation(t *testing.T) {
	tr := datasets.Sample().Clone()
	tr.Name = "nousers"
	for i := range tr.User {
		tr.User[i] = -1
	}
	p := writeLog(t, tr)
	for _, args := range [][]string{
		{"users", p, "--summary"},
		{"users", p},
		{"sessions", p},
		{"similarity", p},
		{"feedback", p},
	} {
		out, _, err := runCLI(t, args...)
		if err == nil || !strings.Contains(err.Error(), "no user information") {
			t.Errorf("%v: error %v, output %q; want 'no user information'", args, err, out)
		}
	}
}

// TestMachineRuleStated: every simulation output says where the machine
// size came from; a headerless log's size is the peak in use, not its
// widest job.
func TestMachineRuleStated(t *testing.T) {
	tr := datasets.Sample().Clone()
	tr.Name = "headerless"
	tr.Header = datasets.Header{UnixStartTime: tr.Header.UnixStartTime, TimeZoneString: tr.Header.TimeZoneString}
	p := writeLog(t, tr)
	widest := 0
	for i := range tr.Procs {
		widest = max(widest, tr.JobProcs(i))
	}
	for _, args := range [][]string{
		{"simulate", p, "--format", "json"},
		{"feedback", p, "--format", "json"},
	} {
		out, stderr, err := runCLI(t, args...)
		if err != nil {
			t.Fatalf("%v: %v", args, err)
		}
		var got map[string]any
		if err := json.Unmarshal([]byte(out), &got); err != nil {
			t.Fatalf("%v: %v\n%s", args, err, out)
		}
		rule, _ := got["procs_rule"].(string)
		procs, _ := got["procs"].(float64)
		if !strings.Contains(rule, "peak processors in use") || int(procs) != tr.PeakInUse() || int(procs) <= widest {
			t.Errorf("%v: procs %v (%q), want the peak in use %d (> widest %d)", args, procs, rule, tr.PeakInUse(), widest)
		}
		if _, ok := got["saturation"].(map[string]any); !ok {
			t.Errorf("%v: no saturation in %v", args, got)
		}
		if !strings.Contains(stderr, "warning: machine of") {
			t.Errorf("%v: stderr lacks the inferred-size warning:\n%s", args, stderr)
		}
	}
	out, _, err := runCLI(t, "simulate", p, "--procs", "64", "--format", "json")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, `"procs_rule": "given (--procs)"`) {
		t.Errorf("--procs: %s", out)
	}
}
