package datasets

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/tracelab/tracelab/datasets/datasetstest/malformed"
)

const goodLine = malformed.GoodLine

func gz(s string) []byte { return malformed.Gzip(s) }

// warned is one expected warning: its kind, field and row count.
type warned struct {
	kind  WarningKind
	field string
	count int
}

// TestReadMalformed decides, for each kind of bad input of the shared list
// (datasets/datasetstest/malformed, which the CLI's test also runs every
// command on), whether it is an error (and which, where) or accepted (how
// many jobs, with exactly which warnings). The decisions are the table in
// the package documentation.
func TestReadMalformed(t *testing.T) {
	t.Parallel()
	type expect struct {
		err   error    // nil: no error
		line  int      // line of the error
		field string   // field of the error
		jobs  int      // rows in the trace when err is nil
		warn  []warned // the warnings, in order, when err is nil
		check func(t *testing.T, tr *Trace)
	}
	nan := func(col func(*Trace) []float64) func(*testing.T, *Trace) {
		return func(t *testing.T, tr *Trace) {
			if v := col(tr)[0]; !math.IsNaN(v) {
				t.Errorf("value %g kept; want unknown (NaN)", v)
			}
			if len(tr.Report.Replaced) != 1 {
				t.Errorf("replaced = %v, want the written value", tr.Report.Replaced)
			}
		}
	}
	want := map[string]expect{
		// A row without 18 fields is read as far as it goes (session 14;
		// they were errors): TestFieldCount has the cases.
		"too few fields": {jobs: 1, warn: []warned{{WarnFieldCount, "cpu_time", 1}}, check: func(t *testing.T, tr *Trace) {
			if tr.Procs[0] != 4 || !math.IsNaN(tr.CPUTime[0]) || tr.User[0] != -1 {
				t.Errorf("job %+v: want procs 4, the fields after it unknown", tr.Job(0))
			}
		}},
		"too many fields": {jobs: 1, warn: []warned{{WarnFieldCount, "", 1}}},
		// A value the trace cannot hold is unreadable: the field unknown, a
		// row whose submit is unreadable left out (session 13; they were
		// errors). TestUnreadable has the cases.
		"non-numeric": {jobs: 1, warn: []warned{{WarnUnreadable, "submit", 1}}},
		// A measure written NaN, Inf or beyond float64 is one odd value,
		// not an unreadable log (round 2 of the hostile audit; they were
		// errors): unknown, reported, the value in Replaced.
		"NaN text": {jobs: 1, warn: []warned{{WarnOutOfRange, "wait", 1}}, check: nan(func(t *Trace) []float64 { return t.Wait })},
		"Inf text": {jobs: 1, warn: []warned{{WarnOutOfRange, "runtime", 1}}, check: nan(func(t *Trace) []float64 { return t.Runtime })},
		"overflow": {jobs: 1, warn: []warned{{WarnOutOfRange, "runtime", 1}}, check: nan(func(t *Trace) []float64 { return t.Runtime })},
		"decimal user id": {jobs: 1, warn: []warned{{WarnUnreadable, "user", 1}}, check: func(t *testing.T, tr *Trace) {
			if tr.User[0] != -1 || len(tr.Report.Unreadable) != 1 || tr.Report.Unreadable[0].Token != "3.5" {
				t.Errorf("user %d, unreadable %+v; want −1 and the token 3.5", tr.User[0], tr.Report.Unreadable)
			}
		}},
		"truncated gzip":        {err: ErrBadGzip},
		"binary garbage":        {err: ErrBinary, line: 1, field: "job_id"},
		"empty file":            {err: ErrNoJobs},
		"header only":           {err: ErrNoJobs},
		"only placeholders":     {err: ErrNoJobs},
		"digit separators":      {err: ErrNoJobs}, // the only row's submit is unreadable
		"integer beyond int64":  {jobs: 2, warn: []warned{{WarnUnreadable, "procs", 1}, {WarnUnreadable, "user", 1}}},
		"decimal comma and hex": {jobs: 2, warn: []warned{{WarnUnreadable, "runtime", 1}, {WarnUnreadable, "procs", 1}}},
		"submit NaN among jobs": {jobs: 2, warn: []warned{{WarnUnreadable, "submit", 1}, {WarnUnreadable, "status", 1}},
			check: func(t *testing.T, tr *Trace) {
				if r := tr.Report; r.UnreadableSkipped != 1 || tr.JobID[1] != 3 || tr.Status[1] != -1 {
					t.Errorf("jobs %v, status %v, %d left out; want 1 and 3, status −1 for 3, 1 left out", tr.JobID, tr.Status, r.UnreadableSkipped)
				}
			}},
		"hex float":                    {err: ErrNoJobs},
		"submit times in milliseconds": {err: ErrNoJobs},
		"CSV file": {jobs: 1, check: func(t *testing.T, tr *Trace) {
			if tr.Wait[0] != 10 || tr.Runtime[0] != 100 || tr.Procs[0] != -1 {
				t.Errorf("job %+v: want wait 10, runtime 100, procs unknown", tr.Job(0))
			}
		}},
		"JSON file": {jobs: 1, check: func(t *testing.T, tr *Trace) {
			if tr.JobID[0] != 1 || tr.Submit[0] != 0 || !math.IsNaN(tr.Wait[0]) {
				t.Errorf("job %+v: want job 1 at 0, wait unknown", tr.Job(0))
			}
		}},
		"HTML page":       {err: ErrNotSWF, line: 1},
		"bad gzip header": {err: ErrBadGzip},
		"bzip2 file":      {err: ErrBadBzip2}, // bzip2 is read (session 14); this one is cut short

		"negative runtime": {jobs: 1, warn: []warned{{WarnNegativeValue, "runtime", 1}},
			check: nan(func(t *Trace) []float64 { return t.Runtime })},
		"negative submit": {jobs: 1, warn: []warned{{WarnBeforeStart, "submit", 1}},
			check: func(t *testing.T, tr *Trace) {
				if tr.Submit[0] != -2 {
					t.Errorf("submit %g, want −2 kept", tr.Submit[0])
				}
			}},
		"bad status": {jobs: 1, warn: []warned{{WarnStatusCode, "status", 1}},
			check: func(t *testing.T, tr *Trace) {
				if tr.Status[0] != 7 {
					t.Errorf("status %d, want 7 kept", tr.Status[0])
				}
			}},
		"duplicate job id":       {jobs: 2, warn: []warned{{WarnUnsortedJobID, "", 1}, {WarnDuplicateJobID, "job_id", 1}}},
		"submit going backwards": {jobs: 2, warn: []warned{{WarnUnsortedSubmit, "submit", 1}}},
		"job ids not increasing": {jobs: 2, warn: []warned{{WarnUnsortedJobID, "", 1}}},
		"zero processors":        {jobs: 1, warn: []warned{{WarnZeroProcs, "procs", 1}}},
		"CRLF and blank lines":   {jobs: 1},
		"decimal times":          {jobs: 1},
		"no trailing newline":    {jobs: 1},
		"tabs as separators":     {jobs: 1},
		"exit codes as status": {jobs: 10, warn: []warned{{WarnStatusCode, "status", 7}},
			check: func(t *testing.T, tr *Trace) {
				w, _ := tr.Report.Warning(WarnStatusCode, "status")
				if w.Line != 4 || w.Value != "265" || !slices.Equal(w.Examples, []int{2, 3, 4, 6, 7}) {
					t.Errorf("warning %+v: want first line 4, value 265, jobs 2 3 4 6 7", w)
				}
				if want := []int{1, 265, 127, 126, 0, 255, 137, 267, -4, 5}; !slices.Equal(tr.Status, want) {
					t.Errorf("status %v, want the raw codes %v", tr.Status, want)
				}
			}},
		"negative user id": {jobs: 1, warn: []warned{{WarnNegativeValue, "user", 1}},
			check: func(t *testing.T, tr *Trace) {
				if tr.User[0] != -5 {
					t.Errorf("user %d, want −5 kept", tr.User[0])
				}
			}},
		"placeholder among jobs":   {jobs: 1, warn: []warned{{WarnPlaceholder, "submit", 1}}},
		"cpu time above runtime":   {jobs: 1, warn: []warned{{WarnCPUExceedsRuntime, "cpu_time", 1}}},
		"processors above machine": {jobs: 1, warn: []warned{{WarnExceedsMachine, "procs", 1}, {WarnExceedsMachine, "req_procs", 1}}},
		"requested above limits": {jobs: 1, warn: []warned{{WarnExceedsLimit, "runtime", 1}, {WarnExceedsLimit, "req_time", 1},
			{WarnExceedsLimit, "mem", 1}}},
		"submit 1e300": {jobs: 1, warn: []warned{{WarnSubmitOutOfRange, "submit", 1}},
			check: func(t *testing.T, tr *Trace) {
				r := tr.Report
				if r.OutOfRangeSkipped != 1 || len(r.Replaced) != 1 || r.Replaced[0] != (ReplacedValue{Row: -1, Line: 2, JobID: 2, Field: "submit", Value: 1e300}) {
					t.Errorf("report %+v", r)
				}
			}},
		"submit 1e20":     {jobs: 1, warn: []warned{{WarnSubmitOutOfRange, "submit", 1}}},
		"runtime 1e300":   {jobs: 1, warn: []warned{{WarnOutOfRange, "runtime", 1}}, check: nan(func(t *Trace) []float64 { return t.Runtime })},
		"wait 1e13":       {jobs: 1, warn: []warned{{WarnOutOfRange, "wait", 1}}, check: nan(func(t *Trace) []float64 { return t.Wait })},
		"memory 1e300":    {jobs: 1, warn: []warned{{WarnOutOfRange, "mem", 1}}, check: nan(func(t *Trace) []float64 { return t.Mem })},
		"think time 1e12": {jobs: 1, warn: []warned{{WarnOutOfRange, "think_time", 1}}, check: nan(func(t *Trace) []float64 { return t.ThinkTime })},
		"UnixStartTime overflow": {jobs: 1, warn: []warned{{WarnHeader, "UnixStartTime", 1}},
			check: func(t *testing.T, tr *Trace) {
				if tr.Header.UnixStartTime != 0 {
					t.Errorf("UnixStartTime %d kept", tr.Header.UnixStartTime)
				}
			}},
		"unknown time zone": {jobs: 1, warn: []warned{{WarnHeader, "TimeZoneString", 1}}},
		"MaxProcs zero":     {jobs: 1, warn: []warned{{WarnHeader, "MaxProcs", 1}}},
		"bad numeric header": {jobs: 1, warn: []warned{{WarnHeader, "MaxProcs", 1}},
			check: func(t *testing.T, tr *Trace) {
				if tr.Header.MaxProcs != 0 || len(tr.Header.Extra) != 1 || tr.Header.Extra[0] != (Directive{"MaxProcs", "many"}) {
					t.Errorf("header %+v: want MaxProcs unset and kept as text", tr.Header)
				}
			}},
		"MaxProcs negative":          {jobs: 1, warn: []warned{{WarnHeader, "MaxProcs", 1}}},
		"UnixStartTime beyond int64": {jobs: 1, warn: []warned{{WarnHeader, "UnixStartTime", 1}}},
		"MaxRecords lies": {jobs: 5, check: func(t *testing.T, tr *Trace) {
			if c := cap(tr.JobID); c > 1<<13 {
				t.Errorf("capacity %d for 5 jobs: the header's MaxRecords was trusted", c)
			}
		}},
		"negative MaxRecords":    {jobs: 1, warn: []warned{{WarnHeader, "MaxRecords", 1}}},
		"absurd TimeZone offset": {jobs: 1, warn: []warned{{WarnHeader, "TimeZone", 1}}},
		"byte-order mark": {jobs: 1, check: func(t *testing.T, tr *Trace) {
			if tr.Header.Version != "2.2" {
				t.Errorf("version %q: the byte-order mark broke line 1", tr.Header.Version)
			}
		}},
		"byte-order mark before a job": {jobs: 1},
	}
	cases := malformed.Cases()
	if len(cases) != len(want) {
		t.Errorf("%d shared cases, %d expectations: every case needs one", len(cases), len(want))
	}
	for _, c := range cases {
		tc, ok := want[c.Name]
		if !ok {
			t.Errorf("case %q has no expectation", c.Name)
			continue
		}
		t.Run(c.Name, func(t *testing.T) {
			t.Parallel()
			tr, err := Read(bytes.NewReader(c.Input), ReadOptions{Name: "bad.swf"})
			if tc.err == nil {
				if err != nil {
					t.Fatalf("unexpected error: %v", err)
				}
				if tr.Len() != tc.jobs {
					t.Errorf("%d jobs, want %d", tr.Len(), tc.jobs)
				}
				var got []warned
				for _, w := range tr.Report.Warnings {
					got = append(got, warned{w.Kind, w.Field, w.Count})
					if w.Line < 1 || w.Message == "" || (w.Kind != WarnHeader && len(w.Examples) == 0) {
						t.Errorf("incomplete warning %+v", w)
					}
				}
				if !slices.Equal(got, tc.warn) {
					t.Errorf("warnings %v, want %v", tr.Report.Warnings, tc.warn)
				}
				if tc.check != nil {
					tc.check(t, tr)
				}
				return
			}
			if err == nil {
				t.Fatalf("no error; want %v", tc.err)
			}
			if !strings.Contains(err.Error(), "bad.swf") {
				t.Errorf("error %q does not name the file", err)
			}
			if strings.Count(err.Error(), "gzip") > 1 {
				t.Errorf("error %q says gzip more than once", err)
			}
			if tc.err != errAny && !errors.Is(err, tc.err) {
				t.Fatalf("error %v, want %v", err, tc.err)
			}
			var pe *ParseError
			if tc.line > 0 {
				if !errors.As(err, &pe) {
					t.Fatalf("error %v is not a *ParseError", err)
				}
				if pe.Line != tc.line || pe.Field != tc.field {
					t.Errorf("line %d field %q, want line %d field %q (%v)", pe.Line, pe.Field, tc.line, tc.field, err)
				}
			}
		})
	}
}

var errAny = errors.New("any error")

func TestReadValues(t *testing.T) {
	t.Parallel()
	in := "; Version: 2.2\n; UnixStartTime: 1000\n; TimeZoneString: Europe/Stockholm\n; MaxProcs: 64\n" +
		"; Information: first\n;              second\n; Note: a note\n; Custom: x\n;\n; free text\n" +
		"1 0 10 100 4 90 -1 4 200 -1 1 3 1 7 1 1 -1 -1\n" +
		"2 5.5 -1 -1 -1 -1 -1 -1 -1 -1 5 4 1 7 1 1 1 2.5\n" +
		"3 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1\n"
	tr, err := Read(strings.NewReader(in), ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if tr.Len() != 2 || tr.Report.PlaceholdersSkipped != 1 {
		t.Fatalf("len %d skipped %d, want 2 and 1", tr.Len(), tr.Report.PlaceholdersSkipped)
	}
	if tr.Submit[1] != 5.5 || !math.IsNaN(tr.Wait[1]) || !math.IsNaN(tr.Runtime[1]) || tr.Procs[1] != -1 ||
		tr.Status[1] != 5 || tr.PrevJob[1] != 1 || tr.ThinkTime[1] != 2.5 {
		t.Errorf("row 2 = %+v", tr.Job(1))
	}
	if tr.Start(0) != 10 || tr.End(0) != 110 || !math.IsNaN(tr.End(1)) {
		t.Errorf("start/end = %g %g %g", tr.Start(0), tr.End(0), tr.End(1))
	}
	h := tr.Header
	if h.Version != "2.2" || h.UnixStartTime != 1000 || h.MaxProcs != 64 || h.Information != "first\nsecond" ||
		len(h.Notes) != 1 || len(h.Extra) != 1 || h.Extra[0] != (Directive{"Custom", "x"}) || len(h.Comments) != 2 {
		t.Errorf("header = %+v", h)
	}
	keep, err := Read(strings.NewReader(in), ReadOptions{KeepPlaceholders: true})
	if err != nil {
		t.Fatal(err)
	}
	if keep.Len() != 3 || keep.Report.PlaceholdersSkipped != 0 || !math.IsNaN(keep.Submit[2]) {
		t.Errorf("kept placeholders: len %d skipped %d submit %g", keep.Len(), keep.Report.PlaceholdersSkipped, keep.Submit[2])
	}
}

func TestParseNumber(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in      string
		integer bool
		want    float64
		err     error
	}{
		{"0", true, 0, nil},
		{"-1", true, -1, nil},
		{"123456789", true, 123456789, nil},
		{"1.5", false, 1.5, nil},
		{"0.1", false, 0.1, nil},
		{"12345.678", false, 12345.678, nil},
		{"1e3", false, 1000, nil},
		{"1e3", true, 1000, nil},
		{"1.5", true, 0, ErrNotInteger},
		{"99999999999999999999", false, 1e20, nil},
		{"abc", false, 0, ErrNotNumber},
		{"-", false, 0, ErrNotNumber},
		{"nan", false, 0, ErrNotFinite},
		{"1e999", false, 0, ErrNotFinite},
		{"+7", true, 7, nil},
		{"1_000", false, 0, ErrNotNumber},
		{"1_0.5", false, 0, ErrNotNumber},
		{"0x10", true, 0, ErrNotNumber},
		{"0x1p3", false, 0, ErrNotNumber},
		{"Infinity", false, 0, ErrNotFinite},
		{"-inf", false, 0, ErrNotFinite},
		{".5", false, 0.5, nil},
		{"1e", false, 0, ErrNotNumber},
		{"1e+5", false, 1e5, nil},
		{"9007199254740993", true, 0, ErrIntegerRange},
	}
	for _, tc := range tests {
		got, err := parseNumber([]byte(tc.in), tc.integer)
		if !errors.Is(err, tc.err) || (err == nil && got != tc.want) {
			t.Errorf("parseNumber(%q) = %g, %v; want %g, %v", tc.in, got, err, tc.want, tc.err)
		}
	}
}

// TestParseFieldExact checks the one-pass fast path against strconv.
func TestParseFieldExact(t *testing.T) {
	t.Parallel()
	for _, s := range []string{"0.3", "2.675", "1234567.891", "0.000001", "99999.99999", "8589934592.5",
		"-0.5", "123456789012345", "0.123456789012345", "+42", "7."} {
		got, end, err := parseField([]byte(s+" 1"), 0, false)
		if err != nil || end != len(s) {
			t.Fatalf("%s: %v, end %d", s, err, end)
		}
		if want := mustParse(s); got != want {
			t.Errorf("%s: got %v want %v", s, got, want)
		}
	}
}

// FuzzParseFields checks the field loop of a job line, with its integer
// fast path, against a plain reference: the line split at blanks and each
// token read by parseNumber (which strconv.ParseFloat backs). Values must be
// equal bit for bit (−0 included), errors the same.
func FuzzParseFields(f *testing.F) {
	for _, s := range []string{goodLine, "1 -0 +7 007 -1\t2.5 1e3 .5 7. -", "123456789012345 1234567890123456 -9999999999999999",
		"1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19", "1 2x 3", "1 2.5 3", "1  \t 2\t\t-3 ", "\x001 2"} {
		f.Add(strings.TrimRight(s, "\n"))
	}
	f.Fuzz(func(t *testing.T, line string) {
		if strings.ContainsAny(line, "\n") {
			return
		}
		i := len(line) - len(strings.TrimLeft(line, " \t"))
		if i == len(line) {
			return // a blank line never reaches parseFields
		}
		var got [18]float64
		nf, bad, err := parseFields([]byte(line), i, &got)
		var want [18]float64
		blank := func(r rune) bool { return r == ' ' || r == '\t' }
		for k, tok := range strings.FieldsFunc(line, blank) {
			if k == 18 {
				if err != errMoreFields || nf != 18 {
					t.Fatalf("%q: 19 fields, got nf %d, %v", line, nf, err)
				}
				return
			}
			v, werr := parseNumber([]byte(tok), integerField[k])
			if werr != nil {
				if k != nf || !errors.Is(err, werr) || line[bad[0]:bad[1]] != tok {
					t.Fatalf("%q: field %d %q: want %v, got field %d %q %v", line, k, tok, werr, nf, line[bad[0]:bad[1]], err)
				}
				return
			}
			want[k] = v
		}
		if err != nil || nf != len(strings.FieldsFunc(line, blank)) {
			t.Fatalf("%q: got %d fields, %v", line, nf, err)
		}
		for k := range nf {
			if math.Float64bits(got[k]) != math.Float64bits(want[k]) {
				t.Fatalf("%q: field %d = %v, want %v", line, k, got[k], want[k])
			}
		}
	})
}

func mustParse(s string) float64 {
	v, err := strconvParse(s)
	if err != nil {
		panic(err)
	}
	return v
}

// TestCapacity: the columns hold little more room than the rows they were
// read into, whatever the header announces and whether or not the input's
// size is known (a file, bytes, gzip with its size trailer, or a stream).
func TestCapacity(t *testing.T) {
	t.Parallel()
	var big strings.Builder
	big.WriteString("; MaxRecords: 50000000\n; MaxJobs: 50000000\n")
	for i := range 50_000 {
		fmt.Fprintf(&big, "%d %d 10 %d 4 90 -1 4 200 -1 1 %d 1 7 1 1 -1 -1\n", i+1, 3*i, 100+i%977, i%37)
	}
	small := "; MaxRecords: 50000000\n" + strings.Repeat(goodLine, 1)
	path := filepath.Join(t.TempDir(), "big.swf.gz")
	if err := os.WriteFile(path, gz(big.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		read   func() (*Trace, error)
		jobs   int
		maxCap int
	}{
		{"bytes", func() (*Trace, error) { return Read(strings.NewReader(big.String()), ReadOptions{}) }, 50_000, 50_000 * 9 / 8},
		{"gzip bytes", func() (*Trace, error) { return Read(bytes.NewReader(gz(big.String())), ReadOptions{}) }, 50_000, 50_000 * 9 / 8},
		{"gzip file", func() (*Trace, error) { return ReadFile(path, ReadOptions{}) }, 50_000, 50_000 * 9 / 8},
		{"stream", func() (*Trace, error) { return Read(io.MultiReader(strings.NewReader(big.String())), ReadOptions{}) }, 50_000, 50_000 * 9 / 8},
		{"small bytes", func() (*Trace, error) { return Read(strings.NewReader(small), ReadOptions{}) }, 1, firstRows},
		{"small stream", func() (*Trace, error) { return Read(io.MultiReader(strings.NewReader(small)), ReadOptions{}) }, 1, firstRows},
	}
	for _, tc := range tests {
		tr, err := tc.read()
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if tr.Len() != tc.jobs || cap(tr.JobID) > tc.maxCap || cap(tr.ThinkTime) > tc.maxCap {
			t.Errorf("%s: %d jobs in columns of capacity %d; want %d within %d", tc.name, tr.Len(), cap(tr.JobID), tc.jobs, tc.maxCap)
		}
	}
}
