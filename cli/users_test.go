package cli

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/tracelab/tracelab/datasets"
)

func TestUsersSummaryJSON(t *testing.T) {
	out, _, err := runCLI(t, "users", "--summary", "--format", "json")
	if err != nil {
		t.Fatal(err)
	}
	var got map[string]struct{ Users, Jobs int }
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	users, jobs := 0, 0
	for _, k := range []string{"long_term", "temporary", "discarded"} {
		c, ok := got[k]
		if !ok {
			t.Fatalf("no %q in %s", k, out)
		}
		users += c.Users
		jobs += c.Jobs
	}
	s := datasets.Sample()
	if len(got) != 3 || users != s.NumUsers() || jobs != s.Len() {
		t.Errorf("summary %v: %d users, %d jobs; sample has %d, %d", got, users, jobs, s.NumUsers(), s.Len())
	}
	// Without discarding, no one is discarded.
	out, _, err = runCLI(t, "users", "--summary", "--edge-weeks", "0", "--format", "json")
	if err != nil {
		t.Fatal(err)
	}
	json.Unmarshal([]byte(out), &got)
	if got["discarded"].Users != 0 {
		t.Errorf("--edge-weeks 0: %v", got)
	}
}

func TestUsersRows(t *testing.T) {
	out, _, err := runCLI(t, "users", "--format", "csv")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if !strings.HasPrefix(lines[0], "user,class,jobs,sessions,weeks_active") || len(lines) != datasets.Sample().NumUsers()+1 {
		t.Errorf("%d lines, header %q", len(lines), lines[0])
	}
	if _, _, err := runCLI(t, "users", "--long-term-weeks", "-3"); err == nil {
		t.Error("negative threshold: no error")
	}
}

func TestUsersPWA(t *testing.T) {
	if os.Getenv("TRACELAB_DATA") == "" {
		t.Skip("TRACELAB_DATA is not set")
	}
	out, _, err := runCLI(t, "users", "KTH-SP2", "--summary", "--format", "json")
	if err != nil {
		t.Fatal(err)
	}
	var got map[string]struct{ Users, Jobs int }
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	if got["long_term"].Users+got["temporary"].Users+got["discarded"].Users != 214 {
		t.Errorf("KTH-SP2: %v", got)
	}
}
