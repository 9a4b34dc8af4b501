package zakay2013

import (
	"context"
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
