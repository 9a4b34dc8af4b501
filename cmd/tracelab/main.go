// Command tracelab reads, analyses, models, resamples and simulates parallel
// workload logs (SWF). Run "tracelab help" for the commands.
//
// main only calls cli.Run, which the tests call too.
package main

import (
	"fmt"
	"os"

	"github.com/tracelab/tracelab/cli"
)

func main() {
	if err := cli.Run(os.Args[1:], os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "tracelab:", err)
		os.Exit(1)
	}
}
