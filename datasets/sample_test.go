package datasets_test

import (
	"slices"
	"testing"

	"github.com/tracelab/tracelab/analytics/users"
	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/sim"
)

// TestSampleLooksReal: the embedded sample meets the targets it was tuned
// to (datasets/internal/samplegen's doc) and holds the values its doc
// quotes, so a regenerated sample cannot drift silently.
func TestSampleLooksReal(t *testing.T) {
	t.Parallel()
	tr := datasets.Sample()
	if tr.Len() != 20631 || tr.NumUsers() != 164 || tr.MaxProcs() != 128 || tr.Location().String() != "Europe/Berlin" {
		t.Fatalf("%d jobs of %d users on %d processors in %s; the doc of Sample says 20,631 of 164 on 128 in Europe/Berlin",
			tr.Len(), tr.NumUsers(), tr.MaxProcs(), tr.Location())
	}
	r, err := sim.Replay(tr, &sim.LogReplay{}, sim.Options{})
	if err != nil {
		t.Fatal(err)
	}
	s := r.Summary()
	waits := slices.Clone(tr.Wait)
	slices.Sort(waits)
	median := waits[len(waits)/2]
	pop, err := users.Classify(tr, users.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var longUsers, longJobs int
	for _, c := range pop.Summary() {
		if c.Class == users.LongTerm {
			longUsers, longJobs = c.Users, c.Jobs
		}
	}
	checks := []struct {
		what      string
		got       float64
		low, high float64
	}{
		{"utilisation of the logged schedule", s.Utilization, 0.60, 0.80},
		{"median wait, s", median, 60, 2 * 3600},
		{"mean wait, s", s.AvgWait, 1800, 8 * 3600},
		{"share of long-term users", float64(longUsers) / float64(tr.NumUsers()), 0.3, 0.5},
		{"share of their jobs", float64(longJobs) / float64(tr.Len()), 0.7, 0.9},
	}
	for _, c := range checks {
		if !(c.got >= c.low && c.got <= c.high) {
			t.Errorf("%s = %v, want %v to %v", c.what, c.got, c.low, c.high)
		}
	}
}
