package degenerate

import (
	"context"
	"fmt"
	"math"
	"reflect"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/tracelab/tracelab/analytics/locality"
	"github.com/tracelab/tracelab/analytics/quality"
	"github.com/tracelab/tracelab/analytics/selfsim"
	"github.com/tracelab/tracelab/analytics/session"
	"github.com/tracelab/tracelab/analytics/similarity"
	"github.com/tracelab/tracelab/analytics/stationarity"
	"github.com/tracelab/tracelab/analytics/users"
	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/internal/rapidtest"
	"github.com/tracelab/tracelab/sim/lublin"
)

// analysis is one analysis run on a trace: its result (any value) or error.
type analysis struct {
	name string
	run  func(tr *datasets.Trace) (any, error)
}

// analyses lists every user-facing analysis, with the fewest bootstrap
// repetitions that exercise the bootstrap.
func analyses() []analysis {
	as := []analysis{
		{"session.Analyze", func(tr *datasets.Trace) (any, error) { return session.Analyze(tr, session.Options{}) }},
		{"session.ContinuationOf", func(tr *datasets.Trace) (any, error) {
			return session.ContinuationOf(tr, session.ContinuationOptions{})
		}},
		{"users.Classify", func(tr *datasets.Trace) (any, error) { return users.Classify(tr, users.Options{}) }},
		{"users.ComputeMarginals", func(tr *datasets.Trace) (any, error) { return users.ComputeMarginals(tr, users.Options{}) }},
		{"locality.RunLengths", func(tr *datasets.Trace) (any, error) { return locality.RunLengths(tr, locality.RunOptions{}) }},
		{"selfsim.Hurst", func(tr *datasets.Trace) (any, error) { return selfsim.Hurst(tr, selfsim.HurstOptions{}) }},
		{"quality.Check", func(tr *datasets.Trace) (any, error) { return quality.Check(tr, quality.Options{}) }},
		{"quality.DetectFlurries", func(tr *datasets.Trace) (any, error) {
			return quality.DetectFlurries(tr, quality.FlurryOptions{}), nil
		}},
		{"stationarity.Measure", func(tr *datasets.Trace) (any, error) { return stationarity.Measure(tr, stationarity.Options{}) }},
		{"lublin.FitLog", func(tr *datasets.Trace) (any, error) { return lublin.FitLog(tr, lublin.FitOptions{}) }},
	}
	for _, a := range []datasets.Attribute{datasets.Runtime, datasets.Procs, datasets.ReqTime} {
		as = append(as,
			analysis{"similarity.Analyze/" + string(a), func(tr *datasets.Trace) (any, error) {
				return similarity.Analyze(tr, a, similarity.Options{})
			}},
			analysis{"similarity.Randomize/" + string(a), func(tr *datasets.Trace) (any, error) {
				return similarity.Randomize(tr, a, similarity.BootstrapOptions{Reps: 2, Seed: 1, Workers: 1})
			}},
			analysis{"locality/" + string(a), func(tr *datasets.Trace) (any, error) {
				obs, err := locality.Observe(tr, a)
				if err != nil {
					return nil, err
				}
				var out []any
				for _, f := range []func() (any, error){
					func() (any, error) {
						return locality.LocalityOfSampling(obs, locality.SamplingOptions{Reps: 2, Seed: 1, Workers: 1})
					},
					func() (any, error) { return locality.StackDepth(obs, locality.StackOptions{}) },
					func() (any, error) { return locality.DailyBins(obs, locality.DailyBinsOptions{}) },
					func() (any, error) { return locality.Autocorrelation(obs.Value, min(10, len(obs.Value)-1)) },
					func() (any, error) { return locality.Scatter(obs, locality.ScatterOptions{}) },
					func() (any, error) {
						return locality.Manipulations(context.Background(), obs, locality.ManipulationOptions{Reps: 2, Seed: 1, Workers: 1})
					},
					func() (any, error) {
						return locality.Diversity([]locality.Observations{obs, obs}, locality.DiversityOptions{Reps: 2, Seed: 1, Workers: 1})
					},
				} {
					if v, err := f(); err == nil {
						out = append(out, v)
					}
				}
				return out, nil
			}},
		)
	}
	for _, a := range []datasets.Attribute{datasets.Runtime, datasets.Procs, datasets.Interarrival, datasets.Work} {
		as = append(as, analysis{"lublin.FitAttribute/" + string(a), func(tr *datasets.Trace) (any, error) {
			return lublin.FitAttribute(tr, a, "hypergamma", lublin.AttrOptions{})
		}})
	}
	return as
}

// infinities returns the paths of the infinite floats in v (frames,
// gonum values and bin edges left out), at most 5.
func infinities(v reflect.Value, path string, out []string, depth int) []string {
	if depth > 8 || len(out) >= 5 {
		return out
	}
	switch v.Kind() {
	case reflect.Float64, reflect.Float32:
		if math.IsInf(v.Float(), 0) {
			out = append(out, fmt.Sprintf("%s=%v", path, v.Float()))
		}
	case reflect.Struct:
		if p := v.Type().PkgPath(); strings.Contains(p, "gota") || strings.Contains(p, "gonum") {
			return out
		}
		for i := range v.NumField() {
			name := v.Type().Field(i).Name
			if name == "Lo" || name == "Hi" { // a bin's edges: the last bin is open, up to +Inf
				continue
			}
			out = infinities(v.Field(i), path+"."+name, out, depth+1)
		}
	case reflect.Slice, reflect.Array:
		for i := range min(v.Len(), 200) {
			out = infinities(v.Index(i), fmt.Sprintf("%s[%d]", path, i), out, depth+1)
		}
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			out = infinities(v.Elem(), path, out, depth+1)
		}
	case reflect.Map:
		for it := v.MapRange(); it.Next(); {
			out = infinities(it.Value(), fmt.Sprintf("%s[%v]", path, it.Key()), out, depth+1)
		}
	}
	return out
}

// check runs every analysis on tr; fail reports a panic or an infinity.
func check(tr *datasets.Trace, fail func(format string, args ...any)) {
	for _, a := range analyses() {
		func() {
			defer func() {
				if r := recover(); r != nil {
					fail("%s: panic: %v", a.name, r)
				}
			}()
			v, err := a.run(tr)
			if err != nil {
				return
			}
			if inf := infinities(reflect.ValueOf(v), "", nil, 0); len(inf) > 0 {
				fail("%s: infinite values %v", a.name, inf)
			}
		}()
	}
}

// mk builds a trace of n jobs from a default job changed by f.
func mk(n int, f func(i int, j *datasets.Job)) *datasets.Trace {
	tr := datasets.NewTrace("degenerate", n)
	for i := range n {
		j := datasets.Job{JobID: i + 1, Submit: float64(i) * 600, Wait: 10, Runtime: 100 + float64(i%7)*50, Procs: 1 << (i % 5),
			CPUTime: 90, Mem: math.NaN(), ReqProcs: 1 << (i % 5), ReqTime: 3600, ReqMem: math.NaN(), Status: 1, User: i % 3,
			Group: 1, App: i % 4, Queue: 1, Partition: 1, PrevJob: -1, ThinkTime: math.NaN()}
		f(i, &j)
		tr.Append(j)
	}
	return tr
}

// TestDegenerateLogs: the degenerate logs of the session 14 audit. Every
// analysis ends with a result or an error saying why; none panics, hangs
// or gives an infinity. (The NaNs they give are documented unknowns: a
// user's first batch has no think time, an empty bin no probability.)
func TestDegenerateLogs(t *testing.T) {
	t.Parallel()
	const year = 365.25 * 86400
	for _, c := range []struct {
		name string
		tr   *datasets.Trace
	}{
		{"one job", mk(1, func(int, *datasets.Job) {})},
		{"one user", mk(300, func(_ int, j *datasets.Job) { j.User = 7 })},
		{"all at one submit time", mk(300, func(_ int, j *datasets.Job) { j.Submit = 1000 })},
		{"runtimes 0", mk(300, func(_ int, j *datasets.Job) { j.Runtime, j.CPUTime = 0, 0 })},
		{"runtimes unknown", mk(300, func(_ int, j *datasets.Job) { j.Runtime, j.CPUTime, j.Wait = math.NaN(), math.NaN(), math.NaN() })},
		{"processors unknown", mk(300, func(_ int, j *datasets.Job) { j.Procs, j.ReqProcs = -1, -1 })},
		{"processors 0", mk(300, func(_ int, j *datasets.Job) { j.Procs, j.ReqProcs = 0, 0 })},
		{"20 years", mk(300, func(i int, j *datasets.Job) { j.Submit = float64(i) * 20 * year / 300 })},
		{"single-job users", mk(300, func(i int, j *datasets.Job) { j.User = i })},
		{"users unknown", mk(300, func(_ int, j *datasets.Job) { j.User = -1 })},
		{"every field unknown", mk(300, func(i int, j *datasets.Job) {
			*j = datasets.UnknownJob()
			j.JobID, j.Submit = i+1, float64(i*60)
		})},
		{"every field 0", mk(300, func(i int, j *datasets.Job) { *j = datasets.Job{JobID: i + 1} })},
		{"unknown submit times", mk(300, func(i int, j *datasets.Job) {
			if i%50 == 7 {
				j.Submit = math.NaN()
			}
		})},
		{"unsorted", mk(300, func(i int, j *datasets.Job) { j.Submit = float64((i*7919)%300) * 600 })},
		{"exit codes, negative users and processors", mk(300, func(i int, j *datasets.Job) {
			j.Status, j.User, j.Procs = 265, -5-i%3, -7
		})},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			check(c.tr, t.Errorf)
		})
	}
}

// TestOddLogsProperty (rapid): small logs drawn with every oddity at once —
// ties, unsorted, negative and unknown submits (placeholders kept), unknown
// and zero runtimes and waits, unknown,
// zero and negative processor counts, unknown users, exit codes, repeated
// job ids — never make an analysis panic or give an infinity.
func TestOddLogsProperty(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("runs every analysis on each drawn log")
	}
	rapidtest.Check(t, func(rt *rapid.T) {
		n := rapid.IntRange(1, 40).Draw(rt, "n")
		measure := func(label string) float64 {
			switch rapid.IntRange(0, 5).Draw(rt, label+" kind") {
			case 0:
				return math.NaN()
			case 1:
				return 0
			}
			return float64(rapid.IntRange(1, 100000).Draw(rt, label))
		}
		tr := datasets.NewTrace("odd", n)
		placeholders := rapid.IntRange(0, 3).Draw(rt, "placeholders") == 0
		for range n {
			j := datasets.UnknownJob()
			j.JobID = rapid.IntRange(-1, n).Draw(rt, "id")
			j.Submit = float64(rapid.IntRange(-1, 30).Draw(rt, "submit") * rapid.SampledFrom([]int{1, 600, 86400}).Draw(rt, "unit"))
			if placeholders && rapid.IntRange(0, 9).Draw(rt, "placeholder") == 0 { // kept with KeepPlaceholders
				j.Submit = math.NaN()
			}
			j.Wait, j.Runtime, j.ReqTime = measure("wait"), measure("runtime"), measure("req_time")
			j.Procs = rapid.IntRange(-2, 64).Draw(rt, "procs")
			j.ReqProcs = rapid.IntRange(-1, 64).Draw(rt, "req_procs")
			j.User = rapid.IntRange(-1, 3).Draw(rt, "user")
			j.Status = rapid.SampledFrom([]int{-1, 0, 1, 2, 5, 265}).Draw(rt, "status")
			j.Queue = rapid.IntRange(-1, 2).Draw(rt, "queue")
			tr.Append(j)
		}
		check(tr, rt.Errorf)
	})
}
