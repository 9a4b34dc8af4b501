package shake

import (
	"cmp"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"github.com/tracelab/tracelab/sim"
)

// Level is what moves together when a workload is shaken.
type Level int

// The levels of shaking (2013 §6.5.3).
const (
	// JobLevel shifts each job independently (Tsafrir et al. 2007).
	JobLevel Level = iota + 1
	// SessionLevel shifts each session of each user as a block: a session
	// is a maximal run of a user's jobs whose successive inter-arrival
	// times are at most Options.SessionGap (Zakay and Feitelson 2014,
	// Definition 1, as in analytics/session), except that a session is not
	// split where the next job was submitted less than 2·MaxShift after
	// the previous one's logged end (shaking could put it before that end).
	SessionLevel
	// UserLevel shifts all the jobs of each user by the same amount.
	UserLevel
)

// Levels lists the levels, finest first.
var Levels = []Level{JobLevel, SessionLevel, UserLevel}

func (l Level) String() string {
	switch l {
	case JobLevel:
		return "job"
	case SessionLevel:
		return "session"
	case UserLevel:
		return "user"
	}
	return fmt.Sprintf("Level(%d)", int(l))
}

// ParseLevel parses "job", "session" or "user".
func ParseLevel(s string) (Level, error) {
	for _, l := range Levels {
		if l.String() == s {
			return l, nil
		}
	}
	return 0, fmt.Errorf("shake: unknown level %q (want job, session or user)", s)
}

// MaxShiftBound bounds Options.MaxShift: one day.
const MaxShiftBound = 86400.0

// Options are the parameters of Shake. The zero value (with a Level) shifts
// by up to 60 s, sessions split at gaps over an hour.
type Options struct {
	Level Level
	// MaxShift is the largest shift, seconds: each group moves by an
	// amount drawn uniformly from [−MaxShift, MaxShift]. 0 means 60 s (our
	// choice: small next to the waits it is meant to blur, and below the
	// 1-minute granularity at which users submit in a session); at most
	// MaxShiftBound, and below SessionGap/2 at the session level.
	MaxShift float64
	// SessionGap is the largest inter-arrival time within a session,
	// seconds; 0 means 3600 (2014, Definition 1).
	SessionGap float64
}

func (o Options) withDefaults() (Options, error) {
	if o.MaxShift == 0 {
		o.MaxShift = 60
	}
	if o.SessionGap == 0 {
		o.SessionGap = 3600
	}
	if !slices.Contains(Levels, o.Level) {
		return o, fmt.Errorf("shake: no level (want job, session or user), got %v", o.Level)
	}
	if !(o.MaxShift > 0 && o.MaxShift <= MaxShiftBound) {
		return o, fmt.Errorf("shake: largest shift must be in (0, %v] s, got %v", MaxShiftBound, o.MaxShift)
	}
	if !(o.SessionGap > 0) || math.IsInf(o.SessionGap, 0) {
		return o, fmt.Errorf("shake: session gap must be a positive number of seconds, got %v", o.SessionGap)
	}
	if o.Level == SessionLevel && !(2*o.MaxShift < o.SessionGap) {
		return o, fmt.Errorf("shake: at the session level the largest shift (%v s) must be under half the session gap (%v s), "+
			"or two sessions of a user could swap", o.MaxShift, o.SessionGap)
	}
	return o, nil
}

// Groups returns the group of each job at level l (groups numbered from 0
// in the order of their first job in jobs) and the number of groups. A job
// of unknown user (User < 0) is a group of its own at every level.
func Groups(jobs []sim.Job, opts Options) ([]int, int, error) {
	opts, err := opts.withDefaults()
	if err != nil {
		return nil, 0, err
	}
	key := make([]int, len(jobs)) // a label per job, equal within a group
	switch opts.Level {
	case JobLevel:
		for i := range key {
			key[i] = i
		}
	case UserLevel:
		for i, j := range jobs {
			key[i] = j.User
			if j.User < 0 {
				key[i] = -1 - i
			}
		}
	case SessionLevel:
		order := make([]int, len(jobs))
		for i := range order {
			order[i] = i
		}
		slices.SortFunc(order, func(a, b int) int {
			return cmp.Or(cmp.Compare(jobs[a].User, jobs[b].User), cmp.Compare(jobs[a].Submit, jobs[b].Submit), cmp.Compare(a, b))
		})
		session := -1
		for k, i := range order {
			p := -1
			if k > 0 {
				p = order[k-1]
			}
			if jobs[i].User < 0 || p < 0 || jobs[p].User != jobs[i].User ||
				jobs[i].Submit-jobs[p].Submit > opts.SessionGap && !closeAfterEnd(jobs[p], jobs[i], 2*opts.MaxShift) {
				session = i // a session is labelled by its first job
			}
			key[i] = session
		}
	}
	group := make([]int, len(jobs))
	ids := make(map[int]int, len(jobs))
	for i, k := range key {
		g, ok := ids[k]
		if !ok {
			g = len(ids)
			ids[k] = g
		}
		group[i] = g
	}
	return group, len(ids), nil
}

// closeAfterEnd tells whether job i is submitted after job p's logged end
// (submit + wait + runtime) by less than margin: shifting them apart by up
// to margin could submit i before p ended.
func closeAfterEnd(p, i sim.Job, margin float64) bool {
	think := i.Submit - (p.Submit + p.Wait + p.Runtime)
	return think >= 0 && think < margin
}

// Shake returns a copy of jobs whose submit times are shifted: every group
// of opts.Level (Groups) by its own amount, uniform in [−MaxShift,
// MaxShift], group g's shift being the g-th draw of PCG(seed, level). Only
// Submit changes; the result is a function of (jobs, opts, seed). Shifted
// times may be negative.
func Shake(jobs []sim.Job, opts Options, seed uint64) ([]sim.Job, error) {
	opts, err := opts.withDefaults()
	if err != nil {
		return nil, err
	}
	group, n, err := Groups(jobs, opts)
	if err != nil {
		return nil, err
	}
	return shift(jobs, group, n, opts, seed), nil
}

// shift moves the jobs of each of the n groups by their own amount (see
// Shake).
func shift(jobs []sim.Job, group []int, n int, opts Options, seed uint64) []sim.Job {
	rng := rand.New(rand.NewPCG(seed, uint64(opts.Level)))
	by := make([]float64, n)
	for g := range by {
		by[g] = (2*rng.Float64() - 1) * opts.MaxShift
	}
	out := slices.Clone(jobs)
	for i := range out {
		out[i].Submit += by[group[i]]
	}
	return out
}

// Broken counts the dependencies between successive jobs of a user (by
// submit time in the original; ties by position) that a shaken version
// breaks. shaken[i] must be orig[i] shifted.
type Broken struct {
	// Pairs is the number of successive pairs of a user's jobs; Order of
	// them are submitted in the other order after shaking.
	Pairs, Order int
	// ThinkPairs is the number of those pairs in which the later job was
	// submitted after the earlier one ended in the log (submit + logged
	// wait + runtime; pairs whose wait is unknown are left out); Think of
	// them see the later job submitted before that end, both shifted (by
	// more than a microsecond: shifted times are rounded).
	ThinkPairs, Think int
}

// Dependencies compares a shaken version with the original. It panics if
// the lengths differ.
func Dependencies(orig, shaken []sim.Job) Broken {
	return userPairs(orig).count(orig, shaken)
}

// pairs are the successive jobs of each user in the original (prev[k]
// then next[k]), with the logged end of prev[k] when next[k] was submitted
// after it (NaN otherwise): computed once per workload, counted per
// shaken version in O(n).
type pairs struct {
	prev, next []int32
	end        []float64
}

func userPairs(orig []sim.Job) pairs {
	order := make([]int, len(orig))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(a, b int) int {
		return cmp.Or(cmp.Compare(orig[a].User, orig[b].User), cmp.Compare(orig[a].Submit, orig[b].Submit), cmp.Compare(a, b))
	})
	var p pairs
	for k := 1; k < len(order); k++ {
		a, b := order[k-1], order[k]
		if orig[b].User < 0 || orig[a].User != orig[b].User {
			continue
		}
		end := orig[a].Submit + orig[a].Wait + orig[a].Runtime
		if !(orig[b].Submit >= end) { // NaN (unknown wait) or not yet ended
			end = math.NaN()
		}
		p.prev, p.next, p.end = append(p.prev, int32(a)), append(p.next, int32(b)), append(p.end, end)
	}
	return p
}

// roundingSlack is how far (seconds) a job may appear to move before the
// end it follows through the rounding of shifted times alone.
const roundingSlack = 1e-6

func (p pairs) count(orig, shaken []sim.Job) Broken {
	if len(orig) != len(shaken) {
		panic("shake: original and shaken workloads differ in length")
	}
	b := Broken{Pairs: len(p.prev)}
	for k, a := range p.prev {
		i := p.next[k]
		if shaken[i].Submit < shaken[a].Submit {
			b.Order++
		}
		if math.IsNaN(p.end[k]) {
			continue
		}
		b.ThinkPairs++
		if shaken[i].Submit < p.end[k]+(shaken[a].Submit-orig[a].Submit)-roundingSlack {
			b.Think++
		}
	}
	return b
}
