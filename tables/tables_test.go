package tables

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
)

func TestValues(t *testing.T) {
	t.Parallel()
	nan, inf := math.NaN(), math.Inf(1)
	for _, tt := range []struct {
		got, want string
	}{
		{Count(28476), "28,476"},
		{Count(-1234567), "−1,234,567"},
		{Count(7), "7"},
		{Measure(0.0421676, 4), "0.04217"},
		{Measure(31234.1, 4), "31,234"},
		{Measure(1234.5, 4), "1,235"},
		// The integer part grouped as a whole value's: 5296.3 beside 12,872.
		{Measure(5296.3, 5), "5,296.3"},
		{Measure(-5296.34, 6), "−5,296.34"},
		{Measure(-0.00049, 1), "−0.0005"},
		{Measure(-0.00001, 1), "−1e-05"},
		{Measure(2.5, 4), "2.5"},
		{Measure(2.22e-14, 4), "2.22e-14"},
		{Measure(-0.5, 4), "−0.5"},
		{Measure(12, 4), "12"},
		{Measure(0, 4), "0"},
		{Measure(nan, 4), "—"},
		{Measure(inf, 4), "∞"},
		{Measure(-inf, 4), "−∞"},
		{Measure(0.99996, 4), "1"},
		{Number(135.24), "135"},
		{Number(0.06299), "0.063"},
		{Percent(0.6395), "64%"},
		{Percent(0.0626), "6.3%"},
		{Percent(0.0042), "0.42%"},
		{Percent(nan), "—"},
		{Duration(42), "42 s"},
		{Duration(135), "2 min 15 s"},
		{Duration(12000), "3 h 20 min"},
		{Duration(2.4 * 86400), "2.4 days"},
		{Duration(-135), "−2 min 15 s"},
		{Date(836827620, nil), "1996-07-08 12:07"},
		{Date(836827620, time.FixedZone("PDT", -7*3600)), "1996-07-08 05:07"},
	} {
		if tt.got != tt.want {
			t.Errorf("got %q, want %q", tt.got, tt.want)
		}
	}
}

func TestFormat(t *testing.T) {
	t.Parallel()
	nan := math.NaN()
	df := dataframe.New(
		series.New([]string{"KTH-SP2", "ANL-Intrepid"}, series.String, "log"),
		series.New([]float64{28476, nan}, series.Float, "our_jobs"), // counts typed float
		series.New([]int{214, 236}, series.Int, "paper_users"),
		series.New([]float64{0.0421676, 2.22e-14}, series.Float, "diff"),
		series.New([]float64{836827620, 836900000}, series.Float, "start"), // Unix times
		series.New([]float64{86400, 3600}, series.Float, "begin"),          // seconds from the log's start
		series.New([]bool{true, false}, series.Bool, "inside"),
	)
	tb, err := Format(df, nil, Options{Missing: "the log is not in the archive copy"})
	if err != nil {
		t.Fatal(err)
	}
	want := [][]string{
		{"KTH-SP2", "28,476", "214", "0.04217", "1996-07-08 12:07", "24 h", "yes"},
		{"ANL-Intrepid", "—", "236", "2.22e-14", "1996-07-09 08:13", "1 h", "no"},
	}
	for i, r := range tb.Rows {
		if strings.Join(r, "|") != strings.Join(want[i], "|") {
			t.Errorf("row %d: %q, want %q", i, r, want[i])
		}
	}
	if len(tb.Notes) != 1 || tb.Notes[0] != "— the log is not in the archive copy" {
		t.Errorf("notes %q", tb.Notes)
	}
	if !tb.Right[1] || tb.Right[0] {
		t.Errorf("right %v", tb.Right)
	}
	// A wide table splits into parts that repeat the label column.
	parts := tb.Parts(4, 0)
	if len(parts) != 2 || parts[0].Header[0] != "log" || parts[1].Header[0] != "log" || len(parts[0].Header) != 4 || len(parts[1].Header) != 4 {
		t.Errorf("parts %v", parts)
	}
	if s := tb.String(); !strings.Contains(s, "ANL-Intrepid") || !strings.HasSuffix(s, "— the log is not in the archive copy\n") {
		t.Errorf("text:\n%s", s)
	}
}

// TestPartsWidth: a table wider than the width bound splits into parts
// within it, each repeating the label column; a column wider than the
// bound is a part of its own.
func TestPartsWidth(t *testing.T) {
	tb := Table{Header: []string{"log", "paper_shorter_01", "shorter_01", "paper_equal_01", "equal_01", "a_very_long_column_name_indeed"},
		Kinds: []Kind{Text, MeasureKind, MeasureKind, MeasureKind, MeasureKind, MeasureKind},
		Right: make([]bool, 6),
		Rows:  [][]string{{"SDSC-SP2", "0.5", "0.25", "0.125", "1", "2"}}}
	// Widths with the gaps: 11, 19, 13, 17, 11, 33.
	for _, tc := range []struct {
		maxCols, maxWidth int
		want              [][]string
	}{
		{0, 0, [][]string{tb.Header}},
		{12, 60, [][]string{{"log", "paper_shorter_01", "shorter_01", "paper_equal_01"}, {"log", "equal_01", "a_very_long_column_name_indeed"}}},
		{12, 40, [][]string{{"log", "paper_shorter_01"}, {"log", "shorter_01"}, {"log", "paper_equal_01", "equal_01"}, {"log", "a_very_long_column_name_indeed"}}},
		{3, 0, [][]string{{"log", "paper_shorter_01", "shorter_01"}, {"log", "paper_equal_01", "equal_01"}, {"log", "a_very_long_column_name_indeed"}}},
	} {
		parts := tb.Parts(tc.maxCols, tc.maxWidth)
		var got [][]string
		for _, p := range parts {
			got = append(got, p.Header)
		}
		if fmt.Sprint(got) != fmt.Sprint(tc.want) {
			t.Errorf("Parts(%d, %d) = %q, want %q", tc.maxCols, tc.maxWidth, got, tc.want)
		}
	}
}

// TestPartsLabels: every part starts with the text columns, wherever
// they are in the table.
func TestPartsLabels(t *testing.T) {
	tb := Table{Header: []string{"log", "a", "b", "c", "source"},
		Kinds: []Kind{Text, MeasureKind, MeasureKind, MeasureKind, Text},
		Right: make([]bool, 5),
		Rows:  [][]string{{"KTH-SP2", "1", "2", "3", "original"}}}
	var got [][]string
	for _, p := range tb.Parts(4, 0) {
		got = append(got, p.Header)
	}
	if want := [][]string{{"log", "source", "a", "b"}, {"log", "source", "c"}}; fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("parts %q, want %q", got, want)
	}
}

// TestPartsEven: a table a little too wide splits into even parts, not
// into all the columns that fit and a last one alone.
func TestPartsEven(t *testing.T) {
	tb := Table{Header: []string{"job", "user", "log_submit", "log_start", "conventional_submit", "conventional_start", "feedback_submit", "feedback_start"},
		Kinds: []Kind{CountKind, CountKind, MeasureKind, MeasureKind, MeasureKind, MeasureKind, MeasureKind, MeasureKind},
		Right: make([]bool, 8),
		Rows:  [][]string{{"1", "1", "0", "0", "0", "0", "0", "0"}}}
	var got []int
	for _, p := range tb.Parts(12, 110) {
		got = append(got, len(p.Header))
	}
	if fmt.Sprint(got) != "[4 4]" {
		t.Errorf("columns per part %v, want [4 4]", got)
	}
}

// TestTransposed: a frame of few rows and many columns reads down: a row
// per column, a column per row named by the text that tells rows apart.
func TestTransposed(t *testing.T) {
	tb := Table{Header: []string{"trace", "simulation", "jobs", "avg_wait"},
		Kinds: []Kind{Text, Text, CountKind, MeasureKind},
		Right: []bool{false, false, true, true},
		Rows:  [][]string{{"KTH-SP2", "conventional", "28,475", "6,859"}, {"KTH-SP2", "fluid", "28,475", "5,046"}},
		Notes: []string{"— not available"}}
	got := tb.Transposed()
	want := Table{Header: []string{"column", "conventional", "fluid"},
		Rows:  [][]string{{"trace", "KTH-SP2", "KTH-SP2"}, {"jobs", "28,475", "28,475"}, {"avg_wait", "6,859", "5,046"}},
		Notes: tb.Notes}
	if fmt.Sprint(got.Header, got.Rows, got.Notes) != fmt.Sprint(want.Header, want.Rows, want.Notes) {
		t.Errorf("transposed %q %q %q,\nwant %q %q %q", got.Header, got.Rows, got.Notes, want.Header, want.Rows, want.Notes)
	}
	// No text tells the rows apart: they are numbered.
	tb.Rows[1][1] = "conventional"
	if got := tb.Transposed(); fmt.Sprint(got.Header) != "[column row 1 row 2]" || len(got.Rows) != 4 {
		t.Errorf("rows not told apart: %q %q", got.Header, got.Rows)
	}
}

// TestMonthPeriod: the periods of the papers' log tables, as printed
// (Zakay & Feitelson 2013, Table I; Feitelson 2007, Table 6), are written
// the one way of tracelab's tables.
func TestMonthPeriod(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ s, layout, sep, want string }{
		{"12/94-12/95", "01/06", "-", "Dec 1994–Dec 1995"},
		{"04/98-04/00", "01/06", "-", "Apr 1998–Apr 2000"},
		{"1/1995–12/1995", "1/2006", "–", "Jan 1995–Dec 1995"},
		{"10/1994–9/1996", "1/2006", "–", "Oct 1994–Sep 1996"},
	} {
		got, err := MonthPeriod(tc.s, tc.layout, tc.sep)
		if err != nil || got != tc.want {
			t.Errorf("MonthPeriod(%q) = %q, %v; want %q", tc.s, got, err, tc.want)
		}
	}
	for _, bad := range []string{"", "12/94", "12/94–12/95", "13/94-12/95", "Dec 1994-Dec 1995"} {
		if got, err := MonthPeriod(bad, "01/06", "-"); err == nil {
			t.Errorf("MonthPeriod(%q) = %q, no error", bad, got)
		}
	}
	first, last := time.Date(1996, 9, 1, 0, 0, 0, 0, time.UTC), time.Date(1997, 8, 31, 23, 0, 0, 0, time.UTC)
	if got := MonthSpan(first, last); got != "Sep 1996–Aug 1997" {
		t.Errorf("MonthSpan = %q", got)
	}
}

// TestIdentifierColumns: columns named as identifiers (the job frames'
// job_id, user, queue, …) are written as plain digits, and the SWF's −1
// (not recorded) as missing; a count beside them keeps its separators.
func TestIdentifierColumns(t *testing.T) {
	t.Parallel()
	df := dataframe.New(
		series.New([]int{28488, 15}, series.Int, "job_id"),
		series.New([]int{1234, -1}, series.Int, "queue"),
		series.New([]float64{12345, -1}, series.Float, "request_id"),
		series.New([]int{28488, 15}, series.Int, "jobs"),
	)
	tb, err := Format(df, nil, Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := [][]string{{"28488", "1234", "12345", "28,488"}, {"15", Missing, Missing, "15"}}
	for i, w := range want {
		if !slices.Equal(tb.Rows[i], w) {
			t.Errorf("row %d: got %q, want %q", i, tb.Rows[i], w)
		}
	}
	if !slices.Equal(tb.Kinds, []Kind{IDKind, IDKind, IDKind, CountKind}) {
		t.Errorf("kinds %v", tb.Kinds)
	}
}
