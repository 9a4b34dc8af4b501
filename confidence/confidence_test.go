package confidence

import (
	"math"
	"testing"

	"gonum.org/v1/gonum/floats/scalar"
)

var (
	sampleX = []float64{3.1, 4.7, 2.2, 5.9, 4.4, 3.8, 6.3, 2.9, 4.0, 5.1}
	sampleY = []float64{2.9, 4.1, 2.5, 5.0, 4.6, 3.1, 5.8, 2.2, 3.6, 4.4}
)

// TestStudent checks the t intervals against scipy 1.10:
//
//	stats.t.interval(L, n-1, loc=mean(x), scale=stats.sem(x))
//	stats.t.interval(0.95, 9, loc=mean(x-y), scale=stats.sem(x-y))
func TestStudent(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name         string
		got          Interval
		mean, lo, hi float64
		level        float64
		n            int
	}{
		// scipy: t.interval(0.95, 3, loc=2.5, scale=sem([1,2,3,4])) = (0.4457, 4.5543)
		{"four", Mean95([]float64{1, 2, 3, 4}), 2.5, 0.445739743239121, 4.554260256760879, 0.95, 4},
		{"x95", MeanT(sampleX, 0.95), 4.24, 3.3016970089683024, 5.178302991031698, 0.95, 10},
		{"x90", MeanT(sampleX, 0.90), 4.24, 3.4796570070650183, 5.000342992934982, 0.90, 10},
		{"paired", PairedT(sampleX, sampleY, 0.95), 0.42, 0.1322719470260315, 0.7077280529739687, 0.95, 10},
		{"one value", Mean95([]float64{7}), 7, 7, 7, 0.95, 1},
	} {
		g := c.got
		if !scalar.EqualWithinAbsOrRel(g.Mean, c.mean, 1e-12, 1e-12) ||
			!scalar.EqualWithinAbsOrRel(g.Lo, c.lo, 1e-9, 1e-9) ||
			!scalar.EqualWithinAbsOrRel(g.Hi, c.hi, 1e-9, 1e-9) || g.Level != c.level || g.N != c.n {
			t.Errorf("%s: got %+v, want mean %v [%v, %v] level %v n %d", c.name, g, c.mean, c.lo, c.hi, c.level, c.n)
		}
	}
}

// TestBootstrap checks the percentile intervals against scipy 1.10, whose
// random draws differ from ours, so within the Monte Carlo error of
// 200,000 resamples (a few thousandths here):
//
//	stats.bootstrap((x,), np.mean, method="percentile", n_resamples=200000)
//	  = (3.48, 5.01)
//	stats.bootstrap((x, y), lambda a, b, axis=-1: np.mean(a-b, axis=axis),
//	  paired=True, method="percentile", n_resamples=200000) = (0.17, 0.64)
func TestBootstrap(t *testing.T) {
	t.Parallel()
	b := Bootstrap{Resamples: 200000, Seed: 1}
	for _, c := range []struct {
		name   string
		got    Interval
		mean   float64
		lo, hi float64
	}{
		{"mean", b.Mean(sampleX, 0.95), 4.24, 3.48, 5.01},
		{"paired", b.Paired(sampleX, sampleY, 0.95), 0.42, 0.17, 0.64},
	} {
		g := c.got
		if !scalar.EqualWithinAbs(g.Mean, c.mean, 1e-12) || !scalar.EqualWithinAbs(g.Lo, c.lo, 0.011) ||
			!scalar.EqualWithinAbs(g.Hi, c.hi, 0.011) || g.N != 10 {
			t.Errorf("%s: got %+v, want %v [%v, %v]", c.name, g, c.mean, c.lo, c.hi)
		}
	}
	// The same seed gives the same interval; another seed another one.
	if again := b.Mean(sampleX, 0.95); again != b.Mean(sampleX, 0.95) {
		t.Errorf("not reproducible: %+v", again)
	}
	small := Bootstrap{Resamples: 500, Seed: 1}
	if other := (Bootstrap{Resamples: 500, Seed: 2}); small.Mean(sampleX, 0.95) == other.Mean(sampleX, 0.95) {
		t.Errorf("seeds 1 and 2 give the same interval")
	}
}

// TestStatistic: the bootstrap of a statistic of units makes the draws of
// Mean (so the mean as a statistic is Mean exactly), takes the statistic of
// every unit once as its point value, and leaves NaN resamples out.
func TestStatistic(t *testing.T) {
	t.Parallel()
	b := Bootstrap{Resamples: 2000, Seed: 3}
	mean := func(idx []int) float64 {
		s := 0.0
		for _, i := range idx {
			s += sampleX[i]
		}
		return s / float64(len(idx))
	}
	if got, want := b.Statistic(len(sampleX), mean, 0.9), b.Mean(sampleX, 0.9); got != want {
		t.Errorf("Statistic(mean) = %+v, Mean = %+v", got, want)
	}
	// A ratio of sums (jobs of a class over all jobs, per user): the point
	// value is Σnum/Σden = 6/20.
	num, den := []float64{0, 1, 5, 0}, []float64{2, 4, 10, 4}
	ratio := func(idx []int) float64 {
		var a, c float64
		for _, i := range idx {
			a, c = a+num[i], c+den[i]
		}
		return a / c
	}
	r := b.Statistic(4, ratio, 0.95)
	if r.Mean != 0.3 || !(r.Lo >= 0 && r.Lo < 0.3 && r.Hi > 0.3 && r.Hi <= 0.5) || r.N != 4 {
		t.Errorf("ratio: %+v", r)
	}
	// NaN resamples (no denominator) are left out; all NaN gives NaN bounds.
	zero := []float64{0, 0, 1}
	share := func(idx []int) float64 {
		var a, c float64
		for _, i := range idx {
			a, c = a+zero[i], c+zero[i]
		}
		return a / c
	}
	if s := b.Statistic(3, share, 0.95); s.Mean != 1 || s.Lo != 1 || s.Hi != 1 {
		t.Errorf("share without the NaN resamples: %+v", s)
	}
	nan := b.Statistic(2, func([]int) float64 { return math.NaN() }, 0.95)
	if !math.IsNaN(nan.Lo) || !math.IsNaN(nan.Hi) {
		t.Errorf("all NaN: %+v", nan)
	}
}

func TestQuantile7(t *testing.T) {
	t.Parallel()
	// numpy.percentile([1, 2, 4, 8], [0, 10, 50, 97.5, 100]) = [1, 1.3, 3, 7.7, 8]
	x := []float64{1, 2, 4, 8}
	for _, c := range []struct{ p, want float64 }{{0, 1}, {0.1, 1.3}, {0.5, 3}, {0.975, 7.7}, {1, 8}} {
		if got := quantile7(x, c.p); !scalar.EqualWithinAbs(got, c.want, 1e-12) {
			t.Errorf("quantile7(%v) = %v, want %v", c.p, got, c.want)
		}
	}
}

func TestContains(t *testing.T) {
	t.Parallel()
	ci := Interval{Mean: 1, Lo: 0.5, Hi: 2}
	for _, c := range []struct {
		v    float64
		want bool
	}{{0, false}, {0.5, true}, {1.5, true}, {2, true}, {2.1, false}} {
		if ci.Contains(c.v) != c.want {
			t.Errorf("Contains(%v) = %v", c.v, !c.want)
		}
	}
}

func TestPanics(t *testing.T) {
	t.Parallel()
	for name, f := range map[string]func(){
		"empty":           func() { MeanT(nil, 0.95) },
		"level 1":         func() { MeanT(sampleX, 1) },
		"level 0":         func() { Bootstrap{}.Mean(sampleX, 0) },
		"lengths":         func() { PairedT(sampleX, sampleY[:3], 0.95) },
		"resamples":       func() { Bootstrap{Resamples: -1}.Mean(sampleX, 0.95) },
		"empty bootstrap": func() { Bootstrap{}.Mean(nil, 0.95) },
		"no unit":         func() { Bootstrap{}.Statistic(0, func([]int) float64 { return 0 }, 0.95) },
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s: no panic", name)
				}
			}()
			f()
		}()
	}
}
