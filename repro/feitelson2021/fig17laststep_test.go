package feitelson2021

import (
	"math"
	"strings"
	"testing"
)

// TestFig17LastStep checks that fig17/*/load-ceases is judged on the
// replicates of the rerun last step (lastStep, full mode) while its first
// step stays the sweep's, that the rerun must repeat the sweep's own
// replicates, and the utilization reading of the last step. Reference
// values are computed by hand: SE = sample SD / √n.
func TestFig17LastStep(t *testing.T) {
	near := func(a, b float64) bool { return math.Abs(a-b) < 1e-9 }
	tp := func(users []float64, x ...float64) sweepMeans {
		return sweepMeans{users: users, throughput: x}
	}
	sweepUsers, stepUsers := []float64{50, 100, 150}, []float64{100, 150}
	k := [2]string{"feedback", "easy"}
	main := &Fig17Result{loads: []float64{1, 2, 3}, reps: 3, byRep: map[[2]string][]sweepMeans{
		k: {tp(sweepUsers, 300, 500, 520), tp(sweepUsers, 300, 450, 460), tp(sweepUsers, 300, 550, 600)},
	}}
	step := &Fig17Result{loads: []float64{2, 3}, reps: 6, byRep: map[[2]string][]sweepMeans{
		k: {tp(stepUsers, 500, 520), tp(stepUsers, 450, 460), tp(stepUsers, 550, 600),
			tp(stepUsers, 500, 490), tp(stepUsers, 500, 480), tp(stepUsers, 500, 500)},
	}}
	for _, c := range []struct {
		name     string
		lastStep *Fig17Result
		holds    bool
		first    float64
		mean, se float64
		n        int
	}{
		// The sweep alone: last gains 0.4, 0.2, 1 → 0.533, SE 0.2404,
		// above 2 SE (0.481): still increasing. First gains 4, 3, 5 → 4.
		{"the sweep's 3", nil, false, 4, 1.6 / 3, math.Sqrt(78.0/450) / math.Sqrt(3), 3},
		// The rerun: gains 0.4, 0.2, 1, −0.2, −0.4, 0 → 1/6, SD
		// √(1.23333/5) = 0.4967, SE 0.2028: 0.167 not above 0.406, ceased;
		// the first step is still the sweep's.
		{"6 of the last step", step, true, 4, 1.0 / 6, math.Sqrt(1.2333333333333334/5) / math.Sqrt(6), 6},
	} {
		main.lastStep = c.lastStep
		holds, first, d, n := main.ceases(k)
		if holds != c.holds || !near(first, c.first) || !near(d.mean, c.mean) || !near(d.se, c.se) || n != c.n {
			t.Errorf("%s: ceases = %v, %g, %+v, %d; want %v, %g, {%g %g}, %d", c.name, holds, first, d, n, c.holds, c.first, c.mean, c.se, c.n)
		}
	}
	if err := main.sameReplicates(step); err != nil {
		t.Errorf("sameReplicates of a rerun repeating the sweep: %v", err)
	}
	bad := &Fig17Result{loads: []float64{2, 3}, reps: 2, byRep: map[[2]string][]sweepMeans{
		k: {tp(stepUsers, 500, 520), tp(stepUsers, 450, 461)},
	}}
	if err := main.sameReplicates(bad); err == nil || !strings.Contains(err.Error(), "replicate 1") {
		t.Errorf("sameReplicates of a rerun differing at 3×, replicate 1: %v, want an error naming it", err)
	}
	// Utilization 0.90 → 0.95, 0.94, 0.96 over 50 added users: gains
	// 0.001, 0.0008, 0.0012 → 0.001, SD 0.0002, SE 0.0002/√3.
	u := &Fig17Result{loads: []float64{2, 3}, reps: 3, byRep: map[[2]string][]sweepMeans{k: {
		{users: stepUsers, utilization: []float64{0.90, 0.95}},
		{users: stepUsers, utilization: []float64{0.90, 0.94}},
		{users: stepUsers, utilization: []float64{0.90, 0.96}},
	}}}
	main.lastStep = u
	if d, from, to := main.utilizationStep(k); !near(d.mean, 0.001) || !near(d.se, 0.0002/math.Sqrt(3)) || !near(from, 0.9) || !near(to, 0.95) {
		t.Errorf("utilizationStep = %+v, %g, %g; want {0.001 0.000115}, 0.9, 0.95", d, from, to)
	}
}
