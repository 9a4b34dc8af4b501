//go:build tracelab_proctest

package cli

import (
	"os"

	"github.com/tracelab/tracelab/internal/proctest"
)

// In the binary the process tests build (go build -tags tracelab_proctest),
// Main writes the process's own peak resident memory (VmHWM) to stderr as
// it exits when the test set reportPeakEnv (runLimited does).
// getrusage cannot give that peak: os/exec starts a child with vfork, and
// exec records the parent's high-water mark in the child, so a child of a
// test process that once held 1 GB "peaks" at 1 GB however little it uses.
func init() {
	atExit = func() {
		if os.Getenv(reportPeakEnv) != "" {
			proctest.ReportPeak()
		}
	}
}
