package datasets

import "testing"

// TestSummarizerBoundsEvents: for a log without a machine size the
// summary keeps two events per job to find the peak in use, for at most
// maxJobs jobs; beyond, it drops them and the size is unknown (50 million
// repeated lines exhausted the memory of tracelab info: hostile5, session 15).
func TestSummarizerBoundsEvents(t *testing.T) {
	for _, tc := range []struct {
		jobs, max int
		want      SizeRule
	}{
		{jobs: 4, max: 4, want: SizePeakInUse},
		{jobs: 5, max: 4, want: SizeUnknown},
	} {
		z := summarizer{maxJobs: tc.max}
		if err := z.WriteHeader(Header{}); err != nil {
			t.Fatal(err)
		}
		for i := range tc.jobs {
			j := Job{JobID: i + 1, Submit: float64(i), Wait: 0, Runtime: 10, Procs: 2, User: 1}
			if err := z.WriteJob(&j); err != nil {
				t.Fatal(err)
			}
		}
		s := z.result()
		if s.Machine.Rule != tc.want || s.Jobs != tc.jobs {
			t.Errorf("%d jobs, bound %d: %v, %d jobs; want rule %v", tc.jobs, tc.max, s.Machine, s.Jobs, tc.want)
		}
		if tc.jobs > tc.max && (z.evs.runs != nil || z.sweep.pending != nil) {
			t.Errorf("%d jobs, bound %d: %d runs of events, %d swept events kept", tc.jobs, tc.max, len(z.evs.runs), len(z.sweep.pending))
		}
	}
}
