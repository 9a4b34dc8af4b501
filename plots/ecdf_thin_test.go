package plots

import (
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
	rapid.Check(t, func(t *rapid.T) {
		small := rapid.SliceOfN(rapid.IntRange(1, 5), 0, 300).Draw(t, "tied small values")
		large := rapid.SliceOfN(rapid.Float64Range(10, 1e6), 1, 500).Draw(t, "large values")
		maxPts := rapid.IntRange(2, 40).Draw(t, "maxPoints")
		vs := large
		for _, s := range small {
			vs = append(vs, float64(s))
		}
		whole := ecdfPoints(vs, ECDFOptions{MaxPoints: len(vs) + 1})
		thin := ecdfPoints(vs, ECDFOptions{MaxPoints: maxPts})
		if len(thin) > maxPts {
			t.Fatalf("%d points for max %d", len(thin), maxPts)
		}
		for _, p := range whole {
			if d := p.Y - drawnAt(thin, p.X); d < -1e-12 || d > 1/float64(maxPts-1)+1e-12 {
				t.Fatalf("at %v: F %v, drawn %v (max %d points)", p.X, p.Y, drawnAt(thin, p.X), maxPts)
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
