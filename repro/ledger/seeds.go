package ledger

import (
	"fmt"
	"math"
)

// SeedsRule is how an entry on a random procedure measured at several
// seeds is judged (REPRODUCTION.md, "Words", where it follows WordRule):
// over all of them, never at one. OverSeeds implements it.
const SeedsRule = "*Seeds.* An entry on a random procedure whose statistic is measured at several seeds (replicates) is judged over all of " +
	"them, never at one of them: its value is the mean of the seeds' values and its error their standard error (the standard deviation " +
	"over √n; ledger.MeanOverSeeds). A *direction* is then beyond its reference by more than twice that error, as above (ledger.Above, " +
	"ledger.Below; with three seeds it then holds at every seed, and may still fail), and a statement made of several directions (both … and …) " +
	"holds when each does, each on its own statistic; a *value* — a number with the paper's tolerance, a likeness, a range, a magnitude's " +
	"threshold of ours — is the mean compared with it: a likeness within twice the error (ledger.Like), a printed number or a range and a " +
	"threshold of ours as stated, on the mean. How often the statement holds seed by seed is shown with the value (Entry.AcrossSeeds), " +
	"as information, never as the verdict. An entry measured at one seed only is judged as one run (ledger.Unreplicated). " +
	"The same rule decides whether a convention measured at several seeds explains a difference (ledger.Found.OverSeeds): its statistic " +
	"judged over the seeds brings the entry within, and its tally's net gain, averaged over the seeds, is at least two (ledger.JustifiedOverSeeds); " +
	"how many seeds bring it within one by one is shown with the reason."

// OverSeeds is a statistic of a random procedure measured at N seeds: the
// mean of the seeds' values and its standard error (SeedsRule).
type OverSeeds struct {
	Mean float64
	// SE is the standard error of the mean: the sample standard
	// deviation (n − 1) over √N; 0 for one seed, whose error is not
	// measured.
	SE float64
	N  int
}

// MeanOverSeeds returns the mean of xs, one value per seed, and its
// standard error. It panics when xs is empty (a programmer error: a
// statistic of no seed).
func MeanOverSeeds(xs []float64) OverSeeds {
	if len(xs) == 0 {
		panic("ledger: MeanOverSeeds of no seed")
	}
	n := float64(len(xs))
	var m float64
	for _, x := range xs {
		m += x
	}
	m /= n
	o := OverSeeds{Mean: m, N: len(xs)}
	if len(xs) < 2 {
		return o
	}
	var ss float64
	for _, x := range xs {
		ss += (x - m) * (x - m)
	}
	o.SE = math.Sqrt(ss/(n-1)) / math.Sqrt(n)
	return o
}

// Above reports whether the mean lies above ref by more than twice its
// standard error (a direction, Above; strictly for one seed).
func (o OverSeeds) Above(ref float64) bool { return Above("", ref, o.SE).Accepts(o.Mean) }

// Below reports whether the mean lies below ref by more than twice its
// standard error (a direction, Below; strictly for one seed).
func (o OverSeeds) Below(ref float64) bool { return Below("", ref, o.SE).Accepts(o.Mean) }

// Within reports whether the mean is accepted by want: a value (a printed
// number, a range, a threshold of ours) compared as stated on the mean
// (SeedsRule). For a direction, whose bound moves with the error, use
// Above or Below.
func (o OverSeeds) Within(want Expectation) bool { return want.Accepts(o.Mean) }

// JustifiedOverSeeds reports whether a convention counted over its table
// at several seeds (one Tally per seed) is justified by SeedsRule: its net
// gain (Within − AsComputed), a threshold of ours, averaged over the seeds
// is at least two, as Tally.Justified asks of one seed. It panics when ts
// is empty.
func JustifiedOverSeeds(ts []Tally) bool {
	if len(ts) == 0 {
		panic("ledger: JustifiedOverSeeds of no seed")
	}
	gain := 0 // summed in integers: the mean is at least 2 exactly when the sum is at least 2n
	for _, t := range ts {
		gain += t.Within - t.AsComputed
	}
	return gain >= 2*len(ts)
}

// Text shows the mean with digits decimals and, when measured, its
// standard error: "0.95 (SE 0.02)", or "0.95" for one seed.
func (o OverSeeds) Text(digits int) string {
	if o.N < 2 {
		return fmt.Sprintf("%.*f", digits, o.Mean)
	}
	return fmt.Sprintf("%.*f (SE %.*f)", digits, o.Mean, digits, o.SE)
}

// JudgedOverSeeds appends to our value, whatever the verdict, the note of
// an entry judged over seeds seeds by SeedsRule, the first being first
// ("judged over 3 seeds (from seed 1000023): the means and their standard
// errors, ledger.SeedsRule"), and returns e. For one seed it is
// Unreplicated(1, first). It panics when seeds < 1.
func (e *Entry) JudgedOverSeeds(seeds int, first uint64) *Entry {
	if seeds < 1 {
		panic("ledger: JudgedOverSeeds needs at least one seed")
	}
	if seeds == 1 {
		return e.Unreplicated(1, first)
	}
	e.OurValue += fmt.Sprintf(" (judged over %d seeds, seed %d and %d more: the means and their standard errors, ledger.SeedsRule)", seeds, first, seeds-1)
	return e
}
