package datasets

import (
	"bytes"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"testing"

	"github.com/klauspost/compress/zstd"
	"github.com/tracelab/tracelab/datasets/datasetstest/malformed"
)

// equalTraces compares every column (NaN equal to NaN) and the header.
func equalTraces(t *testing.T, a, b *Trace) {
	t.Helper()
	if a.Len() != b.Len() {
		t.Fatalf("lengths %d and %d", a.Len(), b.Len())
	}
	fa, fb := floatCols(a), floatCols(b)
	for c := range fa {
		for i := range fa[c] {
			x, y := fa[c][i], fb[c][i]
			if x != y && !(math.IsNaN(x) && math.IsNaN(y)) {
				t.Fatalf("float column %d row %d: %v != %v", c, i, x, y)
			}
		}
	}
	if !reflect.DeepEqual(intCols(a), intCols(b)) {
		t.Fatal("integer columns differ")
	}
}

func floatCols(t *Trace) [][]float64 {
	return [][]float64{t.Submit, t.Wait, t.Runtime, t.CPUTime, t.Mem, t.ReqTime, t.ReqMem, t.ThinkTime}
}

func intCols(t *Trace) [][]int {
	return [][]int{t.JobID, t.Procs, t.ReqProcs, t.Status, t.User, t.Group, t.App, t.Queue, t.Partition, t.PrevJob}
}

func TestSampleRoundTrip(t *testing.T) {
	t.Parallel()
	a := Sample()
	var buf bytes.Buffer
	if err := WriteSWF(&buf, a); err != nil {
		t.Fatal(err)
	}
	b, err := Read(&buf, ReadOptions{Name: "sample"})
	if err != nil {
		t.Fatal(err)
	}
	equalTraces(t, a, b)
	if !reflect.DeepEqual(a.Header, b.Header) {
		t.Errorf("header changed:\n%+v\n%+v", a.Header, b.Header)
	}
}

// TestHeaderEdited checks that a changed header is regenerated (not the
// stale verbatim lines) and reads back equal.
func TestHeaderEdited(t *testing.T) {
	t.Parallel()
	a := Sample()
	a.Header.MaxProcs = 77
	a.Header.Notes = append(a.Header.Notes, "two\nlines")
	var buf bytes.Buffer
	if err := WriteSWF(&buf, a); err != nil {
		t.Fatal(err)
	}
	b, err := Read(&buf, ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if b.Header.MaxProcs != 77 || b.Header.Notes[len(b.Header.Notes)-1] != "two\nlines" {
		t.Errorf("header after edit: %+v", b.Header)
	}
}

func TestFrameRoundTrip(t *testing.T) {
	t.Parallel()
	a := Sample()
	a.Runtime[3] = math.NaN() // an unknown measure
	a.Procs[4] = -1           // an unknown count
	df := a.Frame()
	if df.Nrow() != a.Len() || df.Ncol() != len(JobColumns) {
		t.Fatalf("frame %dx%d", df.Nrow(), df.Ncol())
	}
	if got := df.Names(); !reflect.DeepEqual(got, JobColumns) {
		t.Fatalf("columns %v", got)
	}
	if v := df.Col("procs").Float()[4]; !math.IsNaN(v) {
		t.Errorf("unknown procs in frame = %v, want NaN", v)
	}
	b, err := FromFrame(a.Name, df)
	if err != nil {
		t.Fatal(err)
	}
	equalTraces(t, a, b)
}

func TestExportRoundTrip(t *testing.T) {
	t.Parallel()
	a := Sample()
	a.Wait[0] = 1.0 / 3 // needs full precision
	a.User[1] = -1
	df := a.Frame()
	dir := t.TempDir()
	for _, ext := range []string{".csv", ".parquet"} {
		p := filepath.Join(dir, "jobs"+ext)
		if err := WriteFrameFile(p, df); err != nil {
			t.Fatal(err)
		}
		back, err := ReadFrameFile(p)
		if err != nil {
			t.Fatal(err)
		}
		b, err := FromFrame(a.Name, back)
		if err != nil {
			t.Fatalf("%s: %v", ext, err)
		}
		equalTraces(t, a, b)
		if !reflect.DeepEqual(back.Names(), df.Names()) {
			t.Errorf("%s: column order %v", ext, back.Names())
		}
	}
	var js bytes.Buffer
	if err := WriteJSON(&js, df.Subset([]int{0, 1})); err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(js.Bytes(), []byte(`"wait": 0.3333333333333333`)) || !bytes.Contains(js.Bytes(), []byte(`"req_mem": null`)) {
		t.Errorf("json:\n%s", js.String())
	}
}

func TestWriteSWFFileGzip(t *testing.T) {
	t.Parallel()
	a := Sample()
	p := filepath.Join(t.TempDir(), "x.swf.gz")
	if err := WriteSWFFile(p, a); err != nil {
		t.Fatal(err)
	}
	b, err := ReadFile(p, ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	equalTraces(t, a, b)
	if b.Name != "x" {
		t.Errorf("name %q", b.Name)
	}
	entries, _ := os.ReadDir(filepath.Dir(p))
	if len(entries) != 1 {
		t.Errorf("temporary files left: %v", entries)
	}
}

// FuzzRead: no input makes Read panic; whatever it accepts holds only values
// within the reader's valid ranges, reports consistently, and survives a
// write → read round trip unchanged.
func FuzzRead(f *testing.F) {
	f.Add([]byte(goodLine))
	f.Add([]byte("; Version: 2\n; MaxProcs: 4\n" + goodLine + "2 1.5 -1 3 1 -1 -1 1 -1 -1 0 1 1 -1 -1 -1 1 7\n"))
	f.Add([]byte("1 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0\r\n"))
	f.Add(gz(goodLine))
	// Unreadable values (session 13): kept as unknown, or the row left out.
	f.Add([]byte(goodLine + "2 5 1,5 100 0x10 90 -1 9007199254740993 200 -1 NaN 3 1 7 1 1 -1 -1\n3 Inf 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1\n"))
	f.Add([]byte("job_id,submit,procs,user\n1,0,2.5,\"1,5\"\n2,x,1,1\n"))
	f.Add([]byte(`[{"job_id": 1, "submit": 0, "user": 9007199254740993}, {"job_id": 2, "submit": "x"}]`))
	// Rows without 18 fields (session 14): read as far as they go.
	f.Add([]byte(goodLine + "2 5 10 100\n3\n4 9 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 x\n5 9 1"))
	// Session 15: partial-execution records with and without a summary
	// line, comments and directives among the jobs, header numbers as
	// real logs write them, padding at the end.
	f.Add([]byte("; MaxProcs: 1,024\n; TimeZoneString: Europe/Stockholm\n; StartTime: Mon Sep 23 14:00:31 CEST 1996\n" +
		"1 0 5 100 4 -1 -1 4 200 -1 1 3 1 7 1 1 -1 -1\n1 0 5 40 4 -1 -1 4 200 -1 2 3 1 7 1 1 -1 -1\n" +
		"; a comment\n; MaxProcs: 8\n1 0 65 60 4 -1 -1 4 200 -1 3 3 1 7 1 1 -1 -1\n" +
		"2 9 5 40 4 -1 -1 4 200 -1 2 3 1 7 1 1 -1 -1\n2 9 65 60 x -1 -1 4 200 -1 4 3 1 7 1 1 -1 -1\n\x1a\x00"))
	// Session 16: zstd, one frame and two.
	if enc, err := zstd.NewWriter(nil); err == nil {
		one := enc.EncodeAll([]byte(goodLine), nil)
		f.Add(one)
		f.Add(append(bytes.Clone(one), enc.EncodeAll([]byte("2 5 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1\n"), nil)...))
	}
	// Session 19: PWA logs and converters' quirks: zone names with a
	// comment, dropped from tzdata, UNKNOWN or Local; integers written as
	// floats; augmented SWF (20 fields); job numbers from 0.
	f.Add([]byte("; TimeZoneString: Europe/Berlin (CET)\n; UnixStartTime: UNKNOWN\n; MaxNodes: -1\n; MaxProcs: -1\n" +
		"0.0 0.0 5.0 100.0 4.0 -1.0 -1.0 4.0 200.0 -1.0 1.0 3.0 1.0 7.0 1.0 1.0 -1.0 -1.0\n1 9 5 40 4 -1 -1 4 200 -1 5 0 1 7 1 1 -1 -1 12 1\n"))
	f.Add([]byte("; TimeZoneString: US/Pacific-New\n" + goodLine + "; TimeZoneString: Local\n2 3 -1 -1 0 -1 -1 4 -1 -1 5 -1 -1 -1 -1 -1 -1 -1\n"))
	for _, c := range malformed.Cases() {
		f.Add(c.Input)
	}
	// Session 22, round 2: zone offsets and far starts.
	f.Add([]byte("; TimeZoneString: GMT-05:00\n; UnixStartTime: -1\n" + goodLine))
	f.Add([]byte("; TimeZoneString: +05:30 (IST)\n; UnixStartTime: 6000000000\n" + goodLine))
	// Session 22: the archive's deviations (TestArchiveVariants).
	for _, data := range variantSeeds() {
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		a, err := Read(bytes.NewReader(data), ReadOptions{})
		if err != nil {
			return
		}
		checkRanges(t, a)
		var buf bytes.Buffer
		if err := WriteSWF(&buf, a); err != nil {
			t.Fatal(err)
		}
		b, err := Read(&buf, ReadOptions{})
		if err != nil {
			t.Fatalf("re-read failed: %v\n%s", err, buf.String())
		}
		equalTraces(t, a, b)
		if !reflect.DeepEqual(a.Header, b.Header) {
			t.Fatalf("header changed:\n%#v\n%#v", a.Header, b.Header)
		}
	})
}

// checkRanges checks that a trace read from SWF holds only values within
// the reader's valid ranges and that its report is consistent.
func checkRanges(t *testing.T, tr *Trace) {
	t.Helper()
	r := tr.Report
	if r.Jobs != tr.Len() || r.Lines < tr.Len() {
		t.Fatalf("report says %d jobs in %d lines, trace has %d", r.Jobs, r.Lines, tr.Len())
	}
	for i := range tr.JobID {
		if s := tr.Submit[i]; math.Abs(s) > MaxTime {
			t.Fatalf("row %d: submit %g out of range", i, s)
		}
		for _, x := range []float64{tr.Wait[i], tr.Runtime[i], tr.CPUTime[i], tr.ReqTime[i]} {
			if x < 0 || x > MaxDuration {
				t.Fatalf("row %d: duration %g out of range", i, x)
			}
		}
		for _, x := range []float64{tr.Mem[i], tr.ReqMem[i]} {
			if x < 0 || x > MaxMemoryKB {
				t.Fatalf("row %d: memory %g out of range", i, x)
			}
		}
		if x := tr.ThinkTime[i]; math.Abs(x) > MaxDuration {
			t.Fatalf("row %d: think time %g out of range", i, x)
		}
		for _, x := range []int{tr.JobID[i], tr.Procs[i], tr.ReqProcs[i], tr.Status[i], tr.User[i], tr.Group[i],
			tr.App[i], tr.Queue[i], tr.Partition[i], tr.PrevJob[i]} {
			if x <= -1<<53 || x >= 1<<53 {
				t.Fatalf("row %d: integer %d beyond 2^53 (a frame cannot hold it exactly)", i, x)
			}
		}
	}
	// Unreadable values: bounded, consistent, each counted by a warning of
	// its field.
	var listed [len(FieldNames)]int
	for _, v := range r.Unreadable {
		k := slices.Index(FieldNames[:], v.Field)
		if k < 0 || v.Row >= tr.Len() || v.Line < 1 || v.Line > r.Lines || len(v.Token) > MaxUnreadableText ||
			len(v.Text) > MaxUnreadableText || (v.Row >= 0 && v.Text != "") || v.Why == nil {
			t.Fatalf("inconsistent unreadable value %+v", v)
		}
		if v.Row >= 0 && tr.JobID[v.Row] != v.JobID {
			t.Fatalf("unreadable value %+v names row of job %d", v, tr.JobID[v.Row])
		}
		if listed[k]++; listed[k] > MaxUnreadablePerField {
			t.Fatalf("more than %d unreadable values of %s listed", MaxUnreadablePerField, v.Field)
		}
	}
	all := r.UnreadableNotListed
	for k, n := range listed {
		all += n
		if w, ok := r.Warning(WarnUnreadable, FieldNames[k]); n > 0 && (!ok || w.Count < n) {
			t.Fatalf("%d unreadable %s values listed, warning %+v", n, FieldNames[k], w)
		}
	}
	if all != r.Count(WarnUnreadable) {
		t.Fatalf("%d unreadable values, warnings count %d", all, r.Count(WarnUnreadable))
	}
	if h := tr.Header; h.UnixStartTime < -MaxTime || h.UnixStartTime > MaxTime || h.MaxProcs < 0 || h.MaxNodes < 0 {
		t.Fatalf("header out of range: %+v", h)
	}
	for _, w := range r.Warnings {
		header := w.Kind == WarnHeader || w.Kind == WarnLongHeader // no line in JSON and Parquet
		if w.Count < 1 || (w.Line < 1 && !header) || w.Line > r.Lines || w.Message == "" || len(w.Examples) > MaxWarningExamples {
			t.Fatalf("inconsistent warning %+v (%d lines)", w, r.Lines)
		}
	}
	for _, v := range r.Replaced {
		if v.Row >= tr.Len() || v.Line < 1 || v.Line > r.Lines {
			t.Fatalf("inconsistent replaced value %+v", v)
		}
		if v.Row >= 0 && tr.JobID[v.Row] != v.JobID {
			t.Fatalf("replaced value %+v names row of job %d", v, tr.JobID[v.Row])
		}
	}
}
