package selfsim

import (
	"os"
	"testing"

	"github.com/tracelab/tracelab/datasets"
)

// loadLog reads a PWA log through datasets.Load. It skips the test when
// TRACELAB_DATA is unset; when it is set, a missing log fails the test.
func loadLog(tb testing.TB, name string) *datasets.Trace {
	tb.Helper()
	if os.Getenv("TRACELAB_DATA") == "" {
		tb.Skip("TRACELAB_DATA not set")
	}
	t, err := datasets.Load(name)
	if err != nil {
		tb.Fatalf("load %s: %v", name, err)
	}
	return t
}
