package lublin

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/tracelab/tracelab/analytics/fit"
)

// LLNL-Thunder's runtimes have 3.2% of the fitted jobs at 2 s, the smallest
// runtime kept: EM from the middle minimum narrows a component onto that
// tie, where the likelihood has no bound. The start is left out and the
// fit is the best of the decile starts, the maximum 5 random restarts also
// find; the work sample, whose tie at
// work 4 (one 4-processor node for 1 s, 6.7%) takes every start, reports
// the tie.
func TestFitLogThunderTie(t *testing.T) {
	t.Parallel()
	tr := loadLog(t, "LLNL-Thunder-2007")
	lf, err := FitLog(tr, FitOptions{})
	if err != nil {
		t.Fatal(err)
	}
	// Reference: the same log with 5 random restarts (seed 1), which did
	// not collapse before the tie was handled: P 0.89545, α1 4.2738,
	// β1 1.00557, α2 57.751, β2 0.145420, log-likelihood −198,382.897.
	h := lf.Runtime.HyperGamma
	for _, c := range [][2]float64{{h.P, 0.89545}, {h.Alpha1, 4.2738}, {h.Beta1, 1.00557}, {h.Alpha2, 57.751}, {h.Beta2, 0.145420}} {
		if math.Abs(c[0]-c[1]) > 2e-3*c[1] {
			t.Errorf("runtime fit %+v, want about P 0.89545, α1 4.2738, β1 1.00557, α2 57.751, β2 0.145420", h)
			break
		}
	}
	if math.Abs(lf.Runtime.LogLik+198382.897) > 0.01 || lf.Runtime.N != 90608 {
		t.Errorf("runtime log-likelihood %v over %d jobs, want −198,382.897 over 90,608", lf.Runtime.LogLik, lf.Runtime.N)
	}
	for _, g := range lf.RuntimeGroups {
		if g.Err != "" {
			t.Errorf("size group %d–%d: %s", g.MinSize, g.MaxSize, g.Err)
		}
	}
	if !(lf.PLine.Slope < 0) {
		t.Errorf("p line slope %v, want < 0", lf.PLine.Slope)
	}
	if !strings.Contains(lf.WorkErr, "point mass") || !strings.Contains(lf.WorkErr, "x = 1.38629") {
		t.Errorf("work error %q: want the point mass at ln 4 = 1.38629", lf.WorkErr)
	}
	// The error is still a collapse, for callers testing ErrCollapsed.
	if _, err := fitMixture([]float64{1, 1, 1, 1, 1, 2, 2, 2, 2, 2}, lf.Options, 2); !errors.Is(err, fit.ErrCollapsed) || !errors.Is(err, fit.ErrPointMass) {
		t.Errorf("two values: %v, want ErrPointMass, a collapse", err)
	}
}
