package resample

import (
	"fmt"
	"math"
	"os"
	"strings"
	"testing"

	"github.com/tracelab/tracelab/analytics/users"
	"github.com/tracelab/tracelab/datasets"
)

func needData(t testing.TB) {
	t.Helper()
	if os.Getenv("TRACELAB_DATA") == "" {
		t.Skip("TRACELAB_DATA not set")
	}
}

// meanKS returns, per marginal (MarginalNames), the mean and the largest
// KS distance between the log and n resampled variants (seeds 1..n), and
// the mean number of jobs of the variants.
func meanKS(t testing.TB, tr *datasets.Trace, p *Pools, o Options, n int) (mean, worst []float64, jobs float64) {
	t.Helper()
	om, err := users.ComputeMarginals(tr, users.Options{})
	if err != nil {
		t.Fatal(err)
	}
	mean = make([]float64, len(MarginalNames()))
	worst = make([]float64, len(mean))
	for s := 1; s <= n; s++ {
		o.Seed = uint64(s)
		r, err := p.Generate(o)
		if err != nil {
			t.Fatal(err)
		}
		vm, err := users.ComputeMarginals(r.Trace, users.Options{})
		if err != nil {
			t.Fatal(err)
		}
		for k, d := range MarginalKS(om, vm) {
			mean[k] += d / float64(n)
			worst[k] = max(worst[k], d)
		}
		jobs += float64(r.Trace.Len()) / float64(n)
	}
	return mean, worst, jobs
}

// TestMarginalsKS is the validation of 2013 §5.1 (Fig. 4) on three logs:
// eight resampled variants of each, with the default options, compared
// with the log marginal by marginal (two-sample KS over users; over jobs
// for the hour of the week).
//
// The per-user workload marginals (jobs, sessions, session length, CPU
// work) and the weekly cycle stay within 0.1 on average. The three
// time-position marginals do not, for reasons the paper itself notes for
// Fig. 11: resampled users arrive at a constant average rate while the
// logs are not stationary (SDSC-DS's temporary users crowd into its first
// months, KTH-SP2 has 30 users who first appear in its last four weeks),
// and a long-term user regenerated within the window looks active for
// longer. Those get guard bands: 0.15 for the last departure, 0.25 for the
// first arrival and the activity period.
func TestMarginalsKS(t *testing.T) {
	needData(t)
	t.Parallel()
	limit := map[string]float64{"first_arrival": 0.25, "last_departure": 0.15, "activity_period": 0.25}
	for _, name := range []string{"KTH-SP2", "SDSC-SP2", "SDSC-DS"} {
		tr, err := datasets.Load(name)
		if err != nil {
			t.Fatal(err)
		}
		p, err := NewPools(tr, PoolOptions{})
		if err != nil {
			t.Fatal(err)
		}
		mean, worst, jobs := meanKS(t, tr, p, Options{}, 8)
		var b strings.Builder
		for k, m := range MarginalNames() {
			fmt.Fprintf(&b, " %s %.3f (max %.3f)", m, mean[k], worst[k])
			lim, ok := limit[m]
			if !ok {
				lim = 0.1
			}
			if mean[k] > lim {
				t.Errorf("%s: mean KS of %s over 8 variants %.3f, above %.2f", name, m, mean[k], lim)
			}
		}
		t.Logf("%s:%s", name, b.String())
		if math.Abs(jobs/float64(tr.Len())-1) > 0.1 {
			t.Errorf("%s: variants have %.0f jobs on average, the log %d", name, jobs, tr.Len())
		}
	}
}

// TestLongTermStart compares the two ways of starting long-term users on
// SDSC-SP2: starting them anywhere in their cycle keeps the users' periods
// of activity and first arrivals closer to the log's than starting them
// all within their activity (the paper's wording), which makes every
// long-term user active at the start and regenerated within the window.
func TestLongTermStart(t *testing.T) {
	needData(t)
	t.Parallel()
	tr, err := datasets.Load("SDSC-SP2")
	if err != nil {
		t.Fatal(err)
	}
	p, err := NewPools(tr, PoolOptions{})
	if err != nil {
		t.Fatal(err)
	}
	cyc, _, _ := meanKS(t, tr, p, Options{LongTermStart: StartInCycle}, 4)
	act, _, _ := meanKS(t, tr, p, Options{LongTermStart: StartInActivity}, 4)
	for k, m := range MarginalNames() {
		if m == "first_arrival" || m == "activity_period" {
			if !(cyc[k] < act[k]) {
				t.Errorf("%s: KS %.3f starting in the cycle, %.3f in the activity", m, cyc[k], act[k])
			}
			t.Logf("%s: KS %.3f starting in the cycle, %.3f in the activity", m, cyc[k], act[k])
		}
	}
}

// TestResampleRealLogDST checks the wall-clock invariants on a real log
// with daylight saving time, extended 3 times (KTH-SP2, Europe/Stockholm).
func TestResampleRealLogDST(t *testing.T) {
	needData(t)
	t.Parallel()
	tr, err := datasets.Load("KTH-SP2")
	if err != nil {
		t.Fatal(err)
	}
	p, err := NewPools(tr, PoolOptions{})
	if err != nil {
		t.Fatal(err)
	}
	r, err := p.Generate(Options{Extend: 3, Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	c := checkResampled(t, p, r)
	if c.clockMoved > r.Report.DSTGap+r.Report.DSTOrder || c.gapMoved > 2*(r.Report.DSTGap+r.Report.DSTOrder) {
		t.Errorf("%d jobs changed day or time, %d intervals changed; report %+v", c.clockMoved, c.gapMoved, r.Report)
	}
	t.Logf("KTH-SP2 ×3: %d jobs, %d users, report %+v", r.Trace.Len(), len(r.Instances), r.Report)
}
