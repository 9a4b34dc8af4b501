package sim

import (
	"testing"

	"pgregory.net/rapid"
)

// Every started job gets Width processors of the machine, and no
// processor is held by two jobs at once (over time of positive length).
func TestPropertyAllocate(t *testing.T) {
	t.Parallel()
	rapid.Check(t, func(t *rapid.T) {
		jobs, procs := genWorkload(t)
		s := rapid.SampledFrom([]Scheduler{&FCFS{}, &EASY{}, &Conservative{}, &Backfill{Queue: SmallestAreaFirst}}).Draw(t, "scheduler")
		r, _ := runCounting(t, jobs, procs, s)
		alloc, err := Allocate(r)
		if err != nil {
			t.Fatal(err)
		}
		owner := map[int][]int{} // processor → jobs of positive length holding it
		for j, rs := range alloc {
			if rs.Len() != r.Width[j] {
				t.Fatalf("job %d: %v holds %d processors, width %d", j, rs, rs.Len(), r.Width[j])
			}
			for k, x := range rs {
				if x.First < 0 || x.Last >= procs || x.First > x.Last || (k > 0 && rs[k-1].Last >= x.First) {
					t.Fatalf("job %d: bad ranges %v on %d processors", j, rs, procs)
				}
				if r.End[j] > r.Start[j] {
					for p := x.First; p <= x.Last; p++ {
						owner[p] = append(owner[p], j)
					}
				}
			}
		}
		for p, js := range owner {
			for a := range js {
				for b := range a {
					ja, jb := js[a], js[b]
					if r.Start[ja] < r.End[jb] && r.Start[jb] < r.End[ja] {
						t.Fatalf("processor %d held by jobs %d [%v, %v) and %d [%v, %v)", p,
							ja, r.Start[ja], r.End[ja], jb, r.Start[jb], r.End[jb])
					}
				}
			}
		}
	})
}

func TestAllocateByHand(t *testing.T) {
	t.Parallel()
	// On 4 processors: job 0 (2 procs, [0, 10)), job 1 (1 proc, [0, 5)),
	// job 2 (1 proc, [0, 20)); at 10 job 0 ends and job 3 (2 procs) gets
	// its processors 0-1.
	r := &Result{Procs: 4, ID: []int{1, 2, 3, 4},
		Start: []float64{0, 0, 0, 10}, End: []float64{10, 5, 20, 12}, Width: []int{2, 1, 1, 2}}
	alloc, err := Allocate(r)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"0-1", "2", "3", "0-1"}
	for j, w := range want {
		if alloc[j].String() != w {
			t.Errorf("job %d: %s, want %s", j, alloc[j], w)
		}
	}
	// A schedule holding 5 processors of 4 at t = 1: an error.
	bad := &Result{Procs: 4, ID: []int{1, 2, 3}, Start: []float64{0, 0, 1}, End: []float64{10, 10, 2}, Width: []int{2, 1, 2}}
	if _, err := Allocate(bad); err == nil {
		t.Error("over-full schedule: no error")
	}
	if s := (Ranges{{0, 3}, {8, 8}, {10, 11}}).String(); s != "0-3 8 10-11" {
		t.Errorf("String = %q", s)
	}
}
