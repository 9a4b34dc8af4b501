package lublin

import (
	"fmt"
	"math"

	"github.com/tracelab/tracelab/analytics/fit"
	"github.com/tracelab/tracelab/datasets"
)

// Attributes lists the attributes that FitAttribute fits: runtime (s),
// allocated processors, inter-arrival time (s, between consecutive selected
// jobs) and work (processors × runtime, processor-seconds).
var Attributes = []datasets.Attribute{datasets.Runtime, datasets.Procs, datasets.Interarrival, datasets.Work}

// Distributions that FitAttribute fits (Section 3.1).
const (
	DistGamma      = "gamma"
	DistHyperGamma = "hypergamma"
	DistHyperExp   = "hyperexp"
	DistTwoStage   = "twostage"
)

// AttrOptions controls FitAttribute. The zero value fits completed jobs
// in the paper's space.
type AttrOptions struct {
	Jobs              JobFilter
	Class             ClassFilter
	InteractiveQueues []int
	// Raw fits the values themselves instead of their logarithm.
	Raw bool
	// EM controls the mixture fits.
	EM fit.EMOptions
}

// Param is one named parameter of a fitted distribution.
type Param struct {
	Name  string
	Value float64
}

// AttrFit is a distribution fitted to one attribute of a log.
type AttrFit struct {
	Selection
	Attribute datasets.Attribute
	Dist      string
	// Space is "ln" (runtime, inter-arrival, work), "log2" (procs) or "raw".
	Space  string
	Params []Param // in the order of the distribution's definition
	LogLik float64
	// KS is D_n with its p-value against all values fitted; for procs it
	// is measured at the distinct values (DiscreteKS).
	KS         fit.KSResult
	N          int  // values fitted
	Dropped    int  // values left out (see FitAttribute)
	Iterations int  // Newton or EM iterations
	Converged  bool // the iteration met its tolerance
	// CDF is the fitted distribution's CDF in Space.
	CDF func(float64) float64 `json:"-"`
	// PDF is the fitted density in Space.
	PDF func(float64) float64 `json:"-"`
	// Values are the values fitted, in Space.
	Values []float64 `json:"-"`
}

// AttributeValues returns the values of an attribute for the jobs selected
// by opts, in the paper's space (natural log of runtime, inter-arrival
// and work, log2 of processors) unless opts.Raw, and the number of values
// left out. Unknown measures are skipped without counting. In log space,
// values whose logarithm is ≤ 0 are left out and counted (runtimes,
// inter-arrival times and work ≤ 1, serial jobs: the Gamma family needs
// x > 0, and the paper fits the sizes of parallel jobs); in raw space,
// values ≤ 0 are left out and counted. Inter-arrival times are the gaps
// between consecutive selected jobs in submit order.
func AttributeValues(tr *datasets.Trace, attr datasets.Attribute, opts AttrOptions) ([]float64, int, Selection, error) {
	rows, sel, err := selectJobs(tr, opts.Jobs, opts.Class, opts.InteractiveQueues)
	if err != nil {
		return nil, 0, sel, err
	}
	var raw []float64
	switch attr {
	case datasets.Runtime:
		for _, i := range rows {
			if r := tr.Runtime[i]; !math.IsNaN(r) {
				raw = append(raw, r)
			}
		}
	case datasets.Procs:
		for _, i := range rows {
			if p := tr.Procs[i]; p >= 0 {
				raw = append(raw, float64(p))
			}
		}
	case datasets.Work:
		for _, i := range rows {
			if r, p := tr.Runtime[i], tr.Procs[i]; !math.IsNaN(r) && p >= 0 {
				raw = append(raw, r*float64(p))
			}
		}
	case datasets.Interarrival:
		for k := 1; k < len(rows); k++ {
			raw = append(raw, tr.Submit[rows[k]]-tr.Submit[rows[k-1]])
		}
	default:
		return nil, 0, sel, fmt.Errorf("lublin: unknown attribute %q (want runtime, procs, interarrival or work)", string(attr))
	}
	out := raw[:0]
	dropped := 0
	for _, v := range raw {
		if !opts.Raw {
			if attr == datasets.Procs {
				v = math.Log2(v)
			} else {
				v = math.Log(v)
			}
		}
		if !(v > 0) {
			dropped++
			continue
		}
		out = append(out, v)
	}
	return out, dropped, sel, nil
}

// FitAttribute fits a distribution of Section 3.1 to an attribute of a log
// (AttributeValues): a Gamma by maximum likelihood, a hyper-Gamma or a
// hyper-exponential by EM with the middle-minimum start, or a two-stage
// uniform by maximum likelihood with Low and High the smallest and largest
// values.
func FitAttribute(tr *datasets.Trace, attr datasets.Attribute, dist string, opts AttrOptions) (AttrFit, error) {
	x, dropped, sel, err := AttributeValues(tr, attr, opts)
	if err != nil {
		return AttrFit{}, err
	}
	af := AttrFit{Selection: sel, Attribute: attr, Dist: dist, Dropped: dropped, Values: x}
	switch {
	case opts.Raw:
		af.Space = "raw"
	case attr == datasets.Procs:
		af.Space = "log2"
	default:
		af.Space = "ln"
	}
	var res fit.Result
	switch dist {
	case DistGamma:
		var g fit.Gamma
		g, res, err = fit.FitGamma(x, nil)
		af.Params = []Param{{"alpha", g.Alpha}, {"beta", g.Beta}}
		af.CDF, af.PDF = g.CDF, g.Prob
	case DistHyperGamma:
		var h fit.HyperGamma
		h, res, err = fit.FitHyperGamma(x, nil, opts.EM)
		af.Params = []Param{{"p", h.P}, {"alpha1", h.Alpha1}, {"beta1", h.Beta1}, {"alpha2", h.Alpha2}, {"beta2", h.Beta2}}
		af.CDF, af.PDF = h.CDF, h.Prob
	case DistHyperExp:
		var h fit.HyperExponential
		h, res, err = fit.FitHyperExponential(x, nil, opts.EM)
		af.Params = []Param{{"p", h.P}, {"rate1", h.Rate1}, {"rate2", h.Rate2}}
		af.CDF, af.PDF = h.CDF, h.Prob
	case DistTwoStage:
		var u fit.TwoStageUniform
		u, res, err = fit.FitTwoStageUniform(x, nil)
		af.Params = []Param{{"low", u.Low}, {"med", u.Med}, {"high", u.High}, {"p", u.P}}
		af.CDF, af.PDF = u.CDF, u.Prob
	default:
		return af, fmt.Errorf("lublin: unknown distribution %q (want gamma, hypergamma, hyperexp or twostage)", dist)
	}
	if err != nil {
		return af, fmt.Errorf("lublin: fitting %s to %s of %q (%s jobs: %d of %d; %d values, %d dropped as ≤ 0 in the fitted space): %w",
			dist, attr, tr.Name, sel.Filter, sel.Selected, sel.Total, len(x), dropped, err)
	}
	af.LogLik, af.N, af.Iterations, af.Converged = res.LogLik, res.N, res.Iterations, res.Converged
	if attr == datasets.Procs {
		af.KS = DiscreteKS(x, af.CDF)
	} else {
		af.KS = fit.KS(x, af.CDF)
	}
	return af, nil
}
