// Package datasetstest gives tests the real logs of the Parallel Workloads
// Archive, found through TRACELAB_DATA (CI points it at ../shared/pwa).
package datasetstest

import (
	"os"
	"sync"
	"testing"

	"github.com/tracelab/tracelab/datasets"
)

var cache sync.Map // log name → *datasets.Trace

// Load returns a log by catalog name or path (datasets.Load). It skips the
// test when TRACELAB_DATA is unset; when it is set, a log that cannot be
// read fails the test, so a configured data folder with a missing log never
// passes silently. Each log is read once per test binary and shared: tests
// must not modify it (Clone it first).
func Load(tb testing.TB, name string) *datasets.Trace {
	tb.Helper()
	if os.Getenv("TRACELAB_DATA") == "" {
		tb.Skip("TRACELAB_DATA is not set (CI sets it to ../shared/pwa)")
	}
	if t, ok := cache.Load(name); ok {
		return t.(*datasets.Trace)
	}
	t, err := datasets.Load(name)
	if err != nil {
		tb.Fatalf("load %s: %v", name, err)
	}
	actual, _ := cache.LoadOrStore(name, t)
	return actual.(*datasets.Trace)
}
