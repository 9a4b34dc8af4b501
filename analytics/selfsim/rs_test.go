package selfsim

import (
	"errors"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"gonum.org/v1/gonum/floats/scalar"
	"pgregory.net/rapid"
)

func TestRescaledRange(t *testing.T) {
	t.Parallel()
	tests := []struct {
		x    []float64
		want float64
		ok   bool
	}{
		// 1 2 3 4: z = −1.5 −0.5 0.5 1.5, y = −1.5 −2 −1.5 0, R = 2,
		// S = √1.25.
		{[]float64{1, 2, 3, 4}, 2 / math.Sqrt(1.25), true},
		// Any two distinct values: y = (a−b)/2, 0; R = S = |a−b|/2.
		{[]float64{3, 7}, 1, true},
		{[]float64{5, 5, 5}, 0, false},
		{[]float64{5}, 0, false},
	}
	for _, tt := range tests {
		got, ok := RescaledRange(tt.x)
		if ok != tt.ok || !scalar.EqualWithinAbsOrRel(got, tt.want, 1e-14, 1e-14) {
			t.Errorf("RescaledRange(%v) = %v, %v; want %v, %v", tt.x, got, ok, tt.want, tt.ok)
		}
	}
}

func TestExpectedRS(t *testing.T) {
	t.Parallel()
	// Reference: the same formula evaluated by Python's math.lgamma and
	// float sums (an independent implementation).
	for _, tt := range []struct {
		n    int
		want float64
	}{
		{10, 2.872164532237645},
		{100, 11.396001462507346},
		{340, 21.960745554092746},
		{341, 21.946266993115454},
		{1000, 38.448761720095206},
		{10000, 124.16000281157905},
	} {
		if got := ExpectedRS(tt.n); !scalar.EqualWithinRel(got, tt.want, 1e-12) {
			t.Errorf("ExpectedRS(%d) = %v, want %v", tt.n, got, tt.want)
		}
	}
	// Monte Carlo: mean R/S of 4000 blocks of 100 independent Gaussians.
	rng := rand.New(rand.NewPCG(1, 1))
	x := make([]float64, 100)
	var s float64
	const blocks = 4000
	for range blocks {
		for i := range x {
			x[i] = rng.NormFloat64()
		}
		rs, _ := RescaledRange(x)
		s += rs
	}
	if got := s / blocks; math.Abs(got/ExpectedRS(100)-1) > 0.02 {
		t.Errorf("simulated E[R/S]_100 = %v, ExpectedRS = %v", got, ExpectedRS(100))
	}
}

func TestSizes(t *testing.T) {
	t.Parallel()
	rapid.Check(t, func(t *rapid.T) {
		lo := rapid.IntRange(2, 50).Draw(t, "lo")
		hi := rapid.IntRange(lo, 100000).Draw(t, "hi")
		f := rapid.Float64Range(1.05, 3).Draw(t, "factor")
		s := Sizes(lo, hi, f)
		if s[0] != lo || s[len(s)-1] != hi {
			t.Fatalf("sizes %v do not span %d…%d", s, lo, hi)
		}
		for i := 1; i < len(s); i++ {
			if s[i] <= s[i-1] {
				t.Fatalf("sizes not increasing: %v", s)
			}
			// Spacing never exceeds the factor beyond rounding: s[i] is
			// round(lo·f^k) and s[i−1] ≥ round(lo·f^(k−1)) ≥ lo·f^(k−1) − ½.
			if float64(s[i]) > (float64(s[i-1])+0.5)*f+0.5 {
				t.Fatalf("gap %d → %d exceeds factor %v", s[i-1], s[i], f)
			}
		}
	})
	for _, st := range [][]int{starts(100, 10, 4), starts(100, 90, 20), starts(100, 100, 5)} {
		for i := 1; i < len(st); i++ {
			if st[i] <= st[i-1] {
				t.Errorf("starts %v not increasing", st)
			}
		}
	}
	if st := starts(100, 10, 4); st[0] != 0 || st[3] != 90 {
		t.Errorf("starts(100, 10, 4) = %v, want 0 … 90", st)
	}
}

func TestPoxPlotErrors(t *testing.T) {
	t.Parallel()
	if _, err := PoxPlot(make([]float64, 1000), PoxOptions{}); !errors.Is(err, ErrTooFewPoints) {
		t.Errorf("constant series: err = %v, want ErrTooFewPoints", err)
	}
	if _, err := PoxPlot([]float64{1, 2, 3}, PoxOptions{}); !errors.Is(err, ErrTooFewPoints) {
		t.Errorf("3 values: err = %v, want ErrTooFewPoints", err)
	}
	x := []float64{1, 2, math.NaN(), 4}
	if _, err := PoxPlot(x, PoxOptions{}); err == nil {
		t.Error("NaN: no error")
	}
	y := make([]float64, 100)
	for i := range y {
		y[i] = float64(i % 7)
	}
	for _, o := range []PoxOptions{{Factor: 1}, {Subsets: -1}, {MinN: 1}} {
		if _, err := PoxPlot(y, o); err == nil {
			t.Errorf("%+v: no error", o)
		}
	}
}

// Sparse arrivals: most 10-unit subsets are empty at first, so the
// automatic MinN starts later.
func TestPoxPlotAutoMinN(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(2, 2))
	x := make([]float64, 20000)
	for i := range x {
		if rng.Float64() < 0.03 {
			x[i] = 1
		}
	}
	p, err := PoxPlot(x, PoxOptions{})
	if err != nil {
		t.Fatal(err)
	}
	// P(10 units empty) = 0.97^10 ≈ 0.74; half the subsets have an arrival
	// from n ≈ 23 on (0.97^23 ≈ 0.5).
	if p.Options.MinN < 15 || p.Options.MinN > 40 {
		t.Errorf("automatic MinN = %d, want about 23", p.Options.MinN)
	}
	if p.H < 0.4 || p.H > 0.65 {
		t.Errorf("independent arrivals: H = %v", p.H)
	}
	if f := p.Frame(); f.Nrow() != len(p.Points) {
		t.Errorf("frame has %d rows, %d points", f.Nrow(), len(p.Points))
	}
}

func TestArrivalCounts(t *testing.T) {
	t.Parallel()
	c, err := ArrivalCounts([]float64{100, 100, 150, 700, 1299}, 600)
	if err != nil {
		t.Fatal(err)
	}
	// Units from 100: [100, 700) holds 3, [700, 1300) holds 2.
	if len(c) != 2 || c[0] != 3 || c[1] != 2 {
		t.Errorf("counts %v, want [3 2]", c)
	}
	if _, err := ArrivalCounts([]float64{1}, 0); err == nil {
		t.Error("zero unit: no error")
	}
	if _, err := ArrivalCounts([]float64{math.NaN()}, 60); err == nil {
		t.Error("NaN submit: no error")
	}
}

// TestBounds: inputs and options that once made Hurst panic, ask for
// hundreds of gigabytes or run for hours (issue 15) are refused quickly
// with an error, before anything large is allocated.
func TestBounds(t *testing.T) {
	t.Parallel()
	month := make([]float64, 3000)
	for i := range month {
		month[i] = float64(i) * 900 // one job every 15 minutes for a month
	}
	series := make([]float64, 5000)
	for i := range series {
		series[i] = float64(i % 7)
	}
	tests := []struct {
		name string
		run  func() error
		want string
	}{
		{"submit 1e300", func() error { _, err := ArrivalCounts([]float64{0, 1e300}, 600); return err }, "use a longer unit"},
		{"submit above 2^63", func() error { _, err := ArrivalCounts([]float64{0, 1e19}, 600); return err }, "use a longer unit"},
		{"unit 1ns", func() error { _, err := ArrivalCounts(month, 1e-9); return err }, "use a longer unit"},
		{"unit 1ms", func() error { _, err := ArrivalCounts(month, 1e-3); return err }, "use a longer unit"},
		{"subsets 1e9", func() error { _, err := PoxPlot(series, PoxOptions{Subsets: 1e9}); return err }, "subsets must be from 1 to"},
		{"factor 1.0000001", func() error { _, err := PoxPlot(make([]float64, 200000), PoxOptions{Factor: 1.0000001}); return err }, "raise the size factor"},
		{"debias 1e9", func() error {
			p, err := PoxPlot(series, PoxOptions{})
			if err != nil {
				return err
			}
			_, err = p.Debias(1e9, 1, nil)
			return err
		}, "replicates"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if err := tc.run(); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want one containing %q", err, tc.want)
			}
		})
	}
	// A factor close to 1 is still allowed where the work is small: every
	// integer size, computed without looping per repeated size.
	if s := Sizes(10, 100000, 1.0000001); len(s) != 100000-10+1 {
		t.Errorf("Sizes(10, 100000, 1.0000001) has %d sizes, want every integer", len(s))
	}
}
