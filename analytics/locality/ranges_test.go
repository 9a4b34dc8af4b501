package locality

import (
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"pgregory.net/rapid"
)

func TestMaxDeviation(t *testing.T) {
	t.Parallel()
	// With r ranges and a fraction f of the jobs in one range (the others
	// spread evenly), m = (f − 1/r)/(1 − 1/r). The 2007 paper, §3.2,
	// reads its numbers this way for r = 24: M'_max 0.419 means 44.3% of
	// the jobs in one range, 0.269 means 29.9%, M'_med 0.085 means 12.3%.
	oneRange := func(f float64) []float64 {
		o := make([]float64, 24)
		o[0] = f * 2400
		for j := 1; j < 24; j++ {
			o[j] = (2400 - o[0]) / 23
		}
		return o
	}
	tests := []struct {
		name string
		o    []float64
		want float64
		tol  float64
	}{
		{"all in one range", []float64{0, 10, 0, 0}, 1, 1e-15},
		{"even", []float64{5, 5, 5, 5}, 0, 1e-15},
		{"empty range", []float64{0, 4, 4, 4}, 3.0 / 9, 1e-15}, // e = 3, |0−3| = 3, N−e = 9
		{"paper 0.419 ↔ 44.3%", oneRange(0.443), 0.419, 5e-4},
		{"paper 0.269 ↔ 29.9%", oneRange(0.299), 0.269, 5e-4},
		{"paper 0.085 ↔ 12.3%", oneRange(0.123), 0.085, 5e-4},
	}
	for _, tt := range tests {
		if got := MaxDeviation(tt.o); !near(got, tt.want, tt.tol) {
			t.Errorf("%s: MaxDeviation = %v, want %v", tt.name, got, tt.want)
		}
	}
	if !math.IsNaN(MaxDeviation(make([]float64, 4))) {
		t.Error("MaxDeviation of no jobs is not NaN")
	}
}

func TestRangesContinuous(t *testing.T) {
	t.Parallel()
	v := make([]float64, 100)
	for i := range v {
		v[i] = float64(i)
	}
	g, err := NewRanges(v, nil, 4, TiesSplit)
	if err != nil {
		t.Fatal(err)
	}
	// F⁻¹(k/4) of 0…99: the smallest value whose CDF reaches k/4.
	if b := g.Bounds(); !slices.Equal(b, []float64{24, 49, 74}) {
		t.Errorf("Bounds = %v, want [24 49 74]", b)
	}
	if o := g.Counts(v, nil); !slices.Equal(o, []float64{25, 25, 25, 25}) {
		t.Errorf("Counts = %v", o)
	}
	if o := g.Counts([]float64{-5, 24, 24.5, 1000}, nil); !slices.Equal(o, []float64{2, 1, 0, 1}) {
		t.Errorf("Counts of values off the global support = %v, want [2 1 0 1]", o)
	}
}

func TestRangesTies(t *testing.T) {
	t.Parallel()
	// Six 1s and two 2s, 4 ranges: the 1s hold ranges 0–2 (CDF step [0,
	// 3/4]), the 2s range 3.
	v := []float64{1, 1, 1, 1, 1, 1, 2, 2}
	tests := []struct {
		ties   Ties
		all    []float64 // counts of v
		ones   []float64 // counts of three 1s
		shares []float64
	}{
		{TiesSplit, []float64{2, 2, 2, 2}, []float64{1, 1, 1, 0}, []float64{.25, .25, .25, .25}},
		{TiesLower, []float64{6, 0, 0, 2}, []float64{3, 0, 0, 0}, []float64{.75, 0, 0, .25}},
	}
	for _, tt := range tests {
		g, err := NewRanges(v, nil, 4, tt.ties)
		if err != nil {
			t.Fatal(err)
		}
		if o := g.Counts(v, nil); !slices.Equal(o, tt.all) {
			t.Errorf("%v: Counts(all) = %v, want %v", tt.ties, o, tt.all)
		}
		if o := g.Counts([]float64{1, 1, 1}, nil); !slices.Equal(o, tt.ones) {
			t.Errorf("%v: Counts(1,1,1) = %v, want %v", tt.ties, o, tt.ones)
		}
		if s := g.Shares(); !slices.Equal(s, tt.shares) {
			t.Errorf("%v: Shares = %v, want %v", tt.ties, s, tt.shares)
		}
		if b := g.Bounds(); !slices.Equal(b, []float64{1, 1, 1}) {
			t.Errorf("%v: Bounds = %v, want [1 1 1]", tt.ties, b)
		}
	}
	// Split: three 1s spread over ranges 0–2, e = 3/4, m = (1−¾)/(3−¾)… the
	// largest deviation is the empty range 3: ¾/(9/4) = 1/3.
	g, _ := NewRanges(v, nil, 4, TiesSplit)
	if m := MaxDeviation(g.Counts([]float64{1, 1, 1}, nil)); !near(m, 1.0/3, 1e-15) {
		t.Errorf("split m = %v, want 1/3", m)
	}
	// Random: each 1 lands uniformly in ranges 0–2.
	g, _ = NewRanges(v, nil, 4, TiesRandom)
	rng := rand.New(rand.NewPCG(1, 2))
	ones := make([]float64, 30000)
	for i := range ones {
		ones[i] = 1
	}
	o := g.Counts(ones, rng)
	for j, want := range []float64{10000, 10000, 10000, 0} {
		if !near(o[j], want, 400) { // 4 σ of Binomial(30000, 1/3)
			t.Errorf("random: range %d holds %v of 30000 ones, want about %v", j, o[j], want)
		}
	}
}

func TestRangesErrors(t *testing.T) {
	t.Parallel()
	if _, err := NewRanges([]float64{1, 2}, nil, 1, TiesSplit); err == nil {
		t.Error("1 range: no error")
	}
	if _, err := NewRanges([]float64{3, 3, 3}, nil, 4, TiesSplit); !errors.Is(err, ErrConstant) {
		t.Errorf("constant: err = %v, want ErrConstant", err)
	}
	if _, err := NewRanges([]float64{math.NaN()}, nil, 4, TiesSplit); !errors.Is(err, ErrNoData) {
		t.Errorf("no data: err = %v, want ErrNoData", err)
	}
	if _, err := NewRanges([]float64{1, 2}, []float64{1, -1}, 4, TiesSplit); err == nil {
		t.Error("negative weight: no error")
	}
	if _, err := NewRanges([]float64{1, 2}, nil, 4, Ties(7)); err == nil {
		t.Error("unknown tie rule: no error")
	}
}

// Whatever the ties, the global data spread by TiesSplit fills every range
// with exactly N/r, shares sum to 1, and m of any subset is in [0, 1].
func TestRangesProperties(t *testing.T) {
	t.Parallel()
	rapid.Check(t, func(t *rapid.T) {
		v := rapid.SliceOfN(rapid.IntRange(0, 12), 2, 300).Draw(t, "v")
		r := rapid.IntRange(2, 30).Draw(t, "r")
		x := make([]float64, len(v))
		for i, a := range v {
			x[i] = float64(a)
		}
		for _, ties := range []Ties{TiesSplit, TiesLower, TiesRandom} {
			g, err := NewRanges(x, nil, r, ties)
			if errors.Is(err, ErrConstant) {
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var sum float64
			for _, s := range g.Shares() {
				sum += s
			}
			if !near(sum, 1, 1e-9) {
				t.Fatalf("%v: shares sum to %v", ties, sum)
			}
			rng := rand.New(rand.NewPCG(3, 4))
			o := g.Counts(x, rng)
			if ties == TiesSplit {
				for j, c := range o {
					if !near(c, float64(len(x))/float64(r), 1e-9) {
						t.Fatalf("split: range %d holds %v, want %v", j, c, float64(len(x))/float64(r))
					}
				}
			}
			k := rapid.IntRange(1, len(x)).Draw(t, "k")
			m := MaxDeviation(g.Counts(x[:k], rng))
			if m < -1e-12 || m > 1+1e-12 {
				t.Fatalf("%v: m = %v out of [0, 1]", ties, m)
			}
		}
	})
}
