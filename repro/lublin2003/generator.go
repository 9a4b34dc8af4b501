package lublin2003

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/plots"
	"github.com/tracelab/tracelab/repro/ledger"
	"github.com/tracelab/tracelab/repro/study"
	"github.com/tracelab/tracelab/sim/lublin"
	"github.com/tracelab/tracelab/sim/lublin/lublinplot"
)

// GeneratorResult is our own check of the generator (§9.1: "a program that
// implements this model is available"): which parameter set of the
// reference program m_lublin99 made the archive's lublin_256 (10,000 jobs
// for a 256-node machine, queue field 0 throughout), by two-sample KS
// distances between lublin_256 and our generator over independent seeds.
//
// The program writes the job type to the queue field (0 interactive, 1
// batch) and in typeless mode makes every job "interactive"; all zeros
// points to typeless mode, and the distances settle it. Its sizes need
// m = log2(256) − 2.5 = 5.5 (the program's default 128 nodes has 4.5), and
// its hour-of-day distribution carries the program's clock drift: it adds
// each inter-arrival truncated to whole seconds to its clock while its
// daily-cycle state keeps the exact time (lublin.Params.TruncateGaps).
type GeneratorResult struct {
	// Frame has one row per parameter set: parameters, the median and
	// 90th percentile over the seeds of the distance of each attribute
	// (ln_runtime, size, interarrival, hour_of_day, *_p90), and within_005
	// (seeds whose four distances are all ≤ 0.05).
	Frame dataframe.DataFrame
	// Daily draws lublin_256's arrivals per half hour against ours with the
	// program's clock and with an exact clock, and beside it the same for
	// long outputs, where the program's clock flattens the cycle.
	Daily *plots.Figure

	missing bool
	seeds   int
	sets    []generatorSet
}

type generatorSet struct {
	label       string
	median, p90 lublin.Distances
	within      int
}

// attributes are the distances compared, in order.
var attributes = []struct {
	name, id string
	get      func(lublin.Distances) float64
}{
	{"ln runtime", "ln_runtime", func(d lublin.Distances) float64 { return d.LogRuntime }},
	{"size", "size", func(d lublin.Distances) float64 { return d.Size }},
	{"inter-arrival", "interarrival", func(d lublin.Distances) float64 { return d.Interarrival }},
	{"hour of day", "hour_of_day", func(d lublin.Distances) float64 { return d.HourOfDay }},
}

// Generator compares our generator with lublin_256 (41 seeds, 7 in quick
// mode).
func (s *Study) Generator(ctx context.Context) (*GeneratorResult, error) {
	return s.generator.Get(func() (*GeneratorResult, error) {
		r := &GeneratorResult{seeds: s.o.Reps(41, 7)}
		ref, err := study.Log("lublin_256")
		if errors.Is(err, study.ErrMissing) {
			r.missing = true
			return r, nil
		}
		if err != nil {
			return nil, err
		}
		seeds := make([]uint64, r.seeds)
		for i := range seeds {
			seeds[i] = s.o.SeedOr() + uint64(i)
		}
		typed, err1 := lublin.M99Params(256)
		typeless, err2 := lublin.M99TypelessParams(256)
		paper, err3 := lublin.PaperParams(256)
		if err := errors.Join(err1, err2, err3); err != nil {
			return nil, err
		}
		med45 := typeless
		med45.Classes = []lublin.Class{typeless.Classes[0]}
		med45.Classes[0].Size.Med = 4.5
		exact := typeless
		exact.TruncateGaps = false
		for _, set := range []struct {
			label string
			p     lublin.Params
		}{{"typed mix (m_lublin99)", typed}, {"typeless (m_lublin99_typeless)", typeless}, {"typeless, m = 4.5", med45},
			{"typeless, exact clock", exact}, {"paper's model rows", paper}} {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			ds, err := lublin.CompareGenerated(set.p, ref, seeds)
			if err != nil {
				return nil, err
			}
			g := generatorSet{label: set.label, median: quantiles(ds, 0.5), p90: quantiles(ds, 0.9)}
			for _, d := range ds {
				if d.Max() <= 0.05 {
					g.within++
				}
			}
			r.sets = append(r.sets, g)
		}
		r.Frame = r.frame()
		if err := r.plots(ref, typeless, exact, s.o.SeedOr(), s.o.Reps(200_000, 50_000)); err != nil {
			return nil, err
		}
		return r, nil
	})
}

// quantiles returns the q-quantile of each distance over ds.
func quantiles(ds []lublin.Distances, q float64) lublin.Distances {
	at := func(f func(lublin.Distances) float64) float64 {
		x := make([]float64, len(ds))
		for i, d := range ds {
			x[i] = f(d)
		}
		slices.Sort(x)
		return x[int(q*float64(len(x)-1))]
	}
	return lublin.Distances{LogRuntime: at(attributes[0].get), Size: at(attributes[1].get),
		Interarrival: at(attributes[2].get), HourOfDay: at(attributes[3].get)}
}

func (r *GeneratorResult) frame() dataframe.DataFrame {
	var labels []string
	var within []int
	cols := make([][]float64, 2*len(attributes))
	for _, g := range r.sets {
		labels, within = append(labels, g.label), append(within, g.within)
		for k, a := range attributes {
			cols[k] = append(cols[k], a.get(g.median))
			cols[len(attributes)+k] = append(cols[len(attributes)+k], a.get(g.p90))
		}
	}
	ss := []series.Series{series.New(labels, series.String, "parameters")}
	for k, a := range attributes {
		ss = append(ss, series.New(cols[k], series.Float, a.id))
	}
	for k, a := range attributes {
		ss = append(ss, series.New(cols[len(attributes)+k], series.Float, a.id+"_p90"))
	}
	return dataframe.New(append(ss, series.New(within, series.Int, "within_005"))...)
}

// slotCounts counts a trace's submissions per half-hour slot of the day.
func slotCounts(tr *datasets.Trace) []int {
	c := make([]int, lublin.Slots)
	for _, s := range tr.Submit {
		c[int(math.Mod(s, 86400)/lublin.SlotSeconds)]++
	}
	return c
}

func (r *GeneratorResult) plots(ref *datasets.Trace, typeless, exact lublin.Params, seed uint64, long int) error {
	gen := func(p lublin.Params, n int, seed uint64) ([]int, error) {
		tr, err := lublin.Generate(p, n, seed)
		if err != nil {
			return nil, err
		}
		return slotCounts(tr), nil
	}
	a := typeless.Classes[0].Arrival
	model := lublin.DailyFractions(a.DailyAlpha, a.DailyBeta, lublin.DefaultDayStart)
	prog, err1 := gen(typeless, ref.Len(), seed)
	ex, err2 := gen(exact, ref.Len(), seed)
	progLong, err3 := gen(typeless, long, seed+1)
	exLong, err4 := gen(exact, long, seed+1)
	if err := errors.Join(err1, err2, err3, err4); err != nil {
		return err
	}
	progLabel, exLabel, modelLabel := "ours, m_lublin99's clock", "ours, an exact clock", lublinplot.ModelLabel
	daily, err := lublinplot.DailyCycle([]lublinplot.Daily{
		{Label: "lublin_256", Counts: slotCounts(ref), Role: plots.Original},
		{Label: progLabel, Counts: prog},
		{Label: exLabel, Counts: ex},
		{Label: modelLabel, Fractions: model, Dashed: true},
	}, plots.Axes{Title: plots.Count(ref.Len()) + " jobs, as lublin_256"})
	if err != nil {
		return err
	}
	drift, err := lublinplot.DailyCycle([]lublinplot.Daily{
		{Label: progLabel, Counts: progLong},
		{Label: exLabel, Counts: exLong},
		{Label: modelLabel, Fractions: model, Dashed: true},
	}, plots.Axes{Title: plots.Count(long) + " jobs"})
	if err != nil {
		return err
	}
	r.Daily = figure("§9.1 (ours)", "arrivals per half hour of the generator against lublin_256",
		"our output with the program's clock against lublin_256 (left); over long outputs, the program's clock against an exact one (right; the ledger's §9.1 entries)", 2, daily, drift)
	r.Daily.ShareY = true
	return nil
}

func (r *GeneratorResult) set(label string) generatorSet {
	for _, g := range r.sets {
		if g.label == label {
			return g
		}
	}
	panic("lublin2003: no parameter set " + label)
}

// Claims records our findings as our own results: the typeless set's
// median distances within 0.05 on every attribute (the typed mix's not),
// m = 5.5 needed for the sizes, and the program's clock needed for the
// hour of day.
func (r *GeneratorResult) Claims(l *ledger.Ledger) {
	if r.missing {
		l.MissingLog("§9.1", "generator/typeless", "the typeless parameter set made lublin_256", "—", "lublin_256", "lublin_256 is not available here").
			Kind = ledger.Ours
		return
	}
	tl, typed := r.set("typeless (m_lublin99_typeless)"), r.set("typed mix (m_lublin99)")
	for _, a := range attributes {
		l.Own("§9.1", "generator/typeless/"+a.id, fmt.Sprintf("median two-sample KS distance of %s, lublin_256 vs the typeless set (%d seeds)", a.name, r.seeds),
			ledger.AtMost(0.05), a.get(tl.median))
	}
	l.OwnClaim("§9.1", "generator/typed-differs", "the typed mix does not match lublin_256 (some median distance > 0.05)",
		typed.median.Max() > 0.05, fmt.Sprintf("largest median distance %.3f", typed.median.Max()))
	m45 := r.set("typeless, m = 4.5")
	l.OwnClaim("§9.1", "generator/m-5.5", "lublin_256's sizes need m = log2(256) − 2.5 = 5.5: m = 4.5 (128 nodes) matches them worse",
		m45.median.Size > tl.median.Size, fmt.Sprintf("size distance %.3f with m = 4.5, %.3f with 5.5", m45.median.Size, tl.median.Size))
	ex := r.set("typeless, exact clock")
	l.OwnClaim("§9.1", "generator/clock", "lublin_256's hour of day carries the program's clock drift: an exact clock matches it worse",
		ex.median.HourOfDay > tl.median.HourOfDay, fmt.Sprintf("hour-of-day distance %.3f with an exact clock, %.3f with the program's", ex.median.HourOfDay, tl.median.HourOfDay))
}
