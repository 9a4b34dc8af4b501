package zakay2013

import "testing"

// TestPoxCaption: Fig. 6's caption gives the statistic the ledger judges,
// each log's mean H over its resampled logs with the original's, and
// leaves out a log with fewer than two resampled logs (no mean entry).
func TestPoxCaption(t *testing.T) {
	t.Parallel()
	const head = "the slope H of each cloud's line is its self-similarity"
	const judged = ". The ledger's Fig. 6 entries judge the mean H of each log's resampled logs against the original's, of which the panels draw two (mean H: "
	for _, c := range []struct {
		name string
		logs []poxLog
		want string
	}{
		// The committed full-mode ledger (fig6/*/resampled_mean/h_difference):
		// LANL-CM5 mean 0.740 against 0.760, CEA-Curie 0.759 against 0.773,
		// 8 resampled logs each.
		{"two logs (the committed ledger's values)", []poxLog{{"LANL-CM5", 0.760, 0.740, 8}, {"CEA-Curie", 0.773, 0.759, 8}},
			head + judged + "LANL-CM5 0.740 over 8, the original 0.760; CEA-Curie 0.759 over 8, the original 0.773)"},
		{"a log with one resampled log is left out", []poxLog{{"A", 0.7, 0.71, 1}, {"B", 0.6, 0.65, 3}},
			head + judged + "B 0.650 over 3, the original 0.600)"},
		{"no mean entry", []poxLog{{"A", 0.7, 0.71, 1}}, head + ": compare the resampled logs' with the original's"},
		{"nothing drawn", nil, head + ": compare the resampled logs' with the original's"},
	} {
		if got := poxCaption(c.logs); got != c.want {
			t.Errorf("%s:\n got %q\nwant %q", c.name, got, c.want)
		}
	}
}
