package zakay2013

import (
	"context"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/tracelab/tracelab/repro/study"
	"github.com/tracelab/tracelab/sim/sweep"

	"github.com/tracelab/tracelab/analytics/users"
	"github.com/tracelab/tracelab/repro/ledger"
	"github.com/tracelab/tracelab/sim/resample"
)

// pointLog is a log whose every per-user marginal is the single value v
// and whose one job arrives in hour v of the week: the KS distance of
// any marginal between two such logs is 0 when their v agree, else 1.
func pointLog(v int) users.Marginals {
	m := users.Marginals{Values: map[users.Metric][]float64{}}
	for _, k := range users.Metrics {
		m.Values[k] = []float64{float64(v)}
	}
	m.HourOfWeek[v] = 1
	return m
}

func pointLogs(vs ...int) []users.Marginals {
	var out []users.Marginals
	for _, v := range vs {
		out = append(out, pointLog(v))
	}
	return out
}

// TestNullKS: the bound of "very similar" measured on the resampling
// itself, by hand on logs whose distances are 0 or 1 (pointLog).
func TestNullKS(t *testing.T) {
	self := func(j, i int) bool { return i == j }
	// fig10Null's grouping on 3 repetitions × 3 parts, part index 0: the
	// compared logs are ms[0], ms[3], ms[6].
	nine := pointLogs(0, 0, 0, 1, 0, 0, 0, 0, 0)
	at := []int{0, 3, 6}
	for _, c := range []struct {
		name             string
		pseudo, compared []users.Marginals
		same             func(j, i int) bool
		mean, sd, bound  float64
		measured         bool
	}{
		// Draws (leave one out): {0}: (0+1)/2, {0}: (0+1)/2, {1}: (1+1)/2 →
		// mean 2/3, SD √(1/12) = 0.288675; bound 2/3 + 3·0.288675.
		{"leave one out", pointLogs(0, 0, 1), pointLogs(0, 0, 1), self, 2.0 / 3, math.Sqrt(1.0 / 12), 2.0/3 + 3*math.Sqrt(1.0/12), true},
		// Pseudo-originals apart from the compared logs ({0}, {1}): every
		// draw is (0+1)/2, SD 0.
		{"apart", pointLogs(0, 0, 1), pointLogs(0, 1), nil, 0.5, 0, 0.5, true},
		// Draws: j=0 (0, ms[3] 1, ms[6] 0 → ½), j=3 (1, 1 → 1), j=6 (½),
		// the six others (0,1,0 → ⅓): mean 4/9; squared deviations
		// 2·(1/18)² + (5/9)² + 6·(1/9)² = 7/18, SD √(7/18/8) = √7/12 = 0.220479;
		// bound 4/9 + 3·√7/12 = 4/9 + √7/4.
		{"left out by index", nine, []users.Marginals{nine[0], nine[3], nine[6]}, func(j, i int) bool { return j == at[i] }, 4.0 / 9, math.Sqrt(7) / 12, 4.0/9 + math.Sqrt(7)/4, true},
		{"two pseudo-originals", pointLogs(0, 1), pointLogs(0, 1), nil, 0, 0, 0, false},
		{"one compared log left", pointLogs(0, 0, 1), pointLogs(0, 1), self, 0, 0, 0, false},
	} {
		bound, mean, sd := nullKS(c.pseudo, c.compared, c.same)
		if !c.measured {
			if bound != nil {
				t.Errorf("%s: a null of %v, want none", c.name, bound)
			}
			continue
		}
		if len(bound) != len(resample.MarginalNames()) {
			t.Fatalf("%s: %d bounds, want %d", c.name, len(bound), len(resample.MarginalNames()))
		}
		for i, m := range resample.MarginalNames() {
			if math.Abs(mean[i]-c.mean) > 1e-9 || math.Abs(sd[i]-c.sd) > 1e-6 || math.Abs(bound[i]-c.bound) > 1e-6 {
				t.Errorf("%s %s: mean %.6f SD %.6f bound %.6f, want %.6f %.6f %.6f", c.name, m, mean[i], sd[i], bound[i], c.mean, c.sd, c.bound)
			}
		}
	}
}

// TestSimilarKSBound: the entry's bound is the measured null where there
// is one, the former bound of ours (quick mode's 2 resampled logs) where
// not; the words say which.
func TestSimilarKSBound(t *testing.T) {
	orig := pointLog(0)
	for _, c := range []struct {
		name  string
		vms   []users.Marginals
		limit float64
		words string
		v     ledger.Verdict
	}{
		// 3 resampled logs {0}, {0}, {1}: our value 1/3; the null's
		// bound 1.533 (TestNullKS, "leave one out").
		{"measured", pointLogs(0, 0, 1), 2.0/3 + 3*math.Sqrt(1.0/12), "mean + 3 SD over 3, a 5% test", ledger.Agrees},
		// 2 resampled logs: the former bound, max(0.1, critical) — the
		// critical distance of samples of 1 and 1 (1.36·√2 > 1).
		{"not measured", pointLogs(0, 1), VerySimilarLimit(ksOf(orig, pointLogs(0, 1)).critical[0]), "(KS at most", ledger.Agrees},
	} {
		k := ksOf(orig, c.vms)
		if math.Abs(k.limit(0)-c.limit) > 1e-9 {
			t.Errorf("%s: limit %v, want %v", c.name, k.limit(0), c.limit)
		}
		l := ledger.New("zakay2013")
		e := l.Check("Fig. 4", "x", "x", similarKS("very similar", k, 0), k.mean[0])
		if !strings.Contains(e.PaperValue, c.words) || e.Verdict != c.v {
			t.Errorf("%s: %q %s, want %q, %s", c.name, e.PaperValue, e.Verdict, c.words, c.v)
		}
	}
}

// TestNullKSDiscriminates: the bound nullKS measures on a log's resampled
// logs (full mode's nullVariants, 16, §4's start, seeds as Study.variants
// at seed 2013) tells the other logs of Table I we have from them.
// Measured (mean + 3 SD): 61 of 64 (log, marginal) cases on KTH-SP2, 64
// of 64 on SDSC-SP2 (over 8 logs of Table I, 59–64 of 64, explain19's
// session 25). It must stay above 90%: a bound that let other logs pass
// would not say "very similar". And it does not tell SDSC-SP2's own
// original apart on the users' work (jobs, sessions, session length, CPU
// work: z −1.7 to −2.5 SD from the null's mean). It tests the bound's
// power, not its size: the SDSC-SP2 check cannot fail for any bound above
// the null's mean − 1.7 SD (the original is the pools' parent, closer than
// the draws: TestNullKSCalibration), and no bound too tight fails the
// 90%; it fails a bound too wide (with 8 draws, KTH-SP2: 53 of 64 at mean
// + 5 SD, 45 of 64 by the former bound max(0.1, critical)).
// TestNullKSCalibration tests the size.
func TestNullKSDiscriminates(t *testing.T) {
	needData(t)
	s := New(study.Options{Quick: true})
	origs := map[string]users.Marginals{}
	for _, pl := range TableILogs {
		if pl.Catalog == "" {
			continue
		}
		tr, err := logOf(pl.Name)
		if err != nil {
			t.Fatal(err)
		}
		if origs[pl.Name], err = users.ComputeMarginals(tr, users.Options{}); err != nil {
			t.Fatal(err)
		}
	}
	for _, name := range []string{"KTH-SP2", "SDSC-SP2"} {
		p, err := s.pools(name)
		if err != nil {
			t.Fatal(err)
		}
		vms := make([]users.Marginals, New(study.Options{}).nullVariants())
		for i := range vms {
			x, err := p.Generate(resample.Options{LongTermStart: paperStart, Seed: sweep.Seed(2013, i)})
			if err != nil {
				t.Fatal(err)
			}
			if vms[i], err = users.ComputeMarginals(x.Trace, users.Options{}); err != nil {
				t.Fatal(err)
			}
		}
		bound, _, _ := nullKS(vms, vms, func(j, i int) bool { return i == j })
		told, n := 0, 0
		for other, o := range origs {
			if other == name {
				continue
			}
			k := ksOf(o, vms)
			for i := range bound {
				n++
				if k.mean[i] > bound[i] {
					told++
				}
			}
		}
		t.Logf("%s: other logs told apart in %d of %d cases", name, told, n)
		if 10*told < 9*n {
			t.Errorf("%s: other logs told apart in %d of %d cases, want at least 90%%", name, told, n)
		}
		if name != "SDSC-SP2" {
			continue
		}
		own := ksOf(origs[name], vms)
		for i, m := range resample.MarginalNames()[:4] {
			if own.mean[i] > bound[i] {
				t.Errorf("%s %s: the original at %.4f, above its resampled logs' own bound %.4f", name, m, own.mean[i], bound[i])
			}
		}
	}
}

// TestFig10Null: Fig. 10's null, by hand: each pseudo-original against the
// next reps of them, cyclically. Logs {0}, {0}, {0}, {1}, reps 2: draws
// j=0 against {0},{0}: 0; j=1 against {0},{1}: ½; j=2 against {1},{0}: ½;
// j=3 against {0},{0}: 1 — mean ½, SD √(½/3) = 0.408248, bound ½ + 3 SD
// = 1.724745. With as many
// repetitions as pseudo-originals, or one, it is not measured.
func TestFig10Null(t *testing.T) {
	pseudo := pointLogs(0, 0, 0, 1)
	orig := pointLog(0)
	k := fig10Null(ksOf(orig, pointLogs(0, 1)), pseudo, 2)
	if k.nullN != 4 || math.Abs(k.nullMean[0]-0.5) > 1e-9 || math.Abs(k.nullSD[0]-math.Sqrt(0.5/3)) > 1e-9 || math.Abs(k.limit(0)-(0.5+3*math.Sqrt(0.5/3))) > 1e-9 {
		t.Errorf("reps 2: over %d, mean %v SD %v limit %v; want 4, 0.5, 0.408248, 1.724745", k.nullN, k.nullMean, k.nullSD, k.limit(0))
	}
	for _, reps := range []int{1, 4} {
		// The part's own 3 repetitions would give ksOf a null of their
		// own: fig10Null replaces it, measured or not.
		k := fig10Null(ksOf(orig, pointLogs(0, 0, 1)), pseudo, reps)
		if k.null != nil || k.limit(0) != VerySimilarLimit(k.critical[0]) {
			t.Errorf("reps %d: a null %v, want the former bound", reps, k.null)
		}
	}
}

// TestPairNull: nullKS's rule for one distance (pairNull) and for the
// findings' mean over resampled logs (ResampledNull), by hand on logs
// whose distances are 0 or 1 (pointLog).
func TestPairNull(t *testing.T) {
	// Pairs of {0, 0, 1}: 0, 1, 1 → mean 2/3, SD √((4/9 + 1/9 + 1/9)/2) = √(1/3);
	// bounds mean + 3 SD.
	b := pairNull(pointLogs(0, 0, 1))
	// Leave one out of {0, 0, 1}: as TestNullKS's first case.
	r := ResampledNull(pointLogs(0, 0, 1))
	for i, m := range resample.MarginalNames() {
		if want := 2.0/3 + 3*math.Sqrt(1.0/3); math.Abs(b[i]-want) > 1e-9 {
			t.Errorf("pairNull %s: %.6f, want %.6f", m, b[i], want)
		}
		if want := 2.0/3 + 3*math.Sqrt(1.0/12); math.Abs(r[i]-want) > 1e-9 {
			t.Errorf("ResampledNull %s: %.6f, want %.6f", m, r[i], want)
		}
	}
	if pairNull(pointLogs(0, 1)) != nil || ResampledNull(pointLogs(0, 1)) != nil {
		t.Error("two resampled logs measure no spread: want no null")
	}
}

// TestAttributionBounded: a swap is judged by its entry's own bound where
// the null is measured, by the former bound otherwise.
func TestAttributionBounded(t *testing.T) {
	var a attribution
	for m := range timeMetrics {
		a.ltSwapped[m], a.otherSwapped[m] = 0.08, 0.3
		a.ltBound[m], a.otherBound[m] = VerySimilarKS, VerySimilarKS
	}
	n := len(resample.MarginalNames())
	k := marginalKS{critical: make([]float64, n)}
	if got := a.bounded(k); got.ltBound != a.ltBound {
		t.Errorf("no null: bounds %v, want the former %v", got.ltBound, a.ltBound)
	}
	k.null = make([]float64, n)
	for i := range k.null {
		k.null[i] = 0.01 * float64(i+1) // marginal i's bound, told apart
	}
	got := a.bounded(k)
	for m, tm := range timeMetrics {
		want := 0.01 * float64(slices.Index(users.Metrics, tm)+1)
		if got.ltBound[m] != want || got.otherBound[m] != want {
			t.Errorf("%s: bounds %.2f/%.2f, want the entry's %.2f", tm, got.ltBound[m], got.otherBound[m], want)
		}
	}
	// First arrivals (users.Metrics index 4: null 0.05): the long-term
	// swap at 0.08 lies within the former 0.1, not within the null.
	m := 0
	a.orig.lt[m], a.pooled.lt[m] = []float64{1, 2}, []float64{1, 3}
	got.orig, got.pooled = a.orig, a.pooled
	if a.reason(m) == "" {
		t.Error("former bound: the long-term swap (0.08 ≤ 0.1) should carry it")
	}
	if r := got.reason(m); r != "" {
		t.Errorf("null 0.05: the swap at 0.08 is not within, want no class: %q", r)
	}
}

// TestNullKSCalibration measures what nullKS's bound (mean + NullK SD of
// 16 leave-one-out draws, Fig. 4's form with full mode's nullVariants)
// does when the claim holds (§4's start):
//   - its size, on Fig. 4's three logs: a sibling — one more resampled
//     log of the same pools in the original's place — against a set of 16
//     others, the bound measured on those 16 alone. 24 resampled logs
//     (seeds sweep.Seed(2013, i)), each held out against 100 random sets of
//     16 of the other 23, all 8 marginals: the share of (set, marginal)
//     cases told apart, pooled over the marginals, must be at most 5%
//     (measured KTH-SP2 2.4%, SDSC-SP2 3.4%, SDSC-DS 4.3%; over 8 logs of
//     Table I and a second block of 24 seeds, 2.2–4.8%, explain19's
//     session 25). The test also asks that mean + 2 SD is not a 5% test on
//     the same cases (measured 6.6–7.6%): the draws
//     are few and share their logs (each pair's distance is in two
//     draws), so their SD understates the statistic's — the reason for
//     NullK; with 8 draws mean + 3 SD gave 4.6–6.9%, the reason for 16;
//   - the original is not a sibling but the pools' parent: each resampled
//     log holds its users. On KTH-SP2's users' work and the hour of the week
//     (marginals of the users' own jobs, which resampling users carries
//     over) a parent lies closer to its resampled logs than they lie to each
//     other: 6 resampled logs, each made a parent (its own pools, 8
//     resampled logs), give 0.83 of the null's mean (0 of 30 told apart):
//     the bound is generous there, not strict. On the time-position
//     marginals this construction does not hold the claim (a resampled
//     log resampled again loses its arrivals: 1.3–4 times the null's
//     mean), so it measures nothing of the bound there.
func TestNullKSCalibration(t *testing.T) {
	needData(t)
	s := New(study.Options{Quick: true})
	p, err := s.pools("KTH-SP2")
	if err != nil {
		t.Fatal(err)
	}
	gen := func(p *resample.Pools, seed uint64, n int) []users.Marginals {
		out := make([]users.Marginals, n)
		err := s.parallel(context.Background(), n, func(i int) error {
			x, err := p.Generate(resample.Options{LongTermStart: paperStart, Seed: sweep.Seed(seed, i)})
			if err != nil {
				return err
			}
			out[i], err = users.ComputeMarginals(x.Trace, users.Options{})
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	draws := New(study.Options{}).nullVariants()
	const logs, sets = 24, 100
	for _, c := range []struct {
		log         string
		size, size2 float64 // measured, in %
	}{{"KTH-SP2", 2.4, 6.6}, {"SDSC-SP2", 3.4, 7.6}, {"SDSC-DS", 4.3, 7.5}} {
		pc, err := s.pools(c.log)
		if err != nil {
			t.Fatal(err)
		}
		vms := gen(pc, 2013, logs)
		nm := len(resample.MarginalNames())
		d := make([][][]float64, nm) // d[marginal][i][j]
		for k := range d {
			d[k] = make([][]float64, logs)
			for i := range d[k] {
				d[k][i] = make([]float64, logs)
			}
		}
		for i := range vms {
			for j := i + 1; j < logs; j++ {
				for k, x := range resample.MarginalKS(vms[i], vms[j]) {
					d[k][i][j], d[k][j][i] = x, x
				}
			}
		}
		rng := rand.New(rand.NewPCG(1, uint64(draws)))
		told, told2, n := 0, 0, 0
		for h := range logs {
			var rest []int
			for i := range logs {
				if i != h {
					rest = append(rest, i)
				}
			}
			for range sets {
				rng.Shuffle(len(rest), func(a, b int) { rest[a], rest[b] = rest[b], rest[a] })
				set := rest[:draws]
				loo := make([][]float64, nm)
				stat := make([]float64, nm)
				for k := range nm {
					for _, a := range set {
						stat[k] += d[k][h][a] / float64(draws)
						x := 0.0
						for _, b := range set {
							if b != a {
								x += d[k][a][b]
							}
						}
						loo[k] = append(loo[k], x/float64(draws-1))
					}
				}
				bound, mean, sd := nullBound(loo)
				for k := range nm {
					n++
					if stat[k] > bound[k] {
						told++
					}
					if stat[k] > mean[k]+2*sd[k] {
						told2++
					}
				}
			}
		}
		t.Logf("%s: siblings told apart (%d draws): %d of %d at mean + %d SD, %d at mean + 2 SD", c.log, draws, told, n, NullK, told2)
		if 100*told > 5*n {
			t.Errorf("%s: siblings told apart in %d of %d cases (%.1f%%) at mean + %d SD, want at most 5%% (measured %.1f%%)", c.log, told, n, 100*float64(told)/float64(n), NullK, c.size)
		}
		if 100*told2 <= 5*n {
			t.Errorf("%s: siblings told apart in %d of %d cases (%.1f%%) at mean + 2 SD, want above 5%% (measured %.1f%%): then 3 SD is not needed", c.log, told2, n, 100*float64(told2)/float64(n), c.size2)
		}
	}

	work := []int{0, 1, 2, 3, len(resample.MarginalNames()) - 1} // users' work, hour of the week
	ratio, out := 0.0, 0
	const parents = 6
	for r := range parents {
		x0, err := p.Generate(resample.Options{LongTermStart: paperStart, Seed: sweep.Seed(7, r)})
		if err != nil {
			t.Fatal(err)
		}
		m0, err := users.ComputeMarginals(x0.Trace, users.Options{})
		if err != nil {
			t.Fatal(err)
		}
		p0, err := resample.NewPools(x0.Trace, resample.PoolOptions{Users: users.Options{Start: paperPeriodStart("KTH-SP2", x0.Trace)}})
		if err != nil {
			t.Fatal(err)
		}
		k := ksOf(m0, gen(p0, 2013, 8))
		for _, i := range work {
			ratio += k.mean[i] / k.nullMean[i] / float64(parents*len(work))
			if k.mean[i] > k.limit(i) {
				out++
			}
		}
	}
	t.Logf("parents: %.2f of the null's mean, %d of %d told apart", ratio, out, parents*len(work))
	if ratio >= 0.95 || out > 2 {
		t.Errorf("parents at %.2f of the null's mean, %d of %d told apart; want below 0.95, at most 2 (measured 0.83, 0)", ratio, out, parents*len(work))
	}
}

// TestNearLine: the note on a statistic within 1 SD of the bound's line
// (z against NullK = 3), by hand: null mean 0.05, SD 0.01.
func TestNearLine(t *testing.T) {
	for _, c := range []struct {
		name string
		mean float64
		null bool
		want string // "" for no note
	}{
		{"KTH-SP2 cpu_work's case: z 2.98, just within", 0.0798, true, "2.98 SD above the null's mean, the bound at 3: near the line"},
		{"z 3.5, just outside", 0.085, true, "3.50 SD above"},
		{"z 2.1, within 1 SD", 0.071, true, "2.10 SD above"},
		{"z 1.9, far within", 0.069, true, ""},
		{"z 4.2, far outside", 0.092, true, ""},
		{"no null (quick mode)", 0.0798, false, ""},
	} {
		k := marginalKS{mean: []float64{c.mean}}
		if c.null {
			k.null, k.nullMean, k.nullSD = []float64{0.05 + NullK*0.01}, []float64{0.05}, []float64{0.01}
		}
		got := k.nearLine(0)
		if (c.want == "") != (got == "") || !strings.Contains(got, c.want) {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
}

// TestKSMeans: the distances a generation reading or comparison other
// than the paper's is read for (measureReadings) are ksOf's mean and
// largest distance, exactly, without a null of their own; by hand on
// pointLog (distance 0 or 1 per marginal).
func TestKSMeans(t *testing.T) {
	for _, c := range []struct {
		name        string
		vms         []int
		mean, worst float64
	}{
		{"one alike", []int{0}, 0, 0},
		{"one of three apart", []int{0, 1, 0}, 1.0 / 3, 1},
		{"all apart", []int{2, 1, 3, 1}, 1, 1},
	} {
		orig, vms := pointLog(0), pointLogs(c.vms...)
		got, want := ksMeans(orig, vms), ksOf(orig, vms)
		if got.null != nil || got.nullN != 0 || got.critical != nil {
			t.Errorf("%s: ksMeans measured a null %v (over %d) or critical distances %v", c.name, got.null, got.nullN, got.critical)
		}
		if got.variants != len(vms) {
			t.Errorf("%s: %d variants, want %d", c.name, got.variants, len(vms))
		}
		for i := range want.mean {
			if got.mean[i] != want.mean[i] || got.worst[i] != want.worst[i] {
				t.Errorf("%s marginal %d: ksMeans %v/%v, ksOf %v/%v", c.name, i, got.mean[i], got.worst[i], want.mean[i], want.worst[i])
			}
			if math.Abs(got.mean[i]-c.mean) > 1e-12 || got.worst[i] != c.worst {
				t.Errorf("%s marginal %d: mean %v, largest %v, want %v, %v", c.name, i, got.mean[i], got.worst[i], c.mean, c.worst)
			}
		}
	}
}
