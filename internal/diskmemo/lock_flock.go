//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package diskmemo

import (
	"errors"
	"os"
	"path/filepath"
	"sync/atomic"
	"syscall"
)

// held counts the keys whose lock this process holds (computing their
// result). While it is positive the process never waits for a lock: see
// lock.
var held atomic.Int64

// lock takes the lock of key in dir: an exclusive flock(2) on the file
// key+".lock" beside the result's, opened anew, so that it excludes other
// processes and other calls of this one alike (flock locks belong to an
// open file). It waits while another holds it, unless this process already
// holds a lock: a holder never waits, so no cycle of waits (a deadlock)
// can form, whatever the order in which nested Gets take their keys; such a
// call takes the lock only when it is free, and otherwise computes without
// it. The returned function releases the lock, first removing the lock
// file when the result is stored (removed: whoever locks it or a new one
// afterwards reads the result before computing); the kernel releases it
// too when the process ends, killed or not. Without a lock file (an error
// opening or locking it, or a link, FIFO or device in its place) lock
// returns at once, and Get computes unlocked.
func lock(dir, key string) (unlock func(stored bool)) {
	none := func(bool) {}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return none
	}
	path := filepath.Join(dir, key+".lock")
	// Never through a link (a dangling one would create its target) and
	// only a regular file: a FIFO or a device in its place is left alone
	// (O_NONBLOCK: opening a FIFO does not wait for a writer).
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|syscall.O_NOFOLLOW|syscall.O_NONBLOCK, 0o644)
	if err != nil {
		return none
	}
	if fi, err := f.Stat(); err != nil || !fi.Mode().IsRegular() {
		f.Close()
		return none
	}
	how := syscall.LOCK_EX
	if held.Load() > 0 {
		how |= syscall.LOCK_NB
	}
	for {
		err = syscall.Flock(int(f.Fd()), how)
		if !errors.Is(err, syscall.EINTR) {
			break
		}
	}
	if err != nil {
		f.Close()
		return none
	}
	held.Add(1)
	return func(stored bool) {
		if stored {
			os.Remove(path)
		}
		held.Add(-1)
		f.Close() // releases the flock
	}
}
