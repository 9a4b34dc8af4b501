package datasets

import (
	"math/rand/v2"
	"runtime"
	"testing"
)

// TestIDSetCompact: job ids out of order and apart (each its own entry)
// cost about 8 bytes each in the id set, not a map's 40 to 90, and are
// found as a map of them finds them (the reference), across the merges of
// idsApart. Before (836c8ea) the set was a map: 1 M decreasing ids apart
// held about 40 MB; tracelab info of 12 M such ids held 1.9 GB in the
// parser's and the summary's sets (hostile7). Not parallel: it reads the
// heap's size.
func TestIDSetCompact(t *testing.T) {
	const n = 1 << 20
	decreasing := make([]int, n)
	for i := range decreasing {
		decreasing[i] = 2 * (n - i) // apart: no runs
	}
	shuffled := make([]int, n)
	for i := range shuffled {
		shuffled[i] = 3 * i
	}
	rand.New(rand.NewPCG(3, 4)).Shuffle(n, func(i, j int) { shuffled[i], shuffled[j] = shuffled[j], shuffled[i] })
	huge := make([]int, n)
	for i := range huge {
		huge[i] = 1<<50 - 5*i // beyond any dense range
	}
	for _, tc := range []struct {
		name string
		ids  []int
	}{
		{"decreasing by 2", decreasing},
		{"shuffled multiples of 3", shuffled},
		{"decreasing from 2^50 by 5", huge},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			var s idSet
			for _, x := range tc.ids {
				if s.add(x) {
					t.Fatalf("add(%d): reported as seen before", x)
				}
			}
			runtime.GC()
			runtime.ReadMemStats(&after)
			perID := float64(after.HeapAlloc-min(before.HeapAlloc, after.HeapAlloc)) / n
			runtime.KeepAlive(&s)
			if perID > 20 {
				t.Errorf("%.1f bytes an id held, want at most 20", perID)
			}
			// Membership, against the ids added (a map of them), for every
			// id added, a repeat, and the ids next to each.
			ref := make(map[int]bool, n)
			for _, x := range tc.ids {
				ref[x] = true
			}
			for _, x := range tc.ids[:n/8] {
				for _, y := range []int{x - 1, x, x + 1} {
					if s.has(y) != ref[y] {
						t.Fatalf("has(%d) = %v, want %v", y, s.has(y), ref[y])
					}
				}
				if !s.add(x) {
					t.Fatalf("add(%d) again: not reported as seen", x)
				}
			}
			if s.size() != n {
				t.Errorf("%d entries, want %d", s.size(), n)
			}
		})
	}
}

// TestSummaryPartsCompact: the partial-execution records the summary holds
// until the end (to leave out those whose job has a summary line) cost at
// most 90 bytes each: the fields it reads (72 bytes), in chunks. Before (836c8ea) it held whole Jobs, 144 bytes and slack (1M
// parts: about 180 bytes each); tracelab info of 11 M parts peaked at
// 4.8 GB. Not parallel: it reads the heap's size.
func TestSummaryPartsCompact(t *testing.T) {
	const n = 1 << 20
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	z := summarizer{}
	if err := z.WriteHeader(Header{}); err != nil {
		t.Fatal(err)
	}
	for i := range n {
		j := Job{JobID: i + 1, Submit: float64(i), Status: 2, User: i % 7, Procs: 1, ReqProcs: 1, Runtime: 10, Wait: 0}
		if err := z.WriteJob(&j); err != nil {
			t.Fatal(err)
		}
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	perPart := float64(after.HeapAlloc-min(before.HeapAlloc, after.HeapAlloc)) / n
	if z.parts.n != n {
		t.Fatalf("%d parts held, want %d", z.parts.n, n)
	}
	if perPart > 90 {
		t.Errorf("%.1f bytes a part held, want at most 90", perPart)
	}
	// The parts count as Read counts them: no summary line, each a job.
	if s := z.result(); s.Jobs != n || z.noSummary.n != n || s.LastSubmit != n-1 || s.Users != 7 {
		t.Errorf("jobs %d, parts without a summary %d, last submit %g, users %d; want %d, %d, %d, 7",
			s.Jobs, z.noSummary.n, s.LastSubmit, s.Users, n, n, n-1)
	}
}
