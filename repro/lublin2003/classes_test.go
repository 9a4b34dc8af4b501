package lublin2003

import (
	"strings"
	"testing"

	"github.com/tracelab/tracelab/repro/ledger"
)

// TestClassCountMeasured: §8.2's class counts of SDSC96 under every status,
// and the bound from the jobs the archive's cleaning removed. Reference
// counts: our SDSC-Par-1996-3.1-cln, queue 0 interactive (counted with a script
// over the SWF: completed 13658 and 17663, every status 13694 and 18441);
// its header's filters removed 5301 + 1283 = 6584 jobs.
func TestClassCountMeasured(t *testing.T) {
	t.Parallel()
	interactive := ledger.Printed("17807", 0)
	batch := ledger.Stated("a bit more than 20000", ledger.Between(20000, 23000))
	// Both classes need 17807 − 13658 + 20000 − 17663 = 6486 ≤ 6584.
	const both, removed = 6486, 6584
	for _, c := range []struct {
		name  string
		want  ledger.Expectation
		st    classStats
		paper int
		has   []string // substrings; none for ""
	}{
		{"interactive", interactive, classStats{jobs: 13658, everyJob: 13694}, 17807,
			[]string{"every job of the class, whatever its status, 13694 (not within)", "within reach if 4149 of them"}},
		{"batch", batch, classStats{jobs: 17663, everyJob: 18441}, 20000,
			[]string{"18441 (not within)", "within reach if 2337 of them"}},
		{"every status within", batch, classStats{jobs: 19990, everyJob: 20100}, 20000,
			[]string{"20100 (within)"}},
		{"ours within", batch, classStats{jobs: 20500, everyJob: 20600}, 20000, nil},
	} {
		got := classCountMeasured(c.want, c.st, c.paper, both, removed)
		if len(c.has) == 0 && got != "" {
			t.Errorf("%s: %q, want none", c.name, got)
		}
		for _, h := range c.has {
			if !strings.Contains(got, h) {
				t.Errorf("%s: %q lacks %q", c.name, got, h)
			}
		}
	}
}
