//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package diskmemo

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"
)

// The tests of this file run Get in helper processes: the test binary
// itself, started with helperEnv set to a mode (runHelper). Each helper
// appends "start NAME" and "end NAME" around its computation to the file
// callsFile of the test's folder, and prints the Name of the value Get
// returned.
const (
	helperEnv = "DISKMEMO_TEST_HELPER" // mode: compute, unstorable, hang, nested
	dirEnv    = "DISKMEMO_TEST_DIR"    // the test's folder; the memo is its "memo"
	nameEnv   = "DISKMEMO_TEST_NAME"   // the helper's name
	sleepEnv  = "DISKMEMO_TEST_SLEEP"  // how long a computation lasts
	keysEnv   = "DISKMEMO_TEST_KEYS"   // nested: outer and inner key, "a,b"
	awaitEnv  = "DISKMEMO_TEST_AWAIT"  // nested: the line of the calls file awaited before the inner Get
	callsFile = "calls"
)

func TestMain(m *testing.M) {
	if mode := os.Getenv(helperEnv); mode != "" {
		os.Exit(runHelper(mode))
	}
	os.Exit(m.Run())
}

// runHelper runs one Get in the mode given: compute (a stored result),
// unstorable (one larger than MaxEntry), hang (a computation that never
// ends) or nested (a Get of the inner key within the computation of the
// outer one).
func runHelper(mode string) int {
	dir, name := os.Getenv(dirEnv), os.Getenv(nameEnv)
	sleep, err := time.ParseDuration(os.Getenv(sleepEnv))
	if err != nil {
		sleep = 0
	}
	m := Memo{Dir: filepath.Join(dir, "memo"), MaxEntry: 1 << 20, MaxTotal: 1 << 22}
	value := result{Name: name}
	if mode == "unstorable" {
		m.MaxEntry = 10
	}
	compute := func(key string) func() (result, error) {
		return func() (result, error) {
			note(dir, "start "+name+" "+key)
			if mode == "hang" {
				time.Sleep(time.Hour) // until killed
			}
			time.Sleep(sleep)
			note(dir, "end "+name+" "+key)
			return value, nil
		}
	}
	key := "k"
	f := compute(key)
	if mode == "nested" {
		keys := strings.Split(os.Getenv(keysEnv), ",")
		key = keys[0]
		outer := compute(keys[0])
		f = func() (result, error) {
			if _, err := outer(); err != nil {
				return result{}, err
			}
			// Until the other helper holds its outer key's lock (a wait of
			// a fixed time would depend on the machine's load).
			await := strings.ReplaceAll(os.Getenv(awaitEnv), " ", "_")
			for await != "" && !slices.Contains(calls(dir), await) {
				time.Sleep(10 * time.Millisecond)
			}
			return Get(m, keys[1], compute(keys[1]))
		}
	}
	v, err := Get(m, key, f)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	fmt.Print(v.Name)
	return 0
}

// note appends a line to the calls file of dir.
func note(dir, line string) {
	f, err := os.OpenFile(filepath.Join(dir, callsFile), os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		panic(err)
	}
	defer f.Close()
	if _, err := f.WriteString(line + "\n"); err != nil {
		panic(err)
	}
}

// calls returns the lines of the calls file of dir.
func calls(dir string) []string {
	b, _ := os.ReadFile(filepath.Join(dir, callsFile))
	return strings.Fields(strings.ReplaceAll(string(b), " ", "_"))
}

// helper is a helper process and its output.
type helper struct {
	cmd *exec.Cmd
	out bytes.Buffer
}

// start starts a helper named name in dir, its computation lasting sleep.
func start(t *testing.T, dir, mode, name string, sleep time.Duration, env ...string) *helper {
	t.Helper()
	h := &helper{cmd: exec.Command(os.Args[0], "-test.run=^$")}
	h.cmd.Env = append(os.Environ(), helperEnv+"="+mode, dirEnv+"="+dir, nameEnv+"="+name, sleepEnv+"="+sleep.String())
	h.cmd.Env = append(h.cmd.Env, env...)
	h.cmd.Stdout, h.cmd.Stderr = &h.out, &h.out
	if err := h.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { h.cmd.Process.Kill(); h.cmd.Wait() })
	return h
}

// wait waits for the helper to end and returns its output.
func (h *helper) wait(t *testing.T) string {
	t.Helper()
	if err := h.cmd.Wait(); err != nil {
		t.Fatalf("helper: %v: %s", err, h.out.String())
	}
	return h.out.String()
}

// waitFor waits until the calls file of dir has the line, up to a minute.
func waitFor(t *testing.T, dir, line string) {
	t.Helper()
	line = strings.ReplaceAll(line, " ", "_")
	for deadline := time.Now().Add(time.Minute); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		for _, l := range calls(dir) {
			if l == line {
				return
			}
		}
	}
	t.Fatalf("no %q in the calls file: %q", line, calls(dir))
}

// TestGetWaitsForAnotherProcess: a second process asking for a key while
// the first computes it waits and reads the first's result; it computes
// nothing (without the lock it would compute it again).
func TestGetWaitsForAnotherProcess(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	a := start(t, dir, "compute", "a", 500*time.Millisecond)
	waitFor(t, dir, "start a k")
	b := start(t, dir, "compute", "b", 0)
	if got := b.wait(t); got != "a" {
		t.Errorf("the second process got %q, want the first's \"a\"", got)
	}
	a.wait(t)
	if got, want := calls(dir), []string{"start_a_k", "end_a_k"}; !slices.Equal(got, want) {
		t.Errorf("computations %q, want %q: once, by the first", got, want)
	}
	// The lock file is removed with the result stored.
	if es, err := os.ReadDir(filepath.Join(dir, "memo")); err != nil || len(es) != 1 || es[0].Name() != "k.gob" {
		t.Errorf("memo folder: %v (%v), want the result's k.gob alone", es, err)
	}
}

// TestGetKilledHolder: a process killed while it computes releases the
// lock (the kernel closes its files); the process waiting for it then
// computes the result itself.
func TestGetKilledHolder(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	a := start(t, dir, "hang", "a", 0)
	waitFor(t, dir, "start a k")
	b := start(t, dir, "compute", "b", 0)
	time.Sleep(200 * time.Millisecond)
	if len(calls(dir)) != 1 {
		t.Fatalf("the second process computed while the first held the lock: %q", calls(dir))
	}
	if err := a.cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	if got := b.wait(t); got != "b" {
		t.Errorf("after the holder was killed the waiter got %q, want its own \"b\"", got)
	}
	if got, want := calls(dir), []string{"start_a_k", "start_b_k", "end_b_k"}; !slices.Equal(got, want) {
		t.Errorf("computations %q, want %q", got, want)
	}
}

// TestGetWaiterComputesWhatIsNotStored: when the holder stores nothing (a
// result larger than MaxEntry), the waiter computes after the holder
// released the lock, not before: each computation once, one after the
// other.
func TestGetWaiterComputesWhatIsNotStored(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	a := start(t, dir, "unstorable", "a", 500*time.Millisecond)
	waitFor(t, dir, "start a k")
	b := start(t, dir, "unstorable", "b", 0)
	if got := b.wait(t); got != "b" {
		t.Errorf("the waiter got %q, want its own \"b\"", got)
	}
	if got := a.wait(t); got != "a" {
		t.Errorf("the holder got %q, want \"a\"", got)
	}
	if got, want := calls(dir), []string{"start_a_k", "end_a_k", "start_b_k", "end_b_k"}; !slices.Equal(got, want) {
		t.Errorf("computations %q, want %q", got, want)
	}
}

// TestGetNestedOppositeOrders: two processes each holding one key's lock
// and asking, within its computation, for the other's key do not deadlock:
// a holder does not wait, it computes the inner key itself.
func TestGetNestedOppositeOrders(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	// Each asks for its inner key once the other holds it (awaitEnv).
	a := start(t, dir, "nested", "a", 0, keysEnv+"=k1,k2", awaitEnv+"=start b k2")
	b := start(t, dir, "nested", "b", 0, keysEnv+"=k2,k1", awaitEnv+"=start a k1")
	waitFor(t, dir, "start a k1")
	waitFor(t, dir, "start b k2")
	done := make(chan struct{})
	go func() {
		a.wait(t)
		b.wait(t)
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(2 * time.Minute):
		t.Fatalf("deadlock: %q", calls(dir))
	}
	n := 0
	for _, l := range calls(dir) {
		if strings.HasPrefix(l, "start_") {
			n++
		}
	}
	if n < 3 || n > 4 {
		t.Errorf("%d computations (%q), want 3 or 4", n, calls(dir))
	}
}

// TestLockFileOnlyRegular: a lock path that is a link (dangling, or to a
// file elsewhere) or a FIFO is left as it is: no file is created at the
// link's target, the FIFO's open does not wait, and Get computes and
// stores its value without the lock, leaving the path as it was.
func TestLockFileOnlyRegular(t *testing.T) {
	for _, kind := range []string{"dangling link", "link to a file", "fifo"} {
		t.Run(kind, func(t *testing.T) {
			dir := t.TempDir()
			memo := filepath.Join(dir, "memo")
			if err := os.Mkdir(memo, 0o755); err != nil {
				t.Fatal(err)
			}
			outside := filepath.Join(dir, "outside")
			lockPath := filepath.Join(memo, "k.lock")
			switch kind {
			case "dangling link":
				if err := os.Symlink(outside, lockPath); err != nil {
					t.Fatal(err)
				}
			case "link to a file":
				if err := os.WriteFile(outside, []byte("keep"), 0o444); err != nil {
					t.Fatal(err)
				}
				if err := os.Symlink(outside, lockPath); err != nil {
					t.Fatal(err)
				}
			case "fifo":
				if err := syscall.Mkfifo(lockPath, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			m := Memo{Dir: memo, MaxEntry: 1 << 20, MaxTotal: 1 << 22}
			calls := 0
			done := make(chan error, 1)
			go func() {
				_, err := Get(m, "k", func() (result, error) { calls++; return result{Name: "v"}, nil })
				done <- err
			}()
			select {
			case err := <-done:
				if err != nil {
					t.Fatal(err)
				}
			case <-time.After(10 * time.Second):
				t.Fatal("Get waits on the lock path")
			}
			if calls != 1 {
				t.Fatalf("computed %d times, want 1", calls)
			}
			if _, err := os.Stat(filepath.Join(memo, "k.gob")); err != nil {
				t.Fatalf("not stored: %v", err)
			}
			b, err := os.ReadFile(outside)
			switch {
			case kind == "dangling link" && !os.IsNotExist(err):
				t.Fatalf("the link's target was created (%v)", err)
			case kind == "link to a file" && string(b) != "keep":
				t.Fatalf("the link's target holds %q, err %v", b, err)
			}
			if fi, err := os.Lstat(lockPath); err != nil || fi.Mode().IsRegular() {
				t.Fatalf("the lock path was removed or replaced by a regular file (%v)", err)
			}
		})
	}
}
