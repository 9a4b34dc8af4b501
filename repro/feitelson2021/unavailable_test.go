package feitelson2021

import (
	"errors"
	"testing"

	"github.com/tracelab/tracelab/repro/ledger"
)

// TestUnavailableOncePerLog: a log that two steps of an item needed (Fig.
// 15's KTH-SP2: the open validation and the feedback one) is one "not
// comparable" entry; without the logs the study panicked on a duplicate
// entry id (hostile5, session 15).
func TestUnavailableOncePerLog(t *testing.T) {
	l := ledger.New(Key)
	missing := errors.New("log not available")
	unavailable(l, "Fig. 15", "fig15", []Missing{{"KTH-SP2", missing}, {"SDSC-BLUE", missing}, {"KTH-SP2", missing}})
	if n := len(l.Entries()); n != 2 {
		t.Errorf("%d entries, want one per missing log (2)", n)
	}
}
