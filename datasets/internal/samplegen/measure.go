package main

import (
	"fmt"
	"math"
	"slices"

	"github.com/tracelab/tracelab/analytics/session"
	"github.com/tracelab/tracelab/analytics/users"
	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/sim"
)

// printMeasures prints the values that datasets.Sample's doc quotes.
func printMeasures(t *datasets.Trace) error {
	r, err := sim.Replay(t, &sim.LogReplay{}, sim.Options{})
	if err != nil {
		return err
	}
	s := r.Summary()
	waits := slices.Clone(t.Wait)
	slices.Sort(waits)
	q := func(p float64) float64 { return waits[int(p*float64(len(waits)-1))] }
	pop, err := users.Classify(t, users.Options{})
	if err != nil {
		return err
	}
	st, err := session.Analyze(t, session.Options{})
	if err != nil {
		return err
	}
	ss := st.Summarize()
	c := datasets.NewClock(t)
	var day, serial int
	for i, sub := range t.Submit {
		if h := c.HourOfWeek(sub) % 24; c.HourOfWeek(sub) < 5*24 && h >= 8 && h < 18 {
			day++
		}
		if t.Procs[i] == 1 {
			serial++
		}
	}
	first, last := t.Submit[0], t.Submit[t.Len()-1]
	fmt.Printf("jobs %d, users %d, %.1f weeks\n", t.Len(), t.NumUsers(), (last-first)/(7*86400))
	fmt.Printf("utilisation %.1f%% (logged schedule on %d processors)\n", 100*s.Utilization, r.Procs)
	fmt.Printf("wait: median %s, mean %s, 90th percentile %s, longest %s\n", hm(q(0.5)), hm(s.AvgWait), hm(q(0.9)), hm(waits[len(waits)-1]))
	fmt.Printf("bounded slowdown: mean %.1f\n", s.AvgBoundedSlowdown)
	for _, cc := range pop.Summary() {
		fmt.Printf("%s users: %d with %d jobs (%.0f%%)\n", cc.Class, cc.Users, cc.Jobs, 100*float64(cc.Jobs)/float64(t.Len()))
	}
	fmt.Printf("sessions %d, batches %d, %.1f jobs per session, %.1f jobs per batch, median session %s, median think time %s\n",
		ss.Sessions, ss.Batches, ss.JobsPerSession, ss.JobsPerBatch, hm(ss.MedianSessionLength), hm(ss.MedianThinkTime))
	fmt.Printf("submitted on weekdays 08–18: %.0f%%; serial jobs: %.0f%%\n", 100*float64(day)/float64(t.Len()), 100*float64(serial)/float64(t.Len()))
	return nil
}

// hm writes seconds as minutes or hours.
func hm(s float64) string {
	switch {
	case math.IsNaN(s):
		return "NaN"
	case s < 60:
		return fmt.Sprintf("%.0f s", s)
	case s < 3600:
		return fmt.Sprintf("%.0f min", s/60)
	}
	return fmt.Sprintf("%.1f h", s/3600)
}
