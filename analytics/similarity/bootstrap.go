package similarity

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/tracelab/tracelab/analytics/session"
	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/internal/parallel"
)

// BootstrapOptions controls Randomize. The zero value gives the paper's
// 1000 repetitions.
type BootstrapOptions struct {
	// Session controls how sessions are found (default: Definition 1).
	Session session.Options
	// Reps is the number of randomised replicates; 0 means 1000 (2013 §3);
	// at most MaxReps.
	Reps int
	// Seed seeds the random numbers: replicate r uses
	// rand.NewPCG(Seed, r), so results do not depend on Workers.
	Seed uint64
	// Workers is the number of goroutines; 0 means runtime.GOMAXPROCS(0).
	Workers int
	// Progress, if not nil, is called after each replicate with the number
	// done so far and the total. Calls may come from several goroutines
	// but never at the same time.
	Progress func(done, total int)
}

// Within summarises the similarity of the distinct job pairs inside
// sessions (distance 0): Mean averages the sessions' average similarities,
// Pooled averages all the pairs, Identical averages the sessions'
// fractions of identical pairs (the d = 0 point of Fig. 1).
type Within struct {
	Mean, Pooled, Identical float64
}

// Bootstrap is the randomisation bootstrap of Fig. 2 (2013 §3): the
// within-session similarity of the log and of Reps replicates in which
// each user's jobs are shuffled among the user's sessions, keeping the
// number of jobs of each session. Replicate r's values are at index r.
type Bootstrap struct {
	Trace     string // the trace's name (empty for RandomizeStructure)
	Attribute datasets.Attribute
	Observed  Within
	Mean      []float64
	Pooled    []float64
	Identical []float64
}

// Replicate returns replicate r's summary.
func (b Bootstrap) Replicate(r int) Within {
	return Within{Mean: b.Mean[r], Pooled: b.Pooled[r], Identical: b.Identical[r]}
}

// FractionAtLeastObserved returns the fraction of replicates whose Mean is
// at least the observed Mean: the one-sided p-value of the hypothesis that
// jobs are placed in sessions at random.
func (b Bootstrap) FractionAtLeastObserved() float64 {
	n := 0
	for _, m := range b.Mean {
		if m >= b.Observed.Mean {
			n++
		}
	}
	return float64(n) / float64(len(b.Mean))
}

// shuffleUser is one user's known values, in session order, and the
// number of known values in each of the user's sessions. The values are
// held as ranks into levels, the user's distinct values in increasing
// order: a replicate shuffles and sorts the ranks (integers, often few
// distinct ones) instead of the values, which gives the same sorted
// sessions.
type shuffleUser struct {
	ranks  []uint32
	levels []float64
	sizes  []int
}

// newShuffleUser returns the user of values vals (in session order) with
// these session sizes.
func newShuffleUser(vals []float64, sizes []int) shuffleUser {
	levels := slices.Compact(slices.Sorted(slices.Values(vals)))
	u := shuffleUser{ranks: make([]uint32, len(vals)), levels: levels, sizes: sizes}
	for i, x := range vals {
		r, _ := slices.BinarySearch(levels, x)
		u.ranks[i] = uint32(r)
	}
	return u
}

// sortRanks sorts the ranks x, each below k, using counts (length ≥ k, all
// zero; left all zero) when a counting sort is the cheaper.
func sortRanks(x []uint32, k int, counts []int) {
	if k > 2*len(x) {
		slices.Sort(x)
		return
	}
	for _, r := range x {
		counts[r]++
	}
	i := 0
	for r, c := range counts[:k] {
		for ; c > 0; c-- {
			x[i] = uint32(r)
			i++
		}
		counts[r] = 0
	}
}

// withinAcc accumulates the within-session statistics.
type withinAcc struct {
	meanSum, simSum, identSum float64
	sessions, pairs           int
}

func (a *withinAcc) add(b withinAcc) {
	a.meanSum += b.meanSum
	a.simSum += b.simSum
	a.identSum += b.identSum
	a.sessions += b.sessions
	a.pairs += b.pairs
}

func (a withinAcc) result() Within {
	return Within{Mean: a.meanSum / float64(a.sessions), Pooled: a.simSum / float64(a.pairs),
		Identical: a.identSum / float64(a.sessions)}
}

// addSorted adds one session whose known values x are sorted.
func (a *withinAcc) addSorted(x []float64) {
	n := len(x)
	pairs := n * (n - 1) / 2
	if pairs == 0 {
		return
	}
	z := 0
	for z < n && x[z] == 0 {
		z++
	}
	sum := float64(z * (z - 1) / 2)
	ident := z * (z - 1) / 2
	pre, run := 0.0, 0
	for j := z; j < n; j++ {
		v := x[j]
		sum += pre / v
		pre += v
		if j > z && x[j-1] == v {
			run++
			ident += run
		} else {
			run = 0
		}
	}
	a.meanSum += sum / float64(pairs)
	a.simSum += sum
	a.identSum += float64(ident) / float64(pairs)
	a.sessions++
	a.pairs += pairs
}

// Randomize runs the randomisation bootstrap of Fig. 2 (2013 §3) for attr:
// in each replicate every user's jobs with a known value are shuffled
// uniformly among that user's sessions, each session keeping its number of
// such jobs, and the within-session similarity is recomputed. Users with a
// single session cannot change and contribute their observed pairs to
// every replicate. It returns an error for a trace Analyze would refuse
// or a trace without any session holding two known values. attr is one of
// Attributes.
func Randomize(t *datasets.Trace, attr datasets.Attribute, opts BootstrapOptions) (Bootstrap, error) {
	if err := checkAttribute(attr); err != nil {
		return Bootstrap{}, err
	}
	st, err := session.Analyze(t, opts.Session)
	if err != nil {
		return Bootstrap{}, err
	}
	b, err := RandomizeStructure(st, attr.Values(t), attr, opts)
	b.Trace = t.Name
	return b, err
}

// RandomizeStructure is Randomize for a trace whose sessions are already
// known; vals are the attribute's values by trace row.
func RandomizeStructure(st session.Structure, vals []float64, attr datasets.Attribute, opts BootstrapOptions) (Bootstrap, error) {
	if err := checkAttribute(attr); err != nil {
		return Bootstrap{}, err
	}
	if len(vals) != len(st.JobSession) {
		return Bootstrap{}, fmt.Errorf("similarity: %d values for %d jobs", len(vals), len(st.JobSession))
	}
	if err := checkValues(vals, attr); err != nil {
		return Bootstrap{}, err
	}
	reps := opts.Reps
	if reps == 0 {
		reps = 1000
	}
	if reps < 0 || reps > MaxReps {
		return Bootstrap{}, fmt.Errorf("similarity: Reps must be 1 to %d, not %d", MaxReps, reps)
	}
	workers, err := parallel.Workers(opts.Workers)
	if err != nil {
		return Bootstrap{}, fmt.Errorf("similarity: %w", err)
	}
	// Observed values, and the users that can change.
	var fixed, observed withinAcc
	var users []shuffleUser
	var buf []float64
	maxLevels := 0
	for k := range st.Users.ID {
		fs, ns := st.Users.FirstSession[k], st.Users.Sessions[k]
		var uvals []float64
		var sizes []int
		var acc withinAcc
		for i := fs; i < fs+ns; i++ {
			buf = buf[:0]
			for _, row := range st.SessionJobs(i) {
				if x := vals[row]; x >= 0 {
					buf = append(buf, x)
				}
			}
			uvals = append(uvals, buf...)
			sizes = append(sizes, len(buf))
			slices.Sort(buf)
			acc.addSorted(buf)
		}
		observed.add(acc)
		if changes(sizes) {
			u := newShuffleUser(uvals, sizes)
			users = append(users, u)
			maxLevels = max(maxLevels, len(u.levels))
		} else {
			fixed.add(acc)
		}
	}
	if observed.sessions == 0 {
		return Bootstrap{}, fmt.Errorf("similarity: no session has two jobs with a known %s", attr)
	}
	b := Bootstrap{Attribute: attr, Observed: observed.result(),
		Mean: make([]float64, reps), Pooled: make([]float64, reps), Identical: make([]float64, reps)}
	progress := parallel.NewProgress(reps, opts.Progress)
	err = parallel.For(context.Background(), reps, workers, func(_ context.Context, r int) error {
		rng := rand.New(rand.NewPCG(opts.Seed, uint64(r)))
		acc := fixed
		var scratch []uint32
		var chunk []float64
		counts := make([]int, maxLevels)
		for _, u := range users {
			scratch = append(scratch[:0], u.ranks...)
			rng.Shuffle(len(scratch), func(i, j int) { scratch[i], scratch[j] = scratch[j], scratch[i] })
			off := 0
			for _, n := range u.sizes {
				ranks := scratch[off : off+n]
				off += n
				if n >= 2 {
					sortRanks(ranks, len(u.levels), counts)
					chunk = chunk[:0]
					for _, r := range ranks {
						chunk = append(chunk, u.levels[r])
					}
					acc.addSorted(chunk)
				}
			}
		}
		w := acc.result()
		b.Mean[r], b.Pooled[r], b.Identical[r] = w.Mean, w.Pooled, w.Identical
		progress.Done()
		return nil
	})
	if err != nil {
		return Bootstrap{}, err
	}
	return b, nil
}

// changes reports whether shuffling values among sessions of these sizes
// can change any session's contents: at least two non-empty sessions and
// one with two values.
func changes(sizes []int) bool {
	nonEmpty, big := 0, false
	for _, n := range sizes {
		if n > 0 {
			nonEmpty++
		}
		if n >= 2 {
			big = true
		}
	}
	return nonEmpty >= 2 && big
}
