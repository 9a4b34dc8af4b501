package selfsim

import (
	"math"
	"slices"
	"testing"

	"pgregory.net/rapid"

	"github.com/tracelab/tracelab/internal/rapidtest"
)

// TestSizesHostileFactor: factors that made Sizes loop for ever (+Inf,
// 1e300: lo·factor^k overflowed int to −2^63) or for hours (within 1e-10
// of 1: math.Pow's error made each jump fall short by thousands of steps)
// give strictly increasing sizes from lo to hi.
func TestSizesHostileFactor(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		factor float64
		lo, hi int
		want   int // number of sizes
	}{
		{math.Inf(1), 10, 1000, 2},
		{1e300, 10, 1000, 2},
		{2, 10, math.MaxInt, 60}, // 10·2^k up to 2^62, then hi
		{1 + 1e-12, 10, 20000, 19991},
		{1 + 1e-15, 10, 20000, 19991},
		{math.Nextafter(1, 2), 10, 20000, 19991},
	} {
		got := Sizes(c.lo, c.hi, c.factor)
		if len(got) != c.want || got[0] != c.lo || got[len(got)-1] != c.hi {
			t.Errorf("Sizes(%d, %d, %v): %d sizes from %v to %v, want %d from lo to hi", c.lo, c.hi, c.factor, len(got), got[0], got[len(got)-1], c.want)
		}
		for i := 1; i < len(got); i++ {
			if got[i] <= got[i-1] {
				t.Fatalf("Sizes(%d, %d, %v): %d after %d", c.lo, c.hi, c.factor, got[i], got[i-1])
			}
		}
	}
}

// TestSizesUnchanged: for ordinary factors Sizes is the definition,
// round(lo·factor^k) for k = 0, 1, … with duplicates removed and hi added.
func TestSizesUnchanged(t *testing.T) {
	t.Parallel()
	rapidtest.Check(t, func(rt *rapid.T) {
		lo := rapid.IntRange(2, 50).Draw(rt, "lo")
		hi := rapid.IntRange(lo, 20000).Draw(rt, "hi")
		factor := rapid.Float64Range(1.001, 4).Draw(rt, "factor")
		var want []int
		for k := 0.0; ; k++ {
			n := int(math.Round(float64(lo) * math.Pow(factor, k)))
			if n > hi {
				break
			}
			if len(want) == 0 || n > want[len(want)-1] {
				want = append(want, n)
			}
		}
		if want[len(want)-1] != hi {
			want = append(want, hi)
		}
		if got := Sizes(lo, hi, factor); !slices.Equal(got, want) {
			rt.Fatalf("Sizes(%d, %d, %v) = %v, want %v", lo, hi, factor, got, want)
		}
	})
}

// TestFGNLength: FGN's length is bounded by MaxUnits before anything is
// allocated (n = 2^40 ran out of memory).
func TestFGNLength(t *testing.T) {
	t.Parallel()
	for _, n := range []int{-1, 0, MaxUnits + 1, 1 << 40} {
		if x, err := FGN(n, 0.7, 1); err == nil {
			t.Errorf("FGN(%d): %d values, want an error", n, len(x))
		}
	}
	if x, err := FGN(1, 0.7, 1); err != nil || len(x) != 1 {
		t.Errorf("FGN(1) = %v, %v", x, err)
	}
}

// TestRescaledRangeNonFinite: a block with NaN or ±Inf, or whose squares
// overflow, has no R/S. Before: (NaN, true), a NaN said to be defined.
func TestRescaledRangeNonFinite(t *testing.T) {
	t.Parallel()
	for _, x := range [][]float64{{1, math.NaN(), 3}, {1, math.Inf(1), 3}, {1, math.Inf(-1), 3}, {0, 1e200, -1e200}} {
		if rs, ok := RescaledRange(x); ok {
			t.Errorf("RescaledRange(%v) = %v, true; want false", x, rs)
		}
	}
	// z = −1, 0, 1; y = −1, −1, 0: R = 1, S = √(2/3).
	if rs, ok := RescaledRange([]float64{1, 2, 3}); !ok || math.Abs(rs-1/math.Sqrt(2.0/3)) > 1e-15 {
		t.Errorf("RescaledRange(1, 2, 3) = %v, %v; want 1/√(2/3)", rs, ok)
	}
}
