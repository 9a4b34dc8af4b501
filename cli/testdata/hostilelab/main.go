// Command hostilelab is the tracelab command line with the schedulers of
// sim/simtest registered, the hostile ones included (test-hostile:KIND):
// the program the Slurm tests of a scheduler of one's own that fails run
// as the array's tasks.
package main

import (
	"github.com/tracelab/tracelab/cli"
	"github.com/tracelab/tracelab/sim/simtest"
)

func main() {
	simtest.RegisterHostile()
	cli.Main()
}
