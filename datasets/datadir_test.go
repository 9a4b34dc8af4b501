package datasets

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
)

// TestLoaderDataDirNotAFolder: a DataDir (TRACELAB_DATA) that is set but
// is not a folder is an error naming the variable and the path, and
// nothing is downloaded. Before, it was passed over in silence and the
// log was downloaded into the cache (or the download's error said nothing
// of TRACELAB_DATA). An empty folder still falls through to the download.
func TestLoaderDataDirNotAFolder(t *testing.T) {
	var requests atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		requests.Add(1)
		http.NotFound(w, r)
	}))
	defer srv.Close()
	for _, tc := range []struct {
		name string
		make func(p string) error // nil: p is not created
		want string               // "" the download is tried
	}{
		{"missing", nil, "does not exist"},
		{"a regular file", func(p string) error { return os.WriteFile(p, []byte("x"), 0o644) }, "is a regular file, not a folder"},
		{"a named pipe", func(p string) error { return syscall.Mkfifo(p, 0o600) }, "is a named pipe (FIFO), not a folder"},
		{"a link to /dev/null", func(p string) error { return os.Symlink("/dev/null", p) }, "is a device, not a folder"},
		{"a link to a missing file", func(p string) error { return os.Symlink(filepath.Join(filepath.Dir(p), "gone"), p) }, "does not exist"},
		{"an empty folder", func(p string) error { return os.Mkdir(p, 0o755) }, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			requests.Store(0)
			data := filepath.Join(t.TempDir(), "data")
			if tc.make != nil {
				if err := tc.make(data); err != nil {
					t.Skip(err)
				}
			}
			l := &Loader{DataDir: data, CacheDir: t.TempDir(), BaseURL: srv.URL + "/"}
			_, err := l.Path("KTH-SP2")
			if err == nil {
				t.Fatal("no error")
			}
			if tc.want == "" {
				if requests.Load() == 0 {
					t.Errorf("an empty data folder: no download tried (error %v)", err)
				}
				return
			}
			msg := err.Error()
			if !strings.Contains(msg, "TRACELAB_DATA") || !strings.Contains(msg, data) || !strings.Contains(msg, tc.want) {
				t.Errorf("error %q, want one naming TRACELAB_DATA and %s, containing %q", msg, data, tc.want)
			}
			if n := requests.Load(); n != 0 {
				t.Errorf("%d download requests, want none", n)
			}
		})
	}
}
