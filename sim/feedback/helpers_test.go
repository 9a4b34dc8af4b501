package feedback

import (
	"math"
	"sync"
	"testing"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/datasets/datasetstest"
	"github.com/tracelab/tracelab/sim"
	"pgregory.net/rapid"
)

// logWorkloads caches the workloads of real logs across tests.
var logWorkloads sync.Map

// realTrace returns a PWA log, shared between tests (datasetstest.Load).
func realTrace(t testing.TB, name string) *datasets.Trace {
	t.Helper()
	return datasetstest.Load(t, name)
}

// realWorkload returns the workload of a PWA log (see realTrace).
func realWorkload(t testing.TB, name string) *Workload {
	t.Helper()
	tr := realTrace(t, name)
	if w, ok := logWorkloads.Load(name); ok {
		return w.(*Workload)
	}
	w, err := NewWorkload(tr, WorkloadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	logWorkloads.Store(name, w)
	return w
}

// genLog draws a small random log: a few users submitting jobs at random
// times on a machine of procs processors, with logged waits from an open
// EASY simulation of those arrivals, so that the logged schedule fits the
// machine (the LogReplay scheduler then reproduces it).
func genLog(t *rapid.T, procs int) *datasets.Trace {
	nu := rapid.IntRange(1, 5).Draw(t, "users")
	n := rapid.IntRange(1, 40).Draw(t, "jobs")
	tr := datasets.NewTrace("random", n)
	tr.Header.MaxProcs = procs
	sub := 0.0
	for i := range n {
		// Gaps from 0 to 3 h: sessions (1 h gap) and batches of all sorts.
		sub += float64(rapid.IntRange(0, 3*3600).Draw(t, "gap") / 60 * 60)
		j := datasets.UnknownJob()
		j.JobID = i + 1
		j.User = rapid.IntRange(1, nu).Draw(t, "user")
		j.Submit = sub
		j.Runtime = float64(rapid.IntRange(0, 4*3600).Draw(t, "runtime"))
		j.ReqTime = j.Runtime + float64(rapid.IntRange(0, 3600).Draw(t, "slack"))
		j.Procs = rapid.IntRange(1, procs).Draw(t, "procs")
		j.ReqProcs = j.Procs
		j.Wait = 0
		tr.Append(j)
	}
	jobs, _, err := sim.Prepare(tr, procs, sim.Options{})
	if err != nil {
		t.Fatal(err)
	}
	r, err := sim.Run(jobs, procs, &sim.EASY{}, sim.EngineOptions{})
	if err != nil {
		t.Fatal(err)
	}
	// Jobs are sorted by submit already, so engine order = row order.
	for i := range n {
		tr.Wait[i] = r.Start[i] - r.Submit[i]
	}
	return tr
}

// near reports whether a and b agree to within 1e-9 relative.
func near(a, b float64) bool {
	return a == b || math.Abs(a-b) <= 1e-9*math.Max(1, math.Max(math.Abs(a), math.Abs(b)))
}
