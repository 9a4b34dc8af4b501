package datasets

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"testing"
	"time"
)

// jobsReader generates n job lines as they are read (job i submitted at
// 60·i seconds, running 100 s on 4 processors), after a header: a log of
// any length that is never written to disk.
type jobsReader struct {
	header string
	n, i   int
	buf    []byte
}

func (r *jobsReader) Read(b []byte) (int, error) {
	if r.header != "" {
		r.buf, r.header = append(r.buf, r.header...), ""
	}
	for len(r.buf) < len(b) && r.i < r.n {
		r.i++
		r.buf = fmt.Appendf(r.buf, "%d %d 0 100 4 -1 -1 4 200 -1 1 %d 1 -1 1 -1 -1 -1\n", r.i, 60*r.i, 1+r.i%7)
	}
	if len(r.buf) == 0 {
		return 0, io.EOF
	}
	k := copy(b, r.buf)
	r.buf = r.buf[:copy(r.buf, r.buf[k:])]
	return k, nil
}

// TestSummaryOverBoundReason: a log whose header gives no machine size
// and that holds more jobs than the summary keeps the times of
// (ReadOptions.MaxRows, else DefaultMaxRows) has an unknown size because
// of its length, and SizeReason says so; it used to say "no logged start
// and end times to infer one", which the log has (tracelab info on a log
// of more than 10 million jobs). At the bound the size is inferred as
// before; a size in the header is used whatever the length.
func TestSummaryOverBoundReason(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name      string
		header    string
		jobs, max int
		rule      SizeRule
		over      bool
		reason    string
	}{
		{name: "at the bound", jobs: 5, max: 5, rule: SizePeakInUse, reason: "inferred: peak processors"},
		{name: "one job beyond", jobs: 6, max: 5, rule: SizeUnknown, over: true, reason: "not inferred: more than 5 jobs"},
		{name: "header size", header: "; MaxProcs: 64\n", jobs: 6, max: 5, rule: SizeHeaderMaxProcs, reason: "header MaxProcs"},
		{name: "MaxNodes only", header: "; MaxNodes: 8\n", jobs: 6, max: 5, rule: SizeHeaderMaxNodes, reason: "header MaxNodes"},
		{name: "MaxProcs -1", header: "; MaxProcs: -1\n", jobs: 6, max: 5, rule: SizeUnknown, over: true, reason: "more than 5 jobs"},
		{name: "default bound", jobs: 50, max: 0, rule: SizePeakInUse, reason: "inferred"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := SummarizeReader(&jobsReader{header: tc.header, n: tc.jobs}, ReadOptions{Name: "long.swf", MaxRows: tc.max})
			if err != nil {
				t.Fatal(err)
			}
			if s.Jobs != tc.jobs || s.Machine.Rule != tc.rule || s.SizeOverBound != tc.over {
				t.Errorf("%d jobs, %v, over bound %v; want %d, %v, %v", s.Jobs, s.Machine, s.SizeOverBound, tc.jobs, tc.rule, tc.over)
			}
			if r := s.SizeReason(); !strings.Contains(r, tc.reason) || (tc.over && strings.Contains(r, "no logged")) {
				t.Errorf("reason %q, want one containing %q", r, tc.reason)
			}
		})
	}
}

// TestSummaryOverDefaultBound: the same at the real bound, DefaultMaxRows
// + 1 jobs generated as they are read (470 MB of lines never written),
// in a helper process under a memory limit: the reason names the bound,
// and dropping the events keeps the memory that of DefaultMaxRows jobs'.
func TestSummaryOverDefaultBound(t *testing.T) {
	if testing.Short() {
		t.Skip("reads 10 million generated jobs (about 10 s); TestSummaryOverBoundReason covers the logic")
	}
	r := runHelper(t, "summarize-generated", 2<<30, 5*time.Minute, strconv.Itoa(DefaultMaxRows+1))
	want := fmt.Sprintf("jobs %d\nsize unknown (no size in the header; not inferred: more than %d jobs", DefaultMaxRows+1, DefaultMaxRows)
	if !strings.HasPrefix(string(r.Stdout), want) {
		t.Errorf("helper printed %q, want %q…", string(r.Stdout), want)
	}
	t.Logf("peak %d MB, CPU %v", r.MaxRSS>>20, r.CPU)
}
