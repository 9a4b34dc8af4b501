package estimates

import (
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"pgregory.net/rapid"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/internal/rapidtest"
)

// TestFit: a hand-made log of ten jobs with estimates 60, 3600 and 7 s
// (the last a single odd value).
func TestFit(t *testing.T) {
	t.Parallel()
	tr := trace([2]float64{10, 60}, [2]float64{20, 60}, [2]float64{30, 60}, [2]float64{40, 60},
		[2]float64{100, 3600}, [2]float64{200, 3600}, [2]float64{3000, 3600}, [2]float64{3700, 3600},
		[2]float64{5, 7}, [2]float64{1, -1})
	m, err := Fit(tr, FitOptions{Values: 2, Classes: 2})
	if err != nil {
		t.Fatal(err)
	}
	// Runtimes of the 9 jobs with estimates, sorted: 5 10 20 30 40 100 200
	// 3000 3700; the median (index 9/2 = 4) is 40: classes [0, 40), [40, ∞).
	if !slices.Equal(m.Values, []float64{60, 3600}) || !slices.Equal(m.Edges, []float64{0, 40}) {
		t.Errorf("values %v, edges %v", m.Values, m.Edges)
	}
	if want := [][]float64{{3, 0}, {1, 4}}; !slices.EqualFunc(m.Counts, want, slices.Equal) {
		t.Errorf("counts %v, want %v", m.Counts, want)
	}
	if m.Covered != 8.0/9 {
		t.Errorf("covered %v, want 8/9", m.Covered)
	}
	if err := m.Validate(); err != nil {
		t.Error(err)
	}
	m.Src = rand.NewPCG(1, 2)
	for range 100 {
		if e := m.Rand(50); e != 60 && e != 3600 {
			t.Fatalf("Rand(50) = %v", e)
		}
		if e := m.Rand(61); e != 3600 { // the only value ≥ 61
			t.Fatalf("Rand(61) = %v", e)
		}
		if e := m.Rand(5000); e != 5000 { // above every value: the runtime itself
			t.Fatalf("Rand(5000) = %v", e)
		}
	}
	if _, err := Fit(trace([2]float64{1, -1}), FitOptions{}); !errors.Is(err, ErrNoEstimates) {
		t.Errorf("no estimates: %v", err)
	}
	for _, o := range []FitOptions{{Values: -1}, {Classes: MaxClasses + 1}, {Values: MaxValues + 1}} {
		if _, err := Fit(tr, o); err == nil {
			t.Errorf("%+v: no error", o)
		}
	}
}

// TestRandNearestClass: a runtime class that chose none of the values ≥
// the runtime borrows the weights of the nearest class that did, the
// longer first.
func TestRandNearestClass(t *testing.T) {
	t.Parallel()
	m := Model{Values: []float64{60, 3600}, Edges: []float64{0, 10, 100},
		Counts: [][]float64{{0, 0}, {5, 0}, {0, 5}}, Src: rand.NewPCG(3, 4)}
	for range 50 {
		if e := m.Rand(5); e != 60 { // class 0 is empty: class 1's 60
			t.Fatalf("Rand(5) = %v, want 60", e)
		}
		if e := m.Rand(70); e != 3600 { // class 1 chose no value ≥ 70: class 2's 3600
			t.Fatalf("Rand(70) = %v, want 3600", e)
		}
	}
}

func TestValidate(t *testing.T) {
	t.Parallel()
	good := Model{Values: []float64{60, 120}, Edges: []float64{0, 10}, Counts: [][]float64{{1, 0}, {0, 2}}}
	if err := good.Validate(); err != nil {
		t.Fatal(err)
	}
	for name, m := range map[string]Model{
		"no values":      {Edges: []float64{0}, Counts: [][]float64{{}}},
		"unsorted":       {Values: []float64{120, 60}, Edges: good.Edges, Counts: good.Counts},
		"edge not 0":     {Values: good.Values, Edges: []float64{5, 10}, Counts: good.Counts},
		"rows":           {Values: good.Values, Edges: good.Edges, Counts: good.Counts[:1]},
		"negative count": {Values: good.Values, Edges: good.Edges, Counts: [][]float64{{1, -1}, {0, 2}}},
	} {
		if m.Validate() == nil {
			t.Errorf("%s: no error", name)
		}
	}
}

// TestModelProperties: for any log, Fit gives a valid model whose
// estimates are at least the runtime, are one of the fitted values when
// one is at least the runtime (else the runtime itself), and repeat for the
// same seed.
func TestModelProperties(t *testing.T) {
	rapidtest.Check(t, func(rt *rapid.T) {
		round := []float64{60, 300, 900, 3600, 7200, 14400, 36000, 64800}
		n := rapid.IntRange(1, 200).Draw(rt, "jobs")
		tr := datasets.NewTrace("t", n)
		for i := range n {
			j := datasets.UnknownJob()
			j.JobID, j.Submit = i+1, float64(i)
			j.Runtime = float64(rapid.IntRange(0, 70000).Draw(rt, "runtime"))
			if rapid.Bool().Draw(rt, "round") {
				j.ReqTime = rapid.SampledFrom(round).Draw(rt, "estimate")
			} else {
				j.ReqTime = float64(rapid.IntRange(1, 70000).Draw(rt, "odd estimate"))
			}
			tr.Append(j)
		}
		m, err := Fit(tr, FitOptions{Values: rapid.IntRange(1, 10).Draw(rt, "values"), Classes: rapid.IntRange(1, 12).Draw(rt, "classes")})
		if err != nil {
			rt.Fatal(err)
		}
		if err := m.Validate(); err != nil {
			rt.Fatal(err)
		}
		seed := rapid.Uint64().Draw(rt, "seed")
		runs := make([]float64, 50)
		for i := range runs {
			runs[i] = float64(rapid.IntRange(0, 80000).Draw(rt, "query"))
		}
		draw := func() []float64 {
			m.Src = rand.NewPCG(seed, 1)
			out := make([]float64, len(runs))
			for i, r := range runs {
				out[i] = m.Rand(r)
			}
			return out
		}
		first := draw()
		for i, e := range first {
			r := runs[i]
			if e < r {
				rt.Fatalf("estimate %v below runtime %v", e, r)
			}
			if r <= m.Values[len(m.Values)-1] {
				if _, ok := slices.BinarySearch(m.Values, e); !ok {
					rt.Fatalf("estimate %v of runtime %v not a fitted value %v", e, r, m.Values)
				}
			} else if e != r {
				rt.Fatalf("runtime %v above every value: estimate %v", r, e)
			}
		}
		if again := draw(); !slices.Equal(first, again) {
			rt.Fatalf("same seed, other estimates: %v, %v", first, again)
		}
	})
}
