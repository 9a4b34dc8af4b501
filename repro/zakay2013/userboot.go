package zakay2013

import (
	"cmp"
	"context"
	"math"
	"math/rand/v2"
	"slices"

	"gonum.org/v1/gonum/stat"

	"github.com/tracelab/tracelab/analytics/locality"
	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/repro/ledger"
)

// userBootstrap returns a bootstrap log of tr over its users: as many users
// as tr has, drawn uniformly with replacement (jobs of an unknown user form
// one user, datasets.Trace.ByUser), each with all its jobs. The first copy
// of a user keeps its submit times; each further copy is moved by its own
// random whole number of weeks and wrapped round the log's span rounded up
// to whole weeks, as the resampling places a user's stream (2013 §4), so
// that copies interleave with the other users instead of coinciding job for
// job, and keep their time of day and day of week. The result is sorted by
// submit time.
func userBootstrap(tr *datasets.Trace, ix datasets.UserIndex, rng *rand.Rand) *datasets.Trace {
	t0 := tr.Submit[0]
	for _, s := range tr.Submit {
		t0 = min(t0, s)
	}
	weeks := max(1, int(math.Ceil(tr.Span()/datasets.Week)))
	cycle := float64(weeks) * datasets.Week
	copies := make([]int, len(ix.Users))
	var rows []int
	var at []float64 // the submit time of each row of rows in the bootstrap log
	for range ix.Users {
		k := rng.IntN(len(ix.Users))
		d := 0.0
		if copies[k] > 0 {
			d = float64(rng.IntN(weeks)) * datasets.Week
		}
		copies[k]++
		for _, i := range ix.Rows[k] {
			t := tr.Submit[i]
			if d != 0 {
				t = t0 + math.Mod(t-t0+d, cycle)
			}
			rows, at = append(rows, i), append(at, t)
		}
	}
	// The rows in order of at, ties in their order in rows (a stable
	// sort): sorted by (at, position), which no two share.
	order := make([]timedRow, len(rows))
	for j := range order {
		order[j] = timedRow{at[j], j}
	}
	slices.SortFunc(order, func(x, y timedRow) int { return cmp.Or(cmp.Compare(x.at, y.at), cmp.Compare(x.pos, y.pos)) })
	sorted := make([]int, len(rows))
	for j, o := range order {
		sorted[j] = rows[o.pos]
	}
	b := tr.Select(sorted)
	for j, o := range order {
		b.Submit[j] = o.at
	}
	return b
}

// timedRow is a row of a bootstrap log: its submit time and its position
// in the order drawn.
type timedRow struct {
	at  float64
	pos int
}

// originalBootstraps is the number of user bootstraps (userBootstrap) over
// which localitySE measures the original log's sampling error: 20 in full
// mode, 10 in quick mode. The SE of an SD from B draws is off by about
// 1/√(2(B−1)): 16% at 20 (measured on the 8 logs, 40 bootstraps: the SE of
// the first 20 and of the last 20 differ by 0–35%, median 9%). Each costs
// about 1.0 CPU-s over Table VI's 8 logs (0.7 s) and Fig. 5's 4 (their 3
// daily-bins medians, 0.3 s), so 20 add about 20 CPU-s to full mode.
func (s *Study) originalBootstraps() int { return s.o.Reps(20, 10) }

// localitySE is the sampling error of a log's locality measures (§5.2):
// the standard deviation over originalBootstraps user bootstraps of the
// log (userBootstrap; PCG seeded by the study seed and the log's row of
// Table VI) of the mean stack depth of each of stackAttributes (Table VI)
// and, for a log of Fig. 5, of the median over days of the fullest bin's
// share of each (Fig. 5). Computed once per log; the bootstraps run on the
// study's workers and the result does not depend on their number.
type localitySE struct {
	depth, bins []float64 // per attribute of stackAttributes; bins nil for a log not in Fig. 5
	reps        int
}

func (s *Study) localitySE(ctx context.Context, log string) (localitySE, error) {
	return s.localitySEMemo.Get(log, func() (localitySE, error) {
		tr, err := logOf(log)
		if err != nil {
			return localitySE{}, err
		}
		ix := tr.ByUser()
		fig5 := slices.Contains(Fig5Logs, log)
		reps := s.originalBootstraps()
		depths, bins := make([][]float64, reps), make([][]float64, reps)
		stream := 6000 + uint64(slices.Index(TableVILogs, log))
		if err := s.parallel(ctx, reps, func(i int) (err error) {
			b := userBootstrap(tr, ix, rand.New(rand.NewPCG(s.seed(), stream<<16|uint64(i))))
			if depths[i], err = stackDepths(b); err != nil || !fig5 {
				return err
			}
			bins[i], err = binsMedians(b)
			return err
		}); err != nil {
			return localitySE{}, err
		}
		out := localitySE{depth: columnSDs(depths), reps: reps}
		if fig5 {
			out.bins = columnSDs(bins)
		}
		return out, nil
	})
}

// binsMedians returns, per attribute of stackAttributes, the median over
// the days of tr of the fullest bin's share (Fig. 5, locality.DailyBins).
func binsMedians(tr *datasets.Trace) ([]float64, error) {
	out := make([]float64, len(stackAttributes))
	for k, a := range stackAttributes {
		o, err := locality.Observe(tr, a)
		if err != nil {
			return nil, err
		}
		r, err := locality.DailyBins(o, locality.DailyBinsOptions{})
		if err != nil {
			return nil, err
		}
		out[k] = median(r.Fractions())
	}
	return out, nil
}

// columnSDs returns the standard deviation of each column of rows (all of
// one length; NaN where a column holds NaN).
func columnSDs(rows [][]float64) []float64 {
	out := make([]float64, len(rows[0]))
	col := make([]float64, len(rows))
	for k := range out {
		for i := range rows {
			col[i] = rows[i][k]
		}
		out[k] = stat.StdDev(col, nil)
	}
	return out
}

// meanDiffSE is the standard error of the difference between the mean of
// n resampled logs (standard deviation sd) and the original's value, whose
// sampling error is origSE (localitySE): the two are independent, so their
// variances add, origSE² + sd²/n.
func meanDiffSE(origSE, sd float64, n int) float64 {
	return math.Hypot(origSE, sd/math.Sqrt(float64(n)))
}

// resampledSimilar is §5.2's "similar" for the resampled logs' mean of a
// measure whose original value is orig, a likeness to a reference the
// words name (ledger.WordRule, ledger.Like): within 2 × se (meanDiffSE) of
// it, and within the likeness factor when the error could not be
// measured. words is the paper's word.
func resampledSimilar(words string, orig, se float64) ledger.Expectation {
	if !(se >= 0) || math.IsInf(se, 0) {
		se = 0 // an SE that could not be measured
	}
	return ledger.Like(words, orig, se)
}
