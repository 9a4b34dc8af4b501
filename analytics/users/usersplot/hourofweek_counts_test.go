package usersplot_test

import (
	"testing"

	"github.com/tracelab/tracelab/analytics/users"
	"github.com/tracelab/tracelab/analytics/users/usersplot"
	"github.com/tracelab/tracelab/plots/plottest"
)

// TestHourOfWeekCounts: with HourCounts the hour-of-week panel draws the
// jobs of each hour, so a trace with six times the jobs in the same cycle
// stands six times higher (2013 Fig. 11); without it both draw the same
// fractions.
func TestHourOfWeekCounts(t *testing.T) {
	t.Parallel()
	orig := hours(map[int]int{0: 3, 10: 1})
	six := hours(map[int]int{0: 18, 10: 6})
	for _, c := range []struct {
		name           string
		counts         bool
		label          string
		orig0, others0 float64 // hour 0 of the original, of the band's median
	}{
		{"fractions", false, "fraction of jobs", 0.75, 0.75},
		{"counts", true, "jobs (whole log)", 3, 18},
	} {
		p, err := usersplot.HourOfWeek(&orig, []users.Marginals{six}, usersplot.MarginalOptions{Label: "×6", HourCounts: c.counts})
		if err != nil {
			t.Fatal(err)
		}
		if p.Y.Label.Text != c.label {
			t.Errorf("%s: y label %q, want %q", c.name, p.Y.Label.Text, c.label)
		}
		var got []float64
		for _, l := range plottest.Lines(p) {
			if len(l) == 168 {
				got = append(got, l[0].Y)
			}
		}
		if !hasBoth(got, c.orig0, c.others0) {
			t.Errorf("%s: hour 0 of the lines %v, want %g (original) and %g (×6)", c.name, got, c.orig0, c.others0)
		}
		if p.Y.Max < c.others0 {
			t.Errorf("%s: y axis ends at %g, below %g", c.name, p.Y.Max, c.others0)
		}
	}
}

// hasBoth says whether vs holds a and b.
func hasBoth(vs []float64, a, b float64) bool {
	var fa, fb bool
	for _, v := range vs {
		fa, fb = fa || v == a, fb || v == b
	}
	return fa && fb
}
