package zakay2013

import (
	"context"
	"testing"
)

// TestScanReadingsSameCount: the per-reading scan of Figs. 8–9
// (scanReadings) compares every reading at one number of variants,
// readingReps, on every log: the figure's two readings, which run
// bootstrapReps variants, are cut to their first readingReps, and no
// reading gets fewer. Each call of the statements function is one
// reading's rows; each row is one log and metric, placed among the
// variants it was given (metricPosition.pos.Replicates).
func TestScanReadingsSameCount(t *testing.T) {
	needData(t)
	ctx := context.Background()
	if quick.bootstrapReps() <= quick.readingReps() {
		t.Fatalf("bootstrapReps %d ≤ readingReps %d: the truncation is not exercised", quick.bootstrapReps(), quick.readingReps())
	}
	for _, fig := range []struct {
		name       string
		metrics    []bootstrapMetric
		statements func([]metricPosition) []statement
	}{
		{"Fig. 8", fig8Metrics, fig8Statements},
		{"Fig. 9", fig9Metrics, fig9Statements},
	} {
		var calls [][]metricPosition
		record := func(rows []metricPosition) []statement {
			calls = append(calls, rows)
			return fig.statements(rows)
		}
		sc, err := quick.scanReadings(ctx, fig.metrics, record)
		if err != nil {
			t.Fatal(err)
		}
		if sc.variants != quick.readingReps() {
			t.Errorf("%s: the scan says %d variants, readingReps is %d", fig.name, sc.variants, quick.readingReps())
		}
		if len(calls) != len(quick.tableReadings()) || len(sc.readings) != len(calls) {
			t.Fatalf("%s: %d readings evaluated, %d named, %d in the table", fig.name, len(calls), len(sc.readings), len(quick.tableReadings()))
		}
		figures := 0
		for k, rows := range calls {
			if sc.readings[k] == literalReading || sc.readings[k] == commonReading {
				figures++
			}
			if want := sc.logs * len(fig.metrics); len(rows) != want {
				t.Errorf("%s, %s: %d rows, want %d (%d logs × %d metrics)", fig.name, sc.readings[k], len(rows), want, sc.logs, len(fig.metrics))
			}
			for _, r := range rows {
				if r.pos.Replicates != sc.variants {
					t.Errorf("%s, %s, %s %s: placed among %d variants, the scan's count is %d", fig.name, sc.readings[k], r.log, r.metric, r.pos.Replicates, sc.variants)
				}
			}
		}
		if figures != 2 {
			t.Errorf("%s: %d of the figure's two readings in the scan", fig.name, figures)
		}
	}
}

// TestBootstrapReadingsSameCount: the per-reading table (BootstrapReadings)
// compares every reading at readingReps variants on every log, the
// figure's two readings cut to their first readingReps as in the scan:
// each row of its frame (one log and reading) was placed among
// readingReps variants.
func TestBootstrapReadingsSameCount(t *testing.T) {
	needData(t)
	r, err := quick.BootstrapReadings(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	rds, logs := r.Frame.Col("reading").Records(), r.Frame.Col("log").Records()
	reps, err := r.Frame.Col("replicates").Int()
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for i, n := range reps {
		seen[rds[i]] = true
		if n != quick.readingReps() {
			t.Errorf("%s, %s: %d variants, readingReps is %d", rds[i], logs[i], n, quick.readingReps())
		}
	}
	if len(seen) != len(quick.tableReadings()) || !seen[literalReading] || !seen[commonReading] {
		t.Errorf("readings in the table: %v, want the %d of tableReadings with the figure's two", seen, len(quick.tableReadings()))
	}
}
