package beyond

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
	"github.com/tracelab/tracelab/analytics/locality"
	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/plots"
	"github.com/tracelab/tracelab/repro/ledger"
	"github.com/tracelab/tracelab/repro/study"
)

// LocalityResult is the experiment of §6.5.5: the runtime locality of each
// log and of versions with less (part of the jobs scrambled) or more
// (values sorted within windows) locality, with the same submit times and
// the same multiset of runtimes.
type LocalityResult struct {
	// Frame has one row per log and version: log, manipulation, level
	// (a text: "50%" scrambled, "30 d" windows), versions (replicates),
	// mean_depth with depth_lo/depth_hi, m_med with m_med_lo/m_med_hi
	// (95% CIs over the scramble replicates), and locality_med = m_med −
	// M'_g (the 2007 paper's M, bootstrap of the log).
	Frame dataframe.DataFrame
	// Figure draws Frame (the estimates with their 95% CIs); nil when
	// none of the logs is available here.
	Figure  *plots.Figure
	logs    []localityLog
	missing []string // logs not available
}

type localityLog struct {
	name       string
	rows       []localityRow
	keptValues bool // every checked version has the log's times and multiset of runtimes
}

type localityRow struct {
	manip, level string
	fraction     float64 // scrambled fraction (scramble rows)
	depth, mMed  Interval
	gMed         float64
}

// Locality runs the §6.5.5 experiment on the runtimes of SDSC-SP2 (quick
// mode) or of the four logs (full mode): scramble 25%, 50% and 100% of the
// jobs (20 replicates each, 4 in quick mode) and sort runtimes within 7-
// and 30-day windows; stack depth as the 2013 paper's Table VI, M' as the
// 2007 paper's §3 (3-day slices, 24 ranges, bootstrap of 1000, 100 quick).
func (s *Study) Locality(ctx context.Context) (*LocalityResult, error) {
	return s.locality.Get(func() (*LocalityResult, error) {
		res := &LocalityResult{}
		for _, name := range s.logsFor(fourLogs...) {
			tr, err := study.Log(name)
			if errors.Is(err, study.ErrMissing) {
				res.missing = append(res.missing, name)
				continue
			}
			if err != nil {
				return nil, err
			}
			ll, err := s.localityOf(ctx, name, tr)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", name, err)
			}
			res.logs = append(res.logs, ll)
		}
		res.Frame = localityFrame(res.logs)
		if res.Frame.Err != nil {
			return nil, res.Frame.Err
		}
		var err error
		res.Figure, err = figureOf(res.Frame, localityFigure)
		return res, err
	})
}

var (
	scrambleFractions = []float64{0.25, 0.5, 1}
	concentrateDays   = []float64{7, 30}
)

func (s *Study) localityOf(ctx context.Context, name string, tr *datasets.Trace) (localityLog, error) {
	obs, err := locality.Observe(tr, datasets.Runtime)
	if err != nil {
		return localityLog{}, err
	}
	opts := locality.ManipulationOptions{
		Fractions: scrambleFractions, Reps: s.o.Reps(20, 4), Seed: s.o.SeedOr(), Workers: s.o.NumWorkers(),
		Sampling: locality.SamplingOptions{Reps: s.o.Reps(1000, 100), Seed: s.o.SeedOr()},
	}
	for _, d := range concentrateDays {
		opts.Windows = append(opts.Windows, d*datasets.Day)
	}
	df, err := locality.Manipulations(ctx, obs, opts)
	if err != nil {
		return localityLog{}, err
	}
	ll := localityLog{name: name, keptValues: true}
	kind, level := df.Col("manipulation").Records(), df.Col("level").Float()
	depth, mMed, gMed := df.Col("mean_depth").Float(), df.Col("m_med").Float(), df.Col("g_med").Float()
	for lo := 0; lo < len(kind); {
		hi := lo + 1
		for hi < len(kind) && kind[hi] == kind[lo] && level[hi] == level[lo] {
			hi++
		}
		r := localityRow{manip: kind[lo], depth: meanCI(depth[lo:hi]), mMed: meanCI(mMed[lo:hi]), gMed: gMed[lo]}
		switch kind[lo] {
		case locality.ManipScramble:
			r.level, r.fraction = fmt.Sprintf("%g%%", 100*level[lo]), level[lo]
		case locality.ManipConcentrate:
			r.level = fmt.Sprintf("%g d", level[lo]/datasets.Day)
		default:
			r.level = "log"
		}
		ll.rows = append(ll.rows, r)
		lo = hi
	}
	// The promise of the manipulations, checked on this log's versions.
	want := slices.Sorted(slices.Values(obs.Value))
	for _, f := range scrambleFractions {
		v, err := locality.ScramblePart(obs, f, s.o.SeedOr())
		if err != nil {
			return ll, err
		}
		ll.keptValues = ll.keptValues && slices.Equal(v.Time, obs.Time) && slices.Equal(slices.Sorted(slices.Values(v.Value)), want)
	}
	for _, w := range opts.Windows {
		v, err := locality.Concentrate(obs, w)
		if err != nil {
			return ll, err
		}
		ll.keptValues = ll.keptValues && slices.Equal(v.Time, obs.Time) && slices.Equal(slices.Sorted(slices.Values(v.Value)), want)
	}
	return ll, nil
}

func localityFrame(logs []localityLog) dataframe.DataFrame {
	var name, manip, level []string
	var n []int
	var d, dlo, dhi, m, mlo, mhi, loc []float64
	for _, ll := range logs {
		for _, r := range ll.rows {
			name, manip, level, n = append(name, ll.name), append(manip, r.manip), append(level, r.level), append(n, r.depth.N)
			d, dlo, dhi = append(d, r.depth.Mean), append(dlo, r.depth.Lo), append(dhi, r.depth.Hi)
			m, mlo, mhi = append(m, r.mMed.Mean), append(mlo, r.mMed.Lo), append(mhi, r.mMed.Hi)
			loc = append(loc, r.mMed.Mean-r.gMed)
		}
	}
	return dataframe.New(
		series.New(name, series.String, "log"), series.New(manip, series.String, "manipulation"),
		series.New(level, series.String, "level"), series.New(n, series.Int, "versions"),
		series.New(d, series.Float, "mean_depth"), series.New(dlo, series.Float, "depth_lo"), series.New(dhi, series.Float, "depth_hi"),
		series.New(m, series.Float, "m_med"), series.New(mlo, series.Float, "m_med_lo"), series.New(mhi, series.Float, "m_med_hi"),
		series.New(loc, series.Float, "locality_med"),
	)
}

// Claims adds the answers of §6.5.5 per log: the manipulations keep the
// marginals; scrambling raises the stack depth and lowers M' step by step,
// down to no locality (M ≈ 0) when every job is scrambled; sorting within
// 30-day windows lowers the depth and raises M'.
func (r *LocalityResult) Claims(l *ledger.Ledger) {
	const item = "§6.5.5"
	for _, name := range r.missing {
		l.MissingLog(item, "locality/"+name, "locality manipulations of "+name, "ours", name, name+" is not available here")
	}
	for _, ll := range r.logs {
		id := "locality/" + ll.name + "/"
		l.OwnClaim(item, id+"marginals-kept", ll.name+": every manipulated version has the log's submit times and multiset of runtimes",
			ll.keptValues, "checked on one version of each level").
			AsCheck("a property the manipulations are built to have (analytics/locality): it checks them")
		log, scr, conc := ll.rows[0], ll.rows[1:1+len(scrambleFractions)], ll.rows[1+len(scrambleFractions):]
		rising, falling := true, true
		prevD, prevM := log.depth.Mean, log.mMed.Mean
		for _, x := range scr {
			rising = rising && x.depth.Mean > prevD
			falling = falling && x.mMed.Mean < prevM
			prevD, prevM = x.depth.Mean, x.mMed.Mean
		}
		full := scr[len(scr)-1]
		l.OwnClaim(item, id+"scramble-raises-depth", ll.name+": runtime stack depth rises with the fraction of jobs scrambled",
			rising, fmt.Sprintf("log %.1f; %s", log.depth.Mean, levels(scr, func(x localityRow) Interval { return x.depth })))
		l.OwnClaim(item, id+"scramble-lowers-m", ll.name+": M'_med of runtimes falls with the fraction of jobs scrambled",
			falling, fmt.Sprintf("log %.3f; %s", log.mMed.Mean, levels(scr, func(x localityRow) Interval { return x.mMed })))
		// A full scramble is a random sample of the log's runtimes at its
		// submit times: M' − M'_g is sampling noise. The tolerance is the
		// half-width of the 95% interval of the replicates' mean M'_med
		// (Student's t times its standard error).
		tol := (full.mMed.Hi - full.mMed.Lo) / 2
		l.Own(item, id+"scrambled-no-locality", fmt.Sprintf("%s: with every job scrambled, locality M_med = M'_med − M'_g is about 0 (%d replicates)", ll.name, full.mMed.N),
			ledger.Near(0, tol), full.mMed.Mean-full.gMed).Digits(2)
		c := conc[len(conc)-1]
		l.OwnClaim(item, id+"concentrate-30d", ll.name+": sorting runtimes within 30-day windows lowers the stack depth and raises M'_med",
			c.depth.Mean < log.depth.Mean && c.mMed.Mean > log.mMed.Mean,
			fmt.Sprintf("depth %.1f → %.1f, M'_med %.3f → %.3f", log.depth.Mean, c.depth.Mean, log.mMed.Mean, c.mMed.Mean))
	}
}

// levels formats the intervals of rows as "25%: 19.2 [18.9, 19.5]; …".
func levels(rows []localityRow, f func(localityRow) Interval) string {
	var s string
	for i, x := range rows {
		if i > 0 {
			s += "; "
		}
		v := f(x)
		s += fmt.Sprintf("%s: %.3g [%.3g, %.3g]", x.level, v.Mean, v.Lo, v.Hi)
	}
	return s
}

// Answer states the answer of §6.5.5 from the data, one line per log.
func (r *LocalityResult) Answer() string {
	s := "**Answer, from the data.**\n\n"
	for _, ll := range r.logs {
		log, full, conc := ll.rows[0], ll.rows[len(scrambleFractions)], ll.rows[len(ll.rows)-1]
		s += fmt.Sprintf("- %s: runtime stack depth %.1f in the log, %.1f [%.1f, %.1f] with every job scrambled "+
			"(M'_med %.3f → %.3f, locality beyond chance %.3f → %.3f), %.1f with runtimes sorted in %s windows "+
			"(M'_med %.3f); times and runtimes kept: %v.\n",
			ll.name, log.depth.Mean, full.depth.Mean, full.depth.Lo, full.depth.Hi,
			log.mMed.Mean, full.mMed.Mean, log.mMed.Mean-log.gMed, full.mMed.Mean-full.gMed,
			conc.depth.Mean, conc.level, conc.mMed.Mean, ll.keptValues)
	}
	for _, name := range r.missing {
		s += "- " + name + ": not available here.\n"
	}
	return s
}
