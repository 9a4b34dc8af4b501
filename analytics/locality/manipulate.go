package locality

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
	"github.com/tracelab/tracelab/internal/parallel"
)

// The manipulations of locality of sampling proposed by Zakay and Feitelson
// (2013), §6.5.5 ("reducing or enhancing locality"). Both keep the submit
// times and the multiset of values exactly — the marginal distribution of
// the attribute and the arrival process are those of the log — and change
// only which job gets which value, so any change of a scheduler's
// performance is due to locality alone.

// ScramblePart returns a copy of obs with less locality: a fraction of the
// jobs, chosen at random, exchange their values by a uniform random
// permutation among themselves; the other jobs keep theirs. Fraction 0
// returns the log's order, 1 a full scramble (like Scramble, with
// another stream). The result is a function of (obs, fraction, seed) only.
func ScramblePart(obs Observations, fraction float64, seed uint64) (Observations, error) {
	if !(fraction >= 0 && fraction <= 1) {
		return Observations{}, fmt.Errorf("locality: scramble fraction must be in [0, 1], got %v", fraction)
	}
	out := obs.clone()
	rng := rand.New(rand.NewPCG(seed, 0x5c4a3b1e))
	var chosen []int
	for i := range out.Value {
		if rng.Float64() < fraction {
			chosen = append(chosen, i)
		}
	}
	vals := make([]float64, len(chosen))
	for k, i := range chosen {
		vals[k] = out.Value[i]
	}
	rng.Shuffle(len(vals), func(a, b int) { vals[a], vals[b] = vals[b], vals[a] })
	for k, i := range chosen {
		out.Value[i] = vals[k]
	}
	return out, nil
}

// Concentrate returns a copy of obs with more locality: the time line is
// cut into windows of the given length (seconds, from the first
// submission) and within each window the values are sorted ascending and
// given back to the window's jobs in submit order. Repeated values become
// adjacent (stack depth falls towards 0) and, with windows longer than the
// slices of LocalityOfSampling, each slice sees a narrow part of the
// distribution (M' rises). Each window keeps its own multiset of values,
// so the load of a week is unchanged by a window of a week or less.
func Concentrate(obs Observations, window float64) (Observations, error) {
	if !(window > 0) || math.IsInf(window, 0) {
		return Observations{}, fmt.Errorf("locality: concentration window must be a positive number of seconds, got %v", window)
	}
	out := obs.clone()
	if out.Len() == 0 {
		return out, nil
	}
	if span := out.Span(); span/window > MaxSlices {
		return Observations{}, fmt.Errorf("locality: window of %v s cuts a log of %v s into more than %d windows", window, span, MaxSlices)
	}
	t0 := out.Time[0]
	for lo := 0; lo < out.Len(); {
		w := math.Floor((out.Time[lo] - t0) / window)
		hi := lo + 1
		for hi < out.Len() && math.Floor((out.Time[hi]-t0)/window) == w {
			hi++
		}
		slices.Sort(out.Value[lo:hi])
		lo = hi
	}
	return out, nil
}

// clone returns a copy of o whose slices may be changed.
func (o Observations) clone() Observations {
	o.Time = slices.Clone(o.Time)
	o.Value = slices.Clone(o.Value)
	return o
}

// Names of the manipulations in the frame of Manipulations.
const (
	ManipNone        = "none"
	ManipScramble    = "scramble"
	ManipConcentrate = "concentrate"
)

// ManipulationOptions are the parameters of Manipulations.
type ManipulationOptions struct {
	// Fractions are the levels of ScramblePart, each in [0, 1].
	Fractions []float64
	// Windows are the levels of Concentrate, seconds, each > 0.
	Windows []float64
	// Reps is the number of replicates of each scramble level (1 to
	// MaxReps; 0 means 10). Concentrate is deterministic: one row each.
	Reps int
	// Seed seeds the scrambles: replicate k of every level uses seed
	// PCG(Seed, k)'s first output, so levels share random numbers.
	Seed uint64
	// Stack are the options of StackDepth; Sampling of
	// LocalityOfSampling (its bootstrap runs once, on the log: the
	// manipulations keep the submit times and the multiset of values, so
	// M'_g is the same for every manipulated version).
	Stack    StackOptions
	Sampling SamplingOptions
	// Workers is the number of goroutines; 0 means GOMAXPROCS. The frame
	// does not depend on it.
	Workers int
	// Progress, if not nil, is called after each manipulated version is
	// measured, with the versions done and their total (one call at a
	// time).
	Progress func(done, total int)
}

// Manipulations measures the locality of obs and of its manipulated
// versions (ScramblePart at each fraction, Concentrate at each window): one row
// per version with columns
//
//	manipulation  string  "none", "scramble" or "concentrate"
//	level         float   the fraction or the window (seconds); 0 for none
//	replicate     int     from 0 (always 0 for none and concentrate)
//	mean_depth    float   StackResult.MeanDepth
//	m_med, m_max  float   M'_med and M'_max of LocalityOfSampling
//	g_med, g_max  float   M'_g of the log's bootstrap (NaN if skipped)
//
// sorted by manipulation (none first, then scramble, then concentrate),
// level and replicate.
func Manipulations(ctx context.Context, obs Observations, opts ManipulationOptions) (dataframe.DataFrame, error) {
	if opts.Reps == 0 {
		opts.Reps = 10
	}
	if opts.Reps < 0 || opts.Reps > MaxReps {
		return dataframe.DataFrame{}, fmt.Errorf("locality: %d scramble replicates, want 1 to %d", opts.Reps, MaxReps)
	}
	workers, err := parallel.Workers(opts.Workers)
	if err != nil {
		return dataframe.DataFrame{}, fmt.Errorf("locality: %w", err)
	}
	if len(opts.Fractions)*opts.Reps+len(opts.Windows) > MaxReps {
		return dataframe.DataFrame{}, fmt.Errorf("locality: more than %d manipulated versions", MaxReps)
	}
	type version struct {
		kind  string
		level float64
		rep   int
	}
	vs := []version{{kind: ManipNone}}
	for _, f := range slices.Sorted(slices.Values(opts.Fractions)) {
		for k := range opts.Reps {
			vs = append(vs, version{ManipScramble, f, k})
		}
	}
	for _, w := range slices.Sorted(slices.Values(opts.Windows)) {
		vs = append(vs, version{ManipConcentrate, w, 0})
	}
	base := opts.Sampling
	base.Workers = workers
	ref, err := LocalityOfSampling(obs, base)
	if err != nil {
		return dataframe.DataFrame{}, err
	}
	noBoot := opts.Sampling
	noBoot.SkipBootstrap = true
	depth, mMed, mMax := make([]float64, len(vs)), make([]float64, len(vs)), make([]float64, len(vs))
	progress := parallel.NewProgress(len(vs), opts.Progress)
	err = parallel.For(ctx, len(vs), workers, func(_ context.Context, i int) error {
		defer progress.Done()
		v := vs[i]
		o := obs
		var err error
		switch v.kind {
		case ManipScramble:
			o, err = ScramblePart(obs, v.level, rand.New(rand.NewPCG(opts.Seed, uint64(v.rep))).Uint64())
		case ManipConcentrate:
			o, err = Concentrate(obs, v.level)
		}
		if err != nil {
			return err
		}
		sd, err := StackDepth(o, opts.Stack)
		if err != nil {
			return err
		}
		ls := ref
		if v.kind != ManipNone {
			if ls, err = LocalityOfSampling(o, noBoot); err != nil {
				return err
			}
		}
		depth[i], mMed[i], mMax[i] = sd.MeanDepth, ls.MMed, ls.MMax
		return nil
	})
	if err != nil {
		return dataframe.DataFrame{}, err
	}
	kind, level, rep := make([]string, len(vs)), make([]float64, len(vs)), make([]int, len(vs))
	gMed, gMax := make([]float64, len(vs)), make([]float64, len(vs))
	for i, v := range vs {
		kind[i], level[i], rep[i] = v.kind, v.level, v.rep
		gMed[i], gMax[i] = ref.GMed, ref.GMax
	}
	df := dataframe.New(
		series.New(kind, series.String, "manipulation"),
		series.New(level, series.Float, "level"),
		series.New(rep, series.Int, "replicate"),
		series.New(depth, series.Float, "mean_depth"),
		series.New(mMed, series.Float, "m_med"),
		series.New(mMax, series.Float, "m_max"),
		series.New(gMed, series.Float, "g_med"),
		series.New(gMax, series.Float, "g_max"),
	)
	return df, df.Err
}
