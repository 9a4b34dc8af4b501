package resample

import (
	"fmt"
	"math"
	"sort"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
	"gonum.org/v1/gonum/stat"

	"github.com/tracelab/tracelab/analytics/locality"
	"github.com/tracelab/tracelab/analytics/selfsim"
	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/sim/sweep"
)

// MaxVariants bounds the number of variants Variants makes.
const MaxVariants = 100_000

// Variants generates n resampled logs (0 ≤ n ≤ MaxVariants) with options
// o; variant i uses the seed of replicate i of a sweep seeded with seed
// (sweep.Seed(seed, i), stream 0), so it is the log that replicate
// simulates.
func (p *Pools) Variants(o Options, n int, seed uint64) ([]*Resampled, error) {
	if n < 0 || n > MaxVariants {
		return nil, fmt.Errorf("resample: %d variants, want 0 to %d", n, MaxVariants)
	}
	out := make([]*Resampled, n)
	for i := range out {
		o.Seed, o.Stream = sweep.Seed(seed, i), 0
		r, err := p.Generate(o)
		if err != nil {
			return nil, err
		}
		r.Trace.Name = fmt.Sprintf("variant %d", i+1)
		out[i] = r
	}
	return out, nil
}

// Periods cuts a log into n consecutive periods of length seconds from
// trace time start, each a log of its own (named "NAME period k", k from
// 1), as the three years compared in 2013 §6.2 (Fig. 10): users are not
// carried from one period to the next.
func Periods(t *datasets.Trace, start, length float64, n int) []*datasets.Trace {
	out := make([]*datasets.Trace, n)
	for k := range out {
		lo, hi := start+float64(k)*length, start+float64(k+1)*length
		s, _ := t.Filter(func(i int) bool { return t.Submit[i] >= lo && t.Submit[i] < hi })
		s.Name = fmt.Sprintf("%s period %d", t.Name, k+1)
		out[k] = s
	}
	return out
}

// Comparison is one measure of a log and of its resampled variants: the
// original's value and the mean and standard deviation (n − 1) over the
// variants, as the resampled columns of 2013 Tables VI and VII.
type Comparison struct {
	Log      string
	Measure  string
	Original float64
	Mean, SD float64
	Variants int
}

// CompareStructure measures locality and self-similarity on a log and on
// its variants (2013 §5.2–5.3): the mean stack depth of the runtime, the
// requested time and the processors (locality.StackDepth with the paper's
// tolerances; measures "stack_runtime", "stack_req_time", "stack_procs",
// Table VI) and the Hurst parameter of the arrivals (selfsim.Hurst; "hurst"
// is the raw pox-plot slope, "hurst_corrected" the Anis–Lloyd–Peters
// corrected one; Table VII). A measure undefined for the log (an attribute
// it does not record) is left out; one undefined for a variant is an
// error.
func CompareStructure(orig *datasets.Trace, variants []*datasets.Trace) ([]Comparison, error) {
	measure := func(t *datasets.Trace) (map[string]float64, error) {
		m := map[string]float64{}
		for _, a := range locality.Attributes {
			o, err := locality.Observe(t, a)
			if err != nil {
				m["stack_"+a.String()] = math.NaN()
				continue
			}
			r, err := locality.StackDepth(o, locality.StackOptions{})
			if err != nil {
				m["stack_"+a.String()] = math.NaN()
				continue
			}
			m["stack_"+a.String()] = r.MeanDepth
		}
		h, err := selfsim.Hurst(t.SortBySubmit(), selfsim.HurstOptions{})
		if err != nil {
			return nil, err
		}
		m["hurst"], m["hurst_corrected"] = h.H, h.HCorrected
		return m, nil
	}
	names := []string{"stack_runtime", "stack_req_time", "stack_procs", "hurst", "hurst_corrected"}
	om, err := measure(orig)
	if err != nil {
		return nil, err
	}
	vals := make(map[string][]float64)
	for _, v := range variants {
		vm, err := measure(v)
		if err != nil {
			return nil, err
		}
		for _, n := range names {
			if math.IsNaN(om[n]) {
				continue
			}
			if math.IsNaN(vm[n]) {
				return nil, fmt.Errorf("resample: %s of %s is undefined", n, v.Name)
			}
			vals[n] = append(vals[n], vm[n])
		}
	}
	var out []Comparison
	for _, n := range names {
		if math.IsNaN(om[n]) {
			continue
		}
		c := Comparison{Log: orig.Name, Measure: n, Original: om[n], Mean: math.NaN(), SD: math.NaN(), Variants: len(vals[n])}
		if len(vals[n]) > 0 {
			c.Mean = stat.Mean(vals[n], nil)
		}
		if len(vals[n]) > 1 {
			c.SD = stat.StdDev(vals[n], nil)
		}
		out = append(out, c)
	}
	return out, nil
}

// ComparisonFrame returns one row per comparison: log, measure, original,
// mean, sd, variants, in the order given.
func ComparisonFrame(cs []Comparison) dataframe.DataFrame {
	n := len(cs)
	lg, ms := make([]string, n), make([]string, n)
	o, m, s := make([]float64, n), make([]float64, n), make([]float64, n)
	v := make([]int, n)
	for i, c := range cs {
		lg[i], ms[i], o[i], m[i], s[i], v[i] = c.Log, c.Measure, c.Original, c.Mean, c.SD, c.Variants
	}
	return dataframe.New(
		series.New(lg, series.String, "log"),
		series.New(ms, series.String, "measure"),
		series.New(o, series.Float, "original"),
		series.New(m, series.Float, "mean"),
		series.New(s, series.Float, "sd"),
		series.New(v, series.Int, "variants"),
	)
}

// Burst is a user's most intense period of activity: the jobs user User
// submitted within one window (Begin and End are its first and last
// submit times).
type Burst struct {
	RarePeriod
	// Jobs is the number of the user's jobs in the period; LogJobs the
	// number of all jobs submitted in it.
	Jobs, LogJobs int
}

// HeaviestBursts finds each user's window of the given length (seconds)
// holding most of its jobs, and returns the n heaviest over all users
// (most jobs first; ties by user id). These are candidates for the rare
// behaviours of 2013 §6.4 (flurries: a single user's surge of jobs) in a
// log whose flurries were cleaned away. Jobs of unknown submit time are
// ignored.
func HeaviestBursts(t *datasets.Trace, window float64, n int) []Burst {
	tr := t.SortBySubmit()
	ix := tr.ByUser()
	var out []Burst
	for k, u := range ix.Users {
		rows := ix.Rows[k]
		best, bi, bj := 0, 0, 0
		j := 0
		for i := range rows {
			if math.IsNaN(tr.Submit[rows[i]]) {
				continue
			}
			for j < len(rows) && tr.Submit[rows[j]] <= tr.Submit[rows[i]]+window {
				j++
			}
			if j-i > best {
				best, bi, bj = j-i, i, j
			}
		}
		if best == 0 {
			continue
		}
		b := Burst{RarePeriod: RarePeriod{User: u, Begin: tr.Submit[rows[bi]], End: tr.Submit[rows[bj-1]]}, Jobs: best}
		out = append(out, b)
	}
	sort.Slice(out, func(a, b int) bool {
		if out[a].Jobs != out[b].Jobs {
			return out[a].Jobs > out[b].Jobs
		}
		return out[a].User < out[b].User
	})
	out = out[:min(n, len(out))]
	for k := range out {
		lo := sort.SearchFloat64s(tr.Submit, out[k].Begin)
		hi := sort.Search(len(tr.Submit), func(i int) bool { return tr.Submit[i] > out[k].End })
		out[k].LogJobs = hi - lo
	}
	return out
}

// BurstsFrame returns one row per burst: user, begin, end (trace seconds),
// days, jobs, log_jobs and share (jobs / log_jobs).
func BurstsFrame(bs []Burst) dataframe.DataFrame {
	n := len(bs)
	u, j, lj := make([]int, n), make([]int, n), make([]int, n)
	b, e, d, sh := make([]float64, n), make([]float64, n), make([]float64, n), make([]float64, n)
	for i, x := range bs {
		u[i], j[i], lj[i] = x.User, x.Jobs, x.LogJobs
		b[i], e[i], d[i] = x.Begin, x.End, (x.End-x.Begin)/datasets.Day
		sh[i] = float64(x.Jobs) / float64(x.LogJobs)
	}
	return dataframe.New(
		series.New(u, series.Int, "user"),
		series.New(b, series.Float, "begin"),
		series.New(e, series.Float, "end"),
		series.New(d, series.Float, "days"),
		series.New(j, series.Int, "jobs"),
		series.New(lj, series.Int, "log_jobs"),
		series.New(sh, series.Float, "share"),
	)
}

// OfferedLoad returns the load offered in each period of unit seconds from
// start to end: the work of the jobs submitted in the period (runtime ×
// processors), over the machine's capacity in it (procs × unit). Jobs of
// unknown runtime or processor count are left out, and so are jobs
// submitted outside [start, end). It panics if unit or procs is not
// positive.
func OfferedLoad(t *datasets.Trace, start, end, unit float64, procs int) []float64 {
	if !(unit > 0) || procs < 1 {
		panic("resample: OfferedLoad: unit and procs must be positive")
	}
	n := max(int(math.Ceil((end-start)/unit)), 0)
	out := make([]float64, n)
	for i, s := range t.Submit {
		r, w := t.Runtime[i], t.Procs[i]
		if !(s >= start && s < end) || math.IsNaN(r) || w <= 0 {
			continue
		}
		out[int((s-start)/unit)] += r * float64(w)
	}
	for k := range out {
		out[k] /= unit * float64(procs)
	}
	return out
}
