package sim

import (
	"math"
	"slices"
	"testing"

	"github.com/tracelab/tracelab/datasets"
)

// Bins worked by hand. On 4 processors: A (2 procs) runs [0, 10); B (2
// procs) is submitted at 0, waits until 5, runs [5, 15); C (1 proc) is
// submitted at 12 and never starts. In bins of 10 s over [0, 20):
//
//	bin 0: busy 2×10 + 2×5 = 30 of 40 → 0.75; B waits 5 of 10 s → 0.5; max 1; arrivals A, B
//	bin 1: busy 2×5 = 10 of 40 → 0.25; C waits 8 of 10 s → 0.8; max 1; arrival C
func TestBinnedByHand(t *testing.T) {
	t.Parallel()
	nan := math.NaN()
	r := &Result{Procs: 4, ID: []int{1, 2, 3}, Submit: []float64{0, 0, 12}, Start: []float64{0, 5, nan},
		End: []float64{10, 15, nan}, Width: []int{2, 2, 1}}
	b, err := r.Binned(BinOptions{Width: 10, Until: 20})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(b.Start, []float64{0, 10}) || !slices.Equal(b.Utilization, []float64{0.75, 0.25}) ||
		!slices.Equal(b.Queue, []float64{0.5, 0.8}) || !slices.Equal(b.MaxQueue, []int{1, 1}) ||
		!slices.Equal(b.Arrivals, []int{2, 1}) {
		t.Errorf("bins %+v", b)
	}
	// Until defaults to the last end (15): the last bin is 5 s long.
	b, _ = r.Binned(BinOptions{Width: 10})
	if !slices.Equal(b.Utilization, []float64{0.75, 0.5}) || !slices.Equal(b.Queue, []float64{0.5, 0.6}) {
		t.Errorf("bins to the last end %+v", b)
	}
	for _, bad := range []BinOptions{{Width: -1}, {Width: 10, From: 20, Until: 10}, {Width: 1e-9, Until: 1e9}} {
		if _, err := r.Binned(bad); err == nil {
			t.Errorf("%+v: no error", bad)
		}
	}
	if f := b.Frame(); f.Nrow() != 2 || f.Ncol() != 5 {
		t.Errorf("frame %d×%d", f.Nrow(), f.Ncol())
	}
}

// Over a whole simulation the bins hold every processor-second of work,
// and the mean queue over the bins is the engine's time-average queue.
func TestBinnedConservesWork(t *testing.T) {
	t.Parallel()
	r, err := Replay(datasets.Sample(), &EASY{}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []float64{datasets.Hour, datasets.Day, datasets.Week} {
		b, err := r.Binned(BinOptions{Width: w})
		if err != nil {
			t.Fatal(err)
		}
		work, end := 0.0, b.Start[0]+r.Summary().Makespan
		for k, u := range b.Utilization {
			work += u * float64(r.Procs) * (min(b.Start[k]+w, end) - b.Start[k])
		}
		if want := r.Summary().Work; math.Abs(work-want) > 1e-6*want {
			t.Errorf("bins of %v s: work %v, want %v", w, work, want)
		}
		if n := len(b.Start); b.Arrivals[0] == 0 || sum(b.Arrivals) != r.Len() || n != int(math.Ceil(r.Summary().Makespan/w)) {
			t.Errorf("bins of %v s: %d bins, %d arrivals", w, n, sum(b.Arrivals))
		}
	}
	// The log's own schedule.
	lg, left := Logged(datasets.Sample())
	if left != 0 || lg.Len() != 20631 {
		t.Fatalf("Logged: %d jobs, %d left out", lg.Len(), left)
	}
	if _, err := lg.Binned(BinOptions{}); err != nil {
		t.Fatal(err)
	}
}

func sum(x []int) int {
	s := 0
	for _, v := range x {
		s += v
	}
	return s
}
