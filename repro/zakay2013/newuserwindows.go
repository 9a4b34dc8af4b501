package zakay2013

import (
	"fmt"
	"slices"

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
