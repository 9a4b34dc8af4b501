package resample

import (
	"fmt"
	"math"
	"slices"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
	"gonum.org/v1/gonum/stat"

	"github.com/tracelab/tracelab/datasets"
)

// LoadProfile is the load a log offers, period by period, in total and by
// user class: the diagnostic of the bootstrap of 2013 §6.1, whose spread
// the paper explains by "sparse periods, in which very few jobs arrive"
// in the logs, while "our resampling tends to distribute users and jobs
// somewhat more evenly".
//
// Periods are whole: period k covers [Start + k·Unit, Start + (k+1)·Unit),
// and the jobs of a trailing partial period are left out, so that every
// period has the same capacity.
type LoadProfile struct {
	Name  string
	Start float64 // trace seconds
	Unit  float64 // period length, seconds
	Procs int     // machine size
	// Classes names the user classes: "all" first, then long_term and
	// temporary, then rare and discarded when the log has such jobs.
	Classes []string
	// Work[c][k] is the work submitted in period k by users of class c:
	// Σ runtime × processors, processor-seconds (jobs of unknown runtime
	// or processor count are left out).
	Work [][]float64
	// Users[c][k] is the number of users of class c that submitted a job
	// in period k (the concurrently active users).
	Users [][]int
}

// Periods returns the number of periods.
func (lp LoadProfile) Periods() int {
	if len(lp.Work) == 0 {
		return 0
	}
	return len(lp.Work[0])
}

// Load returns the offered load of class c per period: Work[c] over the
// capacity Procs × Unit.
func (lp LoadProfile) Load(c int) []float64 {
	out := make([]float64, len(lp.Work[c]))
	for k, w := range lp.Work[c] {
		out[k] = w / (float64(lp.Procs) * lp.Unit)
	}
	return out
}

// LoadProfile returns the profile of the original log over its span
// (first to last submission), with periods of unit seconds (week or day,
// typically) and the log's machine size (datasets.Trace.Machine). A job's class is its stream's
// pool: long_term, temporary, rare, or discarded for the temporary users
// near the log's edges that the pools leave out (2013 §4). It panics if
// unit is not positive.
func (p *Pools) LoadProfile(unit float64) LoadProfile {
	cls := make([]Kind, p.Trace.Len())
	for i := range cls {
		cls[i] = discarded
	}
	for _, s := range p.Streams() {
		for _, i := range s.Rows {
			cls[i] = s.Kind
		}
	}
	users := make([]int, p.Trace.Len())
	copy(users, p.Trace.User)
	return newLoadProfile(p.Trace, p.Trace.Name, cls, users, p.Start, p.End, unit, p.Trace.Machine().Procs)
}

// LoadProfile returns the profile of the resampled log over its window,
// with periods of unit seconds and the original's machine size. A job's
// class is its instance's pool; every instance is a user. It panics if
// unit is not positive.
func (r *Resampled) LoadProfile(unit float64) LoadProfile {
	return newLoadProfile(r.Trace, r.Trace.Name, r.Kind, r.Trace.User, r.Start, r.End, unit, r.pools.Trace.Machine().Procs)
}

// LoadProfiles returns, for each of units, the profile r.LoadProfile(unit)
// of the log r = p.Generate(opts), without building r's trace: only the
// columns a profile reads are gathered.
func (p *Pools) LoadProfiles(opts Options, units ...float64) ([]LoadProfile, error) {
	w, _ := p.cache.workers.Get().(*replicator)
	if w == nil {
		w = &replicator{}
	}
	defer p.cache.workers.Put(w)
	g := &w.g
	// A lean generation, as a replicate's: the jobs in the order of the
	// new log (ordered sorts as order does), each read from its slot.
	o, err := p.generate(g, opts, true)
	if err != nil {
		return nil, err
	}
	keys, slotInst := g.ordered()
	src := p.Trace
	// The classes present, then every unit's profile in one pass over
	// the jobs in the order of the new log (as newLoadProfile adds them).
	var present [Rare + 2]bool
	for _, si := range slotInst {
		present[g.inst[int32(si>>32)].Kind+1] = true
	}
	name := fmt.Sprintf("%s-resampled-%d", src.Name, o.Seed)
	procs := src.Machine().Procs
	bs := make([]profileBuilder, len(units))
	for k, u := range units {
		// Users are the instances, numbered from 1.
		bs[k] = newProfileBuilder(name, present, lastPeriods{lo: 1, dense: make([]int, len(g.inst))}, g.start, g.end, u, procs)
	}
	for i, k := range keys {
		row, inst := p.slotRow[uint32(slotInst[i])], int32(slotInst[i]>>32)
		t, r, w := g.keyTime(k), src.Runtime[row], src.Procs[row]
		c, u := g.inst[inst].Kind, int(inst)+1
		for b := range bs {
			bs[b].add(t, r, w, c, u)
		}
	}
	lps := make([]LoadProfile, len(units))
	for k := range bs {
		lps[k] = bs[k].lp
	}
	return lps, nil
}

// discarded is the class of the original log's jobs that no pool holds.
const discarded Kind = -1

func className(k Kind) string {
	if k == discarded {
		return "discarded"
	}
	return k.String()
}

func newLoadProfile(t *datasets.Trace, name string, cls []Kind, users []int, start, end, unit float64, procs int) LoadProfile {
	// Classes are indexed by Kind+1 (discarded is −1).
	var present [Rare + 2]bool
	for _, c := range cls {
		present[c+1] = true
	}
	b := newProfileBuilder(name, present, newLastPeriods(users), start, end, unit, procs)
	for i, s := range t.Submit {
		b.add(s, t.Runtime[i], t.Procs[i], cls[i], users[i])
	}
	return b.lp
}

// profileBuilder makes a LoadProfile from its jobs, added one by one in
// the order of the log.
type profileBuilder struct {
	lp    LoadProfile
	n     int           // periods
	index [Rare + 2]int // column of Work and Users by Kind+1
	last  lastPeriods   // per user, the last period counted
}

// newProfileBuilder returns the builder of the profile of periods of unit
// seconds from start to end, with a column for each class present (by
// Kind+1), users' last periods in last (empty).
func newProfileBuilder(name string, present [Rare + 2]bool, last lastPeriods, start, end, unit float64, procs int) profileBuilder {
	if !(unit > 0) || math.IsInf(unit, 0) {
		panic("resample: LoadProfile: unit must be positive and finite")
	}
	n := max(int(math.Floor((end-start)/unit)), 0)
	order := []Kind{LongTerm, Temporary}
	if present[Rare+1] {
		order = append(order, Rare)
	}
	if present[discarded+1] {
		order = append(order, discarded)
	}
	b := profileBuilder{n: n, last: last}
	b.lp = LoadProfile{Name: name, Start: start, Unit: unit, Procs: procs, Classes: []string{"all"}}
	for k, c := range order {
		b.index[c+1] = k + 1
		b.lp.Classes = append(b.lp.Classes, className(c))
	}
	b.lp.Work = make([][]float64, len(b.lp.Classes))
	b.lp.Users = make([][]int, len(b.lp.Classes))
	for c := range b.lp.Classes {
		b.lp.Work[c] = make([]float64, n)
		b.lp.Users[c] = make([]int, n)
	}
	return b
}

// add adds a job of user u, class c, submitted at s, of runtime r on w
// processors.
func (b *profileBuilder) add(s, r float64, w int, c Kind, u int) {
	lp := &b.lp
	if !(s >= lp.Start) || s >= lp.Start+float64(b.n)*lp.Unit {
		return
	}
	k := int((s - lp.Start) / lp.Unit)
	ci := b.index[c+1]
	if r >= 0 && w > 0 {
		x := r * float64(w)
		lp.Work[0][k] += x
		lp.Work[ci][k] += x
	}
	if b.last.swap(u, k+1) != k+1 {
		lp.Users[0][k]++
		lp.Users[ci][k]++
	}
}

// lastPeriods holds, per user, the last period in which the user was
// counted, +1 (0: never): in a slice over the users' range when it is
// not much larger than the number of jobs (as in the archive's logs),
// else in a map.
type lastPeriods struct {
	lo    int
	dense []int
	m     map[int]int
}

func newLastPeriods(users []int) lastPeriods {
	if len(users) == 0 {
		return lastPeriods{}
	}
	lo, hi := slices.Min(users), slices.Max(users)
	if span := uint64(hi) - uint64(lo); span < uint64(2*len(users)+1024) {
		return lastPeriods{lo: lo, dense: make([]int, span+1)}
	}
	return lastPeriods{m: map[int]int{}}
}

// swap records period p (+1) for user u and returns the one it replaces.
func (l lastPeriods) swap(u, p int) int {
	if l.dense != nil {
		old := l.dense[u-l.lo]
		l.dense[u-l.lo] = p
		return old
	}
	old := l.m[u]
	l.m[u] = p
	return old
}

// SeriesStats summarises a series.
type SeriesStats struct {
	N        int
	Mean, SD float64 // SD with n − 1
	CV       float64 // SD / Mean
	// ACF[k−1] is the autocorrelation at lag k,
	//
	//	r_k = Σ_{t<n−k} (x_t − m)(x_{t+k} − m) / Σ_t (x_t − m)²,
	//
	// (the usual biased estimator, as R's acf); NaN for a constant series
	// or a lag of at least n.
	ACF []float64
}

// Describe returns the mean, SD, CV and autocorrelations at lags 1..lags
// of x. Mean, SD and CV are NaN for fewer than 2 values; CV is NaN when
// the mean is 0.
func Describe(x []float64, lags int) SeriesStats {
	s := SeriesStats{N: len(x), Mean: math.NaN(), SD: math.NaN(), CV: math.NaN(), ACF: make([]float64, max(lags, 0))}
	if len(x) >= 2 {
		s.Mean, s.SD = stat.MeanStdDev(x, nil)
		if s.Mean != 0 {
			s.CV = s.SD / s.Mean
		}
	}
	var den float64
	for _, v := range x {
		den += (v - s.Mean) * (v - s.Mean)
	}
	for k := 1; k <= lags; k++ {
		if k >= len(x) || !(den > 0) {
			s.ACF[k-1] = math.NaN()
			continue
		}
		var num float64
		for t := 0; t+k < len(x); t++ {
			num += (x[t] - s.Mean) * (x[t+k] - s.Mean)
		}
		s.ACF[k-1] = num / den
	}
	return s
}

// ProfileStats is the summary of one class of a LoadProfile.
type ProfileStats struct {
	Log, Class string
	Load       SeriesStats // offered load per period
	Users      SeriesStats // active users per period
}

// Stats returns the summary of every class, with autocorrelations at lags
// 1..lags.
func (lp LoadProfile) Stats(lags int) []ProfileStats {
	out := make([]ProfileStats, len(lp.Classes))
	for c, name := range lp.Classes {
		u := make([]float64, len(lp.Users[c]))
		for k, v := range lp.Users[c] {
			u[k] = float64(v)
		}
		out[c] = ProfileStats{Log: lp.Name, Class: name, Load: Describe(lp.Load(c), lags), Users: Describe(u, lags)}
	}
	return out
}

// ProfileFrame returns one row per (log, class, period) of the profiles,
// in the order given, then by class and period: log, class, period,
// start (trace seconds), work (processor-seconds), load and users.
func ProfileFrame(ps ...LoadProfile) dataframe.DataFrame {
	var lg, cl []string
	var per []int
	var st, wk, ld []float64
	var us []int
	for _, lp := range ps {
		for c, name := range lp.Classes {
			load := lp.Load(c)
			for k := range lp.Work[c] {
				lg, cl = append(lg, lp.Name), append(cl, name)
				per = append(per, k)
				st = append(st, lp.Start+float64(k)*lp.Unit)
				wk, ld = append(wk, lp.Work[c][k]), append(ld, load[k])
				us = append(us, lp.Users[c][k])
			}
		}
	}
	return dataframe.New(
		series.New(lg, series.String, "log"),
		series.New(cl, series.String, "class"),
		series.New(per, series.Int, "period"),
		series.New(st, series.Float, "start"),
		series.New(wk, series.Float, "work"),
		series.New(ld, series.Float, "load"),
		series.New(us, series.Int, "users"),
	)
}

// ProfileStatsFrame returns one row per (log, class) in the order given:
// log, class, periods, mean_load, sd_load, cv_load, acf_1 … acf_<lags>
// (of the load), mean_users, cv_users.
func ProfileStatsFrame(ss []ProfileStats, lags int) dataframe.DataFrame {
	n := len(ss)
	lg, cl := make([]string, n), make([]string, n)
	per := make([]int, n)
	ml, sl, cv, mu, cu := make([]float64, n), make([]float64, n), make([]float64, n), make([]float64, n), make([]float64, n)
	acf := make([][]float64, lags)
	for k := range acf {
		acf[k] = make([]float64, n)
	}
	for i, s := range ss {
		lg[i], cl[i], per[i] = s.Log, s.Class, s.Load.N
		ml[i], sl[i], cv[i], mu[i], cu[i] = s.Load.Mean, s.Load.SD, s.Load.CV, s.Users.Mean, s.Users.CV
		for k := range acf {
			acf[k][i] = math.NaN()
			if k < len(s.Load.ACF) {
				acf[k][i] = s.Load.ACF[k]
			}
		}
	}
	cols := []series.Series{
		series.New(lg, series.String, "log"),
		series.New(cl, series.String, "class"),
		series.New(per, series.Int, "periods"),
		series.New(ml, series.Float, "mean_load"),
		series.New(sl, series.Float, "sd_load"),
		series.New(cv, series.Float, "cv_load"),
	}
	for k := range acf {
		cols = append(cols, series.New(acf[k], series.Float, fmt.Sprintf("acf_%d", k+1)))
	}
	cols = append(cols, series.New(mu, series.Float, "mean_users"), series.New(cu, series.Float, "cv_users"))
	return dataframe.New(cols...)
}

// weeklyLoadCV returns the CV of the weekly offered load of t over
// [start, end] (whole weeks), NaN for fewer than two weeks. (The CV does
// not depend on the machine size.)
func weeklyLoadCV(t *datasets.Trace, start, end float64) float64 {
	cls := make([]Kind, t.Len())
	lp := newLoadProfile(t, t.Name, cls, t.User, start, end, datasets.Week, 1)
	return Describe(lp.Load(0), 0).CV
}
