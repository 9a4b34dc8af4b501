package fit

import (
	"math"
	"testing"

	"gonum.org/v1/gonum/floats/scalar"
)

// parkMiller returns n uniforms from the Park–Miller "minimal standard"
// generator (multiplier 48271), the same sequence as park_miller in
// testdata/scipy_refs.py, so that Go and scipy see identical inputs.
func parkMiller(seed uint64, n int) []float64 {
	const m = 2147483647
	s := seed
	out := make([]float64, n)
	for i := range out {
		s = s * 48271 % m
		out[i] = float64(s) / m
	}
	return out
}

func closeTo(t *testing.T, name string, got, want, tol float64) {
	t.Helper()
	if !scalar.EqualWithinAbsOrRel(got, want, tol, tol) {
		t.Errorf("%s = %.15g, want %.15g (tol %g)", name, got, want, tol)
	}
}

// relErr returns |got − want| / |want|.
func relErr(got, want float64) float64 { return math.Abs(got-want) / math.Abs(want) }
