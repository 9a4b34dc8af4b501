package sim

import (
	"slices"
	"strconv"
	"testing"
)

// greedy is a scheduler for the registry test: it starts any waiting job
// that fits, skipping at most Skip of them.
type greedy struct{ Skip int }

func (g *greedy) Schedule(e *Engine) {
	for _, j := range e.Waiting() {
		if e.Width(j) <= e.Free() {
			e.Start(j)
		}
	}
}

// Registered in init, as a package would, so -count=N does not register
// it twice.
func init() {
	Register("test-greedy", func(param string) (Factory, error) {
		k := 0
		if param != "" {
			var err error
			if k, err = strconv.Atoi(param); err != nil {
				return nil, err
			}
		}
		return func() Scheduler { return &greedy{Skip: k} }, nil
	})
}

func TestRegistry(t *testing.T) {
	t.Parallel()
	if !slices.Contains(Names(), "test-greedy") || !slices.IsSorted(Names()) {
		t.Fatalf("Names() = %v, want sorted with test-greedy", Names())
	}
	for _, c := range []struct {
		name string
		skip int // −1: an error
	}{
		{"test-greedy", 0},
		{"TEST-GREEDY:3", 3},
		{"test-greedy:x", -1},
		{"test-greedy:", -1},
		{"nope", -1},
		{"fcfs:1", -1}, // Fixed families take no parameter
	} {
		s, err := New(c.name)
		switch {
		case c.skip < 0 && err == nil:
			t.Errorf("New(%q) accepted", c.name)
		case c.skip >= 0 && err != nil:
			t.Errorf("New(%q): %v", c.name, err)
		case c.skip >= 0 && s.(*greedy).Skip != c.skip:
			t.Errorf("New(%q) = %+v, want Skip %d", c.name, s, c.skip)
		}
	}
	for _, name := range []string{"fcfs", "", "Upper", "a:b"} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("Register(%q) did not panic", name)
				}
			}()
			Register(name, Fixed(func() Scheduler { return &FCFS{} }))
		}()
	}
}

// SchedulerName names a scheduler without a Name method by the name its
// type is registered under, and every built-in by the name New knows it by.
func TestSchedulerNameRegistered(t *testing.T) {
	t.Parallel()
	if got := SchedulerName(&greedy{Skip: 2}); got != "test-greedy" {
		t.Errorf("SchedulerName(&greedy{}) = %q, want test-greedy", got)
	}
	type unregistered struct{ greedy }
	if got := SchedulerName(&unregistered{}); got != "sim.unregistered" {
		t.Errorf("SchedulerName(unregistered) = %q", got)
	}
	for _, name := range []string{"fcfs", "easy", "easy-sjbf", "conservative", "conservative:7", "log",
		"backfill:2,area,shortest"} {
		s, err := New(name)
		if err != nil {
			t.Fatal(err)
		}
		if got := SchedulerName(s); got != name {
			t.Errorf("SchedulerName(New(%q)) = %q", name, got)
		}
	}
}
