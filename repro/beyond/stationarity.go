package beyond

import (
	"errors"
	"fmt"
	"slices"

	"context"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
	"github.com/tracelab/tracelab/analytics/stationarity"
	"github.com/tracelab/tracelab/plots"
	"github.com/tracelab/tracelab/repro/ledger"
	"github.com/tracelab/tracelab/repro/study"
	"github.com/tracelab/tracelab/sim/resample"
	"github.com/tracelab/tracelab/sim/sweep"
	"github.com/tracelab/tracelab/tables"
)

// StationarityResult is the experiment of §6.5.2: the drift between the
// thirds of each log (load, size mix, runtime distribution, weekly load;
// analytics/stationarity) and of resampled versions of it (sim/resample,
// default options, the log's length).
type StationarityResult struct {
	// Frame has one row per log and version kind ("log", "resampled"):
	// versions, load of each third (load_1..3, means over versions), drift
	// (max |third load / mean − 1|) with drift_lo/hi (95% CI), the
	// fraction of KS tests between thirds rejecting at 1% for runtime,
	// procs and weekly_load, and the spread of each third's load over the
	// versions (load_1_min, load_1_median, load_1_max, … load_3_max; see
	// thirdSpread).
	Frame dataframe.DataFrame
	// Table is the answer at a glance (stationarityTable): for each log a
	// row for the log and one for its resampled versions, in five columns
	// written as text to the answer's precision; Frame holds every column
	// as numbers.
	Table dataframe.DataFrame
	// Figure draws the loads of the thirds from Frame: the log's as one
	// line, the versions' range as a band with their median; nil when
	// none of the logs is available here.
	Figure  *plots.Figure
	rows    []stationarityRow
	missing []string
}

type stationarityRow struct {
	log, kind   string
	versions    int
	load        [3]float64
	spread      [3]loadSpread // over the versions, per third (thirdSpread)
	drift       Interval
	rejRuntime  float64
	rejProcs    float64
	rejWeekly   float64
	firstVsRest float64 // load of the first third / mean of the other two − 1
}

// Stationarity runs §6.5.2 on SDSC-SP2 (quick) or the four logs (full),
// with 20 resampled versions of each (4 in quick mode).
func (s *Study) Stationarity(ctx context.Context) (*StationarityResult, error) {
	return s.stationarity.Get(func() (*StationarityResult, error) {
		res := &StationarityResult{}
		reps := s.o.Reps(20, 4)
		for _, name := range s.logsFor(fourLogs...) {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			tr, err := study.Log(name)
			if errors.Is(err, study.ErrMissing) {
				res.missing = append(res.missing, name)
				continue
			}
			if err != nil {
				return nil, err
			}
			procs := tr.Machine().Procs
			m, err := stationarity.Measure(tr, stationarity.Options{Procs: procs})
			if err != nil {
				return nil, fmt.Errorf("%s: %w", name, err)
			}
			res.rows = append(res.rows, summarise(name, "log", []stationarity.Result{m}))
			pools, err := resample.NewPools(tr, resample.PoolOptions{})
			if err != nil {
				return nil, fmt.Errorf("%s: %w", name, err)
			}
			var ms []stationarity.Result
			for k := range reps {
				v, err := pools.Generate(resample.Options{Seed: sweep.Seed(s.o.SeedOr(), k)})
				if err != nil {
					return nil, fmt.Errorf("%s: %w", name, err)
				}
				mv, err := stationarity.Measure(v.Trace, stationarity.Options{Procs: procs})
				if err != nil {
					return nil, fmt.Errorf("%s resampled: %w", name, err)
				}
				ms = append(ms, mv)
			}
			res.rows = append(res.rows, summarise(name, "resampled", ms))
		}
		res.Frame = res.frame()
		if res.Frame.Err != nil {
			return nil, res.Frame.Err
		}
		res.Table = stationarityTable(res.rows)
		if res.Table.Err != nil {
			return nil, res.Table.Err
		}
		var err error
		res.Figure, err = figureOf(res.Frame, stationarityFigure)
		return res, err
	})
}

func summarise(log, kind string, ms []stationarity.Result) stationarityRow {
	r := stationarityRow{log: log, kind: kind, versions: len(ms)}
	drift, first := make([]float64, len(ms)), 0.0
	for i, m := range ms {
		for w := range 3 {
			r.load[w] += m.Windows[w].Load / float64(len(ms))
		}
		drift[i] = m.Drift()
		first += (m.Windows[0].Load/((m.Windows[1].Load+m.Windows[2].Load)/2) - 1) / float64(len(ms))
		for _, a := range []struct {
			attr string
			to   *float64
		}{{"runtime", &r.rejRuntime}, {"procs", &r.rejProcs}, {"weekly_load", &r.rejWeekly}} {
			rej, n := m.Rejected(a.attr, 0.01)
			*a.to += float64(rej) / float64(n) / float64(len(ms))
		}
	}
	r.drift, r.firstVsRest = meanCI(drift), first
	r.spread = thirdSpread(ms)
	return r
}

// loadSpread is the minimum, median and maximum of a third's offered
// load over versions.
type loadSpread struct{ Min, Median, Max float64 }

// thirdSpread is, for each third, the spread of its offered load over
// the versions ms (the figure's band and its median line). The median of
// an even count is the mean of the middle two (type 7, as plots.Envelope).
// ms must not be empty.
func thirdSpread(ms []stationarity.Result) [3]loadSpread {
	var out [3]loadSpread
	v := make([]float64, len(ms))
	for w := range 3 {
		for i, m := range ms {
			v[i] = m.Windows[w].Load
		}
		slices.Sort(v)
		n := len(v)
		out[w] = loadSpread{Min: v[0], Median: (v[(n-1)/2] + v[n/2]) / 2, Max: v[n-1]}
	}
	return out
}

func (r *StationarityResult) frame() dataframe.DataFrame {
	n := len(r.rows)
	log, kind, vers := make([]string, n), make([]string, n), make([]int, n)
	cols := make([][]float64, 19)
	for c := range cols {
		cols[c] = make([]float64, n)
	}
	for i, x := range r.rows {
		log[i], kind[i], vers[i] = x.log, x.kind, x.versions
		for c, v := range []float64{x.load[0], x.load[1], x.load[2], x.firstVsRest, x.drift.Mean, x.drift.Lo, x.drift.Hi,
			x.rejRuntime, x.rejProcs, x.rejWeekly} {
			cols[c][i] = v
		}
		for w, sp := range x.spread {
			cols[10+3*w][i], cols[11+3*w][i], cols[12+3*w][i] = sp.Min, sp.Median, sp.Max
		}
	}
	ss := []series.Series{series.New(log, series.String, "log"), series.New(kind, series.String, "version"), series.New(vers, series.Int, "versions")}
	for c, h := range []string{"load_1", "load_2", "load_3", "first_vs_rest", "drift", "drift_lo", "drift_hi",
		"ks_rejected_runtime", "ks_rejected_procs", "ks_rejected_weekly_load",
		"load_1_min", "load_1_median", "load_1_max", "load_2_min", "load_2_median", "load_2_max",
		"load_3_min", "load_3_median", "load_3_max"} {
		ss = append(ss, series.New(cols[c], series.Float, h))
	}
	return dataframe.New(ss...)
}

// stationarityTable is the table a reader reads at a glance: for each
// log, a row for the log and one for its resampled versions, in five
// columns. The cells are written to the precision the answer uses: the
// offered load of each third (a fraction of the machine; the versions'
// mean) to 2 decimals; the drift to 3 decimals, the versions' with its
// 95% CI; the share of the KS tests between thirds that reject at 1%
// (runtime, size, weekly load) as percentages. The columns it leaves out
// (the first third against the rest, each third's spread over the
// versions) are in the Frame.
func stationarityTable(rows []stationarityRow) dataframe.DataFrame {
	n := len(rows)
	log, version, load, drift, ks := make([]string, n), make([]string, n), make([]string, n), make([]string, n), make([]string, n)
	for i, r := range rows {
		log[i], version[i], load[i] = r.log, r.kind, thirds(r.load)
		drift[i] = fmt.Sprintf("%.3f", r.drift.Mean)
		if r.kind != "log" {
			version[i] = fmt.Sprintf("%d resampled versions", r.versions)
			drift[i] += fmt.Sprintf(" [%.3f, %.3f]", r.drift.Lo, r.drift.Hi)
		}
		ks[i] = tables.Percent(r.rejRuntime) + ", " + tables.Percent(r.rejProcs) + ", " + tables.Percent(r.rejWeekly)
	}
	return dataframe.New(
		series.New(log, series.String, "log"),
		series.New(version, series.String, "version"),
		series.New(load, series.String, "offered load of the thirds"),
		series.New(drift, series.String, "drift (95% CI)"),
		series.New(ks, series.String, "KS tests rejecting at 1%: runtime, size, weekly load"),
	)
}

// thirds writes the offered load of the three thirds to 2 decimals.
func thirds(load [3]float64) string {
	return fmt.Sprintf("%.2f, %.2f, %.2f", load[0], load[1], load[2])
}

// Claims adds the answers of §6.5.2 per log: whether the log is
// stationary by the KS tests between its thirds, whether resampled versions
// drift less, and SDSC-SP2's first third's lower load.
func (r *StationarityResult) Claims(l *ledger.Ledger) {
	const item = "§6.5.2"
	for _, name := range r.missing {
		l.MissingLog(item, "stationarity/"+name, "stationarity of "+name, "ours", name, name+" is not available here")
	}
	for i := 0; i+1 < len(r.rows); i += 2 {
		log, res := r.rows[i], r.rows[i+1]
		id := "stationarity/" + log.log + "/"
		l.OwnClaim(item, id+"log-not-stationary", log.log+": some KS test between the log's thirds (runtime, size, weekly load) rejects equality at 1%",
			log.rejRuntime+log.rejProcs+log.rejWeekly > 0,
			fmt.Sprintf("fractions rejected: runtime %.2f, procs %.2f, weekly load %.2f", log.rejRuntime, log.rejProcs, log.rejWeekly))
		l.OwnClaim(item, id+"resampled-drifts-less", log.log+": resampled versions drift less between thirds than the log (load drift)",
			res.drift.Hi < log.drift.Mean,
			fmt.Sprintf("log %.3f; resampled %.3f [%.3f, %.3f] over %d versions", log.drift.Mean, res.drift.Mean, res.drift.Lo, res.drift.Hi, res.versions)).
			Measured(driftReason(log.drift.Mean, res.drift))
		if log.log == "SDSC-SP2" {
			l.Own(item, id+"first-third-load", "SDSC-SP2's first third has about 10% lower load than the other two",
				ledger.Printed("-0.10", 0), log.firstVsRest).Digits(2) // "about 10%": the tolerance rule, a statistic of the log itself (no sampling error)
		}
	}
}

// Answer states the answer of §6.5.2 from the data.
func (r *StationarityResult) Answer() string {
	s := "**Answer, from the data.**\n\n"
	for i := 0; i+1 < len(r.rows); i += 2 {
		log, res := r.rows[i], r.rows[i+1]
		s += fmt.Sprintf("- %s: load of the thirds %.2f, %.2f, %.2f (first vs the others %+.0f%%), drift %.3f; "+
			"resampled (%d versions): drift %.3f [%.3f, %.3f], runtime KS tests rejecting %.0f%% vs %.0f%% in the log.\n",
			log.log, log.load[0], log.load[1], log.load[2], 100*log.firstVsRest, log.drift.Mean,
			res.versions, res.drift.Mean, res.drift.Lo, res.drift.Hi, 100*res.rejRuntime, 100*log.rejRuntime)
	}
	for _, name := range r.missing {
		s += "- " + name + ": not available here.\n"
	}
	return s
}

// driftReason says how the log's load drift compares with the resampled
// versions' when they do not drift less.
func driftReason(log float64, res Interval) string {
	if log < res.Lo {
		return fmt.Sprintf("the resampled versions drift more than the log (%.3f below their interval)", log)
	}
	return fmt.Sprintf("the log's drift %.3f lies inside the resampled versions' interval over %d versions: the data cannot tell them apart", log, res.N)
}
