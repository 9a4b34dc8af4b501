// Package proctest runs a program as a separate process under a memory
// limit and a time limit, and reports how it ended and its peak resident
// memory: tests of memory bounds run the program (a built command, or the
// test binary itself in a helper mode) the way a user would, so that an
// out-of-memory crash or a hang fails the test instead of the test binary.
package proctest

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"time"
)

// Result is how a process ended.
type Result struct {
	Stdout, Stderr []byte
	// Err is exec's error: nil for exit status 0, an *exec.ExitError for
	// another status or a signal.
	Err error
	// TimedOut reports that the process was killed at the time limit.
	TimedOut bool
	// MaxRSS is the peak resident memory, bytes: the VmHWM the process
	// reported with ReportPeak, else getrusage's ru_maxrss, which on Linux
	// also counts the test process's own peak (os/exec starts a child with
	// vfork, and exec records the parent's high-water mark in the child):
	// an upper bound only.
	MaxRSS int64
	// Reported says that MaxRSS is the process's own report (ReportPeak).
	Reported bool
	// CPU is the user and system time the process used.
	CPU time.Duration
}

// Crashed reports whether the output shows a Go panic, a fatal runtime
// error or an allocation failure.
func (r Result) Crashed() bool {
	for _, bad := range []string{"panic:", "fatal error:", "runtime error", "out of memory", "goroutine "} {
		if bytes.Contains(r.Stderr, []byte(bad)) {
			return true
		}
	}
	return false
}

// String summarises the ending for a test message.
func (r Result) String() string {
	return fmt.Sprintf("err %v, timed out %v, peak RSS %d MB, CPU %v, stderr %.600s",
		r.Err, r.TimedOut, r.MaxRSS>>20, r.CPU.Round(time.Millisecond), r.Stderr)
}

// Run runs argv under a data limit of limit bytes (RLIMIT_DATA, set with
// sh's ulimit -d: the heap and the stacks the program writes; not
// RLIMIT_AS, since the Go runtime reserves far more address space than it
// uses) and a time limit, with env added to the test's environment.
func Run(limit int64, timeout time.Duration, env []string, argv ...string) Result {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	args := append([]string{"-c", `ulimit -d "$0" && exec "$@"`, fmt.Sprint(limit >> 10)}, argv...)
	cmd := exec.CommandContext(ctx, "/bin/sh", args...)
	cmd.Env = append(os.Environ(), env...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	r := Result{Stdout: stdout.Bytes(), Stderr: stderr.Bytes(), Err: err, TimedOut: ctx.Err() != nil}
	if st := cmd.ProcessState; st != nil {
		if ru, ok := st.SysUsage().(*syscall.Rusage); ok {
			r.MaxRSS = ru.Maxrss << 10
		}
		r.CPU = st.UserTime() + st.SystemTime()
	}
	if i := bytes.LastIndex(r.Stderr, []byte(peakPrefix)); i >= 0 {
		var kb int64
		if _, err := fmt.Sscanf(string(r.Stderr[i+len(peakPrefix):]), "%d", &kb); err == nil {
			r.MaxRSS, r.Reported = kb<<10, true
			r.Stderr = r.Stderr[:i]
		}
	}
	return r
}

// peakPrefix starts the line ReportPeak writes.
const peakPrefix = "proctest: peak RSS kB "

// ReportPeak writes the process's peak resident memory so far (VmHWM of
// /proc/self/status) to stderr as the last line, for Run to read: a helper
// process calls it just before it exits.
func ReportPeak() {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return
	}
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			kb := strings.TrimSuffix(strings.TrimSpace(v), " kB")
			fmt.Fprintf(os.Stderr, "%s%s\n", peakPrefix, kb)
			return
		}
	}
}
