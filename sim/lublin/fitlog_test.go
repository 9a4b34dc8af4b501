package lublin

import (
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"gonum.org/v1/gonum/floats/scalar"

	"github.com/tracelab/tracelab/analytics/fit"
	"github.com/tracelab/tracelab/datasets"
)

func TestFitLogRecoversModel(t *testing.T) {
	t.Parallel()
	p, _ := PaperParams(128)
	p.Fractional = true // ln of whole seconds would distort the short runtimes
	tr, err := Generate(p, 200_000, 4)
	if err != nil {
		t.Fatal(err)
	}
	f, err := FitLog(tr, FitOptions{})
	if err != nil {
		t.Fatal(err)
	}
	c := p.Classes[0]
	if f.Selected != 200_000 || f.Procs != 128 || f.StatusUnknown {
		t.Errorf("selection %+v, procs %d", f.Selection, f.Procs)
	}
	// p1 and the observed power-of-two share among parallel jobs (which
	// includes non-power-of-two draws that round to powers of two).
	var pow2, par float64
	for n := 2; n <= 128; n++ {
		par += c.Size.PMF(n)
		if IsPowerOfTwo(n) {
			pow2 += c.Size.PMF(n)
		}
	}
	if !scalar.EqualWithinAbs(f.Size.Serial, 0.24, 0.005) || !scalar.EqualWithinAbs(f.Size.Pow2, pow2/par, 0.005) {
		t.Errorf("p1 %v (want 0.24), p2 %v (want %v)", f.Size.Serial, f.Size.Pow2, pow2/par)
	}
	if f.Size.TwoStage.Low != 0.8 || f.Size.TwoStage.High != 7 {
		t.Errorf("two-stage ends %v, %v; want 0.8 (log2 2 − 0.2) and 7 (log2 128)", f.Size.TwoStage.Low, f.Size.TwoStage.High)
	}
	// The runtime Gammas are fixed across sizes, so the whole log is a
	// hyper-Gamma with the same components.
	h, r := f.Runtime.HyperGamma, c.Runtime
	for _, pr := range [][2]float64{{h.Alpha1, r.Alpha1}, {h.Beta1, r.Beta1}, {h.Alpha2, r.Alpha2}, {h.Beta2, r.Beta2}} {
		if !scalar.EqualWithinRel(pr[0], pr[1], 0.04) {
			t.Errorf("runtime hyper-Gamma %+v, want components %+v", h, r)
			break
		}
	}
	if !scalar.EqualWithinAbs(f.PLine.Slope, r.PSlope, 0.0005) || !scalar.EqualWithinAbs(f.PLine.Intercept, r.PIntercept, 0.02) {
		t.Errorf("p line %v·s + %v, want %v·s + %v", f.PLine.Slope, f.PLine.Intercept, r.PSlope, r.PIntercept)
	}
	if f.Runtime.KS.D > 0.01 || f.PLine.KS.D > 0.01 {
		t.Errorf("KS D: runtime %v, p line %v", f.Runtime.KS.D, f.PLine.KS.D)
	}
	// The generated daily cycle is the Gamma's mass on the 48 shifted slots.
	// The paper's fit, a Gamma by maximum likelihood on the slot numbers,
	// matches the mean slot exactly; its shape comes out larger than the
	// model's because the 48 slots cut the Gamma's tails (about 4% of its
	// mass for α 8.17, β 3.96), so only a loose bound is checked.
	var total int
	var sum float64
	for k, n := range f.Daily.Counts {
		total += n
		sum += float64(n) * ShiftedSlot(k, DefaultDayStart)
	}
	g := f.Daily.Gamma.Gamma
	if total != 200_000 || !scalar.EqualWithinRel(g.Mean(), sum/float64(total), 1e-9) {
		t.Errorf("daily counts sum %d, fitted mean %v, mean slot %v", total, g.Mean(), sum/float64(total))
	}
	if !scalar.EqualWithinRel(g.Alpha, c.Arrival.DailyAlpha, 0.2) || !scalar.EqualWithinRel(g.Beta, c.Arrival.DailyBeta, 0.2) ||
		f.Daily.Gamma.KS.D > 0.03 {
		t.Errorf("daily Gamma %+v (KS D %v), model %v/%v", g, f.Daily.Gamma.KS.D, c.Arrival.DailyAlpha, c.Arrival.DailyBeta)
	}
	// The rounding-aware size fit recovers the size model.
	fr, err := FitLog(tr, FitOptions{SizeMethod: SizeRounding})
	if err != nil {
		t.Fatal(err)
	}
	if ts := fr.Size.TwoStage; !scalar.EqualWithinAbs(ts.Med, c.Size.Med, 0.05) || !scalar.EqualWithinAbs(ts.P, c.Size.Prob, 0.01) ||
		!scalar.EqualWithinAbs(fr.Size.Pow2Model, c.Size.Pow2, 0.01) || fr.Size.TwoStageKS.D > 0.01 {
		t.Errorf("rounding fit %+v p2 %v (D %v), model %+v", ts, fr.Size.Pow2Model, fr.Size.TwoStageKS.D, c.Size)
	}
	if f.Size.Pow2Model != f.Size.Pow2 || fr.Size.Method != SizeRounding {
		t.Errorf("continuous p2 %v vs %v", f.Size.Pow2Model, f.Size.Pow2)
	}
	// A class built from the fit generates again.
	q := Params{Name: "refit", Procs: 128, Classes: []Class{f.Class("all", 0)}}
	if _, err := Generate(q, 100, 1); err != nil {
		t.Errorf("fitted class does not generate: %v", err)
	}
}

func TestFitLogPaperLogs(t *testing.T) {
	t.Parallel()
	kth := loadLog(t, "KTH-SP2")
	f, err := FitLog(kth, FitOptions{})
	if err != nil {
		t.Fatal(err)
	}
	// KTH-SP2-1996-2.1-cln: 20,530 jobs with status 1 of 28,476 (the paper
	// had 16,221 completed jobs of another version of the log).
	if f.Selected != 20_530 || f.Total != 28_476 || f.Procs != 100 {
		t.Errorf("selection %+v", f.Selection)
	}
	// Table 1, KTH: p2 0.60, two-stage D 0.033, Gamma D 0.058
	if !scalar.EqualWithinAbs(f.Size.Pow2, 0.60, 0.01) || f.Size.TwoStageKS.D > 0.045 || f.Size.GammaKS.D > 0.07 {
		t.Errorf("sizes: p2 %v, D %v and %v", f.Size.Pow2, f.Size.TwoStageKS.D, f.Size.GammaKS.D)
	}
	// h = log2(100) = 6.64 as in Table 1
	if !scalar.EqualWithinAbs(f.Size.TwoStage.High, 6.64, 0.01) {
		t.Errorf("two-stage high %v", f.Size.TwoStage.High)
	}
	// Table 7, KTH: α 12.00, β 2.55
	if g := f.Daily.Gamma.Gamma; !scalar.EqualWithinRel(g.Alpha, 12.00, 0.1) || !scalar.EqualWithinRel(g.Beta, 2.55, 0.1) {
		t.Errorf("daily cycle %+v, paper 12.00/2.55", g)
	}
	// Table 2: the paper's KS D on whole logs is 0.034–0.081
	if f.Runtime.KS.D > 0.08 || !f.Runtime.Converged {
		t.Errorf("runtime fit D %v converged %v", f.Runtime.KS.D, f.Runtime.Converged)
	}

	sdsc := loadLog(t, "SDSC-Par-1996")
	if got := InteractiveQueues(sdsc); !slices.Equal(got, []int{0}) {
		t.Errorf("SDSC-Par interactive queues %v, want [0]", got)
	}
	in, err := FitLog(sdsc, FitOptions{Class: InteractiveJobs})
	if err != nil {
		t.Fatal(err)
	}
	ba, err := FitLog(sdsc, FitOptions{Class: BatchJobs})
	if err != nil {
		t.Fatal(err)
	}
	all, err := FitLog(sdsc, FitOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if in.Selected+ba.Selected != all.Selected || in.Selected == 0 || ba.Selected == 0 {
		t.Errorf("interactive %d + batch %d != all %d", in.Selected, ba.Selected, all.Selected)
	}
	// Section 8.1: batch jobs run longer than interactive ones.
	if ba.Runtime.HyperGamma.Mean() <= in.Runtime.HyperGamma.Mean() {
		t.Errorf("mean ln runtime: batch %v ≤ interactive %v", ba.Runtime.HyperGamma.Mean(), in.Runtime.HyperGamma.Mean())
	}
	// Table 7, SDSC96: α 6.84, β 4.77
	if g := all.Daily.Gamma.Gamma; !scalar.EqualWithinRel(g.Alpha, 6.84, 0.1) || !scalar.EqualWithinRel(g.Beta, 4.77, 0.1) {
		t.Errorf("SDSC daily cycle %+v, paper 6.84/4.77", g)
	}
	if _, err := FitLog(kth, FitOptions{Class: BatchJobs}); err == nil || !strings.Contains(err.Error(), "interactive") {
		t.Errorf("KTH has no interactive queue, got %v", err)
	}
}

func TestFitLogErrors(t *testing.T) {
	t.Parallel()
	tr := datasets.NewTrace("tiny", 3)
	for i := range 3 {
		j := datasets.UnknownJob()
		j.JobID, j.Submit, j.Wait, j.Runtime, j.Procs, j.Status = i+1, float64(i*100), 0, 50, 2, 0
		tr.Append(j)
	}
	if _, err := FitLog(tr, FitOptions{}); err == nil || !strings.Contains(err.Error(), "no jobs selected") {
		t.Errorf("no completed jobs: %v", err)
	}
	if _, err := FitLog(tr, FitOptions{Jobs: AllJobs}); err == nil {
		t.Error("three jobs fitted")
	}
	for _, o := range []FitOptions{{Procs: -1}, {DayStart: -1}, {RuntimeGroups: -1}, {PGroups: -1}, {Subsample: -1}} {
		if _, err := FitLog(tr, o); err == nil || !strings.Contains(err.Error(), "negative") {
			t.Errorf("FitLog with %+v: error %v, want one for a negative option", o, err)
		}
	}
	// No header size and no start times: no machine size to infer.
	for i := range tr.Wait {
		tr.Wait[i] = math.NaN()
	}
	if _, err := FitLog(tr, FitOptions{Jobs: AllJobs}); !errors.Is(err, datasets.ErrNoMachineSize) {
		t.Errorf("no machine size: %v, want ErrNoMachineSize", err)
	}
}

func TestSelectionStatusUnknown(t *testing.T) {
	t.Parallel()
	p, _ := PaperParams(64)
	tr, _ := Generate(p, 3000, 2)
	for i := range tr.Status {
		tr.Status[i] = -1
	}
	rows, sel, err := selectJobs(tr, CompletedJobs, AllClasses, nil)
	if err != nil || len(rows) != 3000 || !sel.StatusUnknown {
		t.Errorf("rows %d, %+v, %v", len(rows), sel, err)
	}
}

// TestSelectionNonStandardStatus: exit codes in the status field (as in
// Sandia-Ross: 265, 127, −4) are not "completed"; they are counted.
func TestSelectionNonStandardStatus(t *testing.T) {
	t.Parallel()
	status := []int{1, 265, 0, 1, 127, -4, 5, -1}
	tr := datasets.NewTrace("codes", len(status))
	for i, s := range status {
		j := datasets.UnknownJob()
		j.JobID, j.Submit, j.Status = i+1, float64(i), s
		tr.Append(j)
	}
	cases := []struct {
		filter JobFilter
		rows   int
	}{{CompletedJobs, 2}, {AllJobs, len(status)}}
	for _, c := range cases {
		rows, sel, err := selectJobs(tr, c.filter, AllClasses, nil)
		if err != nil || len(rows) != c.rows || sel.NonStandardStatus != 3 {
			t.Errorf("%v: rows %d, non-standard %d, %v; want %d, 3", c.filter, len(rows), sel.NonStandardStatus, err, c.rows)
		}
	}
}

func TestGroupBySize(t *testing.T) {
	t.Parallel()
	sizes := []int{1, 1, 1, 1, 2, 2, 4, 4, 4, 8, 16, 16}
	tests := []struct {
		k      int
		bounds []int
		want   [][2]int // min, max
		counts []int
	}{
		// equal counts: shares of 12/3 = 4 jobs; sizes are never split
		{3, nil, [][2]int{{1, 1}, {2, 4}, {8, 16}}, []int{4, 5, 3}},
		{2, nil, [][2]int{{1, 2}, {4, 16}}, []int{6, 6}},
		{1, nil, [][2]int{{1, 16}}, []int{12}},
		// explicit bounds 1–4, 5–16
		{0, []int{4}, [][2]int{{1, 4}, {8, 16}}, []int{9, 3}},
		// an empty group (5–7) is left out
		{0, []int{4, 7}, [][2]int{{1, 4}, {8, 16}}, []int{9, 3}},
	}
	for _, tt := range tests {
		gs := groupBySize(sizes, tt.k, tt.bounds)
		if len(gs) != len(tt.want) {
			t.Errorf("k %d bounds %v: %d groups, want %d", tt.k, tt.bounds, len(gs), len(tt.want))
			continue
		}
		for g := range gs {
			if gs[g].min != tt.want[g][0] || gs[g].max != tt.want[g][1] || len(gs[g].idx) != tt.counts[g] {
				t.Errorf("k %d bounds %v group %d: %d–%d (%d jobs), want %v (%d)", tt.k, tt.bounds, g,
					gs[g].min, gs[g].max, len(gs[g].idx), tt.want[g], tt.counts[g])
			}
		}
	}
}

func TestMixWeight(t *testing.T) {
	t.Parallel()
	g1, g2 := fit.Gamma{Alpha: 4, Beta: 1}, fit.Gamma{Alpha: 300, Beta: 0.03}
	rng := rand.New(rand.NewPCG(1, 1))
	for _, p := range []float64{0, 0.3, 0.8, 1} {
		x := make([]float64, 50_000)
		for i := range x {
			if rng.Float64() < p {
				x[i] = gammaRand(rng, 4, 1)
			} else {
				x[i] = gammaRand(rng, 300, 0.03)
			}
		}
		if got := mixWeight(x, g1, g2); !scalar.EqualWithinAbs(got, p, 0.01) {
			t.Errorf("p = %v: estimated %v", p, got)
		}
	}
}

func TestDiscreteKS(t *testing.T) {
	t.Parallel()
	// Data 1, 1, 2, 3 against the uniform CDF on [0, 4]: at the support
	// points F_n = 0.5, 0.75, 1 and F = 0.25, 0.5, 0.75, so D = 0.25 (at 1,
	// 2 and 3; the first is reported).
	r := DiscreteKS([]float64{2, 1, 3, 1, math.NaN()}, func(x float64) float64 { return x / 4 })
	if r.N != 4 || !scalar.EqualWithinAbs(r.D, 0.25, 1e-15) || r.At != 1 {
		t.Errorf("DiscreteKS = %+v", r)
	}
	if r := DiscreteKS(nil, func(float64) float64 { return 0 }); !math.IsNaN(r.D) {
		t.Errorf("empty: %+v", r)
	}
}

func TestSizeKS(t *testing.T) {
	t.Parallel()
	// log2 size uniform on [1, 3] and every job rounded to a power of two:
	// sizes 2, 4, 8 with probabilities 0.25, 0.5, 0.25. Data 2, 4, 4, 8 have
	// exactly that distribution, so D = 0; data 2, 2, 4, 8 have D = 0.25.
	cdf := func(x float64) float64 { return math.Max(0, math.Min(1, (x-1)/2)) }
	if r := SizeKS([]int{2, 4, 4, 8}, cdf, 1, 3); r.D > 1e-15 {
		t.Errorf("exact sizes: D = %v", r.D)
	}
	if r := SizeKS([]int{2, 2, 4, 8}, cdf, 1, 3); !scalar.EqualWithinAbs(r.D, 0.25, 1e-15) || r.At != 2 {
		t.Errorf("D = %+v, want 0.25 at 2", r)
	}
}

func TestFilterStrings(t *testing.T) {
	t.Parallel()
	if CompletedJobs.String() != "completed" || AllJobs.String() != "all" ||
		AllClasses.String() != "all" || InteractiveJobs.String() != "interactive" || BatchJobs.String() != "batch" {
		t.Error("filter names")
	}
}
