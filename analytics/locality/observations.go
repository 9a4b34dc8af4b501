package locality

import (
	"cmp"
	"errors"
	"fmt"
	"math"
	"slices"
	"time"

	"github.com/tracelab/tracelab/datasets"
)

// Bounds of the analyses' work, so that no option or odd log makes them
// run or grow without end; each is far above the papers' settings.
const (
	// MaxRanges bounds the equal-probability ranges (Ranges, DailyBins'
	// Bins; the papers use 16 and 24).
	MaxRanges = 1000
	// MaxSlices bounds the slices of a log (one-day slices of 2,700
	// years; hours of 110 years).
	MaxSlices = 1_000_000
	// MaxReps bounds bootstrap repetitions (the paper uses 1000).
	MaxReps = 1_000_000
)

// Errors returned for data on which a measure is not defined.
var (
	// ErrNoData: no job has a known value of the attribute.
	ErrNoData = errors.New("locality: no job with a known value")
	// ErrConstant: every known value is the same, so the global
	// distribution cannot be divided into ranges.
	ErrConstant = errors.New("locality: attribute is constant")
	// ErrTooShort: the log spans less than one slice.
	ErrTooShort = errors.New("locality: log shorter than one slice")
	// ErrNoUsableSlice: no slice holds enough jobs for the number of ranges.
	ErrNoUsableSlice = errors.New("locality: no usable slice")
)

// Attributes lists the job attributes whose locality the papers measure:
// runtime (SWF field 4), requested time ("maximal runtime", field 9) and
// allocated processors (field 5).
var Attributes = []datasets.Attribute{datasets.Runtime, datasets.ReqTime, datasets.Procs}

// Observations is one attribute of a log's jobs, in submit order, with only
// the jobs whose value is known.
type Observations struct {
	Name    string             // the log's name
	Attr    datasets.Attribute // which attribute Value holds
	Time    []float64          // submit times, seconds, non-decreasing
	Value   []float64          // the attribute of each job, never NaN
	Unknown int                // jobs left out because their value was unknown
	// Epoch is the Unix time of log time 0 (the SWF header's
	// UnixStartTime) and Location the log's time zone (nil means UTC);
	// AlignCalendar uses them to cut slices at local midnight.
	Epoch    int64
	Location *time.Location
}

// Len returns the number of observations.
func (o Observations) Len() int { return len(o.Value) }

// Span returns the time from the first to the last observation, seconds.
func (o Observations) Span() float64 {
	if len(o.Time) == 0 {
		return 0
	}
	return o.Time[len(o.Time)-1] - o.Time[0]
}

// Observe extracts attribute a from the trace. Jobs are taken in submit
// order (a stable sort, so ties keep the log's order). A job whose value is
// unknown (datasets.Attribute.Values: NaN or negative; also processors 0,
// which SWF logs use for jobs that never got an allocation) is left out and
// counted in Unknown; no measure of this package ever sees it. a is one of
// Attributes. Observe returns ErrNoData if no job has a known value.
func Observe(tr *datasets.Trace, a datasets.Attribute) (Observations, error) {
	if tr == nil {
		panic("locality: nil trace")
	}
	if _, err := datasets.ParseAttribute(string(a), Attributes...); err != nil {
		return Observations{}, fmt.Errorf("locality: %w", err)
	}
	col := a.Values(tr)
	if a == datasets.Procs {
		for i, p := range col {
			if p == 0 {
				col[i] = math.NaN()
			}
		}
	}
	obs, err := NewObservations(tr.Name, a, tr.Submit, col)
	if err != nil {
		return obs, fmt.Errorf("%s %s: %w", tr.Name, a, err)
	}
	obs.Epoch = tr.Header.UnixStartTime
	obs.Location = tr.Location()
	return obs, nil
}

// NewObservations builds observations from parallel slices of submit times
// and values (copied). NaN values are left out and counted in Unknown; a NaN
// or infinite time, or an infinite value, is an error, as is an input
// without any known value (ErrNoData). The observations are sorted by time,
// stably. Epoch is 0 and Location UTC: set them for calendar slicing. It
// panics if the lengths differ.
func NewObservations(name string, a datasets.Attribute, time, value []float64) (Observations, error) {
	if len(time) != len(value) {
		panic("locality: time and value lengths differ")
	}
	o := Observations{Name: name, Attr: a}
	idx := make([]int, 0, len(value))
	for i, v := range value {
		if math.IsNaN(time[i]) || math.IsInf(time[i], 0) {
			return Observations{}, fmt.Errorf("locality: job %d has submit time %v", i, time[i])
		}
		if math.IsNaN(v) {
			o.Unknown++
			continue
		}
		if math.IsInf(v, 0) {
			return Observations{}, fmt.Errorf("locality: job %d has %s %v", i, a, v)
		}
		idx = append(idx, i)
	}
	if len(idx) == 0 {
		return Observations{}, ErrNoData
	}
	sortStableByTime(idx, time)
	o.Time = make([]float64, len(idx))
	o.Value = make([]float64, len(idx))
	for k, i := range idx {
		o.Time[k] = time[i]
		o.Value[k] = value[i]
	}
	return o, nil
}

// sortStableByTime orders the rows idx by at[row], rows of equal times
// in their order in idx (a stable sort): nothing to do when the times are
// already in order, as a log's usually are; else a sort by (time,
// position), which no two rows share. The times are numbers.
func sortStableByTime(idx []int, at []float64) {
	if slices.IsSortedFunc(idx, func(x, y int) int { return cmp.Compare(at[x], at[y]) }) {
		return
	}
	type timed struct {
		t   float64
		pos int
	}
	rows := make([]timed, len(idx))
	for k, i := range idx {
		rows[k] = timed{at[i], k}
	}
	slices.SortFunc(rows, func(x, y timed) int { return cmp.Or(cmp.Compare(x.t, y.t), cmp.Compare(x.pos, y.pos)) })
	sorted := make([]int, len(idx))
	for k, r := range rows {
		sorted[k] = idx[r.pos]
	}
	copy(idx, sorted)
}
