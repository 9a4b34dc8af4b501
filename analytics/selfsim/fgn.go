package selfsim

import (
	"fmt"
	"math"
	"math/rand/v2"

	"gonum.org/v1/gonum/dsp/fourier"
)

// FGNAutocovariance returns the autocovariance at lag k of unit-variance
// fractional Gaussian noise with Hurst parameter h:
//
//	γ(k) = (|k+1|^{2h} − 2|k|^{2h} + |k−1|^{2h}) / 2
func FGNAutocovariance(k int, h float64) float64 {
	x := math.Abs(float64(k))
	return (math.Pow(x+1, 2*h) - 2*math.Pow(x, 2*h) + math.Pow(math.Abs(x-1), 2*h)) / 2
}

// FGN returns n values of fractional Gaussian noise with zero mean, unit
// variance and Hurst parameter h ∈ (0, 1), by the exact method of Davies
// and Harte (1987): the autocovariance is embedded in a circulant matrix of
// size 2n whose eigenvalues (an FFT) are non-negative for fGn, and the
// noise is the FFT of independent Gaussians scaled by their square roots
// (as in Dieker, "Simulation of fractional Brownian motion", 2004, §2.1.2).
// h = 0.5 gives white noise. The Gaussians come from rand.NewPCG(seed, 0).
// n is at most MaxUnits, the longest series the package analyses (its
// circulant takes 2n complex values: 320 MB there). For many series of
// one length and h, NewFGNSampler computes the eigenvalues once.
func FGN(n int, h float64, seed uint64) ([]float64, error) {
	s, err := NewFGNSampler(n, h)
	if err != nil {
		return nil, err
	}
	return s.Sample(seed), nil
}

// FGNSampler draws series of fractional Gaussian noise of one length and
// Hurst parameter: Sample(seed) equals FGN(n, h, seed), the circulant's
// eigenvalues computed once. Not safe for concurrent use (its FFT keeps
// work space).
type FGNSampler struct {
	n int
	// scale are the square roots that multiply the Gaussians of each
	// frequency 0 … n.
	scale []float64
	fft   *fourier.FFT
}

// NewFGNSampler returns the sampler of n values with Hurst parameter h
// (the bounds and errors of FGN).
func NewFGNSampler(n int, h float64) (*FGNSampler, error) {
	if n < 1 || n > MaxUnits {
		return nil, fmt.Errorf("selfsim: FGN length %d, want 1 to %d (MaxUnits)", n, MaxUnits)
	}
	if !(h > 0 && h < 1) {
		return nil, fmt.Errorf("selfsim: Hurst parameter must be in (0, 1), got %v", h)
	}
	m := 2 * n
	c := make([]float64, m)
	for j := 0; j <= n; j++ {
		c[j] = FGNAutocovariance(j, h)
	}
	for j := n + 1; j < m; j++ {
		c[j] = c[m-j]
	}
	fft := fourier.NewFFT(m)
	lambda := fft.Coefficients(nil, c) // n+1 values, real up to rounding
	scale := make([]float64, n+1)
	for k := 0; k <= n; k++ {
		l := real(lambda[k])
		if l < 0 {
			if l < -1e-9*real(lambda[0]) {
				return nil, fmt.Errorf("selfsim: circulant embedding has negative eigenvalue %g", l)
			}
			l = 0
		}
		if k == 0 || k == n {
			scale[k] = math.Sqrt(l / float64(m))
		} else {
			scale[k] = math.Sqrt(l / (2 * float64(m)))
		}
	}
	return &FGNSampler{n: n, scale: scale, fft: fft}, nil
}

// Sample returns n values of the noise from the Gaussians of
// rand.NewPCG(seed, 0).
func (s *FGNSampler) Sample(seed uint64) []float64 {
	n := s.n
	rng := rand.New(rand.NewPCG(seed, 0))
	w := make([]complex128, n+1)
	for k := 0; k <= n; k++ {
		a := s.scale[k]
		if k == 0 || k == n {
			w[k] = complex(a*rng.NormFloat64(), 0)
			continue
		}
		w[k] = complex(a*rng.NormFloat64(), a*rng.NormFloat64())
	}
	x := s.fft.Sequence(nil, w)
	return x[:n]
}
