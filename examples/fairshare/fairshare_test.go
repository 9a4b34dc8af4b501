package fairshare

import (
	"math"
	"testing"

	"github.com/tracelab/tracelab/sim"
)

// TestSchedule checks the policy on workloads small enough to schedule by
// hand, 10 processors: the start times are worked out in the comments.
func TestSchedule(t *testing.T) {
	tests := []struct {
		name string
		s    sim.Scheduler
		jobs []sim.Job
		want []float64 // start times
	}{
		{
			// Job 0 (user 1) holds the machine until 100 and charges user 1
			// 10 × 100 processor-seconds; then user 2's job 2, submitted after
			// user 1's job 1, goes first, because user 2 has no usage.
			name: "the light user first",
			s:    &FairShare{},
			jobs: []sim.Job{
				{ID: 1, User: 1, Submit: 0, Runtime: 100, Estimate: 100, Procs: 10},
				{ID: 2, User: 1, Submit: 10, Runtime: 10, Estimate: 10, Procs: 10},
				{ID: 3, User: 2, Submit: 20, Runtime: 10, Estimate: 10, Procs: 10},
			},
			want: []float64{0, 110, 100},
		},
		{
			// EASY on the same jobs: in order of arrival.
			name: "EASY",
			s:    &sim.EASY{},
			jobs: []sim.Job{
				{ID: 1, User: 1, Submit: 0, Runtime: 100, Estimate: 100, Procs: 10},
				{ID: 2, User: 1, Submit: 10, Runtime: 10, Estimate: 10, Procs: 10},
				{ID: 3, User: 2, Submit: 20, Runtime: 10, Estimate: 10, Procs: 10},
			},
			want: []float64{0, 100, 110},
		},
		{
			// User 1 used 10 × 100 = 1000 ending at 100, user 2 used
			// 10 × 50 = 500 ending at 150. With a half-life of 1 hour,
			// at 150 user 1's usage is 1000·2^(−50/3600) ≈ 990.4 > 500:
			// user 2's job 4 (submitted last) starts first. With a
			// half-life of 36 s, user 1's is 1000·2^(−50/36) ≈ 382 < 500:
			// user 1's job 3 goes first.
			name: "decay, 1 h",
			s:    &FairShare{HalfLife: 3600},
			jobs: []sim.Job{
				{ID: 1, User: 1, Submit: 0, Runtime: 100, Estimate: 100, Procs: 10},
				{ID: 2, User: 2, Submit: 1, Runtime: 50, Estimate: 50, Procs: 10},
				{ID: 3, User: 1, Submit: 2, Runtime: 10, Estimate: 10, Procs: 10},
				{ID: 4, User: 2, Submit: 3, Runtime: 10, Estimate: 10, Procs: 10},
			},
			want: []float64{0, 100, 160, 150},
		},
		{
			name: "decay, 36 s",
			s:    &FairShare{HalfLife: 36},
			jobs: []sim.Job{
				{ID: 1, User: 1, Submit: 0, Runtime: 100, Estimate: 100, Procs: 10},
				{ID: 2, User: 2, Submit: 1, Runtime: 50, Estimate: 50, Procs: 10},
				{ID: 3, User: 1, Submit: 2, Runtime: 10, Estimate: 10, Procs: 10},
				{ID: 4, User: 2, Submit: 3, Runtime: 10, Estimate: 10, Procs: 10},
			},
			want: []float64{0, 100, 150, 160},
		},
		{
			// Backfilling: job 1 (user 2, 10 processors) is first at 0 but
			// 4 are busy until 100: reservation at 100. Job 2 (user 1,
			// 4 processors, 50 s) fits in the 6 free and ends by 100:
			// backfilled at 0. Job 3 (6 processors, 200 s) would delay the
			// reservation: it waits until job 1 ends at 110.
			name: "backfill",
			s:    &FairShare{},
			jobs: []sim.Job{
				{ID: 0, User: 3, Submit: 0, Runtime: 100, Estimate: 100, Procs: 4},
				{ID: 1, User: 2, Submit: 0, Runtime: 10, Estimate: 10, Procs: 10},
				{ID: 2, User: 1, Submit: 0, Runtime: 50, Estimate: 50, Procs: 4},
				{ID: 3, User: 1, Submit: 0, Runtime: 200, Estimate: 200, Procs: 6},
			},
			want: []float64{0, 100, 0, 110},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := sim.Run(tt.jobs, 10, tt.s, sim.EngineOptions{})
			if err != nil {
				t.Fatal(err)
			}
			for j, w := range tt.want {
				if r.Start[j] != w {
					t.Errorf("job %d starts at %v, want %v", tt.jobs[j].ID, r.Start[j], w)
				}
			}
		})
	}
}

// TestUsage: the charge of a job and its decay, by the definition.
func TestUsage(t *testing.T) {
	s := &FairShare{HalfLife: 100}
	jobs := []sim.Job{{ID: 1, User: 7, Submit: 0, Runtime: 30, Estimate: 40, Procs: 3}}
	if _, err := sim.Run(jobs, 4, s, sim.EngineOptions{}); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ t, want float64 }{{30, 90}, {130, 45}, {230, 22.5}} {
		if got := s.Usage(7, c.t); math.Abs(got-c.want) > 1e-12 {
			t.Errorf("usage at %v: %v, want %v", c.t, got, c.want)
		}
	}
	if got := s.Usage(8, 30); got != 0 {
		t.Errorf("usage of a user without jobs: %v", got)
	}
	s.Reset()
	if got := s.Usage(7, 30); got != 0 {
		t.Errorf("usage after Reset: %v", got)
	}
}

func TestFamily(t *testing.T) {
	for _, c := range []struct{ name, want string }{
		{"fairshare", "fairshare"}, {"fairshare:24", "fairshare"}, {"fairshare:1.5", "fairshare:1.5"},
		{"FairShare:0.5", "fairshare:0.5"},
	} {
		s, err := sim.New(c.name)
		if err != nil {
			t.Fatal(err)
		}
		if got := sim.SchedulerName(s); got != c.want {
			t.Errorf("%s: named %q, want %q", c.name, got, c.want)
		}
	}
	for _, bad := range []string{"fairshare:0", "fairshare:-1", "fairshare:x", "fairshare:Inf", "fairshare:NaN", "fairshare:1e308"} {
		if _, err := sim.New(bad); err == nil {
			t.Errorf("%s: no error", bad)
		}
	}
}
