package ledger

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// An Expectation is a paper's value together with the tolerance within
// which our value agrees with it.
type Expectation interface {
	// Accepts reports whether our value agrees with the paper's. A NaN or
	// infinite value never agrees.
	Accepts(got float64) bool
	// Value is the paper's value as the paper states it ("4.82", "13–36").
	Value() string
	// Tolerance says what "agrees" means ("±7%", "±0.05", "in range").
	Tolerance() string
}

// Approx is the paper's value v; ours agrees when |ours − v| ≤ rel·|v|.
// rel must be non-negative.
func Approx(v, rel float64) Expectation {
	if !(rel >= 0) || math.IsNaN(v) {
		panic("ledger: Approx needs a value and a non-negative relative tolerance")
	}
	return approx{v: v, rel: rel}
}

type approx struct{ v, rel float64 }

func (a approx) Accepts(got float64) bool {
	return finite(got) && math.Abs(got-a.v) <= a.rel*math.Abs(a.v)+1e-12*math.Abs(a.v)
}
func (a approx) Value() string { return num(a.v) }
func (a approx) Tolerance() string {
	return "±" + strconv.FormatFloat(100*a.rel, 'g', 6, 64) + "%"
}

// Near is the paper's value v; ours agrees when |ours − v| ≤ abs. Near(v, 0)
// asks for equality (counts). abs must be non-negative.
func Near(v, abs float64) Expectation {
	if !(abs >= 0) || math.IsNaN(v) {
		panic("ledger: Near needs a value and a non-negative absolute tolerance")
	}
	return near{v: v, abs: abs}
}

type near struct{ v, abs float64 }

func (n near) Accepts(got float64) bool {
	return finite(got) && math.Abs(got-n.v) <= n.abs*(1+1e-12)
}
func (n near) Value() string { return num(n.v) }
func (n near) Tolerance() string {
	if n.abs == 0 {
		return "exact"
	}
	return "±" + tolerance(n.abs)
}

// tolerance formats a tolerance for display: the shortest decimal when it
// is short ("0.05"), else three significant digits ("0.00743" for a
// tolerance computed from a standard error); Want keeps the exact value.
func tolerance(v float64) string {
	if s := num(v); len(s) <= 7 || math.IsInf(v, 0) || v == 0 {
		return s
	}
	dec := max(2-int(math.Floor(math.Log10(math.Abs(v)))), 0)
	return strconv.FormatFloat(v, 'f', dec, 64)
}

// Between is a range the paper gives ("between 13 and 36"); ours agrees
// when lo ≤ ours ≤ hi. An infinite bound is open: Between(0.5, math.Inf(1)).
func Between(lo, hi float64) Expectation {
	if !(lo <= hi) {
		panic("ledger: Between needs lo ≤ hi")
	}
	return between{lo: lo, hi: hi}
}

type between struct{ lo, hi float64 }

func (b between) Accepts(got float64) bool {
	return finite(got) && got >= b.lo && got <= b.hi
}
func (b between) Value() string {
	switch {
	case math.IsInf(b.lo, -1) && math.IsInf(b.hi, 1):
		return "any"
	case math.IsInf(b.hi, 1):
		return "≥ " + num(b.lo)
	case math.IsInf(b.lo, -1):
		return "≤ " + num(b.hi)
	}
	return num(b.lo) + "–" + num(b.hi)
}
func (b between) Tolerance() string { return "in range" }

// AtLeast is a lower bound the paper states ("H above 0.5").
func AtLeast(lo float64) Expectation { return Between(lo, math.Inf(1)) }

// AtMost is an upper bound the paper states ("at most 5% of the jobs").
func AtMost(hi float64) Expectation { return Between(math.Inf(-1), hi) }

// Stated replaces the displayed paper value of e by the paper's own words,
// e.g. Stated("about a third", Approx(1.0/3, 0.15)).
func Stated(text string, e Expectation) Expectation { return stated{text: text, Expectation: e} }

type stated struct {
	text string
	Expectation
}

func (s stated) Value() string { return s.text }

// RelativeTo marks e as an expectation whose value was derived from our
// own computation, not printed by the paper: to says what of ours it is
// ("our original log's mean stack depth", when the paper's cell is blanked
// in our copy and the paper says the resampled logs' value is "very
// similar" to the original's). It judges our value as e does, but its
// Want (Want.Relative) is no paper value, so it tests no discrimination:
// an agreement with it is Untested (MarkDiscrimination). It panics when to
// is empty.
func RelativeTo(to string, e Expectation) Expectation {
	if to == "" {
		panic("ledger: RelativeTo needs what of ours the value is derived from")
	}
	return relative{to: to, Expectation: e}
}

type relative struct {
	to string
	Expectation
}

func finite(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }

// num formats a paper value: the shortest decimal that reads back as v
// (a value typed from the paper: 0.875, 55208), or 7 significant digits
// when that decimal is longer than 10 (a value derived from the paper's
// numbers, as 8/7: 1.142857, not 1.1428571428571428).
func num(v float64) string {
	switch {
	case math.IsInf(v, 1):
		return "∞"
	case math.IsInf(v, -1):
		return "−∞"
	}
	s := strconv.FormatFloat(v, 'f', -1, 64)
	if len(strings.TrimLeft(strings.Trim(strings.TrimPrefix(s, "-"), "0"), ".0")) > 10 {
		return Format(v, 7)
	}
	return s
}

// Format formats our value with digits significant digits (integers in
// full, up to 1e15), the default text of Entry.OurValue.
func Format(v float64, digits int) string {
	switch {
	case math.IsNaN(v):
		return "NaN"
	case math.IsInf(v, 1):
		return "∞"
	case math.IsInf(v, -1):
		return "−∞"
	case v == math.Trunc(v) && math.Abs(v) < 1e15:
		return strconv.FormatFloat(v, 'f', 0, 64)
	}
	if digits < 1 {
		digits = 4
	}
	a := math.Abs(v)
	if a >= 1e-4 && a < 1e15 {
		// Fixed notation with `digits` significant digits, trailing zeros kept
		// only up to the precision asked.
		exp := int(math.Floor(math.Log10(a)))
		dec := max(digits-1-exp, 0)
		return strconv.FormatFloat(v, 'f', dec, 64)
	}
	return fmt.Sprintf("%.*g", digits, v)
}
