package zakay2013

import (
	"context"
	"fmt"

	"gonum.org/v1/gonum/stat/distuv"

	"github.com/tracelab/tracelab/sim/resample"
	"github.com/tracelab/tracelab/sim/sweep"
)

// ReducedLog and ReducedVariants are the log and the number of variants
// of the reduced §6.1 check (ReducedBootstrap): the smallest log of the
// bootstrap, at a tenth of the paper's count.
const (
	ReducedLog      = "KTH-SP2"
	ReducedVariants = 100
)

// separatedShare is the share of variants at or below the original's
// average wait under which the original counts as separated from them (it
// lies below nearly every variant), and 1 − separatedShare the share above
// which it lies above nearly every one.
const separatedShare = 0.05

// ShareCI is the share of variants whose average wait is at most the
// original's, with its Clopper–Pearson (exact binomial) 95% interval.
type ShareCI struct {
	AtOrBelow, Variants int
	Share, Lo, Hi       float64
}

// clopperPearson returns the exact 95% interval of a binomial proportion
// of x successes in n trials: the 2.5% quantile of Beta(x, n−x+1) and the
// 97.5% quantile of Beta(x+1, n−x) (0 and 1 at the ends).
func clopperPearson(x, n int) ShareCI {
	c := ShareCI{AtOrBelow: x, Variants: n, Share: float64(x) / float64(n), Lo: 0, Hi: 1}
	if x > 0 {
		c.Lo = distuv.Beta{Alpha: float64(x), Beta: float64(n - x + 1)}.Quantile(0.025)
	}
	if x < n {
		c.Hi = distuv.Beta{Alpha: float64(x + 1), Beta: float64(n - x)}.Quantile(0.975)
	}
	return c
}

// Separated reports whether the whole interval lies below separatedShare
// or above 1 − separatedShare: the original is, with 95% confidence, below
// (or above) nearly every variant.
func (c ShareCI) Separated() bool { return c.Hi < separatedShare || c.Lo > 1-separatedShare }

// Among reports whether the whole interval lies between separatedShare and
// 1 − separatedShare: the original is, with 95% confidence, among its
// variants.
func (c ShareCI) Among() bool { return c.Lo > separatedShare && c.Hi < 1-separatedShare }

// Stable reports whether the interval decides between Separated and Among:
// a larger count of variants would not change the verdict (at 95%).
func (c ShareCI) Stable() bool { return c.Separated() || c.Among() }

func (c ShareCI) String() string {
	return fmt.Sprintf("%d of %d variants at or below the original (%.3f, 95%% CI %.3f–%.3f)", c.AtOrBelow, c.Variants, c.Share, c.Lo, c.Hi)
}

// ReducedCheck is §6.1 at a reduced count on one log, for continuous
// integration: the position of the original's average wait among the
// variants under §4's literal start and under the common week.
type ReducedCheck struct {
	Log             string
	Seed            uint64
	Literal, Common ShareCI
}

// ReducedBootstrap runs the bootstrap of log under both readings with n
// variants each and the study's seed. Variant i is variant i of the full
// bootstrap (sweep.Seed(seed, i)), so the check is the first n of the
// paper's 1000. At n = ReducedVariants on ReducedLog both verdicts are
// stable (ShareCI.Stable): under §4's literal start the original lies
// below nearly every variant (Separated), under the common week among
// them (Among) — the full-mode verdict of fig9/KTH-SP2/wait_not_separated
// and of its common-week entry, at a tenth of the cost.
func (s *Study) ReducedBootstrap(ctx context.Context, log string, n int) (*ReducedCheck, error) {
	tr, err := logOf(log)
	if err != nil {
		return nil, err
	}
	c := &ReducedCheck{Log: log, Seed: s.seed()}
	for _, name := range []string{literalReading, commonReading} {
		rd, err := resample.ReadingByName(name)
		if err != nil {
			return nil, err
		}
		b, err := resample.RunBootstrap(ctx, tr, rd, resample.BootstrapOptions{Replicates: n, Seed: s.seed(),
			Sweep: sweep.Options{Workers: s.o.Workers}})
		if err != nil {
			return nil, fmt.Errorf("%s: %w", log, err)
		}
		x := 0
		for _, w := range b.Replicates.Col("avg_wait").Float() {
			if w <= b.Original.AvgWait {
				x++
			}
		}
		ci := clopperPearson(x, b.Wait.Replicates)
		if name == literalReading {
			c.Literal = ci
		} else {
			c.Common = ci
		}
	}
	return c, nil
}
