package cli

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/tracelab/tracelab/analytics/session"
	"github.com/tracelab/tracelab/datasets"
)

func TestSessionsSummaryJSON(t *testing.T) {
	out, _, err := runCLI(t, "sessions", "--summary", "--format", "json")
	if err != nil {
		t.Fatal(err)
	}
	var got map[string]any
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	s, err := session.Analyze(datasets.Sample(), session.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if got["sessions"] != float64(s.Sessions.Len()) || got["batches"] != float64(s.Batches.Len()) || got["gap_seconds"] != 3600.0 {
		t.Errorf("summary %v", got)
	}
	// A shorter gap gives at least as many sessions.
	out, _, err = runCLI(t, "sessions", "--gap", "10m", "--summary", "--format", "json")
	if err != nil {
		t.Fatal(err)
	}
	var short map[string]any
	json.Unmarshal([]byte(out), &short)
	if short["sessions"].(float64) < got["sessions"].(float64) || short["gap_seconds"] != 600.0 {
		t.Errorf("--gap 10m: %v", short)
	}
}

func TestSessionsRows(t *testing.T) {
	s, _ := session.Analyze(datasets.Sample(), session.Options{})
	for _, c := range []struct {
		rows   string
		header string
		n      int
	}{
		{"sessions", "session,user,seq,start", s.Sessions.Len()},
		{"batches", "batch,user,session,seq", s.Batches.Len()},
		{"edges", "user,batch,on,relation,rule", -1},
		{"jobs", "job_id,submit", datasets.Sample().Len()},
	} {
		out, _, err := runCLI(t, "sessions", "--rows", c.rows, "--format", "csv")
		if err != nil {
			t.Fatalf("%s: %v", c.rows, err)
		}
		lines := strings.Split(strings.TrimSpace(out), "\n")
		if !strings.HasPrefix(lines[0], c.header) || c.n >= 0 && len(lines) != c.n+1 {
			t.Errorf("--rows %s: %d lines, header %q", c.rows, len(lines), lines[0])
		}
	}
}

func TestSessionsUsage(t *testing.T) {
	for _, args := range [][]string{
		{"sessions", "--gap", "-1h"},
		{"sessions", "--rows", "users"},
		{"sessions", "--unknown-end", "guess"},
		{"sessions", "--format", "xml"},
		{"sessions", "a", "b"},
	} {
		if _, _, err := runCLI(t, args...); err == nil {
			t.Errorf("%v: no error", args)
		}
	}
}

func TestSessionsPWA(t *testing.T) {
	if os.Getenv("TRACELAB_DATA") == "" {
		t.Skip("TRACELAB_DATA is not set")
	}
	out, _, err := runCLI(t, "sessions", "KTH-SP2", "--summary", "--format", "json")
	if err != nil {
		t.Fatal(err)
	}
	var got map[string]any
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	if got["jobs"] != 28476.0 || got["users"] != 214.0 {
		t.Errorf("KTH-SP2 summary %v", got)
	}
}
