package feitelson2021

import (
	"context"
	"math"
	"os"
	"testing"

	"github.com/tracelab/tracelab/plots"
	"github.com/tracelab/tracelab/repro/study"
	"github.com/tracelab/tracelab/repro/zakay2013"
	"github.com/tracelab/tracelab/sim"
	"github.com/tracelab/tracelab/sim/resample"
	"github.com/tracelab/tracelab/sim/sweep"
)

// TestFig15IsZakayBootstrap: Fig. 15's experiment, as this package ran it
// itself before it took Zakay 2013's §6.1 bootstrap (EASY, open replay,
// on resampled variants of the log from pools with the default options,
// long-term users started in their own week of activity or in one common
// week), gives at one seed the same average wait, bit for bit, for every
// variant as zakay2013's bootstrap under its literal and common readings;
// and the original's, resample.Reference, is the bootstrap's. Fig. 15 takes
// the bootstrap (one experiment of two papers, run once), so this is what
// makes its values the experiment the paper describes.
func TestFig15IsZakayBootstrap(t *testing.T) {
	if os.Getenv("TRACELAB_DATA") == "" {
		t.Skip("TRACELAB_DATA is not set")
	}
	if testing.Short() {
		t.Skip("bootstraps of KTH-SP2")
	}
	ctx := context.Background()
	const seed = 77
	t.Setenv(study.MemoDirEnv, "")
	z := zakay2013.New(study.Options{Quick: true, Seed: seed})
	tr, err := study.Log("KTH-SP2")
	if err != nil {
		t.Fatal(err)
	}
	p, err := resample.NewPools(tr, resample.PoolOptions{})
	if err != nil {
		t.Fatal(err)
	}
	ref, err := resample.Reference(p.Trace, &sim.EASY{}, resample.SimOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		reading  string
		generate resample.Options
	}{{zakay2013.LiteralReading, fig15Literal}, {zakay2013.CommonReading, fig15Common}} {
		b, err := z.Bootstrap(ctx, "KTH-SP2", c.reading)
		if err != nil {
			t.Fatal(err)
		}
		want := b.Replicates.Col("avg_wait").Float()
		e, err := resample.NewExperiment(p, resample.ExperimentOptions{Scheduler: "easy", Generate: c.generate})
		if err != nil {
			t.Fatal(err)
		}
		df, err := sweep.Run(ctx, sweep.Spec{Experiment: e, Reps: len(want), Seed: seed}, sweep.Options{})
		if err != nil {
			t.Fatal(err)
		}
		got, err := plots.FloatColumn(df, "avg_wait")
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != 20 || len(want) != 20 {
			t.Fatalf("%s: %d and %d variants, want 20 (quick mode)", c.reading, len(got), len(want))
		}
		for i := range got {
			if math.Float64bits(got[i]) != math.Float64bits(want[i]) {
				t.Errorf("%s: variant %d: Fig. 15's experiment waits %v s on average, the bootstrap %v s", c.reading, i, got[i], want[i])
			}
		}
		if math.Float64bits(b.Original.AvgWait) != math.Float64bits(ref.AvgWait) {
			t.Errorf("%s: original %v s, want resample.Reference's %v s", c.reading, b.Original.AvgWait, ref.AvgWait)
		}
	}
}
