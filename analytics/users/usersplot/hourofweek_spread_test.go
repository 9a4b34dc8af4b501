package usersplot_test

import (
	"math"
	"testing"

	"github.com/tracelab/tracelab/analytics/users"
	"github.com/tracelab/tracelab/analytics/users/usersplot"
)

// hours returns marginals with the given jobs per hour of the week.
func hours(set map[int]int) users.Marginals {
	var m users.Marginals
	for h, c := range set {
		m.HourOfWeek[h] = c
	}
	return m
}

// TestHourOfWeekSpread: the largest gap between another trace's fraction
// of jobs in an hour and the original's, worked by hand.
func TestHourOfWeekSpread(t *testing.T) {
	t.Parallel()
	orig := hours(map[int]int{0: 3, 10: 1}) // 0.75 and 0.25
	for _, c := range []struct {
		name   string
		others []users.Marginals
		want   float64
	}{
		{"no others", nil, 0},
		{"the same fractions, twice the jobs", []users.Marginals{hours(map[int]int{0: 6, 10: 2})}, 0},
		// 0.5 and 0.5: 0.25 from the original in both hours.
		{"one other", []users.Marginals{hours(map[int]int{0: 1, 10: 1})}, 0.25},
		// The second moves a tenth to hour 167 (0.65, 0.25, 0.1): the
		// first's 0.25 is the largest.
		{"the widest of two", []users.Marginals{hours(map[int]int{0: 13, 10: 5, 167: 2}), hours(map[int]int{0: 1, 10: 1})}, 0.25},
		// A trace without jobs has every fraction 0: 0.75 from hour 0.
		{"an empty other", []users.Marginals{{}}, 0.75},
	} {
		if got := usersplot.HourOfWeekSpread(orig, c.others); math.Abs(got-c.want) > 1e-12 {
			t.Errorf("%s: spread %v, want %v", c.name, got, c.want)
		}
	}
}
