package feitelson2021

import (
	"fmt"
	"slices"
	"strings"

	"github.com/tracelab/tracelab/sim"
	"github.com/tracelab/tracelab/sim/feedback"
)

// fig8Scales are the factors by which Fig. 8's load scan compresses the
// arrivals of the workload generated under EASY (submit times relative to
// the first divided by the factor, runtimes and sizes kept): the load at
// which FCFS saturates, measured beside §3.4's claims.
var fig8Scales = []float64{1.25, 1.5, 1.75, 2, 2.5, 3}

// scanPoint is FCFS and EASY replaying a compressed workload.
type scanPoint struct {
	scale              float64
	fcfs, easy         sim.Saturation
	utilFCFS, utilEASY float64
}

// loadScan is the load scan of one log's cross-simulation: the workload
// its users generated under EASY replayed open by FCFS and EASY at each of
// fig8Scales, and FCFS replaying the log itself.
type loadScan struct {
	points []scanPoint
	// logUtil is FCFS's utilisation replaying the log, log its saturation
	// test, logPeak its peak weekly outstanding jobs.
	logUtil float64
	log     sim.Saturation
	logPeak int
}

// compressed returns js with the submit times compressed by f about the
// first: the same jobs offering f times the load while unsaturated.
func compressed(js []sim.Job, f float64) []sim.Job {
	out := slices.Clone(js)
	if len(out) == 0 {
		return out
	}
	t0 := out[0].Submit
	for _, j := range out {
		t0 = min(t0, j.Submit)
	}
	for i := range out {
		out[i].Submit = t0 + (out[i].Submit-t0)/f
	}
	return out
}

// scanLoad measures Fig. 8's load scan on w's cross-simulation x.
func scanLoad(w *feedback.Workload, x *feedback.Cross) (loadScan, error) {
	var s loadScan
	rec := x.Feedback["easy"].Jobs()
	for _, f := range fig8Scales {
		js := compressed(rec, f)
		p := scanPoint{scale: f}
		fr, err := sim.Run(js, w.Procs, &sim.FCFS{}, sim.EngineOptions{})
		if err != nil {
			return s, err
		}
		er, err := sim.Run(js, w.Procs, &sim.EASY{}, sim.EngineOptions{})
		if err != nil {
			return s, err
		}
		p.fcfs, p.easy = saturation(fr), saturation(er)
		p.utilFCFS, p.utilEASY = fr.Summary().Utilization, er.Summary().Utilization
		s.points = append(s.points, p)
	}
	lr, err := feedback.Conventional(w, &sim.FCFS{}, sim.EngineOptions{})
	if err != nil {
		return s, err
	}
	s.logUtil, s.log = lr.Summary().Utilization, saturation(lr)
	s.logPeak = slices.Max(append([]int{0}, lr.Weekly.Outstanding...))
	return s, nil
}

// text says from which compression FCFS (and EASY) saturate the workload
// generated under EASY, whose own replay by EASY uses util of the machine,
// and whether FCFS saturates replaying the log.
func (s loadScan) text(util float64) string {
	first := func(sat func(scanPoint) bool) int {
		return slices.IndexFunc(s.points, sat)
	}
	fi := first(func(p scanPoint) bool { return p.fcfs.Saturated })
	ei := first(func(p scanPoint) bool { return p.easy.Saturated })
	var b strings.Builder
	b.WriteString("load scan, the workload generated under EASY with its arrivals compressed (EASY's utilization on it, " +
		fmt.Sprintf("%.2f uncompressed): ", util))
	switch {
	case len(s.points) == 0:
		b.WriteString("not measured")
	case fi < 0:
		b.WriteString(fmt.Sprintf("FCFS saturates it at none of ×%v", fig8Scales))
	case fi == 0:
		p := s.points[0]
		b.WriteString(fmt.Sprintf("FCFS saturates it first at ×%.2f, the least (EASY's utilization %.2f, FCFS's %.2f, slope %.1f jobs/week)",
			p.scale, p.utilEASY, p.utilFCFS, p.fcfs.Slope))
	default:
		p, q := s.points[fi], s.points[fi-1]
		b.WriteString(fmt.Sprintf("FCFS saturates it first at ×%.2f (EASY's utilization %.2f, FCFS's %.2f, its ceiling; slope %.1f jobs/week), not at ×%.2f (%.2f; slope %.1f)",
			p.scale, p.utilEASY, p.utilFCFS, p.fcfs.Slope, q.scale, q.utilEASY, q.fcfs.Slope))
	}
	if ei >= 0 {
		b.WriteString(fmt.Sprintf("; EASY first at ×%.2f", s.points[ei].scale))
	} else if len(s.points) > 0 {
		b.WriteString("; EASY at none")
	}
	verdict := "not saturated"
	if s.log.Saturated {
		verdict = "saturated"
	}
	b.WriteString(fmt.Sprintf("; FCFS replaying the log itself (utilization %.2f): slope %.2f jobs/week, peak %d outstanding jobs: %s",
		s.logUtil, s.log.Slope, s.logPeak, verdict))
	return b.String()
}
