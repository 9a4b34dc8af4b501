package quality

import (
	"fmt"
	"math"
	"slices"
	"testing"

	"pgregory.net/rapid"

	"github.com/tracelab/tracelab/datasets"
)

// refDuplicates is duplicate_job_id as first written: a map counting the
// rows of every job number (partial-execution records left out).
func refDuplicates(t *datasets.Trace, n int) (jobs int, examples []int) {
	seen := make(map[int]int, t.Len())
	for i, id := range t.JobID {
		if !datasets.IsPartialRecord(t.Status[i]) {
			seen[id]++
		}
	}
	for i, id := range t.JobID {
		if seen[id] > 1 && !datasets.IsPartialRecord(t.Status[i]) {
			jobs++
			if len(examples) < n {
				examples = append(examples, id)
			}
		}
	}
	return jobs, examples
}

// refOverCapacity is over_capacity's count, examples and detail as first
// written: the time above capacity before every step of the usage (a dense
// prefix sum).
func refOverCapacity(c *checker) (a Anomaly, ok bool) {
	t, m, u := c.t, c.r.Machine, c.t.InUse()
	over := make([]float64, len(u.Time))
	var above float64
	first := math.NaN()
	peak, peakAt := 0, 0.0
	for k := range u.Time {
		if k > 0 {
			over[k] = over[k-1]
			if u.Procs[k-1] > m.Procs {
				over[k] += u.Time[k] - u.Time[k-1]
			}
		}
		if u.Procs[k] > m.Procs {
			if math.IsNaN(first) {
				first = u.Time[k]
			}
			if u.Procs[k] > peak {
				peak, peakAt = u.Procs[k], u.Time[k]
			}
		}
	}
	if len(over) > 0 {
		above = over[len(over)-1]
	}
	if peak == 0 {
		return a, false
	}
	overBefore := func(x float64) float64 {
		k, _ := slices.BinarySearch(u.Time, x)
		if k == 0 {
			return 0
		}
		v := over[k-1]
		if u.Procs[k-1] > m.Procs {
			v += x - u.Time[k-1]
		}
		return v
	}
	a = Anomaly{Category: Erroneous, Kind: "over_capacity",
		Detail: fmt.Sprintf("the logged schedule holds up to %d processors (at %s), the machine has %d: "+
			"%.1f hours above 100%% utilisation from %s on; no job filter repairs it (replay with --procs %d, or "+
			"treat the period as erroneous)", peak, c.date(peakAt), m.Procs, above/3600, c.date(first), peak)}
	for i := range t.JobID {
		s, e := t.Start(i), t.End(i)
		if !(e > s) || t.JobProcs(i) <= 0 {
			continue
		}
		if overBefore(e)-overBefore(s) > 0 {
			a.Jobs++
			if s <= peakAt && peakAt < e && len(a.Examples) < c.n {
				a.Examples = append(a.Examples, t.JobID[i])
			}
		}
	}
	return a, true
}

// TestCheckAgreesWithReference: duplicate_job_id (sorted copy, set of the
// repeated numbers) and over_capacity (prefix sums over the steps above
// capacity only, or dense) report what the first, memory-hungrier code
// reported, on random logs with repeated numbers, partial records and
// machines from mostly idle to always full.
func TestCheckAgreesWithReference(t *testing.T) {
	t.Parallel()
	rapid.Check(t, func(rt *rapid.T) {
		n := rapid.IntRange(0, 300).Draw(rt, "n")
		ids := rapid.IntRange(1, 2*n+1).Draw(rt, "ids")
		tr := datasets.NewTrace("random", n)
		tr.Header.MaxProcs = rapid.IntRange(1, 200).Draw(rt, "machine")
		submit := 0.0
		for i := range n {
			submit += float64(rapid.IntRange(0, 3600).Draw(rt, "gap"))
			id := i + 1
			if rapid.IntRange(0, 3).Draw(rt, "shuffled") == 0 {
				id = rapid.IntRange(1, ids).Draw(rt, "id")
			}
			tr.Append(datasets.Job{JobID: id, Submit: submit, Wait: float64(rapid.IntRange(0, 7200).Draw(rt, "wait")),
				Runtime: float64(rapid.IntRange(0, 20000).Draw(rt, "runtime")), Procs: rapid.IntRange(-1, 64).Draw(rt, "procs"),
				CPUTime: math.NaN(), Mem: math.NaN(), ReqProcs: -1, ReqTime: math.NaN(), ReqMem: math.NaN(),
				Status: rapid.IntRange(-1, 5).Draw(rt, "status"), User: 1, Group: -1, App: -1, Queue: -1, Partition: -1,
				PrevJob: -1, ThinkTime: math.NaN()})
		}
		for _, examples := range []int{1, 5} {
			r, err := Check(tr, Options{Examples: examples})
			if err != nil {
				rt.Fatal(err)
			}
			jobs, ex := refDuplicates(tr, examples)
			if a, ok := find(r, "duplicate_job_id"); ok != (jobs > 0) || a.Jobs != jobs || !slices.Equal(a.Examples, ex) {
				rt.Fatalf("duplicate_job_id %v %+v, reference %d %v", ok, a, jobs, ex)
			}
			c := &checker{t: tr, n: examples, r: &Report{Machine: tr.Machine()}}
			want, wantOK := refOverCapacity(c)
			if a, ok := find(r, "over_capacity"); ok != wantOK || a.Jobs != want.Jobs || !slices.Equal(a.Examples, want.Examples) ||
				a.Detail != want.Detail {
				rt.Fatalf("over_capacity %v %+v, reference %v %+v", ok, a, wantOK, want)
			}
		}
	})
}
