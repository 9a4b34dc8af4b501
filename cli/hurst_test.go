package cli

import (
	"strings"
	"testing"

	"github.com/tracelab/tracelab/analytics/selfsim"
	"github.com/tracelab/tracelab/datasets"
)

func TestHurstJSON(t *testing.T) {
	out, _, err := runCLI(t, "hurst", "--unit", "1h", "--format", "json")
	if err != nil {
		t.Fatal(err)
	}
	got := jsonKeys(t, out, "h", "h_corrected", "unit_seconds", "points")
	want, _ := selfsim.Hurst(datasets.Sample(), selfsim.HurstOptions{Unit: 3600})
	if got["h"] != want.H || got["h_corrected"] != want.HCorrected || got["unit_seconds"] != 3600.0 ||
		got["points"] != float64(len(want.Points)) {
		t.Errorf("hurst = %v, want %v %v %d", got, want.H, want.HCorrected, len(want.Points))
	}
	out, _, err = runCLI(t, "hurst", "--debias", "2", "--format", "json")
	if err != nil {
		t.Fatal(err)
	}
	got = jsonKeys(t, out, "h", "h_corrected", "unit_seconds", "points", "h_debiased")
	if got["unit_seconds"] != 600.0 {
		t.Errorf("default unit %v, want 600", got["unit_seconds"])
	}
	out, _, err = runCLI(t, "hurst", "--points", "--format", "csv")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(out, "n,start,rs,expected_rs\n") {
		t.Errorf("points: %.60q", out)
	}
	for _, args := range [][]string{{"hurst", "--unit", "0s"}, {"hurst", "--debias", "-1"}, {"hurst", "--factor", "1"}} {
		if _, _, err := runCLI(t, args...); err == nil {
			t.Errorf("%v: no error", args)
		}
	}
}
