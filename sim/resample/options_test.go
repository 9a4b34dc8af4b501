package resample

import (
	"math"
	"testing"

	"gonum.org/v1/gonum/floats/scalar"

	"github.com/tracelab/tracelab/analytics/users"
	"github.com/tracelab/tracelab/datasets"
)

func TestParseOptions(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name  string
		parse func(string) (int, error)
		names []string
	}{
		{"start", func(s string) (int, error) { v, err := ParseLongTermStart(s); return int(v), err }, longTermStartNames},
		{"selection", func(s string) (int, error) { v, err := ParseLongTermSelection(s); return int(v), err }, longTermSelectionNames},
		{"regeneration", func(s string) (int, error) { v, err := ParseRegeneration(s); return int(v), err }, regenerationNames},
		{"initial", func(s string) (int, error) { v, err := ParseInitialTemporaries(s); return int(v), err }, initialTemporariesNames},
		{"count", func(s string) (int, error) { v, err := ParseArrivalCount(s); return int(v), err }, arrivalCountNames},
		{"weighting", func(s string) (int, error) { v, err := ParseWeighting(s); return int(v), err }, weightingNames},
		{"rates", func(s string) (int, error) { v, err := ParseTemporaryRates(s); return int(v), err }, temporaryRatesNames},
		{"discard", func(s string) (int, error) { v, err := ParseDiscard(s); return int(v), err }, discardNames},
	} {
		for k, n := range c.names {
			if v, err := c.parse(n); err != nil || v != k {
				t.Errorf("%s: %q parsed as %d, %v; want %d", c.name, n, v, err, k)
			}
		}
		if _, err := c.parse("sideways"); err == nil {
			t.Errorf("%s: unknown name accepted", c.name)
		}
	}
	if s := StartInActivity.String() + RegenerateImmediately.String() + FixedArrivals.String(); s != "activityimmediatefixed" {
		t.Errorf("names %q", s)
	}
	if s := LongTermStart(9).String(); s != "LongTermStart(9)" {
		t.Errorf("unknown value named %q", s)
	}
}

// withGapUser returns the small log with a sixth, temporary user present
// from week 5 to week 9 (5 weeks) but active in two of them.
func withGapUser() *datasets.Trace {
	tr := smallLog()
	for _, w := range []float64{5, 9} {
		x := datasets.UnknownJob()
		x.JobID, x.Submit, x.User = tr.Len()+1, w*datasets.Week+3*3600, 6
		x.Wait, x.Runtime, x.Procs, x.ReqTime, x.Status = 0, 100, 2, 200, 1
		tr.Append(x)
	}
	return tr.SortBySubmit()
}

// TestGenerateReadings checks each reading of 2013 §4 on the small log
// (long-term users 1, weeks 0–19, and 5, weeks 2–29; the log has 30
// weeks) against its definition.
func TestGenerateReadings(t *testing.T) {
	t.Parallel()
	p, err := NewPools(withGapUser(), PoolOptions{})
	if err != nil {
		t.Fatal(err)
	}
	// Presence 3 + 2 + 5 weeks, activity 3 + 2 + 2 weeks, over 30.
	if got := p.TemporaryPresent(); math.Abs(got-10.0/30) > 1e-12 {
		t.Errorf("TemporaryPresent %v, want 10/30", got)
	}
	if got := p.TemporaryActive(); math.Abs(got-7.0/30) > 1e-12 {
		t.Errorf("TemporaryActive %v, want 7/30", got)
	}
	longTerm := func(r *Resampled) []Instance {
		var out []Instance
		for _, in := range r.Instances {
			if in.Kind == LongTerm {
				out = append(out, in)
			}
		}
		return out
	}
	for seed := range uint64(30) {
		// Common week: both users' first cycles line up with one week c
		// of the log: a job of week w lands in week w − c (mod 30).
		r, err := p.Generate(Options{Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		lt := longTerm(r)
		if len(lt) != 2 || (lt[0].Shift-lt[1].Shift)%30 != 0 || lt[0].Period != 30 || lt[1].Period != 30 {
			t.Fatalf("seed %d: common week: %+v", seed, lt)
		}
		// Cycle: a week from the first job's week over 30 weeks.
		r, err = p.Generate(Options{Seed: seed, LongTermStart: StartInCycle})
		if err != nil {
			t.Fatal(err)
		}
		for _, in := range longTerm(r) {
			s := p.LongTerm[in.Stream]
			if in.Phase < s.FirstWeek || in.Phase >= s.FirstWeek+30 {
				t.Fatalf("seed %d: cycle start %+v outside weeks %d–%d", seed, in, s.FirstWeek, s.FirstWeek+29)
			}
		}
		// Activity: a week of the user's activity.
		r, err = p.Generate(Options{Seed: seed, LongTermStart: StartInActivity})
		if err != nil {
			t.Fatal(err)
		}
		for _, in := range longTerm(r) {
			s := p.LongTerm[in.Stream]
			if in.Phase < s.FirstWeek || in.Phase > s.LastWeek {
				t.Fatalf("seed %d: activity start %+v outside weeks %d–%d", seed, in, s.FirstWeek, s.LastWeek)
			}
		}
		// Immediate regeneration: periods of 20 and 28 weeks.
		r, err = p.Generate(Options{Seed: seed, Regeneration: RegenerateImmediately, Extend: 3})
		if err != nil {
			t.Fatal(err)
		}
		for _, in := range longTerm(r) {
			if want := p.LongTerm[in.Stream].Weeks(); in.Period != want {
				t.Fatalf("seed %d: immediate regeneration: period %d, want %d", seed, in.Period, want)
			}
		}
		checkResampled(t, p, r)
		// Active weeks: initial temporary users start in a week with a
		// job; user 6 only in week 5 or 9.
		r, err = p.Generate(Options{Seed: seed, InitialTemporaries: InitialByActiveWeeks, InitialTemporary: 3})
		if err != nil {
			t.Fatal(err)
		}
		for _, in := range r.Instances {
			if in.Kind == Temporary && in.Arrival == 0 && in.User == 6 && in.Phase != 5 && in.Phase != 9 {
				t.Fatalf("seed %d: user 6 started in week %d, not an active week", seed, in.Phase)
			}
		}
	}
	// With replacement: over seeds, some user is drawn twice (and the
	// other not at all); every user at most twice.
	twice := 0
	for seed := range uint64(20) {
		r, err := p.Generate(Options{Seed: seed, LongTermSelection: LongTermWithReplacement})
		if err != nil {
			t.Fatal(err)
		}
		lt := longTerm(r)
		if len(lt) != 2 {
			t.Fatalf("seed %d: %d long-term instances, want 2", seed, len(lt))
		}
		if lt[0].Stream == lt[1].Stream {
			twice++
		}
	}
	if twice == 0 || twice == 20 {
		t.Errorf("with replacement: the same user drawn twice in %d of 20 logs, want about half", twice)
	}
}

// TestArrivalCounts compares the weekly arrival counts of the three
// readings at rate 1.5 from a pool of 3 temporary users over 5,000 weeks:
// the fixed count is 1 or 2 (1 + Bernoulli(0.5): variance 0.25), the
// binomial is Binomial(3, 0.5) (variance 0.75), and Poisson(1.5) capped
// at 3 has mean 1.5 − E(X−3)⁺ ≈ 1.41 and variance ≈ 1.0.
func TestArrivalCounts(t *testing.T) {
	t.Parallel()
	p, err := NewPools(withGapUser(), PoolOptions{})
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		count     ArrivalCount
		lo, hi    float64 // variance bounds
		meanSlack float64
	}{
		{FixedArrivals, 0.24, 0.26, 0.02},
		{BinomialArrivals, 0.70, 0.80, 0.03},
		{PoissonArrivals, 0.90, 1.15, 0.15},
	}
	for _, c := range cases {
		r, err := p.Generate(Options{Extend: 170, ArrivalRate: 1.5, NoInitialTemporary: true, ArrivalCount: c.count, Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		n := make([]float64, r.Weeks)
		for _, in := range r.Instances {
			if in.Arrival > 0 {
				n[in.Arrival]++
			}
		}
		s := Describe(n[1:], 0)
		v := s.SD * s.SD
		if math.Abs(s.Mean-1.5) > c.meanSlack || v < c.lo || v > c.hi {
			t.Errorf("%v: weekly arrivals mean %.3f variance %.3f; want 1.5 ± %v and variance in [%v, %v]", c.count, s.Mean, v, c.meanSlack, c.lo, c.hi)
		}
		if c.count == PoissonArrivals && r.Report.ArrivalsCapped == 0 {
			t.Errorf("Poisson: no week capped at the pool's 3 users")
		}
	}
}

// TestObservableWeeks checks the edge correction on the small log, whose
// span is L = 29 weeks 4 days 5 hours; temporary user 2 spans 2 weeks
// (3 weeks with a job), user 4 one week (2 weeks with a job), user 3 (kept
// only without an edge) one day; the edge is 4 weeks.
func TestObservableWeeks(t *testing.T) {
	t.Parallel()
	l := 29*datasets.Week + 4*datasets.Day + 5*3600
	weeks := map[int]float64{2: 3, 3: 1, 4: 2}
	cases := []struct {
		name string
		o    PoolOptions
		want map[int]float64 // user → observable seconds
	}{
		{"touching", PoolOptions{Discard: DiscardTouchingEdge}, map[int]float64{2: l - 8*datasets.Week - 2*datasets.Week, 4: l - 8*datasets.Week - datasets.Week}},
		{"within", PoolOptions{}, map[int]float64{2: l - 8*datasets.Week + 2*datasets.Week, 4: l - 8*datasets.Week + datasets.Week}},
		{"no edge", PoolOptions{Users: users.Options{NoEdge: true}}, map[int]float64{2: l - 2*datasets.Week, 3: l - datasets.Day, 4: l - datasets.Week}},
	}
	for _, c := range cases {
		p, err := NewPools(smallLog(), c.o)
		if err != nil {
			t.Fatal(err)
		}
		if len(p.Temporary) != len(c.want) {
			t.Fatalf("%s: %d temporary users, want %d", c.name, len(p.Temporary), len(c.want))
		}
		var present, rate float64
		for _, s := range p.Temporary {
			w := c.want[s.User] / datasets.Week
			if got := p.ObservableWeeks(s); !scalar.EqualWithinAbs(got, w, 1e-12) {
				t.Errorf("%s: user %d: %v observable weeks, want %v", c.name, s.User, got, w)
			}
			present += weeks[s.User] / w
			rate += 1 / w
		}
		// The rates: Σ 1/w, Σ weeks/w, Σ active weeks/w (every week of
		// these users' presence has a job).
		gp, ga, gr := p.observableRates()
		if !scalar.EqualWithinAbs(gr, rate, 1e-12) || !scalar.EqualWithinAbs(gp, present, 1e-12) || !scalar.EqualWithinAbs(ga, present, 1e-12) {
			t.Errorf("%s: present %v active %v rate %v, want %v %v %v", c.name, gp, ga, gr, present, present, rate)
		}
		r, err := p.Generate(Options{TemporaryRates: RatesOverObservable})
		if err != nil {
			t.Fatal(err)
		}
		if r.Options.ArrivalRate != gr || r.Options.InitialTemporary != gp {
			t.Errorf("%s: resolved rate %v and initial %v, want %v and %v", c.name, r.Options.ArrivalRate, r.Options.InitialTemporary, gr, gp)
		}
	}
}
