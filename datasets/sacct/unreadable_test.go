package sacct

import (
	"errors"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/tracelab/tracelab/datasets"
)

// unreadRow returns a COMPLETED job line (header's columns) submitted at
// 00:05, started 00:06, ended 00:16 on 2024-03-01, with column k set to v
// (k < 0: none).
func unreadRow(id string, k int, v string) string {
	f := strings.Split(id+"|"+id+"|u|g|a|p|q|2024-03-01T00:05:00|2024-03-01T00:06:00|2024-03-01T00:16:00|60|4|2|4|4000M|00:20:00|COMPLETED|0:0|n1", "|")
	if k >= 0 {
		f[k] = v
	}
	return strings.Join(f, "|")
}

// TestUnreadable: a value of the export that no time, count, duration or
// size reads makes that value unknown (as an empty field would, or −1 in
// SWF), flags the job COLUMN-unreadable, counts it in a WarnUnreadable
// warning of that column and keeps the token in Report.Unreadable; an
// unreadable Submit leaves the line out (Report.UnreadableSkipped), its
// line kept. The expected values are read off the planted line (line 3,
// job 2: the second by submit). Before: each was a ParseError and the
// whole export was refused.
func TestUnreadable(t *testing.T) {
	t.Parallel()
	first := "1|1|u|g|a|p|q|2024-03-01T00:00:00|2024-03-01T00:00:00|2024-03-01T00:01:00|60|4|2|4|4000M|00:04:00|COMPLETED|0:0|n1"
	nan := func(x float64) bool { return math.IsNaN(x) }
	cases := []struct {
		col, token string
		k          int
		why        error
		unknown    func(j datasets.Job) bool // the job's value that became unknown, and the others kept
	}{
		{"Start", "yesterday", 8, ErrNotTime, func(j datasets.Job) bool { return nan(j.Wait) && nan(j.Runtime) && j.Procs == 4 }},
		{"End", "2024-02-31T00:00:00", 9, ErrNotTime, func(j datasets.Job) bool { return j.Wait == 60 && nan(j.Runtime) }},
		{"TimelimitRaw", "1h", 10, ErrNotMinutes, func(j datasets.Job) bool { return nan(j.ReqTime) && j.Runtime == 600 }},
		{"NCPUS", "4.5", 11, ErrNotCount, func(j datasets.Job) bool { return j.Procs == -1 && nan(j.CPUTime) && j.ReqProcs == 4 }},
		{"NNodes", "two", 12, ErrNotCount, func(j datasets.Job) bool { return nan(j.ReqMem) && j.Procs == 4 }},
		// An unknown ReqCPUS is NCPUS, as for an empty one (package doc).
		{"ReqCPUS", "-", 13, ErrNotCount, func(j datasets.Job) bool { return j.ReqProcs == 4 && j.Procs == 4 }},
		{"ReqMem", "lots", 14, ErrNotMemory, func(j datasets.Job) bool { return nan(j.ReqMem) && j.Procs == 4 }},
		{"TotalCPU", "3-25:61:61", 15, ErrNotDuration, func(j datasets.Job) bool { return nan(j.CPUTime) && j.Runtime == 600 }},
	}
	control := utc(t, header+first+"\n"+unreadRow("2", -1, "")+"\n")
	if j := control.Trace.Job(1); j.Wait != 60 || j.Runtime != 600 || j.Procs != 4 || j.ReqProcs != 4 || j.ReqTime != 3600 ||
		j.CPUTime != 300 || nan(j.ReqMem) || control.Flags[1] != "" {
		t.Fatalf("control job %+v, flags %q", j, control.Flags[1])
	}
	for _, c := range cases {
		im, err := Read(strings.NewReader(header+first+"\n"+unreadRow("2", c.k, c.token)+"\n"), Options{Location: time.UTC})
		if err != nil {
			t.Errorf("%s %q: %v", c.col, c.token, err)
			continue
		}
		rep := im.Trace.Report
		if im.Trace.Len() != 2 || !c.unknown(im.Trace.Job(1)) || im.Flags[1] != c.col+"-unreadable" || im.Flags[0] != "" {
			t.Errorf("%s %q: %d jobs, job 2 %+v flags %q", c.col, c.token, im.Trace.Len(), im.Trace.Job(1), im.Flags)
		}
		w, ok := rep.Warning(datasets.WarnUnreadable, c.col)
		if !ok || w.Count != 1 || w.Line != 3 || w.Value != c.token || len(w.Examples) != 1 || w.Examples[0] != 2 ||
			!strings.Contains(w.Message, c.col+` "`+c.token+`" is `+c.why.Error()) {
			t.Errorf("%s %q: warning %v %+v", c.col, c.token, ok, w)
		}
		want := datasets.UnreadableValue{Row: 1, Line: 3, JobID: 2, Field: c.col, Token: c.token, Why: c.why}
		if len(rep.Unreadable) != 1 || rep.Unreadable[0] != want || rep.UnreadableSkipped != 0 {
			t.Errorf("%s %q: unreadable %+v (skipped %d), want %+v", c.col, c.token, rep.Unreadable, rep.UnreadableSkipped, want)
		}
	}

	// Submit: the line is left out, counted, kept whole.
	for _, tok := range []string{"yesterday", "2024-02-31T00:00:00", "Unknown"} {
		line := unreadRow("2", 7, tok)
		im, err := Read(strings.NewReader(header+first+"\n"+line+"\n"), Options{Location: time.UTC})
		if err != nil {
			t.Errorf("Submit %q: %v", tok, err)
			continue
		}
		rep := im.Trace.Report
		want := datasets.UnreadableValue{Row: -1, Line: 3, JobID: -1, Field: "Submit", Token: tok, Why: ErrNotTime, Text: line}
		w, ok := rep.Warning(datasets.WarnUnreadable, "Submit")
		if im.Trace.Len() != 1 || rep.UnreadableSkipped != 1 || len(rep.Unreadable) != 1 || rep.Unreadable[0] != want ||
			!ok || w.Count != 1 || w.Line != 3 || w.Value != tok {
			t.Errorf("Submit %q: %d jobs, skipped %d, unreadable %+v, warning %+v", tok, im.Trace.Len(), rep.UnreadableSkipped, rep.Unreadable, w)
		}
	}
}

// TestUnreadableBounds: the tokens listed are the first
// datasets.MaxUnreadablePerField of a column, each cut to
// datasets.MaxUnreadableText bytes; the others are counted, and the
// warning counts every job.
func TestUnreadableBounds(t *testing.T) {
	t.Parallel()
	const n = 20
	long := strings.Repeat("é", datasets.MaxUnreadableText) // 2 bytes each
	var b strings.Builder
	b.WriteString(header)
	for i := range n {
		b.WriteString(unreadRow(strings.Repeat("1", 1)+string(rune('0'+i/10))+string(rune('0'+i%10)), 11, long) + "\n")
	}
	im, err := Read(strings.NewReader(b.String()), Options{Location: time.UTC})
	if err != nil {
		t.Fatal(err)
	}
	rep := im.Trace.Report
	w, _ := rep.Warning(datasets.WarnUnreadable, "NCPUS")
	if len(rep.Unreadable) != datasets.MaxUnreadablePerField || rep.UnreadableNotListed != n-datasets.MaxUnreadablePerField || w.Count != n {
		t.Fatalf("listed %d, not listed %d, warning count %d; want %d, %d, %d", len(rep.Unreadable), rep.UnreadableNotListed, w.Count,
			datasets.MaxUnreadablePerField, n-datasets.MaxUnreadablePerField, n)
	}
	for _, v := range rep.Unreadable {
		if len(v.Token) > datasets.MaxUnreadableText || !strings.HasSuffix(v.Token, "…") || !errors.Is(v.Why, ErrNotCount) {
			t.Fatalf("token of %d bytes %q…, why %v", len(v.Token), v.Token[:8], v.Why)
		}
	}
}
