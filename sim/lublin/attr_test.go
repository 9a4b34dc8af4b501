package lublin

import (
	"errors"
	"strings"
	"testing"

	"gonum.org/v1/gonum/floats/scalar"

	"github.com/tracelab/tracelab/analytics/fit"
	"github.com/tracelab/tracelab/datasets"
)

func TestFitAttribute(t *testing.T) {
	t.Parallel()
	p, _ := PaperParams(128)
	tr, err := Generate(p, 20_000, 8)
	if err != nil {
		t.Fatal(err)
	}
	serial := 0
	for _, n := range tr.Procs {
		if n == 1 {
			serial++
		}
	}
	names := map[string][]string{
		DistGamma: {"alpha", "beta"}, DistHyperGamma: {"p", "alpha1", "beta1", "alpha2", "beta2"},
		DistHyperExp: {"p", "rate1", "rate2"}, DistTwoStage: {"low", "med", "high", "p"},
	}
	for _, attr := range Attributes {
		for _, dist := range []string{DistGamma, DistHyperGamma, DistHyperExp, DistTwoStage} {
			for _, raw := range []bool{false, true} {
				af, err := FitAttribute(tr, attr, dist, AttrOptions{Raw: raw})
				if attr == datasets.Procs && errors.Is(err, fit.ErrCollapsed) {
					// sizes are discrete: a mixture component may collapse
					// onto one size, which fit reports honestly
					continue
				}
				if err != nil {
					t.Errorf("%s %s raw %v: %v", attr, dist, raw, err)
					continue
				}
				total := tr.Len()
				if attr == datasets.Interarrival {
					total--
				}
				if af.N+af.Dropped != total || af.N < total/2 {
					t.Errorf("%s %s raw %v: n %d + dropped %d != %d", attr, dist, raw, af.N, af.Dropped, total)
				}
				if len(af.Params) != len(names[dist]) {
					t.Fatalf("%s: %d parameters", dist, len(af.Params))
				}
				for i, pr := range af.Params {
					if pr.Name != names[dist][i] {
						t.Errorf("%s parameter %d is %q, want %q", dist, i, pr.Name, names[dist][i])
					}
				}
				if !(af.KS.D >= 0 && af.KS.D <= 1) || af.KS.N != af.N {
					t.Errorf("%s %s raw %v: KS %+v", attr, dist, raw, af.KS)
				}
				wantSpace := map[bool]string{true: "raw", false: "ln"}[raw]
				if attr == datasets.Procs && !raw {
					wantSpace = "log2"
					if af.Dropped != serial { // log2 1 = 0: the paper fits parallel sizes
						t.Errorf("procs in log2: dropped %d, serial jobs %d", af.Dropped, serial)
					}
				}
				if af.Space != wantSpace {
					t.Errorf("%s raw %v: space %q, want %q", attr, raw, af.Space, wantSpace)
				}
			}
		}
	}
	// The runtime hyper-Gamma is FitLog's Table 2 fit.
	af, _ := FitAttribute(tr, datasets.Runtime, DistHyperGamma, AttrOptions{})
	lf, err := FitLog(tr, FitOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if h := lf.Runtime.HyperGamma; !scalar.EqualWithinRel(af.Params[1].Value, h.Alpha1, 1e-12) || af.N != lf.Runtime.N {
		t.Errorf("FitAttribute %v (n %d) vs FitLog %+v (n %d)", af.Params, af.N, h, lf.Runtime.N)
	}
}

func TestFitAttributeErrors(t *testing.T) {
	t.Parallel()
	p, _ := PaperParams(128)
	tr, _ := Generate(p, 500, 8)
	tests := []struct {
		attr datasets.Attribute
		dist string
		opts AttrOptions
		want string
	}{
		{"wait", DistGamma, AttrOptions{}, "unknown attribute"},
		{datasets.Runtime, "lognormal", AttrOptions{}, "unknown distribution"},
		{datasets.Runtime, DistGamma, AttrOptions{Class: InteractiveJobs}, "interactive"},
	}
	for _, tt := range tests {
		if _, err := FitAttribute(tr, tt.attr, tt.dist, tt.opts); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s %s: error %v, want %q", tt.attr, tt.dist, err, tt.want)
		}
	}

	// A log of cancelled jobs only (status 5): the error names the
	// selection that left nothing to fit, not only the count of values.
	cancelled := datasets.NewTrace("cancelled", 0)
	for i := range 20 {
		j := datasets.UnknownJob()
		j.JobID, j.Submit, j.Wait, j.Runtime, j.Procs, j.Status, j.User = i+1, float64(60*i), 0, 100, 4, 5, 1
		cancelled.Append(j)
	}
	const want = "completed jobs: 0 of 20; 0 values, 0 dropped"
	if _, err := FitAttribute(cancelled, datasets.Runtime, DistHyperGamma, AttrOptions{}); err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("cancelled jobs only: error %v, want %q", err, want)
	}
}
