package datasets

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// partsOnlyRef is the parser's rule for a job number's rows as a map
// (what partsOnly was until session 19): it gives the partial-record and
// duplicate-job-id counts the parser must give.
func partsOnlyRef(ids, statuses []int) (partial, dup int) {
	seen := map[int]bool{}
	only := map[int]bool{}
	for k, id := range ids {
		st := statuses[k]
		was := seen[id]
		seen[id] = true
		isPart := IsPartialRecord(st)
		p := was && isPart
		if isPart && !was {
			only[id] = true
		}
		if !isPart && was && only[id] {
			delete(only, id)
			p = true
		}
		if p {
			partial++
		} else if was {
			dup++
		}
	}
	return partial, dup
}

// TestPartsOnlyCompact: the job numbers seen only on partial records are
// held as runs and ids apart (partSet), not one map entry each: 11 M parts
// of distinct jobs held 2.5 GB in a map when Read refused them (hostile9,
// session 18). The set's entries stay few where numbers are consecutive,
// and the counts agree with the map's rule on every stream.
func TestPartsOnlyCompact(t *testing.T) {
	const n = 1 << 15
	r := rand.New(rand.NewPCG(5, 6))
	perm := r.Perm(n)
	type stream struct {
		name        string
		ids, status []int
		most        int // entries the set may hold at the end
	}
	var streams []stream
	add := func(name string, most int, rows func(emit func(id, st int))) {
		s := stream{name: name, most: most}
		rows(func(id, st int) { s.ids, s.status = append(s.ids, id), append(s.status, st) })
		streams = append(streams, s)
	}
	add("parts of distinct jobs, no summary (hostile9)", 1, func(emit func(int, int)) {
		for i := range n {
			emit(i+1, 2)
		}
	})
	add("parts then summary, each job", 2, func(emit func(int, int)) {
		for i := range n {
			emit(i+1, 2)
			emit(i+1, 3)
			emit(i+1, 1)
		}
	})
	add("summary then parts, each job", 1, func(emit func(int, int)) {
		for i := range n {
			emit(i+1, 1)
			emit(i+1, 2)
			emit(i+1, 4)
		}
	})
	add("every third job with parts, a repeated summary", 2*n/3+2, func(emit func(int, int)) {
		for i := range n {
			if i%3 == 0 {
				emit(i+1, 2)
			}
			emit(i+1, 1)
			if i%1000 == 0 {
				emit(i+1, 0) // a duplicate
			}
		}
	})
	add("shuffled: parts, later summaries", 2*n, func(emit func(int, int)) {
		for _, x := range perm {
			emit(x+1, 2)
		}
		for _, x := range perm[:n/2] {
			emit(x+1, 1)
		}
	})
	for _, s := range streams {
		t.Run(s.name, func(t *testing.T) {
			var b strings.Builder
			for k, id := range s.ids {
				b.WriteString(swfRow(id, k, s.status[k]))
			}
			p := newParser(ReadOptions{})
			p.sink = &watchIDs{p: p}
			if err := p.read(strings.NewReader(b.String())); err != nil {
				t.Fatal(err)
			}
			if got := p.partsOnly.size(); got > s.most {
				t.Errorf("%d entries held for %d rows, want at most %d", got, len(s.ids), s.most)
			}
			wantPartial, wantDup := partsOnlyRef(s.ids, s.status)
			var partial, dup int
			for _, w := range p.warn.list {
				switch w.Kind {
				case WarnPartialRecord:
					partial = w.Count
				case WarnDuplicateJobID:
					dup = w.Count
				}
			}
			if partial != wantPartial || dup != wantDup {
				t.Errorf("partial-record %d, duplicate-job-id %d; the map's rule gives %d, %d", partial, dup, wantPartial, wantDup)
			}
		})
	}
}
