package estimates

import (
	"math"
	"os"
	"slices"
	"testing"

	"github.com/tracelab/tracelab/datasets"
)

func trace(pairs ...[2]float64) *datasets.Trace {
	tr := datasets.NewTrace("t", len(pairs))
	for i, p := range pairs {
		j := datasets.UnknownJob()
		j.JobID, j.Submit, j.Runtime, j.ReqTime = i+1, float64(i), p[0], p[1]
		tr.Append(j)
	}
	return tr
}

func TestAccuracy(t *testing.T) {
	t.Parallel()
	nan := math.NaN()
	tr := trace([2]float64{50, 100}, [2]float64{100, 100}, [2]float64{130, 100}, [2]float64{0, 100},
		[2]float64{10, nan}, [2]float64{10, 0}, [2]float64{nan, 100}, [2]float64{24, 100})
	a := AccuracyOf(tr)
	if want := []float64{0.5, 1, 1.3, 0, 0.24}; !slices.Equal(a.Used, want) {
		t.Errorf("used %v, want %v", a.Used, want)
	}
	if a.Over != 1 || a.NoEstimate != 2 || a.UnknownRuntime != 1 {
		t.Errorf("counts %+v", a)
	}
	// Four bins of 25%: 0 and 0.24 | – | 0.5 | 1 and 1.3 (over, in the last bin).
	if got, want := a.Histogram(4), []float64{0.4, 0, 0.2, 0.4}; !slices.Equal(got, want) {
		t.Errorf("histogram %v, want %v", got, want)
	}
	df := a.HistogramFrame(4)
	if df.Nrow() != 4 || df.Col("hi").Float()[3] != 100 {
		t.Errorf("frame %v", df)
	}
	if h := (Accuracy{}).Histogram(2); !math.IsNaN(h[0]) {
		t.Errorf("empty histogram %v", h)
	}
	est, run := Pairs(tr)
	if !slices.Equal(est, []float64{100, 100, 100, 100, 100}) || !slices.Equal(run, []float64{50, 100, 130, 0, 24}) {
		t.Errorf("pairs %v %v", est, run)
	}
	m := TopModes(trace([2]float64{1, 60}, [2]float64{1, 3600}, [2]float64{1, 60}, [2]float64{1, 7200}), 2)
	if len(m) != 2 || m[0] != (Mode{60, 0.5}) || m[1] != (Mode{3600, 0.25}) {
		t.Errorf("modes %v", m)
	}
}

// Feitelson 2021 Fig. 2 (after Mu'alem and Feitelson 2001): on the CTC and
// KTH SP2 logs, estimates are inaccurate — far from every job near 100%,
// the histogram is spread over the whole range, with a peak at 100% (jobs
// killed at their estimate) above the bins just below it.
func TestAccuracyFig2(t *testing.T) {
	t.Parallel()
	if os.Getenv("TRACELAB_DATA") == "" {
		t.Skip("TRACELAB_DATA not set")
	}
	for _, log := range []string{"CTC-SP2", "KTH-SP2"} {
		tr, err := datasets.Load(log)
		if err != nil {
			t.Fatal(err)
		}
		h := AccuracyOf(tr).Histogram(20)
		t.Logf("%s: %.3f", log, h)
		if h[19] <= h[18] || h[19] <= h[17] {
			t.Errorf("%s: no peak at 100%%: %.3f", log, h)
		}
		// Inaccurate: fewer than half of the jobs use more than 80% of their estimate.
		if s := h[16] + h[17] + h[18] + h[19]; s > 0.5 {
			t.Errorf("%s: %.2f of jobs use > 80%% of their estimate", log, s)
		}
	}
}
