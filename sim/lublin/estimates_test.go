package lublin

import (
	"context"
	"fmt"
	"math"
	"slices"
	"testing"

	"pgregory.net/rapid"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/internal/rapidtest"
	"github.com/tracelab/tracelab/sim/estimates"
)

// estimateLog returns a log of n jobs on 64 processors whose users choose
// estimates among a few round values at least their runtimes, drawn from
// the paper's model (seed 7).
func estimateLog(t testing.TB, n int) *datasets.Trace {
	p, err := PaperParams(64)
	if err != nil {
		t.Fatal(err)
	}
	tr, err := Generate(p, n, 7)
	if err != nil {
		t.Fatal(err)
	}
	round := []float64{300, 900, 3600, 4 * 3600, 18 * 3600, 36 * 3600}
	for i, run := range tr.Runtime {
		k, _ := slices.BinarySearch(round, run)
		k = min(k+i%3, len(round)-1) // some users overestimate by a value or two
		tr.ReqTime[i] = max(round[k], run)
	}
	return tr
}

// TestGenerateEstimatesProperties: with Params.Estimates every job gets an
// estimate at least its runtime, a fitted value unless its runtime is
// above all of them; the other columns are those of the log generated
// without estimates; the same seed gives the same estimates.
func TestGenerateEstimatesProperties(t *testing.T) {
	m, err := estimates.Fit(estimateLog(t, 2000), estimates.FitOptions{})
	if err != nil {
		t.Fatal(err)
	}
	rapidtest.Check(t, func(rt *rapid.T) {
		p, _ := PaperParams(rapid.SampledFrom([]int{64, 128, 256}).Draw(rt, "procs"))
		n, seed := rapid.IntRange(0, 300).Draw(rt, "jobs"), rapid.Uint64().Draw(rt, "seed")
		plain, err := Generate(p, n, seed)
		if err != nil {
			rt.Fatal(err)
		}
		p.Estimates = &m
		with, err := Generate(p, n, seed)
		if err != nil {
			rt.Fatal(err)
		}
		if !slices.Equal(plain.Submit, with.Submit) || !slices.Equal(plain.Runtime, with.Runtime) || !slices.Equal(plain.Procs, with.Procs) {
			rt.Fatal("estimates changed the rest of the log")
		}
		for i, e := range with.ReqTime {
			run := with.Runtime[i]
			if !(e >= run) {
				rt.Fatalf("job %d: estimate %v below runtime %v", i+1, e, run)
			}
			if _, ok := slices.BinarySearch(m.Values, e); !ok && !(run > m.Values[len(m.Values)-1] && e == run) {
				rt.Fatalf("job %d: estimate %v is no fitted value %v", i+1, e, m.Values)
			}
		}
		again, _ := Generate(p, n, seed)
		if !slices.Equal(with.ReqTime, again.ReqTime) {
			rt.Fatal("same seed, other estimates")
		}
	})
	p, _ := PaperParams(64)
	p.Estimates = &estimates.Model{}
	if _, err := Generate(p, 10, 1); err == nil {
		t.Error("an empty estimate model was accepted")
	}
}

// TestEstimateEffect: the experiment's frame and its independence of the
// number of workers, on a small log.
func TestEstimateEffect(t *testing.T) {
	log := estimateLog(t, 1500)
	opts := EstimateEffectOptions{Reps: 3, Jobs: 800, Seed: 3, Workers: 1}
	a, err := RunEstimateEffect(context.Background(), log, opts)
	if err != nil {
		t.Fatal(err)
	}
	opts.Workers = 3
	b, err := RunEstimateEffect(context.Background(), log, opts)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(a.GeneratedModelled, b.GeneratedModelled) || !slices.Equal(a.LogModelled, b.LogModelled) || a.LogReal != b.LogReal {
		t.Errorf("workers changed the result: %+v vs %+v", a, b)
	}
	f := a.Frame()
	if r, c := f.Dims(); r != 5 || c != 9 {
		t.Fatalf("frame %d×%d, want 5×9", r, c)
	}
	wait, lo, hi := f.Col("avg_wait_s").Float(), f.Col("ci_low").Float(), f.Col("ci_high").Float()
	for i := range wait {
		if !(lo[i] <= wait[i] && wait[i] <= hi[i]) || math.IsNaN(wait[i]) {
			t.Errorf("row %d: %v outside [%v, %v]", i, wait[i], lo[i], hi[i])
		}
	}
	if vs := f.Col("vs_exact").Float(); vs[1] != 1 || vs[3] != 1 {
		t.Errorf("exact rows' vs_exact %v, want 1", vs)
	}
	for _, o := range []EstimateEffectOptions{{Reps: 1}, {Reps: 1001}, {Jobs: 1}, {Jobs: -1}, {Workers: -1}} {
		if _, err := RunEstimateEffect(context.Background(), log, o); err == nil {
			t.Errorf("%+v: no error", o)
		}
	}
}

// TestMovesTowardLog: the two readings of the check on hand-made waits.
func TestMovesTowardLog(t *testing.T) {
	for _, c := range []struct {
		name                     string
		r                        EstimateEffect
		wantOnLog, wantGenerated bool
	}{
		{"both", EstimateEffect{LogReal: 120, LogExact: 100, LogModelled: []float64{115, 117},
			GeneratedExact: []float64{300, 400, 500}, GeneratedModelled: []float64{330, 440, 550}}, true, true},
		{"overshoot on the log, opposite on generated", EstimateEffect{LogReal: 120, LogExact: 100, LogModelled: []float64{150, 160},
			GeneratedExact: []float64{300, 400, 500}, GeneratedModelled: []float64{270, 360, 450}}, false, false},
		{"lower real wait", EstimateEffect{LogReal: 90, LogExact: 100, LogModelled: []float64{95, 96},
			GeneratedExact: []float64{300, 400, 500}, GeneratedModelled: []float64{270, 360, 450}}, true, true},
		{"no clear change", EstimateEffect{LogReal: 120, LogExact: 100, LogModelled: []float64{100, 100},
			GeneratedExact: []float64{300, 400, 500}, GeneratedModelled: []float64{330, 360, 500}}, false, false},
	} {
		onLog, onGen := c.r.MovesTowardLog()
		if onLog != c.wantOnLog || onGen != c.wantGenerated {
			t.Errorf("%s: %v, %v; want %v, %v", c.name, onLog, onGen, c.wantOnLog, c.wantGenerated)
		}
	}
}

// A generated log with users' runtime estimates from a model of a log
// whose users ask for 5 minutes, 1 hour or 10 hours.
func ExampleParams_estimates() {
	log := datasets.NewTrace("toy", 6)
	for i, p := range [][2]float64{{10, 300}, {200, 300}, {50, 3600}, {2000, 3600}, {9000, 36000}, {30000, 36000}} {
		j := datasets.UnknownJob()
		j.JobID, j.Submit, j.Runtime, j.ReqTime = i+1, float64(i), p[0], p[1]
		log.Append(j)
	}
	m, err := estimates.Fit(log, estimates.FitOptions{})
	if err != nil {
		panic(err)
	}
	p, _ := PaperParams(128)
	p.Estimates = &m
	tr, err := Generate(p, 5, 1)
	if err != nil {
		panic(err)
	}
	for i := range tr.Len() {
		fmt.Printf("job %d: runtime %6.0f s, estimate %6.0f s\n", tr.JobID[i], tr.Runtime[i], tr.ReqTime[i])
	}
	// Output:
	// job 1: runtime  33070 s, estimate  36000 s
	// job 2: runtime      6 s, estimate    300 s
	// job 3: runtime     57 s, estimate   3600 s
	// job 4: runtime      7 s, estimate    300 s
	// job 5: runtime  16424 s, estimate  36000 s
}
