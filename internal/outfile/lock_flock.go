//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package outfile

import (
	"errors"
	"os"
	"syscall"
	"time"
)

// lockDirs takes an exclusive flock(2) on each folder of dirs (sorted, no
// repeats: every process takes them in the same order, so none waits in a
// cycle) and returns the function that releases them. Two processes that
// commit sets into the same folders then rename their files one set after
// the other: two imports writing the same -o at once leave the log and its
// tables of one run, never the log of one and the tables of the other.
//
// It waits at most lockWait for each folder, and goes on without the
// locks it could not take (a folder it cannot open, a file system without
// flock, a lock held that long by some other program): the renames are
// atomic one by one in any case, and a commit must never hang.
func lockDirs(dirs []string) (unlock func()) {
	var held []*os.File
	for _, d := range dirs {
		f, err := os.Open(d)
		if err != nil {
			continue
		}
		if !flockWait(f, lockWait) {
			f.Close()
			continue
		}
		held = append(held, f)
	}
	return func() {
		for _, f := range held {
			f.Close() // releases the flock
		}
	}
}

// lockWait is the longest lockDirs waits for one folder's lock: a set's
// renames take microseconds, so a lock held longer is another program's.
const lockWait = 10 * time.Second

// flockWait takes an exclusive flock on f, trying again until wait has
// passed; it reports whether it got it.
func flockWait(f *os.File, wait time.Duration) bool {
	deadline := time.Now().Add(wait)
	for pause := time.Millisecond; ; pause = min(2*pause, 50*time.Millisecond) {
		err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		switch {
		case err == nil:
			return true
		case !errors.Is(err, syscall.EWOULDBLOCK) && !errors.Is(err, syscall.EINTR):
			return false
		case time.Now().After(deadline):
			return false
		}
		time.Sleep(pause)
	}
}
