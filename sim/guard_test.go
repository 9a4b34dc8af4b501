package sim

import "testing"

// TestBuiltinUnguarded: every scheduler this package registers runs
// unguarded (its cost unchanged by the guard); a type of one's own
// wrapping or embedding one is guarded.
func TestBuiltinUnguarded(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"fcfs", "easy", "easy-sjbf", "conservative", "conservative:4", "backfill:2,area,shortest", "log"} {
		s, err := New(name)
		if err != nil {
			t.Fatal(err)
		}
		if !builtin(s) {
			t.Errorf("%s (%T) is guarded", name, s)
		}
	}
	type embeds struct{ *EASY }
	type wraps struct{ Scheduler }
	for _, s := range []Scheduler{embeds{&EASY{}}, &embeds{&EASY{}}, wraps{&FCFS{}}, idleScheduler{}} {
		if builtin(s) {
			t.Errorf("%T is not guarded", s)
		}
	}
}
