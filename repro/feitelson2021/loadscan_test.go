package feitelson2021

import (
	"math"
	"slices"
	"testing"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/sim"
)

// TestScanLoads: the figures' own populations are among the scanned ones,
// so the measurements quoted at them exist.
func TestScanLoads(t *testing.T) {
	for _, l := range []float64{fig20Load, fig20AltLoad} {
		if !slices.Contains(scanLoads, l) {
			t.Errorf("scanLoads %v lack %g", scanLoads, l)
		}
	}
	ps := []loadPoint{{load: 1}, {load: 1.25, easyPeak: 3}}
	if got := at(ps, 1.25).easyPeak; got != 3 {
		t.Errorf("at(1.25).easyPeak = %g, want 3", got)
	}
	if got := scanText(ps, func(p loadPoint) string { return "x" }); got != "1× x, 1.25× x" {
		t.Errorf("scanText = %q", got)
	}
}

// TestMeanResponse: jobs that did not end are left out; none kept is NaN.
func TestMeanResponse(t *testing.T) {
	r := &sim.Result{ID: []int{1, 2, 3}, Submit: []float64{0, 10, 20}, End: []float64{100, 40, math.NaN()},
		Runtime: []float64{50, 20000, 20000}}
	for _, tt := range []struct {
		name string
		keep func(j int) bool
		want float64
	}{
		{"all ended", func(int) bool { return true }, 65},                      // (100 + 30) / 2
		{"over 4 h", func(j int) bool { return r.Runtime[j] > splitLong }, 30}, // job 3 never ended
	} {
		if got := meanResponse(r, tt.keep); got != tt.want {
			t.Errorf("%s: %g, want %g", tt.name, got, tt.want)
		}
	}
	if got := meanResponse(r, func(int) bool { return false }); !math.IsNaN(got) {
		t.Errorf("none kept: %g, want NaN", got)
	}
}

// TestAtQueueLimit: the share of jobs (with an estimate and a runtime)
// whose estimate is their queue's stated limit, worked by hand.
func TestAtQueueLimit(t *testing.T) {
	tr := &datasets.Trace{JobID: []int{1, 2, 3, 4, 5},
		Runtime: []float64{10, 10, 10, 10, -1},            // job 5: runtime unknown, not counted
		ReqTime: []float64{7200, 7200, 129600, 600, 7200}, // job 2 is in queue 3, whose limit is 36 h
		Queue:   []int{1, 3, 3, 1, 1}}
	if got, want := atQueueLimit(tr, queueLimits["SDSC-BLUE"]), 0.5; got != want { // jobs 1 and 3 of 4
		t.Errorf("atQueueLimit = %g, want %g", got, want)
	}
	if got := atQueueLimit(tr, map[int]float64{}); got != 0 {
		t.Errorf("no limits: %g, want 0", got)
	}
}

// TestShuffledShareRho: with the top user's jobs the same every week the
// share falls as the others' jobs rise, whatever the shuffle: ρ = −1 (the
// bias at its extreme); the result is reproducible from the seed.
func TestShuffledShareRho(t *testing.T) {
	oth := []float64{5, 1, 9, 3, 7}
	mean, p := shuffledShareRho([]float64{4, 4, 4, 4, 4}, oth, 0, 50, 1)
	if math.Abs(mean+1) > 1e-12 || p != 1 {
		t.Errorf("constant top: mean %g, p %g; want −1, 1", mean, p)
	}
	top := []float64{10, 2, 8, 1, 6}
	m1, p1 := shuffledShareRho(top, oth, -0.5, 200, 7)
	m2, p2 := shuffledShareRho(top, oth, -0.5, 200, 7)
	if m1 != m2 || p1 != p2 {
		t.Errorf("same seed: (%g, %g) then (%g, %g)", m1, p1, m2, p2)
	}
	if !(m1 < 0) {
		t.Errorf("the share's bias: mean ρ %g, want negative", m1)
	}
}

// TestResponseMeasured: the count of populations where EASY's response is
// below FCFS's, and the scan's pairs when there is a scan.
func TestResponseMeasured(t *testing.T) {
	for _, tt := range []struct {
		name       string
		easy, fcfs []float64
		scan       []loadPoint
		want       string
	}{
		{"below at one of two", []float64{1, 5}, []float64{2, 4}, nil,
			"EASY's average response is below FCFS's at 1 of the 2 populations of the sweep"},
		{"with a scan", []float64{1}, []float64{2}, []loadPoint{{load: 2, gainCycle: 0.05, respCycle: 0.5}},
			"EASY's average response is below FCFS's at 1 of the 1 populations of the sweep; the user-aware scheduler (α = 1) against EASY, with office hours (throughput gain, response ratio): 2× +5.0%, 0.50"},
	} {
		if got := responseMeasured(tt.easy, tt.fcfs, make([]float64, len(tt.easy)), tt.scan); got != tt.want {
			t.Errorf("%s:\n got %q\nwant %q", tt.name, got, tt.want)
		}
	}
}
