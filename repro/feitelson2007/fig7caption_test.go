package feitelson2007

import "testing"

// TestFig7Caption: Fig. 7's caption counts the random samplings the log's
// M′_max and M′_med exceed (strictly: a tie is not above), instead of the
// typed "far beyond every random sampling".
func TestFig7Caption(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name             string
		mMax, mMed       float64
		randMax, randMed []float64
		want             string
	}{
		// The committed full-mode ledger (fig7/significant, SDSC-DS, the
		// figure's log): M'_max 0.420 against random ≤ 0.085, M'_med 0.085
		// against ≤ 0.019.
		// Both far off the samplings' scale: written at the edge, as in
		// the stored notebook, not drawn in black.
		{"above all (the committed ledger's SDSC-DS values)", 0.420, 0.085, []float64{0.03, 0.085, 0.05}, []float64{0.016, 0.019, 0.018},
			"the log's M′ (written at the panel's edge with an arrow: off the scale of the bars) against the random samplings: M′_max above all 3, M′_med above all 3 (see the ledger)"},
		{"some; a tie is not above", 0.2, 0.05, []float64{0.1, 0.2, 0.3, 0.1}, []float64{0.055, 0.07},
			"the log's M′ (bold line) against the random samplings: M′_max above 2 of 4, M′_med above none of the 2 (see the ledger)"},
		{"one drawn, one off the scale", 0.2, 0.5, []float64{0.1, 0.2, 0.3}, []float64{0.04, 0.07},
			"the log's M′ (bold line; written at the panel's edge with an arrow where off the scale of the bars) against the random samplings: M′_max above 1 of 3, M′_med above all 2 (see the ledger)"},
		{"no samplings", 0.2, 0.05, nil, nil,
			"the log's M′ (written at the panel's edge with an arrow: off the scale of the bars) against the random samplings: M′_max above no sampling, M′_med above no sampling (see the ledger)"},
	} {
		if got := fig7Caption(c.mMax, c.randMax, c.mMed, c.randMed); got != c.want {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
}
