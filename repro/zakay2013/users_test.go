package zakay2013

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"gonum.org/v1/gonum/stat"

	"github.com/tracelab/tracelab/analytics/users"
	"github.com/tracelab/tracelab/datasets"
)

// TestDiffSEClosedForm checks the bootstrap SE of a difference of means
// against the closed form sqrt(s_a²/n_a + s_b²/n_b), s the plug-in
// (divide by n) standard deviation, which is what the bootstrap estimates
// (Efron and Tibshirani 1993, §5.2). With 2000 resamples the bootstrap SE
// has a relative error of about 1/sqrt(2·2000) ≈ 1.6%: 6% is almost 4 of
// those.
func TestDiffSEClosedForm(t *testing.T) {
	mean := func(x []float64) float64 { return stat.Mean(x, nil) }
	for _, tt := range []struct {
		name   string
		na, nb int
		sa, sb float64
		seed   uint64
	}{
		{"equal sizes", 400, 400, 1, 1, 1},
		{"unequal", 300, 900, 2, 0.5, 2},
		{"one side constant", 500, 200, 3, 0, 3},
	} {
		t.Run(tt.name, func(t *testing.T) {
			gen := rand.New(rand.NewPCG(tt.seed, 99))
			draw := func(n int, sd float64) []float64 {
				x := make([]float64, n)
				for i := range x {
					x[i] = 10 + sd*gen.NormFloat64()
				}
				return x
			}
			a, b := draw(tt.na, tt.sa), draw(tt.nb, tt.sb)
			plugin := func(x []float64) float64 {
				_, v := stat.PopMeanVariance(x, nil)
				return v / float64(len(x))
			}
			want := math.Sqrt(plugin(a) + plugin(b))
			got := diffSE(a, b, mean, 2000, rand.New(rand.NewPCG(tt.seed, 7)))
			if math.Abs(got-want) > 0.06*want {
				t.Errorf("diffSE = %.5f, closed form %.5f", got, want)
			}
			if again := diffSE(a, b, mean, 2000, rand.New(rand.NewPCG(tt.seed, 7))); again != got {
				t.Errorf("same seed, SE %v then %v", got, again)
			}
		})
	}
	if se := diffSE(nil, []float64{1, 2}, mean, 10, rand.New(rand.NewPCG(1, 1))); !math.IsNaN(se) {
		t.Errorf("empty side: SE %v, want NaN", se)
	}
}

// TestMoreLongTerm counts §4's "more long-term users than temporary ones"
// under the three readings of which temporary users Table V counts, on
// hand-made populations (the counts are read off the classes).
func TestMoreLongTerm(t *testing.T) {
	pop := func(classes ...users.Class) users.Population {
		return users.Population{Class: classes, Jobs: make([]int, len(classes))}
	}
	L, T, D := users.LongTerm, users.Temporary, users.Discarded
	r := TableVResult{rows: []tableVRow{
		// 3 long-term; 1 temporary and 2 discarded when touching an edge,
		// 3 temporary under the literal rule: more long-term only with
		// TouchesEdge (3 > 1; not 3 > 3, nor 3 > 3 with none discarded).
		{pop: pop(L, L, L, T, D, D), lit: pop(L, L, L, T, T, T)},
		// 2 long-term, 1 temporary, 0 discarded: more long-term under all.
		{pop: pop(L, L, T), lit: pop(L, L, T)},
		// 1 long-term, 0 temporary, 1 discarded under both rules: more
		// long-term when discarding, a tie (not more) with none discarded.
		{pop: pop(L, D), lit: pop(L, D)},
	}}
	touches, within, none := r.moreLongTerm()
	if touches != 3 || within != 2 || none != 1 {
		t.Errorf("more long-term on %d, %d, %d logs (touches, within, none), want 3, 2, 1", touches, within, none)
	}
}

// TestPaperPeriodStart: the paper's logging period begins at the log's
// time 0 only when Table I's printed period begins in an earlier month than
// our first submission, the paper's version is larger (Table I) and the
// archive's cleaning removed our first jobs (first id above 1). The headers
// are SDSC-SP2's (time 0 on 24 April 1998 18:11 PDT; our first job 566,129 s
// later, 1 May 1998; Table I "04/98") and KTH-SP2's (23 September 1996; our
// first job 30 September; Table I "09/96"); the periods move only
// temporary users' classes.
func TestPaperPeriodStart(t *testing.T) {
	for _, tt := range []struct {
		name, log string
		epoch     int64
		firstID   int
		first     float64
		want      float64
	}{
		{"SDSC-SP2: Table I's April before our May, first jobs removed", "SDSC-SP2", 893466664, 11, 566129, 0},
		{"SDSC-SP2 with no job removed at the start", "SDSC-SP2", 893466664, 1, 566129, 566129},
		{"SDSC-SP2 with our first job in April too", "SDSC-SP2", 893466664, 11, 100000, 100000},
		{"KTH-SP2: Table I's month is our first job's", "KTH-SP2", 843480031, 15, 600000, 600000},
		{"CEA-Curie: the paper's version no larger", "CEA-Curie", 1296571124, 272393, 31656837, 31656837},
	} {
		n := 2
		if tt.log == "CEA-Curie" {
			n = paperLog("CEA-Curie").Jobs // as many jobs as the paper's
		}
		tr := &datasets.Trace{JobID: make([]int, n), Submit: make([]float64, n)}
		tr.JobID[0], tr.Submit[0], tr.Header.UnixStartTime = tt.firstID, tt.first, tt.epoch
		if got := paperPeriodStart(tt.log, tr, tt.first); got != tt.want {
			t.Errorf("%s: start %v, want %v", tt.name, got, tt.want)
		}
	}
	week := datasets.Week
	// Users: long-term; temporary from week 1 to 3 (within 4 weeks of our
	// first submission at week 1, not of the paper's at 0: touches the
	// zone only from our start); temporary from week 10 to 12; temporary at
	// the end.
	p := users.Population{Options: users.Options{LongTerm: 12 * week, Edge: 4 * week}, LogStart: week, LogEnd: 60 * week,
		Class:        []users.Class{users.LongTerm, users.Discarded, users.Temporary, users.Discarded},
		FirstArrival: []float64{week, 4.5 * week, 10 * week, 58 * week},
		LastArrival:  []float64{50 * week, 6 * week, 12 * week, 59 * week},
	}
	q := fromStart(p, 0)
	want := []users.Class{users.LongTerm, users.Temporary, users.Temporary, users.Discarded}
	if !slices.Equal(q.Class, want) || q.LogStart != 0 || p.Class[1] != users.Discarded {
		t.Errorf("fromStart: classes %v, start %v (original %v), want %v, 0, original unchanged", q.Class, q.LogStart, p.Class, want)
	}
	if r := fromStart(p, 2*week); !slices.Equal(r.Class, p.Class) || r.LogStart != week {
		t.Errorf("a start after ours changes nothing: %v, %v", r.Class, r.LogStart)
	}
}
