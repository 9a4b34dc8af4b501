package repetitions

import (
	"math"
	"os"
	"slices"
	"testing"

	"github.com/tracelab/tracelab/analytics/locality"
	"github.com/tracelab/tracelab/datasets"
)

func TestRunLengthProbs(t *testing.T) {
	t.Parallel()
	p := RunLengthProbs(2.5, 1000)
	var s float64
	for _, x := range p {
		s += x
	}
	if math.Abs(s-1) > 1e-12 {
		t.Errorf("probabilities sum to %v", s)
	}
	// P(2)/P(1) = 2^−2.5; P(1) = 1/ζ_1000(2.5) ≈ 1/1.34149 (ζ(2.5) =
	// 1.341487…, the tail beyond 1000 is about 2·1000^−1.5/3 = 2e-5).
	if r := p[1] / p[0]; math.Abs(r-math.Pow(2, -2.5)) > 1e-12 {
		t.Errorf("P(2)/P(1) = %v", r)
	}
	if math.Abs(p[0]-1/1.341487) > 1e-4 {
		t.Errorf("P(1) = %v, want ≈ %v", p[0], 1/1.341487)
	}
}

func source() *datasets.Trace { return datasets.Sample() }

func TestGenerate(t *testing.T) {
	t.Parallel()
	src := source()
	tr, err := Generate(src, Options{Jobs: 5000, Seed: 3, ThinkTime: 30})
	if err != nil {
		t.Fatal(err)
	}
	if tr.Len() != 5000 || !tr.IsSortedBySubmit() {
		t.Fatalf("%d jobs, sorted %v", tr.Len(), tr.IsSortedBySubmit())
	}
	if err := tr.Validate(); err != nil {
		t.Fatal(err)
	}
	// Successive repetitions of a sequence arrive runtime + think apart
	// and are copies of the same job.
	last := map[int]int{}
	seqs := map[int]int{}
	for i := range tr.Len() {
		s := tr.App[i]
		seqs[s]++
		if j, ok := last[s]; ok {
			if tr.Runtime[i] != tr.Runtime[j] || tr.Procs[i] != tr.Procs[j] {
				t.Fatalf("sequence %d: jobs %d and %d differ", s, j, i)
			}
			if gap := tr.Submit[i] - tr.Submit[j]; math.Abs(gap-tr.Runtime[j]-30) > 1e-6 {
				t.Fatalf("sequence %d: gap %v, runtime %v + 30", s, gap, tr.Runtime[j])
			}
		}
		last[s] = i
	}
	// With θ = 2.5 most sequences are single jobs, some are long.
	single, long := 0, 0
	for _, n := range seqs {
		if n == 1 {
			single++
		}
		if n >= 20 {
			long++
		}
	}
	if single < len(seqs)/2 || long == 0 {
		t.Errorf("%d sequences: %d single, %d of 20 or more", len(seqs), single, long)
	}
	again, _ := Generate(src, Options{Jobs: 5000, Seed: 3, ThinkTime: 30})
	if !slices.Equal(again.Submit, tr.Submit) {
		t.Error("same seed, different output")
	}
	none, err := Generate(src, Options{Jobs: 2000, NoRepetitions: true, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	apps := map[int]bool{}
	for _, a := range none.App {
		apps[a] = true
	}
	if len(apps) != 2000 {
		t.Errorf("no repetitions: %d sequences for 2000 jobs", len(apps))
	}
	// The job rate follows the source's.
	rate := float64(none.Len()) / none.Span()
	srcRate := float64(src.Len()) / src.Span()
	if math.Abs(rate/srcRate-1) > 0.1 {
		t.Errorf("job rate %v, source %v", rate, srcRate)
	}
	// SlowDown divides the job rate (Poisson starts: 2000 jobs give a
	// relative error of about 1/√2000 ≈ 2%).
	for _, slow := range []float64{0.5, 2, 4} {
		g, err := Generate(src, Options{Jobs: 2000, NoRepetitions: true, Seed: 1, SlowDown: slow})
		if err != nil {
			t.Fatal(err)
		}
		if r := float64(g.Len()) / g.Span() * slow / srcRate; math.Abs(r-1) > 0.1 {
			t.Errorf("SlowDown %v: job rate × SlowDown is %v of the source's", slow, r)
		}
	}
	for _, o := range []Options{{Jobs: -1}, {Theta: -1}, {MaxRun: -1}, {MeanGap: -5}, {ThinkTime: math.NaN()},
		{SlowDown: -1}, {SlowDown: math.NaN()}, {SlowDown: 2 * MaxSlowDown}} {
		if _, err := Generate(src, o); err == nil {
			t.Errorf("%+v: no error", o)
		}
	}
}

// Fig 11 of the 2007 paper: M'_med falls as θ grows, from 0.180 at θ = 2
// to 0.038 at θ = 4, about 0.08–0.1 at θ = 2.5, and at θ > 4 is the
// value of random sampling. The paper's source log is not named; with
// SDSC-Par-1996 (the paper's running example, 87 jobs a day) our sweep
// gives 0.166, 0.079, 0.032 (means of 10 sequences of 100,000 jobs). This
// test runs a smaller sweep: 2 sequences of 40,000 jobs.
func TestThetaSweep(t *testing.T) {
	t.Parallel()
	if os.Getenv("TRACELAB_DATA") == "" {
		t.Skip("TRACELAB_DATA not set")
	}
	src, err := datasets.Load("SDSC-Par")
	if err != nil {
		t.Fatal(err)
	}
	df, err := ThetaSweep(src, SweepOptions{Thetas: []float64{2, 2.5, 4, 6}, Sequences: 2, Jobs: 40000})
	if err != nil {
		t.Fatal(err)
	}
	if df.Nrow() != 10 {
		t.Fatalf("%d rows, want 10", df.Nrow())
	}
	m := df.Col("m_med").Float()
	mean := func(i int) float64 { return (m[i] + m[i+1]) / 2 }
	want := []struct{ lo, hi float64 }{{0.12, 0.22}, {0.06, 0.11}, {0.025, 0.045}, {0.02, 0.04}, {0.02, 0.04}}
	for k, w := range want {
		if v := mean(2 * k); v < w.lo || v > w.hi {
			t.Errorf("row %d (θ %v, repetitions %v): M'_med %.3f outside %v–%v", 2*k, df.Col("theta").Float()[2*k], df.Col("repetitions").Records()[2*k], v, w.lo, w.hi)
		}
	}
	// Workers do not change the result.
	one, _ := ThetaSweep(src, SweepOptions{Thetas: []float64{2, 2.5, 4, 6}, Sequences: 2, Jobs: 40000, Workers: 1})
	if !slices.Equal(one.Col("m_med").Float(), m) {
		t.Error("result depends on the number of workers")
	}
	for _, o := range []SweepOptions{{Workers: -1}, {Sequences: -1}, {Jobs: -1}} {
		if _, err := ThetaSweep(src, o); err == nil {
			t.Errorf("ThetaSweep(%+v): no error", o)
		}
	}
}

// Fig 3 of the 2007 paper: locality of sampling without autocorrelation.
func TestSymmetric(t *testing.T) {
	t.Parallel()
	tr, err := Symmetric(SymmetricOptions{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	obs, err := locality.Observe(tr, datasets.Runtime)
	if err != nil {
		t.Fatal(err)
	}
	acf, err := locality.Autocorrelation(obs.Value, 20)
	if err != nil {
		t.Fatal(err)
	}
	for k := 1; k <= 20; k++ {
		if math.Abs(acf[k]) > 0.03 {
			t.Errorf("lag %d autocorrelation %v", k, acf[k])
		}
	}
	r, err := locality.LocalityOfSampling(obs, locality.SamplingOptions{Reps: 50})
	if err != nil {
		t.Fatal(err)
	}
	if r.LocalityMed < 0.2 {
		t.Errorf("M_med %v, want strong locality", r.LocalityMed)
	}
	if _, err := Symmetric(SymmetricOptions{Width: 0.6}); err == nil {
		t.Error("width 0.6: no error")
	}
}
