package resampleplot

import (
	"math"
	"runtime"
	"strings"
	"testing"

	"gonum.org/v1/plot/plotter"
	"pgregory.net/rapid"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/plots/plottest"
)

// TestWeeklyJobsHostile: a log no week can be counted in is an error, not
// a panic or an allocation of its span: no job with a submit time
// (int(NaN) weeks), an infinite submit time, a span beyond the reader's
// ±datasets.MaxTime.
func TestWeeklyJobsHostile(t *testing.T) {
	t.Parallel()
	job := func(submit float64, user int) datasets.Job {
		return datasets.Job{JobID: 1, Submit: submit, Runtime: 1, Procs: 1, User: user}
	}
	for _, c := range []struct {
		name   string
		submit []float64
		want   string
	}{
		{"every submit time unknown", []float64{math.NaN(), math.NaN()}, "no job with a submit time"},
		{"an infinite submit time", []float64{0, math.Inf(1)}, "weeks"},
		{"only infinite submit times", []float64{math.Inf(1), math.Inf(1)}, "weeks"},
		{"a span 2 s longer than 400 years", []float64{-datasets.MaxTime - 1, datasets.MaxTime + 1}, "weeks"},
	} {
		tr := datasets.NewTrace("hostile", 0)
		for i, s := range c.submit {
			tr.Append(job(s, i))
		}
		_, err := WeeklyJobs(tr, 3, "")
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one saying %q", c.name, err, c.want)
		}
		marked := make([]bool, tr.Len())
		if _, err := WeeklyJobsMarked(tr, marked, "x", 3, ""); err == nil {
			t.Errorf("%s, marked: no error", c.name)
		}
	}
}

// TestWeeklyJobsMemory: the weekly counts kept are those drawn (the top
// users, the others, the marked jobs), not a series per user: 2,000 users
// over the 200 years datasets.MaxTime allows (10,436 weeks) would take
// 2,000 × 10,436 × 8 B = 167 MB as a series per user; what is drawn takes
// (5 + 2) series of 83 kB, copied once more by the bar charts (1.2 MB).
// Measured by the bytes allocated (runtime.MemStats.TotalAlloc), not by
// time; the test is not parallel, so no other test allocates meanwhile.
func TestWeeklyJobsMemory(t *testing.T) {
	const users = 2000
	tr := datasets.NewTrace("many users", 0)
	span := float64(datasets.MaxTime)
	for u := range users {
		tr.Append(datasets.Job{JobID: u + 1, Submit: span * float64(u) / (users - 1), Runtime: 1, Procs: 1, User: u})
	}
	marked := make([]bool, tr.Len())
	marked[0] = true
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	p, err := WeeklyJobsMarked(tr, marked, "marked", 5, "")
	runtime.ReadMemStats(&after)
	if err != nil {
		t.Fatal(err)
	}
	const limit = 8 << 20
	if got := after.TotalAlloc - before.TotalAlloc; got > limit {
		t.Errorf("WeeklyJobsMarked of %d users over 200 years allocated %d MB, want at most %d MB (the drawn series)", users, got>>20, limit>>20)
	}
	n := 0
	for _, pl := range plottest.Plotters(p) {
		if _, ok := pl.(*plotter.BarChart); ok {
			n++
		}
	}
	if n != 7 {
		t.Errorf("%d bar series, want 7 (5 users, the others, the marked)", n)
	}
}

// TestWeeklyJobsNameAtBar: a user's name stands at its own column, not
// above a far taller bar (2013 Fig. 13's SDSC-SP2 flurry of week 20 lifted
// the names of users 11 and 13, busiest in weeks 19 and 17, to its top).
// User 1 has 300 jobs in week 20 and 200 in week 30 (slices taller than
// a line: 8% of the tallest week, at most 104 jobs), user 2 one a week; a
// marked burst of 1,000 jobs beside week 20 leaves the name at week 20's
// top (301 jobs), set left of the column (ending at it) to clear the
// burst; a burst on top of week 20 itself moves it to week 30 (201 jobs).
func TestWeeklyJobsNameAtBar(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name      string
		burstWeek int
		want      plotter.XY
	}{
		{"a burst beside the busiest week", 21, plotter.XY{X: 20, Y: 301}},
		{"a burst on the busiest week", 20, plotter.XY{X: 30, Y: 201}},
	} {
		tr := datasets.NewTrace("burst", 0)
		var marked []bool
		add := func(user, w, jobs int, mark bool) {
			for range jobs {
				tr.Append(datasets.Job{JobID: tr.Len() + 1, Submit: float64(w)*week + 1, Runtime: 1, Procs: 1, User: user})
				marked = append(marked, mark)
			}
		}
		for w := range 40 {
			add(2, w, 1, false)
		}
		add(1, 20, 300, false)
		add(1, 30, 200, false)
		add(3, c.burstWeek, 1000, true)
		p, err := WeeklyJobsMarked(tr, marked, "burst", 1, "")
		if err != nil {
			t.Fatal(err)
		}
		var at []plotter.XY
		for _, lb := range nameLabels(p) {
			{
				for i, l := range lb.Labels {
					if l == "user 1" {
						at = append(at, lb.XYs[i])
					}
				}
			}
		}
		if len(at) != 1 || at[0] != c.want {
			t.Errorf("%s: user 1 named at %v, want once at %v: the top of its column", c.name, at, c.want)
		}
	}
}

// TestWindowMax: windowMax equals the largest value of each window taken
// directly, for windows reaching past either end of v.
func TestWindowMax(t *testing.T) {
	t.Parallel()
	rapid.Check(t, func(t *rapid.T) {
		v := rapid.SliceOfN(rapid.Float64Range(-10, 10), 1, 40).Draw(t, "v")
		width := rapid.IntRange(1, 50).Draw(t, "width")
		got := windowMax(v, width)
		if len(got) != len(v)+width-1 {
			t.Fatalf("%d windows, want %d", len(got), len(v)+width-1)
		}
		for s := -(width - 1); s < len(v); s++ {
			want := math.Inf(-1)
			for i := max(s, 0); i < min(s+width, len(v)); i++ {
				want = max(want, v[i])
			}
			if got[s+width-1] != want {
				t.Fatalf("window from %d of width %d: %v, want %v", s, width, got[s+width-1], want)
			}
		}
	})
}
