package plots

import (
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
)

// Ticks marks a linear axis every 1, 2 or 5 times a power of ten (never
// 2.5: 0, 2.5, 5, 7.5 reads as a half-way step), the step whose number of
// labels is nearest five (the larger step on a tie; see linearStep),
// labelled for people: no trailing zeros ("0.5", not "0.50"), and from
// 10,000 on with the multiplier suffix of the axis' largest tick (26k,
// 27.5k, 1.5M; see TickLabel), below that only when every label is whole
// thousands (2k, 4k, 6k; but 500, 1000, 1500), so that every axis of a
// figure writes its thousands one way.
type Ticks struct{}

// Ticks returns the ticks of [min, max].
func (Ticks) Ticks(min, max float64) []plot.Tick {
	if !(max > min) {
		return relabel([]plot.Tick{{Value: min, Label: "x"}})
	}
	return stepTicks(min, max, linearStep(min, max, 0))
}

// IntegerTicks marks an axis of counts: ticks at integers only, a step of
// 1, 2 or 5 times a power of ten chosen as by Ticks, labelled as integers.
type IntegerTicks struct{}

// Ticks returns the ticks of [min, max].
func (IntegerTicks) Ticks(lo, hi float64) []plot.Tick {
	if !(hi > lo) {
		return stepTicks(lo, hi, 1)
	}
	return stepTicks(lo, hi, linearStep(lo, hi, 1))
}

// linearSteps are the mantissas of a linear axis' tick step.
var linearSteps = []float64{1, 2, 5}

// labelTarget is the number of labels a linear axis is given when its
// range allows (linearStep); one fewer when a label is wideLabel
// characters or more (116.5k), so that a narrow panel's labels keep room
// between them (2013 Fig. 16: 117k 118k 119k, not 116.5k to 119k in 0.5k
// steps).
const (
	labelTarget = 5
	wideLabel   = 6
)

// widestLabel returns the number of characters of the longest label of ts.
func widestLabel(ts []plot.Tick) int {
	w := 0
	for _, t := range ts {
		w = max(w, utf8.RuneCountInString(t.Label))
	}
	return w
}

// linearStep returns the step of a linear axis over [min, max] (max >
// min): of the steps 1, 2 and 5 times a power of ten not below least, the
// one whose multiples in range are nearest labelTarget in number (one
// fewer when a label is wideLabel characters or more), the larger step on
// a tie (a narrow panel keeps room between its labels:
// 0.75, 0.8, 0.85 rather than 0.74 to 0.86 in 0.02s), and at least two.
func linearStep(min, max, least float64) float64 {
	span := max - min
	best, score := 0.0, math.Inf(1)
	for e := math.Floor(math.Log10(span / 12)); e <= math.Ceil(math.Log10(span)); e++ {
		for _, m := range linearSteps {
			s := roundSig(m*math.Pow(10, e), 12)
			if s < least {
				continue
			}
			n := math.Floor(max/s+1e-9) - math.Ceil(min/s-1e-9) + 1
			if n < 2 || n > 12 {
				continue
			}
			target := float64(labelTarget)
			if widestLabel(stepTicks(min, max, s)) >= wideLabel {
				target--
			}
			if d := math.Abs(n - target); d <= score {
				best, score = s, d
			}
		}
	}
	if best == 0 {
		return math.Max(niceStep(span/labelTarget, linearSteps), least)
	}
	return best
}

// HourTicks marks an axis of hours (of the day, or durations in hours):
// ticks at whole hours every 1, 2, 3, 6, 12 or 24 hours, at most nine
// labels, then every multiple of a day.
type HourTicks struct{}

// Ticks returns the ticks of [min, max].
func (HourTicks) Ticks(min, max float64) []plot.Tick {
	span := max - min
	step := 24.0
	for _, s := range []float64{1, 2, 3, 6, 12, 24} {
		if span/s <= 8 {
			step = s
			break
		}
	}
	if span/step > 8 {
		step = 24 * niceStep(span/24/8, []float64{1, 2, 5, 7, 10})
	}
	return stepTicks(min, max, step)
}

// WeekTicks marks an hour-of-the-week axis (0 = Monday 00:00): a tick
// every 6 hours, each day's name at its noon.
type WeekTicks struct{}

// Ticks returns the ticks of [min, max].
func (WeekTicks) Ticks(min, max float64) []plot.Tick {
	days := [...]string{"Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"}
	var t []plot.Tick
	for h := 6 * math.Ceil(min/6); h <= max; h += 6 {
		tk := plot.Tick{Value: h}
		if d := int(math.Floor(h / 24)); math.Mod(h, 24) == 12 {
			tk.Label = days[((d%7)+7)%7]
		}
		t = append(t, tk)
	}
	return t
}

// LogTicks marks a logarithmic axis: a labelled tick at every power of ten
// in range and unlabelled ticks between them; when the range spans less
// than two decades, 2× and 5× are labelled too, and 5× (with the 2×
// below the first power) when it holds fewer than three powers of ten;
// otherwise, on an axis of at most
// endDecades decades, the 2× below the first power and the 5× above the
// last are labelled when in range (0.2 on an axis from 0.15 to 100), so
// that no half decade at an end goes unlabelled; an end still bare for
// more than 0.15 of the axis and 0.2 decades gets the 2× or 5× nearest it
// (labelBareEnds: 200 on 1 to 330, 2M on 25.7k to 2.72M). A range of less than a decade with
// fewer than three such labels takes the first of the finer ladders of
// round values, 1-2-3-5, 1-1.5-2-3-4-5-6-8 and 1-1.2-1.5-2-2.5-3-4-5-6-8
// times a power of ten, that labels three values, each with its own unit
// as the powers are (300, 500, 1k; 6k, 8k, 10k, 15k), so that every log axis is labelled in
// the same round values, never in even steps like a linear one; only a
// range narrower than those ladders resolve (a factor of about 1.5) gets
// evenly spaced labels.
type LogTicks struct{}

// Ticks returns the ticks of [min, max]; min must be > 0.
func (LogTicks) Ticks(min, max float64) []plot.Tick {
	if !(min > 0) || !(max >= min) {
		panic("plots: LogTicks: range must be positive")
	}
	lo := math.Floor(math.Log10(min))
	hi := math.Ceil(math.Log10(max))
	eps := 1e-9
	in := func(v float64) bool { return v >= min*(1-eps) && v <= max*(1+eps) }
	decades := math.Log10(max / min) // the span
	powers := 0                      // labelled powers of ten in range
	for e := lo; e <= hi; e++ {
		if in(math.Pow(10, e)) {
			powers++
		}
	}
	first, last := math.Ceil(math.Log10(min)-eps), math.Floor(math.Log10(max)+eps) // the powers in range
	labelled := func(m int, e float64) bool {
		switch {
		case m == 1:
			return true
		case decades < 2:
			return m == 2 || m == 5
		case powers < 3:
			// Two powers of ten alone would leave a decade bare; the 2×
			// below the first is labelled too, when in range, so that the
			// lowest values (15–50 on 2013 Fig. 12's SDSC-BLUE slowdown)
			// are not read off a bare half decade.
			return m == 5 || (m == 2 && e == first-1)
		}
		// A partial decade at an end that holds 2× (below the first power)
		// or 5× (above the last) spans more than half a decade: its round
		// value is labelled, 0.7 decades from the power, so that the values
		// there (0.3–0.9 on an axis labelled from 1) can be read; on an axis
		// of more than endDecades decades those 0.7 are too short for two
		// labels in a small panel.
		// An end decade too short to hold that value is left to
		// labelBareEnds.
		return decades <= endDecades && ((m == 2 && e == first-1) || (m == 5 && e == last))
	}
	var ts []plot.Tick
	for e := lo; e <= hi; e++ {
		d := math.Pow(10, e)
		for m := 1; m <= 9; m++ {
			v := float64(m) * d
			if !in(v) {
				continue
			}
			t := plot.Tick{Value: v}
			if labelled(m, e) {
				// Each power of ten with its own multiplier: 1, 10, 100, 1k, 10k.
				t.Label = TickLabel(v, v)
			}
			ts = append(ts, t)
		}
	}
	if labelledCount(ts) >= 3 || decades >= 1 {
		return labelBareEnds(ts, min, max)
	}
	for _, ladder := range logLadders {
		if lt := ladderTicks(min, max, lo, hi, ladder); labelledCount(lt) >= 3 {
			return lt
		}
	}
	if n, even := labelledCount(ts), stepTicks(min, max, linearStep(min, max, 0)); labelledCount(even) > n {
		return even
	}
	return ts
}

// bareShare is the share of a log axis beyond which a stretch at an end
// without a label (and longer than BareEnd) gets one (labelBareEnds).
const bareShare = 0.15

// labelBareEnds labels, at an end of the log axis [min, max] lying more
// than BareEnd decades and more than bareShare of the axis from its
// nearest labelled tick of ts, the unlabelled 2× or 5× a power of ten of
// that stretch nearest the end, when it lies at least a factor 2 from that
// label (so that two labels keep room between them): 2007 Fig. 2's
// processors, 1 to about 330, labelled to 100, get 200 (no 500 in range);
// 2013 Fig. 12's OSC-cluster response time, 25.7k to 2.72M, labelled 50k,
// 100k, 500k, 1M, gets 2M, 0.13 decades under its top instead of 0.43
// decades (21% of the axis) bare. Whatever the axis' length: on one of
// more than 1/bareShare decades no stretch between powers is that long.
func labelBareEnds(ts []plot.Tick, min, max float64) []plot.Tick {
	first, last := -1, -1
	for i, t := range ts {
		if t.Label != "" {
			if first < 0 {
				first = i
			}
			last = i
		}
	}
	if first < 0 {
		return ts
	}
	span := math.Log10(max / min)
	bare := func(d float64) bool { return d > BareEnd && d > bareShare*span }
	round := isTwoOrFive
	apart := math.Log10(2) - 1e-9
	if lo := ts[first].Value; bare(math.Log10(lo / min)) {
		for i := 0; i < first; i++ {
			if v := ts[i].Value; round(v) && math.Log10(lo/v) >= apart {
				ts[i].Label = TickLabel(v, v)
				break
			}
		}
	}
	if hi := ts[last].Value; bare(math.Log10(max / hi)) {
		for i := len(ts) - 1; i > last; i-- {
			if v := ts[i].Value; round(v) && math.Log10(v/hi) >= apart {
				ts[i].Label = TickLabel(v, v)
				break
			}
		}
	}
	return ts
}

// isTwoOrFive reports whether v (> 0) is 2 or 5 times a power of ten.
func isTwoOrFive(v float64) bool {
	p := math.Pow(10, math.Floor(math.Log10(v)+1e-9))
	m := math.Round(v / p)
	return (m == 2 || m == 5) && math.Abs(v/(m*p)-1) < 1e-9
}

// endLabelPad is the least room, in points, labelLogEnd leaves between the
// label it adds and its neighbour's: about half a 9-point label's height,
// where the figure lint only asks for 1 point.
const endLabelPad = vg.Length(4)

// labelLogEnds labels the bare ends of the log axes of the panels ps,
// drawn with the data areas data (labelLogEnd), and reports whether it
// labelled any.
func labelLogEnds(ps []*plot.Plot, data []vg.Rectangle) bool {
	changed := false
	for i, p := range ps {
		d := data[i]
		x := labelLogEnd(&p.X, d.Max.X-d.Min.X, false)
		y := labelLogEnd(&p.Y, d.Max.Y-d.Min.Y, true)
		changed = changed || x || y
	}
	return changed
}

// labelLogEnd labels, at each end of the logarithmic axis a (marked by
// LogTicks, drawn length long; vertical: a y axis) lying past its
// outermost labelled tick, the unlabelled 2× or 5× a power of ten there
// nearest the end, when the labels then keep endLabelPad between them:
// the distance between the two ticks is at least half the sum of the
// labels' widths (x) or heights (y) plus endLabelPad. It reports whether
// it labelled one, and then gives a its ticks as plot.ConstantTicks.
// Only the figure knows an axis' length: LogTicks cannot tell these cases
// apart by decades alone (0.3 decades hold two labels on 2021 Fig. 18's
// 271-point slowdown axis, 2k, but not on 2007's 166-point runtime axes),
// so it leaves ends of less than bareShare of the axis bare and the figure
// labels those that have room (500 on 2014 Figs 7 and 9's x axes, 0.7
// decades from 100; 500k on 2021 Fig. 3's, 20M on Fig. 12's y axis; 0.02
// and 50k on 2007 Fig. 9's y axes).
func labelLogEnd(a *plot.Axis, length vg.Length, vertical bool) bool {
	if _, ok := a.Scale.(plot.LogScale); !ok || !(a.Min > 0) || !(a.Max > a.Min) {
		return false
	}
	if _, ok := a.Tick.Marker.(LogTicks); !ok { // a builder's own ticks are left alone
		return false
	}
	ts := a.Tick.Marker.Ticks(a.Min, a.Max)
	in := func(v float64) bool { return v >= a.Min && v <= a.Max }
	first, last := -1, -1 // the outermost labelled ticks in range
	for i, t := range ts {
		if t.Label != "" && in(t.Value) {
			if first < 0 {
				first = i
			}
			last = i
		}
	}
	if first < 0 {
		return false
	}
	at := func(v float64) vg.Length { return vg.Length(math.Log10(v/a.Min)/math.Log10(a.Max/a.Min)) * length }
	size := func(s string) vg.Length {
		if vertical {
			return a.Tick.Label.Height(s)
		}
		return a.Tick.Label.Width(s)
	}
	// fits labels ts[i] when it lies far enough from the label ts[j].
	fits := func(i, j int) bool {
		l := TickLabel(ts[i].Value, ts[i].Value)
		d := at(ts[i].Value) - at(ts[j].Value)
		if d < 0 {
			d = -d
		}
		if d < (size(l)+size(ts[j].Label))/2+endLabelPad {
			return false
		}
		ts[i].Label = l
		return true
	}
	changed := false
	for i := 0; i < first; i++ { // the candidate nearest the bottom end
		if in(ts[i].Value) && ts[i].Label == "" && isTwoOrFive(ts[i].Value) {
			changed = fits(i, first)
			break
		}
	}
	for i := len(ts) - 1; i > last; i-- { // nearest the top end
		if in(ts[i].Value) && ts[i].Label == "" && isTwoOrFive(ts[i].Value) {
			changed = fits(i, last) || changed
			break
		}
	}
	if changed {
		a.Tick.Marker = plot.ConstantTicks(ts)
	}
	return changed
}

// endDecades is the widest log axis (in decades) whose partial end
// decades get a label (LogTicks): 0.7 of 4 decades is about 20 points of a
// small panel's data area, room for two labels; 2013 Fig. 11's CPU work
// axis (8 decades) had 0.0002 on top of 0.001.
const endDecades = 4

// logLadders are the round mantissas a short log axis is labelled with,
// coarsest first (LogTicks).
var logLadders = [][]float64{
	{1, 2, 3, 5},
	{1, 1.5, 2, 3, 4, 5, 6, 8},
	{1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8},
}

// ladderTicks returns the ticks of [min, max] on a log axis of the
// decades lo to hi: the unlabelled integer multiples of each power of ten,
// and the values of the ladder's mantissas labelled, each with its own
// unit as the powers are (300, 500, 1k).
func ladderTicks(min, max, lo, hi float64, ladder []float64) []plot.Tick {
	eps := 1e-9
	in := func(v float64) bool { return v >= min*(1-eps) && v <= max*(1+eps) }
	var ts []plot.Tick
	for e := lo; e <= hi; e++ {
		d := math.Pow(10, e)
		var ms []float64
		for m := 1.0; m <= 9; m++ {
			ms = append(ms, m)
		}
		ms = append(ms, ladder...)
		slices.Sort(ms)
		ms = slices.Compact(ms)
		for _, m := range ms {
			v := roundSig(m*d, 12)
			if !in(v) {
				continue
			}
			t := plot.Tick{Value: v}
			if slices.Contains(ladder, m) {
				t.Label = TickLabel(v, v)
			}
			ts = append(ts, t)
		}
	}
	return ts
}

// labelledCount is the number of ticks of ts with a label.
func labelledCount(ts []plot.Tick) int {
	n := 0
	for _, t := range ts {
		if t.Label != "" {
			n++
		}
	}
	return n
}

// stepTicks returns labelled ticks at the multiples of step in [min, max].
func stepTicks(min, max, step float64) []plot.Tick {
	var ts []plot.Tick
	for k := math.Ceil(min/step - 1e-9); k*step <= max+1e-9*step; k++ {
		v := roundSig(k*step, 12) // 0.6, not 0.6000000000000001
		if v == 0 {
			v = 0 // not −0
		}
		ts = append(ts, plot.Tick{Value: v, Label: "x"})
	}
	return relabel(ts)
}

// niceStep returns the smallest m·10^k ≥ raw for m in ms (ascending).
func niceStep(raw float64, ms []float64) float64 {
	if !(raw > 0) {
		return ms[0]
	}
	p := math.Pow(10, math.Floor(math.Log10(raw)))
	for {
		for _, m := range ms {
			if m*p >= raw*(1-1e-9) {
				return m * p
			}
		}
		p *= 10
	}
}

// relabel replaces the labels of the labelled ticks of ts by TickLabel
// with the suffix of the largest labelled value (none below 10,000 unless
// every label is a whole number of thousands).
func relabel(ts []plot.Tick) []plot.Tick {
	big := 0.0
	for _, t := range ts {
		if t.Label != "" {
			big = math.Max(big, math.Abs(t.Value))
		}
	}
	// Below 10,000 thousands are written in k only when every label is a
	// whole number of thousands (2k, 4k, 6k): 400, 800, 1200 read better
	// than 0.4k, 0.8k, 1.2k (2021 Fig. 17's throughput), and 500, 1000,
	// 1500 better than 0.5k, 1k, 1.5k.
	if big >= 1e3 && big < 1e4 {
		for _, t := range ts {
			if t.Label != "" && math.Abs(t.Value/1e3-math.Round(t.Value/1e3)) > 1e-9 {
				big = 999
				break
			}
		}
	}
	for i := range ts {
		if ts[i].Label != "" {
			ts[i].Label = TickLabel(ts[i].Value, big)
		}
	}
	return ts
}

// suffixes are the multipliers of large tick labels.
var suffixes = []struct {
	unit float64
	name string
}{{1e12, "T"}, {1e9, "G"}, {1e6, "M"}, {1e3, "k"}}

// TickLabel formats v as a tick label of an axis whose largest tick is
// big: the shortest decimal form (at most 6 significant digits, no
// trailing zeros), "−" for minus; when big ≥ 1000, in thousands (k),
// millions (M), billions (G) or trillions (T) of the largest such unit not
// above big (2k, 26k, 27.5k; 1M, 1.5M), so that no figure writes 8000 on
// one axis and 10k on the next; values below 0.00001 in e-notation (a log
// axis of notebook 07 read 5e−05 under 0.0001: down to that the decimal
// form reads at a glance, as its neighbours do). A log axis labels each
// power with its own unit (100, 1k, 10k).
func TickLabel(v, big float64) string {
	if v == 0 {
		return "0"
	}
	suffix := ""
	if big >= 1e3 {
		for _, s := range suffixes {
			if big >= s.unit {
				v /= s.unit
				suffix = s.name
				break
			}
		}
	}
	var s string
	if math.Abs(v) < smallestDecimal && suffix == "" {
		s = strconv.FormatFloat(v, 'g', 3, 64)
	} else {
		s = strconv.FormatFloat(roundSig(v, 6), 'f', -1, 64)
	}
	return strings.Replace(s, "-", "−", 1) + suffix
}

// smallestDecimal is the smallest magnitude TickLabel writes in decimal
// form (0.00001); below, e-notation (1e−06).
const smallestDecimal = 1e-5

// Pow2Ticks marks an axis whose values are log₂ of a count (Lublin &
// Feitelson's job sizes, drawn as the paper does in log₂): a tick at each
// integer k in range, labelled with the count 2^k itself (2, 4, …, 1024),
// so that a reader reads the sizes, not their logarithms.
type Pow2Ticks struct{}

// Ticks returns the ticks of [min, max] (log₂ values).
func (Pow2Ticks) Ticks(min, max float64) []plot.Tick {
	var ts []plot.Tick
	for k := math.Ceil(min); k <= math.Floor(max); k++ {
		ts = append(ts, plot.Tick{Value: k, Label: strconv.FormatFloat(math.Exp2(k), 'f', -1, 64)})
	}
	return ts
}

// roundSig rounds v to n significant digits (so that 0.30000000000000004
// prints as 0.3).
func roundSig(v float64, n int) float64 {
	if v == 0 || math.IsNaN(v) || math.IsInf(v, 0) {
		return v
	}
	e := math.Floor(math.Log10(math.Abs(v)))
	f := math.Pow(10, float64(n-1)-e)
	return math.Round(v*f) / f
}

// BareEnd is the most, in decades, an end of a logarithmic axis may lie
// from its nearest labelled tick (a factor of about 1.6): farther, the
// values there cannot be read off (2021 Fig. 18's slowdown axis from 1.12,
// labelled from 2 on).
const BareEnd = 0.2

// snapEnd is the most, in decades, SnapLogEnds moves an end of a log axis
// out (a factor of about 1.26, 1.5% of a three-decade axis).
const snapEnd = 0.1

// BareEnds returns how far, in decades, the ends of the logarithmic range
// [min, max] lie from their nearest labelled tick (LogTicks).
func BareEnds(min, max float64) (bottom, top float64) {
	bottom, top = math.Log10(max/min), math.Log10(max/min)
	for _, t := range (LogTicks{}).Ticks(min, max) {
		if t.Label != "" {
			bottom, top = math.Min(bottom, math.Log10(t.Value/min)), math.Min(top, math.Log10(max/t.Value))
		}
	}
	return max0(bottom), max0(top)
}

func max0(v float64) float64 { return math.Max(v, 0) }

// SnapLogEnds moves an end of a logarithmic axis lying more than BareEnd
// from its nearest labelled tick out to the nearest round value (1, 2 or 5
// times a power of ten) beyond it, when that is at most snapEnd away and
// labelled on the wider axis: 2021 Fig. 18's slowdown axis from 1.12,
// first labelled at 2, runs from 1, labelled. Other axes are left alone.
func SnapLogEnds(a *plot.Axis) {
	if _, ok := a.Scale.(plot.LogScale); !ok || !(a.Min > 0) || !(a.Max > a.Min) {
		return
	}
	labels := func(lo, hi, v float64) bool {
		for _, t := range (LogTicks{}).Ticks(lo, hi) {
			if t.Label != "" && math.Abs(t.Value/v-1) < 1e-9 {
				return true
			}
		}
		return false
	}
	if b, _ := BareEnds(a.Min, a.Max); b > BareEnd {
		if v := roundBelow(a.Min); math.Log10(a.Min/v) <= snapEnd && labels(v, a.Max, v) {
			a.Min = v
		}
	}
	if _, t := BareEnds(a.Min, a.Max); t > BareEnd {
		if v := roundAbove(a.Max); math.Log10(v/a.Max) <= snapEnd && labels(a.Min, v, v) {
			a.Max = v
		}
	}
}

// roundBelow returns the largest 1, 2 or 5 times a power of ten ≤ v (v > 0).
func roundBelow(v float64) float64 {
	p := math.Pow(10, math.Floor(math.Log10(v)))
	for _, m := range []float64{5, 2, 1} {
		if m*p <= v*(1+1e-12) {
			return roundSig(m*p, 12)
		}
	}
	return p
}

// roundAbove returns the smallest 1, 2 or 5 times a power of ten ≥ v (v > 0).
func roundAbove(v float64) float64 {
	p := math.Pow(10, math.Floor(math.Log10(v)))
	for _, m := range []float64{1, 2, 5, 10} {
		if m*p >= v*(1-1e-12) {
			return roundSig(m*p, 12)
		}
	}
	return 10 * p
}
