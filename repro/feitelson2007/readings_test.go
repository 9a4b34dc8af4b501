package feitelson2007

import (
	"math"
	"testing"
	"time"

	"github.com/tracelab/tracelab/analytics/locality"
	"github.com/tracelab/tracelab/datasets"
)

// TestLiteralSlicing: the reading of §3.1 step 2 read literally ("partition
// the log into d/t successive slices of t time each") cuts ⌊d/t⌋ whole
// 3-day slices from the first job, moved by Table 1's shift, and leaves out
// a slice that extends beyond the first or the last job. Reference: the
// slice starts worked by hand for jobs every 20 minutes from day 0.5 to
// day 10.9 (d = 10.4 days).
func TestLiteralSlicing(t *testing.T) {
	t.Parallel()
	literal := -1
	for k, rd := range jobReadings {
		if rd.slicing.Align == locality.AlignFirstJob && !rd.orderStat {
			literal = k
		}
	}
	if literal < 0 || jobReadings[literal].keep != nil || !jobReadings[literal].slicing.DropPartial {
		t.Fatalf("no reading of whole slices from the first job with every job: %+v", jobReadings)
	}
	var obs locality.Observations
	for x := 0.5 * datasets.Day; x <= 10.9*datasets.Day; x += 1200 {
		obs.Time = append(obs.Time, x)
		obs.Value = append(obs.Value, float64(len(obs.Value)%48))
	}
	cases := []struct {
		shift float64
		want  []float64 // slice starts, days
	}{
		{0, []float64{0.5, 3.5, 6.5}},
		{1, []float64{1.5, 4.5, 7.5}},
		{2, []float64{2.5, 5.5}}, // [8.5, 11.5) ends after the last job
	}
	for _, c := range cases {
		sl := jobReadings[literal].slicing
		sl.Shift = c.shift
		sr, err := locality.LocalityOfSampling(obs, locality.SamplingOptions{SkipBootstrap: true, Slicing: sl})
		if err != nil {
			t.Fatal(err)
		}
		if len(sr.Slices) != len(c.want) {
			t.Fatalf("shift %v: %d slices, want %d", c.shift, len(sr.Slices), len(c.want))
		}
		for i, s := range sr.Slices {
			if s.Start != c.want[i]*datasets.Day || s.End-s.Start != 3*datasets.Day {
				t.Errorf("shift %v, slice %d: [%v, %v) days, want [%v, %v)", c.shift, i, s.Start/datasets.Day, s.End/datasets.Day, c.want[i], c.want[i]+3)
			}
		}
		mx, md, err := jobReading(literal).measure(obs, c.shift)
		if err != nil || mx != sr.MMax || md != sr.MMed {
			t.Errorf("shift %v: measure gives %v, %v (%v), want %v, %v", c.shift, mx, md, err, sr.MMax, sr.MMed)
		}
	}
}

// TestOrderStatMed: §3.2's M'_med = m_(d/2t) read literally, the
// ⌊d/2t⌋-th smallest m_i of the usable slices with d/t every slice (values
// worked by hand).
func TestOrderStatMed(t *testing.T) {
	t.Parallel()
	sl := func(ms ...float64) []locality.Slice { // a negative m: an unusable slice
		var s []locality.Slice
		for _, m := range ms {
			s = append(s, locality.Slice{M: math.Abs(m), Usable: m >= 0})
		}
		return s
	}
	cases := []struct {
		name   string
		slices []locality.Slice
		want   float64
	}{
		{"four usable: the 2nd smallest", sl(0.4, 0.1, 0.3, 0.2), 0.2},
		{"five usable: the 2nd smallest (⌊5/2⌋)", sl(0.5, 0.1, 0.3, 0.2, 0.4), 0.2},
		{"an unusable slice counts in d/t only", sl(0.4, 0.1, -0.9, 0.3, 0.2, 0.5), 0.3},
		{"⌊d/2t⌋ beyond the usable: the largest", sl(0.1, -0.2, -0.3, -0.4, -0.5, -0.6), 0.1},
		{"one slice", sl(0.7), 0.7},
	}
	for _, c := range cases {
		if got := orderStatMed(c.slices); got != c.want {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
	if got := orderStatMed(sl(-0.1, -0.2)); !math.IsNaN(got) {
		t.Errorf("no usable slice: %v, want NaN", got)
	}
}

// TestWithoutJobs: the bound on M'_max of a version with k jobs fewer,
// worked by hand with r = 4 ranges and at least 2 expected jobs per range
// (a slice is usable from 8 jobs). A slice of 20 jobs with m = 0.2 has 8 in
// its fullest range (share 0.4 = 0.2·(3/4) + 1/4); without 4 other jobs it
// has 8 of 16 (share 0.5), m = (0.5 − 0.25)/0.75 = 1/3.
func TestWithoutJobs(t *testing.T) {
	t.Parallel()
	opts := locality.SamplingOptions{Ranges: 4, MinExpected: 2}
	cases := []struct {
		name   string
		slices []locality.Slice
		k      int
		want   float64
	}{
		{"one slice", []locality.Slice{{Jobs: 20, M: 0.2, Usable: true}}, 4, 1.0 / 3},
		{"no jobs removed", []locality.Slice{{Jobs: 20, M: 0.2, Usable: true}}, 0, 0.2},
		{"the slice would fall below usable", []locality.Slice{{Jobs: 20, M: 0.3, Usable: true}, {Jobs: 9, M: 0.2, Usable: true}}, 4, 0.3 + (0.3*0.75+0.25)*(20.0/16-1)/0.75},
		{"an unusable slice never counts", []locality.Slice{{Jobs: 20, M: 0.2, Usable: true}, {Jobs: 6, M: 0.9}}, 4, 1.0 / 3},
	}
	for _, c := range cases {
		sr := locality.SamplingResult{Options: opts, Slices: c.slices}
		for _, sl := range c.slices {
			if sl.Usable {
				sr.MMax = max(sr.MMax, sl.M)
			}
		}
		if got := withoutJobs(sr, c.k); math.Abs(got-c.want) > 1e-12 {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
}

// TestWithLackingJobs: with no job added the range is the log's own M'
// (both ends); jobs added before the first job enter the first slice, so
// 60 of one runtime (a sixth of the slice's 360) make its m_i, and with it
// M'_max, larger than any of a log of values spread evenly.
func TestWithLackingJobs(t *testing.T) {
	t.Parallel()
	var obs locality.Observations
	for x := 0.5 * datasets.Day; x <= 30*datasets.Day; x += 600 {
		obs.Time = append(obs.Time, x)
		obs.Value = append(obs.Value, float64((len(obs.Value)*7919)%1000))
	}
	own, err := locality.LocalityOfSampling(obs, locality.SamplingOptions{SkipBootstrap: true})
	if err != nil {
		t.Fatal(err)
	}
	none, err := withLackingJobs(obs, 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	if none[0] != [2]float64{own.MMax, own.MMax} || none[1] != [2]float64{own.MMed, own.MMed} {
		t.Errorf("no job added: %v, want M'_max %v and M'_med %v at both ends", none, own.MMax, own.MMed)
	}
	some, err := withLackingJobs(obs, 60, 0)
	if err != nil {
		t.Fatal(err)
	}
	if !(some[0][0] > own.MMax) || some[0][0] > some[0][1] || some[1][0] > some[1][1] {
		t.Errorf("60 jobs added: %v, want M'_max above %v and ordered ranges", some, own.MMax)
	}
}

// TestLogStartDay: the number since 1970 of the log's first whole local
// day, where the default slices begin (dayCut). Reference values worked by
// hand from the headers' UnixStartTime and §3's day cut (the fixed offset
// at the first job): LANL-CM5 781275672 at UTC−6 is 1994-10-04 07:01
// local, day 9042 since 1970, so its first whole day is 9043 (≡ 1 mod 3);
// SDSC-BLUE 956700003 at UTC−7 is 2000-04-25 15:00 local, day 11072, next
// 11073 (≡ 0: the 1970 phase's shift 0 on Table 1's log); SDSC-DS
// 1078605840 at UTC−8 is 2004-03-06 12:44 local, day 12483, next 12484
// (≡ 1). A log that starts at local midnight starts on that day.
func TestLogStartDay(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name  string
		epoch int64
		off   int // seconds east of UTC
		want  float64
	}{
		{"LANL-CM5", 781275672, -6 * 3600, 9043},
		{"SDSC-BLUE", 956700003, -7 * 3600, 11073},
		{"SDSC-DS", 1078605840, -8 * 3600, 12484},
		{"midnight UTC−8: that day", 12484*86400 + 8*3600, -8 * 3600, 12484},
		{"a second after it: the next day", 12484*86400 + 8*3600 + 1, -8 * 3600, 12485},
		{"time 0 at UTC−8 is 1969-12-31 16:00: first whole day 0", 0, -8 * 3600, 0},
		{"time 0 at UTC+8 is 1970-01-01 08:00: first whole day 1", 0, 8 * 3600, 1},
		{"a day before 1970 at local midnight: day −1", -86400 + 8*3600, -8 * 3600, -1},
	}
	for _, c := range cases {
		if got := logStartDay(c.epoch, time.FixedZone("", c.off)); got != c.want {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
	if got := logStartDay(86400+1, nil); got != 2 {
		t.Errorf("nil zone (UTC), a second after 1970-01-02 00:00: %v, want 2", got)
	}
}

// TestPaperSlicingOrigin: the default slices (paperSlicing) begin at the
// first midnight after the header's start, in the fixed offset the log's
// zone has at its first job, then every t days, whatever t (Figs 5 and 8
// keep the Shift and set Days). Worked by hand: SDSC-DS's header,
// 1078605840 = 2004-03-06 20:44 UTC = 12:44 at UTC−8, is 11 h 16 min
// (40560 s) before its first whole day; a log starting 23:30 at UTC+2 is
// 30 min (1800 s) before its; one starting at 00:00 local starts a slice
// there. Jobs every 20 minutes from log time 0 (the header's start) to
// 10.9 days: the first slice holds time 0 and ends at the first whole day
// (begins there when the log starts at midnight), the next ones follow t
// days apart.
func TestPaperSlicingOrigin(t *testing.T) {
	t.Parallel()
	ny, err := time.LoadLocation("America/New_York")
	if err != nil {
		t.Skip("no zone database:", err)
	}
	cases := []struct {
		name  string
		epoch int64
		loc   *time.Location
		days  float64
		first float64 // log time (s) of the first slice boundary ≥ 0
	}{
		{"SDSC-DS header, 12:44 at UTC−8", 1078605840, time.FixedZone("", -8*3600), 3, 40560},
		{"23:30 at UTC+2", 12484*86400 - 1800 - 2*3600, time.FixedZone("", 2*3600), 3, 1800},
		{"00:00 at UTC+2: that midnight", 12484*86400 - 2*3600, time.FixedZone("", 2*3600), 3, 0},
		{"7-day slices from 12:44 at UTC−8", 1078605840, time.FixedZone("", -8*3600), 7, 40560},
		// 2004-07-01 13:00 EDT (UTC−4, the offset at the first job, held):
		// 11 h before midnight.
		{"13:00 in New York in summer", 1088701200, ny, 3, 11 * 3600},
	}
	for _, c := range cases {
		obs := locality.Observations{Epoch: c.epoch, Location: c.loc}
		for x := 0.0; x <= 10.9*datasets.Day; x += 1200 {
			obs.Time = append(obs.Time, x)
			obs.Value = append(obs.Value, float64(len(obs.Value)%48))
		}
		sl := paperSlicing(obs)
		sl.Days = c.days
		sr, err := locality.LocalityOfSampling(obs, locality.SamplingOptions{SkipBootstrap: true, Slicing: sl})
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		start := c.first // the first slice's start: the first whole day, or t days before it
		if c.first > 0 {
			start -= c.days * datasets.Day
		}
		for i, s := range sr.Slices {
			if want := start + float64(i)*c.days*datasets.Day; math.Abs(s.Start-want) > 1e-6 {
				t.Errorf("%s: slice %d starts at log time %v s, want %v", c.name, i, s.Start, want)
			}
		}
	}
}

// TestEpochPhaseReading: our earlier default stays available as a reading:
// slices on the local days whose number since 1970 is 0 modulo 3. A log
// whose time 0 is 1970-01-02 06:00 UTC (epoch 108000 s, zone UTC; log
// time 0 is day 1.25 since 1970), jobs every 20 minutes from log time 0.25
// to 10.9 days: its first whole day is day 2, log time 0.75 days, where
// the default slices begin (0.75 + 3k days); the reading's begin on days
// 0, 3, 6, …, at log times −1.25 + 3k days (the last at 10.75).
func TestEpochPhaseReading(t *testing.T) {
	t.Parallel()
	k := -1
	for i, rd := range jobReadings {
		if rd.epochPhase {
			k = i
		}
	}
	if k < 0 || jobReadings[k].keep != nil || jobReadings[k].orderStat || !jobReading(k).moves("m_max") {
		t.Fatalf("no reading of slices on the days since 1970 with every job: %+v", jobReadings)
	}
	obs := locality.Observations{Epoch: 108000, Location: time.UTC}
	for x := 0.25 * datasets.Day; x <= 10.9*datasets.Day; x += 1200 {
		obs.Time = append(obs.Time, x)
		obs.Value = append(obs.Value, float64(len(obs.Value)%48))
	}
	for _, c := range []struct {
		name  string
		sl    locality.Slicing
		want  []float64 // slice starts, days of log time
		probe jobReading
	}{
		{"the default", paperSlicing(obs), []float64{-2.25, 0.75, 3.75, 6.75, 9.75}, -1},
		{"the reading", locality.Slicing{Location: time.UTC}, []float64{-1.25, 1.75, 4.75, 7.75, 10.75}, jobReading(k)},
	} {
		sr, err := locality.LocalityOfSampling(obs, locality.SamplingOptions{SkipBootstrap: true, Slicing: c.sl})
		if err != nil {
			t.Fatal(err)
		}
		if len(sr.Slices) != len(c.want) {
			t.Fatalf("%s: %d slices, want %d", c.name, len(sr.Slices), len(c.want))
		}
		for i, s := range sr.Slices {
			if math.Abs(s.Start-c.want[i]*datasets.Day) > 1e-6 {
				t.Errorf("%s: slice %d starts at %v days, want %v", c.name, i, s.Start/datasets.Day, c.want[i])
			}
		}
		if c.probe >= 0 {
			mx, md, err := c.probe.measure(obs, 0)
			if err != nil || mx != sr.MMax || md != sr.MMed {
				t.Errorf("%s: measure gives %v, %v (%v), want %v, %v", c.name, mx, md, err, sr.MMax, sr.MMed)
			}
		}
	}
}
