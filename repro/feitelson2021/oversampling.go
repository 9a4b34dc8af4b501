package feitelson2021

import (
	"context"
	"fmt"
	"math"
	"strconv"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/internal/parallel"
	"github.com/tracelab/tracelab/plots"
	"github.com/tracelab/tracelab/repro/ledger"
	"github.com/tracelab/tracelab/sim/resample"
	"github.com/tracelab/tracelab/sim/resample/resampleplot"
)

// Fig16Log is the log whose flurries Fig. 16 oversamples, and Fig16RBNPW
// the expected numbers of flurry users among each week's new temporary
// users (RB_NPW, 2013 §6.4).
var (
	Fig16Log   = "SDSC-SP2"
	Fig16RBNPW = []float64{0, 1.0 / 8, 1.0 / 4, 1.0 / 2}
)

// Fig16Result oversamples flurries (§4.4, Fig. 16): the cleaned log's
// flurries are gone (see Fig5), so its three heaviest single-user 7-day
// bursts stand in for them as rare-behaviour users of the resampling.
type Fig16Result struct {
	Log string
	// Bursts are the stand-in flurries (resample.BurstsFrame).
	Bursts dataframe.DataFrame
	// Frame has one row per (RB_NPW, replicate): rb_npw, replicate,
	// flurries (rare-behaviour users that arrived), flurry_jobs, jobs,
	// busiest_week (jobs).
	Frame dataframe.DataFrame
	// Figure shows the jobs per week of one resampled log per RB_NPW.
	Figure *plots.Figure
	// MeanFlurries per RB_NPW value, in order.
	MeanFlurries []float64
	Missing      []Missing
}

// Fig16 generates resampled SDSC-SP2 logs with more and more flurries.
func (s *Study) Fig16(ctx context.Context) (*Fig16Result, error) {
	return s.fig16.Get(func() (*Fig16Result, error) {
		r := &Fig16Result{Log: Fig16Log}
		t, err := s.log(Fig16Log, &r.Missing)
		if t == nil {
			return r, err
		}
		bs := resample.HeaviestBursts(t, datasets.Week, 3)
		var rare []resample.RarePeriod
		for _, b := range bs {
			rare = append(rare, b.RarePeriod)
		}
		r.Bursts = resample.BurstsFrame(bs)
		p, err := resample.NewPools(t, resample.PoolOptions{Rare: rare})
		if err != nil {
			return nil, err
		}
		reps := s.o.Reps(10, 3)
		n := len(Fig16RBNPW) * reps
		type out struct {
			rs                                  *resample.Resampled
			busiest, arrivals, flurryJobs, jobs int
		}
		outs := make([]out, n)
		err = parallel.For(ctx, n, s.o.NumWorkers(), func(_ context.Context, i int) error {
			rb, rep := Fig16RBNPW[i/reps], i%reps
			rs, err := p.Generate(resample.Options{LongTermStart: literalStart, RBNPW: rb, Seed: s.seed(16), Stream: uint64(rep)})
			if err != nil {
				return err
			}
			perWeek := map[int]int{}
			for _, sub := range rs.Trace.Submit {
				perWeek[int((sub-rs.Start)/datasets.Week)]++
			}
			o := out{arrivals: rs.Report.RareArrivals, flurryJobs: rs.Report.RareJobs, jobs: rs.Trace.Len()}
			for _, c := range perWeek {
				o.busiest = max(o.busiest, c)
			}
			if rep == 0 {
				o.rs = rs
			}
			outs[i] = o
			return nil
		})
		if err != nil {
			return nil, err
		}
		var rbCol []float64
		var repCol, fl, fj, jobs, busiest []int
		r.MeanFlurries = make([]float64, len(Fig16RBNPW))
		var panels []*plot.Plot
		for i, o := range outs {
			k := i / reps
			rbCol, repCol = append(rbCol, Fig16RBNPW[k]), append(repCol, i%reps)
			fl, fj, busiest = append(fl, o.arrivals), append(fj, o.flurryJobs), append(busiest, o.busiest)
			jobs = append(jobs, o.jobs)
			r.MeanFlurries[k] += float64(o.arrivals) / float64(reps)
			if o.rs != nil {
				pl, err := resampleplot.WeeklyJobsRare(o.rs, 5, "RB_NPW "+fraction(Fig16RBNPW[k]))
				if err != nil {
					return nil, err
				}
				panels = append(panels, pl)
			}
		}
		r.Figure = figure("Fig. 16", fmt.Sprintf("oversampling flurries: %s resampled with its bursts as rare behaviour, one log per RB_NPW", Fig16Log),
			"one resampled log per RB_NPW: the flurries (spikes of one user's jobs) in dark red, the five busiest other users named (the ledger's Fig. 16 entry)", 1, panels...)
		r.Figure.PanelWidth, r.Figure.PanelHeight = 8.5*vg.Inch, 2.1*vg.Inch
		// One y range: the flurries compare from panel to panel.
		r.Figure.ShareX, r.Figure.ShareY = true, true
		r.Frame = dataframe.New(series.New(rbCol, series.Float, "rb_npw"), series.New(repCol, series.Int, "replicate"),
			series.New(fl, series.Int, "flurries"), series.New(fj, series.Int, "flurry_jobs"),
			series.New(jobs, series.Int, "jobs"), series.New(busiest, series.Int, "busiest_week"))
		return r, nil
	})
}

// Claims adds the claim of §4.4 on oversampling flurries (Fig. 16).
func (r *Fig16Result) Claims(l *ledger.Ledger) {
	const item = "Fig. 16"
	if onlyUnavailable(l, item, "fig16", r.Missing) {
		return
	}
	more := true
	for k := 1; k < len(r.MeanFlurries); k++ {
		more = more && r.MeanFlurries[k] > r.MeanFlurries[k-1]
	}
	l.Claim(item, "fig16/more-flurries", r.Log+": oversampling the flurry users causes more and more flurries to occur as RB_NPW grows (mean flurry users per resampled log)",
		more, fmt.Sprintf("RB_NPW %v: %s flurries", Fig16RBNPW, fmtFloats(r.MeanFlurries, 1))).
		Quoting("by oversampling these users, and thus causing more and more flurries to occur").
		AsCheck("by construction: the generator draws on average RB_NPW rare-behaviour users a week (2013 §6.4), so more flurry users arrive as RB_NPW grows on any log")
}

// fraction writes v as 2013 §6.4 writes the values of RB_NPW (0, 1/8,
// 1/6, …; 2013 Figs 14–16 do the same): the reciprocal of a whole number
// as 1/n, any other value as %g.
func fraction(v float64) string {
	if n := 1 / v; v > 0 && n == math.Round(n) && n > 1 {
		return fmt.Sprintf("1/%d", int(n))
	}
	return fmt.Sprintf("%g", v)
}

// fmtFloats formats x with the given decimals, separated by " / ".
func fmtFloats(x []float64, dec int) string {
	out := ""
	for i, v := range x {
		if i > 0 {
			out += " / "
		}
		out += strconv.FormatFloat(v, 'f', dec, 64)
	}
	return out
}
