// Command tracelab reads, analyses, models, resamples and simulates parallel
// workload logs (SWF). Run "tracelab help" for the commands.
//
// main only calls cli.Main; the tests call cli.Run.
package main

import "github.com/tracelab/tracelab/cli"

func main() { cli.Main() }
