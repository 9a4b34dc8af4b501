package fit

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/stat"
)

// TestGammaCovariance: the closed form against values worked by hand from
// ψ′(2) = π²/6 − 1 (α = 2, β = 1, n = 1: d = 2ψ′(2) − 1), and the scaling
// with n and β.
func TestGammaCovariance(t *testing.T) {
	tg := math.Pi*math.Pi/6 - 1
	d := 2*tg - 1
	for _, c := range []struct {
		g             Gamma
		n             float64
		va, vb, cross float64
	}{
		{Gamma{Alpha: 2, Beta: 1}, 1, 2 / d, tg / d, -1 / d},
		{Gamma{Alpha: 2, Beta: 3}, 100, 2 / d / 100, 9 * tg / d / 100, -3 / d / 100},
	} {
		cov := GammaCovariance(c.g, c.n)
		closeTo(t, "var α", cov.At(0, 0), c.va, 1e-12)
		closeTo(t, "var β", cov.At(1, 1), c.vb, 1e-12)
		closeTo(t, "cov", cov.At(0, 1), c.cross, 1e-12)
	}
}

// TestGammaCovarianceSampling: over 400 seeded samples of 2,000 draws the
// spread of the maximum-likelihood estimates matches the asymptotic
// standard errors within 10% (the SE of a standard deviation over 400
// replicates is 3.5%).
func TestGammaCovarianceSampling(t *testing.T) {
	t.Parallel()
	g := Gamma{Alpha: 6, Beta: 0.8}
	const n, reps = 2000, 400
	src := rand.NewPCG(7, 11)
	g.Src = src
	as, bs := make([]float64, reps), make([]float64, reps)
	for r := range reps {
		x := make([]float64, n)
		for i := range x {
			x[i] = g.Rand()
		}
		f, _, err := FitGamma(x, nil)
		if err != nil {
			t.Fatal(err)
		}
		as[r], bs[r] = f.Alpha, f.Beta
	}
	se := StdErrors(GammaCovariance(g, n))
	for k, v := range [][]float64{as, bs} {
		if sd := stat.StdDev(v, nil); math.Abs(sd/se[k]-1) > 0.1 {
			t.Errorf("parameter %d: replicate SD %.4g, asymptotic SE %.4g", k, sd, se[k])
		}
	}
}

// TestHyperGammaCovarianceSeparated: with components far apart every draw
// is attributed to its component, so the information splits: the SE of p
// is the binomial √(p(1−p)/n) and each component's SEs are those of a
// Gamma fitted to its n·p or n·(1−p) draws (GammaCovariance), within 5%.
func TestHyperGammaCovarianceSeparated(t *testing.T) {
	h := HyperGamma{P: 0.4, Alpha1: 100, Beta1: 0.02, Alpha2: 400, Beta2: 0.05, Src: rand.NewPCG(3, 5)}
	const n = 20000
	x := drawN(h, n)
	fitted, _, err := FitHyperGamma(x, nil, EMOptions{})
	if err != nil {
		t.Fatal(err)
	}
	cov, err := HyperGammaCovariance(fitted, x, nil)
	if err != nil {
		t.Fatal(err)
	}
	se := StdErrors(cov)
	g1 := StdErrors(GammaCovariance(fitted.Component(1), n*fitted.P))
	g2 := StdErrors(GammaCovariance(fitted.Component(2), n*(1-fitted.P)))
	want := []float64{g1[0], g1[1], g2[0], g2[1], math.Sqrt(fitted.P * (1 - fitted.P) / n)}
	for k, name := range []string{"α1", "β1", "α2", "β2", "p"} {
		if e := relErr(se[k], want[k]); e > 0.05 {
			t.Errorf("SE %s = %.4g, want %.4g (%.1f%% off)", name, se[k], want[k], 100*e)
		}
	}
}

// TestHyperGammaCovarianceSampling: for the paper's KTH runtime row
// (Table 2), over 100 seeded samples of 5,000 draws the spread of the EM
// estimates matches the mean observed-information SE within 25% (the SE
// of a standard deviation over 100 replicates is 7%).
func TestHyperGammaCovarianceSampling(t *testing.T) {
	if testing.Short() {
		t.Skip("100 EM fits")
	}
	t.Parallel()
	h := HyperGamma{P: 0.61, Alpha1: 5.76, Beta1: 0.82, Alpha2: 159.5, Beta2: 0.05, Src: rand.NewPCG(2003, 21)}
	const n, reps = 5000, 100
	est := make([][]float64, 5)
	seSum := make([]float64, 5)
	for range reps {
		x := drawN(h, n)
		f, _, err := FitHyperGamma(x, nil, EMOptions{})
		if err != nil {
			t.Fatal(err)
		}
		cov, err := HyperGammaCovariance(f, x, nil)
		if err != nil {
			t.Fatal(err)
		}
		for k, v := range []float64{f.Alpha1, f.Beta1, f.Alpha2, f.Beta2, f.P} {
			est[k] = append(est[k], v)
		}
		for k, s := range StdErrors(cov) {
			seSum[k] += s / reps
		}
	}
	for k, name := range []string{"α1", "β1", "α2", "β2", "p"} {
		if sd := stat.StdDev(est[k], nil); math.Abs(sd/seSum[k]-1) > 0.25 {
			t.Errorf("%s: replicate SD %.4g, mean SE %.4g", name, sd, seSum[k])
		}
	}
}

// TestHyperGammaCovarianceNotIdentified: two equal components leave p
// undetermined: the information is singular.
func TestHyperGammaCovarianceNotIdentified(t *testing.T) {
	g := Gamma{Alpha: 5, Beta: 1, Src: rand.NewPCG(1, 2)}
	x := make([]float64, 3000)
	for i := range x {
		x[i] = g.Rand()
	}
	f, _, err := FitGamma(x, nil)
	if err != nil {
		t.Fatal(err)
	}
	h := HyperGamma{P: 0.5, Alpha1: f.Alpha, Beta1: f.Beta, Alpha2: f.Alpha, Beta2: f.Beta}
	if _, err := HyperGammaCovariance(h, x, nil); !errors.Is(err, ErrNotIdentified) {
		t.Errorf("equal components: err %v, want ErrNotIdentified", err)
	}
}

// TestProductStdError: the delta method for x·y against the exact
// variance of a product of independent normals, y²vx + x²vy + vx·vy, whose
// last term is second order.
func TestProductStdError(t *testing.T) {
	got := ProductStdError(3, 2, 0.01, 0.04, 0)
	closeTo(t, "SE", got, math.Sqrt(4*0.01+9*0.04), 1e-12)
	// Perfectly negatively correlated: α·β constant along the ridge.
	if se := ProductStdError(2, 3, 4, 9, -6); se != 0 {
		t.Errorf("ridge: SE %v, want 0", se)
	}
}
