package datasets

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSummaryCountsJobsAsRead: the summary of a file (tracelab info) counts
// a job written as a summary line and partial-execution records once, as
// Read holds it: its job, user and unknown counts, the parts left out and
// the partial warnings equal those of the trace Read gives (before, every
// part counted as a job). The logs are TestPartialExecutions' layouts.
func TestSummaryCountsJobsAsRead(t *testing.T) {
	t.Parallel()
	row := func(id, submit, run, status, user int) string {
		return fmt.Sprintf("%d %d 5 %d 4 -1 -1 4 200 -1 %d %d 1 7 1 1 -1 -1\n", id, submit, run, status, user)
	}
	header := "; Version: 2.2\n; MaxProcs: 8\n"
	standard := header +
		row(1, 0, 50, 1, 3) +
		row(2, 10, 100, 1, 3) + row(2, 10, 40, 2, 3) + row(2, 10, 30, 2, 3) + row(2, 10, 30, 3, 3) +
		row(3, 20, 10, 0, 4) +
		row(4, 30, 70, 0, 5) + row(4, 30, 20, 2, 5) + row(4, 30, -1, 4, 9) + // a part of another user, unknown run time
		row(5, 40, 10, 5, 3)
	summaryLast := header + row(2, 10, 40, 2, 1) + row(2, 10, 30, 3, 1) + row(2, 10, 70, 1, 1) + row(3, 20, 10, 1, 2)
	noSummary := header + row(1, 0, 50, 1, 1) + row(2, 10, 40, 2, 2) + row(2, 10, 30, 3, 2) + row(3, 20, 10, 1, 1)
	noMachine := row(1, 0, 50, 1, 1) + row(1, 0, 20, 2, 1) + row(1, 0, 30, 3, 1) + row(2, 30, 60, 1, 2)
	none := header + row(1, 0, 50, 1, 1) + row(2, 10, 40, 1, 2)
	dir := t.TempDir()
	for _, tc := range []struct {
		name string
		in   string
		keep bool
		jobs int // Read's trace length, also checked against the trace
	}{
		{"standard layout", standard, false, 5},
		{"standard layout, parts kept", standard, true, 10},
		{"summary after its parts", summaryLast, false, 2},
		{"summary after its parts, parts kept", summaryLast, true, 4},
		{"parts without a summary", noSummary, false, 4},
		{"no machine size: peak of the jobs", noMachine, false, 2},
		{"no partial record", none, false, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			path := filepath.Join(dir, strings.ReplaceAll(tc.name, " ", "_")+".swf")
			if err := os.WriteFile(path, []byte(tc.in), 0o644); err != nil {
				t.Fatal(err)
			}
			opts := ReadOptions{KeepPartialRecords: tc.keep}
			tr, err := ReadFile(path, opts)
			if err != nil {
				t.Fatal(err)
			}
			if tr.Len() != tc.jobs {
				t.Fatalf("Read holds %d jobs, want %d", tr.Len(), tc.jobs)
			}
			s, err := SummarizeFile(path, opts)
			if err != nil {
				t.Fatal(err)
			}
			want, err := Summarize(tr)
			if err != nil {
				t.Fatal(err)
			}
			if s.Jobs != tr.Len() || s.Users != tr.NumUsers() || s.Users != want.Users ||
				s.UnknownRuntime != want.UnknownRuntime || s.UnknownReqTime != want.UnknownReqTime ||
				s.FirstSubmit != want.FirstSubmit || s.LastSubmit != want.LastSubmit || s.Machine != want.Machine {
				t.Errorf("summary of the file %+v\nwant as of Read's trace %+v (NumUsers %d)", *s, *want, tr.NumUsers())
			}
			r, w := s.Report, tr.Report
			if r.Jobs != w.Jobs || r.PartialRecordsSkipped != w.PartialRecordsSkipped {
				t.Errorf("report jobs %d, parts left out %d; Read's %d, %d", r.Jobs, r.PartialRecordsSkipped, w.Jobs, w.PartialRecordsSkipped)
			}
			for _, k := range []WarningKind{WarnPartialRecord, WarnPartialLeftOut, WarnPartialKept, WarnPartialNoSummary} {
				got, _ := r.Warning(k, fieldOf(k))
				exp, _ := w.Warning(k, fieldOf(k))
				if got.Count != exp.Count || got.Value != exp.Value || fmt.Sprint(got.Examples) != fmt.Sprint(exp.Examples) || got.Message != exp.Message {
					t.Errorf("%s: %+v, Read's %+v", k, got, exp)
				}
			}
		})
	}
}

func fieldOf(k WarningKind) string {
	if k == WarnPartialRecord {
		return "job_id"
	}
	return "status"
}

// TestUserSetBound: the summary counts distinct user ids with a bit each
// below 2^27 and a set of at most its bound of others; beyond, Users is −1
// (unknown) and the set is dropped. Before, the set grew with every
// distinct id of a log of any length.
func TestUserSetBound(t *testing.T) {
	for _, tc := range []struct {
		name  string
		users []int
		max   int
		want  int
	}{
		{"none", nil, 4, 0},
		{"unknown users not counted", []int{-1, -1, -7}, 4, 0},
		{"dense, repeated", []int{0, 1, 1, 63, 64, 64, 1000, 0}, 4, 5},
		{"largest dense id", []int{denseUsers - 1, denseUsers - 1, 5}, 1, 2},
		{"sparse within the bound", []int{denseUsers, 1 << 40, 1 << 40, 1<<53 - 1, 3}, 3, 4},
		{"sparse beyond the bound", []int{denseUsers, denseUsers + 1, denseUsers + 2, 1}, 2, -1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			u := userSet{max: tc.max}
			for _, id := range tc.users {
				u.add(id)
			}
			if got := u.count(); got != tc.want {
				t.Errorf("count %d, want %d", got, tc.want)
			}
			if len(u.more) > tc.max {
				t.Errorf("%d sparse ids kept, bound %d", len(u.more), tc.max)
			}
			if len(u.bits) > denseUsers/64 {
				t.Errorf("%d words of bits, more than %d", len(u.bits), denseUsers/64)
			}
		})
	}
}

// TestSummarizerUsersBounded: the summarizer's user set is bounded by its
// job bound (DefaultMaxRows): a log of more distinct ids than a trace can
// hold gives Users −1.
func TestSummarizerUsersBounded(t *testing.T) {
	z := summarizer{maxJobs: 3}
	if err := z.WriteHeader(Header{MaxProcs: 4}); err != nil {
		t.Fatal(err)
	}
	for i := range 5 {
		j := Job{JobID: i + 1, Submit: float64(i), Runtime: 1, Procs: 1, User: denseUsers + i, Status: 1}
		if err := z.WriteJob(&j); err != nil {
			t.Fatal(err)
		}
	}
	if s := z.result(); s.Users != -1 || s.Jobs != 5 || z.users.more != nil {
		t.Errorf("Users %d, Jobs %d, set of %d kept; want −1, 5, none", s.Users, s.Jobs, len(z.users.more))
	}
}

// FuzzSummaryAgreesWithRead: for any input Read accepts, the streaming
// summary (Scan, as tracelab info reads a file) counts the jobs, users and
// unknown run times of Read's trace, and the parts Read leaves out, and
// finds its machine size, with the events held or swept (peakSweep).
func FuzzSummaryAgreesWithRead(f *testing.F) {
	row := func(id, status, user int) string {
		return fmt.Sprintf("%d 0 5 10 4 -1 -1 4 200 -1 %d %d 1 7 1 1 -1 -1\n", id, status, user)
	}
	f.Add(row(1, 1, 1)+row(1, 2, 1)+row(1, 3, 2)+row(2, 1, 3), false)
	f.Add(row(2, 3, 1)+row(2, 1, 1)+row(1, 2, 4)+row(3, 4, 1)+row(3, 4, 1), true)
	f.Add(row(5, 2, -1)+row(4, 1, 134217728)+row(5, 0, 7)+row(4, 3, 1), false)
	// Session 19: parts of consecutive jobs with summaries after them, a
	// repeated summary, a part after its summary (the parser's partSet).
	f.Add(row(1, 2, 1)+row(2, 2, 1)+row(1, 1, 1)+row(2, 3, 1)+row(2, 1, 1)+row(2, 1, 1)+row(3, 1, 1)+row(3, 2, 1), false)
	// Session 22: the archive's deviations (TestArchiveVariants).
	for _, data := range variantSeeds() {
		f.Add(string(data), false)
	}
	f.Fuzz(func(t *testing.T, in string, keep bool) {
		opts := ReadOptions{Name: "f.swf", KeepPartialRecords: keep}
		tr, err := Read(strings.NewReader(in), opts)
		if err != nil {
			return
		}
		sum := summarizer{keepParts: keep}
		rep, err := Scan(strings.NewReader(in), opts, &sum)
		if err != nil {
			t.Fatalf("Read accepts, Scan refuses: %v", err)
		}
		s := sum.result()
		sum.report(rep)
		want, err := Summarize(tr)
		if err != nil {
			t.Fatal(err)
		}
		if s.Jobs != tr.Len() || rep.Jobs != tr.Report.Jobs || s.Users != want.Users || s.UnknownRuntime != want.UnknownRuntime ||
			rep.PartialRecordsSkipped != tr.Report.PartialRecordsSkipped {
			t.Errorf("summary jobs %d users %d unknown run %d skipped %d (report jobs %d); Read's %d, %d, %d, %d (%d)",
				s.Jobs, s.Users, s.UnknownRuntime, rep.PartialRecordsSkipped, rep.Jobs,
				tr.Len(), want.Users, want.UnknownRuntime, tr.Report.PartialRecordsSkipped, tr.Report.Jobs)
		}
		// The machine size: the events held (s), swept as the jobs come
		// with a second reading when they are out of order (as
		// SummarizeFile), and swept over the trace (Summarize).
		swept, err := summarizeWith(opts, func(w JobWriter) (*ReadReport, error) { return Scan(strings.NewReader(in), opts, w) },
			func(w JobWriter) error { _, err := Scan(strings.NewReader(in), opts, w); return err })
		if err != nil {
			t.Fatalf("swept: %v", err)
		}
		if m := tr.Machine(); s.Machine != m || swept.Machine != m || want.Machine != m {
			t.Errorf("machine held %v, swept %v, of the trace %v; Read's %v", s.Machine, swept.Machine, want.Machine, m)
		}
		if p, h := tr.PeakInUse(), heldPeak(tr); p != h {
			t.Errorf("Trace.PeakInUse %d, the peak of all its events %d", p, h)
		}
	})
}

// TestSummarizerPartsBounded: the job numbers the summary keeps to settle
// the partial-execution records are bounded by its job bound: beyond that
// many numbers out of order (a log Read refuses), the set is dropped and
// every part counts as a row, as Scan hands it on.
func TestSummarizerPartsBounded(t *testing.T) {
	z := summarizer{maxJobs: 3}
	if err := z.WriteHeader(Header{MaxProcs: 4}); err != nil {
		t.Fatal(err)
	}
	jobs := []Job{
		{JobID: 9, Status: 1}, {JobID: 9, Status: 2}, // a part of job 9, kept until the end
		{JobID: 7, Status: 1}, {JobID: 5, Status: 1}, {JobID: 3, Status: 1}, {JobID: 1, Status: 1}, // out of order: beyond the bound
		{JobID: 1, Status: 3},
	}
	for i := range jobs {
		jobs[i].Submit, jobs[i].Runtime, jobs[i].Procs, jobs[i].User = 0, 1, 1, 1
		if err := z.WriteJob(&jobs[i]); err != nil {
			t.Fatal(err)
		}
	}
	s := z.result()
	if !z.wholeOver || z.whole.more.len() != 0 || s.Jobs != len(jobs) || z.leftOut.n != 0 {
		t.Errorf("over %v, %d numbers kept, %d jobs, %d parts left out; want the set dropped and %d jobs", z.wholeOver, z.whole.more.len(), s.Jobs, z.leftOut.n, len(jobs))
	}
}
