package cli

import (
	"strings"
	"testing"
)

func TestStationarityCSV(t *testing.T) {
	out, _, err := runCLI(t, "stationarity", "--format", "csv")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if lines[0] != "window,start_day,end_day,jobs,load_jobs,load,weekly_load_mean,median_runtime,mean_procs" || len(lines) != 4 {
		t.Fatalf("stationarity:\n%s", out)
	}
	out, _, err = runCLI(t, "stationarity", "--windows", "2", "--tests", "--format", "csv")
	if err != nil {
		t.Fatal(err)
	}
	if lines := strings.Split(strings.TrimSpace(out), "\n"); lines[0] != "attr,a,b,d,p" || len(lines) != 4 {
		t.Fatalf("stationarity --tests:\n%s", out)
	}
	if _, _, err := runCLI(t, "stationarity", "--windows", "1"); err == nil {
		t.Error("--windows 1: no error")
	}
}
