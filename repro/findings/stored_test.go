package findings

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestReadStoredFileHostile: findings.json is read through internal/infile
// (hostile3, session 14: os.Open waited for ever on a named pipe and the
// file was read whole at any size): a pipe or a folder is refused at once,
// a file over MaxStoredBytes is refused, a JSON fault names the file and
// its line; a folder without the file is not an error, and the committed
// matrix (repro/ledgers/findings.json) still reads.
func TestReadStoredFileHostile(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		make func(path string) error // nil: no file
		want string                  // "" for none
	}{
		{"fifo", func(p string) error { return syscall.Mkfifo(p, 0o644) }, "named pipe"},
		{"folder", func(p string) error { return os.Mkdir(p, 0o755) }, "a folder, not a file"},
		{"too large", func(p string) error {
			if err := os.WriteFile(p, nil, 0o644); err != nil {
				return err
			}
			return os.Truncate(p, MaxStoredBytes+1) // sparse
		}, "more than " + strconv.Itoa(MaxStoredBytes) + " bytes"},
		{"syntax", func(p string) error {
			return os.WriteFile(p, []byte("{\n\"mode\": \"quick\",\n\"seed\": 1,,\n}\n"), 0o644)
		}, StoredFile + ":3: findings: invalid character ','"},
		{"type", func(p string) error {
			return os.WriteFile(p, []byte("{\n\"mode\": \"quick\",\n\n\"seed\": \"one\"}\n"), 0o644)
		}, StoredFile + ":4: findings: json: cannot unmarshal string"},
		{"none", nil, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			if tc.make != nil {
				if err := tc.make(filepath.Join(dir, StoredFile)); err != nil {
					t.Fatal(err)
				}
			}
			type result struct {
				ok  bool
				err error
			}
			done := make(chan result, 1)
			go func() { _, ok, err := ReadStoredFile(dir); done <- result{ok, err} }()
			var r result
			select {
			case r = <-done:
			case <-time.After(10 * time.Second):
				t.Fatal("ReadStoredFile still waiting after 10 s")
			}
			switch {
			case tc.want == "" && (r.err != nil || r.ok):
				t.Fatalf("ReadStoredFile of a folder without %s: ok %v, %v; want false, nil", StoredFile, r.ok, r.err)
			case tc.want != "" && (r.err == nil || !strings.Contains(r.err.Error(), tc.want)):
				t.Fatalf("ReadStoredFile: %v, want an error containing %q", r.err, tc.want)
			case tc.want != "" && !strings.Contains(r.err.Error(), filepath.Join(dir, StoredFile)):
				t.Errorf("the error does not name the file: %v", r.err)
			}
		})
	}
	s, ok, err := ReadStoredFile(filepath.Join("..", "ledgers"))
	if err != nil || !ok || len(s.Results) == 0 {
		t.Fatalf("the committed matrix: ok %v, %d results, %v", ok, len(s.Results), err)
	}
}
