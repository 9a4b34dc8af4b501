package locality

import (
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/tracelab/tracelab/datasets"
)

func TestAutocorrelation(t *testing.T) {
	t.Parallel()
	// x = 1…5: deviations −2…2, Σd² = 10; lag 1: (2+0+0+2)/10 = 0.4; lag 2:
	// (0−1+0)/10 = −0.1; lag 3: (−2·1 + −1·2)/10 = −0.4; lag 4: −4/10.
	got, err := Autocorrelation([]float64{1, 2, 3, 4, 5}, 4)
	if err != nil {
		t.Fatal(err)
	}
	want := []float64{1, 0.4, -0.1, -0.4, -0.4}
	for k := range want {
		if !near(got[k], want[k], 1e-15) {
			t.Errorf("lag %d: %v, want %v", k, got[k], want[k])
		}
	}
	if _, err := Autocorrelation([]float64{2, 2, 2}, 1); !errors.Is(err, ErrConstant) {
		t.Errorf("constant: err = %v", err)
	}
	if _, err := Autocorrelation([]float64{1, 2}, 2); err == nil {
		t.Error("lag ≥ n: no error")
	}
}

// Fig 1: real runtimes are autocorrelated at long lags, scrambled ones not.
func TestAutocorrelationLog(t *testing.T) {
	t.Parallel()
	obs := observe(t, loadLog(t, "CTC-SP2"), datasets.Runtime)
	df, err := AutocorrelationFrame(obs, 100, 1)
	if err != nil {
		t.Fatal(err)
	}
	orig, scr := df.Col("original").Float(), df.Col("scrambled").Float()
	// CTC: 0.41 at lag 1, 0.13 at lag 10.
	if orig[1] < 0.3 || orig[10] < 0.08 {
		t.Errorf("autocorrelation %v at lag 1, %v at lag 10", orig[1], orig[10])
	}
	for k := 1; k <= 100; k++ {
		if math.Abs(scr[k]) > 0.02 {
			t.Errorf("scrambled lag %d: %v", k, scr[k])
		}
	}
}

func TestScrambleScatter(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(2, 2))
	obs := synthetic(5000, 20, func(int) float64 { return math.Floor(rng.ExpFloat64() * 1000) })
	s := Scramble(obs, 7)
	a, b := slices.Clone(obs.Value), slices.Clone(s.Value)
	slices.Sort(a)
	slices.Sort(b)
	if !slices.Equal(a, b) || !slices.Equal(obs.Time, s.Time) {
		t.Error("Scramble changed the values' multiset or the times")
	}
	if slices.Equal(obs.Value, s.Value) {
		t.Error("Scramble kept the order")
	}
	for _, pd := range []int{0, 10} {
		df, err := Scatter(obs, ScatterOptions{PerDecade: pd})
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for _, c := range df.Col("count").Float() {
			n += int(c)
		}
		if n != obs.Len() {
			t.Errorf("PerDecade %d: counts sum to %d, want %d", pd, n, obs.Len())
		}
		if tm := df.Col("time").Float(); tm[0] != 0 || tm[len(tm)-1] != 19*datasets.Day {
			t.Errorf("time bins from %v to %v", tm[0], tm[len(tm)-1])
		}
	}
}

func TestSliceCDFs(t *testing.T) {
	t.Parallel()
	obs := synthetic(600, 6, func(i int) float64 { return float64(i % 7) })
	df, err := SliceCDFs(obs, Slicing{Align: AlignFirstJob}, []int{1, 0})
	if err != nil {
		t.Fatal(err)
	}
	sl := df.Col("slice").Records()
	if sl[0] != "-1" || sl[len(sl)-1] != "0" {
		t.Errorf("slice order %v…%v", sl[0], sl[len(sl)-1])
	}
	cdf := df.Col("cdf").Float()
	if df.Nrow() != 21 || cdf[6] != 1 || cdf[13] != 1 || cdf[20] != 1 {
		t.Errorf("rows %d, cdf %v", df.Nrow(), cdf)
	}
	if _, err := SliceCDFs(obs, Slicing{Align: AlignFirstJob}, []int{5}); err == nil {
		t.Error("slice out of range: no error")
	}
}
