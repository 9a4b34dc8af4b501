package cli

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
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
// list it. Help and usage name the program by its file name. SIGINT,
// SIGTERM and SIGHUP (unless ignored, as under nohup) cancel the command
// and remove its unfinished output files (interruptible).
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
		exit(exitStatus(sig))
	case err != nil && closedStream(err):
		// The reader went away: no message, unless files the command
		// was to write with the stream were thereby left unwritten.
		var nw *notWritten
		if errors.As(err, &nw) && len(nw.files) > 0 {
			fmt.Fprintf(os.Stderr, "%s: the output stream was closed before the end: not written: %s\n", prog, strings.Join(nw.files, ", "))
		}
		exit(ExitClosedStream)
	case err != nil:
		fmt.Fprintf(os.Stderr, "%s: %v\n", prog, err)
		exit(1)
	}
	atExit()
}

// atExit runs just before Main exits; a test build (peak_proctest.go)
// reports the process's peak memory there.
var atExit = func() {}

// reportPeakEnv, set in the environment of a binary built with the tag
// tracelab_proctest, makes Main report its peak memory (peak_proctest.go).
const reportPeakEnv = "TRACELAB_REPORT_PEAK"

// exit ends the process with status code after atExit.
func exit(code int) {
	atExit()
	os.Exit(code)
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

// notWritten is the error of a command whose outputs are committed
// together (an outfile.Set) when one of them is a stream that its reader
// closed: the files of the group were then not written (those after the
// stream never were, those before it were discarded). Main exits with
// ExitClosedStream, as for any closed stream, but names them: an
// unwritten --save folder must not pass unnoticed ("simulate --jobs-out
// /dev/stdout --weekly-out w.csv | head" left w.csv unwritten, silently).
type notWritten struct {
	err   error
	files []string // each as "FLAG PATH"
}

func (n *notWritten) Error() string { return n.err.Error() }
func (n *notWritten) Unwrap() error { return n.err }

// groupError returns err, the error of writing a group of outputs, noting
// which of files ("FLAG PATH") were thus not written when err is a closed
// stream (closedStream). A nil err stays nil.
func groupError(err error, files ...string) error {
	if err == nil || !closedStream(err) {
		return err
	}
	return &notWritten{err: err, files: files}
}

// fileNames returns "FLAG PATH" for each output of outs that is set and is
// a file (not a stream), for groupError.
func fileNames(outs ...output) []string {
	var names []string
	for _, o := range outs {
		if o.set() && !o.isStream() {
			names = append(names, o.flag+" "+o.path)
		}
	}
	return names
}
