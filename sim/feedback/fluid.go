package feedback

import (
	"fmt"
	"math"
	"math/rand/v2"
	"sort"

	"github.com/tracelab/tracelab/datasets"
)

// SessionEnd says where a session's window ends in the fluid model.
type SessionEnd int

const (
	// LastArrival ends a session's window at its last job's arrival (the
	// default): a session is the span of time in which the user submits
	// jobs (Definition 1 delimits sessions by arrivals). A batch released
	// when the session's last jobs end, or at the session's last arrival,
	// then waits for the next session, as the first batch of the next
	// session did in the log. When batches draw delays longer than their
	// original ones they slip into later sessions, and a few users end
	// up active much longer than in the log (2014 §VII-C, Fig. 9).
	LastArrival SessionEnd = iota
	// LastEnd ends a session's window at the latest end of its jobs
	// (session.Sessions.End): a batch released while the session's jobs
	// still run continues the session, even the first batch of the next
	// session when the log had it wait hours for its think time. Users
	// then finish sooner than in the log.
	LastEnd
)

// Fluid is the fluid user model (2014 §VII-C; 2021 §4.3): the users'
// original session windows are kept, and batches flow between them
// according to the feedback. When a batch becomes available during one of
// its user's sessions (start ≤ now < end; ≤ end for a batch released by
// its dependencies), it arrives after a delay drawn
// at random from the user's think times between batches of one session
// (released by dependencies) or inter-arrival times between batches of
// one session (released by the follows relation); otherwise it arrives at
// the beginning of the user's next session (the first to begin after now). When the user's sessions run
// out before the batches do, the sessions are recycled from the week after
// the last session's week, keeping days of the week and wall-clock times
// of day in the log's time zone (a recycled session that crosses a
// daylight-saving change still begins at the same hour of the day).
//
// A user without delays of the kind needed draws from the other kind, then
// from all users' delays (see DelayKind); with none at all the delay is 0.
type Fluid struct {
	// SessionEnd chooses where a session window ends (default
	// LastArrival).
	SessionEnd SessionEnd
	// OriginalDelays uses each batch's own original think time or
	// inter-arrival time within a session instead of a random draw (the
	// wording of 2021 §4.3: "the think times between successive jobs are
	// also retained"); the default draws at random as in 2014 §VII-C.
	// With OriginalDelays the fluid model, like the adjusted one, replays
	// the log's arrival times exactly under the LogReplay scheduler
	// (whichever SessionEnd).
	OriginalDelays bool
	// Continuation makes the continuation probability of the
	// distribution-based model decide whether a batch released during a
	// session continues it (2014 §VII-B, last paragraph: "the probability
	// to continue a session depends on the performance of the last job.
	// ... therefore we will use it also in the next model", the fluid
	// one): with probability P_cont = ContinuationProbability of the
	// user's last response time (Release.LastResponse, 0 when none has
	// ended) the batch arrives after its within-session delay; otherwise
	// the user ends the session and the batch waits for the beginning of
	// the user's next session, as one released outside the sessions does
	// (§VIII: users "skip sessions when their jobs haven't been handled
	// yet"). §VII-C's steps do not name P_cont, and 2021 §4.3's fluid model
	// has none: the default leaves it out.
	Continuation bool
	// ResponseUnit is the unit of the response time in P_cont under
	// Continuation, seconds; 0 means DefaultResponseUnit (minutes).
	ResponseUnit float64
}

// Name returns "fluid".
func (Fluid) Name() string { return "fluid" }

// Bind returns the fluid behaviour of w's users.
func (f Fluid) Bind(w *Workload, seed uint64) (Behavior, error) {
	if f.SessionEnd != LastArrival && f.SessionEnd != LastEnd {
		return nil, fmt.Errorf("feedback: unknown SessionEnd %d", f.SessionEnd)
	}
	if f.ResponseUnit == 0 {
		f.ResponseUnit = DefaultResponseUnit
	}
	if !(f.ResponseUnit > 0) || math.IsInf(f.ResponseUnit, 0) {
		return nil, fmt.Errorf("feedback: response unit %v, want a positive number of seconds", f.ResponseUnit)
	}
	st := &w.Structure
	b := &fluid{m: f, w: w, pools: w.pools(), seed: seed,
		rng: make([]*rand.Rand, len(st.Users.ID)), win: make([]windows, len(st.Users.ID))}
	return b, nil
}

type fluid struct {
	m     Fluid
	w     *Workload
	pools *delayPools
	seed  uint64
	rng   []*rand.Rand
	win   []windows // built on first use
}

// windows are one user's session windows and their recycling period.
type windows struct {
	start, end []float64 // by start
	prefMax    []float64 // latest end among windows 0..i
	base       float64   // local Monday 00:00 of the first session's week
	period     float64   // nominal recycling shift, seconds (whole weeks)
	// w converts recycled windows to wall-clock times in the log's zone,
	// shifted by whole weeks of days; nil shifts by period seconds.
	w *Workload
}

// dstSlack bounds how far a recycled window may move from its nominal
// shift (c × period) when it keeps its wall-clock time: a daylight-saving
// change moves it by an hour or two, a zone that changed sides of the date
// line by a day.
const dstSlack = 26 * 3600

// slack returns the largest distance between a recycled window and its
// nominal shift.
func (wn *windows) slack() float64 {
	if wn.w == nil {
		return 0
	}
	return dstSlack
}

// at returns trace time s of cycle 0 recycled to cycle c: the same day of
// the week and wall-clock time of day, c × period later by the calendar.
func (wn *windows) at(s float64, c int) float64 {
	if c == 0 {
		return s
	}
	if wn.w == nil {
		return s + float64(c)*wn.period
	}
	wt := wn.w.wallTime(s)
	days := c * int(math.Round(wn.period/datasets.Day))
	return s + float64(wt.AddDate(0, 0, days).Unix()-wt.Unix())
}

func (f *fluid) windowsOf(u int) *windows {
	wn := &f.win[u]
	if wn.start != nil {
		return wn
	}
	ss := &f.w.Structure.Sessions
	fs, ns := f.w.Structure.Users.FirstSession[u], f.w.Structure.Users.Sessions[u]
	wn.start, wn.end, wn.prefMax = make([]float64, ns), make([]float64, ns), make([]float64, ns)
	for i := range ns {
		s := fs + i
		wn.start[i] = ss.Start[s]
		if f.m.SessionEnd == LastEnd {
			wn.end[i] = ss.End[s]
		} else {
			wn.end[i] = ss.LastArrival[s]
		}
		wn.prefMax[i] = wn.end[i]
		if i > 0 {
			wn.prefMax[i] = max(wn.prefMax[i-1], wn.end[i])
		}
	}
	wn.base = f.w.weekStart(wn.start[0])
	weeks := math.Floor((wn.start[ns-1]-wn.base)/datasets.Week) + 1
	wn.period = weeks * datasets.Week
	wn.w = f.w
	return wn
}

// inSession reports whether t lies in a window [start, end) of any cycle,
// or [start, end] when closed.
func (wn *windows) inSession(t float64, closed bool) bool {
	k := int(math.Max(0, math.Floor((t-wn.base)/wn.period)))
	sl := wn.slack()
	hi := k
	if sl > 0 {
		hi = k + 1 // a window of the next cycle may begin up to sl early
	}
	for c := hi; c >= 0 && c >= k-1; c-- {
		// Windows of cycle c may reach past the cycle's end; look at the
		// current and the previous cycle. x is t's nominal place in cycle
		// 0; a window of cycle c lies within sl of its nominal place.
		x := t - float64(c)*wn.period
		i := sort.SearchFloat64s(wn.start, math.Nextafter(x+sl, math.Inf(1))) - 1 // last start ≤ x+sl
		for j := i; j >= 0 && wn.prefMax[j] >= x-sl; j-- {
			if wn.end[j] < x-sl {
				continue
			}
			if s := wn.at(wn.start[j], c); s > t {
				continue
			}
			if e := wn.at(wn.end[j], c); t < e || (closed && t == e) {
				return true
			}
		}
	}
	return false
}

// nextStart returns the earliest window start after t.
func (wn *windows) nextStart(t float64) float64 {
	k := int(math.Max(0, math.Floor((t-wn.base)/wn.period)))
	sl := wn.slack()
	c := k
	if sl > 0 && k > 0 {
		c = k - 1 // a window of the previous cycle may begin up to sl late
	}
	best := math.Inf(1)
	for ; wn.start[0]+float64(c)*wn.period-sl <= best; c++ {
		off := float64(c) * wn.period
		j := sort.SearchFloat64s(wn.start, math.Nextafter(t-off-sl, math.Inf(1))) // first start > t-off-sl
		for ; j < len(wn.start) && wn.start[j]+off-sl <= best; j++ {
			if s := wn.at(wn.start[j], c); s > t && s < best {
				best = s
			}
		}
	}
	return best
}

func (f *fluid) Arrival(r Release) float64 {
	wn := f.windowsOf(r.User)
	// A batch released by the follows relation at the very instant of a
	// session's last arrival was released by that arrival, which ends the
	// session's submissions: windows are half-open for it, closed for a
	// batch released by the end of its dependencies (a think time of 0
	// after the session's last job arrives continues the session).
	if !wn.inSession(r.Time, r.Reason == Dependency) {
		return wn.nextStart(r.Time)
	}
	if f.rng[r.User] == nil {
		f.rng[r.User] = userRNG(f.seed, r.User)
	}
	if f.m.Continuation {
		resp := r.LastResponse
		if math.IsNaN(resp) {
			resp = 0
		}
		if f.rng[r.User].Float64() >= ContinuationProbability(resp, f.m.ResponseUnit) {
			return wn.nextStart(r.Time) // the user ends the session
		}
	}
	if f.m.OriginalDelays {
		bs := &f.w.Structure.Batches
		d := bs.InterArrival[r.Batch]
		if r.Reason == Dependency {
			d = bs.ThinkTime[r.Batch]
		}
		if d >= 0 {
			return r.Time + d
		}
	}
	kind, alt := SessionTT, SessionIAT
	if r.Reason == Follows {
		kind, alt = SessionIAT, SessionTT
	}
	return r.Time + f.pools.draw(f.rng[r.User], kind, alt, r.User, 0)
}
