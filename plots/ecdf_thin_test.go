package plots

import (
	"math"
	"testing"

	"gonum.org/v1/plot/plotter"
	"pgregory.net/rapid"
)

// TestECDFThinnedWithinHeight: a thinned ECDF, drawn as steps, is within
// 1/(MaxPoints−1) in height of every step of the whole ECDF, wherever the
// distinct values lie. Many ties among few small values and many distinct
// large ones (a log's short runtimes pooled with thousands of distinct
// long ones, 2007 Fig. 12) made every-k-th-distinct-value thinning jump
// over the small values' steps.
func TestECDFThinnedWithinHeight(t *testing.T) {
	// Hand-worked: 300 jobs of 1 s, 300 of 2 s, 400 distinct from 1000 s;
	// F(2) = 0.6 must be drawn at 2 s, not flattened to F(1) = 0.3.
	var vs []float64
	for range 300 {
		vs = append(vs, 1, 2)
	}
	for k := range 400 {
		vs = append(vs, 1000+float64(k))
	}
	if at := drawnAt(ecdfPoints(vs, ECDFOptions{MaxPoints: 11}), 2); at != 0.6 {
		t.Errorf("F(2 s) drawn as %v, want 0.6", at)
	}
	// A survival curve on a log axis (notebook 07's waits) keeps its
	// tail: 1000 distinct values, MaxPoints 11; the last ten steps, from
	// 0.01 down to 0.001 of the jobs, span a third of the axis' height
	// and must not be thinned to one.
	var waits []float64
	for k := range 1000 {
		waits = append(waits, float64(k+1))
	}
	tail := ecdfPoints(waits, ECDFOptions{MaxPoints: 11, Survival: true, Axes: Axes{LogY: true}})
	if n := len(tail); n < 4 || tail[n-1].Y != 0.001 || drawnAt(tail, 995) > 0.01 {
		t.Errorf("log survival thinned to %v", tail)
	}
	rapid.Check(t, func(t *rapid.T) {
		small := rapid.SliceOfN(rapid.IntRange(1, 5), 0, 300).Draw(t, "tied small values")
		large := rapid.SliceOfN(rapid.Float64Range(10, 1e6), 1, 500).Draw(t, "large values")
		maxPts := rapid.IntRange(2, 40).Draw(t, "maxPoints")
		survival := rapid.Bool().Draw(t, "survival")
		logY := rapid.Bool().Draw(t, "logY")
		vs := large
		for _, s := range small {
			vs = append(vs, float64(s))
		}
		opts := ECDFOptions{Survival: survival, Axes: Axes{LogY: logY}}
		opts.MaxPoints = len(vs) + 1
		whole := ecdfPoints(vs, opts)
		opts.MaxPoints = maxPts
		thin := ecdfPoints(vs, opts)
		if len(thin) > maxPts {
			t.Fatalf("%d points for max %d", len(thin), maxPts)
		}
		// The height on the axis: F, or the share of log F between the
		// curve's least and largest.
		height := func(y float64) float64 { return y }
		if logY && len(whole) > 1 {
			lo, hi := math.Inf(1), math.Inf(-1)
			for _, p := range whole {
				lo, hi = min(lo, p.Y), max(hi, p.Y)
			}
			if hi > lo {
				height = func(y float64) float64 { return (math.Log(y) - math.Log(lo)) / (math.Log(hi) - math.Log(lo)) }
			}
		}
		for _, p := range whole {
			if d := math.Abs(height(p.Y) - height(drawnAt(thin, p.X))); d > 1/float64(maxPts-1)+1e-9 {
				t.Fatalf("at %v: F %v, drawn %v (max %d points, survival %v, log y %v)", p.X, p.Y, drawnAt(thin, p.X), maxPts, survival, logY)
			}
		}
	})
}

// drawnAt is the height of step points at x: the F of the last point at
// or before x (0 before the first).
func drawnAt(pts plotter.XYs, x float64) float64 {
	f := 0.0
	for _, p := range pts {
		if p.X <= x {
			f = p.Y
		}
	}
	return f
}
