package feitelson2021

import (
	"fmt"
	"testing"

	"github.com/tracelab/tracelab/sim/feedback"
)

// TestLongJobsCaption: Fig. 20's caption counts the runs (each α > 0,
// each cycle: 4) in which the long jobs respond faster than under EASY.
func TestLongJobsCaption(t *testing.T) {
	t.Parallel()
	resp := func(easy float64, aware ...float64) map[string]float64 {
		m := map[string]float64{}
		k := 0
		for _, c := range fig20Cycles {
			m[fmt.Sprintf("%s 0 %s", c, feedback.Long)] = easy
			for _, a := range fig20Alphas[1:] {
				m[fmt.Sprintf("%s %g %s", c, a, feedback.Long)] = aware[k]
				k++
			}
		}
		return m
	}
	for _, c := range []struct {
		name string
		resp map[string]float64
		want string
	}{
		{"all faster (the recording at d3571e2: 21.6 h against 18.7, 15.2)", resp(10, 9, 8, 9, 8), "ours: the long jobs gain too"},
		{"all slower (the paper's statement)", resp(10, 11, 12, 11, 12), "ours too: the long jobs wait longer"},
		{"mixed", resp(10, 9, 11, 11, 12), "ours: the long jobs gain in 1 of 4 runs"},
		{"no runs", map[string]float64{}, "ours: no long jobs to compare"},
	} {
		if got := longJobsCaption(c.resp); got != c.want {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
}

// TestQueueCaption: Fig. 21's caption counts the hours (24 per α > 0 and
// cycle: 96) at which the user-aware queue is shorter than EASY's.
func TestQueueCaption(t *testing.T) {
	t.Parallel()
	flat := func(v float64) (q [24]float64) {
		for h := range q {
			q[h] = v
		}
		return q
	}
	queues := func(easy, aware [24]float64) map[string][24]float64 {
		m := map[string][24]float64{}
		for _, c := range fig20Cycles {
			m[fmt.Sprintf("%s 0", c)] = easy
			for _, a := range fig20Alphas[1:] {
				m[fmt.Sprintf("%s %g", c, a)] = aware
			}
		}
		return m
	}
	night := flat(30)
	for h := range 6 {
		night[h] = 50 // longer than EASY's 40 from 0:00 to 6:00
	}
	for _, c := range []struct {
		name  string
		queue map[string][24]float64
		want  string
	}{
		{"shorter at every hour", queues(flat(40), flat(30)), "here its queue is shorter at every hour"},
		{"longer at night", queues(flat(40), night), "here its queue is shorter at 72 of 96 hours (each α, each cycle)"},
		{"equal is not shorter", queues(flat(40), flat(40)), "here its queue is shorter at 0 of 96 hours (each α, each cycle)"},
		{"no queues", map[string][24]float64{}, "no queue to compare"},
	} {
		if got := queueCaption(c.queue); got != c.want {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
}

// TestContinuedNote: Fig. 17's caption names the step the load-ceases
// entries judge and the continued populations it does not draw (full
// mode: 4× and 5× past 3×, fig17BeyondLoads), and nothing without them
// (quick mode).
func TestContinuedNote(t *testing.T) {
	t.Parallel()
	const judged = "whether the throughput ceases to increase is judged on each feedback curve's last step, to 3× the log's users; "
	for _, c := range []struct {
		name   string
		last   float64
		beyond []float64
		want   string
	}{
		{"full mode (fig17BeyondLoads)", 3, fig17BeyondLoads, judged + "the sweep's continuation with feedback to 4× and 5× users is not drawn (the Fig. 17 load-ceases entries give its gains)"},
		{"one population", 3, []float64{4}, judged + "the sweep's continuation with feedback to 4× users is not drawn (the Fig. 17 load-ceases entries give its gains)"},
		{"three populations", 3, []float64{3.5, 4, 5}, judged + "the sweep's continuation with feedback to 3.5×, 4× and 5× users is not drawn (the Fig. 17 load-ceases entries give its gains)"},
		{"quick mode: none", 3, nil, ""},
	} {
		if got := continuedNote(c.last, c.beyond); got != c.want {
			t.Errorf("%s:\n got %q\nwant %q", c.name, got, c.want)
		}
	}
}
