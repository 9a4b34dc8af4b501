package compare

import (
	"context"
	"math"
	"slices"
	"testing"

	"github.com/tracelab/tracelab/confidence"
	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/sim"
	"github.com/tracelab/tracelab/sim/resample"
)

func variants(t *testing.T, n int) []*datasets.Trace {
	t.Helper()
	p, err := resample.NewPools(datasets.Sample(), resample.PoolOptions{})
	if err != nil {
		t.Fatal(err)
	}
	vs, err := p.Variants(resample.Options{Weeks: 8}, n, 1)
	if err != nil {
		t.Fatal(err)
	}
	return Traces(vs)
}

// The frame's statistics are those of the summaries: means and paired
// differences over the variants, the baseline's difference zero, and the
// same frame on one worker or four.
func TestSchedulers(t *testing.T) {
	t.Parallel()
	vs := variants(t, 5)
	names := []string{"easy", "fcfs", "backfill:1,shortest"}
	c, err := Schedulers(context.Background(), vs, names, Options{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	df := c.Frame()
	if df.Err != nil || df.Nrow() != len(names)*len(sim.SummaryColumns) || !slices.Equal(df.Names(), FrameColumns) {
		t.Fatalf("frame %d×%v, err %v", df.Nrow(), df.Names(), df.Err)
	}
	mean, diff, lo, hi := df.Col("mean").Float(), df.Col("diff").Float(), df.Col("diff_low").Float(), df.Col("diff_high").Float()
	metric, differs := df.Col("metric").Records(), df.Col("differs").Records()
	m := slices.Index(sim.SummaryColumns, "avg_wait")
	for s := range names {
		row := s*len(sim.SummaryColumns) + m
		if metric[row] != "avg_wait" {
			t.Fatalf("row %d is %s", row, metric[row])
		}
		var x, b []float64
		for v := range vs {
			x, b = append(x, c.Summaries[s][v].AvgWait), append(b, c.Summaries[0][v].AvgWait)
		}
		want := confidence.PairedT(x, b, 0.95)
		if math.Abs(mean[row]-confidence.Mean95(x).Mean) > 1e-9 || math.Abs(diff[row]-want.Mean) > 1e-9 ||
			math.Abs(lo[row]-want.Lo) > 1e-9 || math.Abs(hi[row]-want.Hi) > 1e-9 {
			t.Errorf("%s avg_wait: mean %v diff %v [%v, %v], want %v and %+v", names[s], mean[row], diff[row], lo[row], hi[row],
				confidence.Mean95(x).Mean, want)
		}
		if s == 0 && (diff[row] != 0 || differs[row] != "false") {
			t.Errorf("baseline difference %v, differs %v", diff[row], differs[row])
		}
	}
	// FCFS waits longer than EASY on every variant of the sample: the
	// paired interval excludes 0.
	if differs[len(sim.SummaryColumns)+m] != "true" || !(diff[len(sim.SummaryColumns)+m] > 0) {
		t.Errorf("fcfs − easy avg_wait %v, differs %v", diff[len(sim.SummaryColumns)+m], differs[len(sim.SummaryColumns)+m])
	}
	c4, err := Schedulers(context.Background(), vs, names, Options{Workers: 4})
	if err != nil {
		t.Fatal(err)
	}
	for s := range names {
		for v := range vs {
			if !slices.Equal(rowOf(c.Summaries[s][v]), rowOf(c4.Summaries[s][v])) {
				t.Errorf("%s on variant %d differs with 4 workers", names[s], v)
			}
		}
	}
	// The bootstrap gives intervals around the same means.
	boot := *c
	boot.opts.Bootstrap = &confidence.Bootstrap{Seed: 1}
	bdf := boot.Frame()
	if got := bdf.Col("diff").Float(); !slices.Equal(got, diff) {
		t.Errorf("bootstrap changes the means")
	}
}

func rowOf(s sim.Summary) []float64 {
	var out []float64
	for _, v := range s.Row() {
		out = append(out, asFloat(v))
	}
	return out
}

func TestSchedulersErrors(t *testing.T) {
	t.Parallel()
	vs := variants(t, 1)
	for name, c := range map[string]struct {
		vs    []*datasets.Trace
		names []string
		opts  Options
	}{
		"no variant":   {nil, []string{"easy"}, Options{}},
		"no scheduler": {vs, nil, Options{}},
		"unknown":      {vs, []string{"easy", "nope"}, Options{}},
		"level":        {vs, []string{"easy"}, Options{Level: 1}},
		"workers":      {vs, []string{"easy"}, Options{Workers: -1}},
		"resamples":    {vs, []string{"easy"}, Options{Bootstrap: &confidence.Bootstrap{Resamples: -1}}},
	} {
		if _, err := Schedulers(context.Background(), c.vs, c.names, c.opts); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}

// A variant without a job is an error naming it, not a frame of NaN.
func TestSchedulersEmptyVariant(t *testing.T) {
	vs := append(variants(t, 1), &datasets.Trace{Name: "empty"})
	if _, err := Schedulers(context.Background(), vs, []string{"easy", "fcfs"}, Options{Workers: 1}); err == nil {
		t.Fatal("no error for a variant without jobs")
	}
}

// A metric undefined on some variant has an undefined difference, which
// never counts as a difference (NaN compared with 0 is false both ways).
func TestFrameUndefinedNeverDiffers(t *testing.T) {
	sum := func(wait float64) sim.Summary { return sim.Summary{AvgWait: wait} }
	c := &Comparison{Schedulers: []string{"a", "b"}, Variants: []string{"v1", "v2", "v3"},
		Summaries: [][]sim.Summary{{sum(1), sum(2), sum(3)}, {sum(100), sum(math.NaN()), sum(300)}},
		opts:      Options{Level: 0.95}}
	df := c.Frame()
	m := slices.Index(sim.SummaryColumns, "avg_wait")
	row := len(sim.SummaryColumns) + m
	if got := df.Col("differs").Records()[row]; got != "false" {
		t.Errorf("b avg_wait with a NaN variant: differs %s, diff %v", got, df.Col("diff").Float()[row])
	}
	if d := df.Col("diff").Float()[row]; !math.IsNaN(d) {
		t.Errorf("diff %v, want NaN", d)
	}
}
