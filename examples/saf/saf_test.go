package saf

import (
	"testing"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/sim"
)

// startsDiffer returns how many jobs start at different times under a and
// b on the sample log.
func startsDiffer(t *testing.T, a, b sim.Scheduler) (int, int) {
	t.Helper()
	tr := datasets.Sample()
	ra, err := sim.Replay(tr, a, sim.Options{})
	if err != nil {
		t.Fatal(err)
	}
	rb, err := sim.Replay(tr, b, sim.Options{})
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for j := range ra.Start {
		if ra.Start[j] != rb.Start[j] {
			n++
		}
	}
	return n, ra.Len()
}

// The check a scheduler writer makes first: in the order of arrival the
// policy is EASY, start for start; and smallest area first is the
// library's own variant sim.Backfill{Queue: sim.SmallestAreaFirst}.
func TestAgainstLibrary(t *testing.T) {
	for _, c := range []struct {
		name      string
		mine, lib sim.Scheduler
	}{
		{"arrival order = EASY", &PriorityEASY{}, &sim.EASY{}},
		{"saf = Backfill{Queue: SmallestAreaFirst}", New(), &sim.Backfill{Queue: sim.SmallestAreaFirst}},
	} {
		if n, of := startsDiffer(t, c.mine, c.lib); n != 0 {
			t.Errorf("%s: %d of %d jobs start at another time", c.name, n, of)
		}
	}
	if n, _ := startsDiffer(t, New(), &sim.EASY{}); n == 0 {
		t.Error("saf starts every job when EASY does: the order has no effect?")
	}
}

func TestRegistered(t *testing.T) {
	s, err := sim.New("saf")
	if err != nil {
		t.Fatal(err)
	}
	if got := sim.SchedulerName(s); got != "saf" {
		t.Errorf("SchedulerName = %q, want saf", got)
	}
}
