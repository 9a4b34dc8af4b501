package sim

import (
	"fmt"
	"math"
	"slices"
	"testing"

	"github.com/tracelab/tracelab/internal/rapidtest"
	"pgregory.net/rapid"
)

// scanReplay is LogReplay as first written: each pass scans every due job
// that did not fit, in order of logged start. It is the reference the
// tree of LogReplay must agree with, start for start.
type scanReplay struct {
	LogReplay
	waiting []dueEntry
}

func (s *scanReplay) Schedule(e *Engine) {
	n := len(s.waiting)
	for len(s.due) > 0 && s.due[0].t <= e.now {
		s.waiting = append(s.waiting, s.pop())
	}
	if n > 0 && len(s.waiting) > n {
		slices.SortStableFunc(s.waiting, func(a, b dueEntry) int {
			switch {
			case dueLess(a, b):
				return -1
			case dueLess(b, a):
				return 1
			}
			return 0
		})
	}
	k := 0
	for _, x := range s.waiting {
		if e.width[x.j] <= e.free {
			if e.now > x.t {
				s.Delayed++
			}
			e.Start(x.j)
		} else {
			s.waiting[k] = x
			k++
		}
	}
	s.waiting = s.waiting[:k]
	if len(s.due) > 0 {
		e.WakeAt(s.due[0].t)
	}
}

// sameReplay checks that LogReplay and the scan start every job at the
// same time and count the same delays.
func sameReplay(t rapid.TB, jobs []Job, procs int) {
	tree, scan := &LogReplay{}, &scanReplay{}
	a, err1 := Run(jobs, procs, tree, EngineOptions{})
	b, err2 := Run(jobs, procs, scan, EngineOptions{})
	if err1 != nil || err2 != nil {
		t.Fatalf("%v, %v", err1, err2)
	}
	for j := range a.Start {
		if a.Start[j] != b.Start[j] {
			t.Fatalf("job %d starts at %v, the scan starts it at %v", a.ID[j], a.Start[j], b.Start[j])
		}
	}
	if tree.Delayed != scan.Delayed || tree.UnknownWait != scan.UnknownWait {
		t.Fatalf("delayed %d, unknown wait %d; the scan: %d, %d", tree.Delayed, tree.UnknownWait, scan.Delayed, scan.UnknownWait)
	}
}

// TestLogReplayMatchesScan: on random workloads whose logged waits
// overfill the machine (many ties, zero runtimes), the tree starts every
// job when the scan does.
func TestLogReplayMatchesScan(t *testing.T) {
	t.Parallel()
	rapidtest.Check(t, func(rt *rapid.T) {
		jobs, procs := genWorkload(rt)
		for i := range jobs {
			if rapid.IntRange(0, 9).Draw(rt, "unknown") == 0 {
				jobs[i].Wait = math.NaN()
			}
		}
		sameReplay(rt, jobs, procs)
	})
}

// TestLogReplayOverfull: CEA-Curie's first 20,000 jobs on 9,000 of its
// 93,312 processors: the logged schedule is far wider than the machine,
// thousands of due jobs wait, and the tree agrees with the scan (issue
// 25: the scan made the full log run for minutes).
func TestLogReplayOverfull(t *testing.T) {
	t.Parallel()
	tr := loadLog(t, "CEA-Curie")
	sub, _ := tr.Filter(func(i int) bool { return i < 20000 })
	jobs, _, err := Prepare(sub, 9000, Options{})
	if err != nil {
		t.Fatal(err)
	}
	sameReplay(t, jobs, 9000)
}

// BenchmarkLogReplayOverfull replays the first n jobs of CEA-Curie on
// 9,000 of its processors, with the tree (LogReplay) and with the scan of
// every waiting job that it replaced (up to 50,000 jobs: the scan's time
// grows as n²).
func BenchmarkLogReplayOverfull(b *testing.B) {
	tr := loadLog(b, "CEA-Curie")
	for _, n := range []int{25000, 50000, 100000} {
		sub, _ := tr.Filter(func(i int) bool { return i < n })
		jobs, _, err := Prepare(sub, 9000, Options{})
		if err != nil {
			b.Fatal(err)
		}
		for _, v := range []struct {
			name string
			new  func() Scheduler
		}{{"tree", func() Scheduler { return &LogReplay{} }}, {"scan", func() Scheduler { return &scanReplay{} }}} {
			if v.name == "scan" && n > 50000 {
				continue // minutes
			}
			b.Run(fmt.Sprintf("%s/jobs=%d", v.name, n), func(b *testing.B) {
				for range b.N {
					if _, err := Run(jobs, 9000, v.new(), EngineOptions{}); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// BenchmarkLogReplayKTH: the usual case, a logged schedule that fits its
// machine but for a few seconds, with the tree and with the scan.
func BenchmarkLogReplayKTH(b *testing.B) {
	tr := loadLog(b, "KTH-SP2")
	m := tr.Machine()
	jobs, _, err := Prepare(tr, m.Procs, Options{})
	if err != nil {
		b.Fatal(err)
	}
	for _, v := range []struct {
		name string
		new  func() Scheduler
	}{{"tree", func() Scheduler { return &LogReplay{} }}, {"scan", func() Scheduler { return &scanReplay{} }}} {
		b.Run(v.name, func(b *testing.B) {
			for range b.N {
				if _, err := Run(jobs, m.Procs, v.new(), EngineOptions{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
