package feitelson2021

import "testing"

// TestFraction checks the labels of RB_NPW against the notation of 2013
// §6.4 ("RB_NPW to be 0, 1/8, 1/6, 1/4"; Fig. 16's "0, 1/8, 1/4, and 1/2").
func TestFraction(t *testing.T) {
	for _, c := range []struct {
		v    float64
		want string
	}{
		{0, "0"},
		{1.0 / 8, "1/8"},
		{1.0 / 6, "1/6"},
		{1.0 / 4, "1/4"},
		{1.0 / 2, "1/2"},
		{1, "1"},
		{0.3, "0.3"},
		{2, "2"},
	} {
		if got := fraction(c.v); got != c.want {
			t.Errorf("fraction(%v) = %q, want %q", c.v, got, c.want)
		}
	}
}
