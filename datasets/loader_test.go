package datasets

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestLoaderNeverLoadsTheWrongLog (issue 25 class 7): a name that looks
// like a path is a path, even when its base name is a catalog log found
// in the data folder; a data or cache folder's file of a catalog log is
// checked: a link to another log's file, or another file under the log's
// name, is refused, never read under the wrong name.
func TestLoaderNeverLoadsTheWrongLog(t *testing.T) {
	t.Parallel()
	data, cache := t.TempDir(), t.TempDir()
	kth, ok := catalogEntry("KTH-SP2-1996-2.1-cln")
	if !ok || kth.SHA256 == "" {
		t.Fatal("the catalog lacks KTH-SP2's checksum")
	}
	// A KTH-SP2 in the data folder that is not KTH-SP2 (any bytes).
	if err := os.WriteFile(filepath.Join(data, kth.File), []byte("not the archive's KTH-SP2\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// A cache entry of SDSC-Par that links to CTC-SP2's file.
	ctc, _ := catalogEntry("CTC-SP2-1996-3.1-cln")
	par, _ := catalogEntry("SDSC-Par-1996-3.1-cln")
	ctcFile := filepath.Join(cache, ctc.File)
	if err := os.WriteFile(ctcFile, []byte(goodLine), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(ctcFile, filepath.Join(cache, par.File)); err != nil {
		t.Fatal(err)
	}
	l := &Loader{DataDir: data, CacheDir: cache}
	tests := []struct {
		name, want string
	}{
		{"/no/dir/" + kth.File, "/no/dir/" + kth.File + ": no such file (a name with a folder or a file extension is a path"},
		{"no/dir/KTH-SP2", "no such file"},
		{kth.File, kth.File + ": no such file"},
		{"KTH-SP2.csv", "no such file"},
		{"KTH-SP2", "is not the catalog's KTH-SP2-1996-2.1-cln: 26 bytes"},
		{"SDSC-Par", "is a link to " + ctcFile + ", the file of CTC-SP2-1996-3.1-cln, not of SDSC-Par-1996-3.1-cln"},
	}
	for _, tc := range tests {
		_, err := l.Load(tc.name)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Load(%q): %v, want an error containing %q", tc.name, err, tc.want)
		}
	}
	// The file itself, by its path, is read as it is.
	if _, err := l.Path(filepath.Join(data, kth.File)); err != nil {
		t.Errorf("the path of the file: %v", err)
	}
}

// TestLoaderVerifiesRealFiles: the archive's files in TRACELAB_DATA pass
// the checks of their catalog entries.
func TestLoaderVerifiesRealFiles(t *testing.T) {
	t.Parallel()
	dir := os.Getenv("TRACELAB_DATA")
	if dir == "" {
		t.Skip("TRACELAB_DATA not set")
	}
	n := 0
	for _, e := range Catalog() {
		p := filepath.Join(dir, e.File)
		if _, err := os.Stat(p); err != nil || e.SHA256 == "" {
			continue
		}
		if err := verifyEntry(e, p); err != nil {
			t.Error(err)
		}
		n++
	}
	if n == 0 {
		t.Errorf("no catalog log with a checksum in %s", dir)
	}
}

// catalogEntry returns the catalog's entry of the log named name.
func catalogEntry(name string) (Entry, bool) {
	for _, e := range Catalog() {
		if e.Name == name {
			return e, true
		}
	}
	return Entry{}, false
}

// TestLoaderPathNotRegular: a catalog log's file in the data or cache
// folder that is a named pipe, a device or a link to one is an error
// naming it. Before, "tracelab info KTH-SP2" with the file a link to
// /dev/zero computed its checksum for ever, and with a named pipe waited
// for ever (both killed at 10 s, session 16). A regular file, and one
// compressed with zstd, are found.
func TestLoaderPathNotRegular(t *testing.T) {
	e, err := Lookup("KTH-SP2")
	if err != nil {
		t.Fatal(err)
	}
	plain := strings.TrimSuffix(e.File, ".gz")
	for _, tc := range []struct {
		name, file string
		make       func(p string) error
		want       string // "" found
	}{
		{"link to /dev/zero", e.File, func(p string) error { return os.Symlink("/dev/zero", p) }, "is a device, not a regular file"},
		{"named pipe", e.File, func(p string) error { return syscall.Mkfifo(p, 0o600) }, "is a named pipe (FIFO), not a regular file"},
		{"plain, a link to /dev/null", plain, func(p string) error { return os.Symlink("/dev/null", p) }, "is a device, not a regular file"},
		{"zstd", plain + ".zst", func(p string) error { return os.WriteFile(p, []byte("x"), 0o644) }, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			p := filepath.Join(dir, tc.file)
			if err := tc.make(p); err != nil {
				t.Skip(err)
			}
			l := &Loader{DataDir: dir}
			done := make(chan struct{})
			var got string
			go func() { got, err = l.Path("KTH-SP2"); close(done) }()
			select {
			case <-done:
			case <-time.After(20 * time.Second):
				t.Fatal("Path still running after 20 s")
			}
			switch {
			case tc.want == "" && (err != nil || got != p):
				t.Errorf("path %q, error %v; want %q", got, err, p)
			case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), p)):
				t.Errorf("error %v, want %q naming %s", err, tc.want, p)
			}
		})
	}
}
