package datasets

import (
	"bytes"
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/tracelab/tracelab/datasets/datasetstest/malformed"
)

const goodLine = malformed.GoodLine

func gz(s string) []byte { return malformed.Gzip(s) }

// TestReadMalformed decides, for each kind of bad input of the shared list
// (datasets/datasetstest/malformed, which the CLI's test also runs every
// command on), whether it is an error (and which) or a reported warning.
func TestReadMalformed(t *testing.T) {
	t.Parallel()
	type expect struct {
		err      error  // nil: no error
		line     int    // line of the error
		field    string // field of the error
		warnKind string // a warning expected when err is nil
	}
	want := map[string]expect{
		"too few fields":         {err: ErrFieldCount, line: 1},
		"too many fields":        {err: ErrFieldCount, line: 1},
		"non-numeric":            {err: ErrNotNumber, line: 2, field: "submit"},
		"NaN text":               {err: ErrNotFinite, line: 1, field: "wait"},
		"Inf text":               {err: ErrNotFinite, line: 1, field: "runtime"},
		"overflow":               {err: ErrNotFinite, line: 1, field: "runtime"},
		"negative runtime":       {err: ErrNegative, line: 1, field: "runtime"},
		"negative submit":        {err: ErrNegative, line: 1, field: "submit"},
		"decimal user id":        {err: ErrNotInteger, line: 1, field: "user"},
		"bad status":             {err: ErrStatus, line: 1, field: "status"},
		"truncated gzip":         {err: errAny},
		"binary garbage":         {err: ErrBinary, line: 1, field: "job_id"},
		"empty file":             {err: ErrNoJobs},
		"header only":            {err: ErrNoJobs},
		"only placeholders":      {err: ErrNoJobs},
		"duplicate job id":       {err: ErrDuplicate, line: 2, field: "job_id"},
		"bad numeric header":     {err: errAny, line: 1},
		"submit going backwards": {warnKind: "unsorted-submit"},
		"job ids not increasing": {warnKind: "unsorted-job-id"},
		"zero processors":        {warnKind: "zero-procs"},
		"CRLF and blank lines":   {},
		"decimal times":          {},
		"no trailing newline":    {},
		"tabs as separators":     {},
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
				if tc.warnKind != "" {
					if len(tr.Report.Warnings) != 1 || tr.Report.Warnings[0].Kind != tc.warnKind {
						t.Fatalf("warnings = %v, want one %s", tr.Report.Warnings, tc.warnKind)
					}
				} else if len(tr.Report.Warnings) != 0 {
					t.Fatalf("unexpected warnings %v", tr.Report.Warnings)
				}
				return
			}
			if err == nil {
				t.Fatalf("no error; want %v", tc.err)
			}
			if !strings.Contains(err.Error(), "bad.swf") {
				t.Errorf("error %q does not name the file", err)
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
	}
	for _, tc := range tests {
		got, err := parseNumber([]byte(tc.in), tc.integer)
		if !errors.Is(err, tc.err) || (err == nil && got != tc.want) {
			t.Errorf("parseNumber(%q) = %g, %v; want %g, %v", tc.in, got, err, tc.want, tc.err)
		}
	}
}

// TestParseNumberExact checks the fast path against strconv on decimals.
func TestParseNumberExact(t *testing.T) {
	t.Parallel()
	for _, s := range []string{"0.3", "2.675", "1234567.891", "0.000001", "99999.99999", "8589934592.5"} {
		got, err := parseNumber([]byte(s), false)
		if err != nil {
			t.Fatal(err)
		}
		if want := mustParse(s); got != want {
			t.Errorf("%s: got %v want %v", s, got, want)
		}
	}
}

func mustParse(s string) float64 {
	v, err := strconvParse(s)
	if err != nil {
		panic(err)
	}
	return v
}
