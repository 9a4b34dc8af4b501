package zakay2013

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/tracelab/tracelab/analytics/selfsim"
	"github.com/tracelab/tracelab/repro/ledger"
)

// TestPoxCaption: Fig. 6's caption gives the statistic the ledger judges,
// each log's mean difference of its resampled logs' H from the original's
// with its standard error and how many resampled logs at how many seeds,
// and leaves out a log with fewer than two resampled logs (no mean entry).
func TestPoxCaption(t *testing.T) {
	t.Parallel()
	const head = "the slope H of each cloud's line is its self-similarity"
	const judged = ". The ledger's Fig. 6 entries judge, per log, the mean difference of its resampled logs' H from the original's"
	const drawn = ", similar when within 2 SE; the panels draw two of them (mean difference, and the resampled logs' mean H against the original's: "
	over := func(mean, se float64, n int) ledger.OverSeeds { return ledger.OverSeeds{Mean: mean, SE: se, N: n} }
	for _, c := range []struct {
		name string
		logs []poxLog
		want string
	}{
		// explain20's full-mode measurement over 24 resampled logs, 8 at
		// each of seeds 2013–2015 (notes/explain20.md, commit 796b928):
		// LANL-CM5 −0.0056 (SE 0.0044), CEA-Curie −0.0232 (SE 0.0046);
		// originals' H 0.760 and 0.773 (committed ledger). The count they
		// share is said once.
		{"two logs over 3 seeds", []poxLog{{"LANL-CM5", 0.760, over(-0.0056, 0.0044, 24), 3, 8}, {"CEA-Curie", 0.773, over(-0.0232, 0.0046, 24), 3, 8}},
			head + judged + ", each over 24 resampled logs, 8 at each of 3 seeds" + drawn +
				"LANL-CM5 -0.00560 (SE 0.0044), 0.754 against 0.760; CEA-Curie -0.0232 (SE 0.0046), 0.750 against 0.773)"},
		// Quick mode: one seed's 2 resampled logs (repro/testdata/quick:
		// LANL-CM5 −0.0104, mean H 0.750 against 0.760).
		{"one seed", []poxLog{{"LANL-CM5", 0.760, over(-0.0104, 0.0007, 2), 1, 2}},
			head + judged + ", each over 2 resampled logs" + drawn + "LANL-CM5 -0.0104 (SE 0.0007), 0.750 against 0.760)"},
		{"a log with one resampled log is left out", []poxLog{{"A", 0.7, over(0.01, 0, 1), 1, 1}, {"B", 0.6, over(0.05, 0.01, 3), 1, 3}},
			head + judged + ", each over 3 resampled logs" + drawn + "B 0.0500 (SE 0.0100), 0.650 against 0.600)"},
		{"counts that differ are said per log", []poxLog{{"A", 0.7, over(0.01, 0.002, 24), 3, 8}, {"B", 0.6, over(0.05, 0.01, 8), 1, 8}},
			head + judged + drawn + "A 0.0100 (SE 0.0020) over 24 resampled logs, 8 at each of 3 seeds, 0.710 against 0.700; " +
				"B 0.0500 (SE 0.0100) over 8 resampled logs, 0.650 against 0.600)"},
		{"no mean entry", []poxLog{{"A", 0.7, over(0.01, 0, 1), 1, 1}}, head + ": compare the resampled logs' with the original's"},
		{"nothing drawn", nil, head + ": compare the resampled logs' with the original's"},
	} {
		if got := poxCaption(c.logs); got != c.want {
			t.Errorf("%s:\n got %q\nwant %q", c.name, got, c.want)
		}
	}
}

// TestPoxCaptionMatchesEntries: the caption's difference and standard
// error per log are the ones its fig6/<log>/resampled_mean/h_difference
// entry judges (our value to its digits, the SE its statement gives), at
// one seed and pooled over further seeds.
func TestPoxCaptionMatchesEntries(t *testing.T) {
	t.Parallel()
	hr := func(h float64) selfsim.HurstResult { return selfsim.HurstResult{Pox: selfsim.Pox{H: h}} }
	set := func(log string, orig float64, hs []float64) *hurstSet {
		s := &hurstSet{log: log, orig: hr(orig)}
		for _, h := range hs {
			s.resampled = append(s.resampled, hr(h))
		}
		return s
	}
	a := []float64{0.79, 0.79, 0.78, 0.80, 0.79, 0.78, 0.80, 0.79}
	b := []float64{0.71, 0.74, 0.73, 0.70, 0.75, 0.72, 0.74, 0.73}
	seSaid := regexp.MustCompile(`its standard error ([0-9.]+)`)
	for _, c := range []struct {
		name string
		more [][][]float64
		over string
	}{
		{"one seed (quick mode)", nil, "over 8 resampled logs,"},
		{"three seeds (full mode)", [][][]float64{{b, a}, {a, a}}, "over 24 resampled logs, 8 at each of 3 seeds,"},
	} {
		r := &Fig6Result{sets: []*hurstSet{set("A", 0.80, a), set("B", 0.70, b)}, more: c.more, shuffledR2: []float64{0.9, 0.9}, seed: 2013}
		l := ledger.New("zakay2013")
		fig6Claims(l, r.sets, r.shuffledR2, r.more, r.seed, nil)
		caption := poxCaption(r.poxLogs())
		for _, log := range []string{"A", "B"} {
			e, ok := l.Lookup("fig6/" + log + "/resampled_mean/h_difference")
			if !ok || e.OurNumber == nil {
				t.Fatalf("%s: no entry for %s", c.name, log)
			}
			se := seSaid.FindStringSubmatch(e.Statement)
			if se == nil {
				t.Fatalf("%s: no standard error in %q", c.name, e.Statement)
			}
			part := fmt.Sprintf("%s %s (SE %s),", log, ledger.Format(*e.OurNumber, 3), se[1])
			if !strings.Contains(caption, part) || !strings.Contains(caption, "each "+c.over) {
				t.Errorf("%s: caption %q\nlacks the entry's %q or %q", c.name, caption, part, "each "+c.over)
			}
		}
	}
}

// TestFig6Note: Fig. 6's caption says CEA-Curie stands in for
// ANL-Intrepid only when CEA-Curie is drawn, and names the logs drawn
// when not all of the paper's are (quick mode draws LANL-CM5 alone).
func TestFig6Note(t *testing.T) {
	t.Parallel()
	const paper = "the paper's logs are LANL-CM5, HPC2N and ANL-Intrepid"
	for _, c := range []struct {
		name  string
		drawn []string
		quick bool
		want  string
	}{
		{"full mode, every log", Fig6Logs, false, "the paper's third log, ANL-Intrepid, we do not have: CEA-Curie stands in"},
		{"quick mode", []string{"LANL-CM5"}, true, paper + "; quick mode draws LANL-CM5 only"},
		{"full mode, HPC2N missing", []string{"LANL-CM5", "CEA-Curie"}, false,
			paper + " (CEA-Curie stands in for ANL-Intrepid, which we do not have); this figure draws LANL-CM5 and CEA-Curie only"},
		{"full mode, CEA-Curie missing", []string{"LANL-CM5", "HPC2N"}, false, paper + "; this figure draws LANL-CM5 and HPC2N only"},
		{"nothing drawn", nil, true, paper + "; none is drawn here"},
	} {
		got := fig6Note(c.drawn, c.quick)
		if got != c.want {
			t.Errorf("%s:\n got %q\nwant %q", c.name, got, c.want)
		}
		if !slices.Contains(c.drawn, "CEA-Curie") && strings.Contains(got, "CEA-Curie") {
			t.Errorf("%s: the note names CEA-Curie, which is not drawn: %q", c.name, got)
		}
	}
}
