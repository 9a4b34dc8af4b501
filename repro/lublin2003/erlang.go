package lublin2003

import (
	"fmt"
	"math"
	"math/rand/v2"
	"time"

	"gonum.org/v1/gonum/stat"

	"github.com/tracelab/tracelab/analytics/fit"
	"github.com/tracelab/tracelab/repro/ledger"
)

// erlangSaving is §5.2's hyper-Erlang variant of a model: "round the αs to
// the nearest integer, modify the β to compensate for the change in the
// mean" (each Gamma keeps its mean α·β), which "cuts about 12% off the
// time required to compute samples from the model".
type erlangSaving struct {
	model  fit.HyperErlang
	rounds int
	draws  int     // per sampler and round
	mean   float64 // the mean saving over the rounds, percent
	se     float64 // its standard error over the rounds
	first  float64 // the mean saving drawing from the first Gamma alone
}

// toHyperErlang rounds h's shapes to integers (at least 1) and sets each
// rate so that the component's mean α·β is kept.
func toHyperErlang(h fit.HyperGamma) fit.HyperErlang {
	k1, k2 := max(1, int(math.Round(h.Alpha1))), max(1, int(math.Round(h.Alpha2)))
	return fit.HyperErlang{P: h.P, K1: k1, Rate1: float64(k1) / (h.Alpha1 * h.Beta1),
		K2: k2, Rate2: float64(k2) / (h.Alpha2 * h.Beta2)}
}

// measureErlangSaving times draws from h and from its hyper-Erlang variant
// (fit.HyperGamma.Rand: gonum's Gamma sampler; fit.HyperErlang.Rand: a
// product of uniforms for shapes up to 32) in alternating rounds, and
// returns the mean saving 1 − t_Erlang/t_Gamma over the rounds with its
// standard error. Wall-clock times on a shared machine: the rounds'
// spread is the error.
func measureErlangSaving(h fit.HyperGamma, rounds, draws int, seed uint64) erlangSaving {
	e := toHyperErlang(h)
	out := erlangSaving{model: e, rounds: rounds, draws: draws}
	savings, first := make([]float64, rounds), make([]float64, rounds)
	sink := 0.0
	for r := range rounds {
		h.Src, e.Src = rand.NewPCG(seed, uint64(2*r)), rand.NewPCG(seed, uint64(2*r+1))
		g1 := fit.Gamma{Alpha: h.Alpha1, Beta: h.Beta1, Src: h.Src}
		e1 := fit.HyperErlang{P: 1, K1: e.K1, Rate1: e.Rate1, K2: e.K2, Rate2: e.Rate2, Src: e.Src}
		time1 := func(f func() float64) time.Duration {
			t0 := time.Now()
			for range draws {
				sink += f()
			}
			return time.Since(t0)
		}
		var tg, te time.Duration
		if r%2 == 0 {
			tg, te = time1(h.Rand), time1(e.Rand)
		} else {
			te, tg = time1(e.Rand), time1(h.Rand)
		}
		savings[r] = 100 * (1 - te.Seconds()/tg.Seconds())
		tg, te = time1(g1.Rand), time1(e1.Rand)
		first[r] = 100 * (1 - te.Seconds()/tg.Seconds())
	}
	if math.IsNaN(sink) {
		panic("lublin2003: a sampler returned NaN")
	}
	m, sd := stat.MeanStdDev(savings, nil)
	out.mean, out.se = m, sd/math.Sqrt(float64(rounds))
	out.first = stat.Mean(first, nil)
	return out
}

// erlangClaim records the 12% of §5.2: a timing of the authors' samplers
// on their machine ("from our experience"). Ours times our samplers, an
// implementation that stands in for theirs as another version of a log
// stands in for the paper's: not comparable, ours shown (ledger.StandIn),
// whichever way it falls. Timings vary with the machine and its load, so
// they are measured in full mode only: the quick ledger (and its
// baseline) records that.
func erlangClaim(l *ledger.Ledger, s *erlangSaving) {
	const statement = "the hyper-Erlang variant of the average model (α rounded, β keeping each Gamma's mean) cuts the time to draw samples (percent saved)"
	const quote = "uts about 12%"
	if s == nil {
		l.Unavailable("§5.2", "erlang/time-saved", statement, "about 12%",
			"timings are measured in full mode only (they vary with the machine's load)").Quoting(quote)
		return
	}
	e := l.StandIn("§5.2", "erlang/time-saved",
		fmt.Sprintf("%s: K1 = %d, K2 = %d; %d rounds of %d draws each, wall clock (SE: over the rounds)", statement, s.model.K1, s.model.K2, s.rounds, s.draws),
		ledger.Printed("12", s.se), s.mean,
		"a stand-in: the paper times the authors' samplers on their machine (\"from our experience\"); ours times our samplers, another implementation").
		Quoting(quote)
	e.OurValue += fmt.Sprintf(" (shapes above 32, here K2 = %d, use the same Gamma sampler in both of our models, so only the first Gamma (weight %.3f) can be faster; drawn alone, it saves %.1f%%)",
		s.model.K2, s.model.P, s.first)
}
