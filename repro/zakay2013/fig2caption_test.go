package zakay2013

import "testing"

// TestFig2Caption: Fig. 2's caption counts the attributes whose observed
// within-session similarity lies above the largest replicate (strictly:
// a tie is not above), instead of the typed "far above every replicate".
func TestFig2Caption(t *testing.T) {
	t.Parallel()
	const head = "the original (bold line) against 50 replicates with each user's jobs shuffled among the user's sessions: "
	// The stored full-mode figure writes each original at the panel's
	// edge: far from its replicates, it is not a line there.
	const edge = "the original (written at the panel's edge with an arrow: off the scale of the bars) against 50 replicates with each user's jobs shuffled among the user's sessions: "
	for _, c := range []struct {
		name    string
		obs, hi []float64
		drawn   int
		want    string
	}{
		// The committed full-mode ledger (fig2/CEA-Curie/*): observed
		// 0.793, 0.431, 0.864 against replicates up to 0.545, 0.275, 0.639.
		{"every attribute (the committed ledger's values)", []float64{0.793, 0.431, 0.864}, []float64{0.545, 0.275, 0.639}, 0,
			edge + "above every replicate in every attribute (see the ledger)"},
		{"one of three; a tie is not above", []float64{0.5, 0.3, 0.6}, []float64{0.4, 0.3, 0.7}, 3,
			head + "above every replicate in 1 of 3 attributes (see the ledger)"},
		{"none", []float64{0.1, 0.2}, []float64{0.4, 0.3}, 2,
			head + "above every replicate in no attribute (see the ledger)"},
		{"nothing drawn", nil, nil, 0, "no attribute drawn"},
	} {
		if got := fig2Caption(c.obs, c.hi, 50, c.drawn); got != c.want {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
}
