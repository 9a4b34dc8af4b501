package datasets

import (
	"reflect"
	"strings"
	"testing"
)

// TestHeaderDirectives reads every directive of the SWF definition
// (https://www.cs.huji.ac.il/labs/parallel/workload/swf.html, "Header
// Comments": Version, Computer, Installation, Acknowledge, Information,
// Conversion, MaxJobs, MaxRecords, Preemption, UnixStartTime, TimeZone,
// TimeZoneString, StartTime, EndTime, MaxNodes, MaxProcs, MaxRuntime,
// MaxMemory, AllowOveruse, MaxQueues, Queues, Note, MaxPartitions,
// Partitions) with a usable value, text where a number belongs ("N/A",
// as real archive logs write), free text after the value, and repeated
// with two values. No header ever makes a log unreadable: an unused value
// is kept as text (Extra) with one warning per directive.
func TestHeaderDirectives(t *testing.T) {
	t.Parallel()
	type want struct {
		get   func(h Header) any
		value any
		extra []Directive
		warns int // WarnHeader warnings for the directive
	}
	num := func(get func(h Header) int64) func(h Header) any { return func(h Header) any { return get(h) } }
	str := func(get func(h Header) string) func(h Header) any { return func(h Header) any { return get(h) } }
	maxProcs := num(func(h Header) int64 { return int64(h.MaxProcs) })
	tests := []struct {
		name, header string
		want         want
	}{
		{"Version", "Version: 2.2", want{str(func(h Header) string { return h.Version }), "2.2", nil, 0}},
		{"Computer", "Computer: IBM SP2", want{str(func(h Header) string { return h.Computer }), "IBM SP2", nil, 0}},
		{"Installation", "Installation: KTH", want{str(func(h Header) string { return h.Installation }), "KTH", nil, 0}},
		{"Acknowledge", "Acknowledge: Lars Malinowsky", want{str(func(h Header) string { return h.Acknowledge }), "Lars Malinowsky", nil, 0}},
		{"Information", "Information: http://x\n;              more", want{str(func(h Header) string { return h.Information }), "http://x\nmore", nil, 0}},
		{"Conversion", "Conversion: Dan Feitelson", want{str(func(h Header) string { return h.Conversion }), "Dan Feitelson", nil, 0}},
		{"Preemption", "Preemption: No", want{str(func(h Header) string { return h.Preemption }), "No", nil, 0}},
		{"StartTime", "StartTime: Mon Sep 23 1996", want{str(func(h Header) string { return h.StartTime }), "Mon Sep 23 1996", nil, 0}},
		{"EndTime", "EndTime: Sat Aug 30 1997", want{str(func(h Header) string { return h.EndTime }), "Sat Aug 30 1997", nil, 0}},
		{"TimeZoneString", "TimeZoneString: Europe/Stockholm", want{str(func(h Header) string { return h.TimeZoneString }), "Europe/Stockholm", nil, 0}},
		{"AllowOveruse", "AllowOveruse: Yes", want{str(func(h Header) string { return h.AllowOveruse }), "Yes", nil, 0}},
		{"Queues", "Queues: 1 batch, 2 interactive", want{str(func(h Header) string { return h.Queues }), "1 batch, 2 interactive", nil, 0}},
		{"Partitions", "Partitions: 1 all", want{str(func(h Header) string { return h.Partitions }), "1 all", nil, 0}},
		{"Note", "Note: one\n; Note: two", want{func(h Header) any { return h.Notes }, []string{"one", "two"}, nil, 0}},
		{"repeated text continues", "Computer: IBM\n; Computer: SP2", want{str(func(h Header) string { return h.Computer }), "IBM\nSP2", nil, 0}},

		{"MaxJobs", "MaxJobs: 28490", want{num(func(h Header) int64 { return int64(h.MaxJobs) }), int64(28490), nil, 0}},
		{"MaxRecords", "MaxRecords: 28490", want{num(func(h Header) int64 { return int64(h.MaxRecords) }), int64(28490), nil, 0}},
		{"UnixStartTime", "UnixStartTime: 843480031", want{num(func(h Header) int64 { return h.UnixStartTime }), int64(843480031), nil, 0}},
		{"TimeZone", "TimeZone: 3600", want{num(func(h Header) int64 { return int64(h.TimeZone) }), int64(3600), nil, 0}},
		{"MaxNodes", "MaxNodes: 100", want{num(func(h Header) int64 { return int64(h.MaxNodes) }), int64(100), nil, 0}},
		{"MaxProcs", "MaxProcs: 100", want{maxProcs, int64(100), nil, 0}},
		{"MaxRuntime", "MaxRuntime: 14400", want{num(func(h Header) int64 { return h.MaxRuntime }), int64(14400), nil, 0}},
		{"MaxMemory", "MaxMemory: 131072", want{num(func(h Header) int64 { return h.MaxMemory }), int64(131072), nil, 0}},
		{"MaxQueues", "MaxQueues: 4", want{num(func(h Header) int64 { return int64(h.MaxQueues) }), int64(4), nil, 0}},
		{"MaxPartitions", "MaxPartitions: 2", want{num(func(h Header) int64 { return int64(h.MaxPartitions) }), int64(2), nil, 0}},

		// Free text after the number: the archive's own comments (CTC-SP2,
		// SDSC-Par, SDSC-DS): used silently.
		{"free text after the value", "MaxNodes: 400 (48 interactive, 352 batch)",
			want{num(func(h Header) int64 { return int64(h.MaxNodes) }), int64(400), nil, 0}},
		{"key in lower case", "maxprocs: 64", want{maxProcs, int64(64), nil, 0}},
		// Odd spacing around the colon (round 2 of the hostile audit: a
		// blank before the colon made the directive a silent comment, and
		// the machine size was inferred instead).
		{"blank before the colon", "MaxProcs : 64", want{maxProcs, int64(64), nil, 0}},
		{"blanks and tabs around the colon", "  MaxProcs \t:\t 64  ", want{maxProcs, int64(64), nil, 0}},
		{"no blank after the colon", "MaxProcs:64", want{maxProcs, int64(64), nil, 0}},
		{"UnixStartTime with a blank before the colon", "UnixStartTime  : 843480031",
			want{num(func(h Header) int64 { return h.UnixStartTime }), int64(843480031), nil, 0}},
		{"TimeZoneString with a blank before the colon", "TimeZoneString : Europe/Stockholm",
			want{str(func(h Header) string { return h.TimeZoneString }), "Europe/Stockholm", nil, 0}},
		{"unknown zone with a blank before the colon", "TimeZoneString : Mars/Olympus",
			want{str(func(h Header) string { return h.TimeZoneString }), "Mars/Olympus", nil, 1}},
		{"a phrase before a colon stays a comment", "The filter used : job<=14",
			want{func(h Header) any { return h.Comments }, []string{"The filter used : job<=14"}, nil, 0}},

		// Session 14: a number written with a decimal point or an exponent
		// is used when it is an integer, as in the job fields; a directive
		// indented after a text directive is a directive, not the text's
		// continuation (it was swallowed silently, the machine size lost);
		// an indented line with another key ("http:") still continues.
		{"integral decimal", "MaxProcs: 128.0", want{maxProcs, int64(128), nil, 0}},
		{"MaxRuntime in decimal", "MaxRuntime: 3600.0", want{num(func(h Header) int64 { return h.MaxRuntime }), int64(3600), nil, 0}},
		{"UnixStartTime with an exponent", "UnixStartTime: 8.4348e8",
			want{num(func(h Header) int64 { return h.UnixStartTime }), int64(843480000), nil, 0}},
		{"MaxRuntime in seconds, said", "MaxRuntime: 64800 seconds (18 hours)",
			want{num(func(h Header) int64 { return h.MaxRuntime }), int64(64800), nil, 0}},
		{"MaxMemory in KB, said", "MaxMemory: 1024 KB",
			want{num(func(h Header) int64 { return h.MaxMemory }), int64(1024), nil, 0}},
		{"MaxRuntime with a comment", "MaxRuntime: 64800 (18 hours)",
			want{num(func(h Header) int64 { return h.MaxRuntime }), int64(64800), nil, 0}},
		{"a fraction is not used", "MaxRuntime: 3600.5",
			want{num(func(h Header) int64 { return h.MaxRuntime }), int64(0), []Directive{{"MaxRuntime", "3600.5"}}, 1}},
		{"directive indented after a text directive", "Conversion: x\n;   MaxProcs: 128", want{maxProcs, int64(128), nil, 0}},
		{"directive tab-indented after a note", "Note: x\n;\tMaxNodes: 64",
			want{num(func(h Header) int64 { return int64(h.MaxNodes) }), int64(64), nil, 0}},
		{"text directive indented after another", "Computer: IBM SP2\n;   Installation: KTH",
			want{str(func(h Header) string { return h.Computer + "|" + h.Installation }), "IBM SP2|KTH", nil, 0}},
		{"an indented URL continues", "Information: see\n;              http://x",
			want{str(func(h Header) string { return h.Information }), "see\nhttp://x", nil, 0}},

		// Values that are not used: kept as text, one warning.
		{"MaxRuntime N/A", "MaxRuntime: N/A",
			want{num(func(h Header) int64 { return h.MaxRuntime }), int64(0), []Directive{{"MaxRuntime", "N/A"}}, 1}},
		{"MaxRuntime in hours", "MaxRuntime: 18 hours",
			want{num(func(h Header) int64 { return h.MaxRuntime }), int64(0), []Directive{{"MaxRuntime", "18 hours"}}, 1}},
		{"MaxMemory in GB", "MaxMemory: 32 GB",
			want{num(func(h Header) int64 { return h.MaxMemory }), int64(0), []Directive{{"MaxMemory", "32 GB"}}, 1}},
		{"MaxMemory N/A", "MaxMemory: N/A",
			want{num(func(h Header) int64 { return h.MaxMemory }), int64(0), []Directive{{"MaxMemory", "N/A"}}, 1}},
		{"MaxProcs text", "MaxProcs: about 400",
			want{maxProcs, int64(0), []Directive{{"MaxProcs", "about 400"}}, 1}},
		{"MaxProcs empty", "MaxProcs:", want{maxProcs, int64(0), []Directive{{"MaxProcs", ""}}, 1}},
		// Digit groups and glued units, as real logs write numbers
		// (session 15; "1,024" was ignored before).
		{"MaxProcs with digit groups", "MaxProcs: 1,024",
			want{maxProcs, int64(1024), nil, 0}},
		{"MaxProcs with two digit groups and text", "MaxProcs: 93,312 (5,544 nodes)",
			want{maxProcs, int64(93312), nil, 0}},
		{"MaxJobs with digit groups", "MaxJobs: 1,234,567",
			want{num(func(h Header) int64 { return int64(h.MaxJobs) }), int64(1234567), nil, 0}},
		{"MaxProcs with a decimal comma", "MaxProcs: 1,5",
			want{maxProcs, int64(0), []Directive{{"MaxProcs", "1,5"}}, 1}},
		{"MaxProcs with a group of four", "MaxProcs: 1,0240",
			want{maxProcs, int64(0), []Directive{{"MaxProcs", "1,0240"}}, 1}},
		{"MaxProcs with a dot group", "MaxProcs: 1.024",
			want{maxProcs, int64(0), []Directive{{"MaxProcs", "1.024"}}, 1}},
		{"MaxNodes ended by a comma", "MaxNodes: 338, batch partition",
			want{num(func(h Header) int64 { return int64(h.MaxNodes) }), int64(338), nil, 0}},
		{"MaxRuntime with a glued s", "MaxRuntime: 3600s",
			want{num(func(h Header) int64 { return h.MaxRuntime }), int64(3600), nil, 0}},
		{"MaxRuntime with glued hours", "MaxRuntime: 18h",
			want{num(func(h Header) int64 { return h.MaxRuntime }), int64(0), []Directive{{"MaxRuntime", "18h"}}, 1}},
		{"MaxMemory with glued GB", "MaxMemory: 32GB",
			want{num(func(h Header) int64 { return h.MaxMemory }), int64(0), []Directive{{"MaxMemory", "32GB"}}, 1}},
		{"MaxMemory with glued KB and groups", "MaxMemory: 1,048,576KB",
			want{num(func(h Header) int64 { return h.MaxMemory }), int64(1048576), nil, 0}},
		{"MaxProcs with glued text", "MaxProcs: 128cpus",
			want{maxProcs, int64(0), []Directive{{"MaxProcs", "128cpus"}}, 1}},
		{"MaxProcs negative", "MaxProcs: -5", want{maxProcs, int64(0), []Directive{{"MaxProcs", "-5"}}, 1}},
		{"MaxProcs beyond int64", "MaxProcs: 99999999999999999999",
			want{maxProcs, int64(0), []Directive{{"MaxProcs", "99999999999999999999"}}, 1}},
		{"MaxJobs negative", "MaxJobs: -1",
			want{num(func(h Header) int64 { return int64(h.MaxJobs) }), int64(0), []Directive{{"MaxJobs", "-1"}}, 1}},
		{"TimeZone N/A", "TimeZone: N/A",
			want{num(func(h Header) int64 { return int64(h.TimeZone) }), int64(0), []Directive{{"TimeZone", "N/A"}}, 1}},
		{"MaxNodes unknown", "MaxNodes: unknown",
			want{num(func(h Header) int64 { return int64(h.MaxNodes) }), int64(0), []Directive{{"MaxNodes", "unknown"}}, 1}},
		{"MaxPartitions N/A", "MaxPartitions: N/A",
			want{num(func(h Header) int64 { return int64(h.MaxPartitions) }), int64(0), []Directive{{"MaxPartitions", "N/A"}}, 1}},
		{"UnixStartTime as a date", "UnixStartTime: Mon Sep 23 1996",
			want{num(func(h Header) int64 { return h.UnixStartTime }), int64(0), []Directive{{"UnixStartTime", "Mon Sep 23 1996"}}, 1}},

		// Repeated with two values: the first usable one wins, the others
		// are kept as text.
		{"MaxQueues repeated", "MaxQueues: 4\n; MaxQueues: 3",
			want{num(func(h Header) int64 { return int64(h.MaxQueues) }), int64(4), []Directive{{"MaxQueues", "3"}}, 1}},
		{"MaxProcs repeated, first N/A", "MaxProcs: N/A\n; MaxProcs: 128",
			want{maxProcs, int64(128), []Directive{{"MaxProcs", "N/A"}}, 1}},
		{"MaxProcs three times", "MaxProcs: 128\n; MaxProcs: 128\n; MaxProcs: 64",
			want{maxProcs, int64(128), []Directive{{"MaxProcs", "128"}, {"MaxProcs", "64"}}, 2}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			in := "; " + tc.header + "\n" + goodLine
			tr, err := Read(strings.NewReader(in), ReadOptions{Name: "h.swf"})
			if err != nil {
				t.Fatalf("a header made the log unreadable: %v", err)
			}
			if got := tc.want.get(tr.Header); !reflect.DeepEqual(got, tc.want.value) {
				t.Errorf("value %#v, want %#v", got, tc.want.value)
			}
			if !reflect.DeepEqual(tr.Header.Extra, tc.want.extra) {
				t.Errorf("kept as text %q, want %q", tr.Header.Extra, tc.want.extra)
			}
			if n := tr.Report.Count(WarnHeader); n != tc.want.warns {
				t.Errorf("%d header warnings, want %d: %v", n, tc.want.warns, tr.Report.Warnings)
			}
			for _, w := range tr.Report.Warnings {
				if w.Line < 1 || !strings.Contains(w.String(), w.Field) {
					t.Errorf("warning %q: want its line and directive", w)
				}
			}
			// The header written back reads back the same, and an edited
			// one (generated from the fields) too.
			h := tr.Header
			h.Lines = nil
			back, _ := parseHeader(stripSemicolons(h.Text()))
			back.Lines = nil
			if !reflect.DeepEqual(back, h) {
				t.Errorf("generated header reads back as\n%#v\nwant\n%#v", back, h)
			}
		})
	}
}

// stripSemicolons removes the leading ';' of header lines.
func stripSemicolons(lines []string) []string {
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i] = strings.TrimPrefix(l, ";")
	}
	return out
}

// TestLongHeader: a header beyond MaxHeaderLines or MaxHeaderBytes keeps
// its first lines and counts the others in one warning.
func TestLongHeader(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name    string
		line    string
		n, kept int
	}{
		{"lines", ";\n", MaxHeaderLines + 5000, MaxHeaderLines},
		{"bytes", "; " + strings.Repeat("x", 1000) + "\n", 2000, 1 + (MaxHeaderBytes-len(" MaxProcs: 8"))/1001},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			in := "; MaxProcs: 8\n" + strings.Repeat(tc.line, tc.n) + goodLine
			tr, err := Read(strings.NewReader(in), ReadOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if len(tr.Header.Lines) != tc.kept || tr.Header.MaxProcs != 8 {
				t.Errorf("%d lines kept, MaxProcs %d; want %d and 8", len(tr.Header.Lines), tr.Header.MaxProcs, tc.kept)
			}
			w, ok := tr.Report.Warning(WarnLongHeader, "")
			if !ok || w.Count != tc.n+1-tc.kept || w.Line != tc.kept+1 {
				t.Errorf("warning %+v: want %d lines left out from line %d", w, tc.n+1-tc.kept, tc.kept+1)
			}
		})
	}
}

// FuzzHeader: any header lines parse (a header never makes a log
// unreadable), and the header generated from the fields reads back equal.
func FuzzHeader(f *testing.F) {
	for _, s := range []string{" Version: 2.2\n MaxProcs: 128\n Note: a\n        b", " MaxRuntime: N/A",
		" MaxQueues: 4\n MaxQueues: 3", " MaxNodes: 400 (48 interactive)", " Information: x\n\t y", "",
		" Custom: 1\n   continued", ":\n ::\n Note:", " maxprocs: -0", " TimeZoneString: Mars/Olympus_Mons",
		" Computer: IBM\n Computer: MaxProcs: 5\n   more", " Conversion: x\n   MaxProcs: 128.0",
		" MaxProcs: 1,024\n MaxNodes: 2,048", " MaxRuntime: 3600s\n MaxMemory: 32GB",
		" TimeZoneString: Europe/Stockholm\n StartTime: Mon Sep 23 14:00:31 CEST 1996\n EndTime: Mon Sep 23 14:00:31 1995",
		" StartTime: Thu Jan 01 00:00:00 UTC 1970", " UnixStartTime: 5\n StartTime: Mon Sep 23 12:00:31 GMT 1996",
		// Session 19: zone names as logs and converters write them.
		" TimeZoneString: Europe/Berlin (CET/CEST)", " TimeZoneString: US/Pacific-New", " TimeZoneString: UNKNOWN\n UnixStartTime: UNKNOWN",
		" TimeZoneString: Local", " Queue:  1  batch\n Queue:  2  debug\n Partition:  1  pbatch",
		// Session 22: archive deviations (TestArchiveVariants).
		" Version: 2.3beta (converted)\n MaxProcs: 0\n MaxNodes: 0", " MaxProcs: 99999999999\n MaxNodes: -1",
		" UnixStartTime: Mon Jan 1 2001", " UnixStartTime: 99999999999999999999", " UnixStartTime: 1.0e9",
		" TimeZoneString: CET\n TimeZone: 3600", " TimeZoneString: GMT-05:00", " TimeZoneString: UTC+2",
		" Note: one\n Note: two\n Note:\n MaxQueues: 99999999999\n Queues: 1 batch\n MaxPartitions: 5\n Frobnicate: yes",
		" MaxRecords: 1000000000000\n MaxJobs: 1000000000000", " Computer: M\xe9tacentrum", " : value\n Key with spaces: v\r"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		lines := strings.Split(text, "\n")
		h, issues := parseHeader(lines)
		for _, is := range issues {
			if is.index < 0 || is.index >= len(lines) || is.msg == "" {
				t.Fatalf("issue %+v", is)
			}
		}
		if !reflect.DeepEqual(h.Lines, lines) {
			t.Fatalf("lines not kept verbatim")
		}
		g := h
		g.Lines = nil
		gen := g.Text()
		back, _ := parseHeader(stripSemicolons(gen))
		back.Lines = nil
		if !reflect.DeepEqual(back, g) {
			t.Fatalf("generated header\n%q\nreads back as\n%#v\nwant\n%#v", gen, back, g)
		}
	})
}
