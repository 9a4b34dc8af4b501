package outfile

import (
	"bufio"
	"errors"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"unicode/utf8"

	"github.com/tracelab/tracelab/internal/infile"
)

// maxLinks bounds the symbolic links followed, as the kernel's ELOOP does.
const maxLinks = 40

// ErrAborted is the error of a write that Abort stopped.
var ErrAborted = errors.New("interrupted")

// Write writes the file at path with write, which gets a buffered writer.
// A new file gets the permission bits perm (less the umask); an existing
// regular file keeps its own. See the package documentation for links,
// devices and pipes.
func Write(path string, perm os.FileMode, write func(w io.Writer) error) error {
	var s Set
	if err := s.Write(path, perm, write); err != nil {
		return err
	}
	return s.Commit()
}

// WriteFile writes data to the file at path, as Write does; it is the
// counterpart of os.WriteFile.
func WriteFile(path string, data []byte, perm os.FileMode) error {
	return Write(path, perm, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}

// WriteState writes data to the file at path as WriteFile does, for a
// file a package keeps in a folder of its own (a cache entry, a manifest,
// a batch script), which no user names: path must be a regular file or
// not exist. A symbolic link, a named pipe, a device or a folder there is
// an error, where WriteFile would follow the link (and replace the file
// it points to: a link planted as a Slurm array's next batch script
// replaced ~/.bashrc) or write through the pipe (and wait for ever for a
// reader).
func WriteState(path string, data []byte, perm os.FileMode) error {
	if st, err := os.Lstat(path); err == nil && !st.Mode().IsRegular() {
		return &fs.PathError{Op: "write", Path: path, Err: errors.New(infile.NotRegular(st.Mode()) + ": not written (remove it first)")}
	}
	return WriteFile(path, data, perm)
}

// Set is a group of files committed together: Write writes each regular
// file to its temporary file (a stream is written through at once), and
// Commit renames them all over their paths only when every Write
// succeeded. A Set whose Commit is not called, or fails, leaves no
// temporary file: call Discard on every path that does not commit (it does
// nothing after a Commit). The zero Set is empty and ready to use.
type Set struct {
	pending []*pending
	failed  bool
}

// pending is a written temporary file waiting to be renamed.
type pending struct {
	path, target, tmp string
}

// Write writes the file at path with write, as the package function does,
// but keeps a regular file in its temporary file until Commit. An error
// discards the whole set.
func (s *Set) Write(path string, perm os.FileMode, write func(w io.Writer) error) error {
	p, err := s.write(path, perm, write)
	if err != nil {
		s.failed = true
		s.Discard()
		return err
	}
	if p != nil {
		s.pending = append(s.pending, p)
	}
	return nil
}

func (s *Set) write(path string, perm os.FileMode, write func(w io.Writer) error) (*pending, error) {
	if s.failed {
		return nil, errors.New("outfile: Write on a discarded set")
	}
	target, stream, err := resolve(path)
	if err != nil {
		return nil, err
	}
	if stream {
		return nil, writeThrough(path, target, write)
	}
	st, err := os.Stat(target)
	switch {
	case err == nil && st.IsDir():
		return nil, &fs.PathError{Op: "write", Path: path, Err: syscall.EISDIR}
	case err == nil && isBlockDevice(st.Mode()):
		return nil, &fs.PathError{Op: "write", Path: path, Err: ErrBlockDevice}
	case err == nil && !st.Mode().IsRegular():
		return nil, writeThrough(path, target, write)
	case err == nil && readOnly(st, target):
		return nil, &fs.PathError{Op: "write", Path: path, Err: ErrReadOnly}
	case err == nil:
		return writeTemp(path, target, st.Mode().Perm(), st, write)
	case errors.Is(err, fs.ErrNotExist):
		return writeTemp(path, target, perm, nil, write)
	}
	return nil, &fs.PathError{Op: "write", Path: path, Err: unwrapPath(err)}
}

// afterRename, when set (tests), is called after the k-th rename of a
// Commit.
var afterRename func(k int)

// Commit renames every written file over its path. It fails, leaving
// every path as it was, when the set was interrupted (Abort) or a Write
// failed; a rename that fails once others are done (a full disk between
// two renames) is reported, the remaining temporary files removed. Two
// processes committing sets into the same folders do so one after the
// other (an flock on each folder), so that the files of a set all come
// from one of them.
func (s *Set) Commit() error {
	if s.failed {
		return errors.New("outfile: Commit of a discarded set")
	}
	live.mu.Lock()
	defer live.mu.Unlock()
	if live.aborted {
		s.discardLocked()
		return ErrAborted
	}
	if len(s.pending) > 1 {
		// Another process committing a set into these folders renames
		// before or after, not between (lockDirs).
		dirs := make([]string, len(s.pending))
		for k, p := range s.pending {
			dirs[k] = filepath.Dir(p.target)
		}
		slices.Sort(dirs)
		defer lockDirs(slices.Compact(dirs))()
	}
	for k, p := range s.pending {
		if err := os.Rename(p.tmp, p.target); err != nil {
			s.pending = s.pending[k:]
			s.discardLocked()
			return &fs.PathError{Op: "rename", Path: p.path, Err: unwrapPath(err)}
		}
		delete(live.temps, p.tmp)
		if afterRename != nil {
			afterRename(k)
		}
	}
	s.pending = nil
	return nil
}

// Discard removes the temporary files of the set's writes; it does
// nothing after Commit.
func (s *Set) Discard() {
	live.mu.Lock()
	defer live.mu.Unlock()
	s.discardLocked()
}

func (s *Set) discardLocked() {
	for _, p := range s.pending {
		os.Remove(p.tmp)
		delete(live.temps, p.tmp)
	}
	s.pending = nil
}

// live holds the temporary files of writes in progress, for Abort.
var live = struct {
	mu      sync.Mutex
	temps   map[string]bool
	aborted bool
}{temps: map[string]bool{}}

// Abort removes the temporary file of every write in progress and makes
// those writes, and every later one, fail with ErrAborted: a program's
// signal handler calls it so that an interrupt leaves no temporary file
// and replaces no output. Abort returns once the files are removed.
func Abort() {
	live.mu.Lock()
	defer live.mu.Unlock()
	live.aborted = true
	for t := range live.temps {
		os.Remove(t)
	}
	clear(live.temps)
}

// Check reports whether the file at path could be written, without
// writing anything: an error when path is a directory, when its folder
// does not exist, or when it cannot be created or replaced there. Commands
// call it before any work, so that a missing folder fails at once; the
// error is the one Write would give.
func Check(path string) error {
	target, stream, err := resolve(path)
	if err != nil || stream {
		return err
	}
	st, err := os.Stat(target)
	switch {
	case err == nil && st.IsDir():
		return &fs.PathError{Op: "write", Path: path, Err: syscall.EISDIR}
	case err == nil && isBlockDevice(st.Mode()):
		return &fs.PathError{Op: "write", Path: path, Err: ErrBlockDevice}
	case err == nil && !st.Mode().IsRegular():
		return nil // a character device or a pipe, written through
	case err != nil && !errors.Is(err, fs.ErrNotExist):
		return &fs.PathError{Op: "write", Path: path, Err: unwrapPath(err)}
	case err == nil && readOnly(st, target):
		return &fs.PathError{Op: "write", Path: path, Err: ErrReadOnly}
	}
	dir := filepath.Dir(target)
	dst, err := os.Stat(dir)
	switch {
	case err != nil:
		return &fs.PathError{Op: "create", Path: path, Err: unwrapPath(err)}
	case !dst.IsDir():
		return &fs.PathError{Op: "create", Path: path, Err: syscall.ENOTDIR}
	}
	// The temporary file is created in dir: it must be writable.
	if err := syscall.Access(dir, 2 /* W_OK */); err != nil {
		return &fs.PathError{Op: "create", Path: path, Err: err}
	}
	return nil
}

// ErrBlockDevice is the error for an output that is a block device (a
// disk or a partition, /dev/sda): a table or a log written through it
// would overwrite the file system there, a loss no command means. A
// character device (/dev/null, a terminal) and a pipe are written
// through.
var ErrBlockDevice = errors.New("a block device (a disk or partition): not written, it would destroy the file system there")

// isBlockDevice reports whether mode is a block device's.
func isBlockDevice(mode fs.FileMode) bool {
	return mode&fs.ModeDevice != 0 && mode&fs.ModeCharDevice == 0
}

// ErrReadOnly is the error for an existing regular file that may not be
// written: renaming a new file over it would get round its protection,
// which a shell's redirection (>) respects.
var ErrReadOnly = errors.New("read-only file: not replaced (make it writable, or remove it, first)")

// readOnly reports whether the regular file target, of status st, is
// protected from writing: no write permission for this process, or, for
// a process that may write anything (root), no write bit at all.
func readOnly(st fs.FileInfo, target string) bool {
	return st.Mode().Perm()&0o222 == 0 || syscall.Access(target, 2 /* W_OK */) != nil
}

// IsStream reports whether path names a stream that is written through:
// a device, a named pipe or a socket, or a process's descriptor
// (/dev/stdout, /dev/fd/N, /proc/self/fd/N) whatever it is open on.
func IsStream(path string) bool {
	target, stream, err := resolve(path)
	if err != nil {
		return false
	}
	if stream {
		return true
	}
	st, err := os.Stat(target)
	return err == nil && !st.IsDir() && !st.Mode().IsRegular()
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
	ra, _, errA := resolve(a)
	rb, _, errB := resolve(b)
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

// descriptorDirs are the folders whose entries are a process's open
// descriptors: writing there writes to whatever the descriptor is open
// on, which must be written through, never replaced.
var descriptorDirs = []string{"/dev/fd/", "/proc/self/fd/", "/proc/thread-self/fd/"}

// isDescriptor reports whether p names an open descriptor of this process
// (/dev/stdout and /dev/stderr are links to such names).
func isDescriptor(p string) bool {
	switch filepath.Clean(p) {
	case "/dev/stdin", "/dev/stdout", "/dev/stderr":
		return true
	}
	for _, d := range descriptorDirs {
		if strings.HasPrefix(p, d) {
			return true
		}
	}
	return strings.HasPrefix(p, "/proc/") && strings.Contains(p, "/fd/")
}

// descriptor returns the number of this process's descriptor that p
// names (/dev/stdout is 1, /dev/fd/3 and /proc/self/fd/3 are 3).
func descriptor(p string) (int, bool) {
	switch p = filepath.Clean(p); p {
	case "/dev/stdin":
		return 0, true
	case "/dev/stdout":
		return 1, true
	case "/dev/stderr":
		return 2, true
	}
	for _, d := range descriptorDirs[:2] {
		if rest, ok := strings.CutPrefix(p, d); ok {
			if n, err := strconv.Atoi(rest); err == nil && n >= 0 {
				return n, true
			}
		}
	}
	return 0, false
}

// resolve follows path while it is a symbolic link and returns the path of
// the file it points to, which may not exist (a dangling link names the
// file to create). stream is true when the way passes through a process's
// descriptor: the target is then that descriptor's name, written through
// as it is.
func resolve(path string) (target string, stream bool, err error) {
	p := path
	for range maxLinks {
		if isDescriptor(p) {
			return p, true, nil
		}
		st, err := os.Lstat(p)
		if err != nil || st.Mode()&fs.ModeSymlink == 0 {
			return p, false, nil
		}
		dest, err := os.Readlink(p)
		if err != nil {
			return "", false, &fs.PathError{Op: "readlink", Path: path, Err: unwrapPath(err)}
		}
		if !filepath.IsAbs(dest) {
			dest = filepath.Join(filepath.Dir(p), dest)
		}
		p = dest
	}
	return "", false, &fs.PathError{Op: "write", Path: path, Err: syscall.ELOOP}
}

// writeThrough writes to a device, a pipe or a descriptor in place. A
// descriptor of this process is written through a copy of it (dup), which
// shares its offset: opening /dev/stdout anew, when it is a regular file,
// would write from the file's start over what the program printed.
func writeThrough(path, target string, write func(io.Writer) error) error {
	var f *os.File
	var err error
	if fd, ok := descriptor(target); ok {
		d, err := syscall.Dup(fd)
		if err != nil {
			return &fs.PathError{Op: "open", Path: path, Err: err}
		}
		f = os.NewFile(uintptr(d), path)
	} else if f, err = os.OpenFile(target, os.O_WRONLY, 0); err != nil {
		return &fs.PathError{Op: "open", Path: path, Err: unwrapPath(err)}
	}
	if st, err := f.Stat(); err == nil && isBlockDevice(st.Mode()) {
		f.Close() // a descriptor open on a disk (3>/dev/sda)
		return &fs.PathError{Op: "write", Path: path, Err: ErrBlockDevice}
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

// writeTemp writes a temporary file beside target, to be renamed over it.
// old is the existing file it replaces (nil for none): perm is then old's
// mode, set exactly (not reduced by the umask), and old's owner and group
// are kept (keepOwner).
func writeTemp(path, target string, perm os.FileMode, old fs.FileInfo, write func(io.Writer) error) (p *pending, err error) {
	f, err := createTemp(target, perm)
	if err != nil {
		if errors.Is(err, ErrAborted) {
			return nil, err
		}
		return nil, &fs.PathError{Op: "create", Path: path, Err: unwrapPath(err)}
	}
	tmp := f.Name()
	defer func() {
		if err != nil {
			f.Close()
			forget(tmp)
		}
	}()
	bw := bufio.NewWriterSize(namedWriter{f, path}, 1<<16)
	if err = write(bw); err != nil {
		return nil, err
	}
	if err = bw.Flush(); err != nil {
		return nil, err
	}
	step := func(op string, e error) error {
		if e != nil {
			return &fs.PathError{Op: op, Path: path, Err: unwrapPath(e)}
		}
		return nil
	}
	if err = step("sync", f.Sync()); err != nil {
		return nil, err
	}
	if old != nil {
		keepOwner(f, old)
		if err = step("chmod", f.Chmod(perm)); err != nil {
			return nil, err
		}
	}
	if err = step("close", f.Close()); err != nil {
		return nil, err
	}
	return &pending{path: path, target: target, tmp: tmp}, nil
}

// keepOwner gives f, the file that replaces old, old's owner and group
// when they differ from f's: root replacing another user's file took it
// from that user (the new file was root's, mode 0600 and all), where a
// shell's ">" keeps the owner. A process that may not give a file away
// (not root) keeps what it may, the group when it is one of its own, and
// otherwise leaves f its own, as for a new file.
func keepOwner(f *os.File, old fs.FileInfo) {
	was, ok := old.Sys().(*syscall.Stat_t)
	if !ok {
		return
	}
	now, err := f.Stat()
	if err != nil {
		return
	}
	if is, ok := now.Sys().(*syscall.Stat_t); !ok || (is.Uid == was.Uid && is.Gid == was.Gid) {
		return
	}
	if f.Chown(int(was.Uid), int(was.Gid)) != nil {
		f.Chown(-1, int(was.Gid))
	}
}

// forget removes temporary file tmp and its registration.
func forget(tmp string) {
	live.mu.Lock()
	defer live.mu.Unlock()
	os.Remove(tmp)
	delete(live.temps, tmp)
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
// the umask), ".NAME.tmp-RANDOM", and registers it for Abort.
func createTemp(target string, perm os.FileMode) (*os.File, error) {
	dir, base := filepath.Split(target)
	// The temporary name adds 15 bytes to the base; a base near the
	// 255-byte limit of a name (NAME_MAX) is cut, at a character's start,
	// so that any name that may be written can be (a 250-byte name once
	// failed: "file name too long").
	if len(base) > maxTempBase {
		n := maxTempBase
		for n > 0 && !utf8.RuneStart(base[n]) {
			n--
		}
		base = base[:n]
	}
	live.mu.Lock()
	defer live.mu.Unlock()
	if live.aborted {
		return nil, ErrAborted
	}
	for range 100 {
		name := filepath.Join(dir, "."+base+".tmp-"+strconv.FormatUint(rand.Uint64()%1e9, 10))
		f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_EXCL, perm)
		if err == nil {
			live.temps[name] = true
		}
		if !errors.Is(err, fs.ErrExist) {
			return f, err
		}
	}
	return nil, fs.ErrExist
}

// maxTempBase is the most bytes of the target's name kept in its
// temporary file's: 255 (NAME_MAX) less the 15 added (".", ".tmp-" and up
// to 9 digits).
const maxTempBase = 255 - 15

// unwrapPath returns the cause of a *fs.PathError (whose path may be the
// temporary file's), else err.
func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
