package sim

import (
	"os"
	"testing"

	"github.com/tracelab/tracelab/datasets"
)

// loadLog reads a real log; the test is skipped only when TRACELAB_DATA
// is unset (a missing log with TRACELAB_DATA set fails).
func loadLog(tb testing.TB, name string) *datasets.Trace {
	tb.Helper()
	if os.Getenv("TRACELAB_DATA") == "" {
		tb.Skip("TRACELAB_DATA not set")
	}
	tr, err := datasets.Load(name)
	if err != nil {
		tb.Fatal(err)
	}
	return tr
}

// Cross-check with independent simulators: EASY under the usual
// conventions (allocated processors, jobs of runtime −1 left out,
// estimates raised to the runtime) gave an average wait of
// 21,100–22,200 s on SDSC-SP2 and 6,100–7,200 s on KTH-SP2 in three
// independent simulators (issue 6). Those are the defaults of Options.
func TestCrossCheckEASY(t *testing.T) {
	t.Parallel()
	cases := []struct {
		log    string
		lo, hi float64
	}{
		{"SDSC-SP2", 21100, 22200},
		{"KTH-SP2", 6100, 7200},
	}
	for _, c := range cases {
		t.Run(c.log, func(t *testing.T) {
			t.Parallel()
			tr := loadLog(t, c.log)
			r, err := Replay(tr, &EASY{}, Options{})
			if err != nil {
				t.Fatal(err)
			}
			s := r.Summary()
			t.Logf("%s EASY: %d jobs, avg wait %.0f s, avg bsld %.2f, utilization %.3f; %+v",
				c.log, s.Jobs, s.AvgWait, s.AvgBoundedSlowdown, s.Utilization, r.Prep)
			if s.AvgWait < c.lo || s.AvgWait > c.hi {
				t.Errorf("avg wait %.0f s outside the independent simulators' %.0f–%.0f s", s.AvgWait, c.lo, c.hi)
			}
			if r.Prep.UnknownRuntime == 0 && c.log == "SDSC-SP2" {
				t.Errorf("SDSC-SP2 has jobs of unknown runtime; none were left out")
			}
		})
	}
}

// LogReplay reproduces the logged schedule: every job that was not delayed
// for lack of processors starts at its logged start, and the delayed ones
// are counted (the logged schedule of KTH-SP2 sometimes uses more than its
// 100 processors at once, as far as whole seconds tell).
func TestLogReplayKTH(t *testing.T) {
	t.Parallel()
	tr := loadLog(t, "KTH-SP2")
	s := &LogReplay{}
	r, err := Replay(tr, s, Options{})
	if err != nil {
		t.Fatal(err)
	}
	wait := make(map[int]float64, tr.Len())
	for i, id := range tr.JobID {
		wait[id] = tr.Wait[i]
	}
	late := 0
	for j := range r.ID {
		logged := r.Submit[j] + wait[r.ID[j]]
		if r.Start[j] < logged {
			t.Fatalf("job %d started at %v, before its logged start %v", r.ID[j], r.Start[j], logged)
		}
		if r.Start[j] > logged {
			late++
		}
	}
	if late != s.Delayed {
		t.Errorf("%d jobs after their logged start, %d counted as delayed", late, s.Delayed)
	}
	if s.UnknownWait != 0 || s.Delayed > r.Len()/100 {
		t.Errorf("%d of %d jobs delayed, %d of unknown wait", s.Delayed, r.Len(), s.UnknownWait)
	}
	t.Logf("KTH-SP2 log replay: %d of %d jobs delayed", s.Delayed, r.Len())
}
