package zakay2013

import "testing"

// The subtitle states the medians' (and the tails') relative change from
// the first RB_NPW to the last, computed: 100 → 90 is −10.0%.
func TestFig16Subtitle(t *testing.T) {
	values := []rbValue{{"0", 0}, {"1/8", 0.125}, {"0.43 (for 1/2)", 0.43}}
	stats := map[string][][2]float64{
		"counted":      {{100, 110}, {95, 100}, {90, 99}},
		"utilization":  {{0.5, 0.6}, {0.5, 0.6}, {0.5, 0.6}},
		"avg_slowdown": {{80, 100}, {85, 95}, {88, 90}},
		"avg_wait":     {{1000, 2000}, {1000, 1500}, {1010, 1000}},
	}
	want := "RB_NPW 0 → 0.43 (for 1/2): non-rare jobs median -10.0%, utilisation median +0.0%, " +
		"average slowdown median +10.0% (90th percentile -10.0%), average wait median +1.0% (90th percentile -50.0%)"
	if got := fig16Subtitle(values, stats); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}
