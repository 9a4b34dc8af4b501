package outfile

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
)

// entries lists the names in dir, to show that no temporary file is left.
func entries(t *testing.T, dir string) []string {
	t.Helper()
	es, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range es {
		names = append(names, e.Name())
	}
	return names
}

func TestWrite(t *testing.T) {
	old := syscall.Umask(0o022) // before t.Parallel: no other test runs yet
	syscall.Umask(old)
	t.Parallel()
	umask := os.FileMode(old)
	tests := []struct {
		name  string
		setup func(dir string) string // returns the path to write
		check func(t *testing.T, dir, path string)
	}{
		{"new file gets perm less umask", func(dir string) string { return filepath.Join(dir, "new.txt") },
			func(t *testing.T, dir, path string) {
				st, _ := os.Stat(path)
				if st.Mode().Perm() != 0o644&^umask {
					t.Errorf("mode %v, want %v", st.Mode().Perm(), 0o644&^umask)
				}
			}},
		{"existing file keeps its mode", func(dir string) string {
			p := filepath.Join(dir, "old.txt")
			os.WriteFile(p, []byte("old"), 0o600)
			os.Chmod(p, 0o600)
			return p
		}, func(t *testing.T, dir, path string) {
			if st, _ := os.Stat(path); st.Mode().Perm() != 0o600 {
				t.Errorf("mode %v, want 0600", st.Mode().Perm())
			}
		}},
		{"symlink followed, target keeps its mode", func(dir string) string {
			os.Mkdir(filepath.Join(dir, "sub"), 0o755)
			target := filepath.Join(dir, "sub", "target.txt")
			os.WriteFile(target, []byte("old"), 0o600)
			os.Chmod(target, 0o600)
			link := filepath.Join(dir, "link.txt")
			os.Symlink(filepath.Join("sub", "target.txt"), link)
			return link
		}, func(t *testing.T, dir, path string) {
			if st, _ := os.Lstat(path); st.Mode()&os.ModeSymlink == 0 {
				t.Error("the link was replaced by a file")
			}
			target := filepath.Join(dir, "sub", "target.txt")
			b, _ := os.ReadFile(target)
			st, _ := os.Stat(target)
			if string(b) != "new" || st.Mode().Perm() != 0o600 {
				t.Errorf("target holds %q with mode %v, want \"new\" and 0600", b, st.Mode().Perm())
			}
		}},
		{"dangling symlink creates its target", func(dir string) string {
			link := filepath.Join(dir, "dangling")
			os.Symlink("made.txt", link)
			return link
		}, func(t *testing.T, dir, path string) {
			if b, _ := os.ReadFile(filepath.Join(dir, "made.txt")); string(b) != "new" {
				t.Errorf("target holds %q", b)
			}
		}},
		{"device written through", func(dir string) string { return os.DevNull },
			func(t *testing.T, dir, path string) {
				if st, _ := os.Stat(path); st.Mode()&os.ModeCharDevice == 0 {
					t.Errorf("%s is no longer a device: %v", path, st.Mode())
				}
			}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			path := tc.setup(dir)
			before := len(entries(t, dir))
			if err := WriteFile(path, []byte("new"), 0o644); err != nil {
				t.Fatal(err)
			}
			if path != os.DevNull {
				if b, err := os.ReadFile(path); err != nil || string(b) != "new" {
					t.Fatalf("read back %q, %v", b, err)
				}
			}
			if after := entries(t, dir); len(after) > before+1 {
				t.Errorf("files left behind: %v", after)
			}
			tc.check(t, dir, path)
		})
	}
}

func TestWriteFIFO(t *testing.T) {
	t.Parallel()
	p := filepath.Join(t.TempDir(), "fifo")
	if err := syscall.Mkfifo(p, 0o600); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	got := make(chan string)
	go func() {
		f, err := os.Open(p)
		if err != nil {
			got <- err.Error()
			return
		}
		b, _ := io.ReadAll(f)
		f.Close()
		got <- string(b)
	}()
	if err := WriteFile(p, []byte("through the pipe"), 0o644); err != nil {
		t.Fatal(err)
	}
	if s := <-got; s != "through the pipe" {
		t.Errorf("reader got %q", s)
	}
	if st, _ := os.Lstat(p); st.Mode()&os.ModeNamedPipe == 0 {
		t.Errorf("the FIFO was replaced: %v", st.Mode())
	}
}

// TestBlockDeviceRefused: a block device (a disk) given as the output, or
// a link to one, is refused by Write and by Check with ErrBlockDevice,
// before it is opened; before session 20 it was written through, as a
// character device is ("convert LOG -o /dev/sda" as root overwrote the
// disk). The node made here has an experimental major number (240, no
// driver), so that even the old code could not reach a disk: it failed
// with "no such device or address" instead.
func TestBlockDeviceRefused(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	blk := filepath.Join(dir, "disk")
	if err := syscall.Mknod(blk, syscall.S_IFBLK|0o600, 240<<8); err != nil {
		t.Skip("cannot make a block device node here:", err)
	}
	link := filepath.Join(dir, "out.csv")
	if err := os.Symlink(blk, link); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{blk, link} {
		if err := WriteFile(p, []byte("a,b\n"), 0o644); !errors.Is(err, ErrBlockDevice) || !strings.Contains(err.Error(), p) {
			t.Errorf("WriteFile(%s): %v, want ErrBlockDevice naming the path", p, err)
		}
		if err := Check(p); !errors.Is(err, ErrBlockDevice) {
			t.Errorf("Check(%s): %v, want ErrBlockDevice", p, err)
		}
		if st, err := os.Lstat(blk); err != nil || st.Mode()&os.ModeDevice == 0 {
			t.Errorf("the device node was replaced: %v %v", st.Mode(), err)
		}
	}
	if got := entries(t, dir); len(got) != 2 {
		t.Errorf("files left: %v", got)
	}
}

// TestWriteErrors: errors name the caller's path, never the temporary
// file, and a failed write keeps the old content and leaves nothing behind.
func TestWriteErrors(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	keep := filepath.Join(dir, "keep.txt")
	os.WriteFile(keep, []byte("old"), 0o644)
	boom := errors.New("encoder failed")
	tests := []struct {
		name  string
		path  string
		write func(io.Writer) error
		want  string
	}{
		{"missing folder", filepath.Join(dir, "nonexistent", "x.swf"), nil, "create " + filepath.Join(dir, "nonexistent", "x.swf") + ": no such file or directory"},
		{"directory", dir, nil, "write " + dir + ": is a directory"},
		{"failing writer", keep, func(w io.Writer) error { w.Write([]byte("partial")); return boom }, "encoder failed"},
		{"full device", "/dev/full", func(w io.Writer) error { _, err := w.Write(make([]byte, 1<<17)); return err }, "write /dev/full: no space left on device"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := os.Stat(tc.path); tc.path == "/dev/full" && err != nil {
				t.Skip("no /dev/full")
			}
			w := tc.write
			if w == nil {
				w = func(w io.Writer) error { _, err := w.Write([]byte("x")); return err }
			}
			err := Write(tc.path, 0o644, w)
			if err == nil || err.Error() != tc.want {
				t.Fatalf("error %v, want %q", err, tc.want)
			}
			if strings.Contains(err.Error(), ".tmp-") {
				t.Errorf("error names the temporary file: %v", err)
			}
		})
	}
	if b, _ := os.ReadFile(keep); string(b) != "old" {
		t.Errorf("failed write changed the file: %q", b)
	}
	if es := entries(t, dir); len(es) != 1 {
		t.Errorf("files left behind: %v", es)
	}
	if st, err := os.Stat("/dev/full"); err == nil && st.Mode()&os.ModeCharDevice == 0 {
		t.Error("/dev/full is no longer a device")
	}
}

func TestSameFile(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	a := filepath.Join(dir, "a.parquet")
	os.WriteFile(a, nil, 0o644)
	os.Symlink("a.parquet", filepath.Join(dir, "link.parquet"))
	os.WriteFile(filepath.Join(dir, "b.parquet"), nil, 0o644)
	tests := []struct {
		a, b string
		want bool
	}{
		{a, a, true},
		{a, filepath.Join(dir, ".", "a.parquet"), true},
		{a, filepath.Join(dir, "link.parquet"), true},
		{a, filepath.Join(dir, "b.parquet"), false},
		{filepath.Join(dir, "new.csv"), filepath.Join(dir, "sub", "..", "new.csv"), true},
		{filepath.Join(dir, "new.csv"), filepath.Join(dir, "other.csv"), false},
	}
	for _, tc := range tests {
		if got := SameFile(tc.a, tc.b); got != tc.want {
			t.Errorf("SameFile(%s, %s) = %v, want %v", tc.a, tc.b, got, tc.want)
		}
	}
}

// TestSet: the files of a set are renamed only when every one was
// written; a failure leaves every path as it was and no temporary file.
func TestSet(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.swf"), filepath.Join(dir, "a.swf.ids.csv")
	os.WriteFile(a, []byte("old a"), 0o644)
	os.WriteFile(b, []byte("old b"), 0o644)
	text := func(s string) func(io.Writer) error {
		return func(w io.Writer) error { _, err := io.WriteString(w, s); return err }
	}
	var s Set
	if err := s.Write(a, 0o644, text("new a")); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(a); string(got) != "old a" {
		t.Errorf("a written before Commit: %q", got)
	}
	if err := s.Write(b, 0o644, func(io.Writer) error { return errors.New("boom") }); err == nil {
		t.Fatal("a failing write succeeded")
	}
	if err := s.Commit(); err == nil {
		t.Error("Commit of a failed set succeeded")
	}
	for p, want := range map[string]string{a: "old a", b: "old b"} {
		if got, _ := os.ReadFile(p); string(got) != want {
			t.Errorf("%s holds %q, want %q", p, got, want)
		}
	}
	if es := entries(t, dir); len(es) != 2 {
		t.Errorf("files left behind: %v", es)
	}
	var ok Set
	for p, text2 := range map[string]string{a: "new a", b: "new b"} {
		if err := ok.Write(p, 0o644, text(text2)); err != nil {
			t.Fatal(err)
		}
	}
	if err := ok.Commit(); err != nil {
		t.Fatal(err)
	}
	ok.Discard() // after Commit: nothing
	for p, want := range map[string]string{a: "new a", b: "new b"} {
		if got, _ := os.ReadFile(p); string(got) != want {
			t.Errorf("%s holds %q, want %q", p, got, want)
		}
	}
}

func TestCheck(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	file := filepath.Join(dir, "f.csv")
	os.WriteFile(file, nil, 0o644)
	tests := []struct {
		path, want string
	}{
		{file, ""},
		{filepath.Join(dir, "new.csv"), ""},
		{os.DevNull, ""},
		{"/dev/stdout", ""},
		{dir, "write " + dir + ": is a directory"},
		{filepath.Join(dir, "missing", "x.parquet"), "create " + filepath.Join(dir, "missing", "x.parquet") + ": no such file or directory"},
		{filepath.Join(file, "x.csv"), "write " + filepath.Join(file, "x.csv") + ": not a directory"},
	}
	for _, tc := range tests {
		err := Check(tc.path)
		if (tc.want == "") != (err == nil) || err != nil && err.Error() != tc.want {
			t.Errorf("Check(%s) = %v, want %q", tc.path, err, tc.want)
		}
	}
}

func TestIsStream(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	file := filepath.Join(dir, "f.csv")
	os.WriteFile(file, nil, 0o644)
	link := filepath.Join(dir, "out.swf")
	os.Symlink("/dev/stdout", link)
	for p, want := range map[string]bool{
		file: false, filepath.Join(dir, "new"): false, dir: false,
		os.DevNull: true, "/dev/stdout": true, "/dev/fd/1": true, "/proc/self/fd/2": true, link: true,
	} {
		if got := IsStream(p); got != want {
			t.Errorf("IsStream(%s) = %v, want %v", p, got, want)
		}
	}
}

// TestWriteDescriptor: a descriptor of the process is written at its
// offset (a copy of it), not reopened from the file's start: what was
// written to it before stays.
func TestWriteDescriptor(t *testing.T) {
	t.Parallel()
	p := filepath.Join(t.TempDir(), "out.txt")
	f, err := os.Create(p)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	f.WriteString("before\n")
	name := "/dev/fd/" + strconv.Itoa(int(f.Fd()))
	if err := WriteFile(name, []byte("through\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	f.WriteString("after\n")
	if b, _ := os.ReadFile(p); string(b) != "before\nthrough\nafter\n" {
		t.Errorf("file holds %q", b)
	}
}

// TestAbort: an interrupt (Abort) removes the temporary file of a write in
// progress, makes it fail, and keeps the old file.
func TestAbort(t *testing.T) { // not parallel: Abort stops every later write of the process
	dir := t.TempDir()
	p := filepath.Join(dir, "big.csv")
	os.WriteFile(p, []byte("old"), 0o644)
	started, release := make(chan struct{}), make(chan struct{})
	done := make(chan error)
	go func() {
		done <- Write(p, 0o644, func(w io.Writer) error {
			w.Write(make([]byte, 1<<17)) // past the buffer: the file exists
			close(started)
			<-release
			_, err := w.Write([]byte("more"))
			return err
		})
	}()
	<-started
	Abort()
	if es := entries(t, dir); len(es) != 1 {
		t.Errorf("after Abort: %v", es)
	}
	close(release)
	if err := <-done; !errors.Is(err, ErrAborted) {
		t.Errorf("write in progress: %v, want ErrAborted", err)
	}
	if err := WriteFile(filepath.Join(dir, "later.csv"), nil, 0o644); !errors.Is(err, ErrAborted) {
		t.Errorf("later write: %v, want ErrAborted", err)
	}
	if b, _ := os.ReadFile(p); string(b) != "old" {
		t.Errorf("the old file holds %q", b)
	}
	if es := entries(t, dir); len(es) != 1 {
		t.Errorf("files left behind: %v", es)
	}
	live.mu.Lock()
	live.aborted = false // the package's other tests go on writing
	live.mu.Unlock()
}

// TestReadOnlyNotReplaced: a read-only regular file, named directly or
// through a link, is neither replaced nor written, by Write, by a Set and
// by Check (round 2 of the hostile audit: the rename of the temporary file
// replaced a file of mode 0444, which "> file" refuses).
func TestReadOnlyNotReplaced(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		mode os.FileMode
		link bool
	}{
		{"mode 0444", 0o444, false},
		{"mode 0400", 0o400, false},
		{"mode 0000", 0, false},
		{"mode 0444 through a link", 0o444, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			target := filepath.Join(dir, "ro.txt")
			if err := os.WriteFile(target, []byte("old"), 0o644); err != nil {
				t.Fatal(err)
			}
			if err := os.Chmod(target, tc.mode); err != nil {
				t.Fatal(err)
			}
			path := target
			if tc.link {
				path = filepath.Join(dir, "link.txt")
				if err := os.Symlink("ro.txt", path); err != nil {
					t.Fatal(err)
				}
			}
			ino := inodeOf(t, target)
			if err := Check(path); !errors.Is(err, ErrReadOnly) || !strings.Contains(err.Error(), path) {
				t.Errorf("Check: %v, want ErrReadOnly naming %s", err, path)
			}
			if err := WriteFile(path, []byte("new"), 0o644); !errors.Is(err, ErrReadOnly) {
				t.Errorf("WriteFile: %v, want ErrReadOnly", err)
			}
			var s Set
			if err := s.Write(path, 0o644, func(w io.Writer) error { _, err := io.WriteString(w, "new"); return err }); !errors.Is(err, ErrReadOnly) {
				t.Errorf("Set.Write: %v, want ErrReadOnly", err)
			}
			os.Chmod(target, 0o600)
			if b, _ := os.ReadFile(target); string(b) != "old" || inodeOf(t, target) != ino {
				t.Errorf("the read-only file now holds %q (inode changed: %v)", b, inodeOf(t, target) != ino)
			}
			if n := len(entries(t, dir)); n != 1+btoi(tc.link) {
				t.Errorf("files left: %v", entries(t, dir))
			}
		})
	}
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

func inodeOf(t *testing.T, p string) uint64 {
	t.Helper()
	st, err := os.Stat(p)
	if err != nil {
		t.Fatal(err)
	}
	return st.Sys().(*syscall.Stat_t).Ino
}

// TestWriteLongName: a name of up to 255 bytes (NAME_MAX), the longest a
// folder entry may have, is written, though its temporary file's name
// would be longer: a 250-byte name failed with "file name too long". A
// multi-byte character at the cut is not split.
func TestWriteLongName(t *testing.T) {
	dir := t.TempDir()
	for _, base := range []string{
		strings.Repeat("a", 246) + ".swf",
		strings.Repeat("b", 251) + ".swf",
		strings.Repeat("é", 125) + ".swf", // 250 bytes, the cut falls inside a character
	} {
		p := filepath.Join(dir, base)
		if err := WriteFile(p, []byte("new"), 0o644); err != nil {
			t.Fatalf("%d bytes: %v", len(base), err)
		}
		if b, err := os.ReadFile(p); err != nil || string(b) != "new" {
			t.Errorf("%d bytes: %q %v", len(base), b, err)
		}
	}
	if es, _ := os.ReadDir(dir); len(es) != 3 {
		t.Errorf("%d files in the folder, want the 3 written", len(es))
	}
}

// TestReplaceKeepsOwner: a file replaced keeps its owner and group, as a
// shell's ">" does. Root replacing another user's file of mode 0600 made
// it root's: its user could read it no more. Needs root (only root gives
// files away).
func TestReplaceKeepsOwner(t *testing.T) {
	t.Parallel()
	if os.Geteuid() != 0 {
		t.Skip("needs root to make another user's file")
	}
	tests := []struct {
		name     string
		uid, gid int
		perm     os.FileMode
		link     bool // written through a symbolic link to the file
	}{
		{"another user's 0600", 12345, 12345, 0o600, false},
		{"another user's, root's group", 12345, 0, 0o640, false},
		{"root's, another group", 0, 23456, 0o660, false},
		{"another user's, through a link", 12345, 23456, 0o600, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			p := filepath.Join(dir, "out.csv")
			if err := os.WriteFile(p, []byte("old"), tc.perm); err != nil {
				t.Fatal(err)
			}
			if err := os.Chown(p, tc.uid, tc.gid); err != nil {
				t.Fatal(err)
			}
			if err := os.Chmod(p, tc.perm); err != nil {
				t.Fatal(err)
			}
			target := p
			if tc.link {
				target = filepath.Join(dir, "link.csv")
				if err := os.Symlink("out.csv", target); err != nil {
					t.Fatal(err)
				}
			}
			if err := WriteFile(target, []byte("new"), 0o644); err != nil {
				t.Fatal(err)
			}
			st, err := os.Stat(p)
			if err != nil {
				t.Fatal(err)
			}
			sys := st.Sys().(*syscall.Stat_t)
			if int(sys.Uid) != tc.uid || int(sys.Gid) != tc.gid || st.Mode().Perm() != tc.perm {
				t.Errorf("replaced file: owner %d:%d mode %v, want %d:%d %v", sys.Uid, sys.Gid, st.Mode().Perm(), tc.uid, tc.gid, tc.perm)
			}
			if b, _ := os.ReadFile(p); string(b) != "new" {
				t.Errorf("content %q", b)
			}
		})
	}
}
