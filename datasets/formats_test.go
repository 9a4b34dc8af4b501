package datasets

import (
	"bytes"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// edgeTrace is a small log with the values a format must carry exactly:
// unknowns in every column, decimals needing 17 digits, a submit before
// the start, an exit code as status, ids below −1, and a header with
// notes, unknown directives, comments and a directive kept as text.
func edgeTrace(t *testing.T) *Trace {
	t.Helper()
	in := "; Version: 2.2\n; UnixStartTime: 843480031\n; TimeZoneString: Europe/Stockholm\n; MaxProcs: 100\n" +
		"; MaxRuntime: N/A\n; Note: a note\n;       continued\n; Custom: x, y\n;\n; free text, with a comma\n" +
		"1 0 10 100 4 90 -1 4 200 -1 1 3 1 7 1 1 -1 -1\n" +
		"2 -5 0.1 0.30000000000000004 1 -1 1024 -1 -1 2048 265 -5 -1 -1 -1 -1 1 7.25\n" +
		"3 1e6 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1\n" +
		"4 1234567.891 3 5 0 5 -1 2 7200 -1 5 4 2 9 3 2 -1 -1\n"
	tr, err := Read(strings.NewReader(in), ReadOptions{Name: "edge"})
	if err != nil {
		t.Fatal(err)
	}
	return tr
}

// TestFormatsRoundTrip writes logs in every format and reads them back:
// the same jobs, the same header (verbatim lines, hence the same machine
// size, start time and zone), the same warnings.
func TestFormatsRoundTrip(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, a := range []*Trace{Sample(), edgeTrace(t)} {
		for _, ext := range []string{".swf", ".swf.gz", ".csv", ".json", ".parquet"} {
			t.Run(a.Name+ext, func(t *testing.T) {
				p := filepath.Join(dir, a.Name+ext)
				if err := WriteTraceFile(p, a); err != nil {
					t.Fatal(err)
				}
				b, err := ReadFile(p, ReadOptions{})
				if err != nil {
					t.Fatal(err)
				}
				equalTraces(t, a, b)
				if !reflect.DeepEqual(a.Header, b.Header) {
					t.Errorf("header changed:\n%#v\n%#v", a.Header, b.Header)
				}
				if b.Name != a.Name || b.Machine() != a.Machine() {
					t.Errorf("name %q machine %v; want %q %v", b.Name, b.Machine(), a.Name, a.Machine())
				}
				if a.Report != nil && !reflect.DeepEqual(kinds(a.Report), kinds(b.Report)) {
					t.Errorf("warnings %v, want %v", kinds(b.Report), kinds(a.Report))
				}
				h, err := ReadHeaderFile(p)
				if err != nil || !reflect.DeepEqual(h, a.Header) {
					t.Errorf("ReadHeaderFile: %v %#v", err, h)
				}
			})
		}
	}
}

// kinds lists a report's warnings as kind, field and count.
func kinds(r *ReadReport) []warned {
	var out []warned
	for _, w := range r.Warnings {
		out = append(out, warned{w.Kind, w.Field, w.Count})
	}
	return out
}

// traceCollector builds a trace from a scan.
type traceCollector struct{ t Trace }

func (c *traceCollector) WriteHeader(h Header) error { c.t.Header = h; return nil }
func (c *traceCollector) WriteJob(j *Job) error      { c.t.Append(*j); return nil }

// TestScanIsRead: Scan hands on the jobs and header Read keeps, with the
// same report, in every format.
func TestScanIsRead(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	a := edgeTrace(t)
	for _, ext := range []string{".swf.gz", ".csv", ".json", ".parquet"} {
		p := filepath.Join(dir, "scan"+ext)
		if err := WriteTraceFile(p, a); err != nil {
			t.Fatal(err)
		}
		want, err := ReadFile(p, ReadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		var c traceCollector
		rep, err := ScanFile(p, ReadOptions{}, &c)
		if err != nil {
			t.Fatal(err)
		}
		equalTraces(t, want, &c.t)
		if !reflect.DeepEqual(c.t.Header, want.Header) || !reflect.DeepEqual(rep, want.Report) {
			t.Errorf("%s: scan header or report differ:\n%+v\n%+v", ext, rep, want.Report)
		}
	}
}

// TestSummary: the streaming summary agrees with the trace's own figures,
// for a log with a machine size and for one without (peak in use).
func TestSummary(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	a := Sample()
	b := a.Clone()
	b.Header.MaxProcs, b.Header.MaxNodes = 0, 0
	for i, tr := range []*Trace{a, b} {
		p := filepath.Join(dir, "s"+string(rune('0'+i))+".parquet")
		if err := WriteTraceFile(p, tr); err != nil {
			t.Fatal(err)
		}
		s, err := SummarizeFile(p, ReadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		lo, hi := math.Inf(1), math.Inf(-1)
		unknown := 0
		for k := range tr.JobID {
			lo, hi = min(lo, tr.Submit[k]), max(hi, tr.Submit[k])
			if math.IsNaN(tr.Runtime[k]) {
				unknown++
			}
		}
		if s.Jobs != tr.Len() || s.Users != tr.NumUsers() || s.Machine != tr.Machine() ||
			s.FirstSubmit != lo || s.LastSubmit != hi || s.UnknownRuntime != unknown {
			t.Errorf("summary %+v; trace: %d jobs, %d users, machine %v, submits %g…%g", s, tr.Len(), tr.NumUsers(), tr.Machine(), lo, hi)
		}
	}
	if b.Machine().Rule != SizePeakInUse {
		t.Fatalf("rule %v", b.Machine().Rule)
	}
}

// TestFrameFileKeepsWhatItCan: ReadFrameFile reads a log written by
// tracelab in every frame format; ReadHeaderFile gives FromFrame's trace
// its header back, so its machine is the log's.
func TestFrameFileKeepsWhatItCan(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	a := Sample()
	for _, ext := range []string{".csv", ".json", ".parquet"} {
		p := filepath.Join(dir, "frame"+ext)
		if err := WriteTraceFile(p, a); err != nil {
			t.Fatal(err)
		}
		df, err := ReadFrameFile(p)
		if err != nil {
			t.Fatalf("%s: %v", ext, err)
		}
		b, err := FromFrame(a.Name, df)
		if err != nil {
			t.Fatalf("%s: %v", ext, err)
		}
		equalTraces(t, a, b)
		if b.Machine().Rule != SizePeakInUse {
			t.Errorf("%s: a frame's trace has machine %v; want it inferred (no header)", ext, b.Machine())
		}
		if b.Header, err = ReadHeaderFile(p); err != nil || b.Machine() != a.Machine() {
			t.Errorf("%s: with ReadHeaderFile: machine %v, want %v (%v)", ext, b.Machine(), a.Machine(), err)
		}
	}
}

// TestOtherFormatsMalformed: CSV and JSON inputs that are not logs are
// errors naming the file, the row and the field.
func TestOtherFormatsMalformed(t *testing.T) {
	t.Parallel()
	const names = "job_id,submit,wait,runtime\n"
	long := strings.Repeat("9", 2<<20)
	tests := []struct {
		name, in string
		line     int
		field    string
		want     string
	}{
		{"CSV without job_id", "submit,wait\n1,2\n", 1, "", "no job_id column"},
		{"CSV row with an extra cell", names + "1,0,1,1\n2,0,1,1,7\n", 3, "", "another number of cells"},
		{"CSV line of 2 MiB", names + "1,0,1," + long + "\n", 2, "", "longer than 1 MiB"},
		{"CSV comment line of 2 MiB", "#" + long + "\n" + names, 1, "", "longer than 1 MiB"},
		{"JSON job without submit", `[{"job_id": 1}]`, 1, "submit", "no submit column"},
		{"JSON header after the jobs", `{"jobs": [{"job_id": 1, "submit": 0}], "swf_header": []}`, 1, "", "swf_header after the jobs"},
		// Before the first job the line is the file's (it was 0,
		// whatever the line); from the first job on, the job's row.
		{"JSON value of 2 MiB", `{"swf_header": ["` + long + `"], "jobs": []}`, 1, "", "longer than 1 MiB"},
		// 1.3 MiB: the decoder, reading as much as its buffer held,
		// passed values up to twice the bound.
		{"JSON job of 1.3 MiB", "[{\"job_id\": 1, \"submit\": 0}, {\"job_id\": 2, \"submit\": 1, \"x\": \"" + long[:1300<<10] + "\"}]", 2, "", "longer than 1 MiB"},
		{"JSON value of 2 MiB on line 3", "{\n\"swf_header\":\n [\"" + long + `"], "jobs": []}`, 3, "", "longer than 1 MiB"},
		{"JSON jobs not an array", `{"jobs": 17}`, 1, "", "jobs is not an array"},
		{"JSON jobs not an array on line 5", "{\"swf_header\": [\"; Version: 2\",\n \"; MaxProcs: 8\"],\n\n \"jobs\":\n 17}", 5, "", "jobs is not an array"},
		{"JSON header not an array on line 2", "{\n\"swf_header\": {}}", 2, "", "swf_header is not an array"},
		{"JSON header line a number on line 3", "{\"swf_header\": [\n\"; a\",\n 5]}", 3, "", "swf_header holds a JSON number"},
		{"JSON syntax error on line 3", "{\"about\":\n [1, 2,\n 3 x]}", 3, "", "invalid character 'x'"},
		{"JSON cut short before a job", "[\n\n", 3, "", "ends early"},
		{"JSON cut short", `[{"job_id": 1, "submit": 0},`, 2, "", "ends early"},
		{"JSON data after the end", `[] []`, 1, "", "data after the end"},
		{"JSON data after the end on line 2", "[]\n[]", 2, "", "data after the end"},
		{"JSON data after a job", "[{\"job_id\": 1, \"submit\": 0}]\n\n[]", 1, "", "data after the end"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			_, err := Read(strings.NewReader(tc.in), ReadOptions{Name: "bad"})
			var pe *ParseError
			if err == nil || !strings.Contains(err.Error(), tc.want) || !errorsAs(err, &pe) {
				t.Fatalf("error %v, want a *ParseError saying %q", err, tc.want)
			}
			if pe.File != "bad" || pe.Line != tc.line || pe.Field != tc.field {
				t.Errorf("%v: line %d field %q, want line %d field %q", err, pe.Line, pe.Field, tc.line, tc.field)
			}
		})
	}
}

// TestOtherFormatsAccepted: CSV and JSON as other tools write them.
func TestOtherFormatsAccepted(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, in string
		jobs     int
	}{
		{"CSV with a byte-order mark, CRLF, spaces and quotes", "\uFEFFjob_id, submit ,wait\r\n\"1\",0, 5\r\n2,1,NaN\r\n", 2},
		{"CSV with pandas' empty cells and 1.0 ids", "job_id,submit,user\n1.0,0,\n2.0,3,7.0\n", 2},
		{"CSV with comments after the names", "job_id,submit\n# a comment\n1,0\n", 1},
		{"JSON array of frames", `[{"job_id": 1, "submit": 0, "wait": null, "other": "x"}]`, 1},
		{"JSON object with other keys", `{"about": {"a": [1, 2]}, "jobs": [{"job_id": 1, "submit": 0}]}`, 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			tr, err := Read(strings.NewReader(tc.in), ReadOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if tr.Len() != tc.jobs {
				t.Errorf("%d jobs, want %d", tr.Len(), tc.jobs)
			}
		})
	}
}

func errorsAs(err error, pe **ParseError) bool {
	for e := err; e != nil; {
		if p, ok := e.(*ParseError); ok {
			*pe = p
			return true
		}
		u, ok := e.(interface{ Unwrap() error })
		if !ok {
			return false
		}
		e = u.Unwrap()
	}
	return false
}

// TestStdinParquet: Parquet needs random access; from a stream it is a
// clear error.
func TestStdinParquet(t *testing.T) {
	t.Parallel()
	p := filepath.Join(t.TempDir(), "x.parquet")
	if err := WriteTraceFile(p, Sample()); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(p)
	_, err := Read(struct{ *bytes.Buffer }{bytes.NewBuffer(b)}, ReadOptions{Name: "-"})
	if err == nil || !strings.Contains(err.Error(), "Parquet needs random access") {
		t.Errorf("error %v", err)
	}
}

// formatSeeds returns small logs written in format f, for the fuzz
// targets.
func formatSeeds(t testing.TB, f Format) [][]byte {
	var seeds [][]byte
	in := "; Version: 2.2\n; MaxProcs: 8\n; MaxRuntime: N/A\n; Note: a\n1 0 10 100 4 90 -1 4 200 -1 1 3 1 7 1 1 -1 -1\n" +
		"2 0.5 -1 1e6 -1 -1 1024 -1 -1 2048 265 -5 -1 -1 -1 -1 1 7.25\n"
	for _, s := range []string{in, goodLine} {
		tr, err := Read(strings.NewReader(s), ReadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		w, _ := NewWriter(&b, f)
		WriteTrace(w, tr)
		w.Close()
		seeds = append(seeds, b.Bytes())
	}
	return seeds
}

// FuzzReadCSV: no CSV input makes the reader panic; an accepted one holds
// values within the reader's ranges and survives a CSV round trip.
func FuzzReadCSV(f *testing.F) {
	for _, s := range formatSeeds(f, FormatCSV) {
		f.Add(s)
	}
	for _, s := range []string{"job_id,submit\n1,0\n", "\uFEFFjob_id,submit,user\r\n1,0,NaN\r\n", "#x\n#\njob_id,submit,wait\n1,2,\"3\"\n",
		"job_id,submit,start\n1,1e9,7\n2,-5,x\n", "job_id,submit\n1,0,\n",
		"job_id,submit,procs,user,runtime\n1.5,0,0x10,9007199254740993,Inf\n2,\"1,5\",4,3,1\n3,6,NaN,-Inf,x\n",
		"job_id,submit\n1,\"0\n2,1\n", "job_id,submit,x\n# a \"comment\n1,0,\"a\n\"\"b\"\n2,1,\n"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) { fuzzRoundTrip(t, data, FormatCSV) })
}

// FuzzReadJSON: likewise for JSON.
func FuzzReadJSON(f *testing.F) {
	for _, s := range formatSeeds(f, FormatJSON) {
		f.Add(s)
	}
	for _, s := range []string{`[{"job_id": 1, "submit": 0}]`, `{"swf_header": ["; MaxProcs: 4", "x"], "jobs": [{"job_id": 1, "submit": 0, "wait": null}]}`,
		`{"other": [1, {"a": "b"}], "jobs": []}`, `[{"job_id": 1e3, "submit": -0.5, "user": 1E2}]`,
		`[{"job_id": 1.5, "submit": 0, "user": 9007199254740993, "procs": "4", "wait": 1e400}, {"job_id": 2, "submit": [1]}]`,
		"{\"swf_header\": [\n\"; MaxProcs: x\",\n 5],\n\"jobs\": []}", "{\n\"jobs\":\n 17}", "[]\n\n[]", "{\"a\":\n[1,\n2 x]}"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) { fuzzRoundTrip(t, data, FormatJSON) })
}
