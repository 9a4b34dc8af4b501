package zakay2013

import (
	"context"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/tracelab/tracelab/repro/ledger"
	"github.com/tracelab/tracelab/sim/resample"
)

// waitRow is a hand-made Fig. 9 row: the average wait of log with the
// original at 100, the variants from lo to hi, atOrBelow of them at or
// below it and below strictly below.
func waitRow(log string, lo, hi, atOrBelow, below float64) metricPosition {
	return metricPosition{log: log, metric: "avg_wait", below: below,
		pos: resample.Position{Original: 100, Min: lo, Max: hi, AtOrBelow: atOrBelow, Replicates: 1000, MedianRatio: 1.5}}
}

// TestFig9OverSeeds: Fig. 9's paper entries judged over the study's seed
// and the further seeds (ledger.SeedsRule). Worked by hand:
//   - not separated, shares at or below 0.002, 0, 0.003: mean 0.001667,
//     SD 0.001528, SE 0.000882, 2 SE 0.001764 > mean: does not hold,
//     though it holds at 2 of 3 seeds;
//   - shares 0.002 at every seed: SE 0, mean above 0: holds;
//   - SDSC-DS wait_around at 0.05, 0.15, 0.13: mean 0.11, within 0.1–0.9
//     although the study's seed alone is not.
func TestFig9OverSeeds(t *testing.T) {
	t.Parallel()
	rows := func(kth, ds metricPosition) []metricPosition { return []metricPosition{kth, ds} }
	seed0 := rows(waitRow("KTH-SP2", 99, 900, 0.002, 0.001), waitRow("SDSC-DS", 99, 900, 0.05, 0.05))
	further := []seedRows{
		{seed: 2014, rows: rows(waitRow("KTH-SP2", 101, 900, 0, 0), waitRow("SDSC-DS", 50, 900, 0.15, 0.15))},
		{seed: 2015, rows: rows(waitRow("KTH-SP2", 98, 900, 0.003, 0.002), waitRow("SDSC-DS", 50, 900, 0.13, 0.13))},
	}
	sts := overSeeds(fig9Statements, seed0, 2013, further)
	by := map[string]statement{}
	for _, st := range sts {
		by[st.id] = st
	}
	kth, ds := by["fig9/KTH-SP2/wait_not_separated"], by["fig9/SDSC-DS/wait_around"]
	if kth.agrees() || kth.seeds != 3 || !strings.Contains(kth.across, "holds at 2 of 3 seeds") {
		t.Errorf("KTH-SP2 not separated: agrees %v over %d seeds (%s), want no, 3, holds at 2 of 3", kth.agrees(), kth.seeds, kth.across)
	}
	if !strings.Contains(kth.evidence, "0.0017 (SE 0.0009)") {
		t.Errorf("KTH-SP2 evidence %q lacks the mean share at or below and its SE", kth.evidence)
	}
	if !ds.agrees() || ds.got < 0.11-1e-12 || ds.got > 0.11+1e-12 || !strings.Contains(ds.across, "holds at 2 of 3 seeds") {
		t.Errorf("SDSC-DS wait_around: %v (agrees %v; %s), want 0.11, agrees, holds at 2 of 3", ds.got, ds.agrees(), ds.across)
	}

	// Every seed alike: the shares' SE is 0 and the direction is strict.
	same := []seedRows{{seed: 2014, rows: seed0}, {seed: 2015, rows: seed0}}
	for _, st := range overSeeds(fig9Statements, seed0, 2013, same) {
		if st.id == "fig9/KTH-SP2/wait_not_separated" && (!st.agrees() || !strings.Contains(st.across, "holds at 3 of 3 seeds")) {
			t.Errorf("KTH-SP2 at 0.002 at every seed: agrees %v (%s), want holds at 3 of 3", st.agrees(), st.across)
		}
	}

	// No further seed: the statements are the study's seed's, one run.
	for _, st := range overSeeds(fig9Statements, seed0, 2013, nil) {
		if st.seeds != 0 || st.across != "" {
			t.Errorf("%s without further seeds: judged over %d (%q)", st.id, st.seeds, st.across)
		}
	}

	// The entries carry the seeds rule's note (addReadings).
	l := ledger.New("zakay2013")
	addReadings(l, sts, nil, func(string) string { return "" }, readingScan{}, seedScan{})
	for _, e := range l.Entries() {
		if e.ID == "fig9/KTH-SP2/wait_not_separated" || e.ID == "fig9/SDSC-DS/wait_around" {
			if !strings.Contains(e.OurValue, "judged over 3 seeds, seed 2013 and 2 more") || !strings.Contains(e.OurValue, "holds at 2 of 3 seeds") {
				t.Errorf("%s: ours %q lacks the seeds", e.ID, e.OurValue)
			}
		}
		if e.ID == "fig9/SDSC-DS/wait_around" && e.Verdict != ledger.Agrees {
			t.Errorf("%s: %s, want agrees on the mean", e.ID, e.Verdict)
		}
	}
}

// TestSeedBootstrapIsTheFigures: a further seed runs the figure's own
// procedure — §4's start alone at the study's seed gives the variants of
// the figure's bootstrap (run there with the other readings sharing its
// variants), value for value; at the next seed they differ.
func TestSeedBootstrapIsTheFigures(t *testing.T) {
	needData(t)
	ctx := context.Background()
	const log = "KTH-SP2"
	fig, err := quick.bootstrap(ctx, log, literalReading)
	if err != nil {
		t.Fatal(err)
	}
	alone, err := quick.seedBootstrap(ctx, log, literalReading, quick.seed(), quick.bootstrapReps())
	if err != nil {
		t.Fatal(err)
	}
	next, err := quick.seedBootstrap(ctx, log, literalReading, quick.seed()+1, quick.bootstrapReps())
	if err != nil {
		t.Fatal(err)
	}
	for _, col := range []string{"avg_wait", "avg_slowdown"} {
		a, b, c := fig.Replicates.Col(col).Float(), alone.Replicates.Col(col).Float(), next.Replicates.Col(col).Float()
		if !slices.Equal(a, b) {
			t.Errorf("%s: the figure's %v, alone at its seed %v", col, a, b)
		}
		if slices.Equal(a, c) {
			t.Errorf("%s: the next seed repeats the figure's variants", col)
		}
	}
}

// blueJobs is a hand-made Fig. 8 row: SDSC-BLUE's jobs over 100 variants,
// below of them under the original, the median at the original
// (MedianRatio 1, SD of the ratios 0).
func blueJobs(below float64) []metricPosition {
	return []metricPosition{{log: "SDSC-BLUE", metric: "jobs", below: below,
		pos: resample.Position{Original: 100, Min: 90, Max: 110, AtOrBelow: below, Replicates: 100, MedianRatio: 1}}}
}

// TestFig8PrintedOverSeeds: a printed number whose tolerance carries each
// seed's own SE (BLUE's 92% below, binomial SE √(p(1−p)/n)) judged over
// seeds takes the larger of the SE across the seeds and the SE of the mean
// of the seeds' estimates, √(mean of their variances / k). Worked by hand,
// n = 100 variants, k = 3 seeds:
//   - 0.90 at every seed: across SE 0; each seed's SE √(0.09/100) = 0.03,
//     within √(0.0009/3) = 0.017321; tolerance 0.005 + 2·0.017321 =
//     0.039641 ≥ |0.90 − 0.92|: agrees (with the across SE alone, ±0.005,
//     it would not);
//   - 0.80, 0.92, 0.98: mean 0.9, SD 0.091652, across SE 0.052915; the
//     variances 0.0016, 0.000736, 0.000196, within √(0.000844/3) =
//     0.016773; the across SE is the larger.
func TestFig8PrintedOverSeeds(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name            string
		below           [3]float64
		se, within, tol float64
		agrees          bool
	}{
		{"alike", [3]float64{0.90, 0.90, 0.90}, 0.017321, 0.017321, 0.039641, true},
		{"spread", [3]float64{0.80, 0.92, 0.98}, 0.052915, 0.016773, 0.110830, true},
		{"alike, far", [3]float64{0.85, 0.85, 0.85}, 0.020616, 0.020616, 0.046232, false},
	} {
		further := []seedRows{{seed: 2014, rows: blueJobs(tc.below[1])}, {seed: 2015, rows: blueJobs(tc.below[2])}}
		var got statement
		for _, st := range overSeeds(fig8Statements, blueJobs(tc.below[0]), 2013, further) {
			if st.id == "fig8/SDSC-BLUE/throughput_below" {
				got = st
			}
		}
		if got.seeds != 3 {
			t.Fatalf("%s: judged over %d seeds, want 3", tc.name, got.seeds)
		}
		mean := (tc.below[0] + tc.below[1] + tc.below[2]) / 3
		if math.Abs(got.got-mean) > 1e-12 || got.agrees() != tc.agrees {
			t.Errorf("%s: %v (agrees %v), want %v (agrees %v)", tc.name, got.got, got.agrees(), mean, tc.agrees)
		}
		// The tolerance is Printed's: half the last digit + 2 SE.
		if !got.want.Accepts(0.92-tc.tol+1e-6) || got.want.Accepts(0.92-tc.tol-1e-5) {
			t.Errorf("%s: tolerance %s, want ±%.6f", tc.name, got.want.Tolerance(), tc.tol)
		}
		if !strings.Contains(got.evidence, "√(mean of their variances / 3)") {
			t.Errorf("%s: evidence %q lacks the rule", tc.name, got.evidence)
		}
	}
	// across 0.052915 with each seed's SE 0.03: within 0.017321, across larger.
	if se, within := seedsPrintedSE(0.052915, []float64{0.03, 0.03, 0.03}); math.Abs(se-0.052915) > 1e-6 || math.Abs(within-0.017321) > 1e-6 {
		t.Errorf("seedsPrintedSE = %v, %v; want 0.052915, 0.017321", se, within)
	}
}
