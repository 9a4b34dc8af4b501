package cli

import (
	"path/filepath"
	"testing"
)

// TestReproduceSweepsFolderExists: without --slurm, --sweeps names the
// folder of stored sweeps to load; one that is not there, or is not a
// folder, is an error naming it, before any ledger is computed. Before,
// every sweep was computed (hours in full mode) and the command exited 0.
// Not parallel: TRACELAB_DATA is an empty folder, so that a regression
// computes the cheap no-log ledger, not the papers' logs.
func TestReproduceSweepsFolderExists(t *testing.T) {
	t.Setenv("TRACELAB_DATA", t.TempDir())
	dir := t.TempDir()
	file := writeTemp(t, dir, "file", "x")
	tests := []struct{ sweeps, want string }{
		{filepath.Join(dir, "missing"), "--sweeps " + filepath.Join(dir, "missing") + ": stat " + filepath.Join(dir, "missing") + ": no such file or directory (without --slurm, the folder of stored sweeps to load)"},
		{file, "--sweeps " + file + ": not a folder"},
		{filepath.Join(file, "sub"), "not a directory"},
	}
	for _, tc := range tests {
		t.Run(tc.sweeps, func(t *testing.T) {
			stdout, _, err := runCLI(t, "reproduce", "lublin2003", "--quick", "--sweeps", tc.sweeps)
			wantError(t, err, tc.want)
			if stdout != "" {
				t.Errorf("a ledger was printed: %.200s", stdout)
			}
		})
	}
}
