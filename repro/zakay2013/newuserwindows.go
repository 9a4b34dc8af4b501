package zakay2013

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/tracelab/tracelab/analytics/users"
	"github.com/tracelab/tracelab/datasets"
)

// newUserWindows compares Table V's early_users_faster without reading the
// counts as Poisson (userRates.se): the weekly counts of new users after
// the first 4 weeks are overdispersed (variance over mean 1.6–7.1 on our
// logs of Table V), so the early window is set against the later windows
// of the same length (the edge, 4 weeks), sliding by a week, each counted
// in whole weeks from the log's start and lying inside the log.
type newUserWindows struct {
	early             int // new users in the first window (userRates.nEarly)
	n                 int // later windows
	median, p95, most int // new users in a later window: median, 95th percentile (nearest rank below), largest
}

// laterWindows is newUserWindows of p; n is 0 when the log is shorter
// than three windows.
func laterWindows(p users.Population) newUserWindows {
	w := int(p.Options.Edge / datasets.Week)
	weeks := int((p.LogEnd - p.LogStart) / datasets.Week)
	out := newUserWindows{early: newUserRates(p).nEarly}
	if w < 1 || weeks < 3*w {
		return out
	}
	per := make([]int, weeks+1)
	for _, f := range p.FirstArrival {
		per[min(max(int((f-p.LogStart)/datasets.Week), 0), weeks)]++
	}
	var counts []int
	for i := w; i+w <= weeks; i++ {
		c := 0
		for _, x := range per[i : i+w] {
			c += x
		}
		counts = append(counts, c)
	}
	slices.Sort(counts)
	n := len(counts)
	out.n, out.median, out.p95, out.most = n, counts[n/2], counts[int(0.95*float64(n-1))], counts[n-1]
	return out
}

// words says the comparison, "" when there are no later windows.
func (w newUserWindows) words() string {
	if w.n == 0 {
		return ""
	}
	where := "above every later window"
	switch {
	case w.early <= w.median:
		where = "not above the median later window"
	case w.early <= w.p95:
		where = "above the median but not the 95th percentile of the later windows"
	case w.early <= w.most:
		where = "above the 95th percentile of the later windows, not the largest"
	}
	return fmt.Sprintf("the counts not read as Poisson: %d new users in the first 4 weeks against the %d later 4-week windows (sliding by a week): median %d, 95th percentile %d, largest %d; %s",
		w.early, w.n, w.median, w.p95, w.most, where)
}

// activeWindows compares the users in activity at the log's start with
// those in activity later, for Table V's early_users_faster: §4 reads the
// fast early climb of the users observed as "first observations of users
// that have already been active before", so it can show only as far as
// users were active when the log began. A user is in activity in a window
// when its period of activity (first to last submission) overlaps it; in
// the first window every such user is new (n: the later windows, as in
// laterWindows, 4 weeks sliding by a week, counted in whole weeks from the
// log's start).
type activeWindows struct {
	first         int // users in activity in the first window
	n             int // later windows
	median, least int // users in activity in a later window: median, fewest
	below         int // later windows with fewer users in activity than the first
}

// activeIn is activeWindows of p; n is 0 when the log is shorter than
// three windows.
func activeIn(p users.Population) activeWindows {
	w := int(p.Options.Edge / datasets.Week)
	weeks := int((p.LogEnd - p.LogStart) / datasets.Week)
	if w < 1 || weeks < 3*w {
		return activeWindows{}
	}
	count := func(i int) int {
		lo, hi := p.LogStart+float64(i)*datasets.Week, p.LogStart+float64(i+w)*datasets.Week
		c := 0
		for k := range p.FirstArrival {
			if p.FirstArrival[k] <= hi && p.LastArrival[k] >= lo {
				c++
			}
		}
		return c
	}
	out := activeWindows{first: count(0)}
	var counts []int
	for i := w; i+w <= weeks; i++ {
		c := count(i)
		counts = append(counts, c)
		if c < out.first {
			out.below++
		}
	}
	slices.Sort(counts)
	out.n, out.median, out.least = len(counts), counts[len(counts)/2], counts[0]
	return out
}

// share is the users in activity in the first window over the median
// later window (NaN without later windows).
func (a activeWindows) share() float64 {
	if a.n == 0 || a.median == 0 {
		return math.NaN()
	}
	return float64(a.first) / float64(a.median)
}

// activeWords says, for Table V's early_users_faster on log, how many users
// were in activity at the log's start against later (activeIn), beside the
// same share on every other log of the table; "" when the log has no later
// windows. A measurement, not a reason: the early count is those users.
func (r *TableVResult) activeWords(log string) string {
	var a activeWindows
	var others []string
	for _, row := range r.rows {
		x := activeIn(row.pop)
		if row.log == log {
			a = x
			continue
		}
		if x.n > 0 {
			others = append(others, fmt.Sprintf("%s %.2f", row.log, x.share()))
		}
	}
	if a.n == 0 {
		return ""
	}
	where := fmt.Sprintf("more than in %d of them", a.below)
	if a.first < a.least {
		where = "fewer than in any of them"
	}
	return fmt.Sprintf("the users in activity at the log's start (a user in activity from its first to its last submission; in the first 4 weeks every one is new, "+
		"so the early count cannot exceed them): %d in the first 4 weeks against the %d later 4-week windows (sliding by a week): median %d, fewest %d — %s; "+
		"%.2f of the median, against %s on the other logs", a.first, a.n, a.median, a.least, where, a.share(), strings.Join(others, ", "))
}
