package zakay2013

import (
	"context"
	"fmt"

	"github.com/tracelab/tracelab/analytics/users"
	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/internal/parallel"
	"github.com/tracelab/tracelab/sim/resample"
	"github.com/tracelab/tracelab/sim/sweep"
)

// validationVariants is the number of resampled logs the paper compares
// with each original in §5 (Fig. 4, Tables VI–VII, Fig. 5: "eight
// generated workloads"); quick mode uses 2.
func (s *Study) validationVariants() int { return s.o.Reps(8, 2) }

// nullVariants is the number of resampled logs of a log's size the
// entries judged by "very similar" (nullKS) take: Fig. 4's comparison with
// the original and its pseudo-originals, those of Figs 10 and 11, and
// Fig. 4's and Fig. 10's generation readings — 16, twice the paper's
// eight, a convention of ours: with 8 draws mean + 3 SD was no 5% test
// (a resampled log in the original's place told apart in 4.6–6.9% of
// cases, TestNullKSCalibration), with 16 it is (2.2–4.8%). The first
// validationVariants of them are the paper's (the same seeds); quick mode
// uses 2 (no null measured: the former bound).
func (s *Study) nullVariants() int { return s.o.Reps(16, 2) }

// pools returns the user pools of a log (once per log) with the paper's
// classes over the paper's logging period (paperPeriodStart, as Table V)
// and no rare behaviour.
func (s *Study) pools(log string) (*resample.Pools, error) {
	return s.poolsMemo.Get(log, func() (*resample.Pools, error) {
		tr, err := logOf(log)
		if err != nil {
			return nil, err
		}
		return resample.NewPools(tr, resample.PoolOptions{Users: users.Options{Start: paperPeriodStart(log, tr)}})
	})
}

// variantsKey identifies a set of resampled logs of one log.
type variantsKey struct {
	log   string
	start resample.LongTermStart
	// more selects the resampled logs beyond the paper's:
	// validationVariants … nullVariants−1 (nullSet).
	more bool
}

// variants returns the validation variants of a log: n resampled logs
// with default options but LongTermStart; variant i is seeded
// sweep.Seed(seed, i), as replicate i of a sweep (and as
// resample.Pools.Variants), and named "resampled i". They are generated
// once per key and kept packed (resample.Packed, 20 bytes a job against
// 160): the items of §5 ask for every log's variants under two starts, and
// kept whole they held 3.2 GB from Table VI to the end of the study. Each
// call unpacks them anew, into logs of the caller's own that the garbage
// collector takes back when the item is done with them; the unpacked logs
// are the generated ones field for field. With k.more, the ones beyond
// them that nullSet adds.
func (s *Study) variants(ctx context.Context, k variantsKey) ([]*resample.Resampled, error) {
	packed, err := s.variantsMemo.Get(k, func() ([]*resample.Packed, error) {
		p, err := s.pools(k.log)
		if err != nil {
			return nil, err
		}
		first, n := 0, s.validationVariants()
		if k.more {
			first, n = n, max(s.nullVariants()-n, 0)
		}
		out := make([]*resample.Packed, n)
		err = s.parallel(ctx, len(out), func(j int) error {
			i := first + j
			r, err := p.Generate(resample.Options{LongTermStart: k.start, Seed: sweep.Seed(s.seed(), i)})
			if err != nil {
				return fmt.Errorf("%s: %w", k.log, err)
			}
			r.Trace.Name = fmt.Sprintf("resampled %d", i+1)
			out[j], err = r.Pack()
			return err
		})
		return out, err
	})
	if err != nil {
		return nil, err
	}
	out := make([]*resample.Resampled, len(packed))
	err = s.parallel(ctx, len(out), func(i int) error {
		out[i] = packed[i].Unpack()
		return nil
	})
	return out, err
}

// nullSet returns the nullVariants resampled logs of a log (key.more
// ignored): the validation variants (variants), then as many more, seeded
// as variant i is (sweep.Seed(seed, i)) and named "resampled i".
func (s *Study) nullSet(ctx context.Context, key variantsKey) ([]*resample.Resampled, error) {
	key.more = false
	vs, err := s.variants(ctx, key)
	if err != nil || s.nullVariants() <= len(vs) {
		return vs, err
	}
	key.more = true
	more, err := s.variants(ctx, key)
	return append(vs, more...), err
}

// variantTraces returns the traces of the validation variants of a log
// with long-term users started by start: paperStart for the paper's
// entries (§4's words), resample.StartInCommonWeek for the common week
// measured beside them (commonWeekTwin).
func (s *Study) variantTraces(ctx context.Context, log string, start resample.LongTermStart) ([]*datasets.Trace, error) {
	vs, err := s.variants(ctx, variantsKey{log: log, start: start})
	if err != nil {
		return nil, err
	}
	out := make([]*datasets.Trace, len(vs))
	for i, v := range vs {
		out[i] = v.Trace
	}
	return out, nil
}

// parallel runs f(0) … f(n−1) on at most Options.NumWorkers goroutines
// (internal/parallel.For) and returns the error of the lowest index that
// failed. Each f must write only its own results, so the outcome does not
// depend on the number of workers.
func (s *Study) parallel(ctx context.Context, n int, f func(i int) error) error {
	return parallel.For(ctx, n, s.o.NumWorkers(), func(_ context.Context, i int) error { return f(i) })
}
