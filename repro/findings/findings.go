package findings

import (
	"context"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"math"
	"runtime/debug"
	"slices"
	"strings"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/internal/parallel"
)

// Verdict is the outcome of a finding on one log.
type Verdict int

const (
	// Holds: the log bears the claim out (at 95% where it is a statistic).
	Holds Verdict = iota + 1
	// Fails: the log was measured and does not bear the claim out.
	Fails
	// NotApplicable: the log lacks what the claim is about (user ids,
	// estimates, a machine size, enough weeks …); Result.Reason says what.
	NotApplicable
	// Error: the measurement failed for a reason other than missing data
	// (a bug, or a log no analysis foresaw); Result.Reason holds the error.
	Error
)

var verdictNames = map[Verdict]string{Holds: "holds", Fails: "fails", NotApplicable: "not applicable", Error: "error"}

// Verdicts lists the verdicts in order.
var Verdicts = []Verdict{Holds, Fails, NotApplicable, Error}

// String returns "holds", "fails", "not applicable" or "error".
func (v Verdict) String() string {
	if s, ok := verdictNames[v]; ok {
		return s
	}
	return fmt.Sprintf("Verdict(%d)", int(v))
}

// MarshalText writes the verdict's name.
func (v Verdict) MarshalText() ([]byte, error) {
	if _, ok := verdictNames[v]; !ok {
		return nil, fmt.Errorf("findings: no verdict %d", int(v))
	}
	return []byte(v.String()), nil
}

// UnmarshalText reads a verdict's name.
func (v *Verdict) UnmarshalText(b []byte) error {
	for k, s := range verdictNames {
		if s == string(b) {
			*v = k
			return nil
		}
	}
	return fmt.Errorf("findings: unknown verdict %q", b)
}

// Finding is one general claim of a paper, as a measurement of a log.
type Finding struct {
	// ID names the finding, stable across versions: "similarity-runtime".
	ID string
	// Paper is the key of the paper it comes from (the repro/<paper>
	// package: zakay2013, zakay2014, lublin2003, feitelson2021,
	// feitelson2007) and Section the place in it ("§3, Table IV").
	Paper, Section string
	// Title is a short label (a row of the figure), Claim the claim in
	// words, Statistic what Result.Value measures (with its units) and
	// Rule when the claim holds.
	Title, Claim, Statistic, Rule string
	// Needs lists what a log must hold for the finding to apply.
	Needs []string

	measure func(l *Log) outcome
}

// Result is a finding measured on one log.
type Result struct {
	Finding string
	Log     string
	Verdict Verdict
	// Value is the finding's statistic (Finding.Statistic); NaN when not
	// measured.
	Value float64
	// Lo and Hi bound Value's 95% confidence interval; NaN when the
	// statistic has none (a count, a fit's distance).
	Lo, Hi float64
	// Reason is the one-line explanation: what was measured against which
	// condition, or why the finding does not apply.
	Reason string
}

// resultJSON is Result on disk: numbers that are not measured are null.
type resultJSON struct {
	Finding string   `json:"finding"`
	Log     string   `json:"log"`
	Verdict Verdict  `json:"verdict"`
	Value   *float64 `json:"value"`
	Lo      *float64 `json:"lo"`
	Hi      *float64 `json:"hi"`
	Reason  string   `json:"reason"`
}

func number(x float64) *float64 {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return nil
	}
	return &x
}

func orNaN(p *float64) float64 {
	if p == nil {
		return math.NaN()
	}
	return *p
}

// MarshalJSON writes the result with null for an unmeasured number.
func (r Result) MarshalJSON() ([]byte, error) {
	return json.Marshal(resultJSON{r.Finding, r.Log, r.Verdict, number(r.Value), number(r.Lo), number(r.Hi), r.Reason})
}

// UnmarshalJSON reads a result written by MarshalJSON.
func (r *Result) UnmarshalJSON(b []byte) error {
	var j resultJSON
	if err := json.Unmarshal(b, &j); err != nil {
		return err
	}
	if _, ok := verdictNames[j.Verdict]; !ok {
		return fmt.Errorf("findings: result %s on %s has no verdict", j.Finding, j.Log)
	}
	*r = Result{Finding: j.Finding, Log: j.Log, Verdict: j.Verdict, Value: orNaN(j.Value), Lo: orNaN(j.Lo), Hi: orNaN(j.Hi), Reason: j.Reason}
	return nil
}

// Options controls how findings are measured.
type Options struct {
	// Seed is the base seed of every random procedure (bootstraps,
	// permutations, resampled logs, the fluid model); 0 means 1. Each
	// finding draws from its own seed, derived from Seed and its ID, so
	// the results do not depend on which findings run or in what order.
	Seed uint64
	// Quick measures with fewer replicates (the same code paths), for CI.
	Quick bool
	// Workers is the number of findings measured at once; 0 means
	// GOMAXPROCS. Results do not depend on it.
	Workers int
}

func (o Options) seed() uint64 {
	if o.Seed == 0 {
		return 1
	}
	return o.Seed
}

// reps returns the replicate count full, or quick in quick mode.
func (o Options) reps(full, quick int) int {
	if o.Quick {
		return quick
	}
	return full
}

// Mode is "quick" or "full".
func (o Options) Mode() string {
	if o.Quick {
		return "quick"
	}
	return "full"
}

// seedFor returns the seed of one finding: FNV-1a of its ID mixed with the
// base seed.
func (o Options) seedFor(id string) uint64 {
	h := fnv.New64a()
	h.Write([]byte(id))
	return h.Sum64() ^ o.seed()
}

// registry holds every finding, in the order of the papers (the order of
// their notebooks) and, within a paper, of its sections.
var registry []Finding

// register adds findings (from each paper's file); it panics on a
// duplicate ID, a programmer's error.
func register(fs ...Finding) {
	for _, f := range fs {
		if slices.ContainsFunc(registry, func(g Finding) bool { return g.ID == f.ID }) {
			panic("findings: duplicate finding " + f.ID)
		}
		if f.measure == nil || f.Paper == "" || f.Claim == "" || f.Rule == "" {
			panic("findings: incomplete finding " + f.ID)
		}
		registry = append(registry, f)
	}
}

// Papers lists the papers' keys in the order of their notebooks.
var Papers = []string{"zakay2013", "zakay2014", "lublin2003", "feitelson2021", "feitelson2007"}

// All returns every finding, paper by paper (Papers order).
func All() []Finding {
	out := slices.Clone(registry)
	slices.SortStableFunc(out, func(a, b Finding) int {
		return slices.Index(Papers, a.Paper) - slices.Index(Papers, b.Paper)
	})
	return out
}

// Lookup returns the finding with the given ID.
func Lookup(id string) (Finding, error) {
	for _, f := range registry {
		if f.ID == id {
			return f, nil
		}
	}
	return Finding{}, fmt.Errorf("findings: no finding %q", id)
}

// Evaluate measures the finding on a log. A panic in the measurement (a
// bug) becomes an Error result, so one finding cannot stop the others.
func (f Finding) Evaluate(tr *datasets.Trace, opts Options) Result {
	return f.evaluate(newLog(tr, opts))
}

func (f Finding) evaluate(l *Log) (r Result) {
	r = Result{Finding: f.ID, Log: ShortName(l.Trace.Name), Value: math.NaN(), Lo: math.NaN(), Hi: math.NaN()}
	defer func() {
		if p := recover(); p != nil {
			r.Verdict, r.Value, r.Lo, r.Hi = Error, math.NaN(), math.NaN(), math.NaN()
			r.Reason = fmt.Sprintf("panic: %v\n%s", p, firstLines(string(debug.Stack()), 12))
		}
	}()
	o := f.measure(l)
	r.Verdict, r.Value, r.Lo, r.Hi, r.Reason = o.verdict, o.value, o.lo, o.hi, o.reason
	return r
}

func firstLines(s string, n int) string {
	lines := strings.SplitN(s, "\n", n+1)
	return strings.Join(lines[:min(n, len(lines))], "\n")
}

// Evaluate measures every finding (or those named by ids; nil for all) on
// a log, in parallel, in the order of All. It returns an error only when
// ctx is cancelled or an id is unknown.
func Evaluate(ctx context.Context, tr *datasets.Trace, ids []string, opts Options) ([]Result, error) {
	fs, err := Select(ids)
	if err != nil {
		return nil, err
	}
	workers, err := parallel.Workers(opts.Workers)
	if err != nil {
		return nil, fmt.Errorf("findings: %w", err)
	}
	l := newLog(tr, opts)
	out := make([]Result, len(fs))
	err = parallel.For(ctx, len(fs), workers, func(ctx context.Context, i int) error {
		out[i] = fs[i].evaluate(l)
		return nil
	})
	return out, err
}

// Select returns the findings named by ids, in the order of All; nil or
// empty ids select every finding.
func Select(ids []string) ([]Finding, error) {
	all := All()
	if len(ids) == 0 {
		return all, nil
	}
	for _, id := range ids {
		if _, err := Lookup(id); err != nil {
			return nil, err
		}
	}
	var out []Finding
	for _, f := range all {
		if slices.Contains(ids, f.ID) {
			out = append(out, f)
		}
	}
	return out, nil
}
