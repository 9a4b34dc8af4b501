package datasets

import (
	"bufio"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"testing"

	"pgregory.net/rapid"

	"github.com/tracelab/tracelab/internal/rapidtest"
)

// writeHeaderless writes n jobs of a log with no header (so the summary
// infers the machine size from the peak in use): submits 0–29 s apart,
// waits below an hour, runtimes below two hours, 1–64 processors; with
// shuffled, every 100th job is submitted a day early (out of order).
func writeHeaderless(tb testing.TB, n int, shuffled bool) string {
	tb.Helper()
	path := filepath.Join(tb.TempDir(), "log.swf")
	f, err := os.Create(path)
	if err != nil {
		tb.Fatal(err)
	}
	w := bufio.NewWriter(f)
	s, x := 0, uint32(7)
	next := func(m int) int { x ^= x << 13; x ^= x >> 17; x ^= x << 5; return int(x % uint32(m)) }
	for i := 1; i <= n; i++ {
		s += next(30)
		sub := s
		if shuffled && i%100 == 0 {
			sub = max(s-Day, 0)
		}
		p, r := next(64)+1, next(7200)+1
		fmt.Fprintf(w, "%d %d %d %d %d -1 -1 %d %d -1 1 %d 1 1 1 -1 -1 -1\n", i, sub, next(3600), r, p, p, 2*r, next(2000)+1)
	}
	if err := w.Flush(); err != nil {
		tb.Fatal(err)
	}
	if err := f.Close(); err != nil {
		tb.Fatal(err)
	}
	return path
}

// BenchmarkSummarizeFile summarises a headerless log of 200,000 jobs as
// tracelab info does, in submit order and with 1% of them out of order,
// from its file and from a reader that cannot be read twice (a pipe).
func BenchmarkSummarizeFile(b *testing.B) {
	for _, shuffled := range []bool{false, true} {
		path := writeHeaderless(b, 200_000, shuffled)
		for _, pipe := range []bool{false, true} {
			b.Run(fmt.Sprintf("shuffled=%v/pipe=%v", shuffled, pipe), func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					var s *Summary
					var err error
					if pipe {
						f, ferr := os.Open(path)
						if ferr != nil {
							b.Fatal(ferr)
						}
						s, err = SummarizeReader(bufio.NewReader(f), ReadOptions{})
						f.Close()
					} else {
						s, err = SummarizeFile(path, ReadOptions{})
					}
					if err != nil {
						b.Fatal(err)
					}
					if s.Machine.Rule != SizePeakInUse {
						b.Fatal(s.Machine)
					}
				}
			})
		}
	}
}

// TestPeakSweepAgreesWithPeakOf: for jobs in any order, with negative
// waits, unknown values, equal instants and empty intervals, the sweep
// gives peakOf's peak of all their events, or says it cannot (a job
// started before an event it had summed); in submit order with no
// negative wait, it always can, also once its heap spilled (a few pending
// events here). The events held in sorted runs (heldEvents, runs of a few
// events here) give peakOf's peak.
func TestPeakSweepAgreesWithPeakOf(t *testing.T) {
	rapidtest.Check(t, func(rt *rapid.T) {
		n := rapid.IntRange(0, 60).Draw(rt, "jobs")
		inOrder := rapid.Bool().Draw(rt, "in order")
		sub := 0.0
		sw := newPeakSweep()
		held := heldEvents{size: rapid.SampledFrom([]int{2, 4, 6, 64}).Draw(rt, "run")}
		sw.limit = rapid.SampledFrom([]int{2, 5, 16, maxPending}).Draw(rt, "spill beyond")
		sw.spill.size = held.size
		var evs []usageEvent
		for k := range n {
			if inOrder {
				sub += float64(rapid.IntRange(0, 3).Draw(rt, "gap"))
			} else {
				sub = float64(rapid.IntRange(-1, 20).Draw(rt, "submit"))
			}
			wait := float64(rapid.IntRange(0, 4).Draw(rt, "wait"))
			if !inOrder && rapid.IntRange(0, 5).Draw(rt, "negative") == 0 {
				wait = -wait
			}
			run := float64(rapid.IntRange(-1, 5).Draw(rt, "runtime"))
			s := sub
			if sub < 0 || (!inOrder && k%7 == 3) {
				s = math.NaN()
			}
			start := s + wait
			procs := rapid.IntRange(-1, 4).Draw(rt, "procs")
			sw.add(s, start, start+run, procs)
			evs = appendUsage(evs, start, start+run, procs)
			held.add(start, start+run, procs)
		}
		want := peakOf(evs)
		got, ok := sw.result()
		if inOrder && !ok {
			rt.Fatalf("jobs in submit order: the sweep gave up")
		}
		if ok && got != want {
			rt.Fatalf("sweep %d, peakOf %d", got, want)
		}
		if h := held.peak(); h != want {
			rt.Fatalf("held in runs %d, peakOf %d", h, want)
		}
	})
}

// TestSummarizeFileOutOfOrder: a file whose jobs are not in submit order
// (every 100th a day early) is read a second time to find the peak, and
// gives the size of the peak of all the trace's events (heldPeak), as does
// one in order (swept), the same logs from a reader (events held in runs)
// and the trace (Trace.PeakInUse, swept, then held when out of order).
func TestSummarizeFileOutOfOrder(t *testing.T) {
	for _, shuffled := range []bool{false, true} {
		path := writeHeaderless(t, 5000, shuffled)
		tr, err := ReadFile(path, ReadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		want := tr.Machine()
		if want.Rule != SizePeakInUse || want.Procs != max(heldPeak(tr), 64) || tr.PeakInUse() != heldPeak(tr) {
			t.Fatalf("shuffled=%v: trace machine %v, peak %d, of all events %d", shuffled, want, tr.PeakInUse(), heldPeak(tr))
		}
		s, err := SummarizeFile(path, ReadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		r, err := SummarizeReader(bufio.NewReader(f), ReadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		m, err := Summarize(tr)
		if err != nil {
			t.Fatal(err)
		}
		for _, got := range []*Summary{s, r, m} {
			if got.Machine != want || got.Jobs != tr.Len() {
				t.Errorf("shuffled=%v: machine %v, %d jobs; want %v, %d", shuffled, got.Machine, got.Jobs, want, tr.Len())
			}
		}
		if s.Name != "log" {
			t.Errorf("name %q, want log", s.Name)
		}
		// The second reading of a compressed file, and of the other
		// formats.
		for _, ext := range []string{".swf.gz", ".csv", ".json", ".parquet"} {
			other := filepath.Join(t.TempDir(), "log"+ext)
			if err := WriteTraceFile(other, tr); err != nil {
				t.Fatal(err)
			}
			s, err := SummarizeFile(other, ReadOptions{})
			if err != nil {
				t.Fatalf("%s: %v", ext, err)
			}
			if s.Machine != want || s.Jobs != tr.Len() {
				t.Errorf("shuffled=%v, %s: machine %v, %d jobs; want %v, %d", shuffled, ext, s.Machine, s.Jobs, want, tr.Len())
			}
		}
	}
}

// heldPeak is the peak in use of a trace from all its events held and
// sorted (peakOf), the reference of the sweeps.
func heldPeak(t *Trace) int {
	var evs []usageEvent
	for i := range t.JobID {
		evs = appendUsage(evs, t.Start(i), t.End(i), t.JobProcs(i))
	}
	return peakOf(evs)
}
