package zakay2014

import (
	"context"
	"fmt"
	"math"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/plots"
	"github.com/tracelab/tracelab/repro/ledger"
	"github.com/tracelab/tracelab/sim"
	"github.com/tracelab/tracelab/sim/feedback"
	"github.com/tracelab/tracelab/sim/feedback/feedbackplot"
)

// The users of the toy log, named by their colour in Fig. 3.
const (
	grey = 1
	cyan = 2
	red  = 3
)

// toyProcs is the toy machine's size.
const toyProcs = 6

// ToyTrace returns the log of Fig. 3 (§V), built by hand, times in seconds
// (read them as minutes), on a machine of 6 processors:
//
//   - grey runs a 4-processor job from 0 to 60;
//   - cyan submits a 3-processor job at 10, which cannot run beside the
//     grey job and waits until 60, running to 100;
//   - red submits three 1-processor jobs of runtime 10 at 15, 30 and 45,
//     each 5 after the previous one ended: a session of three batches,
//     each depending on the previous one, which the logged (backfilling)
//     scheduler ran at once on the 2 free processors.
//
// Replayed conventionally under FCFS, red's jobs wait behind cyan's and all
// start with it at 60; with feedback, red's first job waits until 60 and
// each next one arrives 5 after the previous one ended (75, 90), so red
// finishes at 100 instead of 70.
func ToyTrace() *datasets.Trace {
	t := datasets.NewTrace("Fig. 3 toy log", 5)
	t.Header.MaxProcs, t.Header.MaxNodes = toyProcs, toyProcs
	for i, j := range []struct {
		user                  int
		submit, wait, runtime float64
		procs                 int
	}{
		{grey, 0, 0, 60, 4},
		{cyan, 10, 50, 40, 3},
		{red, 15, 0, 10, 1}, {red, 30, 0, 10, 1}, {red, 45, 0, 10, 1},
	} {
		job := datasets.UnknownJob()
		job.JobID, job.User, job.Submit, job.Wait, job.Runtime = i+1, j.user, j.submit, j.wait, j.runtime
		job.Procs, job.ReqProcs, job.ReqTime, job.Status = j.procs, j.procs, j.runtime, datasets.StatusCompleted
		t.Append(job)
	}
	return t
}

// Fig3Result is Fig. 3: the toy log's schedule (top), its conventional
// simulation under FCFS (middle) and FCFS with feedback, adjusted model
// (bottom).
type Fig3Result struct {
	// Figure has the three schedules, top to bottom.
	Figure *plots.Figure
	// Frame has one row per job: job, user, and the arrival and start of
	// each schedule (log_submit, log_start, conventional_submit,
	// conventional_start, feedback_submit, feedback_start).
	Frame dataframe.DataFrame

	w            *feedback.Workload
	conv, fb     *sim.Result
	fbDependency int // batches released by a dependency under feedback
}

// Fig3 simulates the toy log of Fig. 3.
func (s *Study) Fig3(ctx context.Context) (*Fig3Result, error) {
	return s.fig3.Get(func() (*Fig3Result, error) {
		w, err := feedback.NewWorkload(ToyTrace(), feedback.WorkloadOptions{})
		if err != nil {
			return nil, err
		}
		logged, err := feedback.Simulate(w, &sim.LogReplay{}, feedback.Options{})
		if err != nil {
			return nil, err
		}
		conv, err := feedback.Conventional(w, &sim.FCFS{}, sim.EngineOptions{})
		if err != nil {
			return nil, err
		}
		fb, err := feedback.Simulate(w, &sim.FCFS{}, feedback.Options{Model: feedback.Adjusted{}})
		if err != nil {
			return nil, err
		}
		r := &Fig3Result{w: w, conv: conv, fb: fb.Sim, fbDependency: fb.Releases[feedback.Dependency]}
		var panels []*plot.Plot
		for _, g := range []struct {
			res   *sim.Result
			title string
		}{
			{logged.Sim, "top: the log (backfilling)"},
			{conv, "middle: FCFS, conventional simulation"},
			{fb.Sim, "bottom: FCFS with feedback"},
		} {
			p, err := feedbackplot.Gantt(g.res.JobsFrame(), toyProcs, g.title)
			if err != nil {
				return nil, err
			}
			p.X.Label.Text = "time [s]"
			panels = append(panels, p)
		}
		r.Figure = figure("Fig. 3", "a toy log, its conventional simulation under FCFS, and FCFS with feedback",
			"conventionally, user 3's jobs keep their logged arrivals and all start together when user 1's job ends; with feedback each is submitted only after the previous one ended", 1, panels...)
		r.Figure.PanelWidth, r.Figure.PanelHeight = 7*vg.Inch, 1.9*vg.Inch
		r.Figure.ShareX = true
		r.Frame = r.frame()
		return r, nil
	})
}

func (r *Fig3Result) frame() dataframe.DataFrame {
	n := r.w.Len()
	job, user := make([]int, n), make([]int, n)
	cols := make([][]float64, 6)
	for k := range cols {
		cols[k] = make([]float64, n)
	}
	for k, j := range r.w.Jobs {
		job[k], user[k] = j.ID, j.User
		for c, v := range []float64{j.Submit, j.Submit + j.Wait, r.conv.Submit[k], r.conv.Start[k], r.fb.Submit[k], r.fb.Start[k]} {
			cols[c][k] = v
		}
	}
	ss := []series.Series{series.New(job, series.Int, "job"), series.New(user, series.Int, "user")}
	for c, name := range []string{"log_submit", "log_start", "conventional_submit", "conventional_start", "feedback_submit", "feedback_start"} {
		ss = append(ss, series.New(cols[c], series.Float, name))
	}
	return dataframe.New(ss...)
}

// redJobs returns the indexes of red's jobs in the workload, in arrival
// order.
func (r *Fig3Result) redJobs() []int {
	var out []int
	for k, j := range r.w.Jobs {
		if j.User == red {
			out = append(out, k)
		}
	}
	return out
}

// toyBasis is why Fig. 3's statements are checks: the toy log is built by
// hand to show §V's definitions, and what the paper says of it follows
// from them; it tests our implementation of feedback, not a result.
const toyBasis = "the paper's illustration of its definitions (§V) on a toy log built by hand: it follows from them, so it tests our implementation, not a result"

// Claims checks §V's reading of Fig. 3 (checks: toyBasis).
func (r *Fig3Result) Claims(l *ledger.Ledger) {
	reds := r.redJobs()
	cyanStart := math.NaN()
	for k, j := range r.w.Jobs {
		if j.User == cyan {
			cyanStart = r.conv.Start[k]
		}
	}
	together := true
	var starts []float64
	for _, k := range reds {
		together = together && r.conv.Start[k] == cyanStart
		starts = append(starts, r.conv.Start[k])
	}
	l.Claim("Fig. 3", "fig3/conventional/red-waits-for-cyan",
		"conventional FCFS: red's jobs wait until cyan's job starts, then all start together", together,
		fmt.Sprintf("red's starts %v, cyan's start %v", starts, cyanStart)).
		Quoting("Red’s jobs wait in the queue until Cyan’s job starts to run. Then, they all start to run together").AsCheck(toyBasis)

	// With feedback each later red job arrives its logged think time (5)
	// after the previous one ended, and does not wait.
	paced, noWait := true, true
	var arrivals, waits []float64
	for i, k := range reds {
		arrivals = append(arrivals, r.fb.Submit[k])
		waits = append(waits, r.fb.Start[k]-r.fb.Submit[k])
		if i > 0 {
			prev := reds[i-1]
			think := r.w.Jobs[k].Submit - (r.w.Jobs[prev].Submit + r.w.Jobs[prev].Wait + r.w.Jobs[prev].Runtime)
			paced = paced && r.fb.Submit[k] == r.fb.End[prev]+think
			noWait = noWait && r.fb.Start[k] == r.fb.Submit[k]
		}
	}
	l.Claim("Fig. 3", "fig3/feedback/red-paced-by-ends",
		"FCFS with feedback: each of red's later jobs arrives its original think time after the previous one ended",
		paced, fmt.Sprintf("red's arrivals %v; %d batches released by a dependency", arrivals, r.fbDependency)).
		Quoting("the next job will arrive after this job finished").AsCheck(toyBasis)
	l.Claim("Fig. 3", "fig3/feedback/red-later-jobs-do-not-wait",
		"FCFS with feedback: only red's first job suffers the slow response; the later ones do not wait",
		noWait, fmt.Sprintf("red's waits %v", waits)).
		Quoting("therefore won’t suffer from poor performance too").AsCheck(toyBasis)
	last := reds[len(reds)-1]
	l.Claim("Fig. 3", "fig3/feedback/red-finishes-later",
		"with feedback red finishes later than in the conventional simulation (a lower throughput)",
		r.fb.End[last] > r.conv.End[last],
		fmt.Sprintf("red's last job ends at %v with feedback, %v conventionally", r.fb.End[last], r.conv.End[last])).
		Quoting("This caused him to finished later and his throughput to be lower.").AsCheck(toyBasis)
}
