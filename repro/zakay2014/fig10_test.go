package zakay2014

import (
	"math"
	"slices"
	"testing"

	"github.com/tracelab/tracelab/sim"
)

// TestQueueSeen checks the queue each arriving job finds on a hand-made
// timeline: the queue holds from each sample to the next, a job arriving
// at a sample's time finds the state before it.
func TestQueueSeen(t *testing.T) {
	tl := sim.Timeline{Time: []float64{0, 10, 20, 30}, Queue: []int{1, 3, 0, 2}}
	for _, tt := range []struct {
		name   string
		submit []float64
		want   []int
	}{
		{"before the first sample", []float64{-5}, []int{0}},
		{"at a sample, the state before it", []float64{10, 20, 30}, []int{0, 1, 3}},
		{"between samples", []float64{5, 15, 25, 35}, []int{0, 1, 2, 3}},
		{"never arrived", []float64{math.NaN(), 15}, []int{3}},
	} {
		got := queueSeen(&sim.Result{Submit: tt.submit, Timeline: tl})
		if !slices.Equal(got, tt.want) {
			t.Errorf("%s: %v, want %v", tt.name, got, tt.want)
		}
	}
}
