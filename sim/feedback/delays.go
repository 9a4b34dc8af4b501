package feedback

import (
	"math"
	"math/rand/v2"

	"github.com/tracelab/tracelab/datasets"
)

// DefaultMaxBreak is the longest session break the distribution-based
// model draws (2014 §VII-B: "a random TT or IAT between batches in
// different sessions that is smaller than eight hours"), seconds.
const DefaultMaxBreak = 8 * datasets.Hour

// DelayKind names one of the empirical delay distributions of a user
// (2014 §VII).
type DelayKind int

const (
	// SessionTT are the think times of batches that are not the first of
	// their session (each depends on the previous batch, rule 1).
	SessionTT DelayKind = iota
	// SessionIAT are the inter-arrival times of batches that are not the
	// first of their session.
	SessionIAT
	// BreakTT are the think times of first batches of sessions (other
	// than the user's first) shorter than DefaultMaxBreak.
	BreakTT
	// BreakIAT are the inter-arrival times of first batches of sessions
	// (other than the user's first) shorter than DefaultMaxBreak: the gaps
	// between sessions.
	BreakIAT
	numDelayKinds
)

// String returns session_tt, session_iat, break_tt or break_iat.
func (k DelayKind) String() string {
	return [...]string{"session_tt", "session_iat", "break_tt", "break_iat"}[k]
}

// delayPools holds, per kind, each user's delays (compressed rows over
// users) and all users' delays together.
type delayPools struct {
	start [numDelayKinds][]int
	vals  [numDelayKinds][]float64
}

// pools returns the workload's delay pools, computing them on first use
// (safe for concurrent simulations of one workload).
func (w *Workload) pools() *delayPools {
	w.delaysOnce.Do(func() { w.delays = newDelayPools(w) })
	return w.delays
}

func newDelayPools(w *Workload) *delayPools {
	st := &w.Structure
	bs := &st.Batches
	ss := &st.Sessions
	nu := len(st.Users.ID)
	p := &delayPools{}
	for k := range numDelayKinds {
		p.start[k] = make([]int, nu+1)
	}
	for u := range nu {
		for k := range numDelayKinds {
			p.start[k][u] = len(p.vals[k])
		}
		fb := st.Users.FirstBatch[u]
		for b := fb; b < fb+st.Users.Batches[u]; b++ {
			if bs.Seq[b] == 0 {
				continue
			}
			tt, iat := bs.ThinkTime[b], bs.InterArrival[b]
			if ss.FirstBatch[bs.Session[b]] != b {
				p.add(SessionTT, tt, math.Inf(1))
				p.add(SessionIAT, iat, math.Inf(1))
			} else {
				p.add(BreakTT, tt, DefaultMaxBreak)
				p.add(BreakIAT, iat, DefaultMaxBreak)
			}
		}
	}
	for k := range numDelayKinds {
		p.start[k][nu] = len(p.vals[k])
	}
	return p
}

func (p *delayPools) add(k DelayKind, v, limit float64) {
	if v >= 0 && v < limit {
		p.vals[k] = append(p.vals[k], v)
	}
}

// of returns user u's delays of kind k.
func (p *delayPools) of(k DelayKind, u int) []float64 {
	return p.vals[k][p.start[k][u]:p.start[k][u+1]]
}

// draw returns a delay of kind k for user u, drawn uniformly from the
// user's own values; when the user has none, from the alternative kind
// alt of the user; then from kind k over all users; then alt over all
// users; and fallback when all are empty.
func (p *delayPools) draw(rng *rand.Rand, k, alt DelayKind, u int, fallback float64) float64 {
	for _, v := range [][]float64{p.of(k, u), p.of(alt, u), p.vals[k], p.vals[alt]} {
		if len(v) > 0 {
			return v[rng.IntN(len(v))]
		}
	}
	return fallback
}

// Delays returns user u's (row in Structure.Users) empirical delays of
// kind k, seconds, in batch order.
func (w *Workload) Delays(k DelayKind, u int) []float64 { return w.pools().of(k, u) }

// userRNG returns the random source of user u in a simulation seeded by
// seed: one PCG stream per user, so one user's draws do not depend on the
// order in which other users' batches are released.
func userRNG(seed uint64, u int) *rand.Rand {
	return rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15^uint64(u)))
}
