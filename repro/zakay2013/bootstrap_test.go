package zakay2013

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"gonum.org/v1/gonum/stat"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/repro/ledger"
	"github.com/tracelab/tracelab/repro/study"
	"github.com/tracelab/tracelab/repro/study/studytest"
	"github.com/tracelab/tracelab/sim/resample"
)

func TestQuantile(t *testing.T) {
	t.Parallel()
	// R: quantile(c(4, 1, 3, 2), c(0, 0.05, 0.5, 0.95, 1)) (type 7).
	x := []float64{4, 1, 3, 2}
	for _, c := range []struct{ q, want float64 }{{0, 1}, {0.05, 1.15}, {0.5, 2.5}, {0.95, 3.85}, {1, 4}} {
		if got := quantile(x, c.q); math.Abs(got-c.want) > 1e-12 {
			t.Errorf("quantile %v = %v, want %v", c.q, got, c.want)
		}
	}
	if !math.IsNaN(quantile(nil, 0.5)) {
		t.Error("quantile of nothing is not NaN")
	}
}

// TestMedianRatioSE: the closed form √(π/2)·σ/√n, and on normal samples
// the spread of the sample median it stands for (Monte Carlo: 4000
// samples of 101 values, SD 1; the SD of an SD estimate over 4000 draws
// is about 1.1%, so 5% is 4.5 of those).
func TestMedianRatioSE(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		sd   float64
		n    int
		want float64
	}{
		{0.1, 100, 0.0125331413731550},  // √(π/2)·0.1/10
		{0.02, 1000, 0.000792665459521}, // √(π/2)·0.02/√1000
		{0, 20, 0},
	} {
		r := metricPosition{sdRatio: c.sd, pos: resample.Position{Replicates: c.n}}
		if got := medianRatioSE(r); math.Abs(got-c.want) > 1e-12 {
			t.Errorf("SD %v, n %d: SE %v, want %v", c.sd, c.n, got, c.want)
		}
	}
	rnd := rand.New(rand.NewPCG(1, 2))
	const n, draws = 101, 4000
	medians := make([]float64, draws)
	x := make([]float64, n)
	for i := range medians {
		for j := range x {
			x[j] = rnd.NormFloat64()
		}
		slices.Sort(x)
		medians[i] = x[n/2]
	}
	want := medianRatioSE(metricPosition{sdRatio: 1, pos: resample.Position{Replicates: n}})
	if got := stat.StdDev(medians, nil); math.Abs(got/want-1) > 0.05 {
		t.Errorf("SD of %d medians of %d normal values %v, closed form %v", draws, n, got, want)
	}
}

// TestBootstrapQuick checks the quick-mode §6.1 results on KTH-SP2: the
// figures place the original as resample.PositionOf does over the same
// variants; with §4's literal start (the paper's entries) every variant
// waits longer than the original, with the common week (ours) the
// original lies inside, both at the same number of variants; and the
// covariance evidence: the long-term users' weekly loads are negatively
// correlated in the log, the common week keeps their variance, §4's start
// raises it.
func TestBootstrapQuick(t *testing.T) {
	needData(t)
	ctx := context.Background()
	f9, err := quick.Fig9(ctx)
	if err != nil {
		t.Fatal(err)
	}
	lit, err := quick.bootstrap(ctx, "KTH-SP2", literalReading)
	if err != nil {
		t.Fatal(err)
	}
	r, ok := findRow(f9.rows, "KTH-SP2", "avg_wait")
	if want := resample.PositionOf(lit.Original.AvgWait, lit.Replicates.Col("avg_wait").Float()); !ok || r.pos != want {
		t.Fatalf("KTH-SP2 wait: %+v, want %+v", r.pos, want)
	}
	if r.pos.Replicates != quick.bootstrapReps() || r.pos.AtOrBelow != 0 {
		t.Errorf("KTH-SP2 wait, §4's start: %+v, want every one of %d variants above the original", r.pos, quick.bootstrapReps())
	}
	c, ok := findRow(f9.common, "KTH-SP2", "avg_wait")
	if !ok || c.pos.Replicates != quick.bootstrapReps() || !c.pos.Inside || !(c.p5 <= c.pos.Median && c.pos.Median <= c.p95) {
		t.Errorf("KTH-SP2 wait, common week: %+v, p5 %v p95 %v", c.pos, c.p5, c.p95)
	}
	if n := 2 * 2 * len(quick.bootstrapLogs(len(BootstrapLogs))); f9.Frame.Nrow() != n {
		t.Errorf("Fig. 9 frame: %d rows, want %d (two readings, two metrics)", f9.Frame.Nrow(), n)
	}
	f8, err := quick.Fig8(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if j, ok := findRow(f8.rows, "KTH-SP2", "jobs"); !ok || j.pos.Original != 28476 {
		t.Errorf("KTH-SP2 throughput: %+v, want the log's 28,476 jobs", j.pos)
	}
	rd, err := quick.BootstrapReadings(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if rd.Summary.Nrow() != len(quickReadings) || rd.Frame.Nrow() != len(quickReadings)*2 {
		t.Errorf("readings: summary %d rows, frame %d", rd.Summary.Nrow(), rd.Frame.Nrow())
	}
	dg, err := quick.BootstrapDiagnostic(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, x := range dg.cov {
		if x.log != "KTH-SP2" {
			continue
		}
		com, lit := x.varOf[commonReading], x.varOf[literalReading]
		if !(x.logVar < 0.6*x.indepVar && math.Abs(com-x.logVar) < 0.5*x.logVar && lit > 2*x.logVar) {
			t.Errorf("KTH-SP2 long-term weekly load variance: log %.4f, independent %.4f, common %.4f, literal %.4f", x.logVar, x.indepVar, com, lit)
		}
	}
	if dg.Figure == nil || len(dg.Figure.Panels) != 1 || dg.Daily.Nrow() != 2*(1+len(diagnosticReadings)) || dg.Covariance.Nrow() != 2 {
		t.Errorf("diagnostic: figure %v, %d daily rows, %d covariance rows", dg.Figure, dg.Daily.Nrow(), dg.Covariance.Nrow())
	}
}

// TestLongTermVariances: two long-term users who take turns, one working
// in the even weeks and the other in the odd ones, load the machine
// equally every week: the variance of their total weekly load is 0, while
// each alone, load 1/2 in m of n weeks and 0 in the others, has variance
// (1/2)²·m(n−m)/(n(n−1)): with n = 29 whole weeks, m = 15 and 14.
func TestLongTermVariances(t *testing.T) {
	const weeks = 30
	tr := datasets.NewTrace("turns", 0)
	tr.Header.MaxProcs = 1
	for k := range weeks {
		j := datasets.UnknownJob()
		j.JobID, j.User, j.Submit, j.Runtime, j.Procs, j.Status = k+1, 1+k%2, (float64(k)+0.5)*datasets.Week, datasets.Week/2, 1, 1
		tr.Append(j)
	}
	p, err := resample.NewPools(tr, resample.PoolOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(p.LongTerm) != 2 {
		t.Fatalf("%d long-term users, want 2", len(p.LongTerm))
	}
	total, indep := longTermVariances(p)
	if want := 2 * 0.25 * 15 * 14 / (29 * 28.0); total > 1e-12 || math.Abs(indep-want) > 1e-12 {
		t.Errorf("variances: total %v, independent %v; want 0 and %v", total, indep, want)
	}
	if v := variance([]float64{1, 2, 3, 4}); math.Abs(v-5.0/3) > 1e-12 {
		t.Errorf("variance = %v, want 5/3", v) // R: var(1:4)
	}
	if f := front([]float64{2, 2, 2, 2, 0, 0, 0, 0}); f != 2 {
		t.Errorf("front = %v, want 2", f)
	}
}

// TestClopperPearson: the exact interval at the ends has a closed form
// (x = 0: upper 1 − 0.025^(1/n); x = n: lower 0.025^(1/n); R's
// binom.test(0, 100) gives 0.0362), and the interval of n − x is the
// mirror of that of x.
func TestClopperPearson(t *testing.T) {
	for _, n := range []int{20, 100, 1000} {
		if c := clopperPearson(0, n); c.Lo != 0 || math.Abs(c.Hi-(1-math.Pow(0.025, 1/float64(n)))) > 1e-9 {
			t.Errorf("0 of %d: %+v", n, c)
		}
		if c := clopperPearson(n, n); c.Hi != 1 || math.Abs(c.Lo-math.Pow(0.025, 1/float64(n))) > 1e-9 {
			t.Errorf("%d of %d: %+v", n, n, c)
		}
		for _, x := range []int{1, n / 4, n / 2} {
			a, b := clopperPearson(x, n), clopperPearson(n-x, n)
			if math.Abs(a.Lo-(1-b.Hi)) > 1e-9 || !(a.Lo < a.Share && a.Share < a.Hi) {
				t.Errorf("%d of %d: %+v; %d of %d: %+v", x, n, a, n-x, n, b)
			}
		}
	}
	if c := clopperPearson(0, 100); math.Abs(c.Hi-0.0362) > 5e-5 || !c.Separated() || !c.Stable() {
		t.Errorf("0 of 100: %+v", c)
	}
	if c := clopperPearson(26, 100); !c.Among() || c.Separated() {
		t.Errorf("26 of 100: %+v", c)
	}
}

// TestReducedBootstrap is the reduced §6.1 check for continuous
// integration: on KTH-SP2 with 100 variants per reading (seeded, the first
// 100 of the paper's 1000), the original's average wait lies below nearly
// every variant under §4's literal start and among them under the common
// week, each with its 95% interval clear of the 5% thresholds, so that
// the full-mode verdicts of fig9/KTH-SP2/wait_not_separated (differs) and
// of fig9/common-week/KTH-SP2/wait_not_separated (agrees) are the ones a
// larger count would give.
func TestReducedBootstrap(t *testing.T) {
	needData(t)
	c, err := quick.ReducedBootstrap(context.Background(), ReducedLog, ReducedVariants)
	if err != nil {
		t.Fatal(err)
	}
	if !c.Literal.Separated() {
		t.Errorf("%s, §4's start: %v, want below nearly every variant (95%% CI under %.2f)", c.Log, c.Literal, separatedShare)
	}
	if !c.Common.Among() {
		t.Errorf("%s, common week: %v, want among the variants", c.Log, c.Common)
	}
	t.Logf("%s, seed %d: §4's start %v; common week %v", c.Log, c.Seed, c.Literal, c.Common)
}

// TestPinnedSection61 re-judges §6.1's entries in the committed full-mode
// ledger (1000 variants per reading, too costly for CI): the paper's
// entries under §4's literal start and ours under the common week. Their
// stability at a reduced count is TestReducedBootstrap's; that the stored
// ledger belongs to this code is repro's stale-ledger test.
func TestPinnedSection61(t *testing.T) {
	var ids []string
	for _, log := range BootstrapLogs {
		for _, m := range []string{"wait", "slowdown"} {
			id := "fig9/" + log + "/" + m + "_not_separated"
			ids = append(ids, id, commonID(id))
		}
	}
	ids = append(ids, "fig9/wait_extreme_within_20pct", commonID("fig9/wait_extreme_within_20pct"),
		"fig9/slowdown_around_share", commonID("fig9/slowdown_around_share"))
	studytest.Pinned(t, "../ledgers/zakay2013.json", ids, nil)
}

// TestBootstrapSharing checks which readings each bootstrap runs with
// (resample.RunBootstraps shares their variants) and their variants: in
// full mode, default's group on a log of the table holds the readings of
// the table that differ only in the simulation, at 100 variants beside
// default's 1000; CEA-Curie, outside the table, runs default alone.
func TestBootstrapSharing(t *testing.T) {
	full, quick := New(study.Options{}), New(study.Options{Quick: true})
	cases := []struct {
		s        *Study
		log      string
		reading  string
		readings string
		reps     []int
	}{
		{full, "KTH-SP2", "steady-state", "default, stop-at-end, steady-state, kill-at-estimate, drop-cancelled", []int{1000, 100, 100, 100, 100}},
		{full, "HPC2N", "default", "default, stop-at-end, steady-state, kill-at-estimate, drop-cancelled", []int{1000, 100, 100, 100, 100}},
		{full, "CEA-Curie", "default", "default", []int{1000}},
		{full, "KTH-SP2", "activity", "activity", []int{1000}},
		{full, "SDSC-BLUE", "cycle", "cycle", []int{100}},
		{quick, "KTH-SP2", "default", "default", []int{20}},
		{quick, "KTH-SP2", "stop-at-end", "default, stop-at-end", []int{20, 4}},
	}
	for _, c := range cases {
		rd, err := resample.ReadingByName(c.reading)
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		var reps []int
		for _, r := range c.s.sharing(c.log, rd) {
			names, reps = append(names, r.Name), append(reps, c.s.readingVariants(r.Name))
		}
		if got := strings.Join(names, ", "); got != c.readings || !slices.Equal(reps, c.reps) {
			t.Errorf("%s %s (%s): runs with %s, %v variants; want %s, %v", c.log, c.reading, c.s.o.Mode(), got, reps, c.readings, c.reps)
		}
	}
}

// TestReadingScanWords: a differing entry left without a reason shows the
// same statement under each reading of the per-reading table, and under
// which it holds, never as a reason; an entry that agrees shows nothing.
// The values are made up: DS's slowdown_high (the original above nearly
// all variants: at least nearlyAll at or below) under three readings.
func TestReadingScanWords(t *testing.T) {
	t.Parallel()
	st := func(share float64) statement {
		r := metricPosition{pos: resample.Position{AtOrBelow: share}}
		return statement{item: "Fig. 9", id: "fig9/L/slowdown_high", log: "L", text: "s", holds: share >= nearlyAll, short: atOrBelow(r)}
	}
	scan := func(shares ...float64) readingScan {
		sc := readingScan{variants: 100, logs: 6}
		for i, x := range shares {
			sc.readings = append(sc.readings, fmt.Sprintf("r%d", i))
			sc.by = append(sc.by, map[string]statement{"fig9/L/slowdown_high": st(x)})
		}
		return sc
	}
	for _, c := range []struct {
		name      string
		lit, com  float64 // the figure's two readings
		sc        readingScan
		contains  []string
		notInside []string
	}{
		{"none within", 0.03, 0.40, scan(0.35, 0.81, 0.04),
			[]string{"under each of the 3 readings of the per-reading table (100 variants of each of 6 logs", "none brings it within: r0 35%, r1 81%, r2 4%"}, nil},
		{"one within, shown only", 0.03, 0.40, scan(0.35, 0.95),
			[]string{"it holds under r1 (shown, not a reason", "r0 35%, r1 95%"}, []string{"none brings"}},
		{"agrees: nothing added", 0.95, 0.40, scan(0.35), nil, []string{"per-reading table"}},
		{"not in the scan", 0.03, 0.40, readingScan{}, nil, []string{"per-reading table"}},
	} {
		l := ledger.New("zakay2013")
		addReadings(l, []statement{st(c.lit)}, []statement{st(c.com)}, func(string) string { return "" }, c.sc, seedScan{})
		e, ok := l.Lookup("fig9/L/slowdown_high")
		if !ok {
			t.Fatalf("%s: no entry", c.name)
		}
		if e.Reason != "" || e.Found != nil {
			t.Errorf("%s: reason %q, found %v", c.name, e.Reason, e.Found)
		}
		checkOurValue(t, c.name, e, c.contains, c.notInside)
	}
}

// checkOurValue fails t unless e's value of ours holds every string of
// has and none of hasNot; name names the case.
func checkOurValue(t *testing.T, name string, e ledger.Entry, has, hasNot []string) {
	t.Helper()
	for _, w := range has {
		if !strings.Contains(e.OurValue, w) {
			t.Errorf("%s: ours %q lacks %q", name, e.OurValue, w)
		}
	}
	for _, w := range hasNot {
		if strings.Contains(e.OurValue, w) {
			t.Errorf("%s: ours %q has %q", name, e.OurValue, w)
		}
	}
}

// TestCommonWeekReason: the common week explains a differing paper entry
// only by the rule of a reason — counted over every statement of the
// figure it brings at least two more within than the paper's entries as
// computed, and it brings this one within, at the study's seed and at
// every further seed (where the count must hold too). The reason keeps the
// verdict, names §4's literal start, the mechanism and the common
// calendar; it is found among the readings of resample.Readings. The
// values are made up: three statements, the paper's entries all differing.
func TestCommonWeekReason(t *testing.T) {
	t.Parallel()
	st := func(id string, share float64) statement {
		r := metricPosition{pos: resample.Position{AtOrBelow: share}}
		return statement{item: "Fig. 9", id: id, log: "L", text: "s", holds: share >= nearlyAll, short: atOrBelow(r)}
	}
	ids := []string{"fig9/L/a", "fig9/L/b", "fig9/L/c"}
	statements := func(shares ...float64) []statement {
		var out []statement
		for k, id := range ids {
			out = append(out, st(id, shares[k]))
		}
		return out
	}
	seeds := func(runs ...[]statement) seedScan {
		sc := seedScan{variants: 100}
		for k, run := range runs {
			by := map[string]statement{}
			for _, s := range run {
				by[s.id] = s
			}
			sc.seeds, sc.by = append(sc.seeds, uint64(2014+k)), append(sc.by, by)
		}
		return sc
	}
	lit := statements(0.03, 0.03, 0.03)
	all := statements(0.99, 0.99, 0.99)
	n := len(resample.Readings())
	for _, c := range []struct {
		name  string
		com   []statement
		seeds seedScan
		// explained: the ids that get the common week as their reason,
		// with Found held of "of" seeds; the others stay unexplained,
		// with measuredHas in our value where the common week agrees.
		// within: the Found's tally at each seed, the study's first (of
		// the 3 statements, none within as computed).
		explained   []string
		held, of    int
		within      []int
		measuredHas string
	}{
		{"every seed", all, seeds(all, all), ids, 3, 3, []int{3, 3, 3}, ""},
		{"one seed without c", all, seeds(all, statements(0.99, 0.99, 0.5)), []string{"fig9/L/a", "fig9/L/b"}, 3, 3, []int{3, 3, 2},
			"within at 2 of 3 seeds measured, so not a reason"},
		// At the second further seed only a is within: 1 of 3 against 0,
		// not justified there, so a does not hold at that seed either.
		{"not justified at a seed", all, seeds(all, statements(0.99, 0.5, 0.5)), nil, 0, 0, nil,
			"within at 2 of 3 seeds measured, so not a reason"},
		// One more within than as computed: never a reason.
		{"not justified", statements(0.99, 0.5, 0.5), seeds(all, all), nil, 0, 0, nil, "not a reason: over the figure's statements"},
	} {
		l := ledger.New("zakay2013")
		addReadings(l, lit, c.com, func(string) string { return "the mechanism" }, readingScan{}, c.seeds)
		for k, id := range ids {
			e, ok := l.Lookup(id)
			if !ok {
				t.Fatalf("%s: no entry %s", c.name, id)
			}
			if e.Verdict != ledger.Differs {
				t.Errorf("%s: %s %s, want differs (the verdict as it falls)", c.name, id, e.Verdict)
			}
			if slices.Contains(c.explained, id) {
				var tallies []ledger.Tally
				for _, w := range c.within {
					tallies = append(tallies, ledger.Tally{N: 3, Within: w, Gained: w})
				}
				want := ledger.AmongReadings(n).AtSeeds(c.held, c.of).WithTally(tallies...)
				if e.Found == nil || !reflect.DeepEqual(*e.Found, want) {
					t.Errorf("%s: %s found %v, want %v", c.name, id, e.Found, want)
				}
				for _, w := range []string{"§4's words", "one common week", "3 within against 0", "seed 2014: within", "the mechanism",
					"kept the users' common calendar", "not an agreement"} {
					if !strings.Contains(e.Reason, w) {
						t.Errorf("%s: %s reason %q lacks %q", c.name, id, e.Reason, w)
					}
				}
				continue
			}
			if e.Reason != "" || e.Found != nil {
				t.Errorf("%s: %s reason %q, found %v; want unexplained", c.name, id, e.Reason, e.Found)
			}
			if c.com[k].agrees() && !strings.Contains(e.OurValue, c.measuredHas) {
				t.Errorf("%s: %s ours %q lacks %q", c.name, id, e.OurValue, c.measuredHas)
			}
		}
	}
}
