package sim

import (
	"math"
	"slices"
	"sort"
)

// Reference schedulers written as plainly as possible, through the public
// Engine API only, with none of the optimisations of EASY and
// Conservative (no incremental passes, no width index, no profile blocks).
// The property tests check that the fast schedulers make exactly the same
// decisions.

// refEASY is EASY backfilling recomputed from scratch at every pass.
type refEASY struct {
	order func(e *Engine, j int) float64
}

func (s *refEASY) Schedule(e *Engine) {
	q := slices.Clone(e.Waiting())
	i := 0
	for i < len(q) && e.Width(q[i]) <= e.Free() {
		e.Start(q[i])
		i++
	}
	if i == len(q) {
		return
	}
	head := q[i]
	// Shadow time by a plain sort of the running jobs.
	type run struct {
		end float64
		j   int
	}
	var rs []run
	for _, j := range e.Running() {
		rs = append(rs, run{e.StartTime(j) + e.Estimate(j), j})
	}
	sort.Slice(rs, func(a, b int) bool {
		return rs[a].end < rs[b].end || (rs[a].end == rs[b].end && rs[a].j < rs[b].j)
	})
	avail := e.Free()
	shadow, extra := math.NaN(), 0
	for k, r := range rs {
		avail += e.Width(r.j)
		if avail >= e.Width(head) && (k+1 == len(rs) || rs[k+1].end != r.end) {
			shadow, extra = r.end, avail-e.Width(head)
			break
		}
	}
	rest := slices.Clone(q[i+1:])
	if s.order != nil {
		sort.SliceStable(rest, func(a, b int) bool { return s.order(e, rest[a]) < s.order(e, rest[b]) })
	}
	for _, j := range rest {
		w := e.Width(j)
		if w > e.Free() {
			continue
		}
		if e.Now()+e.Estimate(j) <= shadow {
			e.Start(j)
		} else if w <= extra {
			extra -= w
			e.Start(j)
		}
	}
}

// refConservative is conservative backfilling over an explicit list of
// promised intervals, compressing the whole queue after any early end.
type refConservative struct {
	res   map[int]float64 // waiting job → reservation start
	early bool
	seen  map[int]bool
}

func (s *refConservative) Finish(e *Engine, j int) {
	if e.StartTime(j)+dur(e, j) > e.Now() {
		s.early = true
	}
}

// fit returns the earliest t ≥ now at which job j fits for dur(j), given
// the running jobs (until start + dur) and the other reservations.
func (s *refConservative) fit(e *Engine, j int) float64 {
	type iv struct {
		s, e float64
		w    int
	}
	var ivs []iv
	for _, k := range e.Running() {
		ivs = append(ivs, iv{e.StartTime(k), e.StartTime(k) + dur(e, k), e.Width(k)})
	}
	for k, r := range s.res {
		if k != j {
			ivs = append(ivs, iv{r, r + dur(e, k), e.Width(k)})
		}
	}
	pts := []float64{e.Now()}
	for _, x := range ivs {
		pts = append(pts, x.s, x.e)
	}
	sort.Float64s(pts)
	pts = slices.Compact(pts)
	free := make([]int, len(pts))
	for i, u := range pts {
		free[i] = e.Procs()
		for _, x := range ivs {
			if x.s <= u && u < x.e {
				free[i] -= x.w
			}
		}
	}
	d := dur(e, j)
	for i, t := range pts {
		if t < e.Now() {
			continue
		}
		ok := true
		for k := i; k < len(pts) && (k == i || pts[k] < t+d); k++ {
			if free[k] < e.Width(j) {
				ok = false
				break
			}
		}
		if ok {
			return t
		}
	}
	panic("refConservative: no fit")
}

func (s *refConservative) Schedule(e *Engine) {
	if s.res == nil {
		s.res = map[int]float64{}
		s.seen = map[int]bool{}
	}
	q := e.Waiting()
	if s.early {
		s.early = false
		for _, j := range q {
			if r, ok := s.res[j]; ok && r > e.Now() {
				if t := s.fit(e, j); t < r {
					s.res[j] = t
				}
			}
		}
	}
	for _, j := range q {
		if !s.seen[j] {
			s.seen[j] = true
			s.res[j] = s.fit(e, j)
		}
	}
	due := []int{}
	for _, j := range q {
		if s.res[j] <= e.Now() {
			due = append(due, j)
		}
	}
	sort.SliceStable(due, func(a, b int) bool { return s.res[due[a]] < s.res[due[b]] })
	for _, j := range due {
		delete(s.res, j)
		e.Start(j)
	}
	next := math.Inf(1)
	for _, r := range s.res {
		next = min(next, r)
	}
	if !math.IsInf(next, 1) {
		e.WakeAt(next)
	}
}
