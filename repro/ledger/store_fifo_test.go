package ledger

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// TestStoreWriteRefusesNonRegular: a named pipe or a symbolic link planted
// where the store keeps a record is refused, never written through (a
// pipe made the write wait for a reader for ever; a link overwrote its
// target).
func TestStoreWriteRefusesNonRegular(t *testing.T) {
	s := Store{Dir: t.TempDir()}
	if err := os.MkdirAll(s.paperDir("p"), 0o755); err != nil {
		t.Fatal(err)
	}
	target := filepath.Join(t.TempDir(), "victim")
	if err := os.WriteFile(target, []byte("keep"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(target, filepath.Join(s.paperDir("p"), "link.json")); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(s.paperDir("p"), "pipe.json"), 0o644); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	for _, name := range []string{"link.json", "pipe.json"} {
		done := make(chan error, 1)
		go func() { done <- s.write("p", name, []byte("{}")) }()
		select {
		case err := <-done:
			if err == nil {
				t.Errorf("%s: written, want a refusal", name)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("%s: the store waited on it", name)
		}
	}
	if b, _ := os.ReadFile(target); string(b) != "keep" {
		t.Errorf("the link's target was overwritten: %q", b)
	}
	if err := s.write("p", "ok.json", []byte("{}")); err != nil {
		t.Errorf("a regular record: %v", err)
	}
}
