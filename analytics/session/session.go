package session

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"sort"

	"github.com/tracelab/tracelab/datasets"
)

// DefaultGap is the session break of Definition 1 (Zakay & Feitelson 2014,
// §IV): one hour, in seconds.
const DefaultGap = datasets.Hour

// UnknownEnd says what Analyze does with a job whose end time is unknown
// (its wait or runtime is unknown: NaN in a trace, −1 in SWF, or above
// datasets.MaxDuration, which the reader reads as unknown).
type UnknownEnd int

const (
	// EndAtSubmit, the default, treats the job as ending at its submit
	// time. It then overlaps no later job (Definition 2), so it never keeps a
	// batch open and does not delay a rule-2 dependency; it still joins the
	// batch of an earlier job of its session that is running when it
	// arrives. Such jobs are counted in Structure.UnknownEnds.
	EndAtSubmit UnknownEnd = iota
	// UnknownEndError makes Analyze return an error naming the first such job.
	UnknownEndError
)

// Dependencies selects which rule-2 edges of Definition 12 Analyze lists.
type Dependencies int

const (
	// ReducedDependencies, the default, lists the dependencies of
	// Definition 12 (2014 §VI) without the rule-2 edges that transitivity
	// already implies (Observation 9): the transitive reduction of the
	// rule-2 part of the dependency graph. The transitive closure is the
	// same as with AllDependencies, so a feedback simulation that releases
	// a batch when the listed batches have ended waits for exactly the same
	// batches, and think times (which use the latest end among the listed
	// batches) are unchanged — with far fewer edges (CEA-Curie: 129 thousand
	// instead of 3.5 million). For session i, let K be the latest earlier
	// session that had ended when i began; the first batch of i then
	// depends on the last batch of K and of every earlier session that
	// had ended by then but was still running when K began. Every other
	// ended session j ended before K began, so the first batch of K
	// depends on j's last batch already.
	ReducedDependencies Dependencies = iota
	// AllDependencies is Definition 12 literally: the first batch of a
	// session depends on the last batch of every earlier session of the
	// user all of whose jobs had ended before the session began. A user
	// with S sessions can have O(S²) such edges.
	AllDependencies
)

// Options controls Analyze. The zero value gives the paper's definitions.
type Options struct {
	// Gap is the session break in seconds: a job whose inter-arrival time
	// from the user's previous job exceeds Gap starts a new session
	// (Definition 1: "up to one hour" stays in the session). Zero means
	// DefaultGap (3600 s).
	Gap float64
	// UnknownEnd says how jobs with an unknown end time are treated.
	UnknownEnd UnknownEnd
	// TouchingOverlap, when true, lets a job that arrives exactly when the
	// latest end so far occurs join the current batch, the reading of the
	// scan in §IV ("if the current job arrived after this time, the job
	// starts a new batch"). The default (false) follows Definition 2
	// (j1 and j2 overlap iff j1.end > j2.arrival): a job submitted at the
	// very second the previous one ended starts a new batch with think
	// time 0. The same comparison decides whether a session "finished
	// before" another began (rule 2 of Definition 12).
	TouchingOverlap bool
	// Dependencies selects the transitive reduction of the rule-2 edges
	// (default) or all of them.
	Dependencies Dependencies
}

func (o Options) withDefaults() (Options, error) {
	if o.Gap == 0 {
		o.Gap = DefaultGap
	}
	if math.IsNaN(o.Gap) || o.Gap < 0 {
		return o, fmt.Errorf("session: gap must be a positive number of seconds, not %v", o.Gap)
	}
	if o.UnknownEnd != EndAtSubmit && o.UnknownEnd != UnknownEndError {
		return o, fmt.Errorf("session: unknown UnknownEnd policy %d", o.UnknownEnd)
	}
	if o.Dependencies != AllDependencies && o.Dependencies != ReducedDependencies {
		return o, fmt.Errorf("session: unknown Dependencies mode %d", o.Dependencies)
	}
	return o, nil
}

// Structure is the session and batch structure of a trace, as typed columns.
//
// Users, sessions and batches are numbered densely from 0 in the order
// (user id, arrival): the sessions and batches of one user are contiguous
// and in the user's time order, so batch b+1 follows batch b (Definition 8)
// whenever both belong to the same user.
type Structure struct {
	// Options are the options used, defaults filled in.
	Options Options
	// UnknownEnds counts the jobs whose end time was unknown (see
	// Options.UnknownEnd).
	UnknownEnds int

	// JobSession, JobBatch and JobEnd are indexed by the trace's rows:
	// the session and batch of each job, and the end time used
	// (submit + wait + runtime, or as Options.UnknownEnd says).
	JobSession []int
	JobBatch   []int
	JobEnd     []float64
	// Order lists the trace's rows grouped by user (in Users order), each
	// user's jobs by arrival (submit time, ties in row order). The jobs of
	// user, session or batch x are Order[x.FirstJob : x.FirstJob+x.Jobs].
	Order []int

	Users    Users
	Sessions Sessions
	Batches  Batches
	// Deps lists, for each batch, the batches it depends on (Definition 12).
	Deps Deps
}

// Users holds one row per user, in increasing user id (−1, unknown users,
// form one user).
type Users struct {
	ID           []int
	FirstJob     []int // offset in Structure.Order
	Jobs         []int
	FirstSession []int
	Sessions     []int
	FirstBatch   []int
	Batches      []int
}

// Sessions holds one row per session.
type Sessions struct {
	User        []int // user id
	UserIndex   []int // row in Structure.Users
	Seq         []int // 0-based position among the user's sessions
	FirstJob    []int // offset in Structure.Order
	Jobs        []int
	FirstBatch  []int // batch id of the session's first batch
	Batches     []int
	Start       []float64 // arrival of the first job
	LastArrival []float64 // arrival of the last job
	End         []float64 // latest end among its jobs
}

// Len returns the number of sessions.
func (s Sessions) Len() int { return len(s.User) }

// Length returns the length of session i: from its first arrival to the
// end of its last-ending job, seconds.
func (s Sessions) Length(i int) float64 { return s.End[i] - s.Start[i] }

// Batches holds one row per batch.
type Batches struct {
	User         []int // user id
	UserIndex    []int // row in Structure.Users
	Session      []int // session id
	Seq          []int // 0-based position among the user's batches (the follows order)
	FirstJob     []int // offset in Structure.Order
	Jobs         []int
	FirstArrival []float64
	LastArrival  []float64
	End          []float64 // latest end among its jobs (the batch's termination)
	// ThinkTime is the time from the termination of the batches this batch
	// depends on (the latest of their ends) to its arrival (2014 §VII);
	// NaN when it depends on nothing.
	ThinkTime []float64
	// InterArrival is the time from the last arrival of the batch this
	// batch follows to its arrival (2014 §VII); NaN for a user's first
	// batch.
	InterArrival []float64
}

// Len returns the number of batches.
func (b Batches) Len() int { return len(b.User) }

// Deps is the dependency graph (Definition 10) in compressed rows: batch b
// depends on On[Start[b]:Start[b+1]], in increasing batch order; Rule
// tells which rule of Definition 12 gave each edge (1 or 2).
type Deps struct {
	Start []int
	On    []int
	Rule  []int8
}

// Of returns the batches that batch b depends on.
func (d Deps) Of(b int) []int { return d.On[d.Start[b]:d.Start[b+1]] }

// Edges returns the number of dependency edges.
func (d Deps) Edges() int { return len(d.On) }

// Follows returns the batch that batch b follows (Definition 8: the user's
// previous batch), or −1 for a user's first batch.
func (s Structure) Follows(b int) int {
	if s.Batches.Seq[b] == 0 {
		return -1
	}
	return b - 1
}

// DependsOn returns the batches that batch b depends on (Definition 12).
func (s Structure) DependsOn(b int) []int { return s.Deps.Of(b) }

// JobsOf returns the trace rows of batch b's jobs, by arrival. The slice
// aliases Structure.Order.
func (s Structure) JobsOf(b int) []int {
	f := s.Batches.FirstJob[b]
	return s.Order[f : f+s.Batches.Jobs[b]]
}

// SessionJobs returns the trace rows of session i's jobs, by arrival. The
// slice aliases Structure.Order.
func (s Structure) SessionJobs(i int) []int {
	f := s.Sessions.FirstJob[i]
	return s.Order[f : f+s.Sessions.Jobs[i]]
}

// ErrUnknownSubmit is returned for a job whose submit time is unknown.
var ErrUnknownSubmit = errors.New("session: unknown submit time")

// Analyze finds the sessions (Definition 1), batches (Definitions 2–3),
// follows order (Definition 8) and dependencies (Definition 12) of every
// user of t, and the think and inter-arrival times of the batches (§VII),
// all from submit and end times (2014 §IV). The trace need not be sorted.
//
// Analyze returns an error for a trace whose columns differ in length, a
// log with no user information (every user id −1: the error wraps
// datasets.ErrNoUsers, since sessions are per user), a job with an unknown
// submit time (NaN, or beyond ±datasets.MaxTime), a job whose end precedes its submit time, a bad option, or
// (with UnknownEndError) a job with an unknown end. Jobs of unknown user in
// a log that has some known users form one user, −1.
func Analyze(t *datasets.Trace, opts Options) (Structure, error) {
	opts, err := opts.withDefaults()
	if err != nil {
		return Structure{}, err
	}
	if err := t.Validate(); err != nil {
		return Structure{}, err
	}
	if err := t.RequireUsers(); err != nil {
		return Structure{}, fmt.Errorf("session: %w", err)
	}
	n := t.Len()
	s := Structure{Options: opts, JobSession: make([]int, n), JobBatch: make([]int, n), JobEnd: make([]float64, n)}
	for i := range n {
		sub := t.Submit[i]
		if !(math.Abs(sub) <= datasets.MaxTime) { // the reader's range: a hand-made trace may hold 1e300
			return Structure{}, fmt.Errorf("%w: job %d (row %d): %v, want within ±datasets.MaxTime", ErrUnknownSubmit, t.JobID[i], i, sub)
		}
		e := sub + t.Wait[i] + t.Runtime[i]
		if t.Wait[i] > datasets.MaxDuration || t.Runtime[i] > datasets.MaxDuration {
			e = math.NaN() // unknown, as the reader reads a duration above MaxDuration
		}
		switch {
		case math.IsNaN(e):
			if opts.UnknownEnd == UnknownEndError {
				return Structure{}, fmt.Errorf("session: job %d (row %d) has an unknown end time (wait or runtime unknown)", t.JobID[i], i)
			}
			e = sub
			s.UnknownEnds++
		case e < sub:
			return Structure{}, fmt.Errorf("session: job %d (row %d) ends at %v, before its submit time %v", t.JobID[i], i, e, sub)
		}
		s.JobEnd[i] = e
	}
	s.Users, s.Order = groupByUser(t.User)
	for k := range s.Users.ID {
		seg := s.Order[s.Users.FirstJob[k] : s.Users.FirstJob[k]+s.Users.Jobs[k]]
		if !sortedBySubmit(seg, t.Submit) {
			sort.SliceStable(seg, func(a, b int) bool { return t.Submit[seg[a]] < t.Submit[seg[b]] })
		}
	}
	s.split(t.Submit)
	s.dependencies()
	return s, nil
}

func sortedBySubmit(rows []int, submit []float64) bool {
	for p := 1; p < len(rows); p++ {
		if submit[rows[p]] < submit[rows[p-1]] {
			return false
		}
	}
	return true
}

// groupByUser returns the users in increasing id and the rows grouped by
// user, each group in row order (a stable counting sort).
func groupByUser(user []int) (Users, []int) {
	var u Users
	n := len(user)
	if n == 0 {
		return u, nil
	}
	lo, hi := slices.Min(user), slices.Max(user)
	dense := make([]int, n) // dense user index of each row
	var count []int
	if uint(hi)-uint(lo) <= uint(4*n+1024) { // unsigned: hi − lo overflows int for ids ±2^63
		slot := make([]int, hi-lo+1)
		for _, id := range user {
			slot[id-lo]++
		}
		for off, c := range slot {
			if c > 0 {
				slot[off] = len(u.ID)
				u.ID = append(u.ID, off+lo)
				count = append(count, c)
			}
		}
		for i, id := range user {
			dense[i] = slot[id-lo]
		}
	} else {
		pos := make(map[int]int)
		for _, id := range user {
			if _, ok := pos[id]; !ok {
				pos[id] = 0
				u.ID = append(u.ID, id)
			}
		}
		sort.Ints(u.ID)
		count = make([]int, len(u.ID))
		for k, id := range u.ID {
			pos[id] = k
		}
		for i, id := range user {
			dense[i] = pos[id]
			count[dense[i]]++
		}
	}
	m := len(u.ID)
	u.FirstJob = make([]int, m)
	u.Jobs = count
	next := make([]int, m)
	off := 0
	for k, c := range count {
		u.FirstJob[k] = off
		next[k] = off
		off += c
	}
	order := make([]int, n)
	for i, k := range dense {
		order[next[k]] = i
		next[k]++
	}
	return u, order
}

// split scans each user's jobs by arrival once, cutting sessions at gaps
// longer than Options.Gap (Definition 1) and batches where a job arrives
// when no earlier job of its session is still running (Definitions 2–3:
// the connected components of the overlap graph, found by tracking the
// latest end, §IV).
func (s *Structure) split(submit []float64) {
	gap, touching := s.Options.Gap, s.Options.TouchingOverlap
	m := len(s.Users.ID)
	// Pass 1: mark where sessions and batches begin, to size the columns.
	const newSession, newBatch = 1, 2
	mark := make([]uint8, len(s.Order))
	ns, nb := 0, 0
	for k := range m {
		first := s.Users.FirstJob[k]
		var prev, latest float64
		for p := first; p < first+s.Users.Jobs[k]; p++ {
			i := s.Order[p]
			a, e := submit[i], s.JobEnd[i]
			switch {
			case p == first || a-prev > gap:
				mark[p] = newSession | newBatch
				ns++
				nb++
				latest = e
			case a > latest || (a == latest && !touching):
				mark[p] = newBatch
				nb++
				latest = e
			default:
				latest = max(latest, e)
			}
			prev = a
		}
	}
	// Pass 2: fill the columns.
	s.Users.FirstSession = make([]int, m)
	s.Users.Sessions = make([]int, m)
	s.Users.FirstBatch = make([]int, m)
	s.Users.Batches = make([]int, m)
	ss := &s.Sessions
	*ss = Sessions{User: make([]int, ns), UserIndex: make([]int, ns), Seq: make([]int, ns),
		FirstJob: make([]int, ns), Jobs: make([]int, ns), FirstBatch: make([]int, ns), Batches: make([]int, ns),
		Start: make([]float64, ns), LastArrival: make([]float64, ns), End: make([]float64, ns)}
	bs := &s.Batches
	*bs = Batches{User: make([]int, nb), UserIndex: make([]int, nb), Session: make([]int, nb), Seq: make([]int, nb),
		FirstJob: make([]int, nb), Jobs: make([]int, nb),
		FirstArrival: make([]float64, nb), LastArrival: make([]float64, nb), End: make([]float64, nb)}
	si, bi := -1, -1
	for k, id := range s.Users.ID {
		s.Users.FirstSession[k] = si + 1
		s.Users.FirstBatch[k] = bi + 1
		first := s.Users.FirstJob[k]
		for p := first; p < first+s.Users.Jobs[k]; p++ {
			i := s.Order[p]
			a, e := submit[i], s.JobEnd[i]
			if mark[p]&newSession != 0 {
				si++
				ss.User[si], ss.UserIndex[si] = id, k
				ss.Seq[si] = si - s.Users.FirstSession[k]
				ss.FirstJob[si], ss.FirstBatch[si] = p, bi+1
				ss.Start[si], ss.End[si] = a, e
			}
			if mark[p]&newBatch != 0 {
				bi++
				bs.User[bi], bs.UserIndex[bi], bs.Session[bi] = id, k, si
				bs.Seq[bi] = bi - s.Users.FirstBatch[k]
				bs.FirstJob[bi] = p
				bs.FirstArrival[bi], bs.End[bi] = a, e
				ss.Batches[si]++
			}
			ss.Jobs[si]++
			ss.LastArrival[si] = a
			ss.End[si] = max(ss.End[si], e)
			bs.Jobs[bi]++
			bs.LastArrival[bi] = a
			bs.End[bi] = max(bs.End[bi], e)
			s.JobSession[i], s.JobBatch[i] = si, bi
		}
		s.Users.Sessions[k] = si + 1 - s.Users.FirstSession[k]
		s.Users.Batches[k] = bi + 1 - s.Users.FirstBatch[k]
	}
}

// endedBefore reports whether something ending at end had ended by time
// at: end ≤ at (Definition 2: no overlap), or end < at with
// TouchingOverlap.
func (s *Structure) endedBefore(end, at float64) bool {
	if s.Options.TouchingOverlap {
		return end < at
	}
	return end <= at
}

// dependencies builds the depends-on lists of Definition 12 and the think
// and inter-arrival times of §VII.
func (s *Structure) dependencies() {
	ss, bs := &s.Sessions, &s.Batches
	nb := bs.Len()
	d := Deps{Start: make([]int, nb+1), On: make([]int, 0, nb), Rule: make([]int8, 0, nb)}
	bs.ThinkTime = make([]float64, nb)
	bs.InterArrival = make([]float64, nb)
	var prefixMax []float64 // latest session end among the user's sessions up to each one
	var rule2 []int
	for k := range s.Users.ID {
		fs, ns := s.Users.FirstSession[k], s.Users.Sessions[k]
		prefixMax = prefixMax[:0]
		for j := fs; j < fs+ns; j++ {
			if j == fs {
				prefixMax = append(prefixMax, ss.End[j])
			} else {
				prefixMax = append(prefixMax, max(prefixMax[j-fs-1], ss.End[j]))
			}
		}
		for i := fs; i < fs+ns; i++ {
			fb := ss.FirstBatch[i]
			// Rule 2: the first batch of session i.
			d.Start[fb] = len(d.On)
			rule2 = s.rule2(rule2[:0], fs, i, prefixMax)
			for _, j := range rule2 {
				lb := ss.FirstBatch[j] + ss.Batches[j] - 1
				d.On = append(d.On, lb)
				d.Rule = append(d.Rule, 2)
			}
			// Rule 1: every other batch depends on the previous one.
			for b := fb + 1; b < fb+ss.Batches[i]; b++ {
				d.Start[b] = len(d.On)
				d.On = append(d.On, b-1)
				d.Rule = append(d.Rule, 1)
			}
		}
	}
	d.Start[nb] = len(d.On)
	s.Deps = d
	for b := range nb {
		on := d.Of(b)
		if len(on) == 0 {
			bs.ThinkTime[b] = math.NaN()
		} else {
			latest := math.Inf(-1)
			for _, o := range on {
				latest = max(latest, bs.End[o])
			}
			bs.ThinkTime[b] = bs.FirstArrival[b] - latest
		}
		if bs.Seq[b] == 0 {
			bs.InterArrival[b] = math.NaN()
		} else {
			bs.InterArrival[b] = bs.FirstArrival[b] - bs.LastArrival[b-1]
		}
	}
}

// rule2 appends to out, in increasing order, the sessions j (fs ≤ j < i)
// whose last batch the first batch of session i depends on by rule 2 of
// Definition 12. prefixMax[j−fs] is the latest end among sessions fs..j.
func (s *Structure) rule2(out []int, fs, i int, prefixMax []float64) []int {
	ss := &s.Sessions
	at := ss.Start[i]
	if s.Options.Dependencies == AllDependencies {
		for j := fs; j < i; j++ {
			if s.endedBefore(ss.End[j], at) {
				out = append(out, j)
			}
		}
		return out
	}
	// Transitive reduction: K is the latest session that had ended by at;
	// an earlier ended session j is implied through K unless it was still
	// running when K began.
	K := -1
	for j := i - 1; j >= fs; j-- {
		if s.endedBefore(ss.End[j], at) {
			K = j
			break
		}
	}
	if K < 0 {
		return out
	}
	startK := ss.Start[K]
	for j := K - 1; j >= fs; j-- {
		if s.endedBefore(prefixMax[j-fs], startK) {
			break // sessions fs..j all ended before K began
		}
		if !s.endedBefore(ss.End[j], startK) && s.endedBefore(ss.End[j], at) {
			out = append(out, j)
		}
	}
	slices.Reverse(out)
	return append(out, K)
}
