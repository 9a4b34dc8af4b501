package feitelson2021

import (
	"cmp"
	"context"
	"errors"
	"slices"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/internal/parallel"
	"github.com/tracelab/tracelab/repro/ledger"
	"github.com/tracelab/tracelab/repro/study"
	"github.com/tracelab/tracelab/sim/feedback"
	"github.com/tracelab/tracelab/sim/resample"
)

// Key is the paper's key in the ledger and in REPRODUCTION.md.
const Key = "feitelson2021"

// Study is the reproduction of the paper: one method per figure or table,
// each memoised (a second call returns the first result).
type Study struct {
	o study.Options

	fig1  study.Once[*Fig1Result]
	fig2  study.Once[*Fig2Result]
	fig3  study.Once[*Fig3Result]
	fig5  study.Once[*Fig5Result]
	fig6  study.Once[*Fig6Result]
	fig7  study.Once[*Fig7Result]
	fig8  study.Once[*Fig8Result]
	fig9  study.Once[*Fig9Result]
	fig10 study.Once[*Fig10Result]
	fig11 study.Once[*Fig11Result]
	fig13 study.Once[*Fig13Result]
	fig14 study.Once[*Fig14Result]
	fig15 study.Once[*Fig15Result]
	fig16 study.Once[*Fig16Result]
	fig17 study.Once[*Fig17Result]
	fig18 study.Once[*Fig18Result]
	fig19 study.Once[*Fig19Result]
	fig20 study.Once[*Fig20Result]
	fig21 study.Once[*Fig21Result]
	open  study.Once[*OpenResult]

	uaRuns study.Memo[uaKey, *UserAwareRuns]

	pools     study.Memo[string, *resample.Pools]
	workloads study.Memo[string, *feedback.Workload]
}

// New returns the study with options o (quick or full mode, seed, workers).
func New(o study.Options) *Study { return &Study{o: o} }

// Options returns the study's options.
func (s *Study) Options() study.Options { return s.o }

// seed returns the base seed of the study's random procedures, offset by
// k so that independent experiments do not share random numbers. Fig. 15's
// open simulations do not use it: an experiment two papers run is run once,
// and they are Zakay 2013's §6.1 bootstrap, with its seed (Fig15).
func (s *Study) seed(k uint64) uint64 { return s.o.SeedOr()*1_000_003 + k }

// log returns a real log by catalog name (study.Log). A log that is not
// available is recorded in ms and gives nil, without an error.
func (s *Study) log(name string, ms *[]Missing) (*datasets.Trace, error) {
	t, err := study.Log(name)
	return orMissing(t, name, err, ms)
}

// logs reads the named logs in parallel (study.Log); a missing log is
// recorded in ms, in the order of names, and is nil in the result.
func (s *Study) logs(ctx context.Context, names []string, ms *[]Missing) ([]*datasets.Trace, error) {
	out := make([]*datasets.Trace, len(names))
	errs := make([]error, len(names))
	err := parallel.For(ctx, len(names), s.o.NumWorkers(), func(_ context.Context, i int) error {
		out[i], errs[i] = study.Log(names[i])
		if missing(errs[i]) {
			return nil
		}
		return errs[i]
	})
	if err != nil {
		return nil, err
	}
	for i, e := range errs {
		if e != nil {
			*ms = append(*ms, Missing{names[i], e})
		}
	}
	return out, nil
}

// poolsOf returns the user pools of a log for resampling (memoised); a
// missing log is recorded in ms and gives nil.
func (s *Study) poolsOf(name string, ms *[]Missing) (*resample.Pools, error) {
	p, err := s.pools.Get(name, func() (*resample.Pools, error) {
		t, err := study.Log(name)
		if err != nil {
			return nil, err
		}
		return resample.NewPools(t, resample.PoolOptions{})
	})
	return orMissing(p, name, err, ms)
}

// literalStart is §4.2's initialization as the paper writes it: "each user
// is started in some arbitrary week of his traced activity", every user in
// its own week (resample.StartInActivity). Every resampling of this
// package uses it, whatever sim/resample's default; Fig. 15 also runs the
// common-week reading, as ours.
const literalStart = resample.StartInActivity

// workloadOf returns a log prepared for feedback simulation (memoised); a
// missing log is recorded in ms and gives nil.
func (s *Study) workloadOf(name string, ms *[]Missing) (*feedback.Workload, error) {
	w, err := s.workloads.Get(name, func() (*feedback.Workload, error) {
		t, err := study.Log(name)
		if err != nil {
			return nil, err
		}
		return feedback.NewWorkload(t, feedback.WorkloadOptions{})
	})
	return orMissing(w, name, err, ms)
}

// orMissing turns the error of a missing log into an entry of ms.
func orMissing[T any](v *T, name string, err error, ms *[]Missing) (*T, error) {
	if missing(err) {
		*ms = append(*ms, Missing{name, err})
		return nil, nil
	}
	return v, err
}

// missing reports whether err says a log is not available (study.ErrMissing).
func missing(err error) bool { return errors.Is(err, study.ErrMissing) }

// Missing is a log a result could not use, with the reason.
type Missing struct {
	Log string
	Err error
}

// unavailable adds one "not comparable" entry per missing log for the
// claims of item that needed it.
func unavailable(l *ledger.Ledger, item, idPrefix string, ms []Missing) {
	seen := map[string]bool{}
	for _, m := range ms {
		if seen[m.Log] {
			continue // a log two steps of the item needed (Fig. 15's KTH-SP2) is one entry
		}
		seen[m.Log] = true
		l.MissingLog(item, idPrefix+"/"+m.Log, "the claims of "+item+" on "+m.Log, "—", m.Log, m.Err.Error())
	}
}

// onlyUnavailable adds the entries of unavailable and reports whether a log
// is missing, in which case the item's claims cannot be made.
func onlyUnavailable(l *ledger.Ledger, item, idPrefix string, ms []Missing) bool {
	unavailable(l, item, idPrefix, ms)
	return len(ms) > 0
}

// argsort returns the indices of x in increasing order of x (ties in index
// order).
func argsort(x []float64) []int {
	idx := make([]int, len(x))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int { return cmp.Compare(x[a], x[b]) })
	return idx
}
