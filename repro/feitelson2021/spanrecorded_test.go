package feitelson2021

import (
	"fmt"
	"math"
	"os"
	"slices"
	"testing"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/repro/study"
	"github.com/tracelab/tracelab/sim"
	"github.com/tracelab/tracelab/sim/feedback"
	"github.com/tracelab/tracelab/sim/resample"
)

// TestSpanRecordedDigestsReplays: spanRecorded keeps of each replay a
// digest (Fig. 8's memo holds every log's rows), whose mean queue,
// summary, weekly outstanding jobs and saturation test are those of the
// same replay run again here with its timeline, bit for bit, at every seed
// and for each of the four replays. The workload is the embedded sample's.
func TestSpanRecordedDigestsReplays(t *testing.T) {
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
			row       crossDigest
		}{{"easy", "fcfs", rows.fe}, {"fcfs", "fcfs", rows.ff}, {"fcfs", "easy", rows.ef}, {"easy", "easy", rows.ee}} {
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
			if math.Float64bits(c.row.meanQueue) != math.Float64bits(want) {
				t.Errorf("seed %d, %s on %s: mean queue %v, want %v", k, c.with, c.gen, c.row.meanQueue, want)
			}
			if c.row.summary != r.Summary() {
				t.Errorf("seed %d, %s on %s: summary %+v, want %+v", k, c.with, c.gen, c.row.summary, r.Summary())
			}
			if !slices.Equal(c.row.outstanding, r.Weekly.Outstanding) || len(r.Weekly.Outstanding) == 0 {
				t.Errorf("seed %d, %s on %s: weekly outstanding %v, want %v", k, c.with, c.gen, c.row.outstanding, r.Weekly.Outstanding)
			}
			if got, want := fmt.Sprintf("%#v", c.row.sat), fmt.Sprintf("%#v", saturation(r)); got != want {
				t.Errorf("seed %d, %s on %s: saturation %s, want %s", k, c.with, c.gen, got, want)
			}
		}
	}
}

// TestSiteLevelDigestsRuns: the site-level runs of Fig. 8 keep digests of
// their cross-simulations' rows and window replays, not the results, and
// each is that of the same simulations run again here, bit for bit: the
// four rows the claims compare, the workload's first arrival, and the
// window replays' job count and saturation tests. KTH-SP2 in quick mode;
// needs the logs.
func TestSiteLevelDigestsRuns(t *testing.T) {
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
		for i, c := range []struct {
			got  crossDigest
			want [3]string
		}{{run.rows.fe, [3]string{"easy", "fcfs", "open"}}, {run.rows.ff, [3]string{"fcfs", "fcfs", "feedback"}},
			{run.rows.ef, [3]string{"fcfs", "easy", "open"}}, {run.rows.ee, [3]string{"easy", "easy", "feedback"}}} {
			want := crossRow(x, c.want)
			if want.Sim.Timeline.Len() < 2 || len(want.Sim.Weekly.Outstanding) == 0 {
				t.Fatalf("seed %d, row %d: the run again has a timeline of %d samples, %d weeks", k, i, want.Sim.Timeline.Len(), len(want.Sim.Weekly.Outstanding))
			}
			got := c.got
			if math.Float64bits(got.meanQueue) != math.Float64bits(want.MeanQueue) || got.summary != want.Summary {
				t.Errorf("seed %d, row %d: mean queue %v, summary %+v; want %v, %+v", k, i, got.meanQueue, got.summary, want.MeanQueue, want.Summary)
			}
			if !slices.Equal(got.outstanding, want.Sim.Weekly.Outstanding) {
				t.Errorf("seed %d, row %d: weekly outstanding %v, want %v", k, i, got.outstanding, want.Sim.Weekly.Outstanding)
			}
			if g, w := fmt.Sprintf("%#v", got.sat), fmt.Sprintf("%#v", saturation(want.Sim)); g != w {
				t.Errorf("seed %d, row %d: saturation %s, want %s", k, i, g, w)
			}
		}
		if run.start != x.Workload.Jobs[0].Submit {
			t.Errorf("seed %d: start %v, want %v", k, run.start, x.Workload.Jobs[0].Submit)
		}
		rec := submittedBy(x.Feedback["easy"].Jobs(), rs.End)
		eng := sim.EngineOptions{WeekOrigin: rs.Start}
		f, err := sim.Run(rec, w.Procs, &sim.FCFS{}, eng)
		if err != nil {
			t.Fatal(err)
		}
		e, err := sim.Run(rec, w.Procs, &sim.EASY{}, eng)
		if err != nil {
			t.Fatal(err)
		}
		if run.windowJobs != len(f.Submit) || len(rec) == 0 {
			t.Errorf("seed %d: %d jobs in the window, want %d", k, run.windowJobs, len(f.Submit))
		}
		for _, c := range []struct {
			name      string
			got, want sim.Saturation
		}{{"FCFS", run.windowFCFS, saturation(f)}, {"FCFS, every week", run.windowFCFSAll, f.Saturation(sim.SaturationOptions{NoDrop: true})},
			{"EASY", run.windowEASY, saturation(e)}} {
			if g, w := fmt.Sprintf("%#v", c.got), fmt.Sprintf("%#v", c.want); g != w {
				t.Errorf("seed %d, window replay by %s: saturation %s, want %s", k, c.name, g, w)
			}
		}
	}
}
