package locality

import (
	"errors"
	"math"
	"slices"
	"testing"

	"github.com/tracelab/tracelab/datasets"
	"pgregory.net/rapid"
)

func obsOf(a datasets.Attribute, v ...float64) Observations {
	t := make([]float64, len(v))
	for i := range t {
		t[i] = float64(i)
	}
	o, err := NewObservations("x", a, t, v)
	if err != nil {
		panic(err)
	}
	return o
}

func TestStackDepth(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		obs    Observations
		opts   StackOptions
		depths []int
		mean   float64
	}{
		// 1 2 1 3 2 1: stacks [1] [2 1] [1 2] [3 1 2] [2 3 1] [1 2 3]; the
		// top is depth 0 (the default) or 1; −1 marks a miss.
		{"exact procs", obsOf(datasets.Procs, 1, 2, 1, 3, 2, 1), StackOptions{}, []int{-1, -1, 1, -1, 2, 2}, 5.0 / 3},
		{"exact procs from 1", obsOf(datasets.Procs, 1, 2, 1, 3, 2, 1), StackOptions{TopDepth: 1}, []int{-1, -1, 2, -1, 3, 3}, 8.0 / 3},
		{"exact forced", obsOf(datasets.Runtime, 1, 2, 1, 3, 2, 1), StackOptions{Exact: true}, []int{-1, -1, 1, -1, 2, 2}, 5.0 / 3},
		{"repeat on top", obsOf(datasets.Procs, 4, 4, 4), StackOptions{}, []int{-1, 0, 0}, 0},
		{"repeat on top from 1", obsOf(datasets.Procs, 4, 4, 4), StackOptions{TopDepth: 1}, []int{-1, 1, 1}, 1},
		// 5% for runtimes: 104 matches 100 (|4| ≤ 5.2) and moves it up;
		// 102 matches 100 below 200.
		{"runtime 5%", obsOf(datasets.Runtime, 100, 104, 200, 102), StackOptions{}, []int{-1, 0, -1, 1}, 0.5},
		// 106 matches 102 only if 102 took 100's place: |106−100| > 5.3.
		{"keep", obsOf(datasets.Runtime, 100, 102, 106, 106), StackOptions{}, []int{-1, 0, -1, 0}, 0},
		{"update", obsOf(datasets.Runtime, 100, 102, 106, 106), StackOptions{Update: true}, []int{-1, 0, 0, 0}, 0},
		{"runtime 1%", obsOf(datasets.Runtime, 100, 104, 200, 102), StackOptions{Tolerance: 0.01}, nil, math.NaN()},
	}
	for _, tt := range tests {
		r, err := StackDepth(tt.obs, tt.opts)
		if tt.depths == nil {
			if !errors.Is(err, ErrNoRecurrence) {
				t.Errorf("%s: err = %v, want ErrNoRecurrence", tt.name, err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if !slices.Equal(r.Depths, tt.depths) || !near(r.MeanDepth, tt.mean, 1e-12) {
			t.Errorf("%s: depths %v mean %v, want %v %v", tt.name, r.Depths, r.MeanDepth, tt.depths, tt.mean)
		}
	}
	if _, err := StackDepth(obsOf(datasets.Runtime, 1, 1), StackOptions{TopDepth: 2}); err == nil {
		t.Error("top at depth 2: no error")
	}
	if _, err := StackDepth(obsOf(datasets.Runtime, 1, 1), StackOptions{Tolerance: -1}); err == nil {
		t.Error("negative tolerance: no error")
	}
}

// naiveDepths is the textbook LRU stack: a list searched from the top,
// the entry found moved to the top unchanged.
func naiveDepths(v []float64, tol float64) []int {
	var stack []float64
	d := make([]int, len(v))
	for i, x := range v {
		k := slices.IndexFunc(stack, func(s float64) bool {
			return math.Abs(x-s) <= tol*max(math.Abs(x), math.Abs(s))
		})
		if k >= 0 {
			d[i] = k + 1
			x = stack[k]
			stack = slices.Delete(stack, k, k+1)
		}
		stack = slices.Insert(stack, 0, x)
	}
	return d
}

func TestStackDepthMatchesNaive(t *testing.T) {
	t.Parallel()
	rapid.Check(t, func(t *rapid.T) {
		v := rapid.SliceOfN(rapid.IntRange(0, 40), 1, 400).Draw(t, "v")
		x := make([]float64, len(v))
		for i, a := range v {
			x[i] = float64(a)
		}
		if got, want := func() []int { d, _ := exactDepths(x); return d }(), naiveDepths(x, 0); !slices.Equal(got, want) {
			t.Fatalf("exact: %v, naive %v", got, want)
		}
		if got, want := func() []int { d, _ := toleranceDepths(x, 0.1, false); return d }(), naiveDepths(x, 0.1); !slices.Equal(got, want) {
			t.Fatalf("10%%: %v, naive %v", got, want)
		}
		// Counting from 1 adds one to every hit's depth and to the mean.
		obs := obsOf(datasets.Procs, x...)
		zero, err0 := StackDepth(obs, StackOptions{})
		one, err1 := StackDepth(obs, StackOptions{TopDepth: 1})
		if (err0 == nil) != (err1 == nil) || err0 == nil && (one.Hits != zero.Hits || math.Abs(one.MeanDepth-zero.MeanDepth-1) > 1e-9) {
			t.Fatalf("from 0: %v %v; from 1: %v %v", zero.MeanDepth, err0, one.MeanDepth, err1)
		}
	})
}

// Table VI of the 2013 paper gives mean runtime depths between 13 and 36
// for its logs (§5.2 text; the table's values are not in our copy).
func TestStackDepthLogs(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"SDSC-BLUE", "CTC-SP2", "KTH-SP2", "LANL-CM5"} {
		tr := loadLog(t, name)
		r, err := StackDepth(observe(t, tr, datasets.Runtime), StackOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if r.MeanDepth < 13 || r.MeanDepth > 36 {
			t.Errorf("%s runtime: mean depth %.1f outside the paper's 13–36", name, r.MeanDepth)
		}
		p, err := StackDepth(observe(t, tr, datasets.Procs), StackOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if p.MeanDepth >= r.MeanDepth {
			t.Errorf("%s: processors depth %.1f not below runtime depth %.1f", name, p.MeanDepth, r.MeanDepth)
		}
	}
}

func BenchmarkStackDepth(b *testing.B) {
	tr := loadLog(b, "SDSC-BLUE")
	var obs [3]Observations
	for k, a := range Attributes {
		obs[k] = observe(b, tr, a)
	}
	b.Run("SDSC-BLUE/all3", func(b *testing.B) {
		for b.Loop() {
			for _, o := range obs {
				if _, err := StackDepth(o, StackOptions{}); err != nil {
					b.Fatal(err)
				}
			}
		}
	})
	for _, o := range obs {
		b.Run("SDSC-BLUE/"+o.Attr.String(), func(b *testing.B) {
			for b.Loop() {
				StackDepth(o, StackOptions{})
			}
		})
	}
}
