//go:build unix

package kernelspec

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestGoModNamedPipe: a go.mod that is a named pipe is refused, never
// waited on: Install with it as --root fails naming the pipe, and
// FindRoot from a folder below it goes past it to the checkout (both
// blocked in open until a writer came). The guard only decides a hang:
// each call takes microseconds.
func TestGoModNamedPipe(t *testing.T) {
	root := fakeCheckout(t)
	sub := filepath.Join(root, "notebooks")
	if err := os.MkdirAll(filepath.Join(sub, "deep"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(sub, "go.mod"), 0o644); err != nil {
		t.Skip("no named pipes:", err)
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		_, err := Install(Options{Root: sub, DataDir: t.TempDir()})
		if err == nil || !strings.Contains(err.Error(), "named pipe") {
			t.Errorf("Install with a named pipe as go.mod: error %v, want one naming the pipe", err)
		}
		got, err := FindRoot(filepath.Join(sub, "deep"))
		if err != nil || got != root {
			t.Errorf("FindRoot past a named pipe = %q, %v; want %q", got, err, root)
		}
	}()
	select {
	case <-done:
	case <-time.After(time.Minute):
		t.Fatal("waited on the named pipe")
	}
}
