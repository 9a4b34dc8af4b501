package stationarity

import (
	"errors"
	"fmt"
	"math"
	"slices"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
	"github.com/tracelab/tracelab/analytics/fit"
	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/sim"
)

// MaxWindows bounds Options.Windows.
const MaxWindows = 1000

// ErrTooShort: the log spans less than a week per window.
var ErrTooShort = errors.New("stationarity: log shorter than a week per window")

// Options are the parameters of Measure.
type Options struct {
	// Windows is the number of equal windows the span is cut into, 2 to
	// MaxWindows; 0 means 3 (thirds).
	Windows int
	// Procs is the machine size for the load, 1 to sim.MaxProcs; 0 means
	// the log's (datasets.Trace.Machine).
	Procs int
}

// Window is one window of the log.
type Window struct {
	Start, End float64 // seconds (log time), [Start, End)
	Jobs       int     // jobs submitted in the window
	// LoadJobs are the jobs of the window whose runtime and processors are
	// known: the jobs Load and Weekly count.
	LoadJobs int
	// Load is the offered load: Σ runtime·processors of the window's jobs
	// (runtime and processors known) over Procs·(End − Start).
	Load float64
	// Weekly is the offered load of each whole week of the window.
	Weekly []float64
	// Runtime and Procs are the known values of the window's jobs.
	Runtime, Procs []float64
}

// Test is a two-sample KS test of one attribute between two windows.
type Test struct {
	Attr string // "runtime", "procs" or "weekly_load"
	A, B int    // window indices, A < B
	D, P float64
}

// Result is the outcome of Measure.
type Result struct {
	Name    string
	Procs   int
	Windows []Window
	Tests   []Test // for each attribute, each pair (A, B) in order
}

// Measure cuts tr's span (first to last submission) into opts.Windows
// equal windows and compares them. Jobs of unknown runtime or processors
// are left out of the load and of that attribute's test. It returns
// ErrTooShort when a window would be shorter than a week, and an error
// when the machine size is unknown or out of range, a submit time is NaN
// or beyond ±datasets.MaxTime, or a window has no job of known runtime and
// processors (its load is undefined, not 0).
func Measure(tr *datasets.Trace, opts Options) (Result, error) {
	if opts.Windows == 0 {
		opts.Windows = 3
	}
	if opts.Windows < 2 || opts.Windows > MaxWindows {
		return Result{}, fmt.Errorf("stationarity: %d windows, want 2 to %d", opts.Windows, MaxWindows)
	}
	if opts.Procs < 0 {
		return Result{}, fmt.Errorf("stationarity: machine size %d, want > 0 (0: the log's)", opts.Procs)
	}
	if opts.Procs == 0 {
		opts.Procs = tr.Machine().Procs
	}
	if opts.Procs <= 0 {
		return Result{}, fmt.Errorf("stationarity: %s: %w", tr.Name, datasets.ErrNoMachineSize)
	}
	if err := sim.CheckProcs(opts.Procs); err != nil {
		return Result{}, fmt.Errorf("stationarity: %s: %w", tr.Name, err)
	}
	if tr.Len() == 0 {
		return Result{}, fmt.Errorf("stationarity: %s has no job", tr.Name)
	}
	t0, t1 := math.Inf(1), math.Inf(-1)
	for i, s := range tr.Submit {
		if !(math.Abs(s) <= datasets.MaxTime) { // the reader's range: a hand-made trace may hold NaN or 1e300
			return Result{}, fmt.Errorf("stationarity: %s: job %d (row %d) has submit time %v, want within ±datasets.MaxTime", tr.Name, tr.JobID[i], i, s)
		}
		t0, t1 = min(t0, s), max(t1, s)
	}
	width := (t1 - t0) / float64(opts.Windows)
	weeks := int(width / datasets.Week)
	if weeks < 1 {
		return Result{}, fmt.Errorf("%w: %s spans %.1f days in %d windows", ErrTooShort, tr.Name, (t1-t0)/datasets.Day, opts.Windows)
	}
	r := Result{Name: tr.Name, Procs: opts.Procs, Windows: make([]Window, opts.Windows)}
	work := make([][]float64, opts.Windows) // per window, per whole week
	for w := range r.Windows {
		r.Windows[w] = Window{Start: t0 + float64(w)*width, End: t0 + float64(w+1)*width}
		work[w] = make([]float64, weeks)
	}
	total := make([]float64, opts.Windows)
	for i, s := range tr.Submit {
		w := min(int((s-t0)/width), opts.Windows-1) // the last submission closes the last window
		win := &r.Windows[w]
		win.Jobs++
		rt, p := tr.Runtime[i], tr.Procs[i]
		if rt >= 0 && !math.IsInf(rt, 1) {
			win.Runtime = append(win.Runtime, rt)
		}
		if p > 0 {
			win.Procs = append(win.Procs, float64(p))
		}
		if rt >= 0 && !math.IsInf(rt, 1) && p > 0 {
			win.LoadJobs++
			total[w] += rt * float64(p)
			if k := int((s - win.Start) / datasets.Week); k < weeks {
				work[w][k] += rt * float64(p)
			}
		}
	}
	for w := range r.Windows {
		if r.Windows[w].LoadJobs == 0 {
			return Result{}, fmt.Errorf("stationarity: %s: window %d (days %.1f to %.1f) has %d jobs, none of known runtime and processors: its load is undefined",
				tr.Name, w, float64(w)*width/datasets.Day, float64(w+1)*width/datasets.Day, r.Windows[w].Jobs)
		}
		r.Windows[w].Load = total[w] / (float64(opts.Procs) * width)
		r.Windows[w].Weekly = make([]float64, weeks)
		for k, x := range work[w] {
			r.Windows[w].Weekly[k] = x / (float64(opts.Procs) * datasets.Week)
		}
	}
	for _, attr := range []string{"runtime", "procs", "weekly_load"} {
		for a := range r.Windows {
			for b := a + 1; b < len(r.Windows); b++ {
				x, y := r.Windows[a].values(attr), r.Windows[b].values(attr)
				k := fit.KSTwoSampleTest(x, y)
				r.Tests = append(r.Tests, Test{Attr: attr, A: a, B: b, D: k.D, P: k.P})
			}
		}
	}
	return r, nil
}

func (w Window) values(attr string) []float64 {
	switch attr {
	case "runtime":
		return w.Runtime
	case "procs":
		return w.Procs
	}
	return w.Weekly
}

// Drift is the largest relative difference of a window's load from the
// mean load of the windows: max_w |Load_w / mean − 1|.
func (r Result) Drift() float64 {
	var mean float64
	for _, w := range r.Windows {
		mean += w.Load
	}
	mean /= float64(len(r.Windows))
	var d float64
	for _, w := range r.Windows {
		d = max(d, math.Abs(w.Load/mean-1))
	}
	return d
}

// Rejected returns how many tests of attr reject equality at level alpha.
func (r Result) Rejected(attr string, alpha float64) (rejected, tests int) {
	for _, t := range r.Tests {
		if t.Attr == attr {
			tests++
			if t.P < alpha {
				rejected++
			}
		}
	}
	return rejected, tests
}

// WindowFrame has one row per window: window, start_day, end_day (days
// from the first submission), jobs, load_jobs (the jobs of known runtime
// and processors the load counts), load, weekly_load_mean,
// median_runtime, mean_procs.
func (r Result) WindowFrame() dataframe.DataFrame {
	n := len(r.Windows)
	idx, jobs, loadJobs := make([]int, n), make([]int, n), make([]int, n)
	start, end, load, wk, rt, pr := make([]float64, n), make([]float64, n), make([]float64, n), make([]float64, n), make([]float64, n), make([]float64, n)
	t0 := r.Windows[0].Start
	for i, w := range r.Windows {
		idx[i], jobs[i], loadJobs[i] = i, w.Jobs, w.LoadJobs
		start[i], end[i], load[i] = (w.Start-t0)/datasets.Day, (w.End-t0)/datasets.Day, w.Load
		wk[i], rt[i], pr[i] = mean(w.Weekly), median(w.Runtime), mean(w.Procs)
	}
	return dataframe.New(
		series.New(idx, series.Int, "window"), series.New(start, series.Float, "start_day"), series.New(end, series.Float, "end_day"),
		series.New(jobs, series.Int, "jobs"), series.New(loadJobs, series.Int, "load_jobs"), series.New(load, series.Float, "load"), series.New(wk, series.Float, "weekly_load_mean"),
		series.New(rt, series.Float, "median_runtime"), series.New(pr, series.Float, "mean_procs"),
	)
}

// TestFrame has one row per test: attr, a, b, d, p; in the order of Tests.
func (r Result) TestFrame() dataframe.DataFrame {
	n := len(r.Tests)
	attr, a, b, d, p := make([]string, n), make([]int, n), make([]int, n), make([]float64, n), make([]float64, n)
	for i, t := range r.Tests {
		attr[i], a[i], b[i], d[i], p[i] = t.Attr, t.A, t.B, t.D, t.P
	}
	return dataframe.New(series.New(attr, series.String, "attr"), series.New(a, series.Int, "a"), series.New(b, series.Int, "b"),
		series.New(d, series.Float, "d"), series.New(p, series.Float, "p"))
}

// mean and median of x; NaN for an empty x (a window without known values).
func mean(x []float64) float64 {
	if len(x) == 0 {
		return math.NaN()
	}
	var s float64
	for _, v := range x {
		s += v
	}
	return s / float64(len(x))
}

func median(x []float64) float64 {
	if len(x) == 0 {
		return math.NaN()
	}
	s := append([]float64(nil), x...)
	slices.Sort(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}
