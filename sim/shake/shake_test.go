package shake

import (
	"context"
	"math"
	"slices"
	"testing"

	"github.com/tracelab/tracelab/internal/rapidtest"
	"github.com/tracelab/tracelab/sim"
	"github.com/tracelab/tracelab/sim/sweep"
	"pgregory.net/rapid"
)

// drawJobs draws a workload of a few users whose jobs come in sessions,
// some submitted right after an earlier job ended.
func drawJobs(t *rapid.T) []sim.Job {
	n := rapid.IntRange(1, 120).Draw(t, "n")
	jobs := make([]sim.Job, n)
	now := 0.0
	for i := range jobs {
		now += rapid.SampledFrom([]float64{0, 5, 30, 100, 2000, 4000, 20000}).Draw(t, "gap")
		rt := rapid.SampledFrom([]float64{0, 10, 50, 600, 3000}).Draw(t, "runtime")
		wait := rapid.SampledFrom([]float64{0, 20, 100, math.NaN()}).Draw(t, "wait")
		jobs[i] = sim.Job{ID: i, User: rapid.IntRange(-1, 3).Draw(t, "user"), Submit: now, Runtime: rt, Estimate: rt, Procs: 1, Wait: wait}
	}
	return jobs
}

// TestShakeProperties: only submit times change, by at most MaxShift, the
// jobs of a group by the same amount; the session and user levels never
// break a user's order of submission nor a think-time dependency (the
// saved case is one where rounding of shifted times looked like a break).
func TestShakeProperties(t *testing.T) {
	rapidtest.Check(t, func(t *rapid.T) {
		jobs := drawJobs(t)
		level := rapid.SampledFrom(Levels).Draw(t, "level")
		opts := Options{Level: level, MaxShift: rapid.Float64Range(0.5, 1500).Draw(t, "max_shift")}
		s, err := Shake(jobs, opts, rapid.Uint64().Draw(t, "seed"))
		if err != nil {
			t.Fatal(err)
		}
		group, _, _ := Groups(jobs, opts)
		by := map[int]float64{}
		for i := range jobs {
			d := s[i].Submit - jobs[i].Submit
			if math.Abs(d) > opts.MaxShift+1e-6 {
				t.Fatalf("job %d moved by %v, more than %v", i, d, opts.MaxShift)
			}
			if prev, ok := by[group[i]]; ok && math.Abs(prev-d) > 1e-6 {
				t.Fatalf("group %d moved by %v and %v", group[i], prev, d)
			}
			by[group[i]] = d
			c := s[i]
			c.Submit = jobs[i].Submit
			if !sameJob(c, jobs[i]) {
				t.Fatalf("job %d changed beyond its submit time: %+v → %+v", i, jobs[i], s[i])
			}
		}
		if b := Dependencies(jobs, s); level != JobLevel && (b.Order != 0 || b.Think != 0) {
			t.Fatalf("%s level broke dependencies: %+v", level, b)
		}
	})
}

func sameJob(a, b sim.Job) bool {
	return a.ID == b.ID && a.User == b.User && a.Submit == b.Submit && a.Runtime == b.Runtime &&
		a.Estimate == b.Estimate && a.Procs == b.Procs && (a.Wait == b.Wait || math.IsNaN(a.Wait) && math.IsNaN(b.Wait))
}

// TestDependencies works a small case by hand: user 1 submits at 0 (ends
// at 100), 100 (think 0, ends 150) and 400; user 2 at 50; an unknown user
// at 60.
func TestDependencies(t *testing.T) {
	jobs := []sim.Job{
		{User: 1, Submit: 0, Runtime: 100}, {User: 1, Submit: 100, Runtime: 50}, {User: 1, Submit: 400, Wait: math.NaN()},
		{User: 2, Submit: 50}, {User: -1, Submit: 60},
	}
	for _, tt := range []struct {
		name  string
		shift []float64
		want  Broken
	}{
		{"none", []float64{0, 0, 0, 0, 0}, Broken{Pairs: 2, Order: 0, ThinkPairs: 2, Think: 0}},
		// the second job 1 s earlier, the first 1 s later: after its end? no — 99 < 101.
		{"think broken", []float64{1, -1, 0, 0, 0}, Broken{Pairs: 2, Order: 0, ThinkPairs: 2, Think: 1}},
		{"order broken", []float64{0, 0, -350, 0, 0}, Broken{Pairs: 2, Order: 1, ThinkPairs: 2, Think: 1}},
		{"other users free", []float64{0, 0, 0, -500, 500}, Broken{Pairs: 2, ThinkPairs: 2}},
	} {
		s := slices.Clone(jobs)
		for i := range s {
			s[i].Submit += tt.shift[i]
		}
		if got := Dependencies(jobs, s); got != tt.want {
			t.Errorf("%s: %+v, want %+v", tt.name, got, tt.want)
		}
	}
}

func TestGroups(t *testing.T) {
	// User 1: 0, 600 (one session), 10000 (new session: 9400 s gap, 9300 s
	// after the end at 700), 13700 (gap 3700 s but only 100 s after 10000's
	// end at 13600: kept in the session). User −1 alone.
	jobs := []sim.Job{
		{User: 1, Submit: 0, Runtime: 10}, {User: 1, Submit: 600, Runtime: 100}, {User: 1, Submit: 10000, Runtime: 3600},
		{User: 1, Submit: 13700}, {User: -1, Submit: 5}, {User: 2, Submit: 7},
	}
	for _, tt := range []struct {
		level Level
		want  []int
		n     int
	}{
		{JobLevel, []int{0, 1, 2, 3, 4, 5}, 6},
		{SessionLevel, []int{0, 0, 1, 1, 2, 3}, 4},
		{UserLevel, []int{0, 0, 0, 0, 1, 2}, 3},
	} {
		g, n, err := Groups(jobs, Options{Level: tt.level, MaxShift: 60})
		if err != nil || n != tt.n || !slices.Equal(g, tt.want) {
			t.Errorf("%s: %v %d %v, want %v %d", tt.level, g, n, err, tt.want, tt.n)
		}
	}
}

func TestOptionsErrors(t *testing.T) {
	for _, o := range []Options{
		{}, {Level: 9}, {Level: JobLevel, MaxShift: -1}, {Level: JobLevel, MaxShift: 2 * MaxShiftBound},
		{Level: JobLevel, MaxShift: math.NaN()}, {Level: SessionLevel, MaxShift: 1800},
		{Level: UserLevel, SessionGap: math.Inf(1)},
	} {
		if _, err := Shake([]sim.Job{{Procs: 1}}, o, 1); err == nil {
			t.Errorf("%+v: no error", o)
		}
	}
	if l, err := ParseLevel("session"); l != SessionLevel || err != nil {
		t.Errorf("ParseLevel(session) = %v, %v", l, err)
	}
	if _, err := ParseLevel("batch"); err == nil {
		t.Error("ParseLevel(batch): no error")
	}
}

// TestExperiment: the rows do not depend on the workers; a variant equal
// to the workload gives the same metrics; a job-level shake of a workload
// whose users submit in tight sequence breaks some order, a user-level one
// none.
func TestExperiment(t *testing.T) {
	var jobs []sim.Job
	for i := range 400 {
		jobs = append(jobs, sim.Job{ID: i, User: i % 5, Submit: float64(i * 20), Runtime: float64(50 + i%7*100), Estimate: 1000, Procs: 1 + i%4, Wait: 0})
	}
	w := Workload{Name: "toy", Jobs: jobs, Variant: jobs, Procs: 8}
	easy := func() sim.Scheduler { return &sim.EASY{} }
	rows := map[Level][]float64{}
	for _, level := range Levels {
		exp, err := NewExperiment(w, easy, Options{Level: level, MaxShift: 60})
		if err != nil {
			t.Fatal(err)
		}
		df1, err := sweep.Run(context.Background(), sweep.Spec{Experiment: exp, Reps: 6, Seed: 2}, sweep.Options{Workers: 1})
		if err != nil {
			t.Fatal(err)
		}
		df2, _ := sweep.Run(context.Background(), sweep.Spec{Experiment: exp, Reps: 6, Seed: 2}, sweep.Options{Workers: 3})
		if !slices.Equal(df1.Col("avg_bsld").Float(), df2.Col("avg_bsld").Float()) {
			t.Errorf("%s: rows depend on the workers", level)
		}
		if !slices.Equal(df1.Col("avg_bsld").Float(), df1.Col("variant_bsld").Float()) {
			t.Errorf("%s: an identical variant gives other metrics", level)
		}
		rows[level] = df1.Col("order_broken").Float()
	}
	if slices.Max(rows[JobLevel]) == 0 || slices.Max(rows[UserLevel]) != 0 || slices.Max(rows[SessionLevel]) != 0 {
		t.Errorf("order broken: %v", rows)
	}
	if _, err := NewExperiment(Workload{Jobs: jobs, Variant: jobs[:3], Procs: 8}, easy, Options{Level: JobLevel}); err == nil {
		t.Error("a variant of another length: no error")
	}
}
