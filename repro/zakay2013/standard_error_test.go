package zakay2013

import (
	"math"
	"testing"

	"github.com/tracelab/tracelab/analytics/users"
)

// TestSampleMeansSE checks the standard error of a difference of two
// independent means, √(s²_a/n_a + s²_b/n_b) with the (n − 1) variance,
// against values worked by hand: a = {1, 2, 3} (s² = 1), b = {10, 20}
// (s² = 50): √(1/3 + 50/2) = 5.0332; fewer than two values: NaN.
func TestSampleMeansSE(t *testing.T) {
	t.Parallel()
	if got, want := sampleMeansSE([]float64{1, 2, 3}, []float64{10, 20}), math.Sqrt(1.0/3+25); math.Abs(got-want) > 1e-12 {
		t.Errorf("sampleMeansSE = %v, want %v", got, want)
	}
	if got := sampleMeansSE([]float64{1}, []float64{10, 20}); !math.IsNaN(got) {
		t.Errorf("one value: %v, want NaN", got)
	}
}

// TestClassMeanSE: §4's "temporary users have in average less jobs and
// sessions" compares the classes' means, so it holds only beyond 2 SE of
// their difference. The population is made by hand: long-term users with
// 10, 20, 30 jobs (mean 20, s² 100) and 5, 5, 8 sessions (s² 3), temporary
// ones with 1, 3 jobs (mean 2, s² 2) and 1, 1 sessions (s² 0):
// SE √(100/3 + 2/2) = 5.859 and √(3/3 + 0) = 1.
func TestClassMeanSE(t *testing.T) {
	t.Parallel()
	p := users.Population{
		Class:    []users.Class{users.LongTerm, users.LongTerm, users.LongTerm, users.Temporary, users.Temporary, users.Discarded},
		Jobs:     []int{10, 20, 30, 1, 3, 500},
		Sessions: []int{5, 5, 8, 1, 1, 400},
	}
	jobs, sessions := classMeanSE(p)
	if want := math.Sqrt(100.0/3 + 1); math.Abs(jobs-want) > 1e-12 {
		t.Errorf("jobs SE %v, want %v", jobs, want)
	}
	if math.Abs(sessions-1) > 1e-12 {
		t.Errorf("sessions SE %v, want 1", sessions)
	}
}

// TestUserMeanDiff checks the SE of a difference of two means over users
// whose sets may differ. With the same users it is the paired differences'
// s/√n: x = {1, 2, 3, 4}, y = {0, 2, 1, 3}, differences {1, 0, 2, 1}
// (mean 1, s² 2/3): SE √(2/3/4) = 0.4082. With disjoint sets it is the
// independent samples' √(s²_x/n_x + s²_y/n_y) (TestSampleMeansSE's
// numbers). A user known at neither distance adds nothing.
func TestUserMeanDiff(t *testing.T) {
	t.Parallel()
	nan := math.NaN()
	for _, tt := range []struct {
		name     string
		x, y     []float64
		diff, se float64
	}{
		{"paired", []float64{1, 2, 3, 4, nan}, []float64{0, 2, 1, 3, nan}, 1, math.Sqrt(2.0 / 3 / 4)},
		{"disjoint", []float64{1, 2, 3, nan, nan}, []float64{nan, nan, nan, 10, 20}, 2 - 15, math.Sqrt(1.0/3 + 25)},
	} {
		diff, se := userMeanDiff(tt.x, tt.y)
		if math.Abs(diff-tt.diff) > 1e-12 || math.Abs(se-tt.se) > 1e-12 {
			t.Errorf("%s: userMeanDiff = %v, %v; want %v, %v", tt.name, diff, se, tt.diff, tt.se)
		}
	}
	if d, se := userMeanDiff([]float64{nan, 1}, []float64{nan, nan}); !math.IsNaN(d) || !math.IsNaN(se) {
		t.Errorf("no user at one distance: %v, %v; want NaN, NaN", d, se)
	}
}

// TestLeadHolds: "the most similar" holds only when the lead of distance 0
// lies beyond 2 SE (a direction, ledger.Above with reference 0), and never
// when its error could not be measured.
func TestLeadHolds(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		l    lead
		want bool
	}{
		{lead{at: 1, diff: 0.069, se: 0.013}, true},
		{lead{at: 1, diff: 0.02, se: 0.013}, false}, // ahead, within the noise
		{lead{at: 1, diff: -0.01, se: 0}, false},
		{lead{at: 1, diff: 0.05, se: math.NaN()}, false},
	} {
		if got := tt.l.holds(); got != tt.want {
			t.Errorf("%+v: holds %v, want %v", tt.l, got, tt.want)
		}
	}
}
