package cli

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
)

// Main runs the command line of os.Args and exits: status 0, or 1 after
// printing the error on stderr. It is the whole main of tracelab, and of a
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
	case err != nil:
		fmt.Fprintf(os.Stderr, "%s: %v\n", prog, err)
		os.Exit(1)
	}
}
