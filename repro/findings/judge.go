package findings

import (
	"errors"
	"fmt"
	"github.com/tracelab/tracelab/tables"
	"math"
	"strconv"

	"github.com/tracelab/tracelab/confidence"
)

// level is the confidence level of every interval.
const level = 0.95

// outcome is what a finding's measurement returns: a verdict, the
// statistic with its interval (NaN when none) and the one-line reason.
type outcome struct {
	verdict       Verdict
	value, lo, hi float64
	reason        string
}

// notApplicable is the outcome of a log that lacks what the finding needs.
func notApplicable(format string, a ...any) outcome {
	return outcome{verdict: NotApplicable, value: math.NaN(), lo: math.NaN(), hi: math.NaN(), reason: fmt.Sprintf(format, a...)}
}

// failed is the outcome of a measurement that returned an unexpected error.
func failed(err error) outcome {
	return outcome{verdict: Error, value: math.NaN(), lo: math.NaN(), hi: math.NaN(), reason: err.Error()}
}

// lacking turns an error of an analysis into "not applicable" when it says
// the log lacks data (one of the sentinels in lackErrors), else into an
// error outcome.
func lacking(err error, what string) outcome {
	for _, s := range lackErrors {
		if errors.Is(err, s) {
			return notApplicable("%s: %v", what, err)
		}
	}
	return failed(fmt.Errorf("%s: %w", what, err))
}

// judged is a measured outcome: holds or fails with the statistic, its
// interval (NaN bounds for none) and the reason.
func judged(holds bool, value, lo, hi float64, reason string) outcome {
	v := Fails
	if holds {
		v = Holds
	}
	return outcome{verdict: v, value: value, lo: lo, hi: hi, reason: reason}
}

// side says on which side of a bound a claim puts its statistic.
type side int

const (
	above side = iota // the claim: statistic > bound
	below             // the claim: statistic < bound
)

// beyond judges the claim "statistic above (or below) bound" on a 95%
// interval: it holds when the whole interval lies on the claimed side;
// otherwise the reason says whether the interval reaches the bound (the
// data cannot tell) or lies on the other side. what names the statistic
// ("share of users more similar within a session"); the reason starts with
// it. An interval with NaN bounds (none could be made) is judged on the
// value alone, and the reason says so.
func beyond(what string, ci confidence.Interval, s side, bound float64) outcome {
	v, lo, hi := ci.Mean, ci.Lo, ci.Hi
	word := map[side]string{above: "above", below: "below"}[s]
	other := map[side]string{above: "below", below: "above"}[s]
	if math.IsNaN(lo) || math.IsNaN(hi) {
		ok := (s == above && v > bound) || (s == below && v < bound)
		w := word
		if !ok {
			w = "not " + word
		}
		return judged(ok, v, lo, hi, fmt.Sprintf("%s %s, %s %s (no interval)", what, num(v), w, num(bound)))
	}
	in := fmt.Sprintf("%s %s [%s, %s]", what, num(v), num(lo), num(hi))
	switch {
	case s == above && lo > bound, s == below && hi < bound:
		return judged(true, v, lo, hi, fmt.Sprintf("%s, %s %s", in, word, num(bound)))
	case s == above && hi < bound, s == below && lo > bound:
		return judged(false, v, lo, hi, fmt.Sprintf("%s, %s %s", in, other, num(bound)))
	}
	return judged(false, v, lo, hi, fmt.Sprintf("%s: the 95%% interval reaches %s", in, num(bound)))
}

// within judges the claim "lo ≤ statistic ≤ hi" on a 95% interval: it holds
// when the whole interval lies in the range.
func within(what string, ci confidence.Interval, from, to float64) outcome {
	in := fmt.Sprintf("%s %s [%s, %s]", what, num(ci.Mean), num(ci.Lo), num(ci.Hi))
	rng := fmt.Sprintf("[%s, %s]", num(from), num(to))
	switch {
	case ci.Lo >= from && ci.Hi <= to:
		return judged(true, ci.Mean, ci.Lo, ci.Hi, in+", within "+rng)
	case ci.Hi < from:
		return judged(false, ci.Mean, ci.Lo, ci.Hi, in+", below "+rng)
	case ci.Lo > to:
		return judged(false, ci.Mean, ci.Lo, ci.Hi, in+", above "+rng)
	}
	return judged(false, ci.Mean, ci.Lo, ci.Hi, in+": the 95% interval leaves "+rng)
}

// num formats a statistic with three significant digits (no exponent for
// ordinary magnitudes).
func num(x float64) string {
	switch {
	case math.IsNaN(x):
		return "NaN"
	case x == 0:
		return "0"
	case math.Abs(x) >= 1e5:
		return tables.Measure(x, 3) // 113,466, not 1.13e+05
	case math.Abs(x) < 1e-3:
		return strconv.FormatFloat(x, 'g', 3, 64)
	}
	return strconv.FormatFloat(x, 'f', max(0, 2-int(math.Floor(math.Log10(math.Abs(x))))), 64)
}

// pct formats a fraction as a percentage.
func pct(x float64) string { return strconv.FormatFloat(100*x, 'f', 1, 64) + "%" }

// count formats a count with thousands separators.
func count(n int) string {
	s := strconv.Itoa(n)
	if n < 0 {
		return "-" + count(-n)
	}
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
