package findings

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// TestCacheNamedPipe: a named pipe (or another non-regular file) planted at
// a cache entry's path is a miss for get and refused by put, never waited
// on (hostile5, session 15: findings hung for ever on such a pipe).
func TestCacheNamedPipe(t *testing.T) {
	c := Cache{Dir: t.TempDir(), Version: "test"}
	opts, ids := Options{Seed: 7}, []string{"a", "b"}
	path := c.file("loghash", opts, ids)
	if err := syscall.Mkfifo(path, 0o644); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	done := make(chan error, 1)
	go func() {
		if _, ok := c.get("loghash", opts, ids); ok {
			done <- os.ErrExist
			return
		}
		done <- c.put("loghash", opts, ids, LogInfo{}, nil)
	}()
	select {
	case err := <-done:
		if err == nil || err == os.ErrExist {
			t.Fatalf("a named pipe at the cache path: put error %v, want a refusal (and a miss from get)", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the cache waited on a named pipe")
	}
	if st, err := os.Lstat(path); err != nil || st.Mode()&os.ModeNamedPipe == 0 {
		t.Errorf("the pipe was replaced: %v %v", st, err)
	}
	// A regular entry still round-trips.
	other := Cache{Dir: filepath.Join(c.Dir, "ok"), Version: "test"}
	if err := other.put("loghash", opts, ids, LogInfo{}, nil); err != nil {
		t.Fatal(err)
	}
	if _, ok := other.get("loghash", opts, ids); !ok {
		t.Error("a regular cache entry was not read back")
	}
}
