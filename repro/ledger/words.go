package ledger

import (
	"fmt"
	"math"
)

// WordRule is the ledger's one reading of the papers' words, by class
// (REPRODUCTION.md, "Words"); the helpers below implement it and every
// reproduction package uses them.
const WordRule = "A word is read by its class, the same way in every paper. " +
	"*Directions* — higher, lower, more, fewer, longer, shorter, better, improves, correlated, and \"most\", \"the majority\", " +
	"\"more than half\" (more than ½) — are comparisons with a reference the words fix (the other value, 1 for a ratio, 0 for a " +
	"correlation, ½ for a share). Which comparison applies is decided by what the sentence is about, never by which gives the " +
	"paper's answer. A sentence about a rate, an average or a tendency of behaviour, an effect, an estimate or the outcome of a random " +
	"procedure (quantities with sampling or replicate error, the log's units being evidence of them: \"users tend to use round " +
	"figures\", \"temporary users have in average less jobs\") holds only when our value lies beyond the reference by more than " +
	"twice its standard error (ledger.Above, ledger.Below, ledger.Most), the error of a share being the binomial one at the reference " +
	"(so that no sample of four or fewer units, three runs of a random procedure among them, can be \"most\": all n of n, a share of 1, is not beyond ½ + 1/√n). " +
	"A sentence that describes a finite population exactly (a table's counts of a log's own units: Table V's long-term against " +
	"temporary users of one log; the paper's own cases: \"most of the workloads\", k of our n logs) has no such error and is " +
	"compared strictly; so is a statistic whose error was not measured (one run of a random procedure: the entry says so with its value, ledger.Unreplicated). " +
	"*Magnitudes* without a number — a few, rarely, often, much, a large amount, a very large fraction, dominant, the vast majority, " +
	"nearly all — get one threshold of ours per word, stated where it is used and compared as stated, with no allowance for noise " +
	"either way (the threshold is ours, and a bound moved by the error would be a second threshold); \"large\" (a large amount, a large peak) " +
	"against a reference the words name is at least twice it, in every paper (ledger.LargeFactor). " +
	"*Likeness* — about, around, roughly, or so, close to, similar, the same — is an equality: with a number the paper measured " +
	"(\"about 12%\", \"25% or so\", \"about 70–85%\") it is the tolerance rule (ledger.Printed); with a reference the words name " +
	"(\"similar to the original\", \"the same as in the original\", \"about twice\", \"close to 1\") our value must not be told " +
	"apart from the reference: within twice our standard error where it is measured, and within a factor of 1.25 of the reference " +
	"(ledger.LikeFactor: a ratio from 0.8 to 1.25), our threshold, where it is not (one run, a ratio of two runs) (ledger.Like); " +
	"where the sentence itself draws the line (\"less than 90%, whereas BLUE and OSC come close to 100%\": at least 90%) the line is " +
	"the paper's. " +
	"\"A bit\" more (longer, below) is a direction and a likeness at once: beyond the reference as a direction is, and within the " +
	"factor, widened by twice the error where it is measured (ledger.ABit); \"much\" more (better, …) is beyond the factor, as a direction is beyond its reference (ledger.Much). " +
	SeedsRule

// PossibilityRule decides the kind of a statement that something "can" or
// "may" happen (REPRODUCTION.md, "Words"): the modal word does not decide,
// what the statement is about does.
const PossibilityRule = "A statement that something *can* or *may* happen is a check when it is a possibility the definitions or " +
	"the method allow, shown by an example or a conceptual drawing (2014's Observation 6, \"two batches in different sessions may " +
	"overlap\", and the starred edges of its Figs 2 and 4; the marked edges of 2021's Fig. 14): its instance on a log, one overlapping " +
	"batch or one edge, holds on any log with enough activity and says nothing of the paper's results. A statement about the paper's " +
	"results is a claim, modal or not (\"FCFS could not handle the load\", \"a shift of one day can change the results by some 15%\", " +
	"\"the average response time may be somewhat higher\")."

// LikeFactor is the factor within which two positive values are "alike"
// when the paper's words give no number ("similar", "close to", "about
// twice"): a ratio from 1/1.25 = 0.8 to 1.25, the same relative distance
// above and below. "Much" is beyond it, "a bit" within it. It is ours: the
// 20% improvement the ledger first read as "much" (2014 Table I), made
// symmetric on the ratio scale.
const LikeFactor = 1.25

// LargeFactor is "large" ("over-estimate by a large amount", "a large peak
// of arrivals") against a reference the words name: at least twice it. A
// magnitude word's one threshold of ours (WordRule), the same in every
// paper and compared as stated; it is beyond LikeFactor, as a large
// difference is at least a "much" one.
const LargeFactor = 2

// Above is a claimed direction "ours is higher (more, longer, …) than ref":
// it holds when ours > ref + 2·se. se is the standard error of our value
// (or of the difference), 0 for an exact statistic or one whose error was
// not measured; the comparison is strict either way. words are the paper's
// words, shown as the paper's value. It panics when se is negative.
func Above(words string, ref, se float64) Expectation {
	checkSE(se)
	lo := math.Nextafter(ref+2*se, math.Inf(1))
	return Stated(directionText(words, ">", ref, se), AtLeast(lo))
}

// Below is a claimed direction "ours is lower (fewer, shorter, …) than
// ref": it holds when ours < ref − 2·se (see Above).
func Below(words string, ref, se float64) Expectation {
	checkSE(se)
	hi := math.Nextafter(ref-2*se, math.Inf(-1))
	return Stated(directionText(words, "<", ref, se), AtMost(hi))
}

// Most is "most" ("the majority", "more than half") of n units, a share
// compared with ½ as a direction is: it holds when the share exceeds
// ½ + 2·√(¼/n), twice the binomial standard error of a share at the
// reference. sample is false when the n units are the whole of the cases
// the statement is about (the paper's own logs or cells): then the count
// is exact and a strict majority, more than n/2 of n, is asked. It panics
// when n < 1.
//
// For a sample the bound ½ + 1/√n is at least 1 up to n = 4: no sample of
// four units or fewer can be "most", as none is evidence of it (all n of n
// has probability 2⁻ⁿ ≥ 1/16 when the share is ½); five need all five
// (MostNeeds). A share of runs of a random procedure is such a sample: it
// is judged by Most, not by the mean over seeds of a 0/1 statistic
// (OverSeeds), whose standard error is 0 when the runs agree.
func Most(words string, n int, sample bool) Expectation {
	if n < 1 {
		panic("ledger: Most needs at least one unit")
	}
	if !sample {
		k := n/2 + 1
		return Stated(fmt.Sprintf("%s (more than half: ≥ %d of %d)", words, k, n), AtLeast(float64(k)/float64(n)))
	}
	return Above(words, 0.5, math.Sqrt(0.25/float64(n)))
}

// MostNeeds returns the fewest units k of n that Most(…, n, sample) accepts
// (k/n as its share), n + 1 when none does (a sample of four or fewer).
func MostNeeds(n int, sample bool) int {
	e := Most("", n, sample)
	for k := 0; k <= n; k++ {
		if e.Accepts(float64(k) / float64(n)) {
			return k
		}
	}
	return n + 1
}

// Like is a likeness to a reference the words name, with no number the
// paper measured ("similar to", "the same as", "close to", "about twice"
// ref): ours must not be told apart from ref — within 2·se of it when our
// standard error se is measured (se > 0), and within the factor
// LikeFactor of it (ref/LikeFactor to ref·LikeFactor, mirrored for
// ref < 0) when it is not (se = 0). It panics when se is negative.
func Like(words string, ref, se float64) Expectation {
	checkSE(se)
	if se > 0 {
		lo, hi := ref-2*se, ref+2*se
		return FromNoise(ref, se, Stated(fmt.Sprintf("%s (within 2 SE: %s–%s)", words, tolerance(lo), tolerance(hi)), Between(lo, hi)))
	}
	lo, hi := likeBand(ref)
	return FromNoise(ref, 0, Stated(fmt.Sprintf("%s (%s–%s)", words, tolerance(lo), tolerance(hi)), Between(lo, hi)))
}

// likeBand is the band of LikeFactor around ref.
func likeBand(ref float64) (lo, hi float64) {
	lo, hi = ref/LikeFactor, ref*LikeFactor
	if ref < 0 {
		lo, hi = hi, lo
	}
	return lo, hi
}

// ABit is "a bit" more (above true) or less than ref: a direction beyond
// ref by more than 2·se (Above, Below) that stays within the likeness
// factor of ref (Like, widened by 2·se). ref must be positive. Its Want
// records ref with no noise (FromNoise(ref, 0, …)): the band's far side
// is the factor, a tolerance of ours, so an agreement of it is never
// tested with power (PowerRule), though rows stated alike are still not
// told apart (Discrimination).
func ABit(words string, ref, se float64, above bool) Expectation {
	checkSE(se)
	if !(ref > 0) {
		panic("ledger: ABit needs a positive reference")
	}
	lo, hi := likeBand(ref)
	if above {
		lo = math.Nextafter(ref+2*se, math.Inf(1))
		hi += 2 * se
	} else {
		lo -= 2 * se
		hi = math.Nextafter(ref-2*se, math.Inf(-1))
	}
	if lo > hi {
		lo = hi // an error wider than the factor: nothing can be "a bit"
	}
	return FromNoise(ref, 0, Stated(fmt.Sprintf("%s (%s–%s)", words, tolerance(lo), tolerance(hi)), Between(lo, hi)))
}

// Much is "much" more (above true) or less than ref: beyond the likeness
// factor, by more than 2·se — ours > ref·LikeFactor + 2·se, or ours <
// ref/LikeFactor − 2·se. ref must be positive.
func Much(words string, ref, se float64, above bool) Expectation {
	checkSE(se)
	if !(ref > 0) {
		panic("ledger: Much needs a positive reference")
	}
	lo, hi := likeBand(ref)
	if above {
		return Stated(fmt.Sprintf("%s (> %s)", words, tolerance(hi+2*se)), AtLeast(math.Nextafter(hi+2*se, math.Inf(1))))
	}
	return Stated(fmt.Sprintf("%s (< %s)", words, tolerance(lo-2*se)), AtMost(math.Nextafter(lo-2*se, math.Inf(-1))))
}

// directionText is the paper's value of a direction: the words and the
// bound they are judged by.
func directionText(words, op string, ref, se float64) string {
	if se == 0 {
		return fmt.Sprintf("%s (%s %s)", words, op, num(ref))
	}
	if op == "<" {
		return fmt.Sprintf("%s (< %s − 2 SE = %s)", words, num(ref), tolerance(ref-2*se))
	}
	return fmt.Sprintf("%s (> %s + 2 SE = %s)", words, num(ref), tolerance(ref+2*se))
}

func checkSE(se float64) {
	if !(se >= 0) || math.IsInf(se, 0) {
		panic("ledger: a word's standard error must be finite and non-negative")
	}
}

// Unreplicated is the note of a value computed from runs of a random
// procedure whose replicate error was not measured, so that by WordRule its
// direction is compared strictly: runs is the number of runs the value
// averages (1: a single run), seed the seed of the first. An entry so
// compared carries it with its value (Entry.Unreplicated), so that no
// reader takes one run for a measured difference. It panics when runs < 1.
func Unreplicated(runs int, seed uint64) string {
	switch {
	case runs < 1:
		panic("ledger: Unreplicated needs at least one run")
	case runs == 1:
		return fmt.Sprintf("one run (seed %d); replicate error not measured", seed)
	}
	return fmt.Sprintf("mean of %d runs (seeds from %d); replicate error not measured", runs, seed)
}
