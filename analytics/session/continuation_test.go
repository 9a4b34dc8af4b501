package session

import (
	"math"
	"os"
	"testing"

	"github.com/tracelab/tracelab/datasets"
)

// TestContinuation works one user's four jobs by hand: think times 100 s
// (continues), 3800 s (does not) and −5 s (overlap, left out).
func TestContinuation(t *testing.T) {
	t.Parallel()
	tr := mkTrace(job{1, 0, 0, 100}, job{1, 200, 0, 1000}, job{1, 5000, 0, 10}, job{1, 5005, 0, 1}, job{2, 0, nan, 5}, job{2, 10, 0, 5})
	c, err := ContinuationOf(tr, ContinuationOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if c.Pairs != 4 || c.Overlapping != 1 || c.Unknown != 1 || c.ZeroRuntime != 0 || c.Outside != 0 {
		t.Fatalf("counts: %+v", c)
	}
	// Response 100 s falls in [60, 120), 1000 s in [600, 1200).
	check := func(bins []Bin, lo float64, jobs, cont int) {
		t.Helper()
		for _, b := range bins {
			if b.Lo == lo {
				if b.Jobs != jobs || b.Continued != cont {
					t.Errorf("bin [%v, %v): %d jobs, %d continued; want %d, %d", b.Lo, b.Hi, b.Jobs, b.Continued, jobs, cont)
				}
				return
			}
		}
		t.Errorf("no bin from %v", lo)
	}
	check(c.Response, 60, 1, 1)
	check(c.Response, 600, 1, 0)
	check(c.Slowdown, 1, 2, 1) // both slowdowns are 1
	for _, b := range c.Slowdown {
		if b.Lo == 1 && b.Probability != 0.5 {
			t.Errorf("slowdown 1 probability %v, want 0.5", b.Probability)
		}
		if b.Lo != 1 && !math.IsNaN(b.Probability) {
			t.Errorf("empty bin [%v, %v) probability %v, want NaN", b.Lo, b.Hi, b.Probability)
		}
	}
	// Counting overlaps as continuations adds the third job (response 10 s).
	c2, _ := ContinuationOf(tr, ContinuationOptions{IncludeOverlap: true})
	if c2.Overlapping != 0 || c2.Response[1].Jobs != 1 || c2.Response[1].Continued != 1 {
		t.Errorf("IncludeOverlap: %+v", c2.Response[:3])
	}
	if f := c.Frame(); f.Nrow() != len(c.Response)+len(c.Slowdown) {
		t.Errorf("frame has %d rows", f.Nrow())
	}
	for _, bad := range []ContinuationOptions{{Threshold: -1}, {ResponseEdges: []float64{5, 1}}, {SlowdownEdges: []float64{1}}, {SlowdownMinRuntime: -1}} {
		if _, err := ContinuationOf(tr, bad); err == nil {
			t.Errorf("options %+v: no error", bad)
		}
	}
}

// TestContinuationRealLog checks the direction Fig. 18 of Feitelson (2021)
// reports: the longer the previous job's response time, the less likely
// the next job comes within 20 minutes — short responses (< 1 min)
// continue more often than long ones (≥ 8 h).
func TestContinuationRealLog(t *testing.T) {
	if os.Getenv("TRACELAB_DATA") == "" {
		t.Skip("TRACELAB_DATA is not set")
	}
	tr, err := datasets.Load("SDSC-SP2")
	if err != nil {
		t.Fatal(err)
	}
	c, err := ContinuationOf(tr, ContinuationOptions{})
	if err != nil {
		t.Fatal(err)
	}
	short, long := pool(c.Response, 0, 60), pool(c.Response, 28800, math.Inf(1))
	t.Logf("P(continue): response < 1 min %.3f, ≥ 8 h %.3f", short, long)
	if !(short > long+0.2) {
		t.Errorf("P(continue) after short responses %.3f not well above long ones %.3f", short, long)
	}
}

func pool(bins []Bin, lo, hi float64) float64 {
	j, c := 0, 0
	for _, b := range bins {
		if b.Lo >= lo && b.Hi <= hi {
			j += b.Jobs
			c += b.Continued
		}
	}
	return float64(c) / float64(j)
}
