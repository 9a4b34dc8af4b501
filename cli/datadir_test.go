package cli

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"
)

// TestDataFolderNotAFolder: a TRACELAB_DATA that is missing, a file or a
// named pipe is an error naming TRACELAB_DATA, for a log named by catalog
// name and for findings without LOG (every log in TRACELAB_DATA), and
// nothing is downloaded. Before, `info KTH-SP2` skipped it in silence and
// downloaded the log into the cache, and `findings` said "findings: open
// DIR: not a directory", without the variable's name.
// Not parallel: it sets the environment.
func TestDataFolderNotAFolder(t *testing.T) {
	var requests atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		requests.Add(1)
		http.NotFound(w, r)
	}))
	defer srv.Close()
	t.Setenv("TRACELAB_ARCHIVE_URL", srv.URL+"/")
	for _, data := range []struct {
		name string
		make func(p string) error // nil: not created
		want string
	}{
		{"missing", nil, "does not exist"},
		{"file", func(p string) error { return os.WriteFile(p, []byte("x"), 0o644) }, "is a regular file, not a folder"},
		{"fifo", func(p string) error { return syscall.Mkfifo(p, 0o600) }, "is a named pipe (FIFO), not a folder"},
	} {
		for _, args := range [][]string{
			{"info", "KTH-SP2"},
			{"findings", "--finding", "daily-cycle", "--quick", "--format", "csv"},
		} {
			t.Run(data.name+"/"+args[0], func(t *testing.T) {
				requests.Store(0)
				dir := filepath.Join(t.TempDir(), "data")
				if data.make != nil {
					if err := data.make(dir); err != nil {
						t.Skip(err)
					}
				}
				t.Setenv("TRACELAB_DATA", dir)
				t.Setenv("TRACELAB_CACHE", t.TempDir())
				done := make(chan error, 1)
				go func() { _, _, err := runCLI(t, args...); done <- err }()
				var err error
				select {
				case err = <-done:
				case <-time.After(time.Minute):
					t.Fatal("still running after a minute")
				}
				if err == nil || !strings.Contains(err.Error(), "TRACELAB_DATA") || !strings.Contains(err.Error(), dir) || !strings.Contains(err.Error(), data.want) {
					t.Errorf("error %v, want one naming TRACELAB_DATA and %s, containing %q", err, dir, data.want)
				}
				if n := requests.Load(); n != 0 {
					t.Errorf("%d download requests, want none", n)
				}
			})
		}
	}
}
