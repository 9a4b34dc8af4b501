package datasets

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// TestIDSetAgreesWithMap: idSet.add reports an id seen before exactly as a
// map of the ids does (the reference), whatever the order, and runs of
// ids, increasing or decreasing, cost one entry.
func TestIDSetAgreesWithMap(t *testing.T) {
	shuffled := make([]int, 500)
	for i := range shuffled {
		shuffled[i] = i % 230 // repeats
	}
	rand.New(rand.NewPCG(1, 2)).Shuffle(len(shuffled), func(i, j int) { shuffled[i], shuffled[j] = shuffled[j], shuffled[i] })
	for _, tc := range []struct {
		name string
		ids  []int
		size int // entries after the last add; −1: not checked
	}{
		{"increasing", []int{1, 2, 3, 4, 5}, 1},
		{"decreasing", []int{5, 4, 3, 2, 1}, 1},
		{"gaps filled from below", []int{10, 20, 30, 19, 18, 29, 11, 12}, 3},
		{"gaps filled from above", []int{10, 20, 11, 12, 21}, 2},
		{"gap closed", []int{10, 12, 11}, 2}, // two adjacent runs: still disjoint
		{"apart, decreasing", []int{10, 8, 6, 4}, 4},
		{"repeats", []int{3, 3, 1, 1, 2, 2, 3, 1}, 2}, // 1 in the map, then 2 extends 3's run
		{"negative", []int{-1, -5, -1, -2, 0, -3, -4}, 2},
		{"shuffled", shuffled, -1},
	} {
		var s idSet
		ref := map[int]bool{}
		for i, x := range tc.ids {
			if got, want := s.add(x), ref[x]; got != want {
				t.Errorf("%s: add(%d) at %d = %v, want %v", tc.name, x, i, got, want)
			}
			ref[x] = true
		}
		for x := -10; x < 300; x++ {
			if s.has(x) != ref[x] {
				t.Errorf("%s: has(%d) = %v, want %v", tc.name, x, s.has(x), ref[x])
			}
		}
		for k := 1; k < len(s.runs); k++ {
			if s.runs[k-1].hi >= s.runs[k].lo {
				t.Errorf("%s: runs %v overlap", tc.name, s.runs)
			}
		}
		if tc.size >= 0 && s.size() != tc.size {
			t.Errorf("%s: %d entries (runs %v, %d more), want %d", tc.name, s.size(), s.runs, s.more.len(), tc.size)
		}
	}
}

// swfRow is one SWF job line of the given id, submit time and status.
func swfRow(id, submit, status int) string {
	return fmt.Sprintf("%d %d 0 10 1 -1 -1 1 20 -1 %d 1 1 -1 -1 -1 -1 -1\n", id, submit, status)
}

// TestIDCheckBounded: the set of job ids the duplicate check keeps holds at
// most ReadOptions.MaxRows entries; beyond, each id is compared with the
// previous row's only, every such row counted in ids-not-checked (before,
// Scan's set grew without bound with ids out of order: 12 M decreasing ids
// cost 1.4 GB in tracelab info, hostile6, session 16). The counts are
// derived by hand from checkID's rules.
func TestIDCheckBounded(t *testing.T) {
	type row struct{ id, status int }
	for _, tc := range []struct {
		name                      string
		max                       int
		rows                      []row
		dup, partial, notChecked  int
		unsorted                  int
		notCheckedLine, firstDupL int
	}{
		{name: "under the bound", max: 4,
			rows: []row{{10, 1}, {8, 1}, {6, 1}, {4, 1}, {8, 1}},
			dup:  1, unsorted: 3, firstDupL: 5},
		{name: "decreasing runs cost one entry", max: 2,
			rows: []row{{10, 1}, {9, 1}, {8, 1}, {7, 1}, {6, 1}, {9, 1}},
			dup:  1, unsorted: 4, firstDupL: 6},
		// 10 (1 entry), 8, 6, 4 (4 > 3: dropped at row 4, line 4); then 2
		// vs 4, 8 vs 2 (a repeat not seen), 2 vs 8 (not seen), 2 vs 2 (seen).
		{name: "beyond the bound", max: 3,
			rows: []row{{10, 1}, {8, 1}, {6, 1}, {4, 1}, {2, 1}, {8, 1}, {2, 1}, {2, 1}},
			dup:  1, unsorted: 6, notChecked: 5, notCheckedLine: 4, firstDupL: 8},
		{name: "no bound: the same rows", max: 0,
			rows: []row{{10, 1}, {8, 1}, {6, 1}, {4, 1}, {2, 1}, {8, 1}, {2, 1}, {2, 1}},
			dup:  3, unsorted: 6, firstDupL: 6},
		// After the drop, a job's parts and its summary line on
		// consecutive rows are still recognised as such.
		{name: "parts after the bound", max: 1,
			rows:    []row{{10, 1}, {20, 1}, {30, 3}, {30, 4}, {30, 1}, {40, 1}},
			partial: 2, notChecked: 5, notCheckedLine: 2},
		// The drop keeps the row's own number seen only on parts.
		{name: "dropped on a part", max: 2,
			rows:    []row{{10, 1}, {5, 1}, {30, 3}, {30, 1}, {30, 1}},
			partial: 1, dup: 1, unsorted: 2, notChecked: 3, notCheckedLine: 3, firstDupL: 5},
	} {
		var b strings.Builder
		for i, r := range tc.rows {
			b.WriteString(swfRow(r.id, i, r.status))
		}
		opts := ReadOptions{MaxRows: tc.max, Name: "ids.swf"}
		rep, err := Scan(strings.NewReader(b.String()), opts, &discardJobs{})
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		counts := map[WarningKind]int{}
		lines := map[WarningKind]int{}
		for _, w := range rep.Warnings {
			counts[w.Kind], lines[w.Kind] = w.Count, w.Line
		}
		want := map[WarningKind]int{WarnDuplicateJobID: tc.dup, WarnPartialRecord: tc.partial,
			WarnIDsNotChecked: tc.notChecked, WarnUnsortedJobID: tc.unsorted}
		for k, n := range want {
			if counts[k] != n {
				t.Errorf("%s: %s counted %d, want %d (%v)", tc.name, k, counts[k], n, rep.Warnings)
			}
		}
		if lines[WarnIDsNotChecked] != tc.notCheckedLine || lines[WarnDuplicateJobID] != tc.firstDupL {
			t.Errorf("%s: ids-not-checked at line %d, duplicate at %d; want %d, %d", tc.name,
				lines[WarnIDsNotChecked], lines[WarnDuplicateJobID], tc.notCheckedLine, tc.firstDupL)
		}
		// Read, whose MaxRows also bounds the rows, reports the same
		// where it holds the log.
		if tc.max == 0 || len(tc.rows) <= tc.max {
			tr, err := Read(strings.NewReader(b.String()), opts)
			if err != nil {
				t.Fatalf("%s: Read: %v", tc.name, err)
			}
			readCounts := map[WarningKind]int{}
			for _, w := range tr.Report.Warnings {
				readCounts[w.Kind] = w.Count
			}
			for k := range want {
				if readCounts[k] != counts[k] {
					t.Errorf("%s: Read counts %s %d, Scan %d", tc.name, k, readCounts[k], counts[k])
				}
			}
		}
	}
}

// TestIDCheckBoundedRead: Read bounds the set as Scan does, its left-out
// rows (placeholders, submit −1) included, though they hold no row.
func TestIDCheckBoundedRead(t *testing.T) {
	var b strings.Builder
	b.WriteString(swfRow(1000, 0, 1))
	for id := 998; id > 0; id -= 2 { // 499 placeholder rows, ids apart
		b.WriteString(swfRow(id, -1, 1))
	}
	b.WriteString(swfRow(1000, 5, 1)) // a repeat of the first, far back
	tr, err := Read(strings.NewReader(b.String()), ReadOptions{MaxRows: 100})
	if err != nil {
		t.Fatal(err)
	}
	var notChecked, dup int
	for _, w := range tr.Report.Warnings {
		switch w.Kind {
		case WarnIDsNotChecked:
			notChecked = w.Count
		case WarnDuplicateJobID:
			dup = w.Count
		}
	}
	// 101 entries at the 101st row: that row and the 400 after it.
	if tr.Len() != 2 || notChecked != 401 || dup != 0 {
		t.Errorf("%d rows, ids-not-checked %d, duplicate-job-id %d; want 2, 401, 0", tr.Len(), notChecked, dup)
	}
}

// TestScanIDSetStaysBounded: over a stream of ids far apart and
// decreasing, the parser's set never holds more than the bound (checked
// after each chunk through a writer that looks at the parser).
func TestScanIDSetStaysBounded(t *testing.T) {
	const rows, limit = 20_000, 1000
	var b strings.Builder
	for i := range rows {
		b.WriteString(swfRow(2*(rows-i), i, 1))
	}
	p := newParser(ReadOptions{MaxRows: limit})
	w := &watchIDs{p: p}
	p.sink = w
	if err := p.read(strings.NewReader(b.String())); err != nil {
		t.Fatal(err)
	}
	if w.jobs != rows || w.most > limit+1 {
		t.Errorf("%d jobs, at most %d entries in the set; want %d jobs, at most %d", w.jobs, w.most, rows, limit+1)
	}
	if !slices.ContainsFunc(p.warn.list, func(w Warning) bool { return w.Kind == WarnIDsNotChecked }) {
		t.Errorf("no ids-not-checked warning: %v", p.warn.list)
	}
}

// watchIDs records the most entries its parser's id set held.
type watchIDs struct {
	p          *parser
	jobs, most int
}

func (w *watchIDs) WriteHeader(Header) error { return nil }
func (w *watchIDs) WriteJob(*Job) error {
	w.jobs++
	w.most = max(w.most, w.p.ids.size()+w.p.partsOnly.size())
	return nil
}
