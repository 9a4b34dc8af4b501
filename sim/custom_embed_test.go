package sim_test

import (
	"testing"

	"github.com/tracelab/tracelab/sim"
	"github.com/tracelab/tracelab/sim/simtest"
)

// embeddedEASY is a researcher's type that embeds sim.EASY to reuse it
// (here unchanged): it has EASY's Name and Reset by promotion.
type embeddedEASY struct{ sim.EASY }

// namedEmbedded embeds EASY and names itself.
type namedEmbedded struct{ sim.EASY }

func (*namedEmbedded) Name() string { return "test-named-embedded" }

// unregisteredEmbedded embeds EASY and is not registered.
type unregisteredEmbedded struct{ *sim.EASY }

func init() {
	sim.Register("test-embedded", sim.Fixed(func() sim.Scheduler { return &embeddedEASY{} }))
	sim.Register("test-named-embedded", sim.Fixed(func() sim.Scheduler { return &namedEmbedded{} }))
}

// TestSchedulerNameEmbedded: a type that embeds a built-in is reported by
// its own name, never by the built-in's promoted Name; the built-ins keep
// theirs, parameters included.
func TestSchedulerNameEmbedded(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		s    sim.Scheduler
		want string
	}{
		{&embeddedEASY{}, "test-embedded"},
		{&namedEmbedded{}, "test-named-embedded"},
		{&unregisteredEmbedded{&sim.EASY{}}, "sim_test.unregisteredembedded"},
		{&sim.EASY{}, "easy"},
		{&sim.EASY{Order: sim.ShortestFirst}, "easy-sjbf"},
		{&sim.EASY{Order: sim.LargestFirst}, "backfill:1,arrival,largest"},
		{&sim.Conservative{Depth: 4}, "conservative:4"},
		{&sim.Backfill{Reservations: 2, Queue: sim.SmallestAreaFirst}, "backfill:2,area,area"},
		{mustNew(t, "test-wrap:easy"), "test-wrap:easy"},
		{&simtest.SJF{}, "test-sjf"},
	} {
		if got := sim.SchedulerName(c.s); got != c.want {
			t.Errorf("SchedulerName(%T) = %q, want %q", c.s, got, c.want)
		}
	}
	r, err := sim.Run([]sim.Job{{ID: 1, Procs: 1, Runtime: 1, Estimate: 1}}, 1, &embeddedEASY{}, sim.EngineOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if r.Scheduler != "test-embedded" {
		t.Errorf("Run: Result.Scheduler %q, want test-embedded", r.Scheduler)
	}
}
