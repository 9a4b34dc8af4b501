package study

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestLogDataFolderNotAFolder: a TRACELAB_DATA that is set but is not a
// folder is an error naming the variable, even when the log is in the
// cache (before, the folder was skipped without a word and the cached log
// read); a missing log in a good folder still wraps ErrMissing.
func TestLogDataFolderNotAFolder(t *testing.T) {
	cache := t.TempDir()
	// A file that Path accepts for KTH-SP2: the check must come first.
	if err := os.WriteFile(filepath.Join(cache, "KTH-SP2-1996-2.1-cln.swf"), []byte("; empty\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	t.Setenv("TRACELAB_CACHE", cache)
	t.Setenv("TRACELAB_ARCHIVE_URL", "http://127.0.0.1:1/")
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
			_, err := readLog("KTH-SP2")
			if err == nil || !strings.Contains(err.Error(), "TRACELAB_DATA") || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("readLog with TRACELAB_DATA %s: %v, want an error naming TRACELAB_DATA, %q", c.name, err, c.want)
			}
			if errors.Is(err, ErrMissing) {
				t.Errorf("readLog with TRACELAB_DATA %s: %v wraps ErrMissing (a skip), want an error", c.name, err)
			}
		})
	}
	t.Run("empty folder", func(t *testing.T) {
		t.Setenv("TRACELAB_DATA", t.TempDir())
		t.Setenv("TRACELAB_CACHE", t.TempDir())
		if _, err := readLog("KTH-SP2"); !errors.Is(err, ErrMissing) {
			t.Fatalf("readLog in an empty folder: %v, want ErrMissing", err)
		}
	})
}
