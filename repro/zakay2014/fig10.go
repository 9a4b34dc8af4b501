package zakay2014

import (
	"context"
	"fmt"
	"math"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
	"gonum.org/v1/plot"

	"github.com/tracelab/tracelab/repro/ledger"
	"github.com/tracelab/tracelab/sim"
	"github.com/tracelab/tracelab/sim/feedback"
	"github.com/tracelab/tracelab/sim/feedback/feedbackplot"
)

// Fig10Result is Fig. 10 (§VIII): the time-weighted distributions of the
// queue length over the conventional simulation and the feedback
// simulation with the fluid model, under EASY and FCFS ("FIFO"), per log.
type Fig10Result struct {
	// Plots has one figure per log.
	Plots []*plot.Plot
	// Frame has one row per log, scheduler and simulation: log,
	// scheduler, simulation, mean_queue, max_queue.
	Frame dataframe.DataFrame
	logs  []fig10Log
}

type fig10Log struct {
	log paperLog
	ok  bool
	// The timelines, by scheduler ("easy", "fcfs") and simulation
	// ("conventional", "fluid").
	tl       map[string]map[string]sim.Timeline
	maxQueue map[string]map[string]int
}

// Fig10 simulates the logs of Table I (KTH-SP2 in quick mode) under EASY
// and FCFS, conventionally and with the fluid model.
func (s *Study) Fig10(ctx context.Context) (*Fig10Result, error) {
	return s.fig10.Get(func() (*Fig10Result, error) {
		r := &Fig10Result{}
		for _, l := range s.logsFor("KTH-SP2") {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			fl := fig10Log{log: l, tl: map[string]map[string]sim.Timeline{}, maxQueue: map[string]map[string]int{}}
			if l.Catalog != "" {
				var cs []*feedback.Comparison
				for _, sched := range []string{"easy", "fcfs"} {
					c, err := s.comparison(comparisonKey{log: l.Catalog, scheduler: sched, fluidOnly: true, timeline: true})
					if missing(err) {
						break
					}
					if err != nil {
						return nil, err
					}
					cs = append(cs, c)
					fl.tl[sched], fl.maxQueue[sched] = map[string]sim.Timeline{}, map[string]int{}
					for _, run := range c.Runs {
						fl.tl[sched][run.Name], fl.maxQueue[sched][run.Name] = run.Sim.Timeline, run.Summary.MaxQueue
					}
				}
				if len(cs) == 2 {
					fl.ok = true
					p, err := feedbackplot.QueueCDF(feedback.QueueFrame(cs...))
					if err != nil {
						return nil, err
					}
					p.Title.Text = "Fig. 10 — " + l.Catalog + ": queue length distribution"
					r.Plots = append(r.Plots, p)
				}
			}
			r.logs = append(r.logs, fl)
		}
		r.Frame = r.frame()
		return r, nil
	})
}

// meanQueue is the time-weighted mean queue length over a whole timeline.
func meanQueue(tl sim.Timeline) float64 {
	if tl.Len() == 0 {
		return math.NaN()
	}
	return feedback.MeanQueue(tl, tl.Time[0], tl.Time[tl.Len()-1])
}

// queueQuantile is the smallest queue length the queue stays at or below
// for a fraction q of the time.
func queueQuantile(tl sim.Timeline, q float64) int {
	length, cdf := feedback.QueueDistribution(tl, tl.Time[0], tl.Time[tl.Len()-1])
	for i, c := range cdf {
		if c >= q {
			return length[i]
		}
	}
	return length[len(length)-1]
}

// timeAbove is the fraction of the time the queue is longer than n.
func timeAbove(tl sim.Timeline, n int) float64 {
	length, cdf := feedback.QueueDistribution(tl, tl.Time[0], tl.Time[tl.Len()-1])
	below := 0.0
	for i, l := range length {
		if l <= n {
			below = cdf[i]
		}
	}
	return 1 - below
}

func (r *Fig10Result) frame() dataframe.DataFrame {
	var logs, scheds, sims []string
	var means []float64
	var maxes []int
	for _, fl := range r.logs {
		if !fl.ok {
			continue
		}
		for _, sched := range []string{"easy", "fcfs"} {
			for _, s := range []string{"conventional", "fluid"} {
				logs, scheds, sims = append(logs, fl.log.Catalog), append(scheds, sched), append(sims, s)
				means, maxes = append(means, meanQueue(fl.tl[sched][s])), append(maxes, fl.maxQueue[sched][s])
			}
		}
	}
	return dataframe.New(series.New(logs, series.String, "log"), series.New(scheds, series.String, "scheduler"),
		series.New(sims, series.String, "simulation"), series.New(means, series.Float, "mean_queue"),
		series.New(maxes, series.Int, "max_queue"))
}

// Claims checks §VIII's reading of Fig. 10 on each log. "A bit longer, but
// the difference is very small" reads as a ratio of mean queues between 1
// and 1.5; "unreasonably huge queue lengths" as longer than the feedback
// simulation's FCFS queue is 99% of the time, for "a very large fraction"
// (at least half) of the time; "such long queues occurred only for
// Intrepid" as the feedback simulation's FCFS queue exceeding the
// conventional one's median at most 2% of the time (the paper's figure for
// Intrepid).
func (r *Fig10Result) Claims(l *ledger.Ledger) {
	for _, fl := range r.logs {
		name := fl.log.Paper
		id := "fig10/" + name + "/"
		if !fl.ok {
			why := notAvailable
			if fl.log.Catalog != "" {
				why = fl.log.Catalog + " is not available here"
			}
			l.Unavailable("Fig. 10", id+"feedback-long-queues", name+": fraction of the time the feedback simulation with FCFS has very long queues",
				"2%", why).Quoting("In our simulations such long queues occurred only for Intrepid, and also that only for 2% of the time.")
			continue
		}
		fbE, fbF := fl.tl["easy"]["fluid"], fl.tl["fcfs"]["fluid"]
		convE, convF := fl.tl["easy"]["conventional"], fl.tl["fcfs"]["conventional"]
		l.Check("Fig. 10", id+"feedback-fcfs-vs-easy", name+": feedback (fluid): mean queue under FCFS relative to EASY",
			ledger.Stated("a bit longer (1–1.5)", ledger.Between(1, 1.5)), meanQueue(fbF)/meanQueue(fbE)).
			Quoting("the queue when simulating FIFO tends to be a bit longer on average than when simulating EASY, but the difference is very small")
		q99 := queueQuantile(fbF, 0.99)
		l.Check("Fig. 10", id+"conventional-fcfs-huge",
			fmt.Sprintf("%s: conventional FCFS: fraction of the time the queue is longer than the feedback simulation's 99th percentile (%d jobs)", name, q99),
			ledger.Stated("a very large fraction (≥ 0.5)", ledger.AtLeast(0.5)), timeAbove(convF, q99)).
			Quoting("for a very large fraction of the simulation, there are unreasonably huge queue lengths")
		med := queueQuantile(convF, 0.5)
		l.Check("Fig. 10", id+"feedback-long-queues",
			fmt.Sprintf("%s: feedback FCFS: fraction of the time the queue is longer than the conventional simulation's median (%d jobs)", name, med),
			ledger.Stated("only Intrepid has such queues (≤ 0.02 here)", ledger.AtMost(0.02)), timeAbove(fbF, med)).
			Quoting("In our simulations such long queues occurred only for Intrepid, and also that only for 2% of the time.")
		l.Check("Fig. 10", id+"feedback-easy-shorter", name+": EASY: mean queue of the feedback simulation relative to the conventional one",
			ledger.Stated("shorter (< 1)", ledger.AtMost(1)), meanQueue(fbE)/meanQueue(convE)).
			Quoting("our simulation with EASY also has shorter queue lengths on average relative to conventional simulations")
	}
}
