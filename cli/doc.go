// Package cli is the tracelab command line as a library: cmd/tracelab's
// main only calls Run, and a program of one's own can call it too (with
// its own schedulers registered in package sim) to get the whole tracelab
// command line.
//
// Each sub-command lives in its own file and registers itself from an init
// function. Run is what main and the tests call.
//
// Every file a command writes goes through internal/outfile: its outputs
// are checked before any work, written to temporary files committed
// together, and a stream (/dev/stdout, a pipe) is written through. Main
// turns SIGINT and SIGTERM into the cancellation of the command's context
// and the removal of its unfinished files (interruptible).
package cli
