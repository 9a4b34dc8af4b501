package feedback

import (
	"fmt"
	"math"
	"math/rand/v2"
	"time"
)

// Cycle says when the users of the distribution-based model are active.
type Cycle int

const (
	// ShmueliCycle is the activity pattern of 2014 §VII-B (after Shmueli
	// and Feitelson 2009): each user is a daytime user (active 7:30 + R to
	// 17:30 + R) with probability 0.7, else a night-time user (17:30 + R
	// to 7:30 + R the next morning), where R is uniform in [−1 h, +1 h]
	// and drawn once per user; and a weekday user (Monday to Friday) with
	// probability 0.8, else a weekend user (Saturday and Sunday). A window
	// belongs to the day on which it begins: a weekday night-time user
	// works from Monday evening to Saturday morning.
	ShmueliCycle Cycle = iota
	// OfficeHours makes every user active from 8:00 to 18:00 every day,
	// the "simple model where jobs arrive only between 8 AM and 6 PM" of
	// 2021 Fig. 21.
	OfficeHours
	// NoCycle makes every user active at all times (the simulations
	// "without daily cycles" of 2021 Fig. 21).
	NoCycle
)

// String returns shmueli, office_hours or none.
func (c Cycle) String() string {
	switch c {
	case ShmueliCycle:
		return "shmueli"
	case OfficeHours:
		return "office_hours"
	case NoCycle:
		return "none"
	}
	return fmt.Sprintf("Cycle(%d)", int(c))
}

// DefaultResponseUnit is the unit of the response time in the continuation
// probability 0.8 / (0.05·response + 1): one minute, in seconds. Shmueli
// and Feitelson (MASCOTS 2007), from which 2014 §VII-B takes the formula,
// tabulate the probability to continue a session against response times
// measured in minutes; 2021 Fig. 18 shows it falling from about 0.8 for
// responses of a few seconds to about 0.2 after an hour, which the
// formula gives with minutes (0.8 / (0.05·60 + 1) = 0.2) and not with
// seconds (0.2 after only 60 s). analytics/session.ContinuationOf
// measures the same curve on a log.
const DefaultResponseUnit = 60.0

// ContinuationProbability returns the probability that a user continues
// the session after a job with the given response time (seconds),
//
//	P_cont = 0.8 / (0.05·(response / unit) + 1)
//
// (2014 §VII-B, from Shmueli and Feitelson 2007), the response time
// measured in units of unit seconds (0: DefaultResponseUnit, minutes).
func ContinuationProbability(response, unit float64) float64 {
	if unit == 0 {
		unit = DefaultResponseUnit
	}
	return 0.8 / (0.05*response/unit + 1)
}

// Distribution is the distribution-based user model (2014 §VII-B, after
// Shmueli and Feitelson 2009). Each user gets an activity pattern (Cycle).
// When a batch becomes available outside the user's activity time, it
// arrives at the next beginning of an activity window. Otherwise the user
// continues the session with probability
//
//	P_cont = 0.8 / (0.05·response + 1)
//
// where response is the response time of the user's job that ended last
// (Release.LastResponse, in ResponseUnit; 0 when none has ended): the
// batch then arrives after a think time (released by dependencies) or an
// inter-arrival time (released by the follows relation) drawn at random
// from those between batches of one session of this user. Otherwise the
// user takes a break: a think time or inter-arrival time drawn from those
// between sessions of this user that are shorter than eight hours; if the
// batch would then arrive outside the user's activity time, it is delayed
// to the next activity window.
//
// A user without delays of the kind needed draws from the other kind, then
// from all users' delays (see DelayKind); with no break at all a break
// lasts one hour (the session gap).
type Distribution struct {
	// Cycle is the activity pattern (default ShmueliCycle).
	Cycle Cycle
	// ResponseUnit is the unit of the response time in P_cont, seconds;
	// 0 means DefaultResponseUnit (minutes).
	ResponseUnit float64
}

// Name returns "distribution".
func (Distribution) Name() string { return "distribution" }

// Bind draws each user's activity pattern and returns the behaviour.
func (d Distribution) Bind(w *Workload, seed uint64) (Behavior, error) {
	if d.ResponseUnit == 0 {
		d.ResponseUnit = DefaultResponseUnit
	}
	if !(d.ResponseUnit > 0) || math.IsInf(d.ResponseUnit, 0) {
		return nil, fmt.Errorf("feedback: response unit %v, want a positive number of seconds", d.ResponseUnit)
	}
	nu := len(w.Structure.Users.ID)
	b := &distribution{m: d, w: w, pools: w.pools(), rng: make([]*rand.Rand, nu), act: make([]activity, nu)}
	for u := range nu {
		rng := userRNG(seed, u)
		b.rng[u] = rng
		a := activity{}
		switch d.Cycle {
		case ShmueliCycle:
			r := (2*rng.Float64() - 1) * 3600
			if rng.Float64() < 0.7 {
				a.from, a.to = 7.5*3600+r, 17.5*3600+r
			} else {
				a.from, a.to = 17.5*3600+r, 31.5*3600+r
			}
			weekday := rng.Float64() < 0.8
			for day := range 7 {
				a.days[day] = (day < 5) == weekday
			}
		case OfficeHours:
			a.from, a.to = 8*3600, 18*3600
			a.days = [7]bool{true, true, true, true, true, true, true}
		case NoCycle:
			a.always = true
		default:
			return nil, fmt.Errorf("feedback: unknown cycle %d", d.Cycle)
		}
		b.act[u] = a
	}
	return b, nil
}

// activity is one user's weekly activity pattern: windows from `from` to
// `to` seconds after local midnight of each active day (Monday = 0).
type activity struct {
	always   bool
	from, to float64
	days     [7]bool
	win      [4]dayWindow // memo of the windows of recent days, by day mod 4
}

// dayWindow is a user's activity window on one civil day, in trace
// seconds.
type dayWindow struct {
	ok   bool
	day  int64 // civil day: days since 1970-01-01
	s, e float64
}

type distribution struct {
	m     Distribution
	w     *Workload
	pools *delayPools
	rng   []*rand.Rand
	act   []activity

	// weekdays memoises the day of the week (Monday = 0; −1 unknown) of
	// the civil days from wdBase on.
	weekdays []int8
	wdBase   int64
}

// maxWeekdays bounds the memo of weekdays (days; about 270 years).
const maxWeekdays = 1 << 17

// nextActive returns t if user u is active at t, else the beginning of the
// user's next activity window.
func (d *distribution) nextActive(u int, t float64) float64 {
	a := &d.act[u]
	if a.always {
		return t
	}
	wt := d.w.wallTime(t)
	y, m, day := wt.Date()
	day0 := civilDay(y, m, day)
	for off := -1; off <= 8; off++ {
		if !a.days[d.weekday(day0+int64(off), y, m, day+off)] {
			continue
		}
		s, e := d.window(a, day0+int64(off), y, m, day+off)
		if t < e {
			return math.Max(t, s)
		}
	}
	panic("feedback: internal error: no activity window within a week")
}

// civilDay returns the number of the civil date (y, m, day) in days since
// 1970-01-01.
func civilDay(y int, m time.Month, day int) int64 {
	return time.Date(y, m, day, 0, 0, 0, 0, time.UTC).Unix() / 86400
}

// weekday returns the day of the week (Monday = 0) of the log's local
// midnight on the civil day cd, the date (y, m, day), memoised.
func (d *distribution) weekday(cd int64, y int, m time.Month, day int) int {
	if d.weekdays == nil {
		d.wdBase = cd
	}
	i := cd - d.wdBase
	if i >= 0 && i < int64(len(d.weekdays)) && d.weekdays[i] >= 0 {
		return int(d.weekdays[i])
	}
	wd := (int(time.Date(y, m, day, 0, 0, 0, 0, d.w.loc).Weekday()) + 6) % 7
	if i >= 0 && i < maxWeekdays {
		for int64(len(d.weekdays)) <= i {
			d.weekdays = append(d.weekdays, -1)
		}
		d.weekdays[i] = int8(wd)
	}
	return wd
}

// window returns the beginning and end of a's activity window on the civil
// day cd, the date (y, m, day), in trace seconds, memoised. Windows are
// wall-clock times of the day: on a day with a daylight-saving change,
// 8:00 is not midnight + 8 h.
func (d *distribution) window(a *activity, cd int64, y int, m time.Month, day int) (s, e float64) {
	c := &a.win[cd&3]
	if !c.ok || c.day != cd {
		c.ok, c.day = true, cd
		c.s = d.w.traceTime(time.Date(y, m, day, 0, 0, 0, int(a.from*1e9), d.w.loc))
		c.e = d.w.traceTime(time.Date(y, m, day, 0, 0, 0, int(a.to*1e9), d.w.loc))
	}
	return c.s, c.e
}

func (d *distribution) Arrival(r Release) float64 {
	u, now := r.User, r.Time
	if next := d.nextActive(u, now); next > now {
		return next
	}
	resp := r.LastResponse
	if math.IsNaN(resp) {
		resp = 0
	}
	p := ContinuationProbability(resp, d.m.ResponseUnit)
	rng := d.rng[u]
	kind, alt := SessionTT, SessionIAT
	brk, balt := BreakTT, BreakIAT
	if r.Reason == Follows {
		kind, alt = SessionIAT, SessionTT
		brk, balt = BreakIAT, BreakTT
	}
	if rng.Float64() < p {
		return now + d.pools.draw(rng, kind, alt, u, 0)
	}
	return d.nextActive(u, now+d.pools.draw(rng, brk, balt, u, 3600))
}
