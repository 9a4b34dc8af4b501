package cli

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/tracelab/tracelab/internal/outfile"
)

// interruptGrace is how long, after SIGINT or SIGTERM, a command has to
// stop by itself (a sweep stops its replicates and says how far it got)
// before the program exits.
const interruptGrace = 3 * time.Second

// interruptible runs run with a context that SIGINT, SIGTERM and SIGHUP
// (interruptSignals) cancel.
// On the first signal the context is cancelled and every temporary file
// of an output being written is removed (outfile.Abort: no
// ".NAME.tmp-NNN" is left behind and no output is replaced); a command
// that watches the context returns, and one that does not is ended after
// interruptGrace, as is everything at a second signal, with the exit
// status 128 + the signal's number. It returns the signal that
// interrupted run (nil if none) and run's error.
func interruptible(stderr io.Writer, prog string, run func(ctx context.Context) error) (os.Signal, error) {
	sigs := make(chan os.Signal, 2)
	signal.Notify(sigs, interruptSignals()...)
	defer signal.Stop(sigs)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan struct{})
	got := make(chan os.Signal, 1)
	go func() {
		var s os.Signal
		select {
		case <-done:
			return
		case s = <-sigs:
		}
		got <- s
		cancel()
		outfile.Abort()
		select {
		case <-done:
			return
		case <-sigs:
		case <-time.After(interruptGrace):
		}
		outfile.Abort() // files created since
		fmt.Fprintf(stderr, "%s: interrupted (%v)\n", prog, s)
		os.Exit(exitStatus(s))
	}()
	err := run(ctx)
	close(done)
	select {
	case s := <-got:
		outfile.Abort()
		return s, err
	default:
		return nil, err
	}
}

// exitStatus is the shell's status of a process ended by signal s.
func exitStatus(s os.Signal) int {
	if n, ok := s.(syscall.Signal); ok {
		return 128 + int(n)
	}
	return 1
}

// interruptSignals are the signals that interrupt a command: SIGINT,
// SIGTERM and SIGHUP (a closed terminal or ssh session, whose default
// action ended the program with its temporary files left behind), each
// unless the program was started with it ignored: "nohup tracelab …" (or a
// shell's background job, for SIGINT) must go on, and signal.Notify would
// otherwise stop ignoring it.
func interruptSignals() []os.Signal {
	var sigs []os.Signal
	for _, s := range []os.Signal{os.Interrupt, syscall.SIGTERM, syscall.SIGHUP} {
		if !signal.Ignored(s) {
			sigs = append(sigs, s)
		}
	}
	return sigs
}
