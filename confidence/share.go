package confidence

import "math"

// ShareSE returns the binomial standard error of a share p estimated over
// n independent units (users, jobs, logs): √(p(1−p)/n). It is the
// sampling error the ledger's tolerance rule adds (twice) to a share the
// paper states. It panics when n < 1 or p is outside [0, 1].
func ShareSE(p float64, n int) float64 {
	if n < 1 || !(p >= 0 && p <= 1) {
		panic("confidence: ShareSE needs n ≥ 1 and p in [0, 1]")
	}
	return math.Sqrt(p * (1 - p) / float64(n))
}
