package fit

import (
	"errors"
	"fmt"
	"math"

	"gonum.org/v1/gonum/diff/fd"
	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/mathext"
)

// ErrNotIdentified is returned when the observed information of a fit is
// not positive definite: the likelihood is flat (or not at a maximum) in
// some direction, so the parameters have no finite standard errors.
var ErrNotIdentified = errors.New("fit: the observed information is not positive definite")

// GammaCovariance returns the asymptotic covariance of the maximum-
// likelihood estimates (α, β) of a Gamma from n observations, the inverse
// of n times the Fisher information I(α, β) = [[ψ′(α), 1/β], [1/β, α/β²]]:
//
//	var α = α / (n·d),  var β = β²·ψ′(α) / (n·d),  cov(α, β) = −β / (n·d),
//
// with d = α·ψ′(α) − 1 and ψ′ the trigamma function. Rows and columns are
// α then β. It panics unless α, β and n are positive.
func GammaCovariance(g Gamma, n float64) *mat.SymDense {
	if !(g.Alpha > 0) || !(g.Beta > 0) || !(n > 0) {
		panic(fmt.Sprintf("fit: GammaCovariance of α %v, β %v, n %v", g.Alpha, g.Beta, n))
	}
	tg := mathext.Zeta(2, g.Alpha) // trigamma
	d := n * (g.Alpha*tg - 1)
	return mat.NewSymDense(2, []float64{
		g.Alpha / d, -g.Beta / d,
		-g.Beta / d, g.Beta * g.Beta * tg / d,
	})
}

// HyperGammaCovariance returns the asymptotic covariance of the maximum-
// likelihood estimates of h fitted to x with optional weights w (nil means
// all weights are 1): the inverse of the observed information, the negated
// Hessian of the log-likelihood Σ w log f(x; θ) at h. Rows and columns are
// α1, β1, α2, β2, p. The Hessian is taken by central differences in
// (log α1, log β1, log α2, log β2, logit p), where the parameters' scales
// are alike, and mapped back by the delta method. h must be a maximum of
// the likelihood (an EM fit of x); ErrNotIdentified is returned when the
// information is not positive definite. It panics if 0 < P < 1 does not
// hold or a shape or scale is not positive.
func HyperGammaCovariance(h HyperGamma, x, w []float64) (*mat.SymDense, error) {
	if !(h.P > 0 && h.P < 1) || !(h.Alpha1 > 0) || !(h.Beta1 > 0) || !(h.Alpha2 > 0) || !(h.Beta2 > 0) {
		panic(fmt.Sprintf("fit: HyperGammaCovariance of %+v", h))
	}
	d, err := newEMData(x, w, famGamma)
	if err != nil {
		return nil, err
	}
	loglik := func(t []float64) float64 {
		a1, b1, a2, b2 := math.Exp(t[0]), math.Exp(t[1]), math.Exp(t[2]), math.Exp(t[3])
		p := 1 / (1 + math.Exp(-t[4]))
		g1, g2 := newGammaLogPDF(a1, b1), newGammaLogPDF(a2, b2)
		var ll float64
		for i, v := range d.x {
			l := d.lx[i]
			ll += d.w[i] * logMix(p, g1.c+g1.am1*l-v*g1.invB, g2.c+g2.am1*l-v*g2.invB)
		}
		return ll
	}
	theta := []float64{math.Log(h.Alpha1), math.Log(h.Beta1), math.Log(h.Alpha2), math.Log(h.Beta2), math.Log(h.P / (1 - h.P))}
	var hess mat.SymDense
	fd.Hessian(&hess, loglik, theta, &fd.Settings{Formula: fd.Central})
	info := mat.NewSymDense(5, nil)
	info.ScaleSym(-1, &hess)
	var chol mat.Cholesky
	if !chol.Factorize(info) {
		return nil, ErrNotIdentified
	}
	var cov mat.SymDense
	if err := chol.InverseTo(&cov); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrNotIdentified, err)
	}
	// Delta method: θ_k = g_k(t_k) with g′ = θ for the logs and p(1−p)
	// for the logit.
	jac := []float64{h.Alpha1, h.Beta1, h.Alpha2, h.Beta2, h.P * (1 - h.P)}
	out := mat.NewSymDense(5, nil)
	for i := range 5 {
		for j := i; j < 5; j++ {
			out.SetSym(i, j, jac[i]*jac[j]*cov.At(i, j))
		}
	}
	return out, nil
}

// StdErrors returns the square roots of the diagonal of a covariance
// matrix.
func StdErrors(cov mat.Symmetric) []float64 {
	n := cov.SymmetricDim()
	se := make([]float64, n)
	for i := range se {
		se[i] = math.Sqrt(cov.At(i, i))
	}
	return se
}

// ProductStdError returns the delta-method standard error of x·y for
// estimates x and y with variances vx, vy and covariance cxy (e.g. the
// mean α·β of a Gamma).
func ProductStdError(x, y, vx, vy, cxy float64) float64 {
	return math.Sqrt(math.Max(0, y*y*vx+x*x*vy+2*x*y*cxy))
}
