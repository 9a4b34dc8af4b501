package cli

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"

	"github.com/tracelab/tracelab/internal/outfile"
)

// Main runs the command line of os.Args and exits: status 0, or 1 after
// printing the error on stderr, or ExitClosedStream, silently, when the
// reader of its output stream went away. It is the whole main of tracelab, and of a
// program that extends tracelab with schedulers of its own:
//
//	package main
//
//	import (
//		"github.com/tracelab/tracelab/cli"
//		"github.com/tracelab/tracelab/sim"
//	)
//
//	func main() {
//		sim.Register("saf", sim.Fixed(func() sim.Scheduler { return &SAF{} }))
//		cli.Main()
//	}
//
// Every scheduler in sim's registry is then a choice of every command that
// takes one — simulate, sweep (with --slurm, the batch script runs this
// program), feedback, resample --simulate, shake — and usage lines and help
// list it. Help and usage name the program by its file name. SIGINT and
// SIGTERM cancel the command and remove its unfinished output files
// (interruptible).
func Main() {
	prog := "tracelab"
	if len(os.Args) > 0 {
		prog = filepath.Base(os.Args[0])
	}
	var args []string
	if len(os.Args) > 1 {
		args = os.Args[1:]
	}
	sig, err := interruptible(os.Stderr, prog, func(ctx context.Context) error {
		return runContext(ctx, prog, args, os.Stdout, os.Stderr)
	})
	switch {
	case sig != nil:
		if err != nil {
			fmt.Fprintf(os.Stderr, "%s: %v\n", prog, err)
		}
		fmt.Fprintf(os.Stderr, "%s: interrupted (%v)\n", prog, sig)
		os.Exit(exitStatus(sig))
	case err != nil && closedStream(err):
		os.Exit(ExitClosedStream) // the reader went away: no message
	case err != nil:
		fmt.Fprintf(os.Stderr, "%s: %v\n", prog, err)
		os.Exit(1)
	}
}

// ExitClosedStream is Main's exit status when the command's output stream
// was closed by its reader (tracelab convert LOG -o /dev/stdout | head):
// 141, 128 + SIGPIPE, the status a shell reports for a Unix tool killed by
// a broken pipe (cat, yes) and for tracelab itself when it writes a table
// to its standard output, where the Go runtime dies of SIGPIPE. Main
// prints nothing then, as those do. It is not 0 because the output was
// cut short (a script under "set -o pipefail" sees it, as it would with
// cat), nor 1 because nothing went wrong that the user must be told.
const ExitClosedStream = 128 + 13

// closedStream reports whether err is a write to a stream output (a pipe,
// a socket, /dev/stdout or /dev/fd/N: outfile.IsStream) that its reader
// closed (EPIPE). Such outputs are written through a duplicate of the
// descriptor, for which Go returns EPIPE instead of dying of SIGPIPE. A
// regular file never gives EPIPE: a full disk (ENOSPC) or any other error
// there, or on a device such as /dev/full, is still reported.
func closedStream(err error) bool {
	var pe *fs.PathError
	return errors.Is(err, syscall.EPIPE) && errors.As(err, &pe) && outfile.IsStream(pe.Path)
}
