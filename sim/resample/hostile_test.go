package resample

import (
	"strings"
	"testing"
)

// TestHostileCounts: counts a program passes are bounded before anything
// is allocated. Before: Variants(-1) panicked (makeslice: len out of
// range), LongTermUsers 2^40 ran out of memory in rounds, and
// InitialTemporary 1e15 asked for 1e15 instances.
func TestHostileCounts(t *testing.T) {
	t.Parallel()
	p, err := NewPools(smallLog(), PoolOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(p.LongTerm) == 0 || len(p.Temporary) == 0 {
		t.Fatalf("smallLog has %d long-term and %d temporary users, want both", len(p.LongTerm), len(p.Temporary))
	}
	for _, c := range []struct {
		name    string
		o       Options
		wantErr string
	}{
		{"long-term users 2^40", Options{LongTermUsers: 1 << 40}, "long-term users asked, want at most"},
		{"long-term users MaxLoad × pool + 1", Options{LongTermUsers: MaxLoad*len(p.LongTerm) + 1}, "long-term users asked, want at most"},
		{"long-term users MaxLoad × pool", Options{LongTermUsers: MaxLoad * len(p.LongTerm), Weeks: 1}, ""},
		{"initial temporaries 1e15", Options{InitialTemporary: 1e15}, "initial temporary users asked, want at most"},
		{"initial temporaries MaxLoad × pool", Options{InitialTemporary: float64(MaxLoad * len(p.Temporary)), Weeks: 1}, ""},
	} {
		_, err := p.Generate(c.o)
		switch {
		case c.wantErr == "" && err != nil:
			t.Errorf("%s: %v", c.name, err)
		case c.wantErr != "" && (err == nil || !strings.Contains(err.Error(), c.wantErr)):
			t.Errorf("%s: error %v, want one containing %q", c.name, err, c.wantErr)
		}
	}
	for _, n := range []int{-1, MaxVariants + 1} {
		if _, err := p.Variants(Options{}, n, 1); err == nil || !strings.Contains(err.Error(), "variants, want 0 to") {
			t.Errorf("Variants(%d): error %v, want a bound", n, err)
		}
	}
	if vs, err := p.Variants(Options{}, 0, 1); err != nil || len(vs) != 0 {
		t.Errorf("Variants(0) = %d variants, %v; want none", len(vs), err)
	}
}
