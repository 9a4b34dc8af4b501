package similarity

import (
	"fmt"
	"math"
	"os"
	"testing"

	"github.com/tracelab/tracelab/datasets"
)

// paperLogs maps the paper's log names to our catalog names (issue 3's
// list; ANL-Intrepid is not available).
var paperLogs = []struct{ paper, catalog string }{
	{"KTH-SP2", "KTH-SP2"}, {"CTC-SP2", "CTC-SP2"}, {"SDSC-SP2", "SDSC-SP2"}, {"HPC2N", "HPC2N"},
	{"SDSC-BLUE", "SDSC-BLUE"}, {"SDSC-DS", "SDSC-DS"}, {"CEA-Curie", "CEA-Curie"}, {"LANL-CM5", "LANL-CM5"},
}

// unexplained lists the cells of Table IV (runtime) that differ from the
// paper by more than 0.05 with runtimes in seconds; the test fails if one
// of them comes within 0.05 (the list is stale) or moves further than 0.11
// away. They are not a matter of log versions (KTH-SP2: dropping 13 or 50
// random jobs, the paper's version had 13 more, moves "1 larger" at 1 vs 2
// only within 0.759–0.812 over 200 draws, never near the paper's 0.684),
// of job status (keeping completed jobs only changes the users compared:
// KTH-SP2 125, not the paper's 133), of zero runtimes, of 0/0, of rounding
// the per-user similarities, of pooling session pairs (worse), or of CPU
// time (worse). Truncating runtimes to whole minutes
// (Options.TimeResolution = 60) brings six of them within 0.05 and leaves
// Table III as it is; see TestPaperMinutes.
var unexplained = map[string]bool{
	"KTH-SP2 runtime shorter_12": true, "KTH-SP2 runtime longer_12": true,
	"SDSC-SP2 runtime shorter_01": true, "SDSC-SP2 runtime longer_01": true,
	"HPC2N runtime shorter_01":     true,
	"CEA-Curie runtime shorter_01": true, "CEA-Curie runtime longer_01": true,
}

// TestPaperTables compares Tables II–IV with the paper (issue 3's
// done-when: within ±0.05 or explained). Every cell must satisfy one of:
//
//   - |ours − paper| ≤ 0.05;
//   - procs only: |ours_split − paper| ≤ 0.05, where ours_split counts the
//     users who always use the same number of processors half as
//     "shorter" and half as "longer" instead of "equal". For such users
//     every job pair has r = 1, so any average of r is equal at all
//     distances; the paper's procs "equal" column (≤ 0.033) is far below
//     their share (up to 26% in CTC-SP2), while its requested-time "equal"
//     column matches our constant users (CTC-SP2: 48/461 = 0.1041 in both),
//     so the paper's processor data or comparison must differ there;
//   - listed in unexplained, within 0.11.
//
// It also checks the denominators the paper's fractions imply (KTH-SP2:
// multiples of 1/133; CTC-SP2 1/461; CEA-Curie 1/464).
func TestPaperTables(t *testing.T) {
	if os.Getenv("TRACELAB_DATA") == "" {
		t.Skip("TRACELAB_DATA is not set")
	}
	wantUsers := map[string]int{"KTH-SP2": 133, "CTC-SP2": 461, "CEA-Curie": 464}
	within, split, listed := 0, 0, 0
	for _, l := range paperLogs {
		tr, err := datasets.Load(l.catalog)
		if err != nil {
			t.Fatal(err)
		}
		for _, a := range []Attribute{Procs, ReqTime, Runtime} {
			r, err := Analyze(tr, a, Options{})
			if err != nil {
				t.Fatal(err)
			}
			if w, ok := wantUsers[l.paper]; ok && r.Table.Users != w {
				t.Errorf("%s %s: %d users compared, the paper's fractions imply %d", l.paper, a, r.Table.Users, w)
			}
			cmp := ComparePaper(l.paper, r)
			paper, ours, sp := cmp.Col("paper").Float(), cmp.Col("ours").Float(), cmp.Col("ours_split").Float()
			line := fmt.Sprintf("%-9s %-8s users %3d:", l.paper, a, r.Table.Users)
			for c, col := range PaperColumns {
				key := fmt.Sprintf("%s %s %s", l.paper, a, col)
				d := math.Abs(ours[c] - paper[c])
				line += fmt.Sprintf(" %.3f/%.3f", ours[c], paper[c])
				switch {
				case d <= 0.05:
					within++
					if unexplained[key] {
						t.Errorf("%s: within 0.05 (%.3f vs %.3f) but listed as unexplained", key, ours[c], paper[c])
					}
				case a == Procs && math.Abs(sp[c]-paper[c]) <= 0.05:
					split++
				case unexplained[key] && d <= 0.11:
					listed++
				default:
					t.Errorf("%s: ours %.3f, paper %.3f (split %.3f)", key, ours[c], paper[c], sp[c])
				}
			}
			t.Log(line)
		}
	}
	t.Logf("cells within 0.05: %d; procs cells explained by constant users: %d; unexplained runtime cells: %d", within, split, listed)
}

// minutesOff lists the one Table IV cell more than 0.05 from the paper
// when runtimes are truncated to whole minutes (0.144 against 0.088).
var minutesOff = map[string]bool{"HPC2N runtime longer_01": true}

// TestPaperMinutes checks the whole-minute reading of Tables III–IV
// (Options.TimeResolution = 60; the paper does not mention it): every
// runtime and requested-time cell within 0.05 of the paper except
// minutesOff (within 0.06); the runtime cells' summed |ours − paper| below
// that of seconds (1.186 → 0.742 over the eight logs) and the
// requested-time cells' not above it (0.502 → 0.501); KTH-SP2's runtime
// 1 vs 2 exactly the paper's 91/133 and 42/133 (0.684, 0.000, 0.316).
func TestPaperMinutes(t *testing.T) {
	if os.Getenv("TRACELAB_DATA") == "" {
		t.Skip("TRACELAB_DATA is not set")
	}
	sum := map[Attribute][2]float64{} // seconds, minutes
	for _, l := range paperLogs {
		tr, err := datasets.Load(l.catalog)
		if err != nil {
			t.Fatal(err)
		}
		for _, a := range []Attribute{Runtime, ReqTime} {
			var res [2]Result
			for k, q := range []float64{0, 60} {
				if res[k], err = Analyze(tr, a, Options{TimeResolution: q}); err != nil {
					t.Fatal(err)
				}
			}
			s := sum[a]
			line := fmt.Sprintf("%-9s %-8s minutes, users %3d:", l.paper, a, res[1].Table.Users)
			for k := range res {
				cmp := ComparePaper(l.paper, res[k])
				paper, ours := cmp.Col("paper").Float(), cmp.Col("ours").Float()
				for c, col := range PaperColumns {
					d := math.Abs(ours[c] - paper[c])
					s[k] += d
					if k == 0 {
						continue
					}
					line += fmt.Sprintf(" %.3f/%.3f", ours[c], paper[c])
					key := fmt.Sprintf("%s %s %s", l.paper, a, col)
					if d > 0.05 && !(minutesOff[key] && d <= 0.06) || d <= 0.05 && minutesOff[key] {
						t.Errorf("%s, minutes: ours %.3f, paper %.3f", key, ours[c], paper[c])
					}
				}
			}
			sum[a] = s
			t.Log(line)
			if l.paper == "KTH-SP2" && a == Runtime {
				if c := res[1].Table.D1vsD2; c.NShorter != 91 || c.NEqual != 0 || c.NLonger != 42 {
					t.Errorf("KTH-SP2 runtime 1 vs 2, minutes: %d/%d/%d users, the paper's 91/0/42 of 133", c.NShorter, c.NEqual, c.NLonger)
				}
			}
		}
	}
	t.Logf("summed |ours - paper|, seconds → minutes: runtime %.3f → %.3f, req_time %.3f → %.3f",
		sum[Runtime][0], sum[Runtime][1], sum[ReqTime][0], sum[ReqTime][1])
	if sum[Runtime][1] >= sum[Runtime][0] || sum[ReqTime][1] > sum[ReqTime][0]+1e-9 {
		t.Errorf("minutes do not fit better: runtime %.3f → %.3f, req_time %.3f → %.3f",
			sum[Runtime][0], sum[Runtime][1], sum[ReqTime][0], sum[ReqTime][1])
	}
}
