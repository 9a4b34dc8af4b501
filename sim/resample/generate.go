package resample

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"sort"
	"time"

	"gonum.org/v1/gonum/stat/distuv"

	"github.com/tracelab/tracelab/datasets"
)

// Instance is one user of a resampled log: a stream of a pool placed in
// time. A long-term instance repeats its stream every Period weeks.
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
	// arrivals; for the initial population a week of its activity or, for
	// a long-term user, of its cycle, which runs from its first job's
	// week for Period weeks and may reach past the log's last week).
	Phase int
	// Shift is the number of weeks the first cycle moves by: a job of
	// week w of the log lands in week w + Shift (+ k·Period in the k-th
	// repetition of a long-term user).
	Shift int
	// Period is the number of weeks after which a long-term instance's
	// stream repeats (see Regeneration); 0 for a temporary or rare
	// instance.
	Period int
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
	// ArrivalsCapped counts temporary arrivals not made because a
	// Poisson count exceeded the pool (PoissonArrivals).
	ArrivalsCapped int

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

// entry is one job of the new log while it is being built.
type entry struct {
	t    float64 // submit time (trace seconds)
	inst int32   // instance index
	row  int32   // row of Pools.Trace
	prev int32   // emission index of the preceding job, −1 none
	slot int32   // slot of the row in the pools' layout (Pools.base)
}

// Generate resamples the pools into a new log (2013 §4; §6.2 length, §6.3
// load, §6.4 rare behaviours). It returns an error for options out of
// range (see Options).
func (p *Pools) Generate(opts Options) (*Resampled, error) {
	g := &generator{}
	o, err := p.generate(g, opts, false)
	if err != nil {
		return nil, err
	}
	r := &Resampled{Options: o, pools: p, Instances: g.inst, Report: g.report, Start: g.start, End: g.end, Weeks: g.weeks}
	g.build(r)
	return r, nil
}

// generate places the users of a new log and emits their jobs into g
// (g.inst, g.entries, g.report without the job counts, the window),
// reusing g's memory; it returns the options with the defaults filled in.
// The jobs are not yet in submit order (see order). A lean generation
// emits only what a replicate reads, each job's submit time and its slot
// and instance (g.times, g.slotInst; see ordered), not g.entries.
func (p *Pools) generate(g *generator, opts Options, lean bool) (Options, error) {
	o, err := p.resolve(opts)
	if err != nil {
		return o, err
	}
	rng := rand.New(rand.NewPCG(o.Seed, o.Stream))

	// The window, in local time.
	w0 := p.local[0]
	length := float64(o.Weeks) * datasets.Week
	if o.Weeks == 0 {
		length = o.Extend * p.Span()
	}
	w1 := w0 + length
	lastWeek := weekOf(w1, p.origin)

	g.reset(p, w0, w1, lastWeek, lean)
	if err := g.classWeights(o); err != nil {
		return o, err
	}
	g.setZone(p.Start-datasets.Week, p.Start+length+datasets.Week)
	if room := int(float64(p.Trace.Len())*length/max(p.Span(), datasets.Week)*o.Load*1.2) + 16; lean {
		g.times, g.slotInst = slices.Grow(g.times, room), slices.Grow(g.slotInst, room)
	} else {
		g.entries = slices.Grow(g.entries, room)
	}

	g.longTerm(rng, o)
	g.report.LongTermUsers = len(g.inst)
	g.initialTemporaries(rng, o)
	g.report.InitialTemporary = len(g.inst) - g.report.LongTermUsers
	g.arrivals(rng, o, &g.report)
	g.report.DSTGap, g.report.DSTOrder = g.dstGap, g.dstOrder

	g.start, _ = g.zone.trace(w0, p.offset[0])
	g.end, _ = g.zone.trace(w1, p.offset[0])
	g.weeks = lastWeek + 1
	return o, nil
}

// longTerm places the long-term users (2013 §4 "Long-term users"; §6.3
// replicas). A user's stream repeats every period weeks (Regeneration); a
// cycle runs from its first job's week for period weeks, and the user
// starts in a week of it (LongTermStart). Replicas of one user start
// evenly spread over the range of starting weeks.
func (g *generator) longTerm(rng *rand.Rand, o Options) {
	p := g.p
	nlt := len(p.LongTerm)
	copies := make([]int, nlt)
	if g.longWeight != nil {
		copies = weightedCopies(rng, o.LongTermUsers, g.longWeight, o.LongTermSelection == LongTermWithReplacement)
	} else if o.LongTermSelection == LongTermWithReplacement {
		for range o.LongTermUsers {
			copies[rng.IntN(nlt)]++
		}
	} else {
		for _, u := range rounds(o.LongTermUsers, nlt, func(k int) []int {
			return distinct(rng, k, identity(nlt))
		}) {
			copies[u]++
		}
	}
	common := -1
	if o.LongTermStart == StartInCommonWeek && nlt > 0 {
		common = rng.IntN(p.Weeks)
	}
	for u, m := range copies {
		if m == 0 {
			continue
		}
		s := p.LongTerm[u]
		var period int
		switch o.Regeneration {
		case RegenerateAfterSpan:
			period = max(p.SpanWeeks(), s.Weeks())
		case RegenerateAfterCalendarWeeks:
			period = p.Weeks
		case RegenerateImmediately:
			period = s.Weeks()
		}
		lo, span := s.FirstWeek, period
		if o.LongTermStart == StartInActivity {
			span = s.Weeks()
		}
		var first int
		if common >= 0 {
			// The week of the cycle that falls on the log's week common.
			first = ((common-lo)%span + span) % span
		} else {
			first = rng.IntN(span)
		}
		for c := range m {
			phase := lo + (first+int(math.Round(float64(c*span)/float64(m))))%span
			g.add(Instance{Kind: LongTerm, Stream: u, User: s.User, Phase: phase, Shift: -phase, Period: period, Copy: c})
		}
	}
}

// initialTemporaries places the temporary users present at the start
// (2013 §4 "Initialization"; InitialTemporaries): chosen by weight, each
// started in a random week of its presence or of its activity.
func (g *generator) initialTemporaries(rng *rand.Rand, o Options) {
	p := g.p
	ntmp := len(p.Temporary)
	weights := make([]float64, ntmp)
	for k, s := range p.Temporary {
		switch o.InitialTemporaries {
		case InitialByPresence:
			weights[k] = float64(s.Weeks())
		case InitialByActiveWeeks:
			weights[k] = float64(s.ActiveWeeks())
		default:
			weights[k] = 1
		}
	}
	k0 := stochasticRound(rng, o.InitialTemporary)
	var picked []int
	if g.tempWeight == nil {
		picked = rounds(k0, ntmp, func(k int) []int { return weightedDistinct(rng, weights, k) })
	} else {
		for k := range weights {
			weights[k] *= g.tempWeight[k]
		}
		cand, cw := positive(weights)
		picked = rounds(k0, len(cand), func(k int) []int { return weightedDistinct(rng, cw, k) })
		for i, c := range picked {
			picked[i] = cand[c]
		}
	}
	for _, u := range picked {
		s := p.Temporary[u]
		var phase int
		if o.InitialTemporaries == InitialByActiveWeeks {
			phase = s.active[rng.IntN(len(s.active))]
		} else {
			phase = s.FirstWeek + rng.IntN(s.Weeks())
		}
		g.add(Instance{Kind: Temporary, Stream: u, User: s.User, Phase: phase, Shift: -phase})
	}
}

// arrivals adds each week's new temporary users (2013 §4 "Temporary
// users"; ArrivalCount, Arrivals), of which on average RB_NPW are
// rare-behaviour users (§6.4 step 3), each started from its first job.
func (g *generator) arrivals(rng *rand.Rand, o Options, rep *Report) {
	p := g.p
	ntmp := len(p.Temporary)
	weights := make([]float64, ntmp)
	for k, s := range p.Temporary {
		weights[k] = float64(s.Weeks())
	}
	var prob, rbShare float64
	if ntmp > 0 {
		prob = o.ArrivalRate / float64(ntmp)
	}
	if o.RBNPW > 0 {
		rbShare = o.RBNPW / o.ArrivalRate
	}
	poisson := distuv.Poisson{Lambda: o.ArrivalRate, Src: rng}
	scratch := identity(ntmp)
	var cand []int // with class weights: the users of weight > 0, and their weights
	var candWeight []float64
	if g.tempWeight != nil {
		for k := range weights {
			if o.Arrivals != ByWeeks {
				weights[k] = 1
			}
			weights[k] *= g.tempWeight[k]
		}
		cand, candWeight = positive(weights)
	}
	rareScratch := identity(len(p.Rare))
	for w := 1; w <= g.lastWeek; w++ {
		var n int
		switch {
		case o.ArrivalRate == 0:
		case o.ArrivalCount == PoissonArrivals:
			n = int(poisson.Rand())
			if n > ntmp {
				rep.ArrivalsCapped += n - ntmp
				n = ntmp
			}
		case o.ArrivalCount == FixedArrivals:
			n = stochasticRound(rng, o.ArrivalRate)
		default:
			n = binomial(rng, ntmp, prob)
		}
		nrb := binomial(rng, n, rbShare)
		nreg := n - nrb
		var regular []int
		if cand != nil {
			if nreg > len(cand) {
				rep.ArrivalsCapped += nreg - len(cand)
				nreg = len(cand)
			}
			regular = weightedDistinct(rng, candWeight, nreg)
			for i, c := range regular {
				regular[i] = cand[c]
			}
		} else if o.Arrivals == ByWeeks {
			regular = weightedDistinct(rng, weights, nreg)
		} else {
			regular = distinct(rng, nreg, scratch)
		}
		for _, u := range regular {
			s := p.Temporary[u]
			g.add(Instance{Kind: Temporary, Stream: u, User: s.User, Arrival: w, Phase: s.FirstWeek, Shift: w - s.FirstWeek})
		}
		rep.Arrivals += nreg
		if nrb > len(p.Rare) {
			rep.RareCapped += nrb - len(p.Rare)
			nrb = len(p.Rare)
		}
		for _, u := range distinct(rng, nrb, rareScratch) {
			s := p.Rare[u]
			g.add(Instance{Kind: Rare, Stream: u, User: s.User, Arrival: w, Phase: s.FirstWeek, Shift: w - s.FirstWeek})
		}
		rep.Arrivals += nrb
		rep.RareArrivals += nrb
	}
}

func identity(n int) []int {
	s := make([]int, n)
	for i := range s {
		s[i] = i
	}
	return s
}

// generator holds the state of one generation. A worker of a sweep keeps
// one and reuses its memory from replicate to replicate.
type generator struct {
	p *Pools
	// longWeight and tempWeight are the class weights of the long-term
	// and temporary streams (Options.ClassWeights); nil without.
	longWeight, tempWeight []float64

	zone             zoneTable
	zoneFrom, zoneTo float64 // the range zone was made for
	zonePools        *Pools
	w0, w1           float64 // window, local time
	lastWeek         int
	inst             []Instance
	entries          []entry
	// lean is set for a lean generation (generate): the jobs are emitted
	// into times and slotInst (slot | instance<<32), in emission order,
	// instead of entries.
	lean             bool
	times            []float64
	slotInst         []uint64
	dstGap, dstOrder int
	report           Report
	start, end       float64 // the window, trace seconds
	weeks            int
	key, key2        []uint64 // sort keys (sortKeys) and radixSort's scratch
	idx, idx2        []int32  // order's emission indices
	pay2             []uint64 // ordered's scratch
	count            []int32  // radixSort's digit counts
	keyLo            float64  // sortKeys' origin of whole keys
	keyWhole         bool     // sortKeys' keys are whole seconds from keyLo
}

// reset makes g ready for a generation (lean or not) from pools p over
// the local window [w0, w1] whose last week is lastWeek, keeping its
// memory.
func (g *generator) reset(p *Pools, w0, w1 float64, lastWeek int, lean bool) {
	g.p, g.w0, g.w1, g.lastWeek, g.lean = p, w0, w1, lastWeek, lean
	g.longWeight, g.tempWeight = nil, nil
	g.inst, g.entries, g.times, g.slotInst = g.inst[:0], g.entries[:0], g.times[:0], g.slotInst[:0]
	g.dstGap, g.dstOrder, g.report = 0, 0, Report{}
}

// setZone makes g.zone the zone table of the pools' log for trace times
// in [from, to] (kept when it already is).
func (g *generator) setZone(from, to float64) {
	if g.zonePools == g.p && g.zoneFrom == from && g.zoneTo == to {
		return
	}
	loc, _ := g.p.Trace.Header.Location() // checked by NewPools
	g.zone = newZoneTable(loc, g.p.Trace.Header.UnixStartTime, from, to, g.p.Options.Clock == Elapsed)
	g.zonePools, g.zoneFrom, g.zoneTo = g.p, from, to
}

// add places an instance and emits its jobs in the window, repeating its
// stream every in.Period weeks (0: no repetition).
func (g *generator) add(in Instance) {
	period := in.Period
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
	// The stream's local times and offsets, in the pools' layout.
	base := p.base[in.Kind][in.Stream]
	local := p.slotLocal[base : int(base)+len(s.Rows)]
	offset := p.slotOffset[base : int(base)+len(s.Rows)]
	// The first position whose week is ≥ Phase.
	phaseStart := p.origin + float64(in.Phase)*datasets.Week
	k0 := sort.Search(len(local), func(k int) bool { return local[k] >= phaseStart })
	for cycle := 0; ; cycle++ {
		shift := in.Shift + cycle*period
		if s.FirstWeek+shift > g.lastWeek {
			break
		}
		start := 0
		if cycle == 0 {
			start = k0
		}
		move := float64(shift) * datasets.Week
		last := math.Inf(-1) // cycles may overlap (RegenerateAfterSpan); order is kept within one
		// Skip jobs before the window.
		lo := start + sort.Search(len(local)-start, func(k int) bool { return local[start+k]+move >= g.w0 })
		first := int32(len(g.entries))
		seg := 0 // zone segment hint (traceNear)
		// The lean emission's slices, in locals for the loop (stored back
		// after it); the window's end and the zone table likewise.
		lean, times, slotInst, w1, zone := g.lean, g.times, g.slotInst, g.w1, &g.zone
		for k := lo; k < len(local); k++ {
			l := local[k] + move
			if l > w1 {
				break
			}
			t, m := zone.traceNear(&seg, l, offset[k])
			if m == mapGap {
				g.dstGap++
			}
			if t < last {
				t = last
				g.dstOrder++
			}
			last = t
			in.Jobs++
			if lean {
				times = append(times, t)
				slotInst = append(slotInst, uint64(uint32(base+int32(k)))|uint64(uint32(idx))<<32)
				continue
			}
			e := entry{t: t, inst: idx, row: int32(s.Rows[k]), prev: -1, slot: base + int32(k)}
			if s.prev != nil {
				if q := s.prev[k]; q >= lo {
					e.prev = first + int32(q-lo)
				}
			}
			g.entries = append(g.entries, e)
		}
		g.times, g.slotInst = times, slotInst
		if period == 0 {
			break
		}
	}
	g.inst = append(g.inst, in)
}

// build sorts the entries into the new log (order), then gathers it
// column by column from the source rows.
func (g *generator) build(r *Resampled) {
	p := g.p
	idx := g.order()
	n := len(idx)
	newID := make([]int32, n) // by emission index
	rows := make([]int, n)
	for i, k := range idx {
		newID[k] = int32(i + 1)
		rows[i] = int(g.entries[k].row)
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
	for i, k := range idx {
		e := g.entries[k]
		t.JobID[i] = i + 1
		t.Submit[i] = e.t
		t.User[i] = int(e.inst) + 1
		t.PrevJob[i] = -1
		if e.prev >= 0 {
			t.PrevJob[i] = int(newID[e.prev])
		}
		kd := r.Instances[e.inst].Kind
		r.Kind[i] = kd
		count[kd]++
	}
	gatherColumns(t, src, rows)
	r.Report.LongTermJobs, r.Report.TemporaryJobs, r.Report.RareJobs = count[LongTerm], count[Temporary], count[Rare]
	r.Report.Jobs = n
	r.Trace = t
}

// gatherColumns sets the columns of t that a resampled log copies from
// its source rows of src (every one but JobID, Submit, User and PrevJob).
func gatherColumns(t, src *datasets.Trace, rows []int) {
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
}

// gather returns col[rows[0]], col[rows[1]], ….
func gather[T any](col []T, rows []int) []T {
	out := make([]T, len(rows))
	for i, j := range rows {
		out[i] = col[j]
	}
	return out
}

// order returns the emission indices of the entries in the order of the
// new log: by (submit, instance, emission index). Entries are emitted
// instance after instance (add), so emission order is already (instance,
// emission index) order, and a stable sort by submit time gives the whole
// order (radixSort of the keys of sortKeys). It is linear in the number
// of entries; the slice is g's, valid until the next call.
func (g *generator) order() []int32 {
	n := len(g.entries)
	g.times = slices.Grow(g.times[:0], n)[:n]
	for i, e := range g.entries {
		g.times[i] = e.t
	}
	top := g.sortKeys()
	g.idx, g.idx2 = slices.Grow(g.idx[:0], n)[:n], slices.Grow(g.idx2[:0], n)[:n]
	idx := g.idx
	for i := range idx {
		idx[i] = int32(i)
	}
	g.key, g.key2, g.idx, g.idx2 = radixSort(g.key, g.key2, g.idx, g.idx2, &g.count, top)
	return g.idx
}

// ordered returns what a replicate reads of the jobs, in the order of
// order: their sort keys (keyTime gives the submit time) and, in one
// word, their slots and instances (slot | instance<<32). Reading these
// in sequence spares the replicate a random read of each job. After a
// lean generation it sorts g.times and g.slotInst as they were emitted;
// else it makes them from the entries first. The slices are g's, valid
// until the next call.
func (g *generator) ordered() (keys, slotInst []uint64) {
	if !g.lean {
		n := len(g.entries)
		g.times, g.slotInst = slices.Grow(g.times[:0], n)[:n], slices.Grow(g.slotInst[:0], n)[:n]
		for i, e := range g.entries {
			g.times[i], g.slotInst[i] = e.t, uint64(uint32(e.slot))|uint64(uint32(e.inst))<<32
		}
	}
	top := g.sortKeys()
	g.pay2 = slices.Grow(g.pay2[:0], len(g.slotInst))[:len(g.slotInst)]
	g.key, g.key2, g.slotInst, g.pay2 = radixSort(g.key, g.key2, g.slotInst, g.pay2, &g.count, top)
	return g.key, g.slotInst
}

// sortKeys fills g.key with the sort keys of the submit times g.times and
// returns the largest: the seconds from the earliest submit time when they
// are all whole (as in the archive's logs) and give back each time
// exactly, else the times' order-preserving bit patterns. keyTime inverts
// it.
func (g *generator) sortKeys() (top uint64) {
	es := g.times
	n := len(es)
	g.key, g.key2 = slices.Grow(g.key[:0], n)[:n], slices.Grow(g.key2[:0], n)[:n]
	if n == 0 {
		return 0
	}
	// The earliest time by < rather than min, which is slower: the two
	// differ only when some time is NaN (then no key is whole, whatever
	// lo) or between −0 and +0 (the same keys and keyTime).
	lo := es[0]
	for _, t := range es[1:] {
		if t < lo {
			lo = t
		}
	}
	key := g.key
	g.keyLo, g.keyWhole = lo, true
	for i, t := range es {
		// d is whole and below 2^53 exactly when it is below 2^53 and
		// int64 gives it back (int64 truncates; of NaN it gives a
		// value ≠ NaN). d ≥ 0 unless NaN, lo being the least time.
		d := t - lo
		if d >= 1<<53 || float64(int64(d)) != d || lo+d != t {
			g.keyWhole = false
			break
		}
		key[i] = uint64(int64(d))
		top = max(top, key[i])
	}
	if !g.keyWhole {
		top = 0
		for i, t := range es {
			key[i] = orderedBits(t)
			top = max(top, key[i])
		}
	}
	return top
}

// keyTime returns the submit time of sort key k (sortKeys).
func (g *generator) keyTime(k uint64) float64 {
	if g.keyWhole {
		return g.keyLo + float64(k)
	}
	if k>>63 == 1 {
		return math.Float64frombits(k &^ (1 << 63))
	}
	return math.Float64frombits(^k)
}

// radixSort sorts key stably, and pay alongside, by a radix sort whose
// scattered writes stay in cache. When there are at least blockMin keys,
// top is at least 2^blockBits (in whole seconds, a window of more than 12
// days) and there are at most 2^16 blocks of 2^blockBits key values, 64
// keys a block or more on average, it makes one pass that moves each key
// into its block (key>>blockBits) and then sorts each block by two passes
// of lowBits bits, whose counts and keys stay in cache; other keys go to
// lsdSort.
// key2 and pay2 are scratch of the same lengths; count is kept between
// calls. It returns the sorted slices and the scratch.
func radixSort[P int32 | uint64](key, key2 []uint64, pay, pay2 []P, count *[]int32, top uint64) ([]uint64, []uint64, []P, []P) {
	if *count == nil {
		*count = make([]int32, 1<<16+2<<lowBits)
	}
	c := *count
	if n := len(key); n < blockMin || top < 1<<blockBits || top>>blockBits >= min(1<<16, uint64(n)/64) {
		return lsdSort(key, key2, pay, pay2, c[:1<<16], top)
	}
	// The blocks: block b is key2[c[b-1]:c[b]] (c[-1] = 0) after the scatter.
	nb := int(top>>blockBits) + 1
	// lo and hi as arrays: a masked digit needs no bounds check.
	start := c[:nb]
	lo, hi := (*[1 << lowBits]int32)(c[1<<16:]), (*[1 << lowBits]int32)(c[1<<16+1<<lowBits:])
	clear(start)
	for _, k := range key {
		start[k>>blockBits]++
	}
	var sum int32
	for b, m := range start {
		start[b] = sum
		sum += m
	}
	for i, k := range key {
		b := k >> blockBits
		key2[start[b]], pay2[start[b]] = k, pay[i]
		start[b]++
	}
	// Each block by its low bits, key2 → key → key2.
	from := int32(0)
	for _, to := range start {
		k, p := key2[from:to], pay2[from:to]
		k2, p2 := key[from:to], pay[from:to]
		p, p2 = p[:len(k)], p2[:len(k2)] // the same lengths, for the bounds checks
		from = to
		if len(k) < 2 {
			continue
		}
		clear(lo[:])
		clear(hi[:])
		for _, x := range k {
			lo[x&lowMask]++
			hi[x>>lowBits&lowMask]++
		}
		var sl, sh int32
		for d := range lo {
			ml, mh := lo[d], hi[d]
			lo[d], hi[d] = sl, sh
			sl, sh = sl+ml, sh+mh
		}
		for i, x := range k {
			d := x & lowMask
			k2[lo[d]], p2[lo[d]] = x, p[i]
			lo[d]++
		}
		for i, x := range k2 {
			d := x >> lowBits & lowMask
			k[hi[d]], p[hi[d]] = x, p2[i]
			hi[d]++
		}
	}
	return key2, key, pay2, pay
}

// The block sort of radixSort: blocks of 2^blockBits key values, each
// sorted by two digits of lowBits bits; fewer than blockMin keys go to
// lsdSort.
const (
	lowBits   = 10
	lowMask   = 1<<lowBits - 1
	blockBits = 2 * lowBits
	blockMin  = 1 << 14
)

// lsdSort sorts key stably, and pay alongside, by an LSD radix sort of
// 16 bits a pass (two passes for keys below 2^32: a window of up to 136
// years in whole seconds); a pass whose digit is the same for every key
// is skipped, and none is made above top's highest digit. c holds 2^16
// counts. It returns the sorted slices and the scratch.
func lsdSort[P int32 | uint64](key, key2 []uint64, pay, pay2 []P, c []int32, top uint64) ([]uint64, []uint64, []P, []P) {
	n := len(key)
	for shift := uint(0); shift < 64 && top>>shift != 0; shift += 16 {
		clear(c)
		for _, k := range key {
			c[(k>>shift)&0xffff]++
		}
		if int(c[(key[0]>>shift)&0xffff]) == n {
			continue // one digit for all: the pass would not move anything
		}
		var sum int32
		for d, m := range c {
			c[d] = sum
			sum += m
		}
		for i, k := range key {
			d := (k >> shift) & 0xffff
			key2[c[d]], pay2[c[d]] = k, pay[i]
			c[d]++
		}
		key, key2, pay, pay2 = key2, key, pay2, pay
	}
	return key, key2, pay, pay2
}

// orderedBits maps a float64 to a uint64 with the same order (for every
// value but NaN): the sign bit flipped for positive values, every bit
// flipped for negative ones.
func orderedBits(f float64) uint64 {
	b := math.Float64bits(f)
	if b>>63 == 1 {
		return ^b
	}
	return b | 1<<63
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
		"long-term start %s, selection %s, regeneration %s, initial temporaries %s, %s %s arrivals,\n"+
		"%s clock, seed %d stream %d; submit times and users are new, waits are the original's",
		src.Name, length, o.Load, o.LongTermUsers, o.InitialTemporary, o.ArrivalRate, o.RBNPW,
		o.LongTermStart, o.LongTermSelection, o.Regeneration, o.InitialTemporaries, o.ArrivalCount, o.Arrivals,
		g.p.Options.Clock, o.Seed, o.Stream)
	if len(o.ClassWeights) > 0 {
		note += fmt.Sprintf(";\nuser classes weighted %s (2013 §6.5.4)", o.ClassWeights)
	}
	if m := src.Machine(); m.Rule == datasets.SizePeakInUse {
		// The new log's own schedule is not the machine's: keep the
		// original's size, and say where it came from.
		h.MaxProcs = m.Procs
		note += fmt.Sprintf(";\nMaxProcs %d is the original's, %s", m.Procs, m.Rule)
	}
	h.Notes = append(h.Notes, note)
	return h
}

// classWeights sets the streams' class weights (Options.ClassWeights). It
// returns an error when users are asked of a pool whose users all weigh 0.
func (g *generator) classWeights(o Options) error {
	if len(o.ClassWeights) == 0 {
		return nil
	}
	classes := g.p.UserClasses()
	g.longWeight = streamWeights(g.p.LongTerm, classes, o.ClassWeights)
	g.tempWeight = streamWeights(g.p.Temporary, classes, o.ClassWeights)
	if c, _ := positive(g.longWeight); len(c) == 0 && o.LongTermUsers > 0 {
		return fmt.Errorf("resample: class weights %s give every long-term user weight 0", o.ClassWeights)
	}
	if c, _ := positive(g.tempWeight); len(c) == 0 && (o.InitialTemporary > 0 || o.ArrivalRate > 0) {
		return fmt.Errorf("resample: class weights %s give every temporary user weight 0", o.ClassWeights)
	}
	return nil
}

// positive returns the indices of w's positive weights and those weights.
func positive(w []float64) (idx []int, pw []float64) {
	idx, pw = []int{}, []float64{}
	for i, v := range w {
		if v > 0 {
			idx = append(idx, i)
			pw = append(pw, v)
		}
	}
	return idx, pw
}

// weightedCopies shares n places among users of weights w (some > 0): with
// replacement, n independent draws with probability proportional to w;
// else user u gets ⌊n·w_u/Σw⌋ places and the remaining ones go to distinct
// users of weight > 0 drawn with probability proportional to the
// fractional parts. A user of weight 0 gets none.
func weightedCopies(rng *rand.Rand, n int, w []float64, replace bool) []int {
	copies := make([]int, len(w))
	cand, cw := positive(w)
	if len(cand) == 0 || n <= 0 {
		return copies
	}
	total := 0.0
	for _, v := range cw {
		total += v
	}
	if replace {
		cum := make([]float64, len(cw))
		sum := 0.0
		for i, v := range cw {
			sum += v
			cum[i] = sum
		}
		for range n {
			x := rng.Float64() * sum
			i := min(sort.Search(len(cum), func(i int) bool { return cum[i] > x }), len(cum)-1)
			copies[cand[i]]++
		}
		return copies
	}
	frac := make([]float64, len(cw))
	left := n
	for i, v := range cw {
		x := float64(n) * v / total
		f := math.Floor(x)
		copies[cand[i]] = int(f)
		left -= int(f)
		frac[i] = x - f
	}
	for _, i := range weightedDistinct(rng, frac, min(max(left, 0), len(cand))) {
		copies[cand[i]]++
	}
	return copies
}
