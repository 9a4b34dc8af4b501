package zakay2013

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/tracelab/tracelab/analytics/selfsim"
	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/repro/ledger"
	"gonum.org/v1/gonum/stat"
)

// originStart measures how the H of an original log of Fig. 6 moves with
// where its arrival series begins (selfsim.ArrivalCounts starts the first
// time unit at the earliest submission), shown beside an h_difference that
// differs (Fig6Result.originWords). Two measurements:
//
//   - how much of the original's H is the arbitrary start of its series:
//     its SD over the series begun after the jobs of its first k hours are
//     left out, k = 0 … originDrops−1. The resampled logs' H carry that
//     noise in their SD (each begins where its own draw does); the
//     original's one H does not, so it is shown counted in the
//     difference's standard error, √(SE² + SD²) — measured, not adopted
//     (which perturbation of the start to count is a choice, and the
//     entry's rule is ledger.SeedsRule on the resampled logs);
//   - when the paper's version has first jobs ours lacks (lackingFirstJobs:
//     HPC2N's 5, removed by the archive's filter "job<=10"), its series
//     began with them, before ours, at a time our copy does not give: the
//     original's H with that many jobs at time t, for t every originStep
//     from the header's start of logging (time 0) to the latest start
//     Table I's printed period allows (the end of its first month), capped
//     at our first submission, and at that latest start. Where t lies decides whether the
//     difference is within, so it is an input our copy lacks, not a
//     reason.
type originStart struct {
	log string
	h   float64 // the original's H as Fig. 6 computes it
	// drops is H with the jobs of the first k hours left out, k = 0 …
	// originDrops−1.
	drops []float64
	// lacks is the paper's version's first jobs that ours lacks (0: none
	// or not those), latest the latest start of its series Table I allows
	// (s after time 0), and shifts the H with lacks jobs at t = k ·
	// originStep, k = 0, 1 … while t < latest, and at latest, less h.
	lacks  int
	latest float64
	shifts []float64
}

// originDrops is the number of series starts of originStart's first
// measurement (hourly over the log's first day) and originStep the step of
// the times of its second (4 hours: 22 times over HPC2N's 3.6 days, and
// the latest).
const (
	originDrops = 24
	originStep  = 4 * 3600.0
)

// originStartOf measures originStart for log (a few dozen arrival series of
// the original: 4.9 CPU-s for Fig. 6's three logs, getrusage in a scratch
// test).
func (s *Study) originStartOf(ctx context.Context, log string) (originStart, error) {
	tr, err := logOf(log)
	if err != nil {
		return originStart{}, err
	}
	o := originStart{log: log, drops: make([]float64, originDrops)}
	first := slices.Min(tr.Submit)
	hOf := func(submit []float64) (float64, error) {
		x, err := selfsim.ArrivalCounts(submit, selfsim.DefaultUnit)
		if err != nil {
			return 0, fmt.Errorf("%s: %w", log, err)
		}
		p, err := selfsim.PoxPlot(x, selfsim.PoxOptions{})
		if err != nil {
			return 0, fmt.Errorf("%s: %w", log, err)
		}
		return p.H, nil
	}
	if o.h, err = hOf(tr.Submit); err != nil {
		return o, err
	}
	o.lacks = lackingFirstJobs(log, tr)
	var times []float64
	if o.lacks > 0 {
		o.latest = min(first, periodLatestStart(log, tr))
		for t := 0.0; t < o.latest; t += originStep {
			times = append(times, t)
		}
		times = append(times, o.latest)
		o.shifts = make([]float64, len(times))
	}
	err = s.parallel(ctx, originDrops+len(times), func(i int) error {
		var sub []float64
		if i < originDrops {
			from := first + float64(i)*3600
			for _, x := range tr.Submit {
				if x >= from {
					sub = append(sub, x)
				}
			}
			h, err := hOf(sub)
			o.drops[i] = h
			return err
		}
		t := times[i-originDrops]
		sub = slices.Clone(tr.Submit)
		for range o.lacks {
			sub = append(sub, t)
		}
		h, err := hOf(sub)
		o.shifts[i-originDrops] = h - o.h
		return err
	})
	return o, err
}

// periodLatestStart is the latest start, in seconds after log's time 0,
// that Table I's printed period allows the paper's version: the end of
// the period's first month in the log's time zone (+Inf when the log has
// no Table I row).
func periodLatestStart(log string, tr *datasets.Trace) float64 {
	pl, ok := tableILog(log)
	if !ok {
		return math.Inf(1)
	}
	printed, err := time.Parse("01/06", strings.SplitN(pl.Period, "-", 2)[0])
	if err != nil {
		panic("zakay2013: Table I period " + pl.Period) // the rows are typed in this form
	}
	end := time.Date(printed.Year(), printed.Month()+1, 1, 0, 0, 0, 0, tr.Location())
	return float64(end.Unix() - tr.Header.UnixStartTime)
}

// words says what o measures beside the h_difference p (the entry's mean
// difference and its standard error): "" when there is nothing to say.
func (o originStart) words(p ledger.OverSeeds) []string {
	var out []string
	within := func(mean, se float64) string {
		if ledger.Like("", 0, se).Accepts(mean) {
			return "within 2 SE"
		}
		return "beyond 2 SE"
	}
	if len(o.drops) > 1 {
		m, sd := stat.MeanStdDev(o.drops, nil)
		se := math.Hypot(p.SE, sd)
		out = append(out, fmt.Sprintf("the original's H moves with where its arrival series begins: with the jobs of its first k hours left out (k = 0…%d) "+
			"it is %.4f on average, SD %.4f (%.4f to %.4f); the resampled logs' SD holds that noise, the original's one H does not: counted in the "+
			"difference's standard error, √(SE² + SD²) = %.4f, the mean difference %+.4f is %s (measured, not adopted: which perturbation of the start "+
			"to count is a choice)", len(o.drops)-1, m, sd, slices.Min(o.drops), slices.Max(o.drops), se, p.Mean, within(p.Mean, se)))
	}
	if o.lacks > 0 && len(o.shifts) > 0 {
		n := 0
		for _, d := range o.shifts {
			if ledger.Like("", 0, p.SE).Accepts(p.Mean - d) {
				n++
			}
		}
		last := o.shifts[len(o.shifts)-1]
		out = append(out, fmt.Sprintf("the paper's version has %d jobs more than ours, submitted before our first (the archive's cleaning removed them), its series "+
			"beginning with them, from the header's start of logging to %.1f days after it (Table I's period: its first month); when, our copy does not say: "+
			"with the %d jobs at time t the original's H moves by %+.4f at t = 0 (the mean difference %+.4f, %s) and %+.4f at the latest (%+.4f, %s); "+
			"within for %d of %d times (every %.0f hours, and the latest): an input our copy lacks, so measured, not a reason",
			o.lacks, o.latest/datasets.Day, o.lacks, o.shifts[0], p.Mean-o.shifts[0], within(p.Mean-o.shifts[0], p.SE),
			last, p.Mean-last, within(p.Mean-last, p.SE), n, len(o.shifts), originStep/3600))
	}
	return out
}
