package infile

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

func TestOpen(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	file := filepath.Join(dir, "f.json")
	if err := os.WriteFile(file, []byte("0123456789"), 0o644); err != nil {
		t.Fatal(err)
	}
	fifo := filepath.Join(dir, "fifo.parquet")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip("no FIFOs:", err)
	}
	tests := []struct {
		path, want string // want: "" for none
	}{
		{file, ""},
		{fifo, "open " + fifo + ": a named pipe (FIFO), not a regular file"},
		{dir, "open " + dir + ": a folder, not a file"},
		{os.DevNull, "open /dev/null: a device, not a regular file"},
		{filepath.Join(dir, "none"), "no such file or directory"},
	}
	for _, tc := range tests {
		done := make(chan error, 1)
		go func() {
			f, err := Open(tc.path)
			if err == nil {
				f.Close()
			}
			done <- err
		}()
		select {
		case err := <-done:
			if (tc.want == "") != (err == nil) || err != nil && !strings.Contains(err.Error(), tc.want) {
				t.Errorf("Open(%s): %v, want %q", tc.path, err, tc.want)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("Open(%s) blocks", tc.path)
		}
		if err := Check(tc.path); tc.want != "" && !strings.Contains(tc.want, "no such") && (err == nil || err.Error() != tc.want) {
			t.Errorf("Check(%s) = %v, want %q", tc.path, err, tc.want)
		}
	}
	if b, err := ReadFile(file, 10); err != nil || string(b) != "0123456789" {
		t.Errorf("ReadFile: %q, %v", b, err)
	}
	if _, err := ReadFile(file, 9); err == nil || !strings.Contains(err.Error(), "more than 9 bytes") {
		t.Errorf("ReadFile over the limit: %v", err)
	}
}
