package datasets_test

import (
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/tracelab/tracelab/datasets"
)

// cleanedHeader returns an SWF header whose cleaning note lists the given
// filter lines, as the archive writes it.
func cleanedHeader(lines []string) string {
	var b strings.Builder
	b.WriteString("; Version: 2.2\n; MaxProcs: 8\n; Note: THIS IS A CLEANED VERSION OF THE LOG!\n;       The filters used to produce it were\n")
	for _, l := range lines {
		b.WriteString(";         " + l + "\n")
	}
	b.WriteString(";\n; Note: another note (1 jobs removed)\n")
	b.WriteString("1 0 5 100 4 -1 -1 4 300 -1 1 7 1 -1 -1 -1 -1 -1\n")
	return b.String()
}

// realCleaningFilters are the filter lines of the headers of the cleaned
// logs in /work/shared/pwa (the archive's files as of 2026; zcat | grep
// removed), with the filters they name.
var realCleaningFilters = []struct {
	log   string
	lines []string
	want  []datasets.CleaningFilter
}{
	{"CEA-Curie-2011-2.1-cln", []string{
		"submit<=2012-02-03 00:00:00 (272392 jobs removed)",
		"user=204 and (job>=274118 and job<=303564) (28878 jobs removed)",
		"user=288 and (job>=372153 and job<=593820) (118014 jobs removed)",
		"user=553 and (job>=542320 and job<=587600) (37905 jobs removed)",
		"user=4 and (job>=518258 and job<=600524) (3123 jobs removed)",
	}, []datasets.CleaningFilter{
		{Text: "submit<=2012-02-03 00:00:00 (272392 jobs removed)", Condition: "submit<=2012-02-03 00:00:00", User: -1, FromJob: 0, ToJob: 0, Other: "submit<=2012-02-03 00:00:00", Removed: 272392},
		{Text: "user=204 and (job>=274118 and job<=303564) (28878 jobs removed)", Condition: "user=204 and (job>=274118 and job<=303564)", User: 204, FromJob: 274118, ToJob: 303564, Other: "", Removed: 28878},
		{Text: "user=288 and (job>=372153 and job<=593820) (118014 jobs removed)", Condition: "user=288 and (job>=372153 and job<=593820)", User: 288, FromJob: 372153, ToJob: 593820, Other: "", Removed: 118014},
		{Text: "user=553 and (job>=542320 and job<=587600) (37905 jobs removed)", Condition: "user=553 and (job>=542320 and job<=587600)", User: 553, FromJob: 542320, ToJob: 587600, Other: "", Removed: 37905},
		{Text: "user=4 and (job>=518258 and job<=600524) (3123 jobs removed)", Condition: "user=4 and (job>=518258 and job<=600524)", User: 4, FromJob: 518258, ToJob: 600524, Other: "", Removed: 3123},
	}},
	{"CTC-SP2-1996-3.1-cln", []string{
		"user=135 and (job>=47421 and job<=50307) (2080 jobs removed)",
	}, []datasets.CleaningFilter{
		{Text: "user=135 and (job>=47421 and job<=50307) (2080 jobs removed)", Condition: "user=135 and (job>=47421 and job<=50307)", User: 135, FromJob: 47421, ToJob: 50307, Other: "", Removed: 2080},
	}},
	{"HPC2N-2002-2.2-cln", []string{
		"user=2 (305178 jobs removed)",
		"user=60 and (job>=254200 and job<=271542) (12333 jobs removed)",
		"user=67 and (job>=289098 and job<=305172) (6984 jobs removed)",
		"job<=10 (5 jobs removed)",
	}, []datasets.CleaningFilter{
		{Text: "user=2 (305178 jobs removed)", Condition: "user=2", User: 2, FromJob: 0, ToJob: 0, Other: "", Removed: 305178},
		{Text: "user=60 and (job>=254200 and job<=271542) (12333 jobs removed)", Condition: "user=60 and (job>=254200 and job<=271542)", User: 60, FromJob: 254200, ToJob: 271542, Other: "", Removed: 12333},
		{Text: "user=67 and (job>=289098 and job<=305172) (6984 jobs removed)", Condition: "user=67 and (job>=289098 and job<=305172)", User: 67, FromJob: 289098, ToJob: 305172, Other: "", Removed: 6984},
		{Text: "job<=10 (5 jobs removed)", Condition: "job<=10", User: -1, FromJob: 0, ToJob: 10, Other: "", Removed: 5},
	}},
	{"KTH-SP2-1996-2.1-cln", []string{
		"job<=14 (14 jobs removed)",
	}, []datasets.CleaningFilter{
		{Text: "job<=14 (14 jobs removed)", Condition: "job<=14", User: -1, FromJob: 0, ToJob: 14, Other: "", Removed: 14},
	}},
	{"LANL-CM5-1994-4.1-cln", []string{
		"user=50 and (job>=24439 and job<=64542) (33452 jobs removed)",
		"user=31 and (job>=64587 and job<=115040) (34307 jobs removed)",
		"user=38 and (job>=178585 and job<=192710) (11568 jobs removed)",
	}, []datasets.CleaningFilter{
		{Text: "user=50 and (job>=24439 and job<=64542) (33452 jobs removed)", Condition: "user=50 and (job>=24439 and job<=64542)", User: 50, FromJob: 24439, ToJob: 64542, Other: "", Removed: 33452},
		{Text: "user=31 and (job>=64587 and job<=115040) (34307 jobs removed)", Condition: "user=31 and (job>=64587 and job<=115040)", User: 31, FromJob: 64587, ToJob: 115040, Other: "", Removed: 34307},
		{Text: "user=38 and (job>=178585 and job<=192710) (11568 jobs removed)", Condition: "user=38 and (job>=178585 and job<=192710)", User: 38, FromJob: 178585, ToJob: 192710, Other: "", Removed: 11568},
	}},
	{"LLNL-Thunder-2007-1.1-cln", []string{
		"user=160 and (job>=19280 and job<=19452) (173 jobs removed)",
		"user=79 and (job>=47410 and job<=58079) (6539 jobs removed)",
		"user=40 and (job>=109911 and job<=110857) (911 jobs removed)",
	}, []datasets.CleaningFilter{
		{Text: "user=160 and (job>=19280 and job<=19452) (173 jobs removed)", Condition: "user=160 and (job>=19280 and job<=19452)", User: 160, FromJob: 19280, ToJob: 19452, Other: "", Removed: 173},
		{Text: "user=79 and (job>=47410 and job<=58079) (6539 jobs removed)", Condition: "user=79 and (job>=47410 and job<=58079)", User: 79, FromJob: 47410, ToJob: 58079, Other: "", Removed: 6539},
		{Text: "user=40 and (job>=109911 and job<=110857) (911 jobs removed)", Condition: "user=40 and (job>=109911 and job<=110857)", User: 40, FromJob: 109911, ToJob: 110857, Other: "", Removed: 911},
	}},
	{"OSC-Clust-2000-3.1-cln", []string{
		"user=174 (44617 jobs removed)",
	}, []datasets.CleaningFilter{
		{Text: "user=174 (44617 jobs removed)", Condition: "user=174", User: 174, FromJob: 0, ToJob: 0, Other: "", Removed: 44617},
	}},
	{"SDSC-BLUE-2000-4.2-cln", []string{
		"user=68 and (job>=58 and job<=564) (477 jobs removed)",
		"user=342 and (job>=88202 and job<=91148) (1468 jobs removed)",
		"user=269 and (job>=200425 and job<=217010) (5181 jobs removed)",
		"job<=8 (8 jobs removed)",
	}, []datasets.CleaningFilter{
		{Text: "user=68 and (job>=58 and job<=564) (477 jobs removed)", Condition: "user=68 and (job>=58 and job<=564)", User: 68, FromJob: 58, ToJob: 564, Other: "", Removed: 477},
		{Text: "user=342 and (job>=88202 and job<=91148) (1468 jobs removed)", Condition: "user=342 and (job>=88202 and job<=91148)", User: 342, FromJob: 88202, ToJob: 91148, Other: "", Removed: 1468},
		{Text: "user=269 and (job>=200425 and job<=217010) (5181 jobs removed)", Condition: "user=269 and (job>=200425 and job<=217010)", User: 269, FromJob: 200425, ToJob: 217010, Other: "", Removed: 5181},
		{Text: "job<=8 (8 jobs removed)", Condition: "job<=8", User: -1, FromJob: 0, ToJob: 8, Other: "", Removed: 8},
	}},
	{"SDSC-DS-2004-2.1-cln", []string{
		"job<=20 (20 jobs removed)",
	}, []datasets.CleaningFilter{
		{Text: "job<=20 (20 jobs removed)", Condition: "job<=20", User: -1, FromJob: 0, ToJob: 20, Other: "", Removed: 20},
	}},
	{"SDSC-Par-1996-3.1-cln", []string{
		"user=5 and (hour>=3 and hour<=3) (5301 jobs removed)",
		"user=23 and (job>=3036 and job<=4676) (1283 jobs removed)",
	}, []datasets.CleaningFilter{
		{Text: "user=5 and (hour>=3 and hour<=3) (5301 jobs removed)", Condition: "user=5 and (hour>=3 and hour<=3)", User: 5, FromJob: 0, ToJob: 0, Other: "hour>=3 and hour<=3", Removed: 5301},
		{Text: "user=23 and (job>=3036 and job<=4676) (1283 jobs removed)", Condition: "user=23 and (job>=3036 and job<=4676)", User: 23, FromJob: 3036, ToJob: 4676, Other: "", Removed: 1283},
	}},
	{"SDSC-SP2-1998-4.2-cln", []string{
		"user=21 and (job>=13717 and job<=16207) (944 jobs removed)",
		"user=374 and (job>=14969 and job<=28552) (11740 jobs removed)",
		"user=197 and (job>=31767 and job<=33202) (635 jobs removed)",
		"user=328 and (job>=66553 and job<=68106) (452 jobs removed)",
		"job<=10 (10 jobs removed)",
	}, []datasets.CleaningFilter{
		{Text: "user=21 and (job>=13717 and job<=16207) (944 jobs removed)", Condition: "user=21 and (job>=13717 and job<=16207)", User: 21, FromJob: 13717, ToJob: 16207, Other: "", Removed: 944},
		{Text: "user=374 and (job>=14969 and job<=28552) (11740 jobs removed)", Condition: "user=374 and (job>=14969 and job<=28552)", User: 374, FromJob: 14969, ToJob: 28552, Other: "", Removed: 11740},
		{Text: "user=197 and (job>=31767 and job<=33202) (635 jobs removed)", Condition: "user=197 and (job>=31767 and job<=33202)", User: 197, FromJob: 31767, ToJob: 33202, Other: "", Removed: 635},
		{Text: "user=328 and (job>=66553 and job<=68106) (452 jobs removed)", Condition: "user=328 and (job>=66553 and job<=68106)", User: 328, FromJob: 66553, ToJob: 68106, Other: "", Removed: 452},
		{Text: "job<=10 (10 jobs removed)", Condition: "job<=10", User: -1, FromJob: 0, ToJob: 10, Other: "", Removed: 10},
	}},
}

// TestCleaningFilters reads the cleaning notes of the real logs' headers
// through Read, so a filter line is a continuation of the note; a note
// that is not the cleaning note (the last one) lists no filter.
func TestCleaningFilters(t *testing.T) {
	t.Parallel()
	for _, c := range realCleaningFilters {
		tr, err := datasets.Read(strings.NewReader(cleanedHeader(c.lines)), datasets.ReadOptions{Name: c.log})
		if err != nil {
			t.Fatalf("%s: %v", c.log, err)
		}
		got, err := tr.Header.CleaningFilters()
		if err != nil {
			t.Errorf("%s: %v", c.log, err)
		}
		if fmt.Sprint(got) != fmt.Sprint(c.want) {
			t.Errorf("%s:\n got %+v\nwant %+v", c.log, got, c.want)
		}
	}
}

// TestCleaningFiltersUnreadable: a count, user or job number Go's int does
// not hold leaves its line out with an error naming it, never a 0; the
// other lines are read.
func TestCleaningFiltersUnreadable(t *testing.T) {
	t.Parallel()
	const big = "99999999999999999999" // > 2⁶³−1
	cases := []struct {
		name string
		note string
		want []int // Removed of the filters read
		bad  []string
	}{
		{"none", "THIS IS A CLEANED VERSION OF THE LOG!\nuser=1 (5 jobs removed)\njob<=3 (3 jobs removed)", []int{5, 3}, nil},
		{"count", "THIS IS A CLEANED VERSION OF THE LOG!\nuser=1 (" + big + " jobs removed)\njob<=3 (3 jobs removed)", []int{3}, []string{"user=1 (" + big}},
		{"user", "THIS IS A CLEANED VERSION OF THE LOG!\nuser=" + big + " (5 jobs removed)\njob<=3 (3 jobs removed)", []int{3}, []string{"user=" + big}},
		{"job", "THIS IS A CLEANED VERSION OF THE LOG!\njob>=" + big + " (5 jobs removed)\njob<=" + big + " (6 jobs removed)", nil, []string{"job>=" + big, "job<=" + big}},
		{"singular", "THIS IS A CLEANED VERSION OF THE LOG!\nuser=7 (1 job removed)", []int{1}, nil},
		{"not a filter", "THIS IS A CLEANED VERSION OF THE LOG!\nThe filters used to produce it were\n(x jobs removed)\n(-3 jobs removed)", nil, nil},
		{"not cleaned", "user=1 (5 jobs removed)", nil, nil},
	}
	for _, c := range cases {
		fs, err := datasets.Header{Notes: []string{c.note}}.CleaningFilters()
		var got []int
		for _, f := range fs {
			got = append(got, f.Removed)
		}
		if fmt.Sprint(got) != fmt.Sprint(c.want) {
			t.Errorf("%s: removed %v, want %v", c.name, got, c.want)
		}
		if (err != nil) != (len(c.bad) > 0) {
			t.Errorf("%s: error %v, want one for %q", c.name, err, c.bad)
		}
		for _, b := range c.bad {
			if err != nil && !strings.Contains(err.Error(), b) {
				t.Errorf("%s: error %v does not name %q", c.name, err, b)
			}
		}
	}
}

// TestCleaningFilterRange: Flurry and Meets of the kinds of filter the
// archive writes (a whole user, a user's burst, the first jobs, a user at
// an hour).
func TestCleaningFilterRange(t *testing.T) {
	t.Parallel()
	cases := []struct {
		f      datasets.CleaningFilter
		flurry bool
		meets  [][2]int // job-number ranges it meets
		misses [][2]int // and those it does not
	}{
		{datasets.CleaningFilter{User: 2, Removed: 305178}, false, [][2]int{{1, 1}, {5, 9}}, nil},
		{datasets.CleaningFilter{User: 60, FromJob: 254200, ToJob: 271542, Removed: 12333}, true,
			[][2]int{{254200, 254200}, {271542, 300000}, {1, 254200}, {260000, 260001}}, [][2]int{{1, 254199}, {271543, 300000}}},
		{datasets.CleaningFilter{User: -1, ToJob: 10, Removed: 5}, false, [][2]int{{1, 10}, {10, 20}}, [][2]int{{11, 20}}},
		{datasets.CleaningFilter{User: 5, Other: "hour>=3 and hour<=3", Removed: 5301}, false, [][2]int{{1, 1}}, nil},
	}
	for _, c := range cases {
		if c.f.Flurry() != c.flurry {
			t.Errorf("%+v: Flurry %v", c.f, c.f.Flurry())
		}
		for _, r := range c.meets {
			if !c.f.Meets(r[0], r[1]) {
				t.Errorf("%+v does not meet %v", c.f, r)
			}
		}
		for _, r := range c.misses {
			if c.f.Meets(r[0], r[1]) {
				t.Errorf("%+v meets %v", c.f, r)
			}
		}
	}
}

// FuzzCleaningFilters: every filter read is a line of the note ending in
// its count, with a user of −1 or more and job bounds of 0 or more; every
// line ending in "(N jobs removed)" is either read or named in the error.
func FuzzCleaningFilters(f *testing.F) {
	for _, c := range realCleaningFilters {
		f.Add(strings.Join(c.lines, "\n"))
	}
	f.Add("user=1 (99999999999999999999 jobs removed)\njob>=-3 (2 jobs removed)\n(1 job removed)")
	counted := regexp.MustCompile(`\((\d+) jobs? removed\)$`)
	f.Fuzz(func(t *testing.T, lines string) {
		note := "THIS IS A CLEANED VERSION OF THE LOG!\n" + lines
		fs, err := datasets.Header{Notes: []string{note}}.CleaningFilters()
		bad := 0
		if err != nil {
			if j, ok := err.(interface{ Unwrap() []error }); ok {
				bad = len(j.Unwrap())
			} else {
				bad = 1
			}
		}
		want := 0
		for l := range strings.SplitSeq(note, "\n") {
			if counted.MatchString(strings.TrimSpace(l)) {
				want++
			}
		}
		if len(fs)+bad != want {
			t.Errorf("%d filters and %d errors (%v) for %d counted lines", len(fs), bad, err, want)
		}
		for _, c := range fs {
			m := counted.FindStringSubmatch(c.Text)
			if !strings.Contains(note, c.Text) || !strings.HasPrefix(c.Text, c.Condition) || m == nil {
				t.Errorf("filter %+v is not its line", c)
				continue
			}
			if n, err := strconv.Atoi(m[1]); err != nil || n != c.Removed {
				t.Errorf("filter %+v: its count is not the line's %q", c, m[1])
			}
			if c.Removed < 0 || c.User < -1 || c.FromJob < 0 || c.ToJob < 0 {
				t.Errorf("filter %+v: a negative number", c)
			}
		}
		if err != nil && errors.Unwrap(err) != nil {
			t.Errorf("error %v wraps another", err)
		}
	})
}

func ExampleHeader_CleaningFilters() {
	swf := `; Note: THIS IS A CLEANED VERSION OF THE LOG!
;       The filters used to produce it were
;         user=135 and (job>=47421 and job<=50307) (2080 jobs removed)
;         job<=10 (5 jobs removed)
11 0 5 100 4 -1 -1 4 300 -1 1 7 1 -1 -1 -1 -1 -1
`
	t, err := datasets.Read(strings.NewReader(swf), datasets.ReadOptions{Name: "cleaned.swf"})
	if err != nil {
		panic(err)
	}
	fs, err := t.Header.CleaningFilters()
	if err != nil {
		panic(err)
	}
	for _, f := range fs {
		fmt.Printf("user %d, jobs %d–%d: %d removed (a flurry: %v)\n", f.User, f.FromJob, f.ToJob, f.Removed, f.Flurry())
	}
	// Output:
	// user 135, jobs 47421–50307: 2080 removed (a flurry: true)
	// user -1, jobs 0–10: 5 removed (a flurry: false)
}
