package sim

import (
	"fmt"
	"math"
	"testing"

	"pgregory.net/rapid"
)

// MeansWithin is MeansOf with the predicate "submitted within [lo, hi] and
// not skipped", field for field and bit for bit (the same jobs summed in
// the same order), on results with unfinished jobs (NaN end) and jobs of
// zero runtime.
func TestMeansWithin(t *testing.T) {
	t.Parallel()
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(0, 40).Draw(t, "n")
		r := &Result{Procs: rapid.IntRange(1, 8).Draw(t, "procs"), MaxQueue: 3}
		var skip []bool
		if rapid.Bool().Draw(t, "skip") {
			skip = make([]bool, n)
		}
		for j := range n {
			sub := float64(rapid.IntRange(0, 100).Draw(t, "submit"))
			start := sub + float64(rapid.IntRange(0, 50).Draw(t, "wait"))
			run := float64(rapid.IntRange(0, 30).Draw(t, "runtime"))
			end := start + run
			if rapid.IntRange(0, 5).Draw(t, "unfinished") == 0 {
				end = math.NaN()
			}
			r.ID = append(r.ID, j+1)
			r.Submit, r.Start, r.End = append(r.Submit, sub), append(r.Start, start), append(r.End, end)
			r.Runtime, r.Width = append(r.Runtime, run), append(r.Width, rapid.IntRange(1, r.Procs).Draw(t, "width"))
			if skip != nil {
				skip[j] = rapid.Bool().Draw(t, "skipped")
			}
		}
		lo := float64(rapid.IntRange(-10, 110).Draw(t, "lo"))
		hi := lo + float64(rapid.IntRange(-10, 110).Draw(t, "length"))
		got := r.MeansWithin(lo, hi, skip)
		want := r.MeansOf(func(j int) bool { return (skip == nil || !skip[j]) && r.Submit[j] >= lo && r.Submit[j] <= hi })
		if g, w := fmt.Sprintf("%v", got), fmt.Sprintf("%v", want); g != w {
			t.Fatalf("MeansWithin(%v, %v) = %s\nMeansOf = %s", lo, hi, g, w)
		}
	})
}

// MeansWithin panics on fewer skip flags than jobs (a programmer error).
func TestMeansWithinShortSkip(t *testing.T) {
	t.Parallel()
	defer func() {
		if recover() == nil {
			t.Error("no panic")
		}
	}()
	r := &Result{ID: []int{1, 2}, Submit: []float64{0, 1}, Start: []float64{0, 1}, End: []float64{1, 2},
		Runtime: []float64{1, 1}, Width: []int{1, 1}, Procs: 1}
	r.MeansWithin(0, 10, []bool{false})
}
