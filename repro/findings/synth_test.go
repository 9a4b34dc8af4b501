package findings

import (
	"math"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/tracelab/tracelab/analytics/fit"
	"github.com/tracelab/tracelab/datasets"
)

// synth describes a synthetic log: users who work in sessions of jobs
// drawn from a few job templates of their own. Each knob turns one
// property of real logs on or off, so that a finding's test can build a
// log where it must hold and one where it must fail. A zero field takes
// the default given with it.
type synth struct {
	seed  uint64
	weeks int // length of the log in weeks (26)
	users int // users (60)
	// longTerm is the share of users active over the whole log (0.6;
	// negative: none); the others are active for tempWeeks weeks (3)
	// starting in a uniform week.
	longTerm  float64
	tempWeeks int
	// perWeek is the sessions a user starts in an active week (3);
	// perSession the largest number of jobs in a session (6: uniform from
	// 1).
	perWeek    float64
	perSession int
	procs      int     // machine size in the header (128)
	templates  int     // job templates per user (4)
	runtime    float64 // median runtime of the templates, s (300)
	sigma      float64 // spread of the templates' ln runtime (1.5)
	serial     float64 // share of serial templates (0.3; negative: none)
	pow2       float64 // share of parallel templates of a power-of-two size (0.8; negative: none)
	// think is the longest think time between a session's jobs, s
	// (uniform from a tenth of it; 300).
	think float64
	// overlap submits each session's jobs together (one batch a session).
	overlap bool
	wait    float64 // the wait logged for every job, s (0)

	noLocality  bool // each job draws its template anew (no repetition within sessions)
	noCycle     bool // sessions start at uniform times of the week (else weekdays, 8:00–18:00)
	noUsers     bool // user ids unknown (−1)
	noEstimates bool // requested times unknown (−1)
	noMachine   bool // no machine size in the header
	noClock     bool // no UnixStartTime in the header
	poisson     bool // jobs at the times of a Poisson process, each of a random user and a new template: no structure at all
	apps        bool // the template is the job's application number

	exactEst   bool    // estimates 1–3% above the runtime (not round, no overestimate)
	flatEst    bool    // runtime / estimate uniform on (0.05, 1) (estimates say nothing)
	killed     float64 // share of jobs that run to their estimate (0)
	sizeGrows  bool    // a template's runtime grows with its size
	sizeFalls  bool    // a template's runtime falls with its size
	twoStage   bool    // every job's log2 size drawn anew from a two-stage uniform (Lublin and Feitelson's model)
	hyperGamma bool    // every job's ln runtime drawn anew from the paper's hyper-Gamma
	// leaveLong: after a job longer than an hour the user's next job comes
	// hours later (the session ends); else always think seconds later.
	leaveLong bool

	// pBySize draws every job's ln runtime from one of the hyper-Gamma's two
	// Gammas, the short one with a probability that falls with the job's
	// size (+1: larger jobs run longer, Lublin and Feitelson §6) or rises
	// (−1).
	pBySize    int
	gammaSizes bool // every job's log2 size drawn anew from a Gamma (no flat stretch)
	trimodal   bool // every job's ln runtime near 3, 6 or 9 (three narrow modes)
	// antiLocal gives the jobs, in submit order, runtimes and sizes that
	// cycle through 50 values: recent values are the least likely to
	// recur (the opposite of locality).
	antiLocal bool
	// antiSession cycles each session's jobs through the user's templates:
	// jobs in one session differ more than jobs of different sessions.
	antiSession bool
	nights      bool // sessions start at night (20:00–06:00)
	weekends    bool // sessions start on Saturdays and Sundays only
	ramp        bool // activity grows steadily over the log (from 0.2 to 2 times perWeek)
	regular     bool // a job every 7 minutes exactly, of a random user and template (arrivals without bursts)

	uniformSpans bool // long-term users active over a span uniform from 13 weeks to the log's length
	tempShort    bool // temporary users' sessions are single jobs
	edgeHeavy    bool // the temporary users are active in the first 3 weeks, 10 times as busy
	tempsEarly   bool // temporary users all start in the log's first half
	deadline     bool // long-term users are 8 times as busy in 3 weeks of the log's first half
	tempBurst    bool // temporary users all active in the same 3 weeks, 8 times as busy
	onOff        bool // users alternate heavy-tailed on and off periods (jobs every hour or so when on)
	longRun      int  // one user submits this many equivalent jobs in a row (0: none)
}

func (s synth) withDefaults() synth {
	def := func(p *int, v int) {
		if *p == 0 {
			*p = v
		}
	}
	deff := func(p *float64, v float64) {
		if *p == 0 {
			*p = v
		}
	}
	def(&s.weeks, 26)
	def(&s.users, 60)
	def(&s.tempWeeks, 3)
	def(&s.perSession, 6)
	def(&s.procs, 128)
	def(&s.templates, 4)
	deff(&s.longTerm, 0.6)
	deff(&s.perWeek, 3)
	deff(&s.runtime, 300)
	deff(&s.sigma, 1.5)
	deff(&s.serial, 0.3)
	deff(&s.pow2, 0.8)
	deff(&s.think, 300)
	return s
}

// epoch is the synthetic logs' time 0: Monday 1 January 2001, 00:00 UTC.
var epoch = time.Date(2001, 1, 1, 0, 0, 0, 0, time.UTC)

// paperRuntimes is Lublin and Feitelson's Table 2 "Average model" of ln
// runtime, with p = 0.7.
var paperRuntimes = fit.HyperGamma{P: 0.7, Alpha1: 4.2, Beta1: 0.94, Alpha2: 312, Beta2: 0.03}

type template struct {
	procs             int
	runtime, estimate float64
}

type sjob struct {
	submit, runtime, estimate float64
	procs, user, app          int
}

// generator holds the random state of one synthetic log.
type generator struct {
	synth
	rng *rand.Rand
}

func (g *generator) size() int {
	s, rng := g.synth, g.rng
	maxK := math.Log2(float64(s.procs))
	switch {
	case s.serial > 0 && rng.Float64() < s.serial:
		return 1
	case s.gammaSizes:
		x := 1 + fit.Gamma{Alpha: 2, Beta: 0.8, Src: rng}.Rand()
		if rng.Float64() < 0.2 {
			return 1 << int(math.Min(math.Round(x), maxK))
		}
		return int(math.Min(math.Round(math.Exp2(x)), float64(s.procs)))
	case s.twoStage:
		// The paper's model: log2 size uniform on [0.8, maxK−2.5) with
		// probability 0.86, else on [maxK−2.5, maxK]; rounded to a power
		// of two with probability 0.2 (the paper's 0.75 hides the shape
		// of the distribution behind its integers).
		x := 0.8 + rng.Float64()*(maxK-2.5-0.8)
		if rng.Float64() > 0.86 {
			x = maxK - 2.5 + rng.Float64()*2.5
		}
		if rng.Float64() < 0.2 {
			return 1 << int(math.Round(x))
		}
		return max(2, int(math.Round(math.Exp2(x))))
	case s.pow2 > 0 && rng.Float64() < s.pow2:
		return 1 << (1 + rng.IntN(int(maxK)-1))
	}
	for {
		if p := 3 + rng.IntN(s.procs/2-2); p&(p-1) != 0 {
			return p
		}
	}
}

func (g *generator) runtime(procs int) float64 {
	s, rng := g.synth, g.rng
	var r float64
	switch {
	case s.pBySize != 0:
		f := math.Log2(float64(procs)) / math.Log2(float64(s.procs))
		short := 0.9 - 0.8*f
		if s.pBySize < 0 {
			short = 0.1 + 0.8*f
		}
		c := paperRuntimes.Component(1)
		if rng.Float64() >= short {
			c = paperRuntimes.Component(2)
		}
		c.Src = rng
		return math.Max(math.Round(math.Exp(c.Rand())), 2)
	case s.trimodal:
		return math.Max(math.Round(math.Exp(float64(3*(1+rng.IntN(3)))+0.1*rng.NormFloat64())), 2)
	}
	if s.hyperGamma {
		h := paperRuntimes
		h.Src = rng
		r = math.Exp(h.Rand())
	} else {
		r = s.runtime * math.Exp(s.sigma*rng.NormFloat64())
	}
	switch {
	case s.sizeGrows:
		r *= float64(procs)
	case s.sizeFalls:
		r /= float64(procs)
	}
	return math.Max(math.Round(r), 2)
}

func (g *generator) estimate(runtime float64) float64 {
	switch {
	case g.exactEst:
		return math.Round(runtime * (1.01 + 0.02*g.rng.Float64()))
	case g.flatEst:
		return math.Ceil(runtime / (0.05 + 0.95*g.rng.Float64()))
	}
	return math.Ceil(runtime*(1.5+4.5*g.rng.Float64())/300) * 300
}

func (g *generator) template() template {
	t := template{procs: g.size()}
	t.runtime = g.runtime(t.procs)
	t.estimate = g.estimate(t.runtime)
	return t
}

// trace makes the log.
func (s synth) trace() *datasets.Trace {
	g := &generator{synth: s.withDefaults(), rng: rand.New(rand.NewPCG(s.seed, 77))}
	s = g.synth
	rng := g.rng
	var jobs []sjob
	week := datasets.Week
	span := float64(s.weeks) * week
	for u := range s.users {
		id := u + 1
		longTerm := s.longTerm > 0 && float64(u) < s.longTerm*float64(s.users)
		first, last := 0, s.weeks-1
		perWeek, perSession := s.perWeek, s.perSession
		if !longTerm {
			first = rng.IntN(max(1, s.weeks-s.tempWeeks+1))
			if s.tempsEarly {
				first = rng.IntN(max(1, s.weeks/2-s.tempWeeks))
			}
			if s.tempBurst {
				first, perWeek = s.weeks/2, 8*perWeek
			}
			if s.edgeHeavy {
				first, perWeek = 0, 10*perWeek
			}
			last = min(s.weeks-1, first+s.tempWeeks-1)
			if s.tempShort {
				perSession = 1
			}
		} else if s.uniformSpans {
			n := 13 + rng.IntN(s.weeks-12)
			first = rng.IntN(s.weeks - n + 1)
			last = first + n - 1
		}
		templates := make([]template, s.templates)
		for k := range templates {
			templates[k] = g.template()
		}
		app := func(t int) int {
			if !s.apps {
				return -1
			}
			return id*100 + t
		}
		job := func(at float64, t int) sjob {
			tp := templates[t]
			run, est := math.Round(tp.runtime*(0.95+0.1*rng.Float64())), tp.estimate
			procs := tp.procs
			if s.twoStage || s.gammaSizes || s.pBySize != 0 {
				procs = g.size()
			}
			if s.hyperGamma || s.pBySize != 0 || s.trimodal {
				run = g.runtime(procs)
				est = g.estimate(run)
			}
			if s.flatEst {
				est = g.estimate(run)
			}
			if s.killed > 0 && rng.Float64() < s.killed {
				run = est
			}
			run = math.Max(math.Min(run, est), 1)
			return sjob{submit: at, runtime: run, estimate: est, procs: procs, user: id, app: app(t)}
		}
		if s.poisson || s.regular {
			continue
		}
		if s.onOff {
			// Alternating on and off periods of Pareto lengths (α 1.4,
			// at least an hour): the superposition of such users is
			// self-similar with H = (3 − α)/2 = 0.8 (Taqqu, Willinger and
			// Sherman 1997).
			on := rng.IntN(2) == 0
			for at := 0.0; at < span; {
				d := 3600 / math.Pow(1-rng.Float64(), 1/1.4)
				if on {
					for x := at + rng.ExpFloat64()*3600; x < min(at+d, span); x += rng.ExpFloat64() * 3600 {
						jobs = append(jobs, job(x, rng.IntN(len(templates))))
					}
				}
				at += d
				on = !on
			}
			continue
		}
		for w := first; w <= last; w++ {
			n := poissonDraw(rng, perWeek)
			if s.ramp {
				n = poissonDraw(rng, perWeek*(0.2+1.8*float64(w)/float64(s.weeks)))
			}
			if s.deadline && longTerm && w >= s.weeks/4 && w < s.weeks/4+3 {
				n = poissonDraw(rng, 8*perWeek)
			}
			for range n {
				day, hour := rng.IntN(5), 8+10*rng.Float64()
				switch {
				case s.weekends:
					day = 5 + rng.IntN(2)
				case s.nights:
					day, hour = rng.IntN(7), 20+10*rng.Float64()
				}
				start := float64(w)*week + float64(day)*datasets.Day + hour*3600
				if s.noCycle {
					start = float64(w)*week + rng.Float64()*week
				}
				t := rng.IntN(len(templates))
				at := start
				for k := range 1 + rng.IntN(perSession) {
					switch {
					case s.noLocality:
						t = rng.IntN(len(templates))
					case s.antiSession && k > 0:
						t = (t + 1) % len(templates)
					}
					j := job(at, t)
					jobs = append(jobs, j)
					switch {
					case s.overlap:
						at += 1 + rng.Float64()*10
					case s.leaveLong && j.runtime > 3600:
						at += s.wait + j.runtime + 4*3600 + rng.Float64()*8*3600
					default:
						at += s.wait + j.runtime + s.think/10 + rng.Float64()*s.think*0.9
					}
				}
			}
		}
	}
	if s.regular {
		for at := 0.0; at < span; at += 420 {
			t := g.template()
			jobs = append(jobs, sjob{submit: at, runtime: t.runtime, estimate: t.estimate, procs: t.procs, user: 1 + rng.IntN(s.users), app: -1})
		}
	}
	if s.poisson {
		n := s.users * int(s.perWeek*float64(s.perSession+1)/2) * s.weeks
		for range n {
			t := g.template()
			jobs = append(jobs, sjob{submit: rng.Float64() * span, runtime: t.runtime, estimate: t.estimate, procs: t.procs,
				user: 1 + rng.IntN(s.users), app: -1})
		}
	}
	if s.longRun > 0 {
		t := g.template()
		at := float64(s.weeks/2) * week
		for range s.longRun {
			jobs = append(jobs, sjob{submit: at, runtime: t.runtime, estimate: t.estimate, procs: t.procs, user: s.users + 1, app: 9999})
			at += t.runtime + 30
		}
	}
	return s.assemble(jobs)
}

// assemble sorts the jobs by submit time and makes the trace with its
// header.
func (s synth) assemble(jobs []sjob) *datasets.Trace {
	slices.SortStableFunc(jobs, func(a, b sjob) int {
		switch {
		case a.submit < b.submit:
			return -1
		case a.submit > b.submit:
			return 1
		}
		return 0
	})
	if s.antiLocal {
		for i := range jobs {
			k := (23 * i) % 50 // 23 is prime to 50: every value once in 50 jobs, neighbours far apart
			jobs[i].runtime = math.Round(60 * math.Pow(1.15, float64(k)))
			jobs[i].procs = 1 + (k*7)%s.procs
			jobs[i].estimate = 2 * jobs[i].runtime
		}
	}
	tr := datasets.NewTrace("synthetic", 0)
	for i, j := range jobs {
		jb := datasets.UnknownJob()
		jb.JobID = i + 1
		jb.Submit = math.Round(j.submit)
		jb.Wait = s.wait
		jb.Runtime = j.runtime
		jb.Procs, jb.ReqProcs = j.procs, j.procs
		jb.CPUTime = j.runtime
		jb.ReqTime = j.estimate
		if s.noEstimates {
			jb.ReqTime = math.NaN()
		}
		jb.Status = datasets.StatusCompleted
		jb.User, jb.Group = j.user, 1
		if s.noUsers {
			jb.User = -1
		}
		jb.App = j.app
		tr.Append(jb)
	}
	tr.Header.MaxProcs, tr.Header.MaxNodes = s.procs, s.procs
	if s.noMachine {
		tr.Header.MaxProcs, tr.Header.MaxNodes = 0, 0
	}
	if !s.noClock {
		tr.Header.UnixStartTime = epoch.Unix()
		tr.Header.TimeZoneString = "UTC"
	}
	tr.Header.Computer = "Synthetic Linux cluster"
	return tr
}

// poissonDraw draws a Poisson variate of mean m (Knuth's method; m small).
func poissonDraw(rng *rand.Rand, m float64) int {
	l, k, p := math.Exp(-m), 0, 1.0
	for {
		p *= rng.Float64()
		if p <= l {
			return k
		}
		k++
	}
}
