package cli

import (
	"encoding/json"
	"math"
	"os"
	"strings"
	"testing"
)

type simRow struct {
	Shorter, Equal, Longer float64
}

type simOut struct {
	D0vsD1 simRow `json:"d0_vs_d1"`
	D1vsD2 simRow `json:"d1_vs_d2"`
	Users  int
}

func TestSimilarityJSON(t *testing.T) {
	for _, attr := range []string{"procs", "runtime", "req_time"} {
		out, _, err := runCLI(t, "similarity", "--attr", attr, "--format", "json")
		if err != nil {
			t.Fatal(err)
		}
		var got simOut
		if err := json.Unmarshal([]byte(out), &got); err != nil {
			t.Fatalf("%v\n%s", err, out)
		}
		for _, r := range []simRow{got.D0vsD1, got.D1vsD2} {
			if got.Users > 0 && math.Abs(r.Shorter+r.Equal+r.Longer-1) > 1e-9 {
				t.Errorf("%s: fractions %v do not sum to 1", attr, r)
			}
		}
		if !strings.Contains(out, `"d0_vs_d1"`) || !strings.Contains(out, `"users"`) {
			t.Errorf("%s: output %s", attr, out)
		}
	}
}

func TestSimilarityRowsAndBootstrap(t *testing.T) {
	out, _, err := runCLI(t, "similarity", "--rows", "distances", "--max-distance", "4", "--format", "csv")
	if err != nil {
		t.Fatal(err)
	}
	if lines := strings.Split(strings.TrimSpace(out), "\n"); len(lines) != 6 || !strings.HasPrefix(lines[0], "distance,session_pairs") {
		t.Errorf("distances:\n%s", out)
	}
	out, _, err = runCLI(t, "similarity", "--bootstrap", "20", "--seed", "3", "--format", "json")
	if err != nil {
		t.Fatal(err)
	}
	var b map[string]any
	if err := json.Unmarshal([]byte(out), &b); err != nil || b["replicates"] != 20.0 {
		t.Errorf("bootstrap %v (%v)", b, err)
	}
	for _, args := range [][]string{{"similarity", "--attr", "mem"}, {"similarity", "--rows", "x"}, {"similarity", "--pooling", "x"}} {
		if _, _, err := runCLI(t, args...); err == nil {
			t.Errorf("%v: no error", args)
		}
	}
}

// TestSimilarityPWA checks the CLI against Table III of Zakay & Feitelson
// (2013), CTC-SP2, requested time: 0.757 0.1041 0.139 | 0.705 0.1085 0.187.
func TestSimilarityPWA(t *testing.T) {
	if os.Getenv("TRACELAB_DATA") == "" {
		t.Skip("TRACELAB_DATA is not set")
	}
	out, _, err := runCLI(t, "similarity", "CTC-SP2", "--attr", "req_time", "--format", "json")
	if err != nil {
		t.Fatal(err)
	}
	var got simOut
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	paper := []float64{0.757, 0.1041, 0.139, 0.705, 0.1085, 0.187}
	ours := []float64{got.D0vsD1.Shorter, got.D0vsD1.Equal, got.D0vsD1.Longer, got.D1vsD2.Shorter, got.D1vsD2.Equal, got.D1vsD2.Longer}
	for i := range paper {
		if math.Abs(ours[i]-paper[i]) > 0.05 {
			t.Errorf("cell %d: ours %.3f, paper %.3f", i, ours[i], paper[i])
		}
	}
	if got.Users != 461 {
		t.Errorf("users %d, the paper's fractions imply 461", got.Users)
	}
}

// TestSimilarityMinutes: with runtimes in whole minutes KTH-SP2's Table IV
// row for distances 1 vs 2 is the paper's exactly (91/133 and 42/133).
func TestSimilarityMinutes(t *testing.T) {
	if os.Getenv("TRACELAB_DATA") == "" {
		t.Skip("TRACELAB_DATA is not set")
	}
	out, _, err := runCLI(t, "similarity", "KTH-SP2", "--attr", "runtime", "--time-resolution", "1m", "--format", "json")
	if err != nil {
		t.Fatal(err)
	}
	var got struct {
		D1vsD2 struct{ Shorter, Equal, Longer float64 } `json:"d1_vs_d2"`
		Users  int
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	// Zakay & Feitelson 2013, Table IV, KTH: .684 / 0 / .316.
	if got.Users != 133 || math.Abs(got.D1vsD2.Shorter-91.0/133) > 1e-9 || math.Abs(got.D1vsD2.Longer-42.0/133) > 1e-9 {
		t.Errorf("KTH-SP2 runtime in minutes: %+v", got)
	}
}

// TestSimilarityNoUser: a log where no user has sessions at two distances
// gives an error naming the reason, not a row of NaN.
func TestSimilarityNoUser(t *testing.T) {
	dir := t.TempDir()
	job := " 0 0 10 1 -1 -1 1 60 -1 1 1 1 -1 1 -1 -1 -1\n"
	log := writeTemp(t, dir, "one-session.swf", "1"+job+"2"+job+"3"+job)
	out, _, err := runCLI(t, "similarity", log)
	if err == nil || !strings.Contains(err.Error(), "undefined") || !strings.Contains(err.Error(), "every session distance") {
		t.Errorf("one session only: err %v, output %q", err, out)
	}
	if strings.Contains(out, "NaN") {
		t.Errorf("NaN printed: %q", out)
	}
}
