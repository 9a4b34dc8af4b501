package zakay2013

import (
	"math"
	"strings"
	"testing"

	"github.com/tracelab/tracelab/analytics/users"
	"github.com/tracelab/tracelab/datasets"
)

// logOfJobs builds a log from (user, submit time in weeks) pairs.
func logOfJobs(jobs [][2]float64) *datasets.Trace {
	tr := datasets.NewTrace("edges", 0)
	tr.Header.MaxProcs = 1
	for k, uj := range jobs {
		j := datasets.UnknownJob()
		j.JobID, j.User, j.Submit, j.Runtime, j.Procs, j.Status = k+1, int(uj[0]), uj[1]*datasets.Week, 60, 1, 1
		tr.Append(j)
	}
	return tr
}

// TestCoverOf counts by hand, on a log from week 0 to week 9.5: long-term
// users 1 (jobs in weeks 0.1, 5.5, 9.4), 2 (2.5, 9.0) and 3 (0.0, 4.9),
// and user 4 (0.0, 9.5), not long-term, never counted. The first 4 weeks
// (t < 4) have users 1, 2 and 3; the last 4 (t > 5.5; user 1's 5.5 is
// exactly 4 weeks before the end, outside) have 1 and 2. The windows of 4
// whole weeks within the log start at weeks 0…5 (week 9 is partial): they
// hold 3, 2, 3, 2, 2 and 1 of them, 13/6 on average.
func TestCoverOf(t *testing.T) {
	t.Parallel()
	tr := logOfJobs([][2]float64{{3, 0}, {4, 0}, {1, 0.1}, {2, 2.5}, {3, 4.9}, {1, 5.5}, {2, 9.0}, {1, 9.4}, {4, 9.5}})
	for _, c := range []struct {
		lt                    map[int]bool
		longTerm, first, last int
		mean                  float64
	}{
		{map[int]bool{1: true, 2: true, 3: true}, 3, 3, 2, 13.0 / 6},
		{map[int]bool{2: true}, 1, 1, 1, 3.0 / 6}, // user 2 alone: weeks 2 and 9 → windows 0, 1, 2
		{map[int]bool{}, 0, 0, 0, 0},
	} {
		got := coverOf(tr, c.lt)
		if got.longTerm != c.longTerm || got.first != c.first || got.last != c.last || math.Abs(got.mean-c.mean) > 1e-12 {
			t.Errorf("users %v: cover %+v, want %d long-term, %d in the first 4 weeks, %d in the last, %.4f on average", c.lt, *got, c.longTerm, c.first, c.last, c.mean)
		}
	}
	c := coverOf(tr, map[int]bool{1: true, 2: true, 3: true})
	if c.note(users.ActivityPeriod.String()) != "" || !strings.Contains(c.note(users.FirstArrival.String()), "3 (100%) submit a job in its first 4 weeks, against 2.2 (72%)") ||
		!strings.Contains(c.note(users.LastDeparture.String()), "2 (67%) submit a job in its last 4 weeks") {
		t.Errorf("notes %q, %q, %q", c.note(users.ActivityPeriod.String()), c.note(users.FirstArrival.String()), c.note(users.LastDeparture.String()))
	}
}

// TestRotationsOf works a log of 10 weeks by hand: user 1 submits at weeks
// 0 and 10 (the span), user 2 at 6.5, user 3 at 2, every wait unknown (so
// a job ends at its submission, as users.Population.LastDeparture reads
// it): the first arrivals are 0, 2 and 6.5 weeks, the last departures 2,
// 6.5 and 10, and 2 of 3 users come in the first 4 weeks. Rotation r =
// 1…9 moves every job to (t − r) mod 10: user 1 at 10 − r (both its jobs),
// user 2 at 6.5 − r mod 10, user 3 at 2 − r mod 10. The start shares (first
// arrival ≤ 4 weeks) are 1/3 for r = 1…5 and 7, 2/3 for r = 6, 8 and 9:
// mean 4/9. The KS distances (worked by the definition, max |F − G| over
// the values) of the first arrivals are 1/3, 1/3, 2/3, 2/3, 1/3, 1/3, 2/3,
// 1/3, 1/3 (mean 4/9), of the last departures 1/3 but 2/3 at r = 6 (mean
// 10/27); every one within 1.36·√(6/9) ≈ 1.11 for 3 users a side.
func TestRotationsOf(t *testing.T) {
	t.Parallel()
	tr := logOfJobs([][2]float64{{1, 0}, {3, 2}, {2, 6.5}, {1, 10}})
	wk := datasets.Week
	orig := users.Marginals{Values: map[users.Metric][]float64{users.FirstArrival: {0, 2 * wk, 6.5 * wk}, users.LastDeparture: {2 * wk, 6.5 * wk, 10 * wk}}}
	ro := rotationsOf(tr, orig, nil)
	if ro == nil {
		t.Fatal("no rotations")
	}
	near := func(a, b float64) bool { return math.Abs(a-b) < 1e-9 }
	if ro.n != 9 || !near(ro.share, 4.0/9) || !near(ro.shareMin, 1.0/3) || !near(ro.shareMax, 2.0/3) ||
		!near(ro.first.mean, 4.0/9) || !near(ro.first.min, 1.0/3) || !near(ro.first.max, 2.0/3) || ro.first.within != 9 || !near(ro.first.limit, 1.36*math.Sqrt(6.0/9)) ||
		!near(ro.last.mean, 10.0/27) || !near(ro.last.min, 1.0/3) || !near(ro.last.max, 2.0/3) || ro.last.within != 9 || ro.last.n != 9 {
		t.Errorf("rotations %+v", *ro)
	}
	if got := ro.above(0.5); got != 3 {
		t.Errorf("%d rotations above 0.5, want 3 (r = 6, 8, 9)", got)
	}
	// The original's 2/3 of 3 users: every rotation (1/3 or 2/3 of 3) is
	// within 2 SE of the difference, the SE of a third of 3 users alone
	// being √(2/27) ≈ 0.27.
	if got := ro.startWithin(2.0/3, 3); got != 9 {
		t.Errorf("%d rotations within 2 SE of 2/3, want 9", got)
	}
	if !strings.Contains(ro.note(users.FirstArrival.String()), "give first arrivals at a mean distance 0.444 from the log's (0.333–0.667; 9 of 9 within "+
		"their former bound, max(0.1, the 5% critical distance), 1.110 on average: fewer than 3") ||
		!strings.Contains(ro.note(users.LastDeparture.String()), "give last departures at a mean distance 0.370 from the log's (0.333–0.667; 9 of 9 within") ||
		ro.note(users.CPUWork.String()) != "" {
		t.Errorf("notes %q, %q", ro.note(users.FirstArrival.String()), ro.note(users.LastDeparture.String()))
	}
	// The bound of one distance measured on three resampled logs whose
	// every pair lies 1/2 apart ({0, 1}, {0, 2}, {0, 3}: SD 0): the six
	// rotations at 1/3 of the first arrivals are within, the three at 2/3
	// not; of the last departures 8 (all but r = 6).
	two := func(v float64) users.Marginals {
		m := users.Marginals{Values: map[users.Metric][]float64{}}
		for _, k := range users.Metrics {
			m.Values[k] = []float64{0, v}
		}
		m.HourOfWeek[0] = 1
		return m
	}
	rp := rotationsOf(tr, orig, []users.Marginals{two(1), two(2), two(3)})
	if rp.first.within != 6 || rp.last.within != 8 || !near(rp.first.limit, 0.5) || rp.pairs != 3 {
		t.Errorf("pair null: within %d and %d, bound %.3f over %d pairs, want 6, 8, 0.5, 3", rp.first.within, rp.last.within, rp.first.limit, rp.pairs)
	}
	if n := rp.note(users.FirstArrival.String()); !strings.Contains(n, "6 of 9 within 0.500, what one distance between two of the log's resampled logs gives: mean + 3 SD over 3 pairs") {
		t.Errorf("pair null note %q", n)
	}
	if rotationsOf(logOfJobs([][2]float64{{1, 0}, {1, 1.5}}), orig, nil) != nil {
		t.Error("a log under two whole weeks has no rotations to measure")
	}
}
