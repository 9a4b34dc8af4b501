package resample

import (
	"fmt"
	"math"
	"strings"

	"github.com/tracelab/tracelab/datasets"
)

// The readings of 2013 §4. Where the paper's text allows more than one
// reading, each is an option; the zero value of every option is the
// default, chosen by what a user of resampling should get — variants that
// keep the log's load and its week-to-week variation (see the package
// documentation and Readings).

// LongTermStart says where in its stream a long-term user of the initial
// population starts.
type LongTermStart int

const (
	// StartInCommonWeek starts every long-term user in the same random
	// week of the log (the default): the new log emulates the same users
	// "recorded over an arbitrary timespan" (2013 §4), so the long-term
	// users keep their alignment with each other — a user who backed off
	// while others loaded the machine still does. A user whose activity
	// does not include that week joins when its activity comes round in
	// its cycle.
	StartInCommonWeek LongTermStart = iota
	// StartInCycle starts each long-term user in its own random week of
	// its cycle (its activity and the gap after which it is regenerated):
	// every week a long-term user is active with the same probability,
	// independently of the others.
	StartInCycle
	// StartInActivity starts each long-term user in its own random week of
	// its traced activity (from its first job's week to its last's), the
	// paper's literal "some arbitrary week of his traced activity". Every
	// long-term user is then active at the start.
	StartInActivity
)

// LongTermSelection says which long-term users form the population.
type LongTermSelection int

const (
	// EachLongTermUser uses every long-term user of the pool once (the
	// default, "the defaults are the numbers of long-term users in the
	// original log"); with Load above 1 every user is used before any is
	// replicated.
	EachLongTermUser LongTermSelection = iota
	// LongTermWithReplacement draws the long-term users uniformly with
	// replacement, as a bootstrap would: some are used twice, some not at
	// all.
	LongTermWithReplacement
)

// Regeneration says when a long-term user whose traced activity has
// finished starts again from its first job: after "the sum of the
// intervals between the user's period of activity and the full logging
// period" (2013 §4), counted in time or in calendar weeks, or at once.
type Regeneration int

const (
	// RegenerateAfterSpan counts the gap in time (the default): the
	// stream repeats every Pools.SpanWeeks weeks, the log's span rounded
	// to whole weeks ("synchronized correctly with the time and day"), so
	// that where a cycle ends and the next begins the load neither stops
	// nor doubles for more than half a week. A user active for longer
	// repeats every Stream.Weeks() weeks.
	RegenerateAfterSpan Regeneration = iota
	// RegenerateAfterCalendarWeeks counts the gap in the calendar weeks the
	// log touches: the stream repeats every Pools.Weeks weeks. The log's
	// first and last calendar weeks are partial, so a cycle is longer than
	// the log's span, by up to two weeks in which no long-term user of
	// that cycle submits (SDSC-BLUE: 139.2 weeks, 141 touched).
	RegenerateAfterCalendarWeeks
	// RegenerateImmediately regenerates the user in the week after its
	// activity ends: its stream repeats every Stream.Weeks() weeks, and
	// it is active all the time.
	RegenerateImmediately
)

// InitialTemporaries says how the temporary users present at the start are
// counted and chosen (2013 §4, "Initialization").
type InitialTemporaries int

const (
	// InitialByPresence starts the average number of temporary users
	// present in a week of the log (a user is present from its first
	// job's week to its last's, Pools.TemporaryPresent), chosen with
	// probability proportional to those weeks, each in a random one of
	// them (the default).
	InitialByPresence InitialTemporaries = iota
	// InitialByActiveWeeks counts and weights by the weeks in which a user
	// submitted a job (Pools.TemporaryActive): "the number of weeks during
	// which the user was active". Each starts in a random one of its
	// active weeks.
	InitialByActiveWeeks
	// InitialUniform starts Pools.TemporaryPresent users chosen uniformly,
	// each in a random week of its presence.
	InitialUniform
)

// TemporaryRates says how the pool's temporary users give the default
// numbers of temporary users: the initial population ("the average number
// of temporary users present in a single week of the original log") and
// the weekly arrival rate ("the average rate at which temporary users
// arrived in the original trace", 2013 §4).
type TemporaryRates int

const (
	// RatesOverLog divides by the log's weeks (Pools.TemporaryPresent,
	// TemporaryActive, TemporaryRate): the pool's users are taken as all
	// the temporary users that arrived.
	RatesOverLog TemporaryRates = iota
	// RatesOverObservable counts each pooled temporary user over the weeks
	// in which it could have arrived and still been pooled, not discarded
	// near the log's edges (Pools.ObservableWeeks; a Horvitz–Thompson
	// estimate), so that the discarded users are made up for by users
	// like the pooled ones.
	RatesOverObservable
)

// ArrivalCount says how many temporary users arrive in a week.
type ArrivalCount int

const (
	// BinomialArrivals draws Binomial(n, rate/n) users, n the size of the
	// temporary pool: "a binomial distribution, with a probability p equal
	// to the fraction of temporary users expected to start every week"
	// (the default).
	BinomialArrivals ArrivalCount = iota
	// PoissonArrivals draws Poisson(rate) users (at most the pool's size;
	// the excess is counted in Report.ArrivalsCapped).
	PoissonArrivals
	// FixedArrivals adds ⌊rate⌋ or ⌈rate⌉ users, the latter with
	// probability rate − ⌊rate⌋: the least variable count with mean rate.
	FixedArrivals
)

// Weighting says how arriving temporary users are chosen from the pool.
type Weighting int

const (
	// Uniform chooses every temporary user with the same probability (the
	// default). Each temporary user arrived once in the log, so uniform
	// arrivals keep the log's mix of users; the length bias of the users
	// present at a given time is in the initial population, which is
	// weighted by weeks of activity (2013 §4, "Initialization").
	Uniform Weighting = iota
	// ByWeeks chooses arriving users, like the initial ones, with
	// probability proportional to their weeks of activity.
	ByWeeks
)

var (
	longTermStartNames      = []string{"common", "cycle", "activity"}
	longTermSelectionNames  = []string{"each", "replacement"}
	regenerationNames       = []string{"span", "calendar", "immediate"}
	initialTemporariesNames = []string{"presence", "active", "uniform"}
	arrivalCountNames       = []string{"binomial", "poisson", "fixed"}
	temporaryRatesNames     = []string{"log", "observable"}
	weightingNames          = []string{"uniform", "weeks"}
)

func optionName(names []string, v int, kind string) string {
	if v >= 0 && v < len(names) {
		return names[v]
	}
	return fmt.Sprintf("%s(%d)", kind, v)
}

func parseOption(names []string, s, kind string) (int, error) {
	for k, n := range names {
		if s == n {
			return k, nil
		}
	}
	return 0, fmt.Errorf("resample: unknown %s %q (want %s)", kind, s, strings.Join(names, ", "))
}

// String returns common, cycle or activity.
func (s LongTermStart) String() string {
	return optionName(longTermStartNames, int(s), "LongTermStart")
}

// String returns each or replacement.
func (s LongTermSelection) String() string {
	return optionName(longTermSelectionNames, int(s), "LongTermSelection")
}

// String returns span, calendar or immediate.
func (g Regeneration) String() string { return optionName(regenerationNames, int(g), "Regeneration") }

// String returns presence, active or uniform.
func (i InitialTemporaries) String() string {
	return optionName(initialTemporariesNames, int(i), "InitialTemporaries")
}

// String returns binomial, poisson or fixed.
func (a ArrivalCount) String() string { return optionName(arrivalCountNames, int(a), "ArrivalCount") }

// String returns log or observable.
func (r TemporaryRates) String() string {
	return optionName(temporaryRatesNames, int(r), "TemporaryRates")
}

// String returns uniform or weeks.
func (w Weighting) String() string { return optionName(weightingNames, int(w), "Weighting") }

// ParseLongTermStart returns the LongTermStart named common, cycle or
// activity.
func ParseLongTermStart(s string) (LongTermStart, error) {
	v, err := parseOption(longTermStartNames, s, "long-term start")
	return LongTermStart(v), err
}

// ParseLongTermSelection returns the LongTermSelection named each or
// replacement.
func ParseLongTermSelection(s string) (LongTermSelection, error) {
	v, err := parseOption(longTermSelectionNames, s, "long-term selection")
	return LongTermSelection(v), err
}

// ParseRegeneration returns the Regeneration named span, calendar or
// immediate.
func ParseRegeneration(s string) (Regeneration, error) {
	v, err := parseOption(regenerationNames, s, "regeneration")
	return Regeneration(v), err
}

// ParseInitialTemporaries returns the InitialTemporaries named presence,
// active or uniform.
func ParseInitialTemporaries(s string) (InitialTemporaries, error) {
	v, err := parseOption(initialTemporariesNames, s, "initial temporaries")
	return InitialTemporaries(v), err
}

// ParseArrivalCount returns the ArrivalCount named binomial, poisson or
// fixed.
func ParseArrivalCount(s string) (ArrivalCount, error) {
	v, err := parseOption(arrivalCountNames, s, "arrival count")
	return ArrivalCount(v), err
}

// ParseTemporaryRates returns the TemporaryRates named log or observable.
func ParseTemporaryRates(s string) (TemporaryRates, error) {
	v, err := parseOption(temporaryRatesNames, s, "temporary rates")
	return TemporaryRates(v), err
}

// ParseWeighting returns the Weighting named uniform or weeks.
func ParseWeighting(s string) (Weighting, error) {
	v, err := parseOption(weightingNames, s, "arrival weighting")
	return Weighting(v), err
}

// Bounds of resampling, so that no option or odd log makes it run or grow
// without end.
const (
	// MaxWeeks bounds the span of the original log and the length of the
	// new one: 5218 weeks (100 years).
	MaxWeeks = 5218
	// MaxLoad bounds Options.Load.
	MaxLoad = 100
	// MaxJobs bounds the expected jobs of a new log (the original's jobs
	// per week × Load × its weeks): 10,000,000.
	MaxJobs = 10_000_000
)

// Options controls Generate. The zero value resamples a log as long as the
// original with the original's numbers of users, under the default
// readings of 2013 §4.
type Options struct {
	// Weeks is the length of the new log in weeks (7 civil days) from the
	// original's first job, at most MaxWeeks. Zero means Extend.
	Weeks int
	// Extend is the length as a multiple of the original log's span (first
	// to last job); zero means 1. Weeks and Extend may not both be set;
	// the length may not exceed MaxWeeks weeks.
	Extend float64
	// Load multiplies the numbers of long-term users, initial temporary
	// users and arriving temporary users (2013 §6.3); zero means 1; at
	// most MaxLoad.
	Load float64
	// LongTermUsers is the number of long-term users; zero means
	// round(Load × the pool's long-term users); at most MaxLoad × the
	// pool's long-term users.
	LongTermUsers int
	// NoLongTermUsers asks for no long-term user (LongTermUsers is then
	// ignored).
	NoLongTermUsers bool
	// InitialTemporary is the expected number of temporary users at the
	// start (rounded at random to an integer); zero means Load × the
	// average number present in a week (TemporaryRates; by weeks with a
	// job with InitialByActiveWeeks); at most MaxLoad × the pool's
	// temporary users.
	InitialTemporary float64
	// NoInitialTemporary starts the log without temporary users.
	NoInitialTemporary bool
	// ArrivalRate is the expected number of new temporary users per week,
	// rare-behaviour users included; zero means Load × the average rate
	// (TemporaryRates).
	ArrivalRate float64
	// NoArrivals lets no temporary user arrive after the start.
	NoArrivals bool
	// TemporaryRates says how the defaults of InitialTemporary and
	// ArrivalRate are estimated (default RatesOverLog).
	TemporaryRates TemporaryRates
	// RBNPW is the expected number of rare-behaviour users among each
	// week's arrivals (2013 §6.4 step 3), between 0 and ArrivalRate.
	RBNPW float64

	// LongTermStart says where initial long-term users start (default
	// StartInCommonWeek). Replicas of one user start evenly spread over
	// the same range, as far apart as possible (2013 §6.3).
	LongTermStart LongTermStart
	// LongTermSelection says which long-term users are used (default
	// EachLongTermUser).
	LongTermSelection LongTermSelection
	// Regeneration says when a long-term user starts again (default
	// RegenerateAfterSpan).
	Regeneration Regeneration
	// InitialTemporaries says how the initial temporary users are counted
	// and chosen (default InitialByPresence).
	InitialTemporaries InitialTemporaries
	// ArrivalCount says how many temporary users arrive in a week
	// (default BinomialArrivals).
	ArrivalCount ArrivalCount
	// Arrivals says how arriving temporary users are chosen (default
	// Uniform).
	Arrivals Weighting

	// ClassWeights weights users by class for selective manipulation
	// (2013 §6.5.4; UserClass, Pools.UserClasses). A stream's weight is
	// the product of its user's classes' weights. It changes which users
	// are drawn, not how many: initial and arriving temporary users are
	// drawn with probability proportional to their usual weight times
	// theirs, and the LongTermUsers long-term places are shared in
	// proportion to the weights (user u gets ⌊N·w_u/Σw⌋ copies, the
	// remaining places go to distinct users drawn by the fractional
	// parts). A user of weight 0 never appears. Rare-behaviour users are
	// not weighted. Nil (or empty) resamples exactly as without it.
	ClassWeights ClassWeights

	// Seed and Stream seed the random generator (PCG): the same pools,
	// options and seeds give the same log.
	Seed, Stream uint64
}

// resolve fills in the defaults of opts and checks them.
func (p *Pools) resolve(opts Options) (Options, error) {
	o := opts
	if err := o.ClassWeights.check(); err != nil {
		return o, err
	}
	for _, step := range []func(*Options) error{resolveReadings, p.resolveSize, p.resolveUsers, p.resolveRare} {
		if err := step(&o); err != nil {
			return o, err
		}
	}
	return o, nil
}

// resolveReadings checks that every reading option is one of its values.
func resolveReadings(o *Options) error {
	for _, c := range []struct {
		what string
		v, n int
	}{
		{"long-term start", int(o.LongTermStart), len(longTermStartNames)},
		{"long-term selection", int(o.LongTermSelection), len(longTermSelectionNames)},
		{"regeneration", int(o.Regeneration), len(regenerationNames)},
		{"initial temporaries", int(o.InitialTemporaries), len(initialTemporariesNames)},
		{"arrival count", int(o.ArrivalCount), len(arrivalCountNames)},
		{"arrival weighting", int(o.Arrivals), len(weightingNames)},
		{"temporary rates", int(o.TemporaryRates), len(temporaryRatesNames)},
	} {
		if c.v < 0 || c.v >= c.n {
			return fmt.Errorf("resample: unknown %s %d", c.what, c.v)
		}
	}
	return nil
}

// resolveSize checks the length and the load, and bounds the jobs they
// ask for (MaxWeeks, MaxLoad, MaxJobs).
func (p *Pools) resolveSize(o *Options) error {
	if o.Weeks < 0 || o.Extend < 0 || math.IsNaN(o.Extend) || math.IsInf(o.Extend, 0) {
		return fmt.Errorf("resample: bad length: Weeks %d, Extend %v", o.Weeks, o.Extend)
	}
	if o.Weeks > 0 && o.Extend > 0 {
		return fmt.Errorf("resample: set Weeks or Extend, not both")
	}
	if o.Weeks == 0 && o.Extend == 0 {
		o.Extend = 1
	}
	if o.Load == 0 {
		o.Load = 1
	}
	if !(o.Load > 0) || o.Load > MaxLoad {
		return fmt.Errorf("resample: load factor %v, want above 0 and at most %d", o.Load, MaxLoad)
	}
	length := float64(o.Weeks) * datasets.Week
	if o.Weeks == 0 {
		length = o.Extend * p.Span()
	}
	if length > MaxWeeks*datasets.Week {
		return fmt.Errorf("resample: a new log of %.0f weeks, more than %d (100 years)", length/datasets.Week, MaxWeeks)
	}
	if jobs := float64(p.Trace.Len()) * length / max(p.Span(), datasets.Week) * o.Load; jobs > MaxJobs {
		return fmt.Errorf("resample: the new log would hold about %.3g jobs, more than %d: lower the load or the length", jobs, MaxJobs)
	}
	return nil
}

// resolveUsers fills in the numbers of users from the load and the
// temporary rates.
func (p *Pools) resolveUsers(o *Options) error {
	switch {
	case o.LongTermUsers < 0:
		return fmt.Errorf("resample: %d long-term users (NoLongTermUsers asks for none)", o.LongTermUsers)
	case o.NoLongTermUsers:
		o.LongTermUsers = 0
	case o.LongTermUsers == 0:
		o.LongTermUsers = int(math.Round(o.Load * float64(len(p.LongTerm))))
	}
	if o.LongTermUsers > 0 && len(p.LongTerm) == 0 {
		return fmt.Errorf("resample: %d long-term users asked, the pool has none", o.LongTermUsers)
	}
	if o.LongTermUsers > MaxLoad*len(p.LongTerm) {
		return fmt.Errorf("resample: %d long-term users asked, want at most %d (MaxLoad × the pool's %d)", o.LongTermUsers, MaxLoad*len(p.LongTerm), len(p.LongTerm))
	}
	present, active, rate := p.TemporaryPresent(), p.TemporaryActive(), p.TemporaryRate()
	if o.TemporaryRates == RatesOverObservable {
		present, active, rate = p.observableRates()
	}
	if o.InitialTemporaries == InitialByActiveWeeks {
		present = active
	}
	var err error
	if o.InitialTemporary, err = orDefault("initial temporary users", o.InitialTemporary, o.Load*present, o.NoInitialTemporary); err != nil {
		return err
	}
	if o.ArrivalRate, err = orDefault("arrival rate", o.ArrivalRate, o.Load*rate, o.NoArrivals); err != nil {
		return err
	}
	if o.ArrivalRate > float64(len(p.Temporary)) {
		return fmt.Errorf("resample: %.3g temporary users per week asked, the pool holds %d", o.ArrivalRate, len(p.Temporary))
	}
	if o.InitialTemporary > 0 && len(p.Temporary) == 0 {
		return fmt.Errorf("resample: initial temporary users asked, the pool has none")
	}
	if o.InitialTemporary > float64(MaxLoad*len(p.Temporary)) {
		return fmt.Errorf("resample: %.3g initial temporary users asked, want at most %d (MaxLoad × the pool's %d)", o.InitialTemporary, MaxLoad*len(p.Temporary), len(p.Temporary))
	}
	return nil
}

// orDefault returns 0 when none is set, else v, or def when v is 0; a
// negative, NaN or infinite v is an error naming what.
func orDefault(what string, v, def float64, none bool) (float64, error) {
	switch {
	case !(v >= 0) || math.IsInf(v, 0):
		return 0, fmt.Errorf("resample: %s %v, want ≥ 0", what, v)
	case none:
		return 0, nil
	case v == 0:
		return def, nil
	}
	return v, nil
}

// resolveRare checks RB_NPW.
func (p *Pools) resolveRare(o *Options) error {
	if !(o.RBNPW >= 0) || math.IsInf(o.RBNPW, 0) {
		return fmt.Errorf("resample: RB_NPW %v, want ≥ 0", o.RBNPW)
	}
	if o.RBNPW == 0 {
		return nil
	}
	if len(p.Rare) == 0 {
		return fmt.Errorf("resample: RB_NPW %v but no rare behaviour is defined", o.RBNPW)
	}
	if o.RBNPW > o.ArrivalRate {
		return fmt.Errorf("resample: RB_NPW %v above the arrival rate %.3g of temporary users (2013 §6.4)", o.RBNPW, o.ArrivalRate)
	}
	return nil
}
