package lublin2003

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/tracelab/tracelab/confidence"
	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/sim/lublin"
)

// TestLineSE: with equal weights the standard errors are the textbook
// ones of a least-squares line: x = 1, 2, 3, 4 (Sxx = 5, Σx² = 30, n = 4)
// and p = 0.9, 0.7, 0.6, 0.3 (slope −0.19, intercept 1.1, the fit),
// s² = Σr²/(n − 2): SE(a) = √(s²/Sxx), SE(b) = √(s²·Σx²/(n·Sxx)).
func TestLineSE(t *testing.T) {
	pl := lublin.PLineFit{Slope: -0.19, Intercept: 1.1}
	for i, p := range []float64{0.9, 0.7, 0.6, 0.3} {
		pl.Groups = append(pl.Groups, lublin.PGroup{MeanSize: float64(i + 1), P: p, Jobs: 250})
	}
	var rss float64
	for _, g := range pl.Groups {
		r := g.P - (pl.Slope*g.MeanSize + pl.Intercept)
		rss += r * r
	}
	s2 := rss / 2
	a, b := lineSE(pl)
	for _, c := range []struct {
		name      string
		got, want float64
	}{{"a", a, math.Sqrt(s2 / 5)}, {"b", b, math.Sqrt(s2 * 30 / 20)}} {
		if math.Abs(c.got-c.want) > 1e-12 {
			t.Errorf("SE %s = %v, want %v", c.name, c.got, c.want)
		}
	}
	if a, _ := lineSE(lublin.PLineFit{Groups: pl.Groups[:2]}); !math.IsNaN(a) {
		t.Errorf("two groups: SE %v, want NaN (no residual degree of freedom)", a)
	}
}

// TestCorrelationSE: for bivariate normal pairs with correlation ρ the
// SE of r is about (1 − ρ²)/√n (Fisher); the bootstrap's within 15%.
func TestCorrelationSE(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	const n, rho = 2000, 0.4
	x, y := make([]float64, n), make([]float64, n)
	for i := range x {
		u, v := rng.NormFloat64(), rng.NormFloat64()
		x[i], y[i] = u, rho*u+math.Sqrt(1-rho*rho)*v
	}
	se := correlationSE(x, y, 400, 9)
	if want := (1 - rho*rho) / math.Sqrt(n); math.Abs(se/want-1) > 0.15 {
		t.Errorf("SE %v, want about %v", se, want)
	}
}

// TestTwoStageSE: the bootstrap SEs of m and p are reproducible for a
// seed; with m settled on one size (2,000 values, m at the gap between the
// two stages), p is the share of the values below m and its SE near the
// binomial √(p(1−p)/n).
func TestTwoStageSE(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	draw := func(n int) []float64 {
		x := make([]float64, n)
		for i := range x {
			if rng.Float64() < 0.7 {
				x[i] = float64(1 + rng.IntN(4)) // sizes 2–16
			} else {
				x[i] = float64(5 + rng.IntN(3)) // 32–128
			}
		}
		return x
	}
	small, large := draw(500), draw(2000)
	m1, p1 := twoStageSE(small, 0.8, 7, 100, 1)
	m2, p2 := twoStageSE(small, 0.8, 7, 100, 1)
	if m1 != m2 || p1 != p2 {
		t.Errorf("not reproducible: %v %v vs %v %v", m1, p1, m2, p2)
	}
	_, pl := twoStageSE(large, 0.8, 7, 100, 1)
	if r := pl / confidence.ShareSE(0.7, len(large)); r < 0.5 || r > 1.5 {
		t.Errorf("SE of p: %v for 2000 values, binomial %v", pl, confidence.ShareSE(0.7, len(large)))
	}
}

// TestHeaderParsing: the partitions and cleaning filters of SDSC-Par-1996's
// header (the lines as the archive writes them, and the note they make).
func TestHeaderParsing(t *testing.T) {
	tr := datasets.NewTrace("SDSC-Par-1996", 0)
	tr.Header.Lines = []string{
		" MaxNodes: 400 (48 interactive, 352 batch, 6 service, 10 I/O)",
		" Note: THIS IS A CLEANED VERSION OF THE LOG!",
		"       The filters used to produce it were",
		"         user=5 and (hour>=3 and hour<=3) (5301 jobs removed)",
		"         user=23 and (job>=3036 and job<=4676) (1283 jobs removed)",
	}
	tr.Header.Notes = []string{"THIS IS A CLEANED VERSION OF THE LOG!\nThe filters used to produce it were\n" +
		"user=5 and (hour>=3 and hour<=3) (5301 jobs removed)\nuser=23 and (job>=3036 and job<=4676) (1283 jobs removed)"}
	p := partitions(tr.Header)
	if p["interactive"] != 48 || p["batch"] != 352 || p["service"] != 6 || p["I/O"] != 10 {
		t.Errorf("partitions %v", p)
	}
	for _, j := range []int{5000, 6000} { // jobs after user 23's range: only the unranged filter counts
		tr.Append(datasets.Job{JobID: j, Procs: 1, Status: 1})
	}
	if n, fs, err := removedIn(tr); err != nil || n != 5301 || len(fs) != 1 || fs[0] != "user=5 and (hour>=3 and hour<=3): 5301" {
		t.Errorf("removed in jobs 5000–6000: %d %v %v, want 5301", n, fs, err)
	}
}

// TestErlangSaving: the hyper-Erlang variant keeps each Gamma's mean, and
// the measurement returns finite numbers (its value is the machine's).
func TestErlangSaving(t *testing.T) {
	h := table2Average.hyperGamma()
	e := toHyperErlang(h)
	if e.K1 != 4 || e.K2 != 312 || math.Abs(float64(e.K1)/e.Rate1-h.Alpha1*h.Beta1) > 1e-12 ||
		math.Abs(float64(e.K2)/e.Rate2-h.Alpha2*h.Beta2) > 1e-9 {
		t.Errorf("hyper-Erlang %+v of %+v", e, h)
	}
	s := measureErlangSaving(h, 3, 2000, 1)
	if math.IsNaN(s.mean) || math.IsNaN(s.se) || math.IsNaN(s.first) {
		t.Errorf("saving %+v", s)
	}
}
