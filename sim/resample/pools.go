package resample

import (
	"fmt"
	"math"
	"slices"
	"sort"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"

	"github.com/tracelab/tracelab/analytics/users"
	"github.com/tracelab/tracelab/datasets"
)

// Kind is the pool a user stream comes from.
type Kind int

const (
	LongTerm  Kind = iota // a long-term user (2013 §4)
	Temporary             // a temporary user (2013 §4)
	Rare                  // a rare-behaviour pseudo-user (2013 §6.4)
)

// String returns long_term, temporary or rare.
func (k Kind) String() string {
	switch k {
	case LongTerm:
		return "long_term"
	case Temporary:
		return "temporary"
	case Rare:
		return "rare"
	}
	return fmt.Sprintf("Kind(%d)", int(k))
}

// RarePeriod is a rare behaviour (2013 §6.4 step 2): the jobs that user
// User submitted from Begin to End inclusive (trace seconds, as
// Trace.Submit) form one pseudo-user of the rare-behaviour pool and leave
// the user's own stream.
type RarePeriod struct {
	User       int
	Begin, End float64
}

// PoolOptions controls NewPools. The zero value gives the paper's pools:
// the class thresholds of package users, temporary users discarded when
// their whole activity lies within 4 weeks of the log's start or end, no
// rare behaviour, and the wall clock.
type PoolOptions struct {
	// Users holds the class thresholds (12 weeks, 4 weeks), the session
	// definition and where the logging period begins (users.PeriodStart:
	// by default the first submission; users.AtLogStart for a study of a
	// version that still had the first jobs a cleaning removed, as the
	// 2013 paper's SDSC-SP2 and HPC2N: repro/zakay2013 classifies Table
	// V's users so); its Truncation is set from Discard.
	Users users.Options
	// Discard says which temporary users near the log's edges are left out
	// (default DiscardWithinEdge).
	Discard Discard
	// Rare lists the rare behaviours. Periods of one user must not overlap.
	Rare []RarePeriod
	// Clock says how streams move in time (default WallClock).
	Clock Clock
}

// Discard says which temporary users near the log's edges the pools leave
// out, since their activity was probably cut by the start or the end of
// the logging period (2013 §4; package users, Truncation).
type Discard int

const (
	// DiscardWithinEdge leaves out a temporary user whose whole activity
	// lies within 4 weeks (users.Options.Edge) of the log's start or end:
	// §4's words, users.WithinEdge (the default). Few users are left out,
	// so the pools keep the log's load.
	DiscardWithinEdge Discard = iota
	// DiscardTouchingEdge leaves out a temporary user whose activity
	// touches those 4 weeks: users.TouchesEdge, the classification that
	// reproduces the counts of Table V. The users it leaves out carry
	// load the resampled logs then lack (KTH-SP2: 4% of its work, and
	// every bootstrap variant waits less than the original; see the
	// package documentation).
	DiscardTouchingEdge
)

// String returns within or touching.
func (d Discard) String() string { return optionName(discardNames, int(d), "Discard") }

var discardNames = []string{"within", "touching"}

// ParseDiscard returns the Discard named within or touching.
func ParseDiscard(s string) (Discard, error) {
	v, err := parseOption(discardNames, s, "discard rule")
	return Discard(v), err
}

// Stream is one user's job stream in a pool: the rows of Pools.Trace it
// submitted (in submit order) and the calendar weeks they fall in.
type Stream struct {
	Kind Kind
	// User is the user id in the log.
	User int
	// Period is the rare behaviour of a Rare stream.
	Period RarePeriod
	// Rows are rows of Pools.Trace, in submit order.
	Rows []int
	// FirstWeek and LastWeek are the calendar weeks (Monday 00:00 in the
	// log's time zone; 0 = the week of the log's first job) of the first
	// and last job.
	FirstWeek, LastWeek int
	// active lists the distinct weeks with a job, in order.
	active []int
	// prev[k] is the position in Rows of the job that row Rows[k] names as
	// its preceding job (SWF field 17), −1 if none or not in the stream.
	prev []int
}

// Weeks returns the number of calendar weeks from the first job's week to
// the last job's, inclusive: the weeks during which the user is present.
func (s Stream) Weeks() int { return s.LastWeek - s.FirstWeek + 1 }

// ActiveWeeks returns the number of calendar weeks in which the user
// submitted a job.
func (s Stream) ActiveWeeks() int { return len(s.active) }

// Jobs returns the number of jobs.
func (s Stream) Jobs() int { return len(s.Rows) }

// Pools are the user pools of one log (2013 §4, Fig. 3; §6.4).
type Pools struct {
	// Trace is the log, sorted by submit time. Jobs of unknown submit
	// time are left out (counted in Unplaced).
	Trace *datasets.Trace
	// Population is the classification of the log's users.
	Population users.Population
	Options    PoolOptions

	LongTerm, Temporary, Rare []Stream

	// Weeks is the number of calendar weeks the log touches: the period
	// after which a long-term user's stream repeats (its gap before the
	// first job plus its gap after the last one, §4).
	Weeks int
	// Start and End are the first and last submit times (trace seconds).
	Start, End float64
	// DiscardedUsers and DiscardedJobs count the temporary users left out
	// because their activity lay within the edge of the log (§4).
	DiscardedUsers, DiscardedJobs int
	// Unplaced counts jobs of unknown submit time, left out.
	Unplaced int

	zone    zoneTable
	local   []float64 // local time of each row of Trace
	offset  []float64 // local − trace time of each row
	origin  float64   // local time of the Monday 00:00 of week 0
	hasPrev bool      // some job names a preceding job

	// The streams' rows laid out stream after stream (long-term, then
	// temporary, then rare), so that a variant, which emits each user's
	// jobs in stream order, reads them in memory order: slot
	// base[kind][s]+k holds row Rows[k] of stream s of that kind.
	base                  [3][]int32
	slotRow               []int32   // row of Trace per slot
	slotLocal, slotOffset []float64 // local and offset per slot

	cache *poolsCache // what experiments on these pools share
}

// NewPools classifies the users of t (package users) and builds the pools.
// It returns an error for an empty log, overlapping rare periods of one
// user, or a rare period that holds no job. A header whose TimeZoneString
// names no zone (the reader keeps the value and warns; wall-clock analyses
// use UTC, as Trace.Location does) is read as UTC too: the pools hold a copy
// of t (its columns shared) whose header leaves the name and the TimeZone
// offset out and says so in a Note, which a resampled log's header carries.
func NewPools(t *datasets.Trace, opts PoolOptions) (*Pools, error) {
	if err := t.Validate(); err != nil {
		return nil, err
	}
	if _, err := t.Header.Location(); err != nil && t.Header.TimeZoneString != "" {
		c := *t
		c.Header = t.Header.Clone()
		c.Header.Notes = append(c.Header.Notes, fmt.Sprintf(
			"the original's TimeZoneString %q names no time zone known to tracelab: times here are UTC", t.Header.TimeZoneString))
		c.Header.TimeZoneString, c.Header.TimeZone, c.Header.Lines = "", 0, nil
		t = &c
	}
	loc, err := t.Header.Location()
	if err != nil {
		return nil, fmt.Errorf("resample: %w", err)
	}
	src, unplaced, err := placedJobs(t)
	if err != nil {
		return nil, err
	}
	rare, err := rareByUser(opts.Rare)
	if err != nil {
		return nil, err
	}
	uo := opts.Users
	switch opts.Discard {
	case DiscardWithinEdge:
		uo.Truncation = users.WithinEdge
	case DiscardTouchingEdge:
		uo.Truncation = users.TouchesEdge
	default:
		return nil, fmt.Errorf("resample: unknown discard rule %d", opts.Discard)
	}
	pop, err := users.Classify(src, uo)
	if err != nil {
		return nil, fmt.Errorf("resample: %w", err)
	}
	p := &Pools{Trace: src, Population: pop, Options: opts, Unplaced: unplaced,
		Start: src.Submit[0], End: src.Submit[src.Len()-1], cache: &poolsCache{}}
	p.zone = newZoneTable(loc, src.Header.UnixStartTime, p.Start, p.End, opts.Clock == Elapsed)
	p.local = make([]float64, src.Len())
	p.offset = make([]float64, src.Len())
	for i, s := range src.Submit {
		p.offset[i] = p.zone.offset(s)
		p.local[i] = s + p.offset[i]
	}
	p.origin = p.zone.mondayBefore(p.local[0])
	p.Weeks = weekOf(p.local[src.Len()-1], p.origin) + 1
	p.hasPrev = slices.ContainsFunc(src.PrevJob, func(i int) bool { return i >= 0 })

	rareStreams := make([]Stream, len(opts.Rare))
	for k, r := range opts.Rare {
		rareStreams[k] = Stream{Kind: Rare, User: r.User, Period: r}
	}
	if err := p.addUsers(rare, rareStreams); err != nil {
		return nil, err
	}
	for k := range rareStreams {
		r := &rareStreams[k]
		if len(r.Rows) == 0 {
			return nil, fmt.Errorf("resample: rare period %d (user %d, %v–%v) holds no job", k, r.User, r.Period.Begin, r.Period.End)
		}
		s := p.newStream(r.User, r.Rows)
		s.Kind, s.Period = Rare, r.Period
		p.Rare = append(p.Rare, s)
	}
	p.layOut()
	return p, nil
}

// layOut numbers the streams' rows in slots, stream after stream (see
// Pools.base).
func (p *Pools) layOut() {
	n := 0
	for _, pool := range [3][]Stream{p.LongTerm, p.Temporary, p.Rare} {
		for _, s := range pool {
			n += len(s.Rows)
		}
	}
	p.slotRow = make([]int32, 0, n)
	p.slotLocal, p.slotOffset = make([]float64, 0, n), make([]float64, 0, n)
	for kind, pool := range [3][]Stream{p.LongTerm, p.Temporary, p.Rare} {
		p.base[kind] = make([]int32, len(pool))
		for k, s := range pool {
			p.base[kind][k] = int32(len(p.slotRow))
			for _, row := range s.Rows {
				p.slotRow = append(p.slotRow, int32(row))
				p.slotLocal = append(p.slotLocal, p.local[row])
				p.slotOffset = append(p.slotOffset, p.offset[row])
			}
		}
	}
}

// placedJobs returns the jobs of t with a known submit time, sorted by it,
// and the number left out. It refuses a log with no such job, or one that
// spans more than MaxWeeks weeks.
func placedJobs(t *datasets.Trace) (*datasets.Trace, int, error) {
	known, unplaced := t.Filter(func(i int) bool { return !math.IsNaN(t.Submit[i]) && !math.IsInf(t.Submit[i], 0) })
	if unplaced == 0 {
		known = t
	}
	src := known.SortBySubmit()
	if src.Len() == 0 {
		return nil, 0, fmt.Errorf("resample: log %q has no job with a known submit time", t.Name)
	}
	if span := src.Submit[src.Len()-1] - src.Submit[0]; !(span <= MaxWeeks*datasets.Week) {
		return nil, 0, fmt.Errorf("resample: log %q spans %.4g weeks, more than %d (100 years): check its submit times", t.Name, span/datasets.Week, MaxWeeks)
	}
	return src, unplaced, nil
}

// rareByUser indexes the rare periods by user (user → indices into
// periods), refusing a period that ends before it begins and overlapping
// periods of one user.
func rareByUser(periods []RarePeriod) (map[int][]int, error) {
	rare := make(map[int][]int)
	for k, r := range periods {
		if !(r.Begin <= r.End) {
			return nil, fmt.Errorf("resample: rare period %d of user %d: begin %v after end %v", k, r.User, r.Begin, r.End)
		}
		for _, o := range rare[r.User] {
			q := periods[o]
			if r.Begin <= q.End && q.Begin <= r.End {
				return nil, fmt.Errorf("resample: rare periods %d and %d of user %d overlap", o, k, r.User)
			}
		}
		rare[r.User] = append(rare[r.User], k)
	}
	return rare, nil
}

// addUsers puts each user's jobs into the long-term or temporary pool (or
// counts them as discarded), the jobs within the user's rare periods into
// rareStreams.
func (p *Pools) addUsers(rare map[int][]int, rareStreams []Stream) error {
	src, pop := p.Trace, p.Population
	classOf := make(map[int]users.Class, pop.Len())
	for k, u := range pop.ID {
		classOf[u] = pop.Class[k]
	}
	ix := src.ByUser()
	for k, u := range ix.Users {
		own := p.splitRare(ix.Rows[k], rare[u], rareStreams)
		c, ok := classOf[u]
		if !ok {
			return fmt.Errorf("resample: internal error: user %d not classified", u)
		}
		if c == users.Discarded {
			p.DiscardedUsers++
			p.DiscardedJobs += len(own)
			continue
		}
		if len(own) == 0 {
			continue
		}
		s := p.newStream(u, own)
		if c == users.LongTerm {
			s.Kind = LongTerm
			p.LongTerm = append(p.LongTerm, s)
		} else {
			s.Kind = Temporary
			p.Temporary = append(p.Temporary, s)
		}
	}
	return nil
}

// splitRare moves the rows that fall in one of the user's rare periods
// (indices into p.Options.Rare) to their rare streams and returns the
// others.
func (p *Pools) splitRare(rows, periods []int, rareStreams []Stream) []int {
	if len(periods) == 0 {
		return rows
	}
	own := make([]int, 0, len(rows))
rowLoop:
	for _, i := range rows {
		for _, o := range periods {
			if r := p.Options.Rare[o]; p.Trace.Submit[i] >= r.Begin && p.Trace.Submit[i] <= r.End {
				rareStreams[o].Rows = append(rareStreams[o].Rows, i)
				continue rowLoop
			}
		}
		own = append(own, i)
	}
	return own
}

// newStream returns the stream of the given rows (in submit order).
func (p *Pools) newStream(user int, rows []int) Stream {
	s := Stream{User: user, Rows: rows,
		FirstWeek: weekOf(p.local[rows[0]], p.origin), LastWeek: weekOf(p.local[rows[len(rows)-1]], p.origin)}
	for _, i := range rows {
		if w := weekOf(p.local[i], p.origin); len(s.active) == 0 || s.active[len(s.active)-1] != w {
			s.active = append(s.active, w)
		}
	}
	if p.hasPrev {
		pos := make(map[int]int, len(rows))
		for k, i := range rows {
			pos[p.Trace.JobID[i]] = k
		}
		s.prev = make([]int, len(rows))
		for k, i := range rows {
			s.prev[k] = -1
			if q, ok := pos[p.Trace.PrevJob[i]]; ok && q < k {
				s.prev[k] = q
			}
		}
	}
	return s
}

// TemporaryPresent returns the average number of temporary users present
// in a week of the log: the weeks from each temporary user's first job to
// its last, summed, over the log's weeks. It is the default initial number
// of temporary users (§4). (users.Population.TemporaryPresentPerWeek counts
// only the weeks with a submission; presence here includes a user's idle
// weeks, which is what the initial population, started in a random week of
// each user's activity, reproduces.)
func (p *Pools) TemporaryPresent() float64 {
	s := 0
	for _, t := range p.Temporary {
		s += t.Weeks()
	}
	return float64(s) / float64(p.Weeks)
}

// TemporaryActive returns the average number of temporary users active
// in a week of the log: the weeks in which each temporary user submitted a
// job, summed, over the log's weeks (the initial number of temporary users
// with InitialByActiveWeeks).
func (p *Pools) TemporaryActive() float64 {
	s := 0
	for _, t := range p.Temporary {
		s += t.ActiveWeeks()
	}
	return float64(s) / float64(p.Weeks)
}

// ObservableWeeks returns the length, in weeks, of the range of times at
// which temporary stream s could have begun (its span, first to last
// submission, unchanged) and still been pooled rather than discarded near
// the log's edges by the classification's rule (users.Truncation; Edge E,
// log span L, stream span d):
//
//	TouchesEdge  L − 2E − d
//	WithinEdge   L − d        (d ≥ E)
//	             L − 2E + d   (d < E)
//	no edge      L − d        (NoEdge)
//
// It is at least one week.
func (p *Pools) ObservableWeeks(s Stream) float64 {
	o := p.Population.Options
	l := p.Population.LogEnd - p.Population.LogStart
	d := p.Trace.Submit[s.Rows[len(s.Rows)-1]] - p.Trace.Submit[s.Rows[0]]
	e := o.Edge
	var n float64
	switch {
	case o.NoEdge:
		n = l - d
	case o.Truncation == users.WithinEdge && d >= e:
		n = l - d
	case o.Truncation == users.WithinEdge:
		n = l - 2*e + d
	default:
		n = l - 2*e - d
	}
	return max(n/datasets.Week, 1)
}

// observableRates returns the average numbers of temporary users present
// and active in a week and the weekly arrival rate, each pooled user
// counted over its ObservableWeeks (RatesOverObservable): with every
// ObservableWeeks equal to Pools.Weeks they are TemporaryPresent,
// TemporaryActive and TemporaryRate.
func (p *Pools) observableRates() (present, active, rate float64) {
	for _, s := range p.Temporary {
		w := p.ObservableWeeks(s)
		present += float64(s.Weeks()) / w
		active += float64(s.ActiveWeeks()) / w
		rate += 1 / w
	}
	return present, active, rate
}

// TemporaryRate returns the average number of temporary users that arrive
// in a week of the log: their number over the log's weeks. It is the
// default weekly arrival rate (§4).
func (p *Pools) TemporaryRate() float64 {
	return float64(len(p.Temporary)) / float64(p.Weeks)
}

// SpanWeeks returns the log's span (Span) in weeks, rounded to a whole
// number and at least 1: the period of RegenerateAfterSpan.
func (p *Pools) SpanWeeks() int { return max(int(math.Round(p.Span()/datasets.Week)), 1) }

// Span returns the wall-clock length of the log, from its first job to its
// last, seconds: the default length of a resampled log.
func (p *Pools) Span() float64 { return p.local[len(p.local)-1] - p.local[0] }

// Streams returns the pools' streams: long-term, temporary, rare.
func (p *Pools) Streams() []Stream {
	out := make([]Stream, 0, len(p.LongTerm)+len(p.Temporary)+len(p.Rare))
	out = append(out, p.LongTerm...)
	out = append(out, p.Temporary...)
	return append(out, p.Rare...)
}

// Frame returns one row per stream: kind, user, jobs, first_week,
// last_week, weeks, begin and end (the rare period, NaN for other kinds),
// long-term first, then temporary, then rare; by user id within a kind.
func (p *Pools) Frame() dataframe.DataFrame {
	ss := p.Streams()
	sort.SliceStable(ss, func(a, b int) bool {
		if ss[a].Kind != ss[b].Kind {
			return ss[a].Kind < ss[b].Kind
		}
		return ss[a].User < ss[b].User
	})
	n := len(ss)
	kind := make([]string, n)
	user, jobs, fw, lw, weeks := make([]int, n), make([]int, n), make([]int, n), make([]int, n), make([]int, n)
	begin, end := make([]float64, n), make([]float64, n)
	for k, s := range ss {
		kind[k], user[k], jobs[k] = s.Kind.String(), s.User, s.Jobs()
		fw[k], lw[k], weeks[k] = s.FirstWeek, s.LastWeek, s.Weeks()
		begin[k], end[k] = math.NaN(), math.NaN()
		if s.Kind == Rare {
			begin[k], end[k] = s.Period.Begin, s.Period.End
		}
	}
	return dataframe.New(
		series.New(kind, series.String, "kind"),
		series.New(user, series.Int, "user"),
		series.New(jobs, series.Int, "jobs"),
		series.New(fw, series.Int, "first_week"),
		series.New(lw, series.Int, "last_week"),
		series.New(weeks, series.Int, "weeks"),
		series.New(begin, series.Float, "begin"),
		series.New(end, series.Float, "end"),
	)
}
