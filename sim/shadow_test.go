package sim

import (
	"math"
	"slices"
	"testing"

	"pgregory.net/rapid"
)

// shadowChecker runs EASY and, around each of its passes, checks the
// engine's list of running jobs by estimated end (byEst, which Shadow
// compacts as it reads) and Shadow against a count from scratch.
type shadowChecker struct {
	*EASY
	t *rapid.T
}

func (c shadowChecker) Schedule(e *Engine) {
	c.check(e)
	c.EASY.Schedule(e)
	c.check(e)
	for p := 1; p <= e.Procs(); p++ {
		shadow, extra := e.Shadow(p)
		if ws, wx := refShadow(e, p); shadow != ws || extra != wx {
			c.t.Fatalf("now %v: Shadow(%d) = %v, %d; from scratch %v, %d", e.Now(), p, shadow, extra, ws, wx)
		}
		c.check(e)
	}
}

// check checks that byEst, once kept, is in (estimated end, job) order,
// holds every running job once, and that estDead counts its other
// entries.
func (c shadowChecker) check(e *Engine) {
	if !e.trackEst {
		return
	}
	if !slices.IsSortedFunc(e.byEst, func(a, b estEntry) int {
		if estLess(a, b) {
			return -1
		}
		return 1
	}) {
		c.t.Fatalf("now %v: byEst out of order: %v", e.Now(), e.byEst)
	}
	seen, dead := map[int]bool{}, 0
	for _, x := range e.byEst {
		j := int(x.j)
		if seen[j] {
			c.t.Fatalf("now %v: job %d twice in byEst", e.Now(), j)
		}
		seen[j] = true
		if e.state[j] != stateRunning {
			dead++
		} else if x.k != timeKey(e.estEnd(j)) || int(x.w) != e.width[j] {
			c.t.Fatalf("now %v: job %d: entry %+v", e.Now(), j, x)
		}
	}
	for _, j := range e.Running() {
		if !seen[j] {
			c.t.Fatalf("now %v: running job %d not in byEst", e.Now(), j)
		}
	}
	if dead != e.estDead {
		c.t.Fatalf("now %v: %d ended jobs in byEst, estDead %d", e.Now(), dead, e.estDead)
	}
}

// refShadow is Shadow counted from scratch over the running jobs.
func refShadow(e *Engine, p int) (float64, int) {
	if p <= e.Free() {
		return e.Now(), e.Free() - p
	}
	run := slices.Clone(e.Running())
	slices.SortFunc(run, func(a, b int) int {
		if d := e.estEnd(a) - e.estEnd(b); d != 0 {
			if d < 0 {
				return -1
			}
			return 1
		}
		return a - b
	})
	avail := e.Free()
	for i, j := range run {
		avail += e.Width(j)
		if avail >= p && (i+1 == len(run) || e.estEnd(run[i+1]) != e.estEnd(j)) {
			return e.estEnd(j), avail - p
		}
	}
	panic("no shadow time")
}

// The list of running jobs by estimated end stays exact while Shadow drops
// ended jobs from it, and Shadow agrees with a count from scratch for
// every width after every pass.
func TestPropertyShadowState(t *testing.T) {
	t.Parallel()
	rapid.Check(t, func(t *rapid.T) {
		jobs, procs := genWorkload(t)
		r, ends := runCounting(t, jobs, procs, shadowChecker{&EASY{}, t})
		checkCommon(t, r, ends, procs)
		ref, _ := runCounting(t, jobs, procs, &refEASY{})
		for j := range r.Start {
			if r.Start[j] != ref.Start[j] {
				t.Fatalf("job %d: starts at %v, reference %v", j, r.Start[j], ref.Start[j])
			}
		}
	})
}

// waitChecker runs EASY, hears the arrivals in the order they happen, and
// from pass `from` on checks Head and Waiting against that order and
// Running against the jobs started and not ended: the engine starts
// keeping those lists at their first call.
type waitChecker struct {
	*EASY
	t       *rapid.T
	from    int
	pass    *int
	arrived *[]int
}

func (c waitChecker) Arrive(e *Engine, j int) {
	*c.arrived = append(*c.arrived, j)
	c.EASY.Arrive(e, j)
}

func (c waitChecker) Schedule(e *Engine) {
	*c.pass++
	if *c.pass >= c.from {
		var want []int
		for _, j := range *c.arrived {
			if e.IsWaiting(j) {
				want = append(want, j)
			}
		}
		head := -1
		if len(want) > 0 {
			head = want[0]
		}
		if h := e.Head(); h != head {
			c.t.Fatalf("pass %d: Head() = %d, want %d", *c.pass, h, head)
		}
		if got := e.Waiting(); !slices.Equal(got, want) {
			c.t.Fatalf("pass %d: Waiting() = %v, want %v (arrival order)", *c.pass, got, want)
		}
		var running []int
		for j := range e.NumJobs() {
			if !math.IsNaN(e.StartTime(j)) && math.IsNaN(e.EndTime(j)) {
				running = append(running, j)
			}
		}
		if got := slices.Sorted(slices.Values(e.Running())); !slices.Equal(got, running) {
			c.t.Fatalf("pass %d: Running() = %v, want %v", *c.pass, got, running)
		}
	}
	c.EASY.Schedule(e)
}

// The waiting queue the engine builds at the first call of Head or
// Waiting, and keeps from then on, is the order of arrival; the running
// list built at the first call of Running holds the running jobs.
func TestPropertyWaitQueueLazy(t *testing.T) {
	t.Parallel()
	rapid.Check(t, func(t *rapid.T) {
		jobs, procs := genWorkload(t)
		from := rapid.IntRange(0, 2*len(jobs)+1).Draw(t, "from")
		var pass int
		var arrived []int
		runCounting(t, jobs, procs, waitChecker{&EASY{}, t, from, &pass, &arrived})
	})
}

// sparseShadowChecker is shadowChecker with Shadow compared from scratch at
// a few widths only (every pass checks byEst in full): for machines with
// hundreds of processors.
type sparseShadowChecker struct{ shadowChecker }

func (c sparseShadowChecker) Schedule(e *Engine) {
	c.check(e)
	c.EASY.Schedule(e)
	c.check(e)
	for _, p := range []int{1, e.Procs() / 3, e.Procs()/2 + 1, e.Procs()} {
		shadow, extra := e.Shadow(max(p, 1))
		if ws, wx := refShadow(e, max(p, 1)); shadow != ws || extra != wx {
			c.t.Fatalf("now %v: Shadow(%d) = %v, %d; from scratch %v, %d", e.Now(), p, shadow, extra, ws, wx)
		}
		c.check(e)
	}
}

// With hundreds of narrow jobs running at once and estimates spread widely,
// a started job goes far back in byEst (insertEst's binary search and
// move, beyond estStep): byEst stays in order, Shadow agrees with a count
// from scratch, and the schedule with the reference EASY.
func TestPropertyShadowManyRunning(t *testing.T) {
	t.Parallel()
	rapid.Check(t, func(t *rapid.T) {
		procs := rapid.IntRange(estStep, 400).Draw(t, "procs")
		n := rapid.IntRange(0, 500).Draw(t, "n")
		span := rapid.IntRange(0, 300).Draw(t, "span")
		jobs := make([]Job, n)
		for i := range jobs {
			run := float64(rapid.IntRange(0, 2000).Draw(t, "runtime"))
			jobs[i] = Job{ID: i + 1, Submit: float64(rapid.IntRange(0, span).Draw(t, "submit")),
				Runtime: run, Estimate: run + float64(rapid.IntRange(0, 5000).Draw(t, "slack")),
				Procs: rapid.IntRange(1, 4).Draw(t, "width")}
		}
		r, ends := runCounting(t, jobs, procs, sparseShadowChecker{shadowChecker{&EASY{}, t}})
		checkCommon(t, r, ends, procs)
		ref, _ := runCounting(t, jobs, procs, &refEASY{})
		for j := range r.Start {
			if r.Start[j] != ref.Start[j] {
				t.Fatalf("job %d: starts at %v, reference %v", j, r.Start[j], ref.Start[j])
			}
		}
	})
}
