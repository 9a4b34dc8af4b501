package feitelson2021

import (
	"math"
	"os"
	"testing"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/repro/study"
	"github.com/tracelab/tracelab/sim"
	"github.com/tracelab/tracelab/sim/feedback"
	"github.com/tracelab/tracelab/sim/resample"
)

// TestSpanRecordedKeepsMeanQueueNotTimeline: spanRecorded's rows keep the
// mean queue of each replay, not its timeline (Fig. 8's memo holds every
// log's rows), and that mean queue and the summary are those of the same
// replay run again here with its timeline, bit for bit, at every seed and
// for each of the four replays. The workload is the embedded sample's.
func TestSpanRecordedKeepsMeanQueueNotTimeline(t *testing.T) {
	t.Parallel()
	w, err := feedback.NewWorkload(datasets.Sample(), feedback.WorkloadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	const seed = 8
	x, err := feedback.CrossSimulation(w, feedback.Fluid{}, seed)
	if err != nil {
		t.Fatal(err)
	}
	got, err := spanRecorded(w, x, feedback.Fluid{}, seed)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != spanSeeds {
		t.Fatalf("%d seeds, want %d", len(got), spanSeeds)
	}
	end := w.Jobs[len(w.Jobs)-1].Submit
	for k, rows := range got {
		xk := x
		if k > 0 {
			if xk, err = feedback.CrossSimulation(w, feedback.Fluid{}, seed+uint64(k)); err != nil {
				t.Fatal(err)
			}
		}
		for _, c := range []struct {
			gen, with string
			row       feedback.CrossRow
		}{{"easy", "fcfs", rows.fe}, {"fcfs", "fcfs", rows.ff}, {"fcfs", "easy", rows.ef}, {"easy", "easy", rows.ee}} {
			if n := c.row.Sim.Timeline.Len(); n != 0 {
				t.Errorf("seed %d, %s on %s: the row keeps a timeline of %d samples", k, c.with, c.gen, n)
			}
			sc, err := sim.New(c.with)
			if err != nil {
				t.Fatal(err)
			}
			r, err := sim.Run(submittedBy(xk.Feedback[c.gen].Jobs(), end), w.Procs, sc, sim.EngineOptions{Timeline: true})
			if err != nil {
				t.Fatal(err)
			}
			tl := r.Timeline
			if tl.Len() < 2 {
				t.Fatalf("seed %d, %s on %s: timeline of %d samples", k, c.with, c.gen, tl.Len())
			}
			want := feedback.MeanQueue(tl, tl.Time[0], tl.Time[tl.Len()-1])
			if math.Float64bits(c.row.MeanQueue) != math.Float64bits(want) {
				t.Errorf("seed %d, %s on %s: mean queue %v, want %v", k, c.with, c.gen, c.row.MeanQueue, want)
			}
			if c.row.Summary != r.Summary() {
				t.Errorf("seed %d, %s on %s: summary %+v, want %+v", k, c.with, c.gen, c.row.Summary, r.Summary())
			}
		}
	}
}

// TestSiteLevelKeepsNoTimeline: the site-level runs of Fig. 8 keep their
// cross-simulations' rows without timelines, and each row's mean queue and
// summary are those of the same cross-simulation run again here (its
// timelines kept), bit for bit. KTH-SP2 in quick mode; needs the logs.
func TestSiteLevelKeepsNoTimeline(t *testing.T) {
	if os.Getenv("TRACELAB_DATA") == "" {
		t.Skip("TRACELAB_DATA is not set")
	}
	t.Parallel()
	s := New(study.Options{Quick: true})
	runs, err := s.siteLevel("KTH-SP2")
	if err != nil {
		t.Fatal(err)
	}
	if len(runs) != siteLevelSeeds {
		t.Fatalf("%d runs, want %d", len(runs), siteLevelSeeds)
	}
	var ms []Missing
	p, err := s.poolsOf("KTH-SP2", &ms)
	if err != nil || p == nil {
		t.Fatal(err, ms)
	}
	for k, run := range runs {
		rs, err := p.Generate(resample.Options{LongTermStart: literalStart, Seed: s.seed(8), Stream: uint64(k)})
		if err != nil {
			t.Fatal(err)
		}
		w, err := feedback.NewWorkload(rs.Trace, feedback.WorkloadOptions{Sim: sim.Options{Procs: p.Trace.MaxProcs()}})
		if err != nil {
			t.Fatal(err)
		}
		x, err := feedback.CrossSimulation(w, feedback.Fluid{}, s.seed(8)+uint64(k))
		if err != nil {
			t.Fatal(err)
		}
		if len(run.x.Rows) != len(x.Rows) {
			t.Fatalf("seed %d: %d rows, want %d", k, len(run.x.Rows), len(x.Rows))
		}
		for i, got := range run.x.Rows {
			want := x.Rows[i]
			if n := got.Sim.Timeline.Len(); n != 0 {
				t.Errorf("seed %d, row %d: a timeline of %d samples kept", k, i, n)
			}
			if want.Sim.Timeline.Len() < 2 {
				t.Fatalf("seed %d, row %d: the run again has a timeline of %d samples", k, i, want.Sim.Timeline.Len())
			}
			if math.Float64bits(got.MeanQueue) != math.Float64bits(want.MeanQueue) || got.Summary != want.Summary {
				t.Errorf("seed %d, row %d: mean queue %v, summary %+v; want %v, %+v", k, i, got.MeanQueue, got.Summary, want.MeanQueue, want.Summary)
			}
		}
	}
}
