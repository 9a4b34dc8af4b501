package fit

import (
	"math"
	"slices"
	"testing"

	"gonum.org/v1/gonum/stat/distuv"
	"pgregory.net/rapid"
)

func TestKolmogorovSFScipy(t *testing.T) {
	t.Parallel()
	// scipy 1.10.1: scipy.stats.kstwo.sf(d, n) (testdata/scipy_refs.py).
	// The cases cover every regime of scipy's _kolmogn: Ruben–Gambino
	// (n·d ≤ 1, n·d ≥ n−1), 2·smirnov (d ≥ 0.5, tails), Durbin/MTW,
	// Pomeranz (n ≤ 140), Pelz–Good and smirnov's n > 10⁶ approximation.
	cases := []struct {
		n    int
		d, p float64
	}{
		{5, 0.15, 0.9988},
		{3, 0.7, 0.05400000000000003},
		{10, 0.2, 0.7487190399999999},
		{10, 0.3, 0.27053557479999946},
		{10, 0.7, 1.9544800000000034e-05},
		{100, 0.25, 5.408871776434847e-06},
		{100, 0.08, 0.5182193645480672},
		{140, 0.1, 0.11353657290090946},
		{141, 0.1, 0.11128445516467944},
		{500, 0.05, 0.15866260223815365},
		{500, 0.02, 0.9859871786857471},
		{1000, 0.01, 0.9999496745370611},
		{1000, 0.06, 0.001428597887952891},
		{10000, 0.01, 0.2682191277029192},
		{10000, 0.02, 0.0006616848639387309},
		{200000, 0.003, 0.0545369786611305},
		{200000, 0.005, 9.049367287273853e-05},
		{2000000, 0.001, 0.03660662431970485},
		{2000000, 0.0012, 0.006297183259583361},
		{1000, 0.6, 0.0},
		{20, 0.05, 0.9999999767980384},
	}
	for _, c := range cases {
		got := KolmogorovSF(c.n, c.d)
		if math.Abs(got-c.p) > 1e-10 {
			t.Errorf("KolmogorovSF(%d, %v) = %.17g, want %.17g (diff %.2g)", c.n, c.d, got, c.p, got-c.p)
		}
		// scipy (and this port) computes the CDF and the SF by different
		// methods in the tail (n > 140), so they add up to 1 only to ~1e-8.
		if cdf := KolmogorovCDF(c.n, c.d); math.Abs(cdf+got-1) > 1e-7 {
			t.Errorf("KolmogorovCDF(%d, %v) + SF = %v, want 1", c.n, c.d, cdf+got)
		}
	}
}

func TestKSScipy(t *testing.T) {
	t.Parallel()
	// scipy 1.10.1: scipy.stats.kstest(x, expon(scale=2).cdf) with
	// x = −2.2·log(1−u), u from Park–Miller(seed) (testdata/scipy_refs.py).
	expo := func(x float64) float64 { return distuv.Exponential{Rate: 0.5}.CDF(x) }
	for _, c := range []struct {
		seed uint64
		n    int
		d, p float64
	}{
		{1, 20, 0.2454903424355857, 0.15118661008968082},
		{7, 100, 0.07972570122399103, 0.5226161489097478},
		{11, 1000, 0.029762313851895927, 0.3319167647085637},
		{13, 5000, 0.03824995128682174, 8.593740293262573e-07},
		{17, 20000, 0.038895064328127504, 1.0016903572832446e-26},
	} {
		u := parkMiller(c.seed, c.n)
		x := make([]float64, c.n)
		for i, v := range u {
			x[i] = -2.2 * math.Log1p(-v)
		}
		r := KS(x, expo)
		if r.N != c.n || math.Abs(r.D-c.d) > 1e-12 || math.Abs(r.P-c.p) > 1e-10 {
			t.Errorf("seed %d n %d: KS = %+v, want D %.17g P %.17g", c.seed, c.n, r, c.d, c.p)
		}
	}
	// scipy.stats.kstest(x, gamma(3, scale=1.5).cdf), x a sum of three
	// exponentials with scale 1.5.
	g := Gamma{Alpha: 3, Beta: 1.5}
	for _, c := range []struct {
		seed uint64
		n    int
		d, p float64
	}{
		{3, 50, 0.11110167795070436, 0.5312313370819798},
		{5, 700, 0.026254279109601264, 0.7098964305558091},
	} {
		u := parkMiller(c.seed, 3*c.n)
		x := make([]float64, c.n)
		for i := range x {
			x[i] = -1.5 * (math.Log1p(-u[3*i]) + math.Log1p(-u[3*i+1]) + math.Log1p(-u[3*i+2]))
		}
		r := KS(x, g.CDF)
		if math.Abs(r.D-c.d) > 1e-9 || math.Abs(r.P-c.p) > 1e-8 {
			t.Errorf("gamma seed %d n %d: KS = %+v, want D %.17g P %.17g", c.seed, c.n, r, c.d, c.p)
		}
	}
}

func TestKSNaNAndEmpty(t *testing.T) {
	t.Parallel()
	u := func(x float64) float64 { return math.Min(1, math.Max(0, x)) }
	r := KS([]float64{math.NaN(), 0.5, math.NaN()}, u)
	if r.N != 1 || r.D != 0.5 {
		t.Errorf("KS with NaN = %+v, want N 1 D 0.5", r)
	}
	r = KS([]float64{math.NaN()}, u)
	if r.N != 0 || !math.IsNaN(r.D) || !math.IsNaN(r.P) {
		t.Errorf("KS of no data = %+v, want NaN", r)
	}
}

func TestKSSubsample(t *testing.T) {
	t.Parallel()
	u := parkMiller(99, 20000)
	cdf := func(x float64) float64 { return math.Min(1, math.Max(0, x)) }
	a := KSSubsample(u, cdf, 800, 5)
	b := KSSubsample(u, cdf, 800, 5)
	c := KSSubsample(u, cdf, 800, 6)
	if a != b {
		t.Errorf("same seed gave %+v and %+v", a, b)
	}
	if a == c {
		t.Errorf("different seeds gave the same subsample result %+v", a)
	}
	if a.N != 800 || a.P < 0.01 {
		t.Errorf("uniform subsample: %+v, want N 800 and a non-rejecting p", a)
	}
	if all := KSSubsample(u, cdf, 50000, 1); all != KS(u, cdf) {
		t.Errorf("n ≥ len should use all values: %+v vs %+v", all, KS(u, cdf))
	}
}

func TestKSTwoSampleScipy(t *testing.T) {
	t.Parallel()
	// scipy 1.10.1: scipy.stats.ks_2samp(a, b, method='asymp') with
	// a = u1², b = u2^1.8 (testdata/scipy_refs.py).
	for _, c := range []struct {
		sa   uint64
		na   int
		sb   uint64
		nb   int
		d, p float64
	}{
		{29, 300, 31, 500, 0.08066666666666666, 0.16388996073745365},
		{37, 12000, 41, 15000, 0.04771666666666663, 1.2468635158590384e-13},
	} {
		a := parkMiller(c.sa, c.na)
		b := parkMiller(c.sb, c.nb)
		for i := range a {
			a[i] *= a[i]
		}
		for i := range b {
			b[i] = math.Pow(b[i], 1.8)
		}
		d := KSTwoSample(a, b)
		r := KSTwoSampleTest(a, b)
		if math.Abs(d-c.d) > 1e-12 || r.D != d || math.Abs(r.P-c.p) > 1e-10 {
			t.Errorf("ks_2samp seeds %d/%d: D %.17g P %.17g, want %.17g %.17g", c.sa, c.sb, d, r.P, c.d, c.p)
		}
	}
}

// ecdf is the empirical CDF of s at x.
func ecdf(s []float64, x float64) float64 {
	c := 0
	for _, v := range s {
		if v <= x {
			c++
		}
	}
	return float64(c) / float64(len(s))
}

// ksTwoBrute is the O(n·m) definition: the largest difference of the two
// empirical CDFs evaluated at every observation.
func ksTwoBrute(a, b []float64) float64 {
	var d float64
	for _, x := range slices.Concat(a, b) {
		d = math.Max(d, math.Abs(ecdf(a, x)-ecdf(b, x)))
	}
	return d
}

func TestKSTwoSampleProperties(t *testing.T) {
	t.Parallel()
	rapid.Check(t, func(t *rapid.T) {
		// small integer values force ties
		gen := rapid.SliceOfN(rapid.IntRange(0, 6), 1, 40)
		ai, bi := gen.Draw(t, "a"), gen.Draw(t, "b")
		a := make([]float64, len(ai))
		b := make([]float64, len(bi))
		for i, v := range ai {
			a[i] = float64(v)
		}
		for i, v := range bi {
			b[i] = float64(v)
		}
		d := KSTwoSample(a, b)
		if want := ksTwoBrute(a, b); math.Abs(d-want) > 1e-15 {
			t.Fatalf("KSTwoSample = %v, brute force %v", d, want)
		}
		if d2 := KSTwoSample(b, a); d2 != d {
			t.Fatalf("not symmetric: %v vs %v", d, d2)
		}
		// At is the smallest observation where the gap is D.
		at := KSTwoSampleTest(a, b).At
		if g := math.Abs(ecdf(a, at) - ecdf(b, at)); math.Abs(g-d) > 1e-15 {
			t.Fatalf("gap %v at At = %v, D = %v", g, at, d)
		}
		for _, x := range slices.Concat(a, b) {
			if x < at && math.Abs(ecdf(a, x)-ecdf(b, x)) >= d-1e-15 {
				t.Fatalf("gap D already at %v < At = %v", x, at)
			}
		}
		if d < 0 || d > 1 {
			t.Fatalf("D = %v outside [0, 1]", d)
		}
		withNaN := append(slices.Clone(a), math.NaN())
		if d3 := KSTwoSample(withNaN, b); d3 != d {
			t.Fatalf("NaN not skipped: %v vs %v", d3, d)
		}
	})
	if d := KSTwoSample([]float64{math.NaN()}, []float64{1}); !math.IsNaN(d) {
		t.Errorf("KSTwoSample with an all-NaN sample = %v, want NaN", d)
	}
}

func TestKSStatisticProperties(t *testing.T) {
	t.Parallel()
	// D_n equals the brute-force sup over the jumps of the ECDF, and the
	// p-value is in [0, 1].
	rapid.Check(t, func(t *rapid.T) {
		xs := rapid.SliceOfN(rapid.Float64Range(0, 1), 1, 60).Draw(t, "x")
		cdf := func(x float64) float64 { return x * x }
		r := KS(xs, cdf)
		s := slices.Clone(xs)
		slices.Sort(s)
		var d float64
		n := float64(len(s))
		for i, v := range s {
			d = math.Max(d, math.Max(float64(i+1)/n-cdf(v), cdf(v)-float64(i)/n))
		}
		if r.D != d {
			t.Fatalf("D = %v, want %v", r.D, d)
		}
		if !(r.P >= 0 && r.P <= 1) {
			t.Fatalf("P = %v outside [0, 1]", r.P)
		}
	})
}

// TestKSTwoSampleCritical: the asymptotic 5% critical distance
// 1.36·√((n+m)/(nm)), e.g. n = m = 100: 1.36·√0.02 = 0.19233 (the tables'
// 1.36/√(nm/(n+m))); it agrees with KolmogorovSF's 5% tail for large
// samples and is infinite for an empty sample.
func TestKSTwoSampleCritical(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		n, m int
		want float64
	}{{100, 100, 0.19233304448274}, {50, 200, 0.215035}, {1, 1, 1.92333044482}, {0, 5, math.Inf(1)}} {
		if got := KSTwoSampleCritical(c.n, c.m); !(math.Abs(got-c.want) < 1e-6 || got == c.want) {
			t.Errorf("KSTwoSampleCritical(%d, %d) = %v, want %v", c.n, c.m, got, c.want)
		}
	}
	// With 5000 and 5000 values (effective size 2500) the 5% tail of the
	// Kolmogorov distribution is at the critical distance, to the rounding
	// of 1.36 (the exact quantile is 1.3581).
	d := KSTwoSampleCritical(5000, 5000)
	if p := KolmogorovSF(2500, d); math.Abs(p-0.05) > 0.002 {
		t.Errorf("P(D ≥ %.5f) = %.4f, want about 0.05", d, p)
	}
}
