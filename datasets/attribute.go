package datasets

import (
	"fmt"
	"math"
	"slices"
	"strings"
)

// Attribute names a job attribute by its column in a job frame (JobColumns);
// the derived attributes Interarrival and Work are named by the column a
// frame of them would have. Every analysis that measures "an attribute of
// the jobs" (similarity, locality, model fitting) takes an Attribute and
// documents which ones it accepts.
type Attribute string

// The attributes the analyses measure.
const (
	Runtime Attribute = "runtime"  // SWF field 4: run time, s
	Procs   Attribute = "procs"    // SWF field 5: allocated processors
	ReqTime Attribute = "req_time" // SWF field 9: requested (estimated) run time, s
	// Interarrival is the time from the previous job's submission to this
	// job's, s (derived from field 2, in the log's order).
	Interarrival Attribute = "interarrival"
	// Work is processors × run time, processor-seconds (fields 5 and 4).
	Work Attribute = "work"
)

// String returns the attribute's name, its frame column.
func (a Attribute) String() string { return string(a) }

// ParseAttribute returns the attribute called s if it is one of allowed (an
// analysis passes the attributes it accepts), and an error naming them
// otherwise. With no allowed list every attribute above is accepted.
func ParseAttribute(s string, allowed ...Attribute) (Attribute, error) {
	if len(allowed) == 0 {
		allowed = []Attribute{Runtime, Procs, ReqTime, Interarrival, Work}
	}
	if slices.Contains(allowed, Attribute(s)) {
		return Attribute(s), nil
	}
	names := make([]string, len(allowed))
	for i, a := range allowed {
		names[i] = string(a)
	}
	return "", fmt.Errorf("unknown attribute %q (want %s)", s, strings.Join(names, ", "))
}

// Values returns the attribute of every job of t, in the trace's order, NaN
// where it is unknown: a NaN or negative measure, a negative processor
// count (−1 in SWF), either operand of Work unknown, the first job's
// Interarrival and a negative one (a trace not sorted by submit time). It panics for an attribute not listed above.
func (a Attribute) Values(t *Trace) []float64 {
	v := make([]float64, t.Len())
	switch a {
	case Runtime:
		copy(v, t.Runtime)
	case ReqTime:
		copy(v, t.ReqTime)
	case Procs:
		for i, p := range t.Procs {
			v[i] = float64(p)
		}
	case Work:
		for i, p := range t.Procs {
			v[i] = float64(p) * t.Runtime[i]
			if p < 0 || !(t.Runtime[i] >= 0) {
				v[i] = math.NaN()
			}
		}
	case Interarrival:
		for i := range v {
			if i == 0 {
				v[i] = math.NaN()
			} else {
				v[i] = t.Submit[i] - t.Submit[i-1]
			}
		}
	default:
		panic(fmt.Sprintf("datasets: unknown attribute %q", string(a)))
	}
	for i, x := range v {
		if x < 0 {
			v[i] = math.NaN()
		}
	}
	return v
}
