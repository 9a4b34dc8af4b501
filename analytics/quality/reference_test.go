package quality

import (
	"cmp"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strconv"
	"testing"
	"time"

	"pgregory.net/rapid"

	"github.com/tracelab/tracelab/datasets"
)

// refDuplicates is duplicate_job_id as first written: a map counting the
// rows of every job number (partial-execution records left out).
func refDuplicates(t *datasets.Trace, n int) (jobs int, examples []int) {
	seen := make(map[int]int, t.Len())
	for i, id := range t.JobID {
		if !datasets.IsPartialRecord(t.Status[i]) {
			seen[id]++
		}
	}
	for i, id := range t.JobID {
		if seen[id] > 1 && !datasets.IsPartialRecord(t.Status[i]) {
			jobs++
			if len(examples) < n {
				examples = append(examples, id)
			}
		}
	}
	return jobs, examples
}

// refOverCapacity is over_capacity's count, examples and detail as first
// written: the time above capacity before every step of the usage (a dense
// prefix sum).
func refOverCapacity(c *checker) (a Anomaly, ok bool) {
	t, m, u := c.t, c.r.Machine, c.t.InUse()
	over := make([]float64, len(u.Time))
	var above float64
	first := math.NaN()
	peak, peakAt := 0, 0.0
	for k := range u.Time {
		if k > 0 {
			over[k] = over[k-1]
			if u.Procs[k-1] > m.Procs {
				over[k] += u.Time[k] - u.Time[k-1]
			}
		}
		if u.Procs[k] > m.Procs {
			if math.IsNaN(first) {
				first = u.Time[k]
			}
			if u.Procs[k] > peak {
				peak, peakAt = u.Procs[k], u.Time[k]
			}
		}
	}
	if len(over) > 0 {
		above = over[len(over)-1]
	}
	if peak == 0 {
		return a, false
	}
	overBefore := func(x float64) float64 {
		k, _ := slices.BinarySearch(u.Time, x)
		if k == 0 {
			return 0
		}
		v := over[k-1]
		if u.Procs[k-1] > m.Procs {
			v += x - u.Time[k-1]
		}
		return v
	}
	a = Anomaly{Category: Erroneous, Kind: "over_capacity",
		Detail: fmt.Sprintf("the logged schedule holds up to %d processors (at %s), the machine has %d: "+
			"%.1f hours above 100%% utilisation from %s on; no job filter repairs it (replay with --procs %d, or "+
			"treat the period as erroneous)", peak, c.date(peakAt), m.Procs, above/3600, c.date(first), peak)}
	for i := range t.JobID {
		s, e := t.Start(i), t.End(i)
		if !(e > s) || t.JobProcs(i) <= 0 {
			continue
		}
		if overBefore(e)-overBefore(s) > 0 {
			a.Jobs++
			if s <= peakAt && peakAt < e && len(a.Examples) < c.n {
				a.Examples = append(a.Examples, t.JobID[i])
			}
		}
	}
	return a, true
}

// refMachineChange is machine_change as first written: the monthly peaks
// from the usage held (InUse).
func refMachineChange(c *checker) (a Anomaly, ok bool) {
	t, u := c.t, c.t.InUse()
	if len(u.Time) == 0 {
		return a, false
	}
	t0 := u.Time[0]
	nb := int((u.Time[len(u.Time)-1]-t0)/month) + 1
	if nb < 2*stepMonths || nb > 1<<20 {
		return a, false
	}
	ceiling := math.MaxInt
	if m := c.r.Machine; m.Rule == datasets.SizeHeaderMaxProcs || m.Rule == datasets.SizeHeaderMaxNodes {
		ceiling = m.Procs
	}
	peaks := make([]int, nb)
	for k, at := range u.Time {
		b := int((at - t0) / month)
		peaks[b] = max(peaks[b], min(u.Procs[k], ceiling))
	}
	bestK, bestR, bestMean := -1, 1.0, 0.0
	for k := stepMonths; k <= nb-stepMonths; k++ {
		before, after := nonZero(peaks[:k]), nonZero(peaks[k:])
		lo, hi := median(before), median(after)
		if lo <= 0 || hi <= 0 {
			continue
		}
		r, rm := math.Abs(math.Log(hi/lo)), math.Abs(math.Log(mean(after)/mean(before)))
		if r > math.Abs(math.Log(bestR)) || r == math.Abs(math.Log(bestR)) && rm > bestMean {
			bestK, bestR, bestMean = k, hi/lo, rm
		}
	}
	if bestK < 0 || (bestR < stepFactor && bestR > 1/stepFactor) {
		return a, false
	}
	at := t0 + float64(bestK)*month
	lo, hi := median(nonZero(peaks[:bestK])), median(nonZero(peaks[bestK:]))
	date := c.t.WallTime(at).Format(time.DateTime)
	a = Anomaly{Category: Configuration, Kind: "machine_change", Filter: "submit<" + date,
		Detail: fmt.Sprintf("the monthly peak of processors in use changes at %s: median %.0f before, %.0f after "+
			"(the machine grew or shrank, or part of it was not logged); the filter removes the period before", date, lo, hi)}
	for i := range t.JobID {
		if t.Submit[i] < at {
			a.Jobs++
			if len(a.Examples) < c.n {
				a.Examples = append(a.Examples, t.JobID[i])
			}
		}
	}
	return a, a.Jobs > 0
}

// TestCheckAgreesWithReference: duplicate_job_id (the low numbers held and
// counted, or a sorted copy; a set of the repeated numbers), over_capacity and machine_change (a sweep of the
// usage's steps, the steps above capacity held in blocks) report what the
// first, memory-hungrier code reported, on random logs with repeated
// numbers, partial records, machines from mostly idle to always full,
// spans of days to years with the jobs' width changing halfway, fractional
// times, and jobs out of submit order or with negative waits (the usage's
// events then held).
func TestCheckAgreesWithReference(t *testing.T) {
	t.Parallel()
	rapid.Check(t, func(rt *rapid.T) {
		n := rapid.IntRange(0, 300).Draw(rt, "n")
		ids := rapid.IntRange(1, 2*n+1).Draw(rt, "ids")
		tr := datasets.NewTrace("random", n)
		tr.Header.MaxProcs = rapid.IntRange(1, 300).Draw(rt, "machine")
		if rapid.IntRange(0, 4).Draw(rt, "no header") == 0 {
			tr.Header.MaxProcs = 0
		}
		maxGap := rapid.SampledFrom([]int{3600, 7 * 86400}).Draw(rt, "most gap")
		fractions := rapid.SampledFrom([]float64{0, 0.5, 0.1}).Draw(rt, "fractions")
		disorder := rapid.SampledFrom([]int{0, 10}).Draw(rt, "one in, out of order")
		widthStep := rapid.IntRange(1, 4).Draw(rt, "width factor after half")
		shuffled := rapid.SampledFrom([]int{3, 60}).Draw(rt, "one in, a random number")
		submit := 0.0
		for i := range n {
			submit += float64(rapid.IntRange(0, maxGap).Draw(rt, "gap")) + fractions
			id := i + 1
			if rapid.IntRange(0, shuffled).Draw(rt, "shuffled") == 0 {
				id = rapid.IntRange(1, ids).Draw(rt, "id")
			}
			sub, wait := submit, float64(rapid.IntRange(0, 7200).Draw(rt, "wait"))
			if disorder > 0 && rapid.IntRange(0, disorder).Draw(rt, "out of order") == 0 {
				sub -= float64(rapid.IntRange(0, 7200).Draw(rt, "early by"))
				wait = -wait * fractions
			}
			procs := rapid.IntRange(-1, 64).Draw(rt, "procs")
			if 2*i >= n && procs > 0 {
				procs *= widthStep
			}
			tr.Append(datasets.Job{JobID: id, Submit: sub, Wait: wait,
				Runtime: float64(rapid.IntRange(0, 20000).Draw(rt, "runtime")) * (1 + fractions), Procs: procs,
				CPUTime: math.NaN(), Mem: math.NaN(), ReqProcs: -1, ReqTime: math.NaN(), ReqMem: math.NaN(),
				Status: rapid.IntRange(-1, 5).Draw(rt, "status"), User: 1, Group: -1, App: -1, Queue: -1, Partition: -1,
				PrevJob: -1, ThinkTime: math.NaN()})
		}
		for _, examples := range []int{1, 5} {
			r, err := Check(tr, Options{Examples: examples})
			if err != nil {
				rt.Fatal(err)
			}
			jobs, ex := refDuplicates(tr, examples)
			if a, ok := find(r, "duplicate_job_id"); ok != (jobs > 0) || a.Jobs != jobs || !slices.Equal(a.Examples, ex) {
				rt.Fatalf("duplicate_job_id %v %+v, reference %d %v", ok, a, jobs, ex)
			}
			c := &checker{t: tr, n: examples, r: &Report{Machine: tr.Machine()}}
			want, wantOK := refOverCapacity(c)
			if a, ok := find(r, "over_capacity"); ok != wantOK || a.Jobs != want.Jobs || !slices.Equal(a.Examples, want.Examples) ||
				a.Detail != want.Detail {
				rt.Fatalf("over_capacity %v %+v, reference %v %+v", ok, a, wantOK, want)
			}
			want, wantOK = refMachineChange(c)
			if a, ok := find(r, "machine_change"); ok != wantOK || a.Jobs != want.Jobs || !slices.Equal(a.Examples, want.Examples) ||
				a.Detail != want.Detail || a.Filter != want.Filter {
				rt.Fatalf("machine_change %v %+v, reference %v %+v", ok, a, wantOK, want)
			}
		}
	})
}

// refDetectFlurries, refByUserThenSubmit and refOutsideLoggingPeriod are
// DetectFlurries and outsideLoggingPeriod as first written: the rows kept
// copied (8 bytes a job) before the counting sort by user (8 more), and
// every row's place in submit order and whether it is before or after the
// logging period held (9 bytes a job).
func refDetectFlurries(t *datasets.Trace, opts FlurryOptions) []Flurry {
	o := opts.withDefaults()
	rows := make([]int, 0, t.Len())
	for i, s := range t.Submit {
		if t.User[i] >= 0 && math.Abs(s) <= datasets.MaxTime { // the reader's range: a hand-made trace may hold 1e300
			rows = append(rows, i)
		}
	}
	if len(rows) == 0 {
		return nil
	}
	day := func(i int) int { return int(math.Floor(t.Submit[i] / datasets.Day)) }
	first, last := day(rows[0]), day(rows[0])
	for _, i := range rows {
		d := day(i)
		first, last = min(first, d), max(last, d)
	}
	if last-first > 1<<22 { // 11,000 years: a broken time column, not a log
		return nil
	}
	total := make([]int, last-first+1)
	for _, i := range rows {
		total[day(i)-first]++
	}
	logDay := median(slices.Clone(total))
	if logDay == 0 {
		logDay = 1
	}
	rows = refByUserThenSubmit(t, rows)
	type userDay struct{ day, jobs, from int } // from: position in rows
	var userDays []userDay
	var allCounts []int
	type span struct{ lo, hi int } // userDays of one user
	var users []span
	for k := 0; k < len(rows); {
		u := t.User[rows[k]]
		lo := len(userDays)
		for k < len(rows) && t.User[rows[k]] == u {
			d := day(rows[k])
			if n := len(userDays); n > lo && userDays[n-1].day == d {
				userDays[n-1].jobs++
			} else {
				userDays = append(userDays, userDay{day: d, jobs: 1, from: k})
			}
			k++
		}
		users = append(users, span{lo, len(userDays)})
	}
	for _, ud := range userDays {
		allCounts = append(allCounts, ud.jobs)
	}
	typical := median(allCounts)

	sorted := jobIDsFollowSubmit(t)
	var out []Flurry
	for _, us := range users {
		days := userDays[us.lo:us.hi]
		// Candidate burst days without the Ratio test.
		var cand []int
		for k, ud := range days {
			tot := float64(total[ud.day-first])
			if float64(ud.jobs) >= o.Share*tot && float64(ud.jobs) >= o.Spike*logDay {
				cand = append(cand, k)
			}
		}
		if len(cand) == 0 {
			continue
		}
		// Runs of candidates at most Gap quiet days apart.
		for a := 0; a < len(cand); {
			b := a
			for b+1 < len(cand) && days[cand[b+1]].day-days[cand[b]].day-1 <= o.Gap {
				b++
			}
			lo, hi := cand[a], cand[b] // positions in days
			var other []int
			for k, ud := range days {
				if k < lo || k > hi {
					other = append(other, ud.jobs)
				}
			}
			usual := typical
			if len(other) > 0 {
				usual = median(other)
			}
			f := Flurry{User: t.User[rows[days[lo].from]], Usual: usual, LogDay: logDay, jobIDsSorted: sorted}
			firstBurst, lastBurst := -1, -1
			for _, k := range cand[a : b+1] {
				if float64(days[k].jobs) >= o.Ratio*usual {
					f.BurstDays++
					f.PeakDay = max(f.PeakDay, days[k].jobs)
					if firstBurst < 0 {
						firstBurst = k
					}
					lastBurst = k
				}
			}
			a = b + 1
			if f.BurstDays == 0 {
				continue
			}
			from := days[firstBurst].from
			to := days[lastBurst].from + days[lastBurst].jobs - 1
			f.Jobs = to - from + 1
			if float64(f.Jobs) < o.Size*logDay {
				continue
			}
			fi, la := rows[from], rows[to]
			f.Begin, f.End = t.Submit[fi], t.Submit[la]
			f.FirstJob, f.LastJob = t.JobID[fi], t.JobID[la]
			all := 0
			for d := days[firstBurst].day; d <= days[lastBurst].day; d++ {
				all += total[d-first]
			}
			f.Share = float64(f.Jobs) / float64(all)
			out = append(out, f)
		}
	}
	slices.SortFunc(out, func(a, b Flurry) int {
		if c := cmp.Compare(a.Begin, b.Begin); c != 0 {
			return c
		}
		return a.User - b.User
	})
	return out
}
func refByUserThenSubmit(t *datasets.Trace, rows []int) []int {
	if !slices.IsSortedFunc(rows, func(a, b int) int { return cmp.Compare(t.Submit[a], t.Submit[b]) }) {
		slices.SortStableFunc(rows, func(a, b int) int { return cmp.Compare(t.Submit[a], t.Submit[b]) })
	}
	slot := map[int]int{} // user → dense index
	var users []int
	for _, i := range rows {
		if _, ok := slot[t.User[i]]; !ok {
			slot[t.User[i]] = 0
			users = append(users, t.User[i])
		}
	}
	slices.Sort(users)
	start := make([]int, len(users)+1)
	for k, u := range users {
		slot[u] = k
	}
	for _, i := range rows {
		start[slot[t.User[i]]+1]++
	}
	for k := range users {
		start[k+1] += start[k]
	}
	out := make([]int, len(rows))
	for _, i := range rows {
		k := slot[t.User[i]]
		out[start[k]] = i
		start[k]++
	}
	return out
}
func (c *checker) refOutsideLoggingPeriod() {
	t := c.t
	idx := make([]int, 0, t.Len())
	for i, s := range t.Submit {
		if !math.IsNaN(s) {
			idx = append(idx, i)
		}
	}
	slices.SortStableFunc(idx, func(a, b int) int { return cmp.Compare(t.Submit[a], t.Submit[b]) })
	n := len(idx)
	limit := int(leadShare * float64(n))
	lead := 0 // jobs before the last quiet gap among the first 1%
	for k := 1; k <= limit && k < n; k++ {
		if t.Submit[idx[k]]-t.Submit[idx[k-1]] >= quietGap {
			lead = k
		}
	}
	before := make([]bool, t.Len())
	for k := range idx {
		if k < lead || t.Submit[idx[k]] < 0 {
			before[idx[k]] = true
		}
	}
	sorted := jobIDsFollowSubmit(t)
	last := -1
	for k := range idx {
		if before[idx[k]] {
			last = k
		}
	}
	if last >= 0 {
		filter := "submit<0"
		if lead > 0 {
			filter = "submit<" + seconds(t.Submit[idx[lead]])
			if sorted {
				filter = "job<=" + strconv.Itoa(t.JobID[idx[last]])
			}
		}
		c.rows(Erroneous, "before_logging_period", filter,
			"submitted before the log's start, or separated from the rest of the log by a quiet gap of 14 days or more",
			func(i int) bool { return before[i] })
	}
	trail := n // first job after the first quiet gap among the last 1%
	for k := n - 1; k >= n-limit && k > 0; k-- {
		if t.Submit[idx[k]]-t.Submit[idx[k-1]] >= quietGap {
			trail = k
		}
	}
	if trail < n {
		after := make([]bool, t.Len())
		for _, i := range idx[trail:] {
			after[i] = true
		}
		filter := "submit>=" + seconds(t.Submit[idx[trail]])
		if sorted {
			filter = "job>=" + strconv.Itoa(t.JobID[idx[trail]])
		}
		c.rows(Erroneous, "after_logging_period", filter,
			"separated from the rest of the log by a quiet gap of 14 days or more at its end",
			func(i int) bool { return after[i] })
	}
}

// TestFlurriesAndLoggingPeriodAgreeWithReference: DetectFlurries (rows in
// int32, counting-sorted straight from the trace when it is in submit
// order) and before/after_logging_period (no copy of the rows for a log in
// submit order) find what the first code found, on random logs with bursts
// of one user, quiet gaps of two weeks and more, negative, unknown and
// unsorted submit times and users unknown.
func TestFlurriesAndLoggingPeriodAgreeWithReference(t *testing.T) {
	t.Parallel()
	rapid.Check(t, func(rt *rapid.T) {
		n := rapid.IntRange(0, 400).Draw(rt, "n")
		tr := datasets.NewTrace("random", n)
		users := rapid.IntRange(1, 6).Draw(rt, "users")
		maxGap := rapid.SampledFrom([]int{600, 7200}).Draw(rt, "most gap")
		quiet := rapid.SampledFrom([]int{0, 20}).Draw(rt, "one in, two weeks apart")
		disorder := rapid.SampledFrom([]int{0, 15}).Draw(rt, "one in, out of order")
		unknown := rapid.SampledFrom([]int{0, 40}).Draw(rt, "one in, unknown submit")
		submit := float64(rapid.SampledFrom([]int{0, -100000}).Draw(rt, "first submit"))
		burst, burstUser := 0, 0
		for i := range n {
			gap := float64(rapid.IntRange(0, maxGap).Draw(rt, "gap"))
			user := rapid.IntRange(-1, users-1).Draw(rt, "user")
			if burst == 0 && rapid.IntRange(0, 25).Draw(rt, "burst") == 0 {
				burst, burstUser = rapid.IntRange(20, 150).Draw(rt, "burst jobs"), user
			}
			if burst > 0 {
				burst--
				gap, user = float64(rapid.IntRange(0, 10).Draw(rt, "burst gap")), burstUser
			}
			oneIn := quiet
			if i <= n/100+1 || i >= n-n/100-1 { // among the first or last 1%
				oneIn = min(quiet, 2)
			}
			if quiet > 0 && rapid.IntRange(0, oneIn).Draw(rt, "quiet") == 0 {
				gap += float64(rapid.IntRange(14, 30).Draw(rt, "quiet days")) * datasets.Day
			}
			submit += gap
			sub := submit
			if disorder > 0 && rapid.IntRange(0, disorder).Draw(rt, "out of order") == 0 {
				sub -= float64(rapid.IntRange(0, 86400).Draw(rt, "early by"))
			}
			if unknown > 0 && rapid.IntRange(0, unknown).Draw(rt, "unknown") == 0 {
				sub = math.NaN()
			}
			j := datasets.UnknownJob()
			j.JobID, j.Submit, j.User, j.Wait, j.Runtime, j.Procs = i+1, sub, user, 0, 10, 1
			tr.Append(j)
		}
		opts := FlurryOptions{Size: rapid.SampledFrom([]float64{0, 1}).Draw(rt, "size"),
			Spike: rapid.SampledFrom([]float64{0, 0.5}).Draw(rt, "spike"), Ratio: rapid.SampledFrom([]float64{0, 2}).Draw(rt, "ratio")}
		if got, want := DetectFlurries(tr, opts), refDetectFlurries(tr, opts); !reflect.DeepEqual(got, want) {
			rt.Fatalf("flurries\n%+v\nreference\n%+v", got, want)
		}
		got, want := &checker{t: tr, n: 5, r: &Report{}}, &checker{t: tr, n: 5, r: &Report{}}
		got.outsideLoggingPeriod()
		want.refOutsideLoggingPeriod()
		if !reflect.DeepEqual(got.r.Anomalies, want.r.Anomalies) {
			rt.Fatalf("logging period\n%+v\nreference\n%+v", got.r.Anomalies, want.r.Anomalies)
		}
	})
}
