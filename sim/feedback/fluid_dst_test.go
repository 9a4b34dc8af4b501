package feedback

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/tracelab/tracelab/datasets"
)

// TestFluidRecyclingDST checks that recycled sessions keep their wall-clock
// time of day across a daylight-saving change. The user's one session, on
// Wednesday 1996-10-02 from 8:00 to 9:00 in Europe/Stockholm (CEST),
// recycles every week; from 1996-10-27 (CEST -> CET) on it still runs from
// 8:00 to 9:00 local time, not 7:00 to 8:00, and again after 1997-03-30
// (CET -> CEST).
func TestFluidRecyclingDST(t *testing.T) {
	loc, err := time.LoadLocation("Europe/Stockholm")
	if err != nil {
		t.Fatal(err)
	}
	start := time.Date(1996, 10, 1, 0, 0, 0, 0, loc)
	sec := func(t time.Time) float64 { return float64(t.Unix() - start.Unix()) }
	tr := datasets.NewTrace("dst", 2)
	tr.Header.UnixStartTime = start.Unix()
	tr.Header.TimeZoneString = "Europe/Stockholm"
	tr.Header.MaxProcs = 1
	for i, at := range []time.Time{
		time.Date(1996, 10, 2, 8, 0, 0, 0, loc),
		time.Date(1996, 10, 2, 9, 0, 0, 0, loc),
	} {
		j := datasets.UnknownJob()
		j.JobID, j.User, j.Submit, j.Wait, j.Runtime, j.Procs = i+1, 1, sec(at), 0, 60, 1
		tr.Append(j)
	}
	w, err := NewWorkload(tr, WorkloadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	b, err := Fluid{}.Bind(w, 1)
	if err != nil {
		t.Fatal(err)
	}
	wn := b.(*fluid).windowsOf(0)
	if len(wn.start) != 1 {
		t.Fatalf("%d sessions, want 1", len(wn.start))
	}
	d := func(m time.Month, day, h, min int) time.Time {
		y := 1996
		if m < 10 {
			y = 1997
		}
		return time.Date(y, m, day, h, min, 0, 0, loc)
	}
	for _, c := range []struct{ at, want time.Time }{
		{d(10, 22, 12, 0), d(10, 23, 8, 0)},
		{d(10, 26, 12, 0), d(10, 30, 8, 0)}, // after the change to CET
		{d(10, 30, 7, 30), d(10, 30, 8, 0)},
		{d(10, 30, 8, 30), d(11, 6, 8, 0)},
		{d(3, 29, 12, 0), d(4, 2, 8, 0)}, // after the change back to CEST
		{d(4, 2, 7, 30), d(4, 2, 8, 0)},
	} {
		if got := wn.nextStart(sec(c.at)); got != sec(c.want) {
			t.Errorf("at %s: next session begins %s, want %s", c.at, w.wallTime(got), c.want)
		}
	}
	for _, c := range []struct {
		at time.Time
		in bool
	}{
		{d(10, 30, 7, 30), false}, {d(10, 30, 8, 0), true}, {d(10, 30, 8, 59), true}, {d(10, 30, 9, 0), false},
		{d(11, 6, 7, 59), false}, {d(11, 6, 8, 30), true},
		{d(4, 2, 7, 59), false}, {d(4, 2, 8, 30), true}, {d(4, 2, 9, 30), false},
	} {
		if got := wn.inSession(sec(c.at), false); got != c.in {
			t.Errorf("at %s: in session %v, want %v", c.at, got, c.in)
		}
	}
	// A batch released on Tuesday evening after the change waits for
	// Wednesday's session at 8:00.
	if got := b.Arrival(Release{User: 0, Time: sec(d(10, 29, 20, 0)), Reason: Follows}); got != sec(d(10, 30, 8, 0)) {
		t.Errorf("batch released 1996-10-29 20:00 arrives %s, want 1996-10-30 08:00", w.wallTime(got))
	}
}

// TestFluidRecyclingBrute compares the lookups with every recycled window
// listed by hand, in Europe/Stockholm, for random windows (some crossing
// midnight and the daylight-saving changes' hours) and random times.
func TestFluidRecyclingBrute(t *testing.T) {
	loc, err := time.LoadLocation("Europe/Stockholm")
	if err != nil {
		t.Fatal(err)
	}
	start := time.Date(1996, 9, 30, 0, 0, 0, 0, loc) // a Monday
	tr := datasets.NewTrace("dst", 1)
	tr.Header.UnixStartTime = start.Unix()
	tr.Header.TimeZoneString = "Europe/Stockholm"
	w := &Workload{Trace: tr, unixStart: start.Unix(), loc: loc}
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := range 200 {
		n := 1 + rng.IntN(6)
		weeks := 1 + rng.IntN(3)
		wn := &windows{base: 0, period: float64(weeks) * datasets.Week, w: w}
		for range n {
			s := float64(rng.IntN(weeks*7*24*4)) * 900
			wn.start = append(wn.start, s)
		}
		slices.Sort(wn.start)
		for i, s := range wn.start {
			wn.end = append(wn.end, s+float64(rng.IntN(4*12))*900)
			wn.prefMax = append(wn.prefMax, wn.end[i])
			if i > 0 {
				wn.prefMax[i] = max(wn.prefMax[i-1], wn.end[i])
			}
		}
		type iv struct{ s, e float64 }
		var all []iv
		for c := range 80 / weeks {
			for i := range wn.start {
				all = append(all, iv{wn.at(wn.start[i], c), wn.at(wn.end[i], c)})
			}
		}
		for range 300 {
			x := float64(rng.IntN(60*7*24*4))*900 + float64(rng.IntN(3))*450
			in, inClosed, next := false, false, math.Inf(1)
			for _, v := range all {
				in = in || (v.s <= x && x < v.e)
				inClosed = inClosed || (v.s <= x && x <= v.e)
				if v.s > x {
					next = min(next, v.s)
				}
			}
			if got := wn.inSession(x, false); got != in {
				t.Fatalf("trial %d, %+v: inSession(%v) = %v, want %v", trial, *wn, x, got, in)
			}
			if got := wn.inSession(x, true); got != inClosed {
				t.Fatalf("trial %d, %+v: closed inSession(%v) = %v, want %v", trial, *wn, x, got, inClosed)
			}
			if got := wn.nextStart(x); got != next {
				t.Fatalf("trial %d, %+v: nextStart(%v) = %v, want %v", trial, *wn, x, got, next)
			}
		}
	}
}
