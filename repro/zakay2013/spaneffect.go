package zakay2013

import (
	"fmt"
	"math"

	"github.com/tracelab/tracelab/analytics/users"
)

// Table V's "uniform distribution from 12 weeks to the full length of the
// log" (§4) is a likeness to a reference the words name, the uniform
// distribution, with an error we measure (the sampling of the log's
// long-term users): by ledger.WordRule it holds when our spans cannot be
// told apart from it, which is the one-sample KS test at 5%
// (uniformSpans, ksCritical) — not a threshold of ours on the distance.
// A significance test's verdict can track only the sample's size where
// the paper states an effect; so each rejection carries the size of its
// departure (spanEffect), measured, to show whether it is one a few
// hundred users merely make detectable or one a look at a histogram
// would see. It explains nothing (no reading, no input): it is the
// measurement written with the entry.

// spanEffect is the size of the departure of a log's long-term users'
// spans from the uniform on [LongTerm, span] (§4, Table V).
type spanEffect struct {
	n int     // long-term users
	d float64 // KS distance from the uniform
	// need is the number of users at which a distance d equals the 5%
	// critical distance, (1.36/d)²: fewer users could not tell it from
	// uniform, more can.
	need float64
	// mid is the median span's position in the range (0 at 12 weeks, 1 at
	// the log's length); uniform: 0.5, with standard error 1/(2√n) (the
	// sample median of n uniform values on [0, 1]: √(¼/n)/f, density f = 1).
	mid float64
	// top is the share of the users whose span lies within Edge (4 weeks)
	// of the log's length — active about the whole log, §4's "active
	// before logging started" and after it —, topUniform that share under
	// the uniform, Edge/(span − LongTerm).
	top, topUniform float64
}

// spanEffectOf measures spanEffect on the long-term users of p, on a log
// of length span (seconds).
func spanEffectOf(p users.Population, span float64) spanEffect {
	d, n, mid := uniformSpans(p, span, func(int) bool { return true })
	e := spanEffect{n: n, d: d, mid: mid, need: math.Pow(1.36/d, 2)}
	lo, edge := p.Options.LongTerm, p.Options.Edge
	if n == 0 || !(span > lo) {
		return e
	}
	top := 0
	for k, c := range p.Class {
		if c == users.LongTerm && p.Span[k] > span-edge {
			top++
		}
	}
	e.top, e.topUniform = float64(top)/float64(n), min(edge/(span-lo), 1)
	return e
}

// midSE is the standard error of the median's position under the uniform.
func (e spanEffect) midSE() float64 { return 0.5 / math.Sqrt(float64(e.n)) }

// topSE is the binomial standard error of the top share under the uniform.
func (e spanEffect) topSE() float64 {
	return math.Sqrt(e.topUniform * (1 - e.topUniform) / float64(e.n))
}

// words says the departure's size: the users needed to detect it, the
// median's and the top share's distance from the uniform's, each against
// twice its standard error.
func (e spanEffect) words() string {
	if e.n == 0 {
		return ""
	}
	beyond := func(x, ref, se float64) string {
		if math.Abs(x-ref) > 2*se {
			return "beyond"
		}
		return "within"
	}
	return fmt.Sprintf("the departure's size: a KS distance of %.3f is told apart from uniform (5%%) by %.0f users or more, ours %d; "+
		"the median span at %.2f of the way (uniform 0.50, 2 SE %.3f: %s); spans within 4 weeks of the log's length (users active about the whole log) "+
		"%.1f%% of the users against %.1f%% if uniform (2 SE %.1f%%: %s)",
		e.d, math.Ceil(e.need), e.n, e.mid, 2*e.midSE(), beyond(e.mid, 0.5, e.midSE()),
		100*e.top, 100*e.topUniform, 200*e.topSE(), beyond(e.top, e.topUniform, e.topSE()))
}
