package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestMaxJobsEnv: TRACELAB_MAX_JOBS sets how many job rows a command reads
// into memory. Below the log's length the command is refused at the row
// beyond it, naming the variable; a value out of [1, maxJobsLimit] or not
// a whole number is refused before anything is read; unset, the reader's
// default (10 million) holds. The three commands of logLoader are run:
// simulate (loadLog), check (checkLog: streamed, then read whole when the
// stream stops at the bound) and info (summarizeLog: the log's MaxProcs is
// in its header, so the bound refuses only bad values).
func TestMaxJobsEnv(t *testing.T) {
	var b strings.Builder
	b.WriteString("; MaxProcs: 16\n")
	for i := 1; i <= 20; i++ {
		fmt.Fprintf(&b, "%d %d 0 100 4 -1 -1 4 200 -1 1 %d 1 -1 1 -1 -1 -1\n", i, 60*i, 1+i%3)
	}
	log := filepath.Join(t.TempDir(), "twenty.swf")
	if err := os.WriteFile(log, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	commands := [][]string{
		{"simulate", log, "--scheduler", "easy", "--format", "json"},
		{"check", log, "--format", "json"},
		{"info", log, "--format", "json"},
	}
	for _, tc := range []struct {
		value string // "" leaves the variable unset
		want  string // "" for success
		info  bool   // info refuses it too
	}{
		{"", "", false},
		{"20", "", false},
		{" 100 ", "", false},
		{"19", "TRACELAB_MAX_JOBS raises the bound", false},
		{"5", "twenty.swf:7", false}, // the header line, then the sixth job
		{"0", "want a whole number of jobs from 1 to 200000000", true},
		{"-3", "want a whole number", true},
		{"2e9", "want a whole number", true},
		{"200000001", "want a whole number", true},
		{"many", "want a whole number", true},
	} {
		for _, args := range commands {
			t.Run(args[0]+"/"+tc.value, func(t *testing.T) {
				if tc.value != "" {
					t.Setenv(maxJobsEnv, tc.value)
				} else {
					t.Setenv(maxJobsEnv, "") // restored after the test
					os.Unsetenv(maxJobsEnv)
				}
				want := tc.want
				if args[0] == "info" && !tc.info {
					want = ""
				}
				_, _, err := runCLI(t, args...)
				switch {
				case want == "" && err != nil:
					t.Fatalf("error %v, want none", err)
				case want != "" && (err == nil || !strings.Contains(err.Error(), want)):
					t.Fatalf("error %v, want one containing %q", err, want)
				}
			})
		}
	}
}
