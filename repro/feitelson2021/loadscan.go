package feitelson2021

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/tracelab/tracelab/sim"
	"github.com/tracelab/tracelab/sim/feedback"
)

// scanLoads are the populations (multiples of the log's users) at which
// the simulations of Figs 20–21 are repeated to measure what the load does
// to their claims that differ: §4.4 does not give the load of Figs 20–21;
// these span a quarter of the log's own population (the machine nearly
// idle at night) up to Fig. 19's 2×.
var scanLoads = []float64{0.25, 0.5, 0.75, 1, 1.25, 1.5, 2}

// splitLong is the runtime (seconds) at which the long class (above 10
// minutes) is split to see which long jobs the user-aware scheduler
// delays.
const splitLong = 4 * 3600

// loadPoint is what the claims of Figs 20–21 that differ measure at one
// population, under office hours.
type loadPoint struct {
	load float64
	// longRatio is the long jobs' average response under the user-aware
	// scheduler over EASY's, by α (fig20Alphas[1:]); overSplit the same
	// for the jobs of runtime above splitLong; unended counts the long
	// jobs not ended by the window's end under α (left out of both).
	longRatio, overSplit map[float64]float64
	unended              map[float64]int
	// easyNight and easyPeak are EASY's mean queue 0:00–6:00 and its
	// largest hourly mean 8:00–18:00; easyNightBusy the share of the
	// processors EASY keeps busy 0:00–6:00.
	easyNight, easyPeak, easyNightBusy float64
	// gainCycle and gainNone are the throughput gain of the user-aware
	// scheduler (largest α) over EASY with office hours and without a
	// cycle.
	gainCycle, gainNone float64
	// respCycle is the average response of the jobs that ended under the
	// user-aware scheduler (largest α) over EASY's, with office hours.
	respCycle float64
}

// scan simulates Figs 20–21 at each of scanLoads (memoised per load with
// the figures' own runs).
func (s *Study) scan(ctx context.Context) ([]loadPoint, error) {
	var out []loadPoint
	for _, load := range scanLoads {
		u, err := s.userAwareRuns(ctx, load)
		if err != nil {
			return nil, err
		}
		out = append(out, u.point())
	}
	return out, nil
}

// point measures one population's runs.
func (u *UserAwareRuns) point() loadPoint {
	p := loadPoint{load: u.Load, longRatio: map[float64]float64{}, overSplit: map[float64]float64{}, unended: map[float64]int{}}
	type key struct {
		cycle feedback.Cycle
		alpha float64
	}
	long, over, all := map[key]float64{}, map[key]float64{}, map[key]float64{}
	tp := map[key]float64{}
	for _, run := range u.Runs {
		k := key{run.Cycle, run.Alpha}
		tp[k] = run.d.window.Throughput
		if run.Cycle != feedback.OfficeHours {
			continue
		}
		long[k] = run.d.classes[feedback.Long].AvgResp
		over[k] = run.d.overSplit
		all[k] = run.d.all
		if run.d.unended > 0 {
			p.unended[run.Alpha] += run.d.unended
		}
		if run.Alpha == 0 {
			q := run.d.queue
			p.easyNight, p.easyPeak = hoursMean(q, 0, 6), slices.Max(q[8:18])
			p.easyNightBusy = hoursMean(run.d.busy, 0, 6) / float64(u.Procs)
		}
	}
	for _, a := range fig20Alphas[1:] {
		easy := key{feedback.OfficeHours, 0}
		p.longRatio[a] = long[key{feedback.OfficeHours, a}] / long[easy]
		p.overSplit[a] = over[key{feedback.OfficeHours, a}] / over[easy]
	}
	ua := fig20Alphas[len(fig20Alphas)-1]
	p.gainCycle = tp[key{feedback.OfficeHours, ua}]/tp[key{feedback.OfficeHours, 0}] - 1
	p.gainNone = tp[key{feedback.NoCycle, ua}]/tp[key{feedback.NoCycle, 0}] - 1
	p.respCycle = all[key{feedback.OfficeHours, ua}] / all[key{feedback.OfficeHours, 0}]
	return p
}

// meanResponse is the average response time of the jobs of r that ended
// and for which keep is true (NaN for none).
func meanResponse(r *sim.Result, keep func(j int) bool) float64 {
	s, n := 0.0, 0
	for j := range r.ID {
		if !math.IsNaN(r.End[j]) && keep(j) {
			s += r.End[j] - r.Submit[j]
			n++
		}
	}
	return s / float64(n)
}

// scanText lists f of each point: "0.75× 0.96, 1× 0.91, …".
func scanText(ps []loadPoint, f func(p loadPoint) string) string {
	var parts []string
	for _, p := range ps {
		parts = append(parts, fmt.Sprintf("%g× %s", p.load, f(p)))
	}
	return strings.Join(parts, ", ")
}

// at returns the point of ps at load (the zero point when there is none).
func at(ps []loadPoint, load float64) loadPoint {
	for _, p := range ps {
		if p.load == load {
			return p
		}
	}
	return loadPoint{}
}
