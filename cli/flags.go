package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/tracelab/tracelab/plots"
	"github.com/tracelab/tracelab/sim"
)

// Every numeric flag of every command is registered with its valid range,
// stated in its help text. A value outside the range, or one that is not a
// number, is a usage error worded the same way in every command:
//
//	tracelab: sweep: --workers -2: want an integer from 0 to 1024 (0: the default)
//
// Nothing is silently clamped, and no negative value quietly means
// "none" or "default": where a command has a default or an "off" setting,
// it is a documented value inside the range (usually 0).

// usageError is a mistake on the command line; run prints the command's
// usage after it.
type usageError struct{ msg string }

func (e usageError) Error() string        { return e.msg }
func (e usageError) Is(target error) bool { return target == errUsage }

// errUsage matches every usage error (errors.Is).
var errUsage = errors.New("usage")

// usagef returns a usage error with a formatted message.
func usagef(format string, args ...any) error {
	return usageError{fmt.Sprintf(format, args...)}
}

// intValue is an integer flag with an inclusive range. zero, when not
// empty, says what 0 means ("the default", "none").
type intValue struct {
	p      *int
	lo, hi int
	zero   string
}

func (v *intValue) String() string {
	if v.p == nil {
		return ""
	}
	return strconv.Itoa(*v.p)
}

func (v *intValue) Set(s string) error {
	x, err := parseInteger(s)
	if err != nil || x < v.lo || x > v.hi {
		return errors.New(v.want())
	}
	*v.p = x
	return nil
}

func (v *intValue) want() string {
	w := fmt.Sprintf("want an integer from %s to %s", groupDigits(v.lo), groupDigits(v.hi))
	if v.zero != "" {
		w += " (0: " + v.zero + ")"
	}
	return w
}

// parseInteger accepts decimal integers and integral numbers written with
// an exponent ("1e6"); it refuses other bases, digit separators and
// fractions, and saturates huge values so that the range check rejects
// them.
func parseInteger(s string) (int, error) {
	if x, err := strconv.ParseInt(s, 10, 0); err == nil {
		return int(x), nil
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || strings.ContainsAny(s, "_xXpP") || f != math.Trunc(f) || math.IsInf(f, 0) {
		return 0, errors.New("not an integer")
	}
	if math.Abs(f) >= 1<<62 {
		return int(math.Copysign(1<<62, f)), nil
	}
	return int(f), nil
}

// groupDigits writes n with thousands separators (1,000,000) and an ASCII
// minus, for terminals.
func groupDigits(n int) string {
	return strings.Replace(plots.Count(n), "−", "-", 1)
}

// intVar registers an integer flag name with default def and range
// [lo, hi]; zero says what 0 means, or is empty.
func intVar(fs *flag.FlagSet, p *int, name string, def, lo, hi int, zero, usage string) {
	*p = def
	v := &intValue{p: p, lo: lo, hi: hi, zero: zero}
	fs.Var(v, name, usage+" ("+strings.TrimPrefix(v.want(), "want ")+")")
}

// intFlag is intVar returning the variable.
func intFlag(fs *flag.FlagSet, name string, def, lo, hi int, zero, usage string) *int {
	p := new(int)
	intVar(fs, p, name, def, lo, hi, zero, usage)
	return p
}

// floatRange is a range of a float flag: [lo, hi], or (lo, hi] when
// openLo.
type floatRange struct {
	lo, hi float64
	openLo bool
	zero   string // what 0 means, when 0 is in the range and special
}

func (r floatRange) contains(x float64) bool {
	if math.IsNaN(x) || x > r.hi {
		return false
	}
	if r.openLo {
		return x > r.lo
	}
	return x >= r.lo
}

func (r floatRange) want() string {
	w := fmt.Sprintf("want a number from %g to %g", r.lo, r.hi)
	if r.openLo {
		w = fmt.Sprintf("want a number above %g and at most %g", r.lo, r.hi)
	}
	if r.zero != "" {
		w += " (0: " + r.zero + ")"
	}
	return w
}

// Common ranges.
var (
	// positiveFactor is a load or length factor: above 0, at most 100.
	positiveFactor = floatRange{lo: 0, hi: 100, openLo: true}
)

type floatValue struct {
	p *float64
	r floatRange
}

func (v *floatValue) String() string {
	if v.p == nil {
		return ""
	}
	return strconv.FormatFloat(*v.p, 'g', -1, 64)
}

func (v *floatValue) Set(s string) error {
	x, err := parseDecimal(s)
	if err != nil || !v.r.contains(x) {
		return errors.New(v.r.want())
	}
	*v.p = x
	return nil
}

// parseDecimal accepts a decimal number, with an exponent or not ("0.5",
// "1e-3"); it refuses what strconv.ParseFloat also reads: hexadecimal
// ("0x1p4"), digit separators ("1_000"), infinities and NaN.
func parseDecimal(s string) (float64, error) {
	s = strings.TrimSpace(s)
	x, err := strconv.ParseFloat(s, 64)
	if err != nil || strings.ContainsAny(s, "_xXpPiInN") {
		return 0, fmt.Errorf("%q is not a decimal number", s)
	}
	return x, nil
}

// floatFlag registers a float flag with default def and range r.
func floatFlag(fs *flag.FlagSet, name string, def float64, r floatRange, usage string) *float64 {
	p := &def
	fs.Var(&floatValue{p: p, r: r}, name, usage+" ("+strings.TrimPrefix(r.want(), "want ")+")")
	return p
}

// floatList is a comma-separated list of numbers in a range, e.g.
// "--load 0.8,1,1.2".
type floatList struct {
	v   []float64
	r   floatRange
	set bool
}

func (l *floatList) String() string {
	s := make([]string, len(l.v))
	for i, x := range l.v {
		s[i] = strconv.FormatFloat(x, 'g', -1, 64)
	}
	return strings.Join(s, ",")
}

func (l *floatList) Set(s string) error {
	var v []float64
	for _, f := range strings.Split(s, ",") {
		x, err := parseDecimal(f)
		if err != nil || !l.r.contains(x) {
			return fmt.Errorf("%q: %s, comma-separated", strings.TrimSpace(f), l.r.want())
		}
		if slices.Contains(v, x) {
			return fmt.Errorf("%s given twice: each value once", strings.TrimSpace(f))
		}
		v = append(v, x)
	}
	l.v, l.set = v, true
	return nil
}

// nameList splits a comma-separated list of names: an empty entry or one
// given twice (after trimming spaces) is an error naming it.
func nameList(s string) ([]string, error) {
	var v []string
	for _, f := range strings.Split(s, ",") {
		f = strings.TrimSpace(f)
		switch {
		case f == "":
			return nil, errors.New("an empty entry")
		case slices.Contains(v, f):
			return nil, fmt.Errorf("%s given twice", f)
		}
		v = append(v, f)
	}
	return v, nil
}

// floatListFlag registers a comma-separated list of numbers in range r.
func floatListFlag(fs *flag.FlagSet, name string, r floatRange, usage string) *floatList {
	l := &floatList{r: r}
	fs.Var(l, name, usage+" ("+strings.TrimPrefix(r.want(), "want ")+" each)")
	return l
}

// durationValue is a duration flag in [lo, hi]: a Go duration with a unit
// ("90s", "10m", "1h30m"), or days and weeks ("2d", "4w"). A bare number
// is refused: the unit is not guessed.
type durationValue struct {
	p      *time.Duration
	lo, hi time.Duration
	zero   string
}

func (v *durationValue) String() string {
	if v.p == nil {
		return ""
	}
	return v.p.String()
}

func (v *durationValue) Set(s string) error {
	d, err := parseDuration(s)
	if err != nil {
		return err
	}
	if d < v.lo || d > v.hi {
		return errors.New(v.want())
	}
	*v.p = d
	return nil
}

func (v *durationValue) want() string {
	w := fmt.Sprintf("want a duration from %s to %s", formatDuration(v.lo), formatDuration(v.hi))
	if v.zero != "" {
		w += " (0: " + v.zero + ")"
	}
	return w
}

// parseDuration parses "90s", "10m", "1h30m", "2d", "1.5w" or "0". A bare
// number other than 0 is an error that asks for a unit.
func parseDuration(s string) (time.Duration, error) {
	s = strings.TrimSpace(s)
	if s == "0" {
		return 0, nil
	}
	if _, err := strconv.ParseFloat(s, 64); err == nil {
		if strings.Trim(s, "0123456789.") == "" && len(s) <= 20 {
			return 0, fmt.Errorf("%s needs a unit, e.g. %ss, %sm or %sh", s, s, s, s)
		}
		return 0, errors.New("a number needs a unit: s, m, h, d or w") // 1e3, 0x1p4, Inf: not echoed four times
	}
	for suffix, unit := range map[string]time.Duration{"d": 24 * time.Hour, "w": 7 * 24 * time.Hour} {
		if n, ok := strings.CutSuffix(s, suffix); ok {
			x, err := strconv.ParseFloat(n, 64)
			if err != nil || strings.Contains(n, "_") || math.IsNaN(x) || math.Abs(x*float64(unit)) > math.MaxInt64/2 {
				return 0, errNotDuration
			}
			return time.Duration(x * float64(unit)), nil
		}
	}
	d, err := time.ParseDuration(s)
	if err != nil {
		return 0, errNotDuration
	}
	return d, nil
}

// errNotDuration is parseDuration's error for text that is no duration;
// the flag's error names the value ("--gap 10x: not a duration …"), which
// the message repeated.
var errNotDuration = errors.New("not a duration such as 90s, 10m, 1h30m, 2d or 4w")

// formatDuration writes d briefly: 1ms, 10m, 1h, 30d, 5218w.
func formatDuration(d time.Duration) string {
	const day, week = 24 * time.Hour, 7 * 24 * time.Hour
	switch {
	case d >= week && d%week == 0:
		return strconv.FormatInt(int64(d/week), 10) + "w"
	case d >= day && d%day == 0:
		return strconv.FormatInt(int64(d/day), 10) + "d"
	}
	s := d.String() // 10m0s, 1h0m0s, 1.5s
	if strings.HasSuffix(s, "m0s") {
		s = s[:len(s)-2]
	}
	if strings.HasSuffix(s, "h0m") {
		s = s[:len(s)-2]
	}
	return s
}

// durationVar registers a duration flag with default def and range
// [lo, hi].
func durationVar(fs *flag.FlagSet, p *time.Duration, name string, def, lo, hi time.Duration, zero, usage string) {
	*p = def
	v := &durationValue{p: p, lo: lo, hi: hi, zero: zero}
	fs.Var(v, name, usage+" ("+strings.TrimPrefix(v.want(), "want ")+")")
}

// durationFlag is durationVar returning the variable.
func durationFlag(fs *flag.FlagSet, name string, def, lo, hi time.Duration, zero, usage string) *time.Duration {
	p := new(time.Duration)
	durationVar(fs, p, name, def, lo, hi, zero, usage)
	return p
}

// Bounds shared by several commands.
const (
	// maxProcs bounds machine sizes (sim.MaxProcs: 2^24 processors).
	maxProcs = sim.MaxProcs
	// maxWeeks bounds lengths in weeks: 100 years.
	maxWeeks = 5218
	// maxReps bounds replicates and bootstrap repetitions.
	maxReps = 1_000_000
	// maxWorkers bounds parallel workers.
	maxWorkers = 1024
)

// seedValue is an unsigned 64-bit seed.
type seedValue struct{ p *uint64 }

func (v seedValue) String() string {
	if v.p == nil {
		return ""
	}
	return strconv.FormatUint(*v.p, 10)
}

func (v seedValue) Set(s string) error {
	x, err := strconv.ParseUint(s, 10, 64)
	if err != nil {
		return errors.New("want an integer from 0 to 18446744073709551615")
	}
	*v.p = x
	return nil
}

// seedFlag registers a random seed flag.
func seedFlag(fs *flag.FlagSet, name string, def uint64, usage string) *uint64 {
	p := &def
	fs.Var(seedValue{p}, name, usage)
	return p
}

// warnSeedUnused writes a warning on w when the seed flag name was set on
// the command line but the random procedure it seeds does not run (without
// says when): the seed then changes nothing, and a user may believe it
// did. A warning, not an error: scripts pass --seed to every command.
func warnSeedUnused(w io.Writer, cmd string, fs *flag.FlagSet, name, without string) {
	if visited(fs)[name] {
		fmt.Fprintf(w, "%s: warning: --%s changes nothing %s\n", cmd, name, without)
	}
}

// visited returns the names of the flags set on the command line.
func visited(fs *flag.FlagSet) map[string]bool {
	seen := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { seen[f.Name] = true })
	return seen
}

// choice returns the value named s among names, or a usage error listing
// them in order.
func choice[T any](flagName, s string, names map[string]T) (T, error) {
	if v, ok := names[s]; ok {
		return v, nil
	}
	keys := make([]string, 0, len(names))
	for k := range names {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	var zero T
	return zero, usagef("%s must be %s, not %q", flagName, strings.Join(keys, " or "), s)
}

// foreignFlag returns a usage error for the first flag (in name order) of
// fs that sub-command sub of cmd does not use: "--X is not a flag of CMD
// SUB (it is one of CMD A, B)", naming the sub-commands that use it in the
// order of subs, joined by sep. flags[s] are the flags of sub-command s;
// the flags of shared belong to every sub-command.
func foreignFlag(fs *flag.FlagSet, cmd, sub string, subs []string, flags map[string][]string, shared []string, sep string) error {
	var err error
	fs.Visit(func(f *flag.Flag) {
		if err != nil || slices.Contains(shared, f.Name) || slices.Contains(flags[sub], f.Name) {
			return
		}
		var users []string
		for _, s := range subs {
			if slices.Contains(flags[s], f.Name) {
				users = append(users, s)
			}
		}
		err = usagef("%s is not a flag of %s %s (it is one of %s %s)", flagName(f.Name), cmd, sub, cmd, strings.Join(users, sep))
	})
	return err
}
