// Package cli is the tracelab command line as a library: cmd/tracelab's
// main only calls Run, and a program of one's own can call it too (with
// its own schedulers registered in package sim) to get the whole tracelab
// command line.
//
// Each sub-command lives in its own file and registers itself from an init
// function. Run is what main and the tests call.
package cli
