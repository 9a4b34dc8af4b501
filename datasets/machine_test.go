package datasets

import (
	"errors"
	"math"
	"slices"
	"testing"
)

// scheduled returns a trace of jobs given as (start, runtime, procs), all
// submitted at their start (wait 0); a NaN start means an unknown wait.
func scheduled(jobs ...[3]float64) *Trace {
	t := NewTrace("test", len(jobs))
	for i, j := range jobs {
		u := UnknownJob()
		u.JobID, u.User, u.Submit, u.Wait, u.Runtime, u.Procs = i+1, 1, j[0], 0, j[1], int(j[2])
		if math.IsNaN(j[0]) {
			u.Submit, u.Wait = 0, math.NaN()
		}
		t.Append(u)
	}
	return t
}

func TestMachine(t *testing.T) {
	t.Parallel()
	// Three jobs of 10 processors overlap in [5, 10): peak 30, widest 10.
	overlap := [][3]float64{{0, 10, 10}, {5, 10, 10}, {5, 5, 10}, {20, 1, 4}}
	cases := []struct {
		name   string
		header Header
		jobs   [][3]float64
		want   Machine
	}{
		{"MaxProcs", Header{MaxProcs: 128, MaxNodes: 64}, overlap, Machine{128, SizeHeaderMaxProcs}},
		{"MaxNodes", Header{MaxNodes: 64}, overlap, Machine{64, SizeHeaderMaxNodes}},
		{"peak, not widest", Header{}, overlap, Machine{30, SizePeakInUse}},
		// An end and a start at the same instant: the end comes first, so
		// back-to-back jobs of 10 never hold 20.
		{"back to back", Header{}, [][3]float64{{0, 10, 10}, {10, 10, 10}}, Machine{10, SizePeakInUse}},
		// A job of runtime 0 holds nothing, but the widest job bounds the
		// size from below.
		{"widest job of runtime 0", Header{}, [][3]float64{{0, 10, 2}, {3, 0, 50}}, Machine{50, SizePeakInUse}},
		// No start time known: no schedule to infer from (the caller must
		// give the size), not the widest job.
		{"no waits", Header{}, [][3]float64{{math.NaN(), 10, 8}, {math.NaN(), 10, 16}}, Machine{0, SizeUnknown}},
		{"empty", Header{}, nil, Machine{0, SizeUnknown}},
	}
	for _, c := range cases {
		tr := scheduled(c.jobs...)
		tr.Header = c.header
		if got := tr.Machine(); got != c.want {
			t.Errorf("%s: Machine() = %v, want %v", c.name, got, c.want)
		}
		if got := tr.MaxProcs(); got != c.want.Procs {
			t.Errorf("%s: MaxProcs() = %d, want %d", c.name, got, c.want.Procs)
		}
	}
}

func TestInUse(t *testing.T) {
	t.Parallel()
	tr := scheduled([3]float64{0, 10, 10}, [3]float64{5, 10, 10}, [3]float64{5, 5, 10}, [3]float64{20, 1, 4})
	// Requested processors stand in for unknown allocated ones.
	tr.Procs[3], tr.ReqProcs[3] = -1, 4
	u := tr.InUse()
	wantT := []float64{0, 5, 10, 15, 20, 21}
	wantP := []int{10, 30, 10, 0, 4, 0}
	if !slices.Equal(u.Time, wantT) || !slices.Equal(u.Procs, wantP) {
		t.Errorf("InUse = %v %v, want %v %v", u.Time, u.Procs, wantT, wantP)
	}
	if p, at := u.Peak(); p != 30 || at != 5 {
		t.Errorf("Peak = %d at %v, want 30 at 5", p, at)
	}
}

func TestRequireUsers(t *testing.T) {
	t.Parallel()
	tr := scheduled([3]float64{0, 1, 1}, [3]float64{1, 1, 1})
	if err := tr.RequireUsers(); err != nil {
		t.Errorf("known users: %v", err)
	}
	tr.User[0], tr.User[1] = -1, -1
	if err := tr.RequireUsers(); !errors.Is(err, ErrNoUsers) {
		t.Errorf("no users: %v, want ErrNoUsers", err)
	}
	if err := NewTrace("empty", 0).RequireUsers(); err != nil {
		t.Errorf("empty trace: %v", err)
	}
}
