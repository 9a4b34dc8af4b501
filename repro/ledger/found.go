package ledger

import (
	"fmt"
	"strings"
)

// Found says how the reason of an explained difference was found, so that
// a reader (or a script reading a stored ledger) can weigh it:
//
//   - an input fact (FromInput): the log's version, the jobs the archive's
//     cleaning removed, its header's dates, a parameter the paper states —
//     nothing was chosen;
//   - a reading measured (OneReading): one convention the paper does not
//     state, measured over its table (Tally) and the only one measured;
//   - the best of several readings (AmongReadings(n)): the convention is
//     one of n readings measured (a grid, a few loads), and the others did
//     not do as well — a reason found by a scan, which a referee may
//     discount (Summary.ExplainedAmongReadings counts them).
//
// For a convention measured on a random procedure, Seeds is the number of
// seeds measured and Held the number at which it brings the entry within,
// one seed at a time. Whether it is a reason is decided by the rule that
// decides the entry's verdict (SeedsRule), so that one rule judges both:
// the convention's statistic over the seeds (its mean and standard error,
// MeanOverSeeds) brings the entry within (OverSeeds, Judged and Within).
// Held is then information, shown beside the reason. A Found with seeds
// counted but not judged over them (AtSeeds) is a reason only at every
// seed: the form for seeds that are not replicates of one statistic (a
// screen at fewer variants, judged again at the figure's count), and for
// a value a sufficient condition of the rule (every seed within a range
// puts the mean within it), not for a direction (ExplainedBy turns it
// into a measurement otherwise).
type Found struct {
	// By is "input" or "reading".
	By string `json:"by"`
	// Readings is the number of readings measured, this reason's among
	// them (1 when it is the only one); 0 for an input fact.
	Readings int `json:"readings,omitempty"`
	// Seeds and Held: for a random procedure, the seeds measured and how
	// many of them bring the entry within; 0 and 0 when none is random.
	Seeds int `json:"seeds,omitempty"`
	Held  int `json:"held,omitempty"`
	// Judged is set when the convention's statistic was judged over the
	// Seeds seeds by SeedsRule (OverSeeds), and Within when it brings the
	// entry within so: then Within, not Held, decides the reason.
	Judged bool `json:"judged_over_seeds,omitempty"`
	Within bool `json:"within_over_seeds,omitempty"`
	// Tally is a reading's tally over its table or figure (Tally), one
	// per seed measured, the study's first (one when none is random):
	// set by WithTally, so that a stored ledger carries the count the
	// rule of a reason judges (Justified), not only the reason's words.
	// Empty when the caller did not record it (the reason's text states
	// it) and for an input fact, which is chosen among nothing.
	Tally []Tally `json:"tally,omitempty"`
}

// The values of Found.By.
const (
	ByInput   = "input"
	ByReading = "reading"
)

// FromInput is a reason that is a fact of the input.
func FromInput() Found { return Found{By: ByInput} }

// OneReading is a reason that is the only reading measured.
func OneReading() Found { return Found{By: ByReading, Readings: 1} }

// AmongReadings is a reason that is the best of n readings measured (a
// scan); n below 1 is a programmer error.
func AmongReadings(n int) Found {
	if n < 1 {
		panic(fmt.Sprintf("ledger: AmongReadings(%d)", n))
	}
	return Found{By: ByReading, Readings: n}
}

// AtSeeds returns f measured on a random procedure at seeds seeds, held of
// which bring the entry within.
func (f Found) AtSeeds(held, seeds int) Found {
	if seeds < 1 || held < 0 || held > seeds {
		panic(fmt.Sprintf("ledger: AtSeeds(%d, %d)", held, seeds))
	}
	f.Seeds, f.Held = seeds, held
	return f
}

// OverSeeds returns f measured on a random procedure at seeds seeds
// (at least two) and judged over them by SeedsRule, as the entry's verdict
// is: within says whether the convention's statistic over the seeds (the
// mean, with its standard error for a direction, MeanOverSeeds; the
// tally's justification on the mean net gain, JustifiedOverSeeds) brings
// the entry within; held is the number of seeds at which it does one by
// one (information). ExplainedBy takes it as a reason when within.
func (f Found) OverSeeds(within bool, held, seeds int) Found {
	if seeds < 2 {
		panic(fmt.Sprintf("ledger: OverSeeds at %d seeds: one seed is judged as one run (AtSeeds)", seeds))
	}
	f = f.AtSeeds(held, seeds)
	f.Judged, f.Within = true, within
	return f
}

// WithTally returns f, a reading, with its tally over its table or
// figure: one Tally per seed measured (Seeds of them, the study's seed
// first), or one when none is random. ExplainedBy then demotes the reason
// to a measurement unless the tally justifies it (Justified). A tally for
// an input fact, no tally, or counts that Tally.Add cannot give are
// programmer errors; the number of tallies is checked against Seeds by
// ExplainedBy (AtSeeds and OverSeeds may come before or after).
func (f Found) WithTally(ts ...Tally) Found {
	if f.By != ByReading || len(ts) == 0 {
		panic(fmt.Sprintf("ledger: WithTally of %d tallies on a Found by %q: a tally is a reading's, at least one", len(ts), f.By))
	}
	for _, t := range ts {
		if !t.consistent() {
			panic(fmt.Sprintf("ledger: WithTally: inconsistent tally %+v", t))
		}
	}
	f.Tally = append([]Tally(nil), ts...)
	return f
}

// Justified reports whether the stored tally justifies the reading by
// the rule of a reason, judged as the reading itself is (Holds): judged
// over the seeds (OverSeeds), its net gain averaged over them is at least
// two (JustifiedOverSeeds); counted only (AtSeeds, or none random), the
// tally is Justified at every seed. True when no tally is stored.
func (f Found) Justified() bool {
	switch {
	case len(f.Tally) == 0:
		return true
	case f.Judged:
		return JustifiedOverSeeds(f.Tally)
	}
	for _, t := range f.Tally {
		if !t.Justified() {
			return false
		}
	}
	return true
}

// tallyWords is the stored tally's net gain for a reason it does not
// justify: "its tally's net gain is 1 (ledger.Tally.Justified asks at
// least 2)", per seed or averaged over them.
func (f Found) tallyWords() string {
	if len(f.Tally) == 1 {
		return fmt.Sprintf("its tally's net gain over its table is %d (ledger.Tally.Justified asks at least 2)", f.Tally[0].NetGain())
	}
	gains := make([]string, len(f.Tally))
	sum := 0
	for i, t := range f.Tally {
		gains[i] = fmt.Sprint(t.NetGain())
		sum += t.NetGain()
	}
	if f.Judged {
		return fmt.Sprintf("its tally's net gain over its table averaged over the %d seeds is %.2f (%s; ledger.JustifiedOverSeeds asks at least 2)",
			len(f.Tally), float64(sum)/float64(len(f.Tally)), strings.Join(gains, ", "))
	}
	return fmt.Sprintf("its tally's net gain over its table at the %d seeds is %s (ledger.Tally.Justified asks at least 2 at each)", len(f.Tally), strings.Join(gains, ", "))
}

// Holds reports whether the convention brings the entry within by the
// rule of a reason: judged over the seeds when it was (OverSeeds), else at
// every seed measured (true when none is random).
func (f Found) Holds() bool {
	if f.Judged {
		return f.Within
	}
	return f.AtEverySeed()
}

// Scanned reports whether the reason was chosen among several readings.
func (f Found) Scanned() bool { return f.By == ByReading && f.Readings > 1 }

// AtEverySeed reports whether a reason measured on a random procedure
// holds at every seed measured (true when none is random).
func (f Found) AtEverySeed() bool { return f.Held == f.Seeds }

// String is e.g. "input fact", "one reading measured", "best of 24
// readings measured, holds at 5 of 5 seeds".
func (f Found) String() string {
	var s string
	switch {
	case f.By == ByInput:
		s = "input fact"
	case f.Readings <= 1:
		s = "one reading measured"
	default:
		s = fmt.Sprintf("best of %d readings measured", f.Readings)
	}
	switch {
	case f.Judged && f.Within:
		s += fmt.Sprintf(", within over %d seeds (ledger.SeedsRule; at %d of them one by one)", f.Seeds, f.Held)
	case f.Judged:
		s += fmt.Sprintf(", not within over %d seeds (ledger.SeedsRule; at %d of them one by one)", f.Seeds, f.Held)
	case f.Seeds > 0:
		s += fmt.Sprintf(", holds at %d of %d seeds", f.Held, f.Seeds)
	}
	return s
}

// valid reports whether f is one of the forms above.
func (f Found) valid() bool {
	switch f.By {
	case ByInput:
		return f.Readings == 0 && f.Seeds == 0 && f.Held == 0 && !f.Judged && !f.Within
	case ByReading:
		return f.Readings >= 1 && f.Held >= 0 && f.Held <= f.Seeds && (f.Judged || !f.Within) && (!f.Judged || f.Seeds >= 2) && f.tallyValid()
	}
	return false
}

// tallyValid reports whether f's stored tally, if any, has one Tally per
// seed measured (one when none is random), each one Tally.Add can give.
func (f Found) tallyValid() bool {
	if len(f.Tally) == 0 {
		return true
	}
	if len(f.Tally) != max(1, f.Seeds) {
		return false
	}
	for _, t := range f.Tally {
		if !t.consistent() {
			return false
		}
	}
	return true
}

// ExplainedBy gives e, when its verdict is Differs, reason as its measured
// explanation, found as f (see Found), and returns e. A convention
// measured on a random procedure is a reason when it holds by the rule of
// the entry's verdict (Found.Holds): judged over the seeds by SeedsRule
// (Found.OverSeeds), or, counted only, at every seed (Found.AtSeeds) —
// and, when f carries its tally (Found.WithTally), when that tally
// justifies it (Found.Justified). Otherwise the reason is appended to our value as a measurement
// (Measured, with the seeds counted) and e stays unexplained. An
// agreement, a not-comparable entry, or an empty reason leaves e as it
// is.
func (e *Entry) ExplainedBy(f Found, reason string) *Entry {
	if reason == "" {
		return e
	}
	if !f.valid() {
		panic(fmt.Sprintf("ledger: entry %s: bad Found %+v", e.ID, f))
	}
	if e.Verdict != Differs {
		return e
	}
	switch {
	case f.Judged && !f.Within:
		return e.Measured(fmt.Sprintf("%s; not within judged over the %d seeds measured (ledger.SeedsRule; within at %d of them one by one), so not a reason", reason, f.Seeds, f.Held))
	case !f.Holds():
		return e.Measured(fmt.Sprintf("%s; within at %d of %d seeds measured, so not a reason", reason, f.Held, f.Seeds))
	case !f.Justified():
		return e.Measured(fmt.Sprintf("%s; %s, so not a reason", reason, f.tallyWords()))
	}
	e.Reason, e.Found = reason, &f
	return e
}
