package infile

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"syscall"
)

// Open opens the regular file at path for reading; anything else (a
// folder, a named pipe, a device, a socket) is an error that says what it
// is. A named pipe is never waited on.
func Open(path string) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, err
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	if !st.Mode().IsRegular() {
		f.Close()
		return nil, notRegular(path, st.Mode())
	}
	return f, nil
}

// Check returns the error Open would give for a path that exists but is
// not a regular file, nil otherwise (a missing file is left to the
// caller's open, which says so).
func Check(path string) error {
	st, err := os.Stat(path)
	if err != nil || st.Mode().IsRegular() {
		return nil
	}
	return notRegular(path, st.Mode())
}

// ReadFile reads the regular file at path whole, as os.ReadFile does, and
// fails when it holds more than limit bytes.
func ReadFile(path string, limit int64) ([]byte, error) {
	f, err := Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(b)) > limit {
		return nil, fmt.Errorf("%s: more than %d bytes", path, limit)
	}
	return b, nil
}

// notRegular is the error for path of mode m.
func notRegular(path string, m fs.FileMode) error {
	what := NotRegular(m)
	if m.IsDir() {
		what = "a folder, not a file"
	}
	return &fs.PathError{Op: "open", Path: path, Err: errorString(what)}
}

// NotRegular says what a file of mode m (not a regular file) is, as
// "a named pipe (FIFO), not a regular file".
func NotRegular(m fs.FileMode) string {
	switch {
	case m&fs.ModeSymlink != 0:
		return "a symbolic link, not a regular file"
	case m.IsDir():
		return "a folder, not a regular file"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe (FIFO), not a regular file"
	case m&fs.ModeSocket != 0:
		return "a socket, not a regular file"
	case m&fs.ModeDevice != 0:
		return "a device, not a regular file"
	}
	return "not a regular file"
}

type errorString string

func (e errorString) Error() string { return string(e) }
