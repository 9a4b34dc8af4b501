package quality

import (
	"fmt"
	"math"
	"slices"
	"time"

	"github.com/tracelab/tracelab/datasets"
)

// Thresholds of the configuration detectors (see the package doc).
const (
	month       = 30 * datasets.Day
	stepFactor  = 1.5  // machine_change: ratio of the median monthly peaks
	stepMonths  = 3    // machine_change: least months on each side
	queueShare  = 0.01 // queue_change: least fraction of the jobs
	queueMargin = 0.10 // queue_change: fraction of the span at each end
)

func (c *checker) configuration() {
	c.machineChange()
	c.queueChange("queue", c.t.Queue)
	c.queueChange("partition", c.t.Partition)
}

// machineChange looks for a step in the monthly peak of processors in use
// (30-day bins from the first start, capped at the header's machine size):
// the split into two periods of at
// least stepMonths months whose median monthly peaks differ most, reported
// when they differ by stepFactor or more.
func (c *checker) machineChange() {
	at, detail, ok := c.machineSplit(c.schedule())
	if !ok {
		return
	}
	t := c.t
	c.rows(Configuration, "machine_change", "submit<"+c.t.WallTime(at).Format(time.DateTime), detail,
		func(i int) bool { return t.Submit[i] < at })
}

// machineSplit returns the time of machine_change's step in u and the
// anomaly's detail; ok is false when there is none.
func (c *checker) machineSplit(u *schedule) (at float64, detail string, ok bool) {
	if u.steps == 0 {
		return 0, "", false
	}
	t0 := u.t0
	nb := int((u.last-t0)/month) + 1
	if nb < 2*stepMonths || nb > maxBins {
		return 0, "", false
	}
	// Above the header's size the schedule is erroneous (over_capacity
	// reports it), not a larger machine: peaks are capped there
	// (schedule's ceiling).
	peaks := u.peaks
	if u.binsOut || len(peaks) != nb {
		panic(fmt.Sprintf("quality: %d monthly bins swept (beyond %d: %v), want %d", len(peaks), maxBins, u.binsOut, nb))
	}
	bestK, bestR, bestMean := -1, 1.0, 0.0
	for k := stepMonths; k <= nb-stepMonths; k++ {
		before, after := nonZero(peaks[:k]), nonZero(peaks[k:])
		lo, hi := median(before), median(after)
		if lo <= 0 || hi <= 0 {
			continue
		}
		// Ties of the medians' ratio go to the split whose means differ
		// most: the split at the step, not one month off it.
		r, rm := math.Abs(math.Log(hi/lo)), math.Abs(math.Log(mean(after)/mean(before)))
		if r > math.Abs(math.Log(bestR)) || r == math.Abs(math.Log(bestR)) && rm > bestMean {
			bestK, bestR, bestMean = k, hi/lo, rm
		}
	}
	if bestK < 0 || (bestR < stepFactor && bestR > 1/stepFactor) {
		return 0, "", false
	}
	at = t0 + float64(bestK)*month
	lo, hi := median(nonZero(peaks[:bestK])), median(nonZero(peaks[bestK:]))
	date := c.t.WallTime(at).Format(time.DateTime)
	return at, fmt.Sprintf("the monthly peak of processors in use changes at %s: median %.0f before, %.0f after "+
		"(the machine grew or shrank, or part of it was not logged); the filter removes the period before", date, lo, hi), true
}

func mean(v []int) float64 {
	s := 0
	for _, x := range v {
		s += x
	}
	return float64(s) / float64(len(v))
}

func nonZero(v []int) []int {
	out := make([]int, 0, len(v))
	for _, x := range v {
		if x > 0 {
			out = append(out, x)
		}
	}
	return out
}

// queueChange reports each queue (or partition) that holds at least
// queueShare of the jobs but is used only after the first queueMargin of
// the log's span, or only before its last queueMargin.
func (c *checker) queueChange(name string, col []int) {
	t := c.t
	uses := queueUses{}
	for i, q := range col {
		uses.add(q, t.Submit[i])
	}
	for _, ch := range c.queueChanges(name, uses) {
		q := ch.q
		c.rows(Configuration, name+"_change", ch.filter, ch.detail, func(i int) bool { return col[i] == q })
	}
}

// queueUses gathers queue_change's use of each queue (or partition).
type queueUses struct {
	uses       map[int]*queueUse
	start, end float64 // known submit times; start > end: none
	jobs       int     // jobs handed (add)
}

type queueUse struct {
	first, last float64
	jobs        int
}

// add adds a job of queue q submitted at s.
func (u *queueUses) add(q int, s float64) {
	if u.uses == nil {
		u.uses, u.start, u.end = map[int]*queueUse{}, math.Inf(1), math.Inf(-1)
	}
	u.jobs++
	if math.IsNaN(s) {
		return
	}
	u.start, u.end = min(u.start, s), max(u.end, s)
	if q < 0 {
		return
	}
	x := u.uses[q]
	if x == nil {
		x = &queueUse{first: s, last: s}
		u.uses[q] = x
	}
	x.first, x.last = min(x.first, s), max(x.last, s)
	x.jobs++
}

// queueChangeOf is one queue_change anomaly of queueChanges: its rows are
// those of queue q.
type queueChangeOf struct {
	q              int
	filter, detail string
}

// queueChanges returns the queues (or partitions) of u that hold at least
// queueShare of the jobs but are used only after the first queueMargin of
// the log's span, or only before its last queueMargin, by queue number.
func (c *checker) queueChanges(name string, u queueUses) []queueChangeOf {
	start, end := u.start, u.end
	span := end - start
	if !(span > 0) || len(u.uses) < 2 {
		return nil
	}
	ids := make([]int, 0, len(u.uses))
	for q := range u.uses {
		ids = append(ids, q)
	}
	slices.Sort(ids)
	var out []queueChangeOf
	for _, q := range ids {
		x := u.uses[q]
		if float64(x.jobs) < queueShare*float64(u.jobs) {
			continue
		}
		late, early := x.first > start+queueMargin*span, x.last < end-queueMargin*span
		if !late && !early {
			continue
		}
		out = append(out, queueChangeOf{q: q, filter: fmt.Sprintf("%s=%d", name, q),
			detail: fmt.Sprintf("%s %d (%d jobs) is used only from %s to %s of a log running from %s to %s: "+
				"the %ss changed during the logging period", name, q, x.jobs, c.date(x.first), c.date(x.last),
				c.date(start), c.date(end), name)})
	}
	return out
}
