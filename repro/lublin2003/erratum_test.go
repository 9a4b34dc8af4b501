package lublin2003

import "testing"

// TestPErratum: the average p of Tables 2 and 3, recomputed from the
// paper's printed rows, is not the arithmetic mean the text names in
// either table (0.7000 against 0.685, 0.6200 against 0.577, by hand from
// the rows) and is the geometric mean in both (0.6855, 0.5767): a net
// gain of 2, so the erratum may explain both checks (ledger.Tally).
func TestPErratum(t *testing.T) {
	got := pErratum()
	if got.N != 2 || got.AsComputed != 0 || got.Within != 2 || !got.Justified() {
		t.Errorf("pErratum() = %+v, want 2 entries, 0 within as the text says, 2 under the geometric mean (justified)", got)
	}
}
