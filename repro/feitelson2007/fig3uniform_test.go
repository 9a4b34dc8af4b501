package feitelson2007

import (
	"math"
	"testing"

	"github.com/tracelab/tracelab/datasets"
)

// TestWeeks: fig3/uniform's independent draws are the weekly slices
// holding jobs (repetitions.Symmetric's 7-day slices from time 0).
func TestWeeks(t *testing.T) {
	t.Parallel()
	d := datasets.Day
	for _, c := range []struct {
		name  string
		times []float64
		want  int
	}{
		{"none", nil, 0},
		{"one week", []float64{0, 3 * d, 7*d - 1}, 1},
		{"boundary starts a week", []float64{0, 7 * d}, 2},
		{"an empty week is not counted", []float64{1, 15 * d, 16 * d}, 2},
		{"a year of daily jobs", yearOfDays(), 53}, // 365 days: 52 full weeks and one day
	} {
		if got := weeks(c.times); got != c.want {
			t.Errorf("%s: weeks = %d, want %d", c.name, got, c.want)
		}
	}
}

func yearOfDays() []float64 {
	var t []float64
	for i := range 365 {
		t = append(t, float64(i)*datasets.Day)
	}
	return t
}

// TestKSCritical: the 5% critical value 1.36/√n (Massey 1951's asymptotic
// value; 1.36/√52 = 0.18860, 1.36/√100 = 0.136).
func TestKSCritical(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		n    int
		want float64
	}{{52, 0.18860}, {100, 0.136}, {1, 1.36}} {
		if got := ksCritical(c.n); math.Abs(got-c.want) > 5e-6 {
			t.Errorf("ksCritical(%d) = %.6f, want %.5f", c.n, got, c.want)
		}
	}
}
