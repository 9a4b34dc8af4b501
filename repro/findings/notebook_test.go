package findings

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestNotebookMatrixDataFolderNotAFolder: a TRACELAB_DATA that is set but
// is not a folder is an error naming the variable (before: "findings: open
// X: not a directory", or "no such file or directory").
func TestNotebookMatrixDataFolderNotAFolder(t *testing.T) {
	tmp := t.TempDir()
	for _, c := range []struct {
		name string
		make func(p string) error
		want string
	}{
		{"missing", func(string) error { return nil }, "does not exist"},
		{"file", func(p string) error { return os.WriteFile(p, nil, 0o600) }, "is a regular file, not a folder"},
		{"fifo", func(p string) error { return syscall.Mkfifo(p, 0o600) }, "is a named pipe (FIFO), not a folder"},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := filepath.Join(tmp, c.name)
			if err := c.make(p); err != nil {
				t.Fatal(err)
			}
			t.Setenv("TRACELAB_DATA", p)
			_, err := NotebookMatrix(context.Background(), true, nil)
			if err == nil || !strings.Contains(err.Error(), "TRACELAB_DATA") || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("NotebookMatrix with TRACELAB_DATA %s: %v, want an error naming TRACELAB_DATA, %q", c.name, err, c.want)
			}
		})
	}
}
