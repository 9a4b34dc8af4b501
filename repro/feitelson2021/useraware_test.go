package feitelson2021

import (
	"context"
	"math"
	"slices"
	"testing"
	"time"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/sim"
	"github.com/tracelab/tracelab/sim/feedback"
)

// TestUserAwareDigestsRuns: simulateUserAware keeps of each of Figs
// 20–21's runs a digest (digestRun), not the result; every field its
// readers take is that of the same run simulated again here (the same
// cycle, α, seed and stop), bit for bit, each measured from the run's
// jobs and timelines by its definition in uaDigest's comment: the
// summary, window, mean queue and classes; the queue, busy processors and
// waiting work by hour; the censored long response, the mean responses
// over splitLong and of all ended jobs and the unended long jobs computed
// here from the job records; and the share of arrivals outside office
// hours from the submit times and the log's clock. The office-hours
// fields are zero for the runs without the cycle, outside for α > 0. The
// workload is the embedded sample's, the window its second quarter, so
// that long jobs are still running at its end.
func TestUserAwareDigestsRuns(t *testing.T) {
	t.Parallel()
	w, err := feedback.NewWorkload(datasets.Sample(), feedback.WorkloadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	first, last := w.Jobs[0].Submit, w.Jobs[len(w.Jobs)-1].Submit
	from, to := first+(last-first)/4, first+(last-first)/2
	const seed, load = 20, 1.25
	u, err := simulateUserAware(context.Background(), 2, w, load, seed, from, to)
	if err != nil {
		t.Fatal(err)
	}
	if u.Load != load || u.Procs != w.Procs || u.From != from || u.To != to {
		t.Errorf("runs of load %g, %d processors, window [%g, %g); want %g, %d, [%g, %g)", u.Load, u.Procs, u.From, u.To, load, w.Procs, from, to)
	}
	if want := len(fig20Cycles) * len(fig20Alphas); len(u.Runs) != want {
		t.Fatalf("%d runs, want %d", len(u.Runs), want)
	}
	same := func(a, b float64) bool { return math.Float64bits(a) == math.Float64bits(b) }
	sameHours := func(a, b [24]float64) bool {
		for h := range a {
			if !same(a[h], b[h]) {
				return false
			}
		}
		return true
	}
	loc, start := w.Trace.Location(), w.Trace.Header.UnixStartTime
	var unended, outside, distinct int
	for i, run := range u.Runs {
		c, a := fig20Cycles[i/len(fig20Alphas)], fig20Alphas[i%len(fig20Alphas)]
		if run.Cycle != c || run.Alpha != a {
			t.Fatalf("run %d is %s α = %g, want %s α = %g", i, run.Cycle, run.Alpha, c, a)
		}
		res, err := feedback.SimulateContext(context.Background(), w, &feedback.UserAware{Alpha: a}, feedback.Options{Model: feedback.Distribution{Cycle: c},
			Seed: seed, Until: to, Engine: sim.EngineOptions{Timeline: true}})
		if err != nil {
			t.Fatal(err)
		}
		r, d := res.Sim, run.d
		if r.Timeline.Len() < 2 {
			t.Fatalf("%s α = %g: timeline of %d samples", c, a, r.Timeline.Len())
		}
		if d.summary != r.Summary() {
			t.Errorf("%s α = %g: summary %+v, want %+v", c, a, d.summary, r.Summary())
		}
		if want := feedback.WindowOf(r, from, to); d.window != want || want.Ended == 0 {
			t.Errorf("%s α = %g: window %+v, want %+v (with jobs ended)", c, a, d.window, want)
		}
		if want := feedback.MeanQueue(r.Timeline, from, to); !same(d.meanQueue, want) {
			t.Errorf("%s α = %g: mean queue %v, want %v", c, a, d.meanQueue, want)
		}
		if want := feedback.ByClass(r, nil); !slices.EqualFunc(d.classes, want, func(x, y feedback.ClassStats) bool {
			return x.Class == y.Class && x.Jobs == y.Jobs && same(x.AvgWait, y.AvgWait) && same(x.AvgResp, y.AvgResp) && same(x.AvgBoundedSlowdown, y.AvgBoundedSlowdown)
		}) {
			t.Errorf("%s α = %g: classes %+v, want %+v", c, a, d.classes, want)
		}
		if want := w.QueueByHour(r.Timeline, from, to); !sameHours(d.queue, want) {
			t.Errorf("%s α = %g: queue by hour %v, want %v", c, a, d.queue, want)
		}
		busy := w.QueueByHour(sim.Timeline{Time: r.Timeline.Time, Queue: r.Timeline.Busy}, from, to)
		if !sameHours(d.busy, busy) || sameHours(busy, d.queue) {
			t.Errorf("%s α = %g: busy by hour %v, want %v (not the queue's)", c, a, d.busy, busy)
		}
		// The office-hours fields, from the job records.
		var want uaDigest
		if c == feedback.OfficeHours {
			want.work = w.QueueByHour(waitingWork(r), from, to)
			var cs, os, as float64
			var cn, on, an, out, in int
			for j := range r.ID {
				long := r.Runtime[j] > 600 // feedback.Long: above 10 minutes
				end := r.End[j]
				if long && r.Submit[j] < to {
					e := end
					if math.IsNaN(e) || e > to {
						e = to
					}
					cs += e - r.Submit[j]
					cn++
					if math.IsNaN(end) || end >= to {
						want.unended++
					}
				}
				if !math.IsNaN(end) {
					as += end - r.Submit[j]
					an++
					if r.Runtime[j] > splitLong {
						os += end - r.Submit[j]
						on++
					}
				}
				if s := r.Submit[j]; s >= from && s < to {
					in++
					if h := time.Unix(start+int64(math.Floor(s)), 0).In(loc).Hour(); h < 8 || h >= 18 {
						out++
					}
				}
			}
			want.censored, want.overSplit, want.all = cs/float64(cn), os/float64(on), as/float64(an)
			if a == 0 {
				want.outside = float64(out) / float64(in)
				outside++
			}
			unended += want.unended
			if cn == 0 || on == 0 || in == 0 || math.IsNaN(want.work[3]) {
				t.Errorf("%s α = %g: %d long jobs before the window's end, %d over splitLong, %d arrivals, work at 3:00 %v: the test measures nothing",
					c, a, cn, on, in, want.work[3])
			}
		}
		if !sameHours(d.work, want.work) {
			t.Errorf("%s α = %g: waiting work by hour %v, want %v", c, a, d.work, want.work)
		}
		if !same(d.censored, want.censored) || !same(d.overSplit, want.overSplit) || !same(d.all, want.all) {
			t.Errorf("%s α = %g: censored, over splitLong, all %v, %v, %v; want %v, %v, %v", c, a, d.censored, d.overSplit, d.all,
				want.censored, want.overSplit, want.all)
		}
		if d.unended != want.unended || !same(d.outside, want.outside) {
			t.Errorf("%s α = %g: unended %d, outside %v; want %d, %v", c, a, d.unended, d.outside, want.unended, want.outside)
		}
		if i%len(fig20Alphas) > 0 && d.summary != u.Runs[i-1].d.summary {
			distinct++
		}
	}
	// The test can tell the runs apart: α changes the runs, some long jobs
	// are still running at the window's end, EASY's share is measured.
	if distinct == 0 || unended == 0 || outside != 1 {
		t.Errorf("%d α steps changing the summary, %d unended long jobs, %d shares outside office hours: the sample does not exercise the digests",
			distinct, unended, outside)
	}
}
