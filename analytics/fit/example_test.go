package fit_test

import (
	"fmt"
	"math/rand/v2"

	"github.com/tracelab/tracelab/analytics/fit"
)

// Fit a hyper-Gamma by EM to draws from the "average model" of Lublin and
// Feitelson, Table 2 (log runtimes: α1 4.2, β1 0.94, α2 312, β2 0.03, p 0.685).
func ExampleFitHyperGamma() {
	model := fit.HyperGamma{P: 0.685, Alpha1: 4.2, Beta1: 0.94, Alpha2: 312, Beta2: 0.03,
		Src: rand.NewPCG(1, 2)}
	x := make([]float64, 50000)
	for i := range x {
		x[i] = model.Rand()
	}
	h, res, err := fit.FitHyperGamma(x, nil, fit.EMOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("p %.2f  alpha1 %.1f beta1 %.2f  alpha2 %.0f beta2 %.3f  converged %v\n",
		h.P, h.Alpha1, h.Beta1, h.Alpha2, h.Beta2, res.Converged)
	ks := fit.KSSubsample(x, h.CDF, 1000, 7)
	fmt.Printf("KS on 1000 points: D %.3f, rejected at 5%%: %v\n", ks.D, ks.P < 0.05)
	// Output:
	// p 0.68  alpha1 4.1 beta1 0.97  alpha2 321 beta2 0.029  converged true
	// KS on 1000 points: D 0.031, rejected at 5%: false
}

// The Kolmogorov–Smirnov test of section 3.3.1 with scipy's exact p-value
// (scipy.stats.kstest(x, gamma(2, scale=1.5).cdf) gives D 0.09157819444367088,
// p 0.9999426254557522).
func ExampleKS() {
	g := fit.Gamma{Alpha: 2, Beta: 1.5} // shape 2, scale 1.5
	x := []float64{0.4, 0.9, 1.3, 1.8, 2.2, 2.9, 3.1, 3.8, 4.6, 6.0}
	r := fit.KS(x, g.CDF)
	fmt.Printf("D %.4f p %.4f n %d\n", r.D, r.P, r.N)
	// Output:
	// D 0.0916 p 0.9999 n 10
}

// Two-stage uniform fit of log2 job sizes (section 4.3).
func ExampleFitTwoStageUniform() {
	sizes := []float64{2, 2, 4, 4, 4, 8, 8, 16, 16, 32, 32, 32, 64, 128, 256}
	x, err := fit.Log2(sizes)
	if err != nil {
		fmt.Println(err)
		return
	}
	u, _, err := fit.FitTwoStageUniform(x, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("low %.2f med %.2f high %.2f p %.3f\n", u.Low, u.Med, u.High, u.P)
	// Output:
	// low 1.00 med 5.00 high 8.00 p 0.800
}
