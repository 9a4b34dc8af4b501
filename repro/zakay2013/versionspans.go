package zakay2013

import (
	"fmt"

	"github.com/tracelab/tracelab/datasets"
)

// versionSpans asks whether the paper's version of a log could make Table
// V's long-term spans uniform where ours are not (the KS distance beyond
// its 5% critical distance), from what Table I says of that version:
//
//   - as many jobs as ours (sameJobs): no job the archive's cleaning
//     removed since separates the two (LANL-CM5, CTC-SP2, CEA-Curie);
//   - lacks more jobs, the first ones (lackingFirstJobs: HPC2N 5,
//     SDSC-SP2 10, SDSC-BLUE 8, removed by a filter "job<=k"): whose and
//     when our copy does not say, but they bound the change. Each belongs
//     to one user, so it can lengthen one long-term user's span or make
//     one user long-term (Table I counts as many users as ours, so not a
//     user ours lacks, which would be one more added):
//     with m = lacks of the n users changed or added, the empirical
//     distribution moves by at most m/n at any span. The logging period
//     can begin at most start (our period's start, s after the log's time
//     0) earlier, which moves the uniform distribution on [lo, span] by at
//     most start/(span − lo). A longer span only keeps a long-term user
//     long-term, so the paper's critical distance is at most ours. If our
//     distance less both bounds is still beyond the critical distance,
//     the version cannot be the cause.
type versionSpans struct {
	lacks    int
	sameJobs bool
	n        int     // our long-term users
	ks, crit float64 // our KS distance and its 5% critical distance at n
	span     float64 // our logging period's length, s
	start    float64 // our logging period's start, s after time 0
	lo       float64 // the long-term threshold, s (12 weeks)
}

// words says what v measures; "" when Table I says nothing of the kind.
func (v versionSpans) words() string {
	switch {
	case v.lacks > 0 && v.n > 0 && v.span > v.lo:
		byUsers := float64(v.lacks) / float64(v.n)
		byStart := v.start / (v.span - v.lo)
		least := v.ks - byUsers - byStart
		verdict := fmt.Sprintf("beyond the critical distance %.3f (more users only lower it): the version cannot be the cause", v.crit)
		if least <= v.crit {
			verdict = fmt.Sprintf("within reach of the critical distance %.3f: our copy cannot say", v.crit)
		}
		period := fmt.Sprintf("a logging period begun at most %.1f days earlier moves the uniform range's distribution by at most %.3f", v.start/datasets.Day, byStart)
		if v.start == 0 {
			period = "our logging period begins at the log's time 0 already"
		}
		return fmt.Sprintf("the paper's version has %d jobs more than ours, submitted before our first (the archive's cleaning removed them), each of one user: "+
			"changing or adding at most %d of the %d long-term users moves the distance by at most %.3f, and %s, so its distance is at least %.3f, %s",
			v.lacks, v.lacks, v.n, byUsers, period, least, verdict)
	case v.sameJobs:
		return "the paper's version has as many jobs as ours (Table I): no job the archive's cleaning removed since separates them"
	}
	return ""
}
