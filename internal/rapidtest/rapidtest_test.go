package rapidtest

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// recorder is a rapid.TB that records errors instead of failing (rapid
// calls FailNow after a failed check).
type recorder struct {
	*testing.T
	name   string
	errors []string
}

func (r *recorder) Name() string { return r.name }
func (r *recorder) Errorf(format string, args ...any) {
	r.errors = append(r.errors, fmt.Sprintf(format, args...))
}
func (r *recorder) Failed() bool { return len(r.errors) > 0 }
func (r *recorder) FailNow()     {}

// TestCheck: a failure file that rapid replays passes; one of another
// rapid version, one whose bits no longer fit the generators and one
// without data each make Check fail, naming the file.
func TestCheck(t *testing.T) {
	prop := func(t *rapid.T) {
		if n := rapid.IntRange(0, 100).Draw(t, "n"); n > 100 {
			t.Fatalf("n = %d", n)
		}
		rapid.SliceOfN(rapid.Int(), 3, 3).Draw(t, "xs")
	}
	tests := []struct {
		name, content string
		want          string // "" means no error
	}{
		// v0.4.8 is the fail-file format of rapid v1.2.0 (persist.go).
		{"replayed", "v0.4.8#1\n" + strings.Repeat("0x1\n", 20), ""},
		{"other version", "v0.3.0#1\n0x1\n", "version"},
		{"too few bits", "v0.4.8#1\n0x1\n", "no longer valid"},
		{"no data", "# comment only\n", "no data"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Chdir(t.TempDir())
			name := "TestSaved"
			dir := filepath.Join("testdata", "rapid", name)
			if err := os.MkdirAll(dir, 0o755); err != nil {
				t.Fatal(err)
			}
			file := filepath.Join(dir, name+"-1.fail")
			if err := os.WriteFile(file, []byte(tt.content), 0o644); err != nil {
				t.Fatal(err)
			}
			r := &recorder{T: t, name: name}
			Check(r, prop)
			switch {
			case tt.want == "" && len(r.errors) > 0:
				t.Errorf("errors %q, want none", r.errors)
			case tt.want != "" && (len(r.errors) != 1 || !strings.Contains(r.errors[0], tt.want) || !strings.Contains(r.errors[0], "not replayed")):
				t.Errorf("errors %q, want one saying %q and 'not replayed'", r.errors, tt.want)
			}
		})
	}
}
