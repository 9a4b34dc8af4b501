package zakay2013

import (
	"context"
	"math"
	"testing"

	"github.com/tracelab/tracelab/sim/resample"
)

func TestQuantile(t *testing.T) {
	t.Parallel()
	// R: quantile(c(4, 1, 3, 2), c(0, 0.05, 0.5, 0.95, 1)) (type 7).
	x := []float64{4, 1, 3, 2}
	for _, c := range []struct{ q, want float64 }{{0, 1}, {0.05, 1.15}, {0.5, 2.5}, {0.95, 3.85}, {1, 4}} {
		if got := quantile(x, c.q); math.Abs(got-c.want) > 1e-12 {
			t.Errorf("quantile %v = %v, want %v", c.q, got, c.want)
		}
	}
	if !math.IsNaN(quantile(nil, 0.5)) {
		t.Error("quantile of nothing is not NaN")
	}
}

// TestBootstrapQuick checks the quick-mode §6.1 results on KTH-SP2: the
// figures place the original as resample.PositionOf does over the same
// variants; with the default reading its wait lies inside the variants'
// range, with each long-term user started in its own week (cycle) below
// all of them (the evidence of the package documentation of sim/resample);
// and the weekly load of the default variants varies less than the cycle
// variants'.
func TestBootstrapQuick(t *testing.T) {
	needData(t)
	ctx := context.Background()
	f9, err := quick.Fig9(ctx)
	if err != nil {
		t.Fatal(err)
	}
	b, err := quick.bootstrap(ctx, "KTH-SP2", "default")
	if err != nil {
		t.Fatal(err)
	}
	r, ok := f9.row("KTH-SP2", "avg_wait")
	if want := resample.PositionOf(b.Original.AvgWait, b.Replicates.Col("avg_wait").Float()); !ok || r.pos != want {
		t.Fatalf("KTH-SP2 wait: %+v, want %+v", r.pos, want)
	}
	if r.pos.Replicates != quick.bootstrapReps() || !r.pos.Inside || !(r.p5 <= r.pos.Median && r.pos.Median <= r.p95) {
		t.Errorf("KTH-SP2 wait, default reading: %+v, p5 %v p95 %v", r.pos, r.p5, r.p95)
	}
	if f9.Frame.Nrow() != 2*len(quick.bootstrapLogs(len(BootstrapLogs))) {
		t.Errorf("Fig. 9 frame: %d rows", f9.Frame.Nrow())
	}
	c, err := quick.bootstrap(ctx, "KTH-SP2", "cycle")
	if err != nil {
		t.Fatal(err)
	}
	if c.Wait.AtOrBelow != 0 || c.Wait.Replicates != quick.readingReps() {
		t.Errorf("KTH-SP2 wait, cycle reading: %+v, want every variant above the original", c.Wait)
	}
	f8, err := quick.Fig8(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if j, ok := f8.row("KTH-SP2", "jobs"); !ok || j.pos.Original != 28476 {
		t.Errorf("KTH-SP2 throughput: %+v, want the log's 28,476 jobs", j.pos)
	}
	rd, err := quick.BootstrapReadings(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if rd.Summary.Nrow() != len(quickReadings) || rd.Frame.Nrow() != len(quickReadings)*2 {
		t.Errorf("readings: summary %d rows, frame %d", rd.Summary.Nrow(), rd.Frame.Nrow())
	}
	dg, err := quick.BootstrapDiagnostic(ctx)
	if err != nil {
		t.Fatal(err)
	}
	cv := map[string]float64{}
	for _, x := range dg.rows {
		if x.log == "KTH-SP2" && x.class == "all" {
			cv[x.source] = x.stats.Load.CV
		}
	}
	if !(cv["original"] < cv["default"] && cv["default"] < cv["cycle"]) {
		t.Errorf("KTH-SP2 weekly load CV: %v, want original < default < cycle", cv)
	}
	if len(dg.Panels) != 2 || dg.Daily.Nrow() != 2*3 {
		t.Errorf("diagnostic: %d panels, %d daily rows", len(dg.Panels), dg.Daily.Nrow())
	}
}
