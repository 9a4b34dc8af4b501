package resample

import (
	"bytes"
	"math"
	"slices"
	"sort"
	"testing"
	"time"

	"pgregory.net/rapid"

	"github.com/tracelab/tracelab/datasets"
)

// synthetic returns a random log: users with streams of jobs whose gaps
// range from seconds to weeks, some active for a few weeks (temporary),
// some for most of the log (long-term), in a zone with or without
// daylight saving time.
func synthetic(rt *rapid.T) *datasets.Trace {
	zone := rapid.SampledFrom([]string{"UTC", "Europe/Stockholm", "US/Pacific", "Australia/Lord_Howe"}).Draw(rt, "zone")
	start := rapid.Int64Range(8e8, 1.6e9).Draw(rt, "unix_start")
	weeks := rapid.IntRange(20, 70).Draw(rt, "weeks")
	span := float64(weeks) * datasets.Week
	nu := rapid.IntRange(2, 14).Draw(rt, "users")
	type job struct {
		submit float64
		user   int
	}
	var jobs []job
	for u := range nu {
		long := rapid.Bool().Draw(rt, "long")
		first := rapid.Float64Range(0, span*0.9).Draw(rt, "first")
		act := rapid.Float64Range(0, 10*datasets.Week).Draw(rt, "activity")
		if long {
			first = rapid.Float64Range(0, min(span*0.3, span-14*datasets.Week)).Draw(rt, "first")
			act = rapid.Float64Range(13*datasets.Week, span-first).Draw(rt, "activity")
		}
		n := rapid.IntRange(1, 40).Draw(rt, "jobs")
		at := math.Floor(first)
		for k := range n {
			if k > 0 {
				gap := rapid.SampledFrom([]float64{0, 1, 37, 600, 3600, 5000, datasets.Day, 3 * datasets.Day, datasets.Week}).Draw(rt, "gap")
				at += gap + math.Floor(rapid.Float64Range(0, act/float64(n)).Draw(rt, "jitter"))
			}
			if at > span {
				break
			}
			jobs = append(jobs, job{at, u + 1})
		}
	}
	sort.SliceStable(jobs, func(a, b int) bool { return jobs[a].submit < jobs[b].submit })
	t := datasets.NewTrace("synthetic", len(jobs))
	t.Header.UnixStartTime = start
	t.Header.TimeZoneString = zone
	t.Header.MaxProcs = 64
	for i, j := range jobs {
		x := datasets.UnknownJob()
		x.JobID, x.Submit, x.User, x.Group = i+1, j.submit, j.user, j.user
		x.Wait = float64(rapid.IntRange(0, 5000).Draw(rt, "wait"))
		x.Runtime = float64(rapid.IntRange(0, 20000).Draw(rt, "runtime"))
		x.Procs = rapid.IntRange(1, 64).Draw(rt, "procs")
		x.ReqTime = x.Runtime + 60
		x.Status = 1
		t.Append(x)
	}
	return t
}

// checked is what checkResampled found.
type checked struct {
	clockMoved int // jobs whose local day/time differ from their source's
	gapMoved   int // consecutive same-cycle pairs whose interval differs
}

// checkResampled checks the invariants of a resampled log against its
// pools and returns the counts of DST-affected jobs (which the caller
// compares with the report).
func checkResampled(t testing.TB, p *Pools, r *Resampled) checked {
	t.Helper()
	tr, src := r.Trace, p.Trace
	if err := tr.Validate(); err != nil {
		t.Fatal(err)
	}
	if !tr.IsSortedBySubmit() {
		t.Fatal("resampled log not sorted by submit time")
	}
	loc := src.Location()
	u0 := src.Header.UnixStartTime
	_, off0 := time.Unix(u0, 0).In(loc).Zone()
	wall := func(x float64) time.Time {
		s := math.Floor(x)
		return time.Unix(u0+int64(s), int64((x-s)*1e9)).In(loc)
	}
	local := func(x float64) float64 {
		_, off := wall(x).Zone()
		return x + float64(off-off0)
	}
	if p.Options.Clock == Elapsed {
		local = func(x float64) float64 { return x }
	}
	var c checked
	byInst := make(map[int][]int)
	for i := range tr.JobID {
		if tr.JobID[i] != i+1 {
			t.Fatalf("job %d numbered %d", i, tr.JobID[i])
		}
		j := r.Source[i]
		eq := func(a, b float64) bool { return a == b || math.IsNaN(a) && math.IsNaN(b) }
		same := eq(tr.Wait[i], src.Wait[j]) && eq(tr.Runtime[i], src.Runtime[j]) && tr.Procs[i] == src.Procs[j] &&
			tr.Group[i] == src.Group[j] && tr.Status[i] == src.Status[j] && eq(tr.ReqTime[i], src.ReqTime[j]) &&
			eq(tr.CPUTime[i], src.CPUTime[j]) && eq(tr.Mem[i], src.Mem[j]) && tr.ReqProcs[i] == src.ReqProcs[j] &&
			eq(tr.ReqMem[i], src.ReqMem[j]) && tr.App[i] == src.App[j] && tr.Queue[i] == src.Queue[j] &&
			tr.Partition[i] == src.Partition[j] && eq(tr.ThinkTime[i], src.ThinkTime[j])
		if !same {
			t.Fatalf("job %d differs from its source row %d", i, j)
		}
		in := r.Instances[tr.User[i]-1]
		if in.ID != tr.User[i] || in.User != src.User[j] || in.Kind != r.Kind[i] {
			t.Fatalf("job %d: instance %+v, source user %d, kind %v", i, in, src.User[j], r.Kind[i])
		}
		a, b := wall(tr.Submit[i]), wall(src.Submit[j])
		if a.Weekday() != b.Weekday() || a.Hour() != b.Hour() || a.Minute() != b.Minute() || a.Second() != b.Second() {
			c.clockMoved++
		}
		byInst[tr.User[i]] = append(byInst[tr.User[i]], i)
	}
	w0 := p.local[0]
	length := float64(r.Options.Weeks) * datasets.Week
	if r.Options.Weeks == 0 {
		length = r.Options.Extend * p.Span()
	}
	total := 0
	for _, in := range r.Instances {
		var s Stream
		period := 0
		switch in.Kind {
		case LongTerm:
			s, period = p.LongTerm[in.Stream], in.Period
			want := max(p.SpanWeeks(), s.Weeks())
			switch r.Options.Regeneration {
			case RegenerateImmediately:
				want = s.Weeks()
			case RegenerateAfterCalendarWeeks:
				want = p.Weeks
			}
			if period != want {
				t.Fatalf("instance %+v: period %d, want %d", in, period, want)
			}
		case Temporary:
			s = p.Temporary[in.Stream]
		case Rare:
			s = p.Rare[in.Stream]
		}
		// The jobs the instance must have: per cycle, the stream's jobs
		// (from its phase week on, in the first cycle) whose moved local
		// time lies in the window.
		var want []int
		for cycle := 0; cycle < 1000; cycle++ {
			shift := float64(in.Shift+cycle*period) * datasets.Week
			for _, row := range s.Rows {
				if cycle == 0 && weekOf(p.local[row], p.origin) < in.Phase {
					continue
				}
				if l := p.local[row] + shift; l >= w0 && l <= w0+length {
					want = append(want, row)
				}
			}
			if period == 0 {
				break
			}
		}
		got := byInst[in.ID]
		if len(got) != len(want) || in.Jobs != len(want) {
			t.Fatalf("instance %+v: %d jobs, want %d", in, len(got), len(want))
		}
		for k, i := range got {
			if r.Source[i] != want[k] {
				t.Fatalf("instance %d: job %d is row %d, want %d (sequence changed)", in.ID, k, r.Source[i], want[k])
			}
			if k == 0 {
				continue
			}
			prev := got[k-1]
			jp, j := r.Source[prev], r.Source[i]
			if pos(s.Rows, j) != pos(s.Rows, jp)+1 {
				continue // a new cycle
			}
			if local(tr.Submit[i])-local(tr.Submit[prev]) != local(src.Submit[j])-local(src.Submit[jp]) {
				c.gapMoved++
			}
		}
		total += len(got)
	}
	if total != tr.Len() {
		t.Fatalf("instances hold %d jobs, the log %d", total, tr.Len())
	}
	rep := r.Report
	if rep.Jobs != tr.Len() || rep.LongTermJobs+rep.TemporaryJobs+rep.RareJobs != tr.Len() {
		t.Fatalf("report %+v for %d jobs", rep, tr.Len())
	}
	return c
}

func pos(rows []int, row int) int { return sort.SearchInts(rows, row) }

func TestGenerateInvariants(t *testing.T) {
	t.Parallel()
	rapid.Check(t, func(rt *rapid.T) {
		tr := synthetic(rt)
		clock := rapid.SampledFrom([]Clock{WallClock, Elapsed}).Draw(rt, "clock")
		p, err := NewPools(tr, PoolOptions{Clock: clock})
		if err != nil {
			rt.Fatal(err)
		}
		o := Options{Seed: rapid.Uint64().Draw(rt, "seed"),
			Load:               rapid.SampledFrom([]float64{0, 0.5, 1, 2.5}).Draw(rt, "load"),
			LongTermStart:      rapid.SampledFrom([]LongTermStart{StartInCommonWeek, StartInCycle, StartInActivity}).Draw(rt, "start"),
			LongTermSelection:  rapid.SampledFrom([]LongTermSelection{EachLongTermUser, LongTermWithReplacement}).Draw(rt, "selection"),
			Regeneration:       rapid.SampledFrom([]Regeneration{RegenerateAfterSpan, RegenerateAfterCalendarWeeks, RegenerateImmediately}).Draw(rt, "regeneration"),
			InitialTemporaries: rapid.SampledFrom([]InitialTemporaries{InitialByPresence, InitialByActiveWeeks, InitialUniform}).Draw(rt, "initial"),
			ArrivalCount:       rapid.SampledFrom([]ArrivalCount{BinomialArrivals, PoissonArrivals, FixedArrivals}).Draw(rt, "count"),
			Arrivals:           rapid.SampledFrom([]Weighting{Uniform, ByWeeks}).Draw(rt, "arrivals")}
		if rapid.Bool().Draw(rt, "weeks") {
			o.Weeks = rapid.IntRange(1, 150).Draw(rt, "n")
		} else {
			o.Extend = rapid.Float64Range(0.1, 4).Draw(rt, "extend")
		}
		if o.Load*float64(len(p.Temporary))/float64(p.Weeks) > float64(len(p.Temporary)) {
			o.NoArrivals = true
		}
		r, err := p.Generate(o)
		if err != nil {
			rt.Fatal(err)
		}
		c := checkResampled(t, p, r)
		rep := r.Report
		// Every job keeps its local day and time, and every interval
		// between a user's consecutive jobs is kept (in wall-clock time;
		// in elapsed seconds with the Elapsed clock), except the jobs the
		// report says daylight saving time moved.
		if clock == WallClock || tr.Header.TimeZoneString == "UTC" {
			if c.clockMoved > rep.DSTGap+rep.DSTOrder {
				rt.Fatalf("%d jobs changed local day or time, report %+v", c.clockMoved, rep)
			}
		}
		if c.gapMoved > 2*(rep.DSTGap+rep.DSTOrder) {
			rt.Fatalf("%d intervals changed, report %+v", c.gapMoved, rep)
		}
		if clock == Elapsed && (rep.DSTGap != 0 || rep.DSTOrder != 0 || c.gapMoved != 0) {
			rt.Fatalf("elapsed clock: %d intervals changed, report %+v", c.gapMoved, rep)
		}
		// All long-term users are used before any is replicated (unless
		// drawn with replacement), and all start in one week of the log
		// with StartInCommonWeek.
		uses := make([]int, len(p.LongTerm))
		for _, in := range r.Instances {
			if in.Kind == LongTerm {
				uses[in.Stream]++
			}
		}
		// A user's starting week is the common week modulo its period.
		common := map[int]map[int]bool{} // period → phases mod period
		for _, in := range r.Instances {
			if in.Kind == LongTerm && in.Copy == 0 {
				if common[in.Period] == nil {
					common[in.Period] = map[int]bool{}
				}
				common[in.Period][in.Phase%in.Period] = true
			}
		}
		for period, phases := range common {
			if o.LongTermStart == StartInCommonWeek && len(phases) > 1 {
				rt.Fatalf("long-term users of period %d start in weeks %v of their cycles, want one", period, phases)
			}
		}
		if n := len(p.LongTerm); n > 0 && o.LongTermSelection == EachLongTermUser {
			want := r.Options.LongTermUsers
			sum := 0
			for _, u := range uses {
				sum += u
				if u != want/n && u != want/n+1 {
					rt.Fatalf("long-term use counts %v for %d users", uses, want)
				}
			}
			if sum != want || want != int(math.Round(r.Options.Load*float64(n))) {
				rt.Fatalf("%d long-term instances, want round(%v × %d)", sum, r.Options.Load, n)
			}
		}
		// The same seed gives the same log.
		again, err := p.Generate(o)
		if err != nil {
			rt.Fatal(err)
		}
		if !bytes.Equal(swf(t, r.Trace), swf(t, again.Trace)) || !slices.Equal(r.Source, again.Source) {
			rt.Fatal("same seed, different logs")
		}
	})
}

func swf(t testing.TB, tr *datasets.Trace) []byte {
	var b bytes.Buffer
	if err := datasets.WriteSWF(&b, tr); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestGenerateDST places a user's jobs at 02:30 local time every day for a
// year in Stockholm: the day clocks go forward has no 02:30, the day they
// go back has two. Every other job must keep its day and time, and every
// job must be accounted for.
func TestGenerateDST(t *testing.T) {
	t.Parallel()
	loc := mustZone(t, "Europe/Stockholm")
	start := time.Date(1996, 9, 23, 0, 0, 0, 0, loc).Unix()
	tr := datasets.NewTrace("dst", 0)
	tr.Header.UnixStartTime = start
	tr.Header.TimeZoneString = "Europe/Stockholm"
	tr.Header.MaxProcs = 8
	id := 0
	add := func(user int, at time.Time) {
		id++
		j := datasets.UnknownJob()
		j.JobID, j.Submit, j.User, j.Runtime, j.Procs, j.Wait = id, float64(at.Unix()-start), user, 60, 1, 0
		tr.Append(j)
	}
	for d := range 364 {
		day := time.Date(1996, 9, 23+d, 2, 30, 0, 0, loc)
		add(1, day)
		if d%3 == 0 {
			add(2, time.Date(1996, 9, 23+d, 14, 0, 0, 0, loc))
		}
	}
	tr = tr.SortBySubmit()
	p, err := NewPools(tr, PoolOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(p.LongTerm) != 2 {
		t.Fatalf("%d long-term users, want 2", len(p.LongTerm))
	}
	gaps := 0
	for seed := range uint64(20) {
		r, err := p.Generate(Options{Seed: seed, Extend: 3})
		if err != nil {
			t.Fatal(err)
		}
		c := checkResampled(t, p, r)
		if c.clockMoved != r.Report.DSTGap {
			t.Errorf("seed %d: %d jobs moved, %d reported in DST gaps", seed, c.clockMoved, r.Report.DSTGap)
		}
		gaps += r.Report.DSTGap
		for i := range r.Trace.JobID {
			w := r.Trace.WallTime(r.Trace.Submit[i])
			want := 2
			if r.Kind[i] == LongTerm && r.Instances[r.Trace.User[i]-1].User == 2 {
				want = 14
			}
			if w.Hour() != want && !(want == 2 && w.Hour() == 3) {
				t.Fatalf("seed %d: job %d at %v", seed, i, w)
			}
		}
	}
	if gaps == 0 {
		t.Error("no job ever landed in a daylight-saving gap")
	}
}

// TestGenerateFold gives a user two jobs in the hour that happens twice
// when clocks go back: 02:30 summer time, then 02:10 winter time, 40
// minutes later. Moved to an ordinary day, the second would come first;
// the generator keeps the user's order and reports the move.
func TestGenerateFold(t *testing.T) {
	t.Parallel()
	loc := mustZone(t, "Europe/Stockholm")
	start := time.Date(1996, 9, 23, 0, 0, 0, 0, loc).Unix()
	tr := datasets.NewTrace("fold", 0)
	tr.Header.UnixStartTime = start
	tr.Header.TimeZoneString = "Europe/Stockholm"
	tr.Header.MaxProcs = 8
	var at []int64
	for d := range 364 {
		at = append(at, time.Date(1996, 9, 23+d, 12, 0, 0, 0, loc).Unix())
	}
	a := time.Date(1996, 10, 27, 0, 30, 0, 0, time.UTC).Unix() // 02:30 CEST
	at = append(at, a, a+40*60)                                // 02:10 CET
	slices.Sort(at)
	for i, x := range at {
		j := datasets.UnknownJob()
		j.JobID, j.Submit, j.User, j.Runtime, j.Procs, j.Wait = i+1, float64(x-start), 1, 60, 1, 0
		tr.Append(j)
	}
	p, err := NewPools(tr, PoolOptions{})
	if err != nil {
		t.Fatal(err)
	}
	moved := 0
	for seed := range uint64(10) {
		r, err := p.Generate(Options{Seed: seed, Extend: 2})
		if err != nil {
			t.Fatal(err)
		}
		checkResampled(t, p, r)
		moved += r.Report.DSTOrder
	}
	if moved == 0 {
		t.Error("the fold never reordered a user's jobs")
	}
}
