package beyond

import (
	"slices"
	"testing"

	"github.com/tracelab/tracelab/analytics/stationarity"
)

// TestThirdSpread: the per-third minimum, median and maximum of the load
// over versions (the band of §6.5.2's figure). Worked by hand: with four
// versions the median is the mean of the second and third smallest.
func TestThirdSpread(t *testing.T) {
	t.Parallel()
	versions := func(loads ...[3]float64) []stationarity.Result {
		ms := make([]stationarity.Result, len(loads))
		for i, l := range loads {
			ms[i].Windows = []stationarity.Window{{Load: l[0]}, {Load: l[1]}, {Load: l[2]}}
		}
		return ms
	}
	for _, tc := range []struct {
		name string
		ms   []stationarity.Result
		want [3]loadSpread
	}{
		{"one version (the log): all three are its load",
			versions([3]float64{0.75, 0.87, 0.88}),
			[3]loadSpread{{0.75, 0.75, 0.75}, {0.87, 0.87, 0.87}, {0.88, 0.88, 0.88}}},
		// third 1: 0.70 0.80 0.90 → median 0.80; third 2: 0.60 0.65 0.95;
		// third 3: 0.50 0.50 0.70.
		{"three versions, unsorted: the middle one",
			versions([3]float64{0.90, 0.60, 0.50}, [3]float64{0.70, 0.95, 0.70}, [3]float64{0.80, 0.65, 0.50}),
			[3]loadSpread{{0.70, 0.80, 0.90}, {0.60, 0.65, 0.95}, {0.50, 0.50, 0.70}}},
		// third 1 sorted: 0.60 0.80 0.84 1.00 → (0.80+0.84)/2 = 0.82;
		// third 2: 0.70 0.70 0.90 0.90 → 0.80; third 3: 0.10 0.20 0.40 0.80 → 0.30.
		{"four versions: mean of the middle two",
			versions([3]float64{1.00, 0.90, 0.10}, [3]float64{0.60, 0.70, 0.80}, [3]float64{0.84, 0.90, 0.40}, [3]float64{0.80, 0.70, 0.20}),
			[3]loadSpread{{0.60, 0.82, 1.00}, {0.70, 0.80, 0.90}, {0.10, 0.30, 0.80}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := thirdSpread(tc.ms)
			for w := range 3 {
				g, x := got[w], tc.want[w]
				if !near(g.Min, x.Min) || !near(g.Median, x.Median) || !near(g.Max, x.Max) {
					t.Errorf("third %d: got %+v, want %+v", w+1, g, x)
				}
			}
		})
	}
}

func near(a, b float64) bool { return a-b < 1e-12 && b-a < 1e-12 }

// TestStationarityTable: a row for the log and one for its versions, in
// five columns written to the answer's precision. The inputs are SDSC-SP2's
// values in notebook 06's stored §6.5.2 frame (full mode); the cells are
// worked by hand from them.
func TestStationarityTable(t *testing.T) {
	t.Parallel()
	rows := []stationarityRow{
		{log: "SDSC-SP2", kind: "log", versions: 1, load: [3]float64{0.7526, 0.8692, 0.8803},
			drift: Interval{Mean: 0.09766, Lo: 0.09766, Hi: 0.09766}, rejRuntime: 1, rejProcs: 1, rejWeekly: 2.0 / 3},
		{log: "SDSC-SP2", kind: "resampled", versions: 20, load: [3]float64{0.8345, 0.8281, 0.815},
			drift: Interval{Mean: 0.1164, Lo: 0.1013, Hi: 0.1316}, rejRuntime: 1, rejProcs: 0.9833, rejWeekly: 0.4},
	}
	df := stationarityTable(rows)
	if df.Err != nil {
		t.Fatal(df.Err)
	}
	want := [][]string{
		{"SDSC-SP2", "log", "0.75, 0.87, 0.88", "0.098", "100%, 100%, 67%"},
		{"SDSC-SP2", "20 resampled versions", "0.83, 0.83, 0.81", "0.116 [0.101, 0.132]", "100%, 98%, 40%"},
	}
	if got := df.Records()[1:]; !slices.EqualFunc(got, want, slices.Equal) {
		t.Errorf("got %q, want %q", got, want)
	}
}
