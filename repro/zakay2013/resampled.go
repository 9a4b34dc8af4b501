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
// are the generated ones field for field.
func (s *Study) variants(ctx context.Context, k variantsKey) ([]*resample.Resampled, error) {
	packed, err := s.variantsMemo.Get(k, func() ([]*resample.Packed, error) {
		p, err := s.pools(k.log)
		if err != nil {
			return nil, err
		}
		out := make([]*resample.Packed, s.validationVariants())
		err = s.parallel(ctx, len(out), func(i int) error {
			r, err := p.Generate(resample.Options{LongTermStart: k.start, Seed: sweep.Seed(s.seed(), i)})
			if err != nil {
				return fmt.Errorf("%s: %w", k.log, err)
			}
			r.Trace.Name = fmt.Sprintf("resampled %d", i+1)
			out[i], err = r.Pack()
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
