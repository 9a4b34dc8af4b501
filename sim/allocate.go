package sim

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
)

// Range is the processors First..Last (inclusive), numbered from 0.
type Range struct{ First, Last int }

// Len returns the number of processors of the range.
func (r Range) Len() int { return r.Last - r.First + 1 }

// Ranges are the processors of one job, in increasing order.
type Ranges []Range

// Len returns the number of processors.
func (rs Ranges) Len() int {
	n := 0
	for _, r := range rs {
		n += r.Len()
	}
	return n
}

// String formats the ranges as an interval set, "0-3 8 10-11": Batsim's
// allocated_resources and evalys's ProcSet notation.
func (rs Ranges) String() string {
	var b strings.Builder
	for i, r := range rs {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(strconv.Itoa(r.First))
		if r.Last != r.First {
			b.WriteByte('-')
			b.WriteString(strconv.Itoa(r.Last))
		}
	}
	return b.String()
}

// Allocate assigns processors to the jobs of a schedule. The engine counts
// processors and never names them; Allocate numbers them 0..Procs−1 and
// gives each job, at its start, the lowest-numbered processors free then
// (first fit), after the jobs ending at that time have given theirs back.
// A job holds its processors from Start to End; its ranges have Width
// processors in all, not necessarily contiguous. Jobs that did not start
// get nil.
//
// A job of runtime 0 holds its processors for no time (the engine starts
// and ends it in two rounds at the same instant, between which another job
// may take them): it gets the lowest free processors when enough are free
// at its instant, else the lowest-numbered ones, which then overlap
// another job's at that instant only.
//
// It returns an error when the schedule needs more processors than the
// machine has at some time (a result not made by the engine).
func Allocate(r *Result) ([]Ranges, error) {
	type event struct {
		t    float64
		kind int // 0 end, 1 start, 2 start of a zero-length job
		j    int
	}
	var evs []event
	for j := range r.ID {
		s, e := r.Start[j], r.End[j]
		switch {
		case math.IsNaN(s):
		case e > s:
			evs = append(evs, event{s, 1, j}, event{e, 0, j})
		case math.IsNaN(e):
			evs = append(evs, event{s, 1, j}) // still running
		default:
			evs = append(evs, event{s, 2, j})
		}
	}
	slices.SortFunc(evs, func(a, b event) int {
		if c := cmp.Compare(a.t, b.t); c != 0 {
			return c
		}
		if c := cmp.Compare(a.kind, b.kind); c != 0 {
			return c
		}
		return cmp.Compare(a.j, b.j)
	})
	out := make([]Ranges, r.Len())
	free := Ranges{{0, r.Procs - 1}} // free processors, sorted, merged
	for _, ev := range evs {
		w := r.Width[ev.j]
		switch ev.kind {
		case 0:
			free = release(free, out[ev.j])
		case 1:
			if free.Len() < w {
				return nil, fmt.Errorf("sim: Allocate: job %d needs %d processors at %v, %d free of %d",
					r.ID[ev.j], w, ev.t, free.Len(), r.Procs)
			}
			out[ev.j], free = take(free, w)
		case 2:
			if free.Len() >= w {
				out[ev.j], _ = take(slices.Clone(free), w)
			} else {
				out[ev.j], _ = take(Ranges{{0, r.Procs - 1}}, w)
			}
		}
	}
	return out, nil
}

// take removes the w lowest processors from free and returns them.
func take(free Ranges, w int) (got, rest Ranges) {
	i := 0
	for w > 0 {
		r := free[i]
		if r.Len() <= w {
			got = append(got, r)
			w -= r.Len()
			i++
			continue
		}
		got = append(got, Range{r.First, r.First + w - 1})
		free[i].First += w
		w = 0
	}
	return got, free[i:]
}

// release gives rs back to free, keeping it sorted and merged.
func release(free, rs Ranges) Ranges {
	for _, r := range rs {
		i, _ := slices.BinarySearchFunc(free, r.First, func(x Range, t int) int { return cmp.Compare(x.First, t) })
		free = slices.Insert(free, i, r)
		// Merge with the neighbours.
		if i+1 < len(free) && free[i].Last+1 == free[i+1].First {
			free[i].Last = free[i+1].Last
			free = slices.Delete(free, i+1, i+2)
		}
		if i > 0 && free[i-1].Last+1 == free[i].First {
			free[i-1].Last = free[i].Last
			free = slices.Delete(free, i, i+1)
		}
	}
	return free
}
