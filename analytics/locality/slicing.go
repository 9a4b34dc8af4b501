package locality

import (
	"fmt"
	"math"
	"sort"
	"time"

	"github.com/tracelab/tracelab/datasets"
)

// Align says where slice boundaries are anchored.
type Align int

const (
	// AlignCalendar, the default, cuts the time line at local midnights
	// in the log's time zone: slice boundaries are the local times
	// Shift + k·Days days after 1970-01-01 00:00 local time, for all
	// integers k. With whole-day slices every slice is Days calendar days
	// (an hour more or less across a daylight-saving change), and a slice
	// begins on the local days whose number since 1970-01-01 is Shift
	// modulo Days. The 2007 paper does not say where its days begin. The
	// reproduction (repro/feitelson2007) cuts them at midnight of the
	// fixed offset the log's zone has at its first job, given as
	// Slicing.Location (a time.FixedZone; UTC−7 on SDSC-BLUE): that offset
	// was chosen because it gives M'_max of the paper's Table 1 on
	// SDSC-BLUE to four digits for shifts 0 and 1 (TestTable1), so that
	// agreement is no evidence for it. With the log's own zone (US/Pacific,
	// midnight moving with daylight saving) the values are within 10%.
	AlignCalendar Align = iota
	// AlignFirstJob anchors slices at the first job's submit time: slice k
	// covers [t0 + Shift + k·Days, t0 + Shift + (k+1)·Days) days, t0 the
	// first submit time.
	AlignFirstJob
	// AlignLogStart anchors slices at time 0 of the log (the SWF header's
	// UnixStartTime), in seconds, ignoring the time zone.
	AlignLogStart
)

var alignNames = [...]string{"calendar", "first_job", "log_start"}

// String returns "calendar", "first_job" or "log_start".
func (a Align) String() string {
	if a < 0 || int(a) >= len(alignNames) {
		return fmt.Sprintf("Align(%d)", int(a))
	}
	return alignNames[a]
}

// ParseAlign returns the alignment called s.
func ParseAlign(s string) (Align, error) {
	for i, n := range alignNames {
		if s == n {
			return Align(i), nil
		}
	}
	return 0, fmt.Errorf("locality: unknown alignment %q (want calendar, first_job or log_start)", s)
}

// Slicing divides the time line into successive slices of equal length
// (2007 §3.1 step 2). The zero value is the paper's default: 3-day slices
// starting at local midnight, no shift.
type Slicing struct {
	// Days is the slice length t, in days; 0 means 3.
	Days float64
	// Shift moves every slice boundary later by this many days (Table 1
	// uses shifts of 0, 1 and 2 days).
	Shift float64
	// Align anchors the boundaries (default AlignCalendar).
	Align Align
	// Location, if not nil, replaces the log's time zone for
	// AlignCalendar. A fixed zone (time.FixedZone) makes every slice
	// exactly Days·86400 seconds long.
	Location *time.Location
	// DropPartial leaves out the first and last slices when they extend
	// beyond the first or last job. By default they are ordinary slices,
	// usable if they hold enough jobs.
	DropPartial bool
}

func (s Slicing) withDefaults() Slicing {
	if s.Days == 0 {
		s.Days = 3
	}
	return s
}

func (s Slicing) check() error {
	if !(s.Days > 0) || math.IsInf(s.Days, 0) {
		return fmt.Errorf("locality: slice length must be positive, got %v days", s.Days)
	}
	if s.Shift < 0 || math.IsNaN(s.Shift) || math.IsInf(s.Shift, 0) {
		return fmt.Errorf("locality: shift must be ≥ 0, got %v days", s.Shift)
	}
	if s.Align < AlignCalendar || s.Align > AlignLogStart {
		return fmt.Errorf("locality: unknown alignment %d", s.Align)
	}
	return nil
}

// sliced holds the slices of sorted observations: slice k begins at log
// time start[k], ends at end[k], and holds observations first[k] …
// first[k+1]−1.
type sliced struct {
	start, end []float64
	first      []int // len(start)+1 entries
}

func (s sliced) jobs(k int) int { return s.first[k+1] - s.first[k] }

// cut divides the observations into slices. It returns ErrTooShort when the
// observations span less than one slice length.
func (s Slicing) cut(obs Observations) (sliced, error) {
	s = s.withDefaults()
	if err := s.check(); err != nil {
		return sliced{}, err
	}
	length := s.Days * datasets.Day
	if obs.Span() < length {
		return sliced{}, fmt.Errorf("%w: %.2f days of jobs, slices of %g days", ErrTooShort, obs.Span()/datasets.Day, s.Days)
	}
	x, toLog, cover, anchor := s.axis(obs)
	anchor += s.Shift * datasets.Day
	x0, x1 := x[0], x[len(x)-1]
	kmin := math.Floor((x0 - anchor) / length)
	kmax := math.Floor((x1 - anchor) / length)
	if !(kmax-kmin < MaxSlices) {
		return sliced{}, fmt.Errorf("locality: %.4g days of jobs make %.4g slices of %g days, more than %d: use longer slices",
			obs.Span()/datasets.Day, kmax-kmin+1, s.Days, MaxSlices)
	}
	var out sliced
	i := 0
	for k := kmin; k <= kmax; k++ {
		lo, hi := anchor+k*length, anchor+(k+1)*length
		j := i
		for j < len(x) && x[j] < hi {
			j++
		}
		edge := (k == kmin && lo < cover) || (k == kmax && hi > x1)
		if !(s.DropPartial && edge) {
			out.start = append(out.start, toLog(lo))
			out.end = append(out.end, toLog(hi))
			out.first = append(out.first, i)
		}
		i = j
	}
	if len(out.start) == 0 {
		return sliced{}, fmt.Errorf("%w: no full slice of %g days", ErrTooShort, s.Days)
	}
	end := len(x)
	if s.DropPartial && x1 < anchor+(kmax+1)*length {
		end = sort.SearchFloat64s(x, anchor+kmax*length) // the last slice was dropped: its jobs are in none
	}
	out.first = append(out.first, end)
	return out, nil
}

// axis returns each observation's coordinate on the slicing axis, the map
// from a coordinate back to log time, the first coordinate the slices must
// cover, and the anchor of the boundaries (before Shift).
func (s Slicing) axis(obs Observations) (x []float64, toLog func(float64) float64, cover, anchor float64) {
	time := obs.Time
	switch s.Align {
	case AlignLogStart:
		start := min(0, time[0])
		return time, identity, start, start
	case AlignCalendar:
		if s.Location != nil {
			obs.Location = s.Location
		}
		x, toLog = obs.localSeconds()
		return x, toLog, x[0], 0
	}
	return time, identity, time[0], time[0]
}

func identity(c float64) float64 { return c }

// localSeconds returns each observation's local wall-clock time in the
// log's zone, as seconds since 1970-01-01 00:00 local time (non-decreasing
// even across the repeated hour of a daylight-saving change), and the map
// from such a local time back to log time.
func (o Observations) localSeconds() ([]float64, func(float64) float64) {
	loc := o.Location
	if loc == nil {
		loc = time.UTC
	}
	x := make([]float64, len(o.Time))
	var prev float64
	var cacheLo, cacheHi int64 = 1, 0 // unix interval with known offset
	var off int64
	for i, t := range o.Time {
		u := o.Epoch + int64(math.Floor(t))
		if u < cacheLo || u >= cacheHi {
			_, zo, start, end := zoneAt(u, loc)
			off, cacheLo, cacheHi = int64(zo), start, end
		}
		v := float64(o.Epoch+off) + t
		if i > 0 && v < prev {
			v = prev
		}
		x[i], prev = v, v
	}
	toLog := func(c float64) float64 {
		s := math.Floor(c)
		w := time.Unix(int64(s), 0).UTC()
		inst := time.Date(w.Year(), w.Month(), w.Day(), w.Hour(), w.Minute(), w.Second(), 0, loc)
		return float64(inst.Unix()-o.Epoch) + (c - s)
	}
	return x, toLog
}

// zoneAt returns the zone name, offset and validity interval at Unix time u.
func zoneAt(u int64, loc *time.Location) (string, int, int64, int64) {
	t := time.Unix(u, 0).In(loc)
	name, off := t.Zone()
	start, end := t.ZoneBounds()
	lo, hi := int64(math.MinInt64), int64(math.MaxInt64)
	if !start.IsZero() {
		lo = start.Unix()
	}
	if !end.IsZero() {
		hi = end.Unix()
	}
	return name, off, lo, hi
}
