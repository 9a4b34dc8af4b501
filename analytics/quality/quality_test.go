package quality

import (
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/datasets/datasetstest"
)

// base returns a clean log: 400 jobs of users 1–4, one every 30 minutes,
// each waiting 60 s and running 600 s on 4 of 64 processors, every field
// known and consistent.
func base() *datasets.Trace {
	tr := datasets.NewTrace("clean", 400)
	tr.Header.MaxProcs = 64
	for i := range 400 {
		tr.Append(datasets.Job{JobID: i + 1, Submit: float64(i) * 1800, Wait: 60, Runtime: 600, Procs: 4,
			CPUTime: 500, Mem: 1000, ReqProcs: 4, ReqTime: 900, ReqMem: 2000, Status: 1, User: 1 + i%4,
			Group: 1, App: 1 + i%3, Queue: 1, Partition: 1, PrevJob: -1, ThinkTime: math.NaN()})
	}
	return tr
}

func find(r *Report, kind string) (Anomaly, bool) {
	for _, a := range r.Anomalies {
		if a.Kind == kind {
			return a, true
		}
	}
	return Anomaly{}, false
}

// TestCheckClasses plants each anomaly in the clean log and checks that
// Check finds exactly those jobs, with the filter that removes them.
func TestCheckClasses(t *testing.T) {
	t.Parallel()
	if r, err := Check(base(), Options{}); err != nil || len(r.Anomalies) != 0 {
		t.Fatalf("clean log: %v %+v", err, r)
	}
	cases := []struct {
		kind     string
		plant    func(tr *datasets.Trace)
		jobs     int
		examples []int
		filter   string
	}{
		{"missing_runtime", func(tr *datasets.Trace) { tr.Runtime[4], tr.Runtime[9] = math.NaN(), math.NaN() },
			2, []int{5, 10}, "runtime=-1"},
		{"missing_user", func(tr *datasets.Trace) {
			for i := range tr.User {
				tr.User[i] = -1
			}
		}, 400, nil, ""},
		{"cpu_above_runtime", func(tr *datasets.Trace) { tr.CPUTime[2], tr.CPUTime[3] = 700, 601 }, 1, []int{3}, "cpu_time>runtime"},
		{"runtime_above_request", func(tr *datasets.Trace) { tr.ReqTime[7] = 599 }, 1, []int{8}, "runtime>req_time"},
		{"procs_above_machine", func(tr *datasets.Trace) { tr.Procs[10] = 65 }, 1, []int{11}, "procs>64 or req_procs>64"},
		{"negative_value", func(tr *datasets.Trace) { tr.Wait[1] = -5 }, 1, []int{2}, "wait<0 or runtime<0 or cpu_time<0 or mem<0 or procs<-1"},
		{"status_nonstandard", func(tr *datasets.Trace) { tr.Status[0], tr.Status[1] = 265, -4 }, 2, []int{1, 2}, "status<-1 or status>5"},
		{"duplicate_job_id", func(tr *datasets.Trace) { tr.JobID[5] = 5 }, 2, []int{5, 5}, ""},
		// Jobs 100 and 101 stretched to overlap a 60-processor job 102:
		// 4 + 4 + 60 > 64 while all three run.
		{"over_capacity", func(tr *datasets.Trace) {
			tr.Runtime[99], tr.Runtime[100], tr.Procs[101] = 5000, 5000, 60
		}, 3, []int{100, 101, 102}, ""},
		// Three records a month before the rest (400 jobs: at most 1% = 4).
		{"before_logging_period", func(tr *datasets.Trace) {
			for i := 3; i < tr.Len(); i++ {
				tr.Submit[i] += 30 * datasets.Day
			}
		}, 3, []int{1, 2, 3}, "job<=3"},
		{"after_logging_period", func(tr *datasets.Trace) { tr.Submit[399] += 20 * datasets.Day }, 1, []int{400}, "job>=400"},
		// Queue 2 opens three quarters into the log.
		{"queue_change", func(tr *datasets.Trace) {
			for i := 300; i < 400; i += 2 {
				tr.Queue[i] = 2
			}
		}, 50, []int{301, 303, 305, 307, 309}, "queue=2"},
	}
	for _, c := range cases {
		tr := base()
		c.plant(tr)
		r, err := Check(tr, Options{})
		if err != nil {
			t.Fatal(err)
		}
		a, ok := find(r, c.kind)
		if !ok || a.Jobs != c.jobs || !slices.Equal(a.Examples, c.examples) || a.Filter != c.filter {
			t.Errorf("%s: found %v %+v, want %d jobs %v filter %q", c.kind, ok, a, c.jobs, c.examples, c.filter)
		}
	}
}

// TestCheckReaderWarnings: what the reader alone saw (a negative runtime
// it made unknown, zero processors) is in the report, with its count.
func TestCheckReaderWarnings(t *testing.T) {
	t.Parallel()
	swf := "; MaxProcs: 8\n" +
		"1 0 0 -5 2 -1 -1 2 100 -1 1 1 1 -1 -1 -1 -1 -1\n" +
		"2 10 0 50 0 -1 -1 2 100 -1 1 1 1 -1 -1 -1 -1 -1\n" +
		"3 20 0 50 2 -1 -1 2 100 -1 1 1 1 -1 -1 -1 -1 -1\n"
	tr, err := datasets.Read(strings.NewReader(swf), datasets.ReadOptions{Name: "warned"})
	if err != nil {
		t.Fatal(err)
	}
	r, err := Check(tr, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []struct {
		kind, filter string
		example      int
	}{{"negative_value_runtime", "", 1}, {"zero_procs_procs", "procs=0", 2}} {
		a, ok := find(r, want.kind)
		if !ok || a.Jobs != 1 || a.Filter != want.filter || !slices.Equal(a.Examples, []int{want.example}) {
			t.Errorf("%s: %v %+v", want.kind, ok, a)
		}
	}
}

// TestMachineChange: a machine that doubles after four months.
func TestMachineChange(t *testing.T) {
	t.Parallel()
	tr := datasets.NewTrace("grows", 0)
	for i := range 10 * 30 {
		p := 50
		if i >= 4*30 {
			p = 100
		}
		j := datasets.UnknownJob()
		j.JobID, j.User, j.Submit, j.Wait, j.Runtime, j.Procs = i+1, 1, float64(i)*datasets.Day, 0, datasets.Day/2, p
		tr.Append(j)
	}
	r, err := Check(tr, Options{})
	if err != nil {
		t.Fatal(err)
	}
	a, ok := find(r, "machine_change")
	if !ok || a.Jobs != 120 || a.Filter != "submit<1970-05-01 00:00:00" {
		t.Errorf("machine_change %v %+v, want the first 120 jobs", ok, a)
	}
}

// flurryLog returns the clean log with user 9 adding n jobs, one every
// 20 s, from day 5 on: a flurry as CTC-SP2 user 135's (2,080 jobs, nearly
// all in one day), on top of the user's usual 2 jobs a day.
func flurryLog(n int) *datasets.Trace {
	tr := base()
	id := 1000
	add := func(s float64) {
		j := tr.Job(0)
		j.JobID, j.User, j.Submit = id, 9, s
		tr.Append(j)
		id++
	}
	for d := range 8 {
		add(float64(d)*datasets.Day + 3600)
		add(float64(d)*datasets.Day + 7200)
	}
	for k := range n {
		add(5*datasets.Day + 10000 + float64(k)*20)
	}
	return tr.SortBySubmit()
}

func TestDetectFlurries(t *testing.T) {
	t.Parallel()
	tr := flurryLog(1000)
	fl := DetectFlurries(tr, FlurryOptions{})
	if len(fl) != 1 {
		t.Fatalf("flurries %+v, want one", fl)
	}
	f := fl[0]
	// The flurry holds the user's jobs of day 5: 2 usual ones and 1000.
	if f.User != 9 || f.Jobs != 1002 || f.BurstDays != 1 || f.Begin != 5*datasets.Day+3600 || f.End != 5*datasets.Day+10000+999*20 ||
		f.Usual != 2 || f.LogDay != 48+2 {
		t.Errorf("flurry %+v", f)
	}
	if got, want := f.RB(), "9:435600:461980"; got != want {
		t.Errorf("RB = %q, want %q", got, want)
	}
	// Too small (under 5 median days of 50 jobs) or not dominating: none.
	for _, n := range []int{200, 40} {
		if fl := DetectFlurries(flurryLog(n), FlurryOptions{}); len(fl) != 0 {
			t.Errorf("%d jobs: flurries %+v, want none", n, fl)
		}
	}
}

// TestDetectFlurriesOrder: the flurries do not depend on the row order.
func TestDetectFlurriesOrder(t *testing.T) {
	t.Parallel()
	rapid.Check(t, func(rt *rapid.T) {
		tr := flurryLog(rapid.IntRange(0, 1500).Draw(rt, "n"))
		want := DetectFlurries(tr, FlurryOptions{})
		perm := rand.New(rand.NewPCG(rapid.Uint64().Draw(rt, "seed"), 2)).Perm(tr.Len())
		got := DetectFlurries(tr.Select(perm), FlurryOptions{})
		if len(got) != len(want) {
			rt.Fatalf("shuffled: %d flurries, want %d", len(got), len(want))
		}
		for k := range got {
			g, w := got[k], want[k]
			if g.User != w.User || g.Jobs != w.Jobs || g.Begin != w.Begin || g.End != w.End || g.PeakDay != w.PeakDay {
				rt.Fatalf("shuffled: %+v, want %+v", g, w)
			}
		}
	})
}

// TestFlurryHPC2N: the cleaned HPC2N log still holds user 171's flurry
// (2,418 jobs on one day, 98% of that day's jobs), which the archive's
// filters left in.
func TestFlurryHPC2N(t *testing.T) {
	t.Parallel()
	tr := datasetstest.Load(t, "HPC2N")
	var found bool
	for _, f := range DetectFlurries(tr, FlurryOptions{}) {
		if f.User == 171 && f.PeakDay == 2418 {
			found = true
			if f.Filter() != "user=171 and (job>=443113 and job<=445532)" || f.Share < 0.95 {
				t.Errorf("user 171: %+v, filter %s", f, f.Filter())
			}
		}
	}
	if !found {
		t.Error("HPC2N user 171's flurry not found")
	}
}

// TestInjectedFlurry: a flurry of the size of those the archive removed
// (SDSC-SP2 user 328: 452 jobs), put back into the cleaned SDSC-SP2 log as
// a new user's day, is found with its exact job range.
func TestInjectedFlurry(t *testing.T) {
	t.Parallel()
	src := datasetstest.Load(t, "SDSC-SP2")
	tr := src.Clone()
	at := 300 * datasets.Day
	for k := range 452 {
		j := tr.Job(0)
		j.JobID, j.User, j.Submit = 1_000_000+k, 9999, at+float64(k)*60
		tr.Append(j)
	}
	var found bool
	for _, f := range DetectFlurries(tr, FlurryOptions{}) {
		if f.User == 9999 {
			found = true
			if f.Jobs != 452 || f.Begin != at || f.FirstJob != 1_000_000 || f.LastJob != 1_000_451 {
				t.Errorf("injected flurry %+v", f)
			}
		}
	}
	if !found {
		t.Error("injected flurry not found")
	}
}

// Zero options take their defaults; negative ones are errors (Check) or a
// programmer's error (DetectFlurries panics).
func TestNegativeOptions(t *testing.T) {
	t.Parallel()
	tr := datasets.Sample()
	if _, err := Check(tr, Options{Examples: -1}); err == nil {
		t.Error("Check with Examples −1: no error")
	}
	for _, o := range []FlurryOptions{{Share: -1}, {Spike: -1}, {Ratio: -1}, {Size: -1}, {Gap: -1}} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("DetectFlurries(%+v) did not panic", o)
				}
			}()
			DetectFlurries(tr, o)
		}()
	}
	// Two burst days of user 9 with one quiet day between (days 5 and 7):
	// one flurry with the default gap of 2 quiet days, two with NoGap.
	two := flurryLog(1000)
	for k := range 1000 {
		j := two.Job(0)
		j.JobID, j.User, j.Submit = 5000+k, 9, 7*datasets.Day+10000+float64(k)*20
		two.Append(j)
	}
	two = two.SortBySubmit()
	if fl := DetectFlurries(two, FlurryOptions{}); len(fl) != 1 || fl[0].BurstDays != 2 {
		t.Errorf("gap 2: flurries %+v, want one of 2 burst days", fl)
	}
	if fl := DetectFlurries(two, FlurryOptions{NoGap: true}); len(fl) != 2 {
		t.Errorf("NoGap: flurries %+v, want two", fl)
	}
}

// TestFrames: one row per anomaly and per flurry, columns as documented.
func TestFrames(t *testing.T) {
	t.Parallel()
	r, err := Check(flurryLog(1000), Options{})
	if err != nil {
		t.Fatal(err)
	}
	df := r.Frame()
	if got := strings.Join(df.Names(), ","); got != "category,kind,jobs,share,examples,filter,detail" || df.Nrow() != len(r.Anomalies) {
		t.Errorf("Frame: %s, %d rows for %d anomalies", got, df.Nrow(), len(r.Anomalies))
	}
	ff := r.FlurriesFrame()
	want := "user,begin,end,first_job,last_job,jobs,burst_days,share,peak_day,usual,log_day,filter,rb"
	if got := strings.Join(ff.Names(), ","); got != want || ff.Nrow() != 1 || ff.Col("rb").Records()[0] != r.Flurries[0].RB() {
		t.Errorf("FlurriesFrame: %s, %d rows", got, ff.Nrow())
	}
}
