package resample

import (
	"fmt"
	"math"
	"sort"
	"time"

	"github.com/tracelab/tracelab/datasets"
)

// Clock says how a user's stream moves in time (see the package
// documentation).
type Clock int

const (
	// WallClock moves streams by whole civil weeks of the log's time zone
	// (the default): every job keeps its local day of the week and time of
	// day, and the intervals between a user's jobs are kept in wall-clock
	// time. Two cases a year cannot map one to one, and both are counted
	// in Report: a local time that does not exist on the target day (the
	// hour skipped when clocks go forward) is moved forward by the skipped
	// time (DSTGap); and a job whose local time falls in the repeated hour
	// when clocks go back takes the occurrence with its original offset,
	// else the first, and is moved to its predecessor's submit time if that
	// would put it before the user's previous job (DSTOrder).
	WallClock Clock = iota
	// Elapsed moves streams by multiples of 604,800 s: intervals between a
	// user's jobs are exact in elapsed seconds, and local times are exact
	// in zones without daylight saving time (elsewhere a job may move by
	// the daylight-saving offset).
	Elapsed
)

// String returns "wall" or "elapsed".
func (c Clock) String() string {
	switch c {
	case WallClock:
		return "wall"
	case Elapsed:
		return "elapsed"
	}
	return fmt.Sprintf("Clock(%d)", int(c))
}

// ParseClock returns the Clock named "wall" or "elapsed".
func ParseClock(s string) (Clock, error) {
	switch s {
	case "wall", "":
		return WallClock, nil
	case "elapsed":
		return Elapsed, nil
	}
	return 0, fmt.Errorf("resample: unknown clock %q (want wall or elapsed)", s)
}

// zoneTable maps trace times (seconds since the log's UnixStartTime) to
// local times and back. Local time is trace time plus the change of the
// zone's UTC offset since the log's start, so that local − trace is 0 at
// time 0, and local time differences are wall-clock differences. Segment i
// begins at start[i] (start[0] = −Inf) and has offset change d[i].
type zoneTable struct {
	start []float64
	d     []float64
	// base is the local epoch second (Unix seconds plus the UTC offset) of
	// local time 0; it fixes days of the week.
	base int64
}

// newZoneTable returns the table of loc for a log starting at Unix time
// unixStart, exact for trace times in [from, to]. With elapsed set the
// offset is frozen at the log's start (one segment).
func newZoneTable(loc *time.Location, unixStart int64, from, to float64, elapsed bool) zoneTable {
	_, off0 := time.Unix(unixStart, 0).In(loc).Zone()
	z := zoneTable{base: unixStart + int64(off0), start: []float64{math.Inf(-1)}, d: []float64{0}}
	if elapsed {
		return z
	}
	from, to = math.Floor(from)-datasets.Week, math.Ceil(to)+datasets.Week
	t := time.Unix(unixStart+int64(from), 0).In(loc)
	_, off := t.Zone()
	z.d[0] = float64(off - off0)
	for {
		end := nextZoneChange(t)
		if end.IsZero() || float64(end.Unix()-unixStart) > to {
			return z
		}
		t = end.In(loc)
		_, off = t.Zone()
		if d := float64(off - off0); d != z.d[len(z.d)-1] {
			z.start = append(z.start, float64(end.Unix()-unixStart))
			z.d = append(z.d, d)
		}
	}
}

// nextZoneChange returns the end of t's zone period (time.Time.ZoneBounds),
// the zero time if it never ends. Go computes the periods beyond the zone
// table from the zone's rule year by year, and there an end can fall at or
// before t (Europe/Stockholm at 2040-12-31 01:00, a leap year's last day):
// then the search steps a day ahead and, if the offset changed within that
// day, bisects for the second it changed, so the loop over periods always
// advances.
func nextZoneChange(t time.Time) time.Time {
	_, end := t.ZoneBounds()
	if end.IsZero() || end.After(t) {
		return end
	}
	_, off := t.Zone()
	lo, hi := t.Unix(), t.Unix()+86400
	if _, o := time.Unix(hi, 0).In(t.Location()).Zone(); o == off {
		return time.Unix(hi, 0)
	}
	for hi-lo > 1 { // the offset is off at lo and differs at hi
		mid := lo + (hi-lo)/2
		if _, o := time.Unix(mid, 0).In(t.Location()).Zone(); o == off {
			lo = mid
		} else {
			hi = mid
		}
	}
	return time.Unix(hi, 0)
}

// seg returns the segment containing trace time t.
func (z zoneTable) seg(t float64) int {
	return sort.Search(len(z.start), func(i int) bool { return z.start[i] > t }) - 1
}

// offset returns local − trace time at trace time t.
func (z zoneTable) offset(t float64) float64 { return z.d[z.seg(t)] }

// local returns the local time of trace time t.
func (z zoneTable) local(t float64) float64 { return t + z.offset(t) }

// mapping says how a local time was turned back into a trace time.
type mapping uint8

const (
	mapExact mapping = iota // one trace time has that local time
	mapGap                  // the local time does not exist (clocks went forward)
	mapFold                 // two trace times have it (clocks went back)
)

// trace returns a trace time whose local time is l. In a fold it takes
// the occurrence whose offset is prefer, else the first; in a gap it
// returns l − (the offset before the gap), whose local time is later than
// l by the size of the gap.
func (z zoneTable) trace(l, prefer float64) (float64, mapping) {
	g := z.seg(l)
	var cand [3]float64
	var off [3]float64
	n := 0
	for i := max(g-1, 0); i <= min(g+1, len(z.start)-1); i++ {
		t := l - z.d[i]
		if t >= z.start[i] && (i+1 == len(z.start) || t < z.start[i+1]) {
			cand[n], off[n] = t, z.d[i]
			n++
		}
	}
	switch n {
	case 1:
		return cand[0], mapExact
	case 0:
		// In a gap between segment i and i+1 (d[i+1] > d[i]): l lies in
		// [start[i+1] + d[i], start[i+1] + d[i+1]).
		for i := max(g-1, 0); i+1 < len(z.start) && i <= g+1; i++ {
			if l >= z.start[i+1]+z.d[i] && l < z.start[i+1]+z.d[i+1] {
				return l - z.d[i], mapGap
			}
		}
		panic("resample: internal error: local time maps to no trace time")
	}
	for k := range n {
		if off[k] == prefer {
			return cand[k], mapFold
		}
	}
	best := cand[0]
	for k := 1; k < n; k++ {
		best = min(best, cand[k])
	}
	return best, mapFold
}

// traceNear is trace with a segment hint: the jobs of a stream come in
// local-time order, so the segment of the previous job (*hint) nearly
// always holds the next. When l is in segment i = *hint as a trace time,
// l − d[i] is in segment i and neither neighbour's offset maps l into
// that neighbour, trace would find exactly that one candidate: the same
// comparisons, without its binary search and candidate loop (5% of a
// replicate's CPU). Otherwise it calls trace and moves the hint.
func (z *zoneTable) traceNear(hint *int, l, prefer float64) (float64, mapping) {
	i, n := *hint, len(z.start)
	if i < n && l >= z.start[i] && (i+1 == n || l < z.start[i+1]) {
		t := l - z.d[i]
		if t >= z.start[i] && (i+1 == n || t < z.start[i+1]) &&
			(i == 0 || l-z.d[i-1] >= z.start[i]) &&
			(i+1 == n || l-z.d[i+1] < z.start[i+1]) {
			return t, mapExact
		}
	}
	*hint = z.seg(l)
	return z.trace(l, prefer)
}

// mondayBefore returns the local time of the Monday 00:00 that begins the
// week containing local time l.
func (z zoneTable) mondayBefore(l float64) float64 {
	x := float64(z.base) + l
	days := math.Floor(x / datasets.Day)
	// 1970-01-01 was a Thursday: 3 counting from Monday. math.Mod keeps the
	// sign of days+3, negative before 1969-12-29: add 7 to count forward.
	dow := math.Mod(math.Mod(days+3, 7)+7, 7)
	return (days-dow)*datasets.Day - float64(z.base)
}

// weekOf returns the week of local time l counted from the week beginning
// at local time origin (a Monday 00:00).
func weekOf(l, origin float64) int { return int(math.Floor((l - origin) / datasets.Week)) }
