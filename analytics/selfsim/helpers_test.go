package selfsim

import (
	"testing"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/datasets/datasetstest"
)

// loadLog reads a PWA log, shared between tests (datasetstest.Load).
func loadLog(tb testing.TB, name string) *datasets.Trace {
	tb.Helper()
	return datasetstest.Load(tb, name)
}
