package feitelson2021

import (
	"context"
	"fmt"
	"slices"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
	"gonum.org/v1/plot"

	"github.com/tracelab/tracelab/plots"
	"github.com/tracelab/tracelab/repro/ledger"
	"github.com/tracelab/tracelab/sim"
	"github.com/tracelab/tracelab/sim/feedback"
	"github.com/tracelab/tracelab/sim/feedback/feedbackplot"
)

// Fig8Logs are the logs of the cross-simulation (the paper's generated
// workloads come from its own site-level simulation; ours from feedback
// simulations of these logs with the fluid user model).
func (s *Study) fig8Logs() []string {
	if s.o.Quick {
		return []string{"KTH-SP2"}
	}
	return []string{"KTH-SP2", "SDSC-SP2"}
}

// Fig8Result is the cross-simulation of §3.4 (Fig. 8).
type Fig8Result struct {
	Logs []string
	// Frame has one row per (log, simulation): log, generated_under,
	// simulated_with, simulation ("feedback" or "open"), the
	// sim.SummaryColumns, mean_queue, and the saturation test of the
	// weekly outstanding jobs (2013 §6.3): slope (jobs per week) and
	// saturated.
	Frame dataframe.DataFrame
	// Plots show the waiting jobs at each week's start, one per log.
	Plots   []*plot.Plot
	cross   map[string]*feedback.Cross
	sat     map[string]map[[3]string]sim.Saturation
	Missing []Missing
}

// Fig8 runs the cross-simulation: feedback simulations (fluid model) of
// each log under FCFS and EASY record the workloads their users generate,
// and each recording is replayed open under both schedulers.
func (s *Study) Fig8(ctx context.Context) (*Fig8Result, error) {
	return s.fig8.Get(func() (*Fig8Result, error) {
		r := &Fig8Result{cross: map[string]*feedback.Cross{}, sat: map[string]map[[3]string]sim.Saturation{}}
		var frames []dataframe.DataFrame
		for _, name := range s.fig8Logs() {
			w, err := s.workloadOf(name, &r.Missing)
			if err != nil {
				return nil, err
			} else if w == nil {
				continue
			}
			x, err := feedback.CrossSimulation(w, feedback.Fluid{}, s.seed(8))
			if err != nil {
				return nil, err
			}
			r.Logs = append(r.Logs, name)
			r.cross[name] = x
			sats := map[[3]string]sim.Saturation{}
			slope, saturated := make([]float64, len(x.Rows)), make([]bool, len(x.Rows))
			for i, row := range x.Rows {
				st := saturation(row.Sim)
				sats[crossKey(row)] = st
				slope[i], saturated[i] = st.Slope, st.Saturated
			}
			r.sat[name] = sats
			df := x.Frame()
			logs := make([]string, df.Nrow())
			for i := range logs {
				logs[i] = name
			}
			df = dataframe.New(series.New(logs, series.String, "log")).CBind(df).
				Mutate(series.New(slope, series.Float, "slope")).Mutate(series.New(saturated, series.Bool, "saturated"))
			frames = append(frames, df)
			p, err := feedbackplot.Lines(x.WeeklyFrame(), "week", "queue", []string{"generated_under", "simulated_with", "simulation"},
				plots.LinesOptions{Axes: plots.Axes{Title: "Fig. 8: " + name + ", waiting jobs at each week's start", XLabel: "week", YLabel: "waiting jobs"}})
			if err != nil {
				return nil, err
			}
			r.Plots = append(r.Plots, p)
		}
		if len(frames) > 0 {
			r.Frame = frames[0]
			for _, f := range frames[1:] {
				r.Frame = r.Frame.RBind(f)
			}
		}
		return r, nil
	})
}

func crossKey(row feedback.CrossRow) [3]string {
	kind := "feedback"
	if row.Open {
		kind = "open"
	}
	return [3]string{row.GeneratedUnder, row.SimulatedWith, kind}
}

// saturation tests the weekly outstanding jobs of a simulation over the
// weeks that jobs arrived in, with the threshold of 2013 §6.3 (one job per
// week).
func saturation(r *sim.Result) sim.Saturation { return r.Saturation(sim.SaturationOptions{}) }

// peakOutstanding returns the largest weekly number of outstanding jobs of
// the cross-simulation row with the given key.
func peakOutstanding(x *feedback.Cross, k [3]string) int {
	for _, row := range x.Rows {
		if crossKey(row) == k {
			return slices.Max(append([]int{0}, row.Sim.Weekly.Outstanding...))
		}
	}
	panic(fmt.Sprintf("feitelson2021: no cross-simulation row %v", k))
}

// row returns the summary and mean queue of the cross-simulation row of
// log with the given key.
func (r *Fig8Result) row(log string, k [3]string) (sim.Summary, float64) {
	for _, row := range r.cross[log].Rows {
		if crossKey(row) == k {
			return row.Summary, row.MeanQueue
		}
	}
	panic(fmt.Sprintf("feitelson2021: no cross-simulation row %v", k))
}

// Claims adds the claims of §3.4 on the cross-simulation (Fig. 8).
func (r *Fig8Result) Claims(l *ledger.Ledger) {
	const item = "Fig. 8"
	unavailable(l, item, "fig8", r.Missing)
	for _, name := range r.Logs {
		fcfsOnEasy, mqFE := r.row(name, [3]string{"easy", "fcfs", "open"})
		fcfsOwn, mqFF := r.row(name, [3]string{"fcfs", "fcfs", "feedback"})
		easyOnFcfs, _ := r.row(name, [3]string{"fcfs", "easy", "open"})
		easyOwn, _ := r.row(name, [3]string{"easy", "easy", "feedback"})
		sat := r.sat[name][[3]string{"easy", "fcfs", "open"}]
		peakFE, peakFF := peakOutstanding(r.cross[name], [3]string{"easy", "fcfs", "open"}), peakOutstanding(r.cross[name], [3]string{"fcfs", "fcfs", "feedback"})
		l.Claim(item, "fig8/"+name+"/fcfs-on-easy-overloads", name+": FCFS simulated with the workload generated under EASY is overloaded: its outstanding jobs peak at more than 3 times their peak when FCFS's own users pace it",
			peakFE > 3*peakFF, fmt.Sprintf("peak weekly outstanding jobs %d against %d", peakFE, peakFF)).
			Quoting("FCFS could not handle the load that was generated when users interacted with EASY")
		l.Claim(item, "fig8/"+name+"/fcfs-on-easy-saturates", name+": FCFS simulated with the workload generated under EASY saturates and overloads (the weekly outstanding jobs grow: saturation test of 2013 §6.3)",
			sat.Saturated, fmt.Sprintf("slope %.1f jobs/week; mean queue %.1f against %.1f when FCFS's own users pace it", sat.Slope, mqFE, mqFF)).
			Quoting("led to system saturation and overloading")
		l.Claim(item, "fig8/"+name+"/fcfs-cannot-handle", name+": FCFS could not handle the load users generated with EASY: its average wait on that workload is far above (> 3×) its wait on the workload of its own users",
			fcfsOnEasy.AvgWait > 3*fcfsOwn.AvgWait, fmt.Sprintf("%.0f s against %.0f s", fcfsOnEasy.AvgWait, fcfsOwn.AvgWait)).
			Quoting("could not handle the load that was generated when users interacted with EASY")
		// EASY's advantage on a workload: FCFS's average wait over EASY's.
		advFCFS := fcfsOwn.AvgWait / easyOnFcfs.AvgWait
		advEASY := fcfsOnEasy.AvgWait / easyOwn.AvgWait
		l.Claim(item, "fig8/"+name+"/easy-on-fcfs-no-advantage", name+": EASY simulated with the workload generated under FCFS fails to show its advantage: the ratio of FCFS's to EASY's average wait is far smaller there than on EASY's own workload",
			advFCFS < advEASY/3, fmt.Sprintf("FCFS wait / EASY wait: %.2f on the FCFS workload, %.2f on the EASY workload", advFCFS, advEASY)).
			Quoting("failed to show that EASY had a significant advantage")
		l.Claim(item, "fig8/"+name+"/fcfs-workload-lighter", name+": the workload generated under FCFS is not challenging enough: it offers less work per unit time than the one generated under EASY (utilization of EASY on each)",
			easyOnFcfs.Utilization < easyOwn.Utilization, fmt.Sprintf("EASY's utilization %.3f on the FCFS workload, %.3f on its own", easyOnFcfs.Utilization, easyOwn.Utilization)).
			Quoting("the workload was not challenging enough")
	}
}
