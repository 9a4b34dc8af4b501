package findings

import (
	"fmt"
	"math"

	"github.com/tracelab/tracelab/analytics/fit"
	"github.com/tracelab/tracelab/analytics/locality"
	"github.com/tracelab/tracelab/analytics/selfsim"
	"github.com/tracelab/tracelab/analytics/session"
	"github.com/tracelab/tracelab/analytics/similarity"
	"github.com/tracelab/tracelab/analytics/users"
	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/repro/study"
	"github.com/tracelab/tracelab/sim"
	"github.com/tracelab/tracelab/sim/estimates"
	"github.com/tracelab/tracelab/sim/lublin"
	"github.com/tracelab/tracelab/sim/resample"
)

// minUnits is the least number of independent units (users, jobs,
// replicates) a statistic is computed from: with fewer, a 95% interval says
// nothing and the finding does not apply.
const minUnits = 10

// resamples is the number of bootstrap resamples of every interval over
// units (users or jobs); quickResamples in quick mode.
const resamples, quickResamples = 1000, 200

// lackErrors are the analyses' errors that mean the log lacks the data:
// they make a finding not applicable rather than an error.
var lackErrors = []error{
	datasets.ErrNoUsers, datasets.ErrNoMachineSize, session.ErrUnknownSubmit,
	locality.ErrNoData, locality.ErrConstant, locality.ErrTooShort, locality.ErrNoUsableSlice,
	locality.ErrNoRecurrence, locality.ErrNoRuns, selfsim.ErrTooFewPoints,
	fit.ErrTooFew, fit.ErrConstant, fit.ErrCollapsed, estimates.ErrNoEstimates, sim.ErrNoJobs,
}

// Log is one log as the findings measure it: the trace and the analyses
// several findings share, each computed once (safe for concurrent use).
type Log struct {
	Trace *datasets.Trace
	opts  Options

	structure  study.Once[session.Structure]
	population study.Once[users.Population]
	similar    study.Memo[datasets.Attribute, similarity.Result]
	observed   study.Memo[datasets.Attribute, locality.Observations]
	model      study.Once[lublin.LogFit]
	pools      study.Once[*resample.Pools]
	feedback   study.Memo[string, *fluidRuns]
	marginals  study.Once[marginalDistances]
}

func newLog(tr *datasets.Trace, opts Options) *Log { return &Log{Trace: tr, opts: opts} }

// seed returns the seed of the finding id.
func (l *Log) seed(id string) uint64 { return l.opts.seedFor(id) }

// resamples returns the number of bootstrap resamples.
func (l *Log) resamples() int { return l.opts.reps(resamples, quickResamples) }

// needUsers says why a log without user ids cannot hold a claim about
// users ("" when it has them).
func (l *Log) needUsers() string {
	if !l.Trace.HasUsers() {
		return "no user ids (every job's user is unknown)"
	}
	return ""
}

// needMachine says why a log whose header gives no machine size cannot be
// simulated as the papers did ("" when it gives one).
func (l *Log) needMachine() string {
	switch l.Trace.Machine().Rule {
	case datasets.SizeHeaderMaxProcs, datasets.SizeHeaderMaxNodes:
		return ""
	}
	return "no machine size in the header (MaxProcs, MaxNodes)"
}

// estimateShare is the share of jobs of known runtime whose estimate
// (requested time) is known and positive.
func (l *Log) estimateShare() (share float64, withEstimate int) {
	t := l.Trace
	known := 0
	for i, r := range t.Runtime {
		if math.IsNaN(r) {
			continue
		}
		known++
		if e := t.ReqTime[i]; e > 0 {
			withEstimate++
		}
	}
	if known == 0 {
		return 0, 0
	}
	return float64(withEstimate) / float64(known), withEstimate
}

// needEstimates says why a log whose jobs mostly lack runtime estimates
// cannot hold a claim about estimates or about EASY, which plans with them
// ("" when at least half the jobs have one).
func (l *Log) needEstimates() string {
	share, n := l.estimateShare()
	switch {
	case n == 0:
		return "no estimates recorded (requested time unknown for every job)"
	case share < 0.5:
		return fmt.Sprintf("estimates recorded for only %s of the jobs", pct(share))
	}
	return ""
}

// needClock says why a log without a start time in its header has no wall
// clock (hours of the day, days of the week) ("" when it has one).
func (l *Log) needClock() string {
	if l.Trace.Header.UnixStartTime == 0 {
		return "no UnixStartTime in the header: the hours of the day are unknown"
	}
	return ""
}

// span is the time from the first to the last submission, seconds.
func (l *Log) span() float64 {
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, s := range l.Trace.Submit {
		if !math.IsNaN(s) {
			lo, hi = min(lo, s), max(hi, s)
		}
	}
	if hi < lo {
		return 0
	}
	return hi - lo
}

// weeks formats a span in weeks.
func weeks(s float64) string { return fmt.Sprintf("%.1f weeks", s/datasets.Week) }

// Structure returns the sessions and batches of the log (session.Analyze,
// Definition 1 of Zakay and Feitelson 2014).
func (l *Log) Structure() (session.Structure, error) {
	return l.structure.Get(func() (session.Structure, error) {
		if why := l.needUsers(); why != "" {
			return session.Structure{}, fmt.Errorf("%w", datasets.ErrNoUsers)
		}
		return session.Analyze(l.Trace, session.Options{})
	})
}

// Population returns the users' classes (users.FromStructure, 2013 §4).
func (l *Log) Population() (users.Population, error) {
	return l.population.Get(func() (users.Population, error) {
		st, err := l.Structure()
		if err != nil {
			return users.Population{}, err
		}
		return users.FromStructure(l.Trace, st, users.Options{})
	})
}

// Similarity returns the similarity analysis of an attribute (2013 §3)
// with the paper's choices.
func (l *Log) Similarity(a datasets.Attribute) (similarity.Result, error) {
	return l.similar.Get(a, func() (similarity.Result, error) {
		st, err := l.Structure()
		if err != nil {
			return similarity.Result{}, err
		}
		return similarity.FromStructure(st, a.Values(l.Trace), a, similarity.Options{})
	})
}

// Observations returns an attribute of the jobs in submit order
// (locality.Observe).
func (l *Log) Observations(a datasets.Attribute) (locality.Observations, error) {
	return l.observed.Get(a, func() (locality.Observations, error) { return locality.Observe(l.Trace, a) })
}

// Model returns the Lublin–Feitelson model fitted to the log
// (lublin.FitLog, the paper's procedure). When a later fit fails, the
// fits made before it are still in the result (sizes come first, then
// runtimes).
func (l *Log) Model() (lublin.LogFit, error) {
	return l.model.Get(func() (lublin.LogFit, error) {
		return lublin.FitLog(l.Trace, lublin.FitOptions{Seed: l.seed("lublin-fit")})
	})
}

// Pools returns the user pools of resampling (2013 §4) with the library's
// default reading.
func (l *Log) Pools() (*resample.Pools, error) {
	return l.pools.Get(func() (*resample.Pools, error) { return resample.NewPools(l.Trace, resample.PoolOptions{}) })
}
