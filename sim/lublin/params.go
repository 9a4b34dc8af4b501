package lublin

import (
	"errors"
	"fmt"
	"math"

	"gonum.org/v1/gonum/stat/distuv"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/sim/estimates"
)

// Pow2Rule says how SizeParams.Pow2 is read.
type Pow2Rule int

const (
	// Pow2AmongParallel reads Pow2 as the probability that a parallel job
	// is a power-of-two job, drawn independently of the serial choice: the
	// paper's p2 (Section 4.2: "p2 is not the fraction of power-of-two jobs
	// out of the total, but only out of the parallel jobs").
	Pow2AmongParallel Pow2Rule = iota
	// Pow2AmongAll reads Pow2 as a probability over all jobs, as the
	// reference program m_lublin99 does: it draws one uniform u, makes the
	// job serial when u ≤ Serial and a power-of-two job when
	// Serial < u ≤ Serial+Pow2. A parallel job is then a power-of-two job
	// with probability Pow2/(1−Serial).
	Pow2AmongAll
)

// String returns "among_parallel" or "among_all".
func (r Pow2Rule) String() string {
	switch r {
	case Pow2AmongParallel:
		return "among_parallel"
	case Pow2AmongAll:
		return "among_all"
	}
	return fmt.Sprintf("Pow2Rule(%d)", int(r))
}

// SizeParams are the parameters of the job-size model of Section 4.2
// (Fig. 2, Table 1): a job is serial with probability Serial (p1);
// otherwise x = log2(size) is drawn from the two-stage uniform distribution
// whose CDF is the two lines through (Low, 0), (Med, Prob) and (High, 1),
// a power-of-two job rounds x to the nearest integer (see Pow2 and
// Pow2Rule), and the size is 2^x rounded to the nearest integer.
type SizeParams struct {
	Serial   float64  // p1, fraction of serial jobs
	Pow2     float64  // p2, fraction of power-of-two jobs (read by Pow2Rule)
	Pow2Rule Pow2Rule // how Pow2 is read; the zero value is the paper's
	Low      float64  // l, log2 of the smallest parallel size (less 0.2 in the paper's model)
	Med      float64  // m, the break point of the two-stage uniform
	High     float64  // h, log2 of the largest size (the machine size)
	Prob     float64  // p, the probability mass in [Low, Med]
}

// pow2GivenParallel returns the probability that a parallel job is a
// power-of-two job.
func (s SizeParams) pow2GivenParallel() float64 {
	if s.Pow2Rule == Pow2AmongAll {
		if s.Serial >= 1 {
			return 0
		}
		return math.Min(1, s.Pow2/(1-s.Serial))
	}
	return s.Pow2
}

// RuntimeParams are the parameters of the runtime model of Sections 5–6
// (Tables 2 and 5, Fig. 6): ln(runtime) follows the hyper-Gamma mixture
//
//	p·Gamma(Alpha1, Beta1) + (1−p)·Gamma(Alpha2, Beta2),  p = PSlope·size + PIntercept
//
// with p clipped to [0, 1] (Section 6.3). Betas are scales.
type RuntimeParams struct {
	Alpha1, Beta1 float64 // the first Gamma (short jobs): shape, scale
	Alpha2, Beta2 float64 // the second Gamma (long jobs): shape, scale
	PSlope        float64 // a of Table 5
	PIntercept    float64 // b of Table 5
}

// P returns the clipped mixing probability of the first Gamma for a job of
// the given size (Section 6.3).
func (r RuntimeParams) P(size int) float64 {
	p := r.PSlope*float64(size) + r.PIntercept
	return math.Max(0, math.Min(1, p))
}

// ArrivalParams are the parameters of the arrival model of Section 7
// (Tables 6 and 7): ln of the inter-arrival time at peak hours follows
// Gamma(Alpha, Beta); the reference program multiplies its mean by ARAR
// (Section 7.3) by sampling Gamma(Alpha·ARAR, Beta); the fraction of jobs
// arriving in each half-hour slot of the day follows Gamma(DailyAlpha,
// DailyBeta) over the cyclically shifted slot numbers (see DailyFractions).
type ArrivalParams struct {
	Alpha, Beta           float64 // peak-hour ln inter-arrival: shape, scale (Table 6)
	ARAR                  float64 // arrive rush-to-all ratio (Section 7.3)
	DailyAlpha, DailyBeta float64 // daily cycle over slots: shape, scale (Table 7)
}

// Class is one job class of the model: the whole workload, or its
// interactive or batch jobs (Section 8.1).
type Class struct {
	Name    string // "all", "interactive", "batch"
	Queue   int    // the SWF queue number (field 15) written for the class's jobs
	Size    SizeParams
	Runtime RuntimeParams
	Arrival ArrivalParams
}

// MaxProcs bounds Params.Procs: 2^53, up to which sizes drawn as
// round(2^x) are exact integers (at 2^63 they overflowed to negative
// processor counts). sim.MaxProcs bounds the machines that can be
// simulated.
const MaxProcs = 1 << 53

// Defaults of the reference program m_lublin99.
const (
	// DefaultMaxLogRuntime caps ln(runtime): draws above it are redrawn
	// (m_lublin99 TOO_MUCH_TIME, "no more than two days").
	DefaultMaxLogRuntime = 12
	// DefaultMaxLogInterarrival caps ln(inter-arrival): draws above it are
	// redrawn (m_lublin99 TOO_MUCH_ARRIVE_TIME, "no more than 5 days").
	DefaultMaxLogInterarrival = 13
	// DefaultDayStart is the slot number (1-based, in half hours) at which
	// the cyclically shifted day begins: slot 11 is 05:00–05:30, so
	// 00:00–04:59 move to the end of the day (m_lublin99 CYCLIC_DAY_START;
	// the paper's five-hour shift, Section 7.2).
	DefaultDayStart = 11
	// Slots is the number of half-hour slots in a day (m_lublin99 BUCKETS).
	Slots = 48
	// SlotSeconds is the length of one slot.
	SlotSeconds = datasets.Day / Slots
)

// Params is a complete model: the machine and one or more job classes whose
// arrival streams are generated side by side and merged (the reference
// program with INCLUDE_JOBS_TYPE on: the next job is of the class whose
// next arrival comes first). The zero values of the optional fields mean the
// reference program's defaults.
type Params struct {
	// Name labels the parameter set ("paper", "m_lublin99", ...).
	Name string
	// Procs is the machine size; Size.High must not exceed log2(Procs).
	Procs int
	// Classes are the job classes; at least one.
	Classes []Class
	// MaxLogRuntime caps ln(runtime) by redrawing (0: DefaultMaxLogRuntime).
	MaxLogRuntime float64
	// MaxLogInterarrival caps ln(inter-arrival) by redrawing
	// (0: DefaultMaxLogInterarrival).
	MaxLogInterarrival float64
	// DayStart is the first slot (1-based) of the shifted day
	// (0: DefaultDayStart).
	DayStart int
	// Fractional keeps fractional seconds. By default times are whole
	// seconds: runtime = ⌊exp(x)⌋ as in the reference program, and submit
	// time = ⌊arrival time⌋.
	Fractional bool
	// TruncateGaps reproduces the reference program's clock: it adds each
	// inter-arrival time truncated to whole seconds to an integer clock
	// (C's unsigned long += double), while its daily-cycle state keeps the
	// exact position. The clock thus falls behind the daily cycle by half a
	// second per job on average — about 1.4 hours after 10,000 jobs, 7
	// hours after the program's default 50,000 — which flattens the daily
	// cycle of long outputs. M99Params and M99TypelessParams set it, so that
	// they reproduce the program's output (the PWA file lublin_256.swf has
	// this drift); PaperParams does not. Ignored when Fractional is set.
	TruncateGaps bool
	// Estimates, when set, gives every job a user's runtime estimate (SWF
	// field 9) drawn from the model given the job's runtime. The model
	// draws from a random stream of its own, so the rest of the log is the
	// same with or without estimates. Without it the field is unknown, and
	// a simulation takes the runtime as the estimate (sim.EstimateRuntime):
	// exact estimates, which real users never give.
	Estimates *estimates.Model
}

func (p Params) maxLogRuntime() float64 {
	if p.MaxLogRuntime == 0 {
		return DefaultMaxLogRuntime
	}
	return p.MaxLogRuntime
}

func (p Params) maxLogInterarrival() float64 {
	if p.MaxLogInterarrival == 0 {
		return DefaultMaxLogInterarrival
	}
	return p.MaxLogInterarrival
}

func (p Params) dayStart() int {
	if p.DayStart == 0 {
		return DefaultDayStart
	}
	return p.DayStart
}

// paperSize returns the paper's size model for a machine of procs
// processors (Section 4.3, Table 1 "Model" row): p1 = 0.24, p2 = 0.75,
// l = log2(2) − 0.2, m = log2(P) − 2.5, h = log2(P), p = 0.86.
func paperSize(procs int) SizeParams {
	h := math.Log2(float64(procs))
	return SizeParams{Serial: 0.24, Pow2: 0.75, Low: 0.8, Med: h - 2.5, High: h, Prob: 0.86}
}

// PaperParams returns the paper's final model for a machine of procs
// processors, one class for the whole workload:
//
//   - sizes: Table 1 "Model" row (see SizeParams; p2 among parallel jobs);
//   - runtimes: Table 2 "Average model" row α1 4.20, β1 0.94, α2 312.0,
//     β2 0.03, with p from Table 5 "Model" row a = −0.0054, b = 0.780;
//   - arrivals: Table 6 "Model" row α 10.23, β 0.49 and Table 7 "Model" row
//     α 8.17, β 3.96.
//
// The paper gives no model value of ARAR ("rather close to 1 for all four
// logs", Section 7.3); PaperParams uses the reference program's typeless
// value 1.0225. It returns an error when procs < 10 (m = h − 2.5 would fall
// below l = 0.8).
func PaperParams(procs int) (Params, error) {
	if procs < 10 {
		return Params{}, fmt.Errorf("lublin: the paper's size model needs at least 10 processors, got %d", procs)
	}
	p := Params{Name: "paper", Procs: procs, Classes: []Class{{
		Name:    "all",
		Queue:   0,
		Size:    paperSize(procs),
		Runtime: RuntimeParams{Alpha1: 4.20, Beta1: 0.94, Alpha2: 312.0, Beta2: 0.03, PSlope: -0.0054, PIntercept: 0.780},
		Arrival: ArrivalParams{Alpha: 10.23, Beta: 0.49, ARAR: 1.0225, DailyAlpha: 8.17, DailyBeta: 3.96},
	}}}
	return p, p.Validate()
}

// M99Params returns the defaults of the reference program m_lublin99 with
// job types (INCLUDE_JOBS_TYPE 1), for a machine of procs processors: an
// interactive class (queue 0) and a batch class (queue 1), each with its own
// arrival stream. The values are the program's, verbatim:
//
//	batch:       serial 0.2927, pow2 0.6686, size 1.2 / 5 / log2(procs) / 0.875,
//	             runtime 6.57/0.823 and 639.1/0.0156, p = −0.003·size + 0.6986,
//	             arrivals 6.0415/0.8531, daily 6.1271/5.2740, ARAR 1.0519
//	interactive: serial 0.1541, pow2 0.625, size 1 / 3 / 5.5 / 0.705,
//	             runtime 3.8351/0.6605 and 7.073/0.6856, p = −0.0118·size + 0.9156,
//	             arrivals 6.5510/0.6621, daily 8.9186/3.6680, ARAR 0.9797
//
// Pow2 is read as the program reads it (Pow2AmongAll). The program sets
// the batch high end to log2 of the machine size (UHI, 7 for its default
// 128 nodes); the interactive high end 5.5 is lowered to log2(procs) on
// machines smaller than 45 processors; the break points (batch 5,
// interactive 3) are kept as given. It returns an error when the machine is
// too small for the batch break point (procs < 32).
func M99Params(procs int) (Params, error) {
	h := math.Log2(float64(procs))
	p := Params{Name: "m_lublin99", Procs: procs, TruncateGaps: true, Classes: []Class{
		{
			Name:  "interactive",
			Queue: 0,
			Size: SizeParams{Serial: 0.1541, Pow2: 0.625, Pow2Rule: Pow2AmongAll,
				Low: 1, Med: 3, High: math.Min(5.5, h), Prob: 0.705},
			Runtime: RuntimeParams{Alpha1: 3.8351, Beta1: 0.6605, Alpha2: 7.073, Beta2: 0.6856,
				PSlope: -0.0118, PIntercept: 0.9156},
			Arrival: ArrivalParams{Alpha: 6.5510, Beta: 0.6621, ARAR: 0.9797, DailyAlpha: 8.9186, DailyBeta: 3.6680},
		},
		{
			Name:  "batch",
			Queue: 1,
			Size: SizeParams{Serial: 0.2927, Pow2: 0.6686, Pow2Rule: Pow2AmongAll,
				Low: 1.2, Med: 5, High: h, Prob: 0.875},
			Runtime: RuntimeParams{Alpha1: 6.57, Beta1: 0.823, Alpha2: 639.1, Beta2: 0.0156,
				PSlope: -0.003, PIntercept: 0.6986},
			Arrival: ArrivalParams{Alpha: 6.0415, Beta: 0.8531, ARAR: 1.0519, DailyAlpha: 6.1271, DailyBeta: 5.2740},
		},
	}}
	return p, p.Validate()
}

// M99TypelessParams returns the typeless defaults of the reference program
// m_lublin99 (INCLUDE_JOBS_TYPE 0), for a machine of procs processors: one
// class, written with queue 0 (the program makes every job "interactive").
// The values are the program's, verbatim:
//
//	serial 0.244, pow2 0.576, size 0.8 / 4.5 / 7 / 0.86,
//	runtime 4.2/0.94 and 312/0.03, p = −0.0054·size + 0.78,
//	arrivals 10.2303/0.4871, daily 8.1737/3.9631, ARAR 1.0225
//
// The size values are those of the program's default 128-node machine. On
// a machine of P processors the high end is log2(P) (the program's UHI, "the
// log2 of the maximal size of a job in the system") and the break point
// stays 2.5 below it, med = log2(P) − 2.5: the paper's rule for this very
// parameter set (Section 4.3, "m to be 2.5 less than the maximal value"),
// which the program's comment repeats ("UMed = UHi − 2.5"). At 128
// processors this gives 4.5 and 7 exactly. The PWA file lublin_256.swf,
// made by the program for 256 nodes, was generated this way: its sizes
// match med 5.5 (two-sample KS ≈ 0.01) and not med 4.5 (KS ≈ 0.13).
// Pow2 is read as the program reads it (Pow2AmongAll). It returns an error
// when procs < 10 (med would fall below low).
func M99TypelessParams(procs int) (Params, error) {
	h := math.Log2(float64(procs))
	p := Params{Name: "m_lublin99_typeless", Procs: procs, TruncateGaps: true, Classes: []Class{{
		Name:  "all",
		Queue: 0,
		Size: SizeParams{Serial: 0.244, Pow2: 0.576, Pow2Rule: Pow2AmongAll,
			Low: 0.8, Med: h - 2.5, High: h, Prob: 0.86},
		Runtime: RuntimeParams{Alpha1: 4.2, Beta1: 0.94, Alpha2: 312, Beta2: 0.03,
			PSlope: -0.0054, PIntercept: 0.78},
		Arrival: ArrivalParams{Alpha: 10.2303, Beta: 0.4871, ARAR: 1.0225, DailyAlpha: 8.1737, DailyBeta: 3.9631},
	}}}
	return p, p.Validate()
}

// ParamsByName returns the parameter set called name for a machine of
// procs processors: "paper" (PaperParams), "m_lublin99" (M99Params) or
// "m_lublin99_typeless" (M99TypelessParams).
func ParamsByName(name string, procs int) (Params, error) {
	switch name {
	case "paper":
		return PaperParams(procs)
	case "m_lublin99":
		return M99Params(procs)
	case "m_lublin99_typeless":
		return M99TypelessParams(procs)
	}
	return Params{}, fmt.Errorf("lublin: unknown parameter set %q (want paper, m_lublin99 or m_lublin99_typeless)", name)
}

// Validate reports the first parameter that is out of range.
func (p Params) Validate() error {
	if p.Estimates != nil {
		if err := p.Estimates.Validate(); err != nil {
			return fmt.Errorf("lublin: %w", err)
		}
	}
	if p.Procs < 1 || p.Procs > MaxProcs {
		return fmt.Errorf("lublin: machine size %d, want 1 to %d", p.Procs, MaxProcs)
	}
	if len(p.Classes) == 0 {
		return errors.New("lublin: no job classes")
	}
	maxCap := math.Log(datasets.MaxDuration)
	if !(p.MaxLogRuntime >= 0 && p.MaxLogRuntime <= maxCap) || !(p.MaxLogInterarrival >= 0 && p.MaxLogInterarrival <= maxCap) {
		return fmt.Errorf("lublin: log caps %v (runtime) and %v (inter-arrival): want 0 (the default) to %.4g, ln(datasets.MaxDuration)",
			p.MaxLogRuntime, p.MaxLogInterarrival, maxCap)
	}
	if p.DayStart < 0 || p.DayStart > Slots {
		return fmt.Errorf("lublin: day start %d not in 1..%d", p.DayStart, Slots)
	}
	hmax := math.Log2(float64(p.Procs))
	for _, c := range p.Classes {
		if err := c.validate(hmax); err != nil {
			return fmt.Errorf("lublin: class %q: %w", c.Name, err)
		}
		if err := c.checkCaps(p.maxLogRuntime(), p.maxLogInterarrival()); err != nil {
			return fmt.Errorf("lublin: class %q: %w", c.Name, err)
		}
	}
	return nil
}

// MinCapMass is the least probability each Gamma of a class must put at
// or below its log cap: draws above the cap are redrawn, so a cap below
// nearly all the mass would redraw for ever.
const MinCapMass = 1e-3

// checkCaps checks that the caps leave each Gamma MinCapMass of its mass.
func (c Class) checkCaps(maxRun, maxArr float64) error {
	r, a := c.Runtime, c.Arrival
	for _, g := range []struct {
		what        string
		alpha, beta float64
		cap         float64
	}{
		{"runtime Gamma 1", r.Alpha1, r.Beta1, maxRun},
		{"runtime Gamma 2", r.Alpha2, r.Beta2, maxRun},
		{"inter-arrival Gamma", a.Alpha * a.ARAR, a.Beta, maxArr},
	} {
		if m := (distuv.Gamma{Alpha: g.alpha, Beta: 1 / g.beta}).CDF(g.cap); !(m >= MinCapMass) {
			return fmt.Errorf("%s (shape %v, scale %v) puts %.3g of its mass below the log cap %v, want at least %v (draws above the cap are redrawn)",
				g.what, g.alpha, g.beta, m, g.cap, MinCapMass)
		}
	}
	return nil
}

func (c Class) validate(hmax float64) error {
	s, r, a := c.Size, c.Runtime, c.Arrival
	prob := func(name string, v float64) error {
		if !(v >= 0 && v <= 1) {
			return fmt.Errorf("%s = %v not in [0, 1]", name, v)
		}
		return nil
	}
	pos := func(name string, v float64) error {
		if !(v > 0) || math.IsInf(v, 1) {
			return fmt.Errorf("%s = %v must be positive and finite", name, v)
		}
		return nil
	}
	for _, err := range []error{
		prob("size serial", s.Serial), prob("size pow2", s.Pow2), prob("size prob", s.Prob),
		pos("runtime alpha1", r.Alpha1), pos("runtime beta1", r.Beta1),
		pos("runtime alpha2", r.Alpha2), pos("runtime beta2", r.Beta2),
		pos("arrival alpha", a.Alpha), pos("arrival beta", a.Beta), pos("arrival ARAR", a.ARAR),
		pos("daily alpha", a.DailyAlpha), pos("daily beta", a.DailyBeta),
	} {
		if err != nil {
			return err
		}
	}
	if s.Pow2Rule == Pow2AmongAll && s.Serial+s.Pow2 > 1+1e-12 {
		return fmt.Errorf("size serial + pow2 = %v > 1", s.Serial+s.Pow2)
	}
	if s.Pow2Rule != Pow2AmongParallel && s.Pow2Rule != Pow2AmongAll {
		return fmt.Errorf("unknown pow2 rule %d", int(s.Pow2Rule))
	}
	if !(s.Low >= 0 && s.Low <= s.Med && s.Med <= s.High) {
		return fmt.Errorf("size two-stage uniform needs 0 ≤ low ≤ med ≤ high, got %v, %v, %v", s.Low, s.Med, s.High)
	}
	if s.High > hmax+1e-9 {
		return fmt.Errorf("size high %v exceeds log2 of the machine size (%v)", s.High, hmax)
	}
	if math.IsNaN(r.PSlope) || math.IsNaN(r.PIntercept) || math.IsInf(r.PSlope, 0) || math.IsInf(r.PIntercept, 0) {
		return errors.New("runtime p line is not finite")
	}
	return nil
}
