package outfile

import (
	"bufio"
	"errors"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"syscall"
)

// maxLinks bounds the symbolic links followed, as the kernel's ELOOP does.
const maxLinks = 40

// Write writes the file at path with write, which gets a buffered writer.
// A new file gets the permission bits perm (less the umask); an existing
// regular file keeps its own. See the package documentation for links,
// devices and pipes.
func Write(path string, perm os.FileMode, write func(w io.Writer) error) error {
	target, err := resolve(path)
	if err != nil {
		return err
	}
	st, err := os.Stat(target)
	switch {
	case err == nil && st.IsDir():
		return &fs.PathError{Op: "write", Path: path, Err: syscall.EISDIR}
	case err == nil && !st.Mode().IsRegular():
		return writeThrough(path, target, write)
	case err == nil:
		return replace(path, target, st.Mode().Perm(), true, write)
	case errors.Is(err, fs.ErrNotExist):
		return replace(path, target, perm, false, write)
	}
	return &fs.PathError{Op: "write", Path: path, Err: unwrapPath(err)}
}

// WriteFile writes data to the file at path, as Write does; it is the
// counterpart of os.WriteFile.
func WriteFile(path string, data []byte, perm os.FileMode) error {
	return Write(path, perm, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}

// SameFile reports whether paths a and b name the same file: the same
// existing file (through links, os.SameFile), or, when either does not
// exist, the same absolute path once links in its folder are resolved.
func SameFile(a, b string) bool {
	sa, errA := os.Stat(a)
	sb, errB := os.Stat(b)
	if errA == nil && errB == nil {
		return os.SameFile(sa, sb)
	}
	ra, errA := resolve(a)
	rb, errB := resolve(b)
	if errA != nil || errB != nil {
		return false
	}
	return canonical(ra) == canonical(rb)
}

// canonical returns the absolute path of p with the links of its folder
// resolved (p itself may not exist).
func canonical(p string) string {
	abs, err := filepath.Abs(p)
	if err != nil {
		return filepath.Clean(p)
	}
	if dir, err := filepath.EvalSymlinks(filepath.Dir(abs)); err == nil {
		return filepath.Join(dir, filepath.Base(abs))
	}
	return abs
}

// resolve follows path while it is a symbolic link and returns the path of
// the file it points to, which may not exist (a dangling link names the
// file to create).
func resolve(path string) (string, error) {
	p := path
	for range maxLinks {
		st, err := os.Lstat(p)
		if err != nil || st.Mode()&fs.ModeSymlink == 0 {
			return p, nil
		}
		dest, err := os.Readlink(p)
		if err != nil {
			return "", &fs.PathError{Op: "readlink", Path: path, Err: unwrapPath(err)}
		}
		if !filepath.IsAbs(dest) {
			dest = filepath.Join(filepath.Dir(p), dest)
		}
		p = dest
	}
	return "", &fs.PathError{Op: "write", Path: path, Err: syscall.ELOOP}
}

// writeThrough writes to a device or a pipe in place.
func writeThrough(path, target string, write func(io.Writer) error) error {
	f, err := os.OpenFile(target, os.O_WRONLY, 0)
	if err != nil {
		return &fs.PathError{Op: "open", Path: path, Err: unwrapPath(err)}
	}
	bw := bufio.NewWriterSize(namedWriter{f, path}, 1<<16)
	err = write(bw)
	if err == nil {
		err = bw.Flush()
	}
	if cerr := f.Close(); err == nil && cerr != nil {
		err = &fs.PathError{Op: "close", Path: path, Err: unwrapPath(cerr)}
	}
	return err
}

// replace writes a temporary file beside target and renames it over
// target. keep says perm is an existing file's mode, set exactly (not
// reduced by the umask).
func replace(path, target string, perm os.FileMode, keep bool, write func(io.Writer) error) (err error) {
	f, err := createTemp(target, perm)
	if err != nil {
		return &fs.PathError{Op: "create", Path: path, Err: unwrapPath(err)}
	}
	tmp := f.Name()
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(tmp)
		}
	}()
	bw := bufio.NewWriterSize(namedWriter{f, path}, 1<<16)
	if err = write(bw); err != nil {
		return err
	}
	if err = bw.Flush(); err != nil {
		return err
	}
	step := func(op string, e error) error {
		if e != nil {
			return &fs.PathError{Op: op, Path: path, Err: unwrapPath(e)}
		}
		return nil
	}
	if err = step("sync", f.Sync()); err != nil {
		return err
	}
	if keep {
		if err = step("chmod", f.Chmod(perm)); err != nil {
			return err
		}
	}
	if err = step("close", f.Close()); err != nil {
		return err
	}
	return step("rename", os.Rename(tmp, target))
}

// namedWriter writes to f and reports its errors under the caller's path.
type namedWriter struct {
	f    *os.File
	path string
}

func (w namedWriter) Write(b []byte) (int, error) {
	n, err := w.f.Write(b)
	if err != nil {
		err = &fs.PathError{Op: "write", Path: w.path, Err: unwrapPath(err)}
	}
	return n, err
}

// createTemp creates a new hidden file beside target with mode perm (less
// the umask): ".NAME.tmp-RANDOM".
func createTemp(target string, perm os.FileMode) (*os.File, error) {
	dir, base := filepath.Split(target)
	for range 100 {
		name := filepath.Join(dir, "."+base+".tmp-"+strconv.FormatUint(rand.Uint64()%1e9, 10))
		f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_EXCL, perm)
		if !errors.Is(err, fs.ErrExist) {
			return f, err
		}
	}
	return nil, fs.ErrExist
}

// unwrapPath returns the cause of a *fs.PathError (whose path may be the
// temporary file's), else err.
func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
