package resample

import (
	"math"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tracelab/tracelab/analytics/users"
	"github.com/tracelab/tracelab/datasets"
)

// smallLog is a 30-week log in UTC starting on a Monday: user 1 is
// long-term (weeks 0–19, with a burst of 50 jobs in week 10), user 2
// temporary (weeks 8–10), user 3 temporary but discarded (week 0 only),
// user 4 temporary (weeks 15–16), user 5 long-term (weeks 2–29).
func smallLog() *datasets.Trace {
	start := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC).Unix() // a Monday
	tr := datasets.NewTrace("small", 0)
	tr.Header.UnixStartTime = start
	tr.Header.TimeZoneString = "UTC"
	tr.Header.MaxProcs = 16
	type job struct {
		at   float64
		user int
	}
	var jobs []job
	for w := 0; w < 20; w++ {
		jobs = append(jobs, job{float64(w)*datasets.Week + 10*3600, 1})
	}
	for k := range 50 {
		jobs = append(jobs, job{10*datasets.Week + 2*datasets.Day + float64(k)*60, 1})
	}
	for w := 8; w <= 10; w++ {
		jobs = append(jobs, job{float64(w)*datasets.Week + datasets.Day + 9*3600, 2})
	}
	jobs = append(jobs, job{datasets.Day, 3}, job{2 * datasets.Day, 3})
	jobs = append(jobs, job{15*datasets.Week + 3*datasets.Day, 4}, job{16*datasets.Week + 3*datasets.Day, 4})
	for w := 2; w < 30; w++ {
		jobs = append(jobs, job{float64(w)*datasets.Week + 4*datasets.Day + 15*3600, 5})
	}
	for i, j := range jobs {
		x := datasets.UnknownJob()
		x.JobID, x.Submit, x.User = i+1, j.at, j.user
		x.Wait, x.Runtime, x.Procs, x.ReqTime, x.Status = 0, 100, 2, 200, 1
		tr.Append(x)
	}
	return tr.SortBySubmit()
}

func TestNewPools(t *testing.T) {
	t.Parallel()
	tr := smallLog()
	burst := RarePeriod{User: 1, Begin: 10*datasets.Week + 2*datasets.Day, End: 10*datasets.Week + 3*datasets.Day}
	p, err := NewPools(tr, PoolOptions{Rare: []RarePeriod{burst}})
	if err != nil {
		t.Fatal(err)
	}
	if p.Weeks != 30 {
		t.Errorf("Weeks %d, want 30", p.Weeks)
	}
	kinds := map[Kind][]int{}
	for _, s := range p.Streams() {
		kinds[s.Kind] = append(kinds[s.Kind], s.User)
	}
	if got := kinds[LongTerm]; len(got) != 2 || got[0] != 1 || got[1] != 5 {
		t.Errorf("long-term users %v, want [1 5]", got)
	}
	if got := kinds[Temporary]; len(got) != 2 || got[0] != 2 || got[1] != 4 {
		t.Errorf("temporary users %v, want [2 4]", got)
	}
	if p.DiscardedUsers != 1 || p.DiscardedJobs != 2 {
		t.Errorf("discarded %d users %d jobs, want 1 and 2", p.DiscardedUsers, p.DiscardedJobs)
	}
	if len(p.Rare) != 1 || p.Rare[0].Jobs() != 50 || p.Rare[0].FirstWeek != 10 || p.Rare[0].LastWeek != 10 {
		t.Fatalf("rare pool %+v", p.Rare)
	}
	// The burst left user 1's stream: 20 weekly jobs remain.
	if p.LongTerm[0].Jobs() != 20 || p.LongTerm[0].FirstWeek != 0 || p.LongTerm[0].LastWeek != 19 {
		t.Errorf("user 1's stream: %d jobs, weeks %d–%d", p.LongTerm[0].Jobs(), p.LongTerm[0].FirstWeek, p.LongTerm[0].LastWeek)
	}
	// Presence: user 2 three weeks, user 4 two weeks, over 30 weeks; two
	// arrivals in 30 weeks.
	if got := p.TemporaryPresent(); math.Abs(got-5.0/30) > 1e-12 {
		t.Errorf("TemporaryPresent %v, want 5/30", got)
	}
	if got := p.TemporaryRate(); math.Abs(got-2.0/30) > 1e-12 {
		t.Errorf("TemporaryRate %v, want 2/30", got)
	}
	df := p.Frame()
	if df.Err != nil || df.Nrow() != 5 || strings.Join(df.Names(), ",") != "kind,user,jobs,first_week,last_week,weeks,begin,end" {
		t.Errorf("Frame: %v rows %d columns %v", df.Err, df.Nrow(), df.Names())
	}
}

func TestNewPoolsErrors(t *testing.T) {
	t.Parallel()
	tr := smallLog()
	cases := []struct {
		name string
		rare []RarePeriod
		want string
	}{
		{"reversed", []RarePeriod{{User: 1, Begin: 10, End: 5}}, "after end"},
		{"overlap", []RarePeriod{{User: 1, Begin: 0, End: 2 * datasets.Week}, {User: 1, Begin: datasets.Week, End: 3 * datasets.Week}}, "overlap"},
		{"empty", []RarePeriod{{User: 2, Begin: 0, End: datasets.Week}}, "holds no job"},
	}
	for _, c := range cases {
		if _, err := NewPools(tr, PoolOptions{Rare: c.rare}); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want %q", c.name, err, c.want)
		}
	}
	if _, err := NewPools(datasets.NewTrace("empty", 0), PoolOptions{}); err == nil {
		t.Error("empty log: no error")
	}
	// An unknown time zone is read as UTC, not refused: TestNewPoolsUnknownZone.
}

func TestGenerateOptionsErrors(t *testing.T) {
	t.Parallel()
	p, err := NewPools(smallLog(), PoolOptions{Rare: []RarePeriod{{User: 1, Begin: 10*datasets.Week + 2*datasets.Day, End: 10*datasets.Week + 3*datasets.Day}}})
	if err != nil {
		t.Fatal(err)
	}
	noRare, err := NewPools(smallLog(), PoolOptions{})
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name string
		p    *Pools
		o    Options
		want string
	}{
		{"both lengths", p, Options{Weeks: 3, Extend: 2}, "not both"},
		{"negative weeks", p, Options{Weeks: -1}, "bad length"},
		{"negative load", p, Options{Load: -1}, "load"},
		{"negative long-term users", p, Options{LongTermUsers: -1}, "NoLongTermUsers"},
		{"negative initial temporary", p, Options{InitialTemporary: -1}, "initial temporary"},
		{"negative arrival rate", p, Options{ArrivalRate: -0.5}, "arrival rate"},
		{"rate above pool", p, Options{ArrivalRate: 3}, "pool holds 2"},
		{"rb above rate", p, Options{ArrivalRate: 0.1, RBNPW: 0.5}, "above the arrival rate"},
		{"rb without rare", noRare, Options{RBNPW: 0.01}, "no rare behaviour"},
		{"bad start", p, Options{LongTermStart: 7}, "long-term start"},
		{"bad weighting", p, Options{Arrivals: 9}, "weighting"},
	}
	for _, c := range cases {
		if _, err := c.p.Generate(c.o); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want %q", c.name, err, c.want)
		}
	}
}

// TestGenerateCounts checks the manipulations on the small log: lengths,
// load factors (long-term replicas far apart) and rare-behaviour arrivals.
func TestGenerateCounts(t *testing.T) {
	t.Parallel()
	p, err := NewPools(smallLog(), PoolOptions{Rare: []RarePeriod{{User: 1, Begin: 10*datasets.Week + 2*datasets.Day, End: 10*datasets.Week + 3*datasets.Day}}})
	if err != nil {
		t.Fatal(err)
	}
	// Length: 52 weeks from the first job (Monday 10:00 of week 0).
	r, err := p.Generate(Options{Weeks: 52, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if r.Start != 10*3600 || r.End != 10*3600+52*datasets.Week || r.Weeks != 53 {
		t.Errorf("window %v–%v (%d weeks)", r.Start, r.End, r.Weeks)
	}
	for _, s := range r.Trace.Submit {
		if s < r.Start || s > r.End {
			t.Fatalf("job at %v outside the window", s)
		}
	}
	// Load 3: each long-term user three times, phases 10 weeks apart
	// (30 weeks / 3).
	r, err = p.Generate(Options{Load: 3, Seed: 2})
	if err != nil {
		t.Fatal(err)
	}
	phases := map[int][]int{}
	for _, in := range r.Instances {
		if in.Kind == LongTerm {
			phases[in.User] = append(phases[in.User], in.Phase)
		}
	}
	for u, ph := range phases {
		if len(ph) != 3 {
			t.Fatalf("user %d: %d replicas, want 3", u, len(ph))
		}
		for a := range ph {
			for b := range a {
				d := (ph[a] - ph[b] + 30) % 30
				if d != 10 && d != 20 {
					t.Errorf("user %d: replica phases %v not 10 weeks apart", u, ph)
				}
			}
		}
	}
	// RB_NPW equal to the arrival rate: every arrival is the rare user.
	r, err = p.Generate(Options{Extend: 10, ArrivalRate: 1, RBNPW: 1, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	if r.Report.Arrivals != r.Report.RareArrivals || r.Report.RareArrivals == 0 {
		t.Errorf("report %+v: want every arrival rare", r.Report)
	}
	for _, in := range r.Instances {
		if in.Arrival > 0 && in.Kind != Rare {
			t.Fatalf("arrival %+v is not rare", in)
		}
		if in.Kind == Rare && in.Jobs != 50 && in.Arrival < r.Weeks-2 {
			t.Errorf("rare instance %+v: want its 50 jobs", in)
		}
	}
	if r.Report.RareJobs == 0 || r.Report.RareCapped == 0 {
		t.Errorf("report %+v: want rare jobs, and weeks with more rare arrivals than the pool of 1", r.Report)
	}
}

// TestBounds: a log with a submit time of 1e15 (once a hang in the zone
// table) and options asking for centuries or millions of users are
// refused quickly with an error (issue 15).
func TestBounds(t *testing.T) {
	t.Parallel()
	far := smallLog()
	x := datasets.UnknownJob()
	x.JobID, x.Submit, x.User, x.Runtime, x.Procs, x.Status = 1000, 1e15, 1, 100, 2, 1
	far.Append(x)
	if _, err := NewPools(far, PoolOptions{}); err == nil || !strings.Contains(err.Error(), "check its submit times") {
		t.Errorf("submit 1e15: error %v", err)
	}
	p, err := NewPools(smallLog(), PoolOptions{})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		opts Options
		want string
	}{
		{Options{Weeks: MaxWeeks + 1}, "more than 5218"},
		{Options{Extend: 1e6}, "more than 5218"},
		{Options{Load: 1e9}, "at most 100"},
		{Options{Load: math.NaN()}, "load factor"},
	}
	for _, tc := range tests {
		if _, err := p.Generate(tc.opts); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%+v: error %v, want one containing %q", tc.opts, err, tc.want)
		}
	}
	// 60,000 jobs in 30 weeks, 100 times as many users for 100 years:
	// about 10^9 jobs.
	dense := smallLog()
	for i := range 60000 {
		x := datasets.UnknownJob()
		x.JobID, x.Submit, x.User, x.Runtime, x.Procs, x.Status = 2000+i, float64(i)*300, 1, 100, 2, 1
		dense.Append(x)
	}
	if p, err = NewPools(dense.SortBySubmit(), PoolOptions{}); err != nil {
		t.Fatal(err)
	}
	if _, err := p.Generate(Options{Load: 100, Weeks: MaxWeeks}); err == nil || !strings.Contains(err.Error(), "jobs, more than") {
		t.Errorf("10^9 jobs: error %v", err)
	}
}

// TestPoolsPeriodStart: the pools take the classification's logging
// period (users.Options.Start), so they pool the temporary users Table V
// counts. The log's first job is 3 days after its time 0; user 2 is active
// from 4 weeks + 2 days to 6 weeks after time 0, so it touches the first 4
// weeks of the log only when they are counted from the first job (2013 §4's
// rule, users.TouchesEdge; worked by hand). A time 0 more than 4 weeks
// before the first job is not a start of logging (users.AtLogStart).
func TestPoolsPeriodStart(t *testing.T) {
	t.Parallel()
	wk, d := datasets.Week, datasets.Day
	mk := func(first float64) *datasets.Trace {
		tr := datasets.NewTrace("period", 0)
		tr.Header.UnixStartTime = time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC).Unix()
		tr.Header.TimeZoneString = "UTC"
		tr.Header.MaxProcs = 4
		subs := [][2]float64{{first, 1}, {4*wk + 2*d, 2}, {6 * wk, 2}, {20 * wk, 3}, {30 * wk, 1}}
		for i, s := range subs {
			x := datasets.UnknownJob()
			x.JobID, x.Submit, x.User = i+1, s[0], int(s[1])
			x.Wait, x.Runtime, x.Procs, x.ReqTime, x.Status = 0, 100, 1, 200, 1
			tr.Append(x)
		}
		return tr.SortBySubmit()
	}
	tests := []struct {
		name      string
		first     float64
		start     users.PeriodStart
		temporary []int
		wantErr   bool
	}{
		{"from the first submission (default)", 3 * d, users.AtFirstSubmission, []int{3}, false},
		{"from the log's time 0", 3 * d, users.AtLogStart, []int{2, 3}, false},
		{"time 0 more than 4 weeks before", 29 * d, users.AtLogStart, nil, true},
	}
	for _, tt := range tests {
		p, err := NewPools(mk(tt.first), PoolOptions{Discard: DiscardTouchingEdge, Users: users.Options{Start: tt.start}})
		if tt.wantErr {
			if err == nil {
				t.Errorf("%s: no error", tt.name)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		var got []int
		for _, s := range p.Temporary {
			got = append(got, s.User)
		}
		if !slices.Equal(got, tt.temporary) {
			t.Errorf("%s: temporary users %v, want %v", tt.name, got, tt.temporary)
		}
		if tt.start == users.AtLogStart && p.Population.LogStart != 0 {
			t.Errorf("%s: period starts at %v, want 0", tt.name, p.Population.LogStart)
		}
	}
}
