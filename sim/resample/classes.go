package resample

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// UserClass is a class of the log's users defined from per-user marginals,
// for selective manipulation (2013 §6.5.4): resampling with a class
// weighted up or down changes the workload's properties in a controlled
// way. A user may belong to several classes.
type UserClass int

const (
	// HeavyUsers are the fewest users that together submitted at least
	// half of the log's processor-seconds (runtime × processors, s),
	// largest first.
	HeavyUsers UserClass = iota
	// LongJobUsers are the users whose median runtime (s) is above the
	// median runtime of the log's jobs.
	LongJobUsers
	// SmallJobUsers are the users of many small jobs: their median
	// processors are at most the median of the log's jobs, and they
	// submitted more jobs than the median user.
	SmallJobUsers
)

var userClassNames = []string{"heavy", "long", "small"}

// String returns heavy, long or small.
func (c UserClass) String() string { return optionName(userClassNames, int(c), "UserClass") }

// ParseUserClass returns the UserClass named heavy, long or small.
func ParseUserClass(s string) (UserClass, error) {
	v, err := parseOption(userClassNames, s, "user class")
	return UserClass(v), err
}

// AllUserClasses returns every user class, in order.
func AllUserClasses() []UserClass { return []UserClass{HeavyUsers, LongJobUsers, SmallJobUsers} }

// ClassSet is a set of user classes.
type ClassSet uint8

// Has reports whether c is in the set.
func (s ClassSet) Has(c UserClass) bool { return s&(1<<uint(c)) != 0 }

// ClassWeights are the weights of user classes (Options.ClassWeights): a
// user's weight is the product of the weights of its classes, 1 for a
// class not listed.
type ClassWeights map[UserClass]float64

// ParseClassWeights parses "heavy=2,long=0" into ClassWeights; the empty
// string gives nil.
func ParseClassWeights(s string) (ClassWeights, error) {
	if s == "" {
		return nil, nil
	}
	w := ClassWeights{}
	for _, part := range strings.Split(s, ",") {
		name, val, ok := strings.Cut(part, "=")
		if !ok {
			return nil, fmt.Errorf("resample: class weight %q, want class=weight", part)
		}
		c, err := ParseUserClass(strings.TrimSpace(name))
		if err != nil {
			return nil, err
		}
		if _, dup := w[c]; dup {
			return nil, fmt.Errorf("resample: class %s weighted twice (%q)", c, s)
		}
		val = strings.TrimSpace(val)
		v, err := strconv.ParseFloat(val, 64)
		if err != nil || strings.ContainsAny(val, "_xXpPiInN") {
			return nil, fmt.Errorf("resample: class weight %q: want a decimal number", part)
		}
		w[c] = v
	}
	return w, w.check()
}

// check returns an error for an unknown class or a weight that is
// negative, NaN or infinite.
func (w ClassWeights) check() error {
	for c, v := range w {
		if c < 0 || int(c) >= len(userClassNames) {
			return fmt.Errorf("resample: unknown user class %d", int(c))
		}
		if !(v >= 0) || math.IsInf(v, 0) {
			return fmt.Errorf("resample: weight %v of class %s, want finite and ≥ 0", v, c)
		}
	}
	return nil
}

// String returns the weights as ParseClassWeights reads them, by class.
func (w ClassWeights) String() string {
	var parts []string
	for _, c := range AllUserClasses() {
		if v, ok := w[c]; ok {
			parts = append(parts, fmt.Sprintf("%s=%g", c, v))
		}
	}
	return strings.Join(parts, ",")
}

// UserClasses classifies the log's users (by user id of Pools.Trace) from
// their jobs' marginals (see UserClass). Jobs of unknown runtime (< 0)
// count for no processor-seconds and are left out of the medians of
// runtime; likewise jobs of unknown processors (< 1) for processors.
func (p *Pools) UserClasses() map[int]ClassSet {
	t := p.Trace
	type marg struct {
		work    float64
		runtime []float64
		procs   []float64
		jobs    int
	}
	by := map[int]*marg{}
	var allRun, allProcs []float64
	total := 0.0
	for i := range t.Len() {
		m := by[t.User[i]]
		if m == nil {
			m = &marg{}
			by[t.User[i]] = m
		}
		m.jobs++
		if r := t.Runtime[i]; r >= 0 {
			m.runtime = append(m.runtime, r)
			allRun = append(allRun, r)
			if q := t.Procs[i]; q >= 1 {
				m.work += r * float64(q)
				total += r * float64(q)
			}
		}
		if q := t.Procs[i]; q >= 1 {
			m.procs = append(m.procs, float64(q))
			allProcs = append(allProcs, float64(q))
		}
	}
	ids := make([]int, 0, len(by))
	jobs := make([]float64, 0, len(by))
	for u, m := range by {
		ids = append(ids, u)
		jobs = append(jobs, float64(m.jobs))
	}
	sort.Ints(ids)
	medRun, medProcs, medJobs := median(allRun), median(allProcs), median(jobs)
	out := make(map[int]ClassSet, len(by))
	for _, u := range ids {
		m := by[u]
		var s ClassSet
		if len(m.runtime) > 0 && median(m.runtime) > medRun {
			s |= 1 << uint(LongJobUsers)
		}
		if len(m.procs) > 0 && median(m.procs) <= medProcs && float64(m.jobs) > medJobs {
			s |= 1 << uint(SmallJobUsers)
		}
		out[u] = s
	}
	// Heavy: largest work first (ties by user id), until half the total.
	heavy := slices.Clone(ids)
	sort.SliceStable(heavy, func(a, b int) bool { return by[heavy[a]].work > by[heavy[b]].work })
	sum := 0.0
	for _, u := range heavy {
		if total <= 0 || sum >= total/2 {
			break
		}
		sum += by[u].work
		out[u] |= 1 << uint(HeavyUsers)
	}
	return out
}

// median returns the median of x (the mean of the middle two for an even
// count), NaN for none; x is reordered.
func median(x []float64) float64 {
	if len(x) == 0 {
		return math.NaN()
	}
	sort.Float64s(x)
	n := len(x)
	if n%2 == 1 {
		return x[n/2]
	}
	return (x[n/2-1] + x[n/2]) / 2
}

// streamWeights returns the weight of each stream of streams under w (see
// ClassWeights), by the class set of its user.
func streamWeights(streams []Stream, classes map[int]ClassSet, w ClassWeights) []float64 {
	out := make([]float64, len(streams))
	for k, s := range streams {
		v := 1.0
		for _, c := range AllUserClasses() {
			if cw, ok := w[c]; ok && classes[s.User].Has(c) {
				v *= cw
			}
		}
		out[k] = v
	}
	return out
}
