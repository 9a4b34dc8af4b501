package findings

import (
	"errors"
	"slices"
	"testing"

	"github.com/tracelab/tracelab/datasets/datasetstest"
	"github.com/tracelab/tracelab/sim/resample"
)

// TestEachVariant: the marginal findings' resampled logs, generated one at
// a time (eachVariant), are resample.Pools.Variants' field for field (the
// seeds and names the findings always used), and an error of f stops the
// loop and is returned as is.
func TestEachVariant(t *testing.T) {
	if testing.Short() {
		t.Skip("a real log")
	}
	l := newLog(datasetstest.Load(t, "KTH-SP2"), Options{Quick: true})
	const n = 3
	p, err := l.Pools()
	if err != nil {
		t.Fatal(err)
	}
	want, err := p.Variants(resample.Options{}, n, l.seed("resampling-marginals"))
	if err != nil {
		t.Fatal(err)
	}
	var got []*resample.Resampled
	if err := l.eachVariant(n, func(r *resample.Resampled) error { got = append(got, r); return nil }); err != nil {
		t.Fatal(err)
	}
	if len(got) != n {
		t.Fatalf("%d variants, want %d", len(got), n)
	}
	for i := range got {
		g, w := got[i].Trace, want[i].Trace
		if g.Name != w.Name || !slices.Equal(g.Submit, w.Submit) || !slices.Equal(g.Procs, w.Procs) || !slices.Equal(g.JobID, w.JobID) || !slices.Equal(g.User, w.User) {
			t.Errorf("variant %d: %s with %d jobs, want %s with %d, field for field", i, g.Name, len(g.Submit), w.Name, len(w.Submit))
		}
	}
	stop := errors.New("stop")
	calls := 0
	if err := l.eachVariant(n, func(*resample.Resampled) error { calls++; return stop }); err != stop || calls != 1 {
		t.Errorf("f's error: %v after %d calls, want it after 1", err, calls)
	}
	var se *stepError
	if err := l.eachVariant(-1, func(*resample.Resampled) error { return nil }); !errors.As(err, &se) || se.step != "resampling" {
		t.Errorf("-1 variants: %v, want a resampling step error", err)
	}
}
