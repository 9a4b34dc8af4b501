package resample

import (
	"cmp"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"sort"
	"time"

	"github.com/tracelab/tracelab/datasets"
)

// Weighting says how arriving temporary users are chosen from the pool.
type Weighting int

const (
	// Uniform chooses every temporary user with the same probability (the
	// default). Each temporary user arrived once in the log, so uniform
	// arrivals keep the log's mix of users; the length bias of the users
	// present at a given time is in the initial population, which is
	// weighted by weeks of activity (2013 §4, "Initialization").
	Uniform Weighting = iota
	// ByWeeks chooses arriving users, like the initial ones, with
	// probability proportional to their weeks of activity.
	ByWeeks
)

// LongTermStart says where in its stream a long-term user of the initial
// population starts.
type LongTermStart int

const (
	// StartInCycle starts each long-term user in a random week of its
	// cycle: the weeks of the log, the user's activity followed by the gap
	// after which it is regenerated (the default). The generated log is
	// then stationary: in every week a long-term user is active with the
	// same probability (its weeks of activity over the log's weeks), as
	// in a log "recorded over an arbitrary timespan" (2013 §4). A user
	// whose random week falls in its gap joins when its activity comes
	// round.
	StartInCycle LongTermStart = iota
	// StartInActivity starts each long-term user in a random week of its
	// traced activity (from its first job's week to its last's), the
	// paper's literal wording. Every long-term user is then active at the
	// start, and most are regenerated within one log's length, so the
	// users' activity periods come out longer than in the log (Fig. 4's
	// "period of activity" panel; see the package tests).
	StartInActivity
)

// Bounds of resampling, so that no option or odd log makes it run or grow
// without end.
const (
	// MaxWeeks bounds the span of the original log and the length of the
	// new one: 5218 weeks (100 years).
	MaxWeeks = 5218
	// MaxLoad bounds Options.Load.
	MaxLoad = 100
	// MaxJobs bounds the expected jobs of a new log (the original's jobs
	// per week × Load × its weeks): 10,000,000.
	MaxJobs = 10_000_000
)

// Options controls Generate. The zero value resamples a log as long as the
// original with the original's numbers of users (2013 §4 defaults).
type Options struct {
	// Weeks is the length of the new log in weeks (7 civil days) from the
	// original's first job, at most MaxWeeks. Zero means Extend.
	Weeks int
	// Extend is the length as a multiple of the original log's span (first
	// to last job); zero means 1. Weeks and Extend may not both be set;
	// the length may not exceed MaxWeeks weeks.
	Extend float64
	// Load multiplies the numbers of long-term users, initial temporary
	// users and arriving temporary users (2013 §6.3); zero means 1; at
	// most MaxLoad.
	Load float64
	// LongTermUsers is the number of long-term users; zero means
	// round(Load × the pool's long-term users), negative means none.
	LongTermUsers int
	// InitialTemporary is the expected number of temporary users at the
	// start (rounded at random to an integer); zero means Load ×
	// Pools.TemporaryPresent, negative means none.
	InitialTemporary float64
	// ArrivalRate is the expected number of new temporary users per week,
	// rare-behaviour users included; zero means Load ×
	// Pools.TemporaryRate, negative means none.
	ArrivalRate float64
	// RBNPW is the expected number of rare-behaviour users among each
	// week's arrivals (2013 §6.4 step 3), between 0 and ArrivalRate.
	RBNPW float64
	// Arrivals says how arriving temporary users are chosen (default
	// Uniform).
	Arrivals Weighting
	// LongTermStart says where initial long-term users start (default
	// StartInCycle). Replicas of one user start evenly spread over the
	// same range, as far apart as possible (2013 §6.3).
	LongTermStart LongTermStart
	// Seed and Stream seed the random generator (PCG): the same pools,
	// options and seeds give the same log.
	Seed, Stream uint64
}

// Instance is one user of a resampled log: a stream of a pool placed in
// time. A long-term instance repeats its stream every Pools.Weeks weeks.
type Instance struct {
	// ID is the user id in the resampled log (1, 2, … in order of
	// creation: long-term users, initial temporary users, arrivals).
	ID int
	// Kind and Stream name the pool stream (an index into Pools.LongTerm,
	// Pools.Temporary or Pools.Rare); User is the user id in the log.
	Kind   Kind
	Stream int
	User   int
	// Arrival is the week of the new log in which the user arrived (0 for
	// the initial population).
	Arrival int
	// Phase is the week of the log from which the stream starts: jobs of
	// earlier weeks are not used in the first cycle (the first week for
	// arrivals, a random week of activity for the initial population).
	Phase int
	// Shift is the number of weeks the first cycle moves by: a job of
	// week w of the log lands in week w + Shift (+ k·Pools.Weeks in the
	// k-th repetition of a long-term user).
	Shift int
	// Copy numbers the replicas of a long-term user (0 for the first).
	Copy int
	// Jobs is the number of jobs the instance submitted in the new log.
	Jobs int
}

// Report counts what Generate did.
type Report struct {
	LongTermUsers    int // long-term instances
	InitialTemporary int // temporary users started at the beginning
	Arrivals         int // temporary users that arrived later, rare ones included
	RareArrivals     int // rare-behaviour users among the arrivals
	// RareCapped counts rare-behaviour arrivals not made because a week
	// drew more of them than the pool holds (no user twice in one week).
	RareCapped int

	Jobs, LongTermJobs, TemporaryJobs, RareJobs int

	// DSTGap counts jobs whose local time did not exist on the target day
	// and that moved forward by the skipped time; DSTOrder counts jobs
	// moved to their predecessor's submit time to keep a user's order (see
	// WallClock). Both are 0 with the Elapsed clock.
	DSTGap, DSTOrder int
}

// Resampled is a resampled log.
type Resampled struct {
	// Trace is the new log, sorted by submit time, in the time frame of
	// the original (same UnixStartTime and time zone). Jobs are numbered
	// 1, 2, … in submit order; User is the instance ID; PrevJob names the
	// new number of the preceding job when it is in the new log (else
	// −1); every other field is the original job's, including its logged
	// wait (see WithWaits).
	Trace *datasets.Trace
	// Kind and Source give, per job, its pool and its row in
	// Pools.Trace.
	Kind   []Kind
	Source []int
	// Instances lists the users, by ID − 1.
	Instances []Instance
	Report    Report
	// Options are the options used, defaults filled in.
	Options Options
	// Start and End bound the new log's window (trace seconds): jobs
	// submitted from Start to End inclusive.
	Start, End float64
	// Weeks is the number of calendar weeks the window touches.
	Weeks int

	pools *Pools
}

// Pools returns the pools the log was resampled from.
func (r *Resampled) Pools() *Pools { return r.pools }

// resolve fills in the defaults of opts and checks them.
func (p *Pools) resolve(opts Options) (Options, error) {
	o := opts
	for _, step := range []func(*Options) error{p.resolveSize, p.resolveUsers, p.resolveRare} {
		if err := step(&o); err != nil {
			return o, err
		}
	}
	if o.LongTermStart != StartInCycle && o.LongTermStart != StartInActivity {
		return o, fmt.Errorf("resample: unknown long-term start %d", o.LongTermStart)
	}
	if o.Arrivals != Uniform && o.Arrivals != ByWeeks {
		return o, fmt.Errorf("resample: unknown arrival weighting %d", o.Arrivals)
	}
	return o, nil
}

// resolveSize checks the length and the load, and bounds the jobs they
// ask for (MaxWeeks, MaxLoad, MaxJobs).
func (p *Pools) resolveSize(o *Options) error {
	if o.Weeks < 0 || o.Extend < 0 || math.IsNaN(o.Extend) || math.IsInf(o.Extend, 0) {
		return fmt.Errorf("resample: bad length: Weeks %d, Extend %v", o.Weeks, o.Extend)
	}
	if o.Weeks > 0 && o.Extend > 0 {
		return fmt.Errorf("resample: set Weeks or Extend, not both")
	}
	if o.Weeks == 0 && o.Extend == 0 {
		o.Extend = 1
	}
	if o.Load == 0 {
		o.Load = 1
	}
	if !(o.Load > 0) || o.Load > MaxLoad {
		return fmt.Errorf("resample: load factor %v, want above 0 and at most %d", o.Load, MaxLoad)
	}
	length := float64(o.Weeks) * week
	if o.Weeks == 0 {
		length = o.Extend * p.Span()
	}
	if length > MaxWeeks*week {
		return fmt.Errorf("resample: a new log of %.0f weeks, more than %d (100 years)", length/week, MaxWeeks)
	}
	if jobs := float64(p.Trace.Len()) * length / max(p.Span(), week) * o.Load; jobs > MaxJobs {
		return fmt.Errorf("resample: the new log would hold about %.3g jobs, more than %d: lower the load or the length", jobs, MaxJobs)
	}
	return nil
}

// resolveUsers fills in the numbers of users from the load.
func (p *Pools) resolveUsers(o *Options) error {
	switch {
	case o.LongTermUsers == 0:
		o.LongTermUsers = int(math.Round(o.Load * float64(len(p.LongTerm))))
	case o.LongTermUsers < 0:
		o.LongTermUsers = 0
	}
	if o.LongTermUsers > 0 && len(p.LongTerm) == 0 {
		return fmt.Errorf("resample: %d long-term users asked, the pool has none", o.LongTermUsers)
	}
	var err error
	if o.InitialTemporary, err = orDefault("initial temporary users", o.InitialTemporary, o.Load*p.TemporaryPresent()); err != nil {
		return err
	}
	if o.ArrivalRate, err = orDefault("arrival rate", o.ArrivalRate, o.Load*p.TemporaryRate()); err != nil {
		return err
	}
	if o.ArrivalRate > float64(len(p.Temporary)) {
		return fmt.Errorf("resample: %.3g temporary users per week asked, the pool holds %d", o.ArrivalRate, len(p.Temporary))
	}
	if o.InitialTemporary > 0 && len(p.Temporary) == 0 {
		return fmt.Errorf("resample: initial temporary users asked, the pool has none")
	}
	return nil
}

// orDefault returns v, def when v is 0, or 0 when v is negative ("none");
// NaN and infinities are an error naming what.
func orDefault(what string, v, def float64) (float64, error) {
	switch {
	case math.IsNaN(v) || math.IsInf(v, 0):
		return 0, fmt.Errorf("resample: %s %v", what, v)
	case v == 0:
		return def, nil
	case v < 0:
		return 0, nil
	}
	return v, nil
}

// resolveRare checks RB_NPW.
func (p *Pools) resolveRare(o *Options) error {
	if !(o.RBNPW >= 0) || math.IsInf(o.RBNPW, 0) {
		return fmt.Errorf("resample: RB_NPW %v, want ≥ 0", o.RBNPW)
	}
	if o.RBNPW == 0 {
		return nil
	}
	if len(p.Rare) == 0 {
		return fmt.Errorf("resample: RB_NPW %v but no rare behaviour is defined", o.RBNPW)
	}
	if o.RBNPW > o.ArrivalRate {
		return fmt.Errorf("resample: RB_NPW %v above the arrival rate %.3g of temporary users (2013 §6.4)", o.RBNPW, o.ArrivalRate)
	}
	return nil
}

// entry is one job of the new log while it is being built.
type entry struct {
	t    float64 // submit time (trace seconds)
	inst int32   // instance index
	row  int32   // row of Pools.Trace
	prev int32   // emission index of the preceding job, −1 none
	seq  int32   // emission index
}

// Generate resamples the pools into a new log (2013 §4; §6.2 length, §6.3
// load, §6.4 rare behaviours). It returns an error for options out of
// range (see Options).
func (p *Pools) Generate(opts Options) (*Resampled, error) {
	o, err := p.resolve(opts)
	if err != nil {
		return nil, err
	}
	rng := rand.New(rand.NewPCG(o.Seed, o.Stream))

	// The window, in local time.
	w0 := p.local[0]
	length := float64(o.Weeks) * week
	if o.Weeks == 0 {
		length = o.Extend * p.Span()
	}
	w1 := w0 + length
	lastWeek := weekOf(w1, p.origin)

	g := &generator{p: p, w0: w0, w1: w1, lastWeek: lastWeek}
	loc, _ := p.Trace.Header.Location() // checked by NewPools
	g.zone = newZoneTable(loc, p.Trace.Header.UnixStartTime, p.Start-week, p.Start+length+week, p.Options.Clock == Elapsed)
	g.entries = make([]entry, 0, int(float64(p.Trace.Len())*length/max(p.Span(), week)*o.Load*1.2)+16)

	r := &Resampled{Options: o, pools: p}

	// Long-term users: every user before any replica (2013 §6.3), replicas
	// spread evenly over the range of starting weeks (LongTermStart).
	nlt := len(p.LongTerm)
	copies := make([]int, nlt)
	for _, u := range rounds(o.LongTermUsers, nlt, func(k int) []int {
		return distinct(rng, k, identity(nlt))
	}) {
		copies[u]++
	}
	for u, m := range copies {
		if m == 0 {
			continue
		}
		s := p.LongTerm[u]
		lo, span := s.FirstWeek, s.Weeks()
		if o.LongTermStart == StartInCycle {
			lo, span = 0, p.Weeks
		}
		first := rng.IntN(span)
		for c := range m {
			phase := lo + (first+int(math.Round(float64(c*span)/float64(m))))%span
			g.add(Instance{Kind: LongTerm, Stream: u, User: s.User, Phase: phase, Shift: -phase, Copy: c}, p.Weeks)
		}
	}
	r.Report.LongTermUsers = len(g.inst)

	// Initial temporary users, weighted by weeks of activity, each started
	// in a random week of its activity.
	ntmp := len(p.Temporary)
	weights := make([]float64, ntmp)
	for k, s := range p.Temporary {
		weights[k] = float64(s.Weeks())
	}
	k0 := stochasticRound(rng, o.InitialTemporary)
	for _, u := range rounds(k0, ntmp, func(k int) []int { return weightedDistinct(rng, weights, k) }) {
		s := p.Temporary[u]
		phase := s.FirstWeek + rng.IntN(s.Weeks())
		g.add(Instance{Kind: Temporary, Stream: u, User: s.User, Phase: phase, Shift: -phase}, 0)
	}
	r.Report.InitialTemporary = len(g.inst) - r.Report.LongTermUsers

	// Weekly arrivals: Binomial(pool, rate/pool) new temporary users, of
	// which on average RB_NPW are rare-behaviour users.
	var prob, rbShare float64
	if ntmp > 0 {
		prob = o.ArrivalRate / float64(ntmp)
	}
	if o.RBNPW > 0 {
		rbShare = o.RBNPW / o.ArrivalRate
	}
	scratch := identity(ntmp)
	rareScratch := identity(len(p.Rare))
	for w := 1; w <= lastWeek; w++ {
		n := binomial(rng, ntmp, prob)
		nrb := binomial(rng, n, rbShare)
		nreg := n - nrb
		var regular []int
		if o.Arrivals == ByWeeks {
			regular = weightedDistinct(rng, weights, nreg)
		} else {
			regular = distinct(rng, nreg, scratch)
		}
		for _, u := range regular {
			s := p.Temporary[u]
			g.add(Instance{Kind: Temporary, Stream: u, User: s.User, Arrival: w, Phase: s.FirstWeek, Shift: w - s.FirstWeek}, 0)
		}
		r.Report.Arrivals += nreg
		if nrb > len(p.Rare) {
			r.Report.RareCapped += nrb - len(p.Rare)
			nrb = len(p.Rare)
		}
		for _, u := range distinct(rng, nrb, rareScratch) {
			s := p.Rare[u]
			g.add(Instance{Kind: Rare, Stream: u, User: s.User, Arrival: w, Phase: s.FirstWeek, Shift: w - s.FirstWeek}, 0)
		}
		r.Report.Arrivals += nrb
		r.Report.RareArrivals += nrb
	}

	r.Start, _ = g.zone.trace(w0, p.offset[0])
	r.End, _ = g.zone.trace(w1, p.offset[0])
	r.Weeks = lastWeek + 1
	r.Instances = g.inst
	g.build(r)
	return r, nil
}

func identity(n int) []int {
	s := make([]int, n)
	for i := range s {
		s[i] = i
	}
	return s
}

// generator holds the state of one Generate call.
type generator struct {
	p        *Pools
	zone     zoneTable
	w0, w1   float64 // window, local time
	lastWeek int
	inst     []Instance
	entries  []entry
	dstGap   int
	dstOrder int
}

// add places an instance and emits its jobs in the window. period is the
// repetition period in weeks (0: no repetition).
func (g *generator) add(in Instance, period int) {
	p := g.p
	in.ID = len(g.inst) + 1
	idx := int32(len(g.inst))
	var s Stream
	switch in.Kind {
	case LongTerm:
		s = p.LongTerm[in.Stream]
	case Temporary:
		s = p.Temporary[in.Stream]
	default:
		s = p.Rare[in.Stream]
	}
	// The first position whose week is ≥ Phase.
	phaseStart := p.origin + float64(in.Phase)*week
	k0 := sort.Search(len(s.Rows), func(k int) bool { return p.local[s.Rows[k]] >= phaseStart })
	last := math.Inf(-1)
	for cycle := 0; ; cycle++ {
		shift := in.Shift + cycle*period
		if s.FirstWeek+shift > g.lastWeek {
			break
		}
		start := 0
		if cycle == 0 {
			start = k0
		}
		move := float64(shift) * week
		// Skip jobs before the window.
		lo := start + sort.Search(len(s.Rows)-start, func(k int) bool { return p.local[s.Rows[start+k]]+move >= g.w0 })
		first := int32(len(g.entries))
		for k := lo; k < len(s.Rows); k++ {
			row := s.Rows[k]
			l := p.local[row] + move
			if l > g.w1 {
				break
			}
			t, m := g.zone.trace(l, p.offset[row])
			if m == mapGap {
				g.dstGap++
			}
			if t < last {
				t = last
				g.dstOrder++
			}
			last = t
			e := entry{t: t, inst: idx, row: int32(row), prev: -1, seq: int32(len(g.entries))}
			if s.prev != nil {
				if q := s.prev[k]; q >= lo {
					e.prev = first + int32(q-lo)
				}
			}
			g.entries = append(g.entries, e)
			in.Jobs++
		}
		if period == 0 {
			break
		}
	}
	g.inst = append(g.inst, in)
}

// build sorts the entries into the new log: a counting sort by week of
// the window, then a sort of each week's entries by (submit, instance,
// emission), then column by column gathers from the source rows.
func (g *generator) build(r *Resampled) {
	p := g.p
	es := g.sortEntries()
	n := len(es)
	newID := make([]int32, n) // by emission index
	rows := make([]int, n)
	for i, e := range es {
		newID[e.seq] = int32(i + 1)
		rows[i] = int(e.row)
	}
	src := p.Trace
	t := &datasets.Trace{Name: fmt.Sprintf("%s-resampled-%d", src.Name, r.Options.Seed)}
	t.Header = g.header(r, n)
	t.JobID = make([]int, n)
	t.Submit = make([]float64, n)
	t.User = make([]int, n)
	t.PrevJob = make([]int, n)
	r.Kind = make([]Kind, n)
	r.Source = rows
	var count [3]int
	for i, e := range es {
		t.JobID[i] = i + 1
		t.Submit[i] = e.t
		t.User[i] = int(e.inst) + 1
		t.PrevJob[i] = -1
		if e.prev >= 0 {
			t.PrevJob[i] = int(newID[e.prev])
		}
		k := r.Instances[e.inst].Kind
		r.Kind[i] = k
		count[k]++
	}
	t.Wait = gather(src.Wait, rows)
	t.Runtime = gather(src.Runtime, rows)
	t.Procs = gather(src.Procs, rows)
	t.CPUTime = gather(src.CPUTime, rows)
	t.Mem = gather(src.Mem, rows)
	t.ReqProcs = gather(src.ReqProcs, rows)
	t.ReqTime = gather(src.ReqTime, rows)
	t.ReqMem = gather(src.ReqMem, rows)
	t.Status = gather(src.Status, rows)
	t.Group = gather(src.Group, rows)
	t.App = gather(src.App, rows)
	t.Queue = gather(src.Queue, rows)
	t.Partition = gather(src.Partition, rows)
	t.ThinkTime = gather(src.ThinkTime, rows)
	r.Report.LongTermJobs, r.Report.TemporaryJobs, r.Report.RareJobs = count[LongTerm], count[Temporary], count[Rare]
	r.Report.Jobs = n
	r.Report.DSTGap, r.Report.DSTOrder = g.dstGap, g.dstOrder
	r.Trace = t
}

// gather returns col[rows[0]], col[rows[1]], ….
func gather[T any](col []T, rows []int) []T {
	out := make([]T, len(rows))
	for i, j := range rows {
		out[i] = col[j]
	}
	return out
}

// sortEntries returns the entries ordered by (submit, instance, emission
// index).
func (g *generator) sortEntries() []entry {
	es := g.entries
	if len(es) == 0 {
		return es
	}
	lo, hi := es[0].t, es[0].t
	for _, e := range es {
		lo, hi = min(lo, e.t), max(hi, e.t)
	}
	nb := int((hi-lo)/day) + 1
	bucket := func(e entry) int { return min(int((e.t-lo)/day), nb-1) }
	start := make([]int, nb+1)
	for _, e := range es {
		start[bucket(e)+1]++
	}
	for b := range nb {
		start[b+1] += start[b]
	}
	out := make([]entry, len(es))
	next := slices.Clone(start[:nb])
	for _, e := range es {
		b := bucket(e)
		out[next[b]] = e
		next[b]++
	}
	less := func(a, b entry) int {
		if c := cmp.Compare(a.t, b.t); c != 0 {
			return c
		}
		if c := cmp.Compare(a.inst, b.inst); c != 0 {
			return c
		}
		return cmp.Compare(a.seq, b.seq)
	}
	for b := range nb {
		slices.SortFunc(out[start[b]:start[b+1]], less)
	}
	return out
}

// header returns the new log's header: the original's, with the job
// counts, the window, a note saying how it was made and, for an original
// without a machine size, the size inferred from the original's schedule.
func (g *generator) header(r *Resampled, n int) datasets.Header {
	src := g.p.Trace
	h := src.Header.Clone()
	h.Lines = nil
	h.MaxJobs, h.MaxRecords = n, n
	loc, _ := h.Location()
	at := func(sec float64) string {
		s := math.Floor(sec)
		return time.Unix(h.UnixStartTime+int64(s), 0).In(loc).Format(time.UnixDate)
	}
	h.StartTime, h.EndTime = at(r.Start), at(r.End)
	o := r.Options
	length := fmt.Sprintf("%d weeks", o.Weeks)
	if o.Weeks == 0 {
		length = fmt.Sprintf("%g × the original span", o.Extend)
	}
	note := fmt.Sprintf("resampled by tracelab from %s (Zakay & Feitelson 2013, user-level resampling):\n"+
		"%s, load %g, %d long-term users, %.4g initial temporary users, %.4g arrivals/week, RB_NPW %g,\n"+
		"%s arrivals, %s clock, seed %d stream %d; submit times and users are new, waits are the original's",
		src.Name, length, o.Load, o.LongTermUsers, o.InitialTemporary, o.ArrivalRate, o.RBNPW,
		map[Weighting]string{Uniform: "uniform", ByWeeks: "by-weeks"}[o.Arrivals], g.p.Options.Clock, o.Seed, o.Stream)
	if m := src.Machine(); m.Rule == datasets.SizePeakInUse {
		// The new log's own schedule is not the machine's: keep the
		// original's size, and say where it came from.
		h.MaxProcs = m.Procs
		note += fmt.Sprintf(";\nMaxProcs %d is the original's, %s", m.Procs, m.Rule)
	}
	h.Notes = append(h.Notes, note)
	return h
}
