package feedback

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/sim"
)

func TestContinuationProbability(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ resp, unit, want float64 }{
		// 0.8 / (0.05·r + 1), r in minutes (closed form).
		{0, 0, 0.8},
		{600, 0, 0.8 / 1.5}, // 10 minutes
		{3600, 0, 0.2},      // an hour: 0.8 / 4
		{60, 1, 0.8 / 4},    // the same formula with seconds: 0.2 after a minute
		{7200, 3600, 0.8 / 1.1},
	} {
		if got := ContinuationProbability(c.resp, c.unit); !near(got, c.want) {
			t.Errorf("P(%v s, unit %v) = %v, want %v", c.resp, c.unit, got, c.want)
		}
	}
}

// utcWorkload returns a workload whose time 0 is Monday 2024-01-01 00:00
// UTC, with one job per user.
func utcWorkload(t *testing.T, users int) *Workload {
	t.Helper()
	tr := datasets.NewTrace("utc", users)
	tr.Header.UnixStartTime = 1704067200 // Monday 2024-01-01 00:00:00 UTC
	tr.Header.TimeZoneString = "UTC"
	tr.Header.MaxProcs = 1
	for u := range users {
		j := datasets.UnknownJob()
		j.JobID, j.User, j.Submit, j.Wait, j.Runtime, j.Procs = u+1, u+1, float64(u), 0, 1, 1
		tr.Append(j)
	}
	w, err := NewWorkload(tr, WorkloadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return w
}

func TestDistributionActivity(t *testing.T) {
	t.Parallel()
	w := utcWorkload(t, 1)
	b, err := Distribution{}.Bind(w, 1)
	if err != nil {
		t.Fatal(err)
	}
	d := b.(*distribution)
	const h, day = 3600.0, 86400.0
	weekdays := [7]bool{true, true, true, true, true, false, false}
	weekend := [7]bool{false, false, false, false, false, true, true}
	for _, c := range []struct {
		act  activity
		t    float64
		want float64
	}{
		// Daytime weekday user, 7:30–17:30 Monday to Friday.
		{activity{from: 7.5 * h, to: 17.5 * h, days: weekdays}, 0, 7.5 * h},
		{activity{from: 7.5 * h, to: 17.5 * h, days: weekdays}, 10 * h, 10 * h},
		{activity{from: 7.5 * h, to: 17.5 * h, days: weekdays}, 17.5 * h, day + 7.5*h},
		{activity{from: 7.5 * h, to: 17.5 * h, days: weekdays}, 4*day + 18*h, 7*day + 7.5*h},
		// Night-time weekday user, 17:30–7:30 from Monday evening on.
		{activity{from: 17.5 * h, to: 31.5 * h, days: weekdays}, 3 * h, 17.5 * h},
		{activity{from: 17.5 * h, to: 31.5 * h, days: weekdays}, 5*day + 3*h, 5*day + 3*h}, // Friday night
		{activity{from: 17.5 * h, to: 31.5 * h, days: weekdays}, 5*day + 8*h, 7*day + 17.5*h},
		// Daytime weekend user with R = +1 h: 8:30–18:30 Saturday and Sunday.
		{activity{from: 8.5 * h, to: 18.5 * h, days: weekend}, 2 * day, 5*day + 8.5*h},
		{activity{from: 8.5 * h, to: 18.5 * h, days: weekend}, 6*day + 18.5*h, 12*day + 8.5*h},
	} {
		d.act[0] = c.act
		if got := d.nextActive(0, c.t); got != c.want {
			t.Errorf("%+v at %v h: next active %v h, want %v h", c.act, c.t/h, got/h, c.want/h)
		}
	}
	// A batch released outside the activity time arrives at the next
	// window's beginning, whatever the response.
	d.act[0] = activity{from: 7.5 * h, to: 17.5 * h, days: weekdays}
	if got := d.Arrival(Release{User: 0, Time: 20 * h, Reason: Dependency}); got != day+7.5*h {
		t.Errorf("released Monday 20:00: arrival %v h, want Tuesday 7:30", got/h)
	}
}

// TestDistributionPatterns checks the fractions of 2014 §VII-B over many
// users: 0.7 daytime, 0.8 weekday, jitter uniform in ±1 h.
func TestDistributionPatterns(t *testing.T) {
	t.Parallel()
	const n = 4000
	w := utcWorkload(t, n)
	b, err := Distribution{}.Bind(w, 7)
	if err != nil {
		t.Fatal(err)
	}
	var day, weekday, jitter float64
	for _, a := range b.(*distribution).act {
		r := a.from - 7.5*3600
		if a.from >= 12*3600 {
			r = a.from - 17.5*3600
		} else {
			day++
		}
		if r < -3600 || r > 3600 || !near(a.to-a.from, map[bool]float64{true: 10 * 3600, false: 14 * 3600}[a.from < 12*3600]) {
			t.Fatalf("window %v–%v", a.from, a.to)
		}
		jitter += r
		if a.days[0] {
			weekday++
			if !slices.Equal(a.days[:], []bool{true, true, true, true, true, false, false}) {
				t.Fatalf("weekday user days %v", a.days)
			}
		}
	}
	// Binomial: 4 standard deviations.
	if f := day / n; math.Abs(f-0.7) > 4*math.Sqrt(0.7*0.3/n) {
		t.Errorf("daytime fraction %v, want 0.7", f)
	}
	if f := weekday / n; math.Abs(f-0.8) > 4*math.Sqrt(0.8*0.2/n) {
		t.Errorf("weekday fraction %v, want 0.8", f)
	}
	// Uniform(−3600, 3600): sd 3600/√3.
	if m := jitter / n; math.Abs(m) > 4*3600/math.Sqrt(3*n) {
		t.Errorf("mean jitter %v s, want 0", m)
	}
}

// manualPools builds delay pools for one user.
func manualPools(vals [numDelayKinds][]float64) *delayPools {
	p := &delayPools{}
	for k := range numDelayKinds {
		p.start[k] = []int{0, len(vals[k])}
		p.vals[k] = vals[k]
	}
	return p
}

// TestDistributionContinuation: active users continue with probability
// P_cont (delays from the session pool) and otherwise take a break (delays
// from the break pool), by release reason.
func TestDistributionContinuation(t *testing.T) {
	t.Parallel()
	pools := manualPools([numDelayKinds][]float64{
		SessionTT: {100, 200}, SessionIAT: {300}, BreakTT: {5000, 6000}, BreakIAT: {7000},
	})
	d := &distribution{m: Distribution{ResponseUnit: 60}, pools: pools,
		rng: []*rand.Rand{rand.New(rand.NewPCG(1, 1))}, act: []activity{{always: true}}}
	const n = 100000
	for _, c := range []struct {
		reason   Reason
		resp     float64
		cont     []float64
		brk      []float64
		wantCont float64
	}{
		{Dependency, 600, []float64{100, 200}, []float64{5000, 6000}, 0.8 / 1.5},
		{Follows, 600, []float64{300}, []float64{7000}, 0.8 / 1.5},
		{Dependency, math.NaN(), []float64{100, 200}, []float64{5000, 6000}, 0.8}, // no job ended yet: response 0
		{Dependency, 3600, []float64{100, 200}, []float64{5000, 6000}, 0.2},
	} {
		cont := 0
		for range n {
			dl := d.Arrival(Release{Time: 1000, Reason: c.reason, LastResponse: c.resp}) - 1000
			switch {
			case slices.Contains(c.cont, dl):
				cont++
			case slices.Contains(c.brk, dl):
			default:
				t.Fatalf("%v: delay %v from neither pool", c.reason, dl)
			}
		}
		p := c.wantCont
		if f := float64(cont) / n; math.Abs(f-p) > 4*math.Sqrt(p*(1-p)/n) {
			t.Errorf("%v, response %v: continued %v, want %v", c.reason, c.resp, f, p)
		}
	}
}

func TestFluidWindows(t *testing.T) {
	t.Parallel()
	wn := &windows{start: []float64{0, 100, 1000}, end: []float64{50, 300, 1100}, prefMax: []float64{50, 300, 1100},
		base: 0, period: datasets.Week}
	for _, c := range []struct {
		t      float64
		closed bool
		in     bool
	}{
		{0, false, true}, {49, false, true}, {50, false, false}, {50, true, true}, {60, true, false},
		{299, false, true}, {300, false, false}, {300, true, true}, {1050, false, true},
		{datasets.Week + 10, false, true}, {datasets.Week + 500, false, false}, {3*datasets.Week + 1000, false, true},
	} {
		if got := wn.inSession(c.t, c.closed); got != c.in {
			t.Errorf("inSession(%v, closed %v) = %v", c.t, c.closed, got)
		}
	}
	for _, c := range []struct{ t, want float64 }{
		{-5, 0}, {0, 100}, {60, 100}, {100, 1000}, {1100, datasets.Week}, {datasets.Week + 500, datasets.Week + 1000}, {2*datasets.Week + 2000, 3 * datasets.Week},
	} {
		if got := wn.nextStart(c.t); got != c.want {
			t.Errorf("nextStart(%v) = %v, want %v", c.t, got, c.want)
		}
	}
	// Windows from a log: ToyTrace starts on Thursday 1970-01-01 UTC, so
	// the first week begins on Monday 1969-12-29 (−3 days) and the sessions
	// recycle after one week.
	w, err := NewWorkload(ToyTrace(), WorkloadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := Fluid{}.Bind(w, 0)
	red := b.(*fluid).windowsOf(2)
	if red.base != -3*86400 || red.period != datasets.Week || !slices.Equal(red.start, []float64{15}) || !slices.Equal(red.end, []float64{45}) {
		t.Errorf("red's windows %+v", *red)
	}
}

// TestDelayPools builds a user's delays by hand: session 1 has two batches
// (think time 100, inter-arrival 200), session 2 begins 7200 after
// session 1 ended (a break: think time 7200, inter-arrival 7250) and
// session 3 more than eight hours later (not a break the distribution
// model draws).
func TestDelayPools(t *testing.T) {
	t.Parallel()
	tr := datasets.NewTrace("pools", 4)
	tr.Header.MaxProcs = 1
	for i, j := range [][3]float64{{0, 0, 100}, {200, 0, 50}, {7450, 0, 10}, {7450 + 40000, 0, 10}} {
		job := datasets.UnknownJob()
		job.JobID, job.User, job.Submit, job.Wait, job.Runtime, job.Procs = i+1, 7, j[0], j[1], j[2], 1
		tr.Append(job)
	}
	w, err := NewWorkload(tr, WorkloadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for k, want := range map[DelayKind][]float64{SessionTT: {100}, SessionIAT: {200}, BreakTT: {7200}, BreakIAT: {7250}} {
		if got := w.Delays(k, 0); !slices.Equal(got, want) {
			t.Errorf("%v: %v, want %v", k, got, want)
		}
	}
	// A user without values of a kind draws from the alternative kind, then
	// from everyone's, then the fallback.
	p := manualPools([numDelayKinds][]float64{SessionIAT: {42}})
	rng := rand.New(rand.NewPCG(1, 2))
	if got := p.draw(rng, SessionTT, SessionIAT, 0, -1); got != 42 {
		t.Errorf("fallback to the other kind: %v", got)
	}
	if got := p.draw(rng, BreakTT, BreakIAT, 0, 3600); got != 3600 {
		t.Errorf("fallback constant: %v", got)
	}
}

func TestLoggedPeak(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		jobs []sim.Job
		want int
	}{
		// A job ending at 10 frees its processors for one starting at 10.
		{[]sim.Job{{Submit: 0, Wait: 0, Runtime: 10, Procs: 2}, {Submit: 10, Wait: 0, Runtime: 5, Procs: 3}}, 3},
		// A job of runtime 0 holds its processors through the scheduling pass.
		{[]sim.Job{{Submit: 0, Wait: 0, Runtime: 10, Procs: 2}, {Submit: 5, Wait: 0, Runtime: 0, Procs: 4}}, 6},
		// An unknown wait counts as 0.
		{[]sim.Job{{Submit: 0, Wait: math.NaN(), Runtime: 10, Procs: 2}, {Submit: 3, Wait: 2, Runtime: 1, Procs: 1}}, 3},
	} {
		if got := LoggedPeak(c.jobs); got != c.want {
			t.Errorf("LoggedPeak(%v) = %d, want %d", c.jobs, got, c.want)
		}
	}
}

// TestFluidContinuation: with Continuation, a batch released inside a
// session continues it with probability P_cont of the last response (its
// within-session delay) and otherwise waits for the next session's start;
// without it, it always continues. The reference probabilities are the
// formula's: 0.8 / (0.05·10 + 1) for a 10-minute response, 0.8 when no
// job has ended.
func TestFluidContinuation(t *testing.T) {
	t.Parallel()
	pools := manualPools([numDelayKinds][]float64{SessionTT: {100, 200}, SessionIAT: {300}})
	wn := windows{start: []float64{0, 5000}, end: []float64{4000, 6000}, prefMax: []float64{4000, 6000},
		base: 0, period: datasets.Week}
	const n = 100000
	for _, c := range []struct {
		cont     bool
		reason   Reason
		resp     float64
		wantCont float64
	}{
		{false, Dependency, 600, 1},
		{true, Dependency, 600, 0.8 / 1.5},
		{true, Follows, 600, 0.8 / 1.5},
		{true, Dependency, math.NaN(), 0.8}, // no job ended yet: response 0
		{true, Dependency, 3600, 0.2},
	} {
		f := &fluid{m: Fluid{Continuation: c.cont, ResponseUnit: 60}, pools: pools,
			rng: []*rand.Rand{rand.New(rand.NewPCG(1, 1))}, win: []windows{wn}}
		within := []float64{100, 200}
		if c.reason == Follows {
			within = []float64{300}
		}
		cont := 0
		for range n {
			switch a := f.Arrival(Release{Time: 1000, Reason: c.reason, LastResponse: c.resp}); {
			case slices.Contains(within, a-1000):
				cont++
			case a == 5000: // the next session's start
			default:
				t.Fatalf("%+v: arrival %v neither within the session nor at the next one", c, a)
			}
		}
		p := c.wantCont
		if got := float64(cont) / n; math.Abs(got-p) > 4*math.Sqrt(p*(1-p)/n)+1e-12 {
			t.Errorf("%+v: continued %v, want %v", c, got, p)
		}
	}
	// Outside a session the batch waits for the next one, whatever P_cont.
	f := &fluid{m: Fluid{Continuation: true, ResponseUnit: 60}, pools: pools,
		rng: []*rand.Rand{rand.New(rand.NewPCG(1, 1))}, win: []windows{wn}}
	if a := f.Arrival(Release{Time: 4500, Reason: Dependency}); a != 5000 {
		t.Errorf("outside a session: arrival %v, want 5000", a)
	}
	if _, err := (Fluid{Continuation: true, ResponseUnit: -1}).Bind(&Workload{}, 0); err == nil {
		t.Error("a negative response unit is accepted")
	}
}
