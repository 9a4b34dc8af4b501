package sacct

import (
	"errors"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tracelab/tracelab/datasets"
)

const header = "JobID|JobIDRaw|User|Group|Account|Partition|QOS|Submit|Start|End|TimelimitRaw|NCPUS|NNodes|ReqCPUS|ReqMem|TotalCPU|State|ExitCode|NodeList\n"

func utc(t *testing.T, text string) *Import {
	t.Helper()
	im, err := Read(strings.NewReader(text), Options{Name: "t", Location: time.UTC})
	if err != nil {
		t.Fatal(err)
	}
	return im
}

// TestRead: each kind of sacct line and what it becomes.
func TestRead(t *testing.T) {
	t.Parallel()
	nan := math.NaN()
	type want struct {
		slurmID                 string
		submit, wait, runtime   float64
		procs, reqProcs, status int
		reqTime, cpu, reqMem    float64
		user, group, part, q    int
	}
	cases := []struct {
		name string
		rows string
		want []want
		warn []datasets.WarningKind
	}{
		{"completed", "7|7|alice|staff|acct|debug|normal|2024-03-01T10:00:00|2024-03-01T10:00:30|2024-03-01T10:02:30|5|4|1|4|4000M|00:06:00|COMPLETED|0:0|node1\n",
			// submit 10 h after midnight; CPU 360 s over 4 CPUs; 4000 MB per node over 4 CPUs.
			[]want{{"7", 36000, 30, 120, 4, 4, 1, 300, 90, 1000 * 1024, 1, 1, 1, 1}}, nil},
		{"failed, timeout, cancelled, oom", "" +
			"1|1|a|g|x|p|q|2024-03-01T00:00:01|2024-03-01T00:00:01|2024-03-01T00:00:02|1|1|1|1||0:01.500|FAILED|3:0|n\n" +
			"2|2|a|g|x|p|q|2024-03-01T00:00:02|2024-03-01T00:00:02|2024-03-01T00:01:02|1|1|1|1|||TIMEOUT|0:15|n\n" +
			"3|3|a|g|x|p|q|2024-03-01T00:00:03|2024-03-01T00:00:04|2024-03-01T00:00:09|1|1|1|1|||CANCELLED by 1000|0:15|n\n" +
			"4|4|a|g|x|p|q|2024-03-01T00:00:04|2024-03-01T00:00:04|2024-03-01T00:00:05|1|1|1|1|||OUT_OF_MEMORY|0:125|n\n",
			[]want{
				{"1", 1, 0, 1, 1, 1, 0, 60, 1.5, nan, 1, 1, 1, 1},
				{"2", 2, 0, 60, 1, 1, 0, 60, nan, nan, 1, 1, 1, 1},
				{"3", 3, 1, 5, 1, 1, 5, 60, nan, nan, 1, 1, 1, 1},
				{"4", 4, 0, 1, 1, 1, 0, 60, nan, nan, 1, 1, 1, 1},
			}, nil},
		// Cancelled while pending: Start None, or Start = End with no node.
		{"never started", "" +
			"8|8|b|g|x|p|q|2024-03-01T00:00:10|None|2024-03-01T00:00:20|UNLIMITED|2|1|2|||CANCELLED by 0|0:0|None assigned\n" +
			"9|9|b|g|x|p|q|2024-03-01T00:00:11|2024-03-01T00:00:11|2024-03-01T00:00:11||2|1|2|||CANCELLED by 0|0:0|None assigned\n",
			[]want{{"8", 10, nan, nan, -1, 2, 5, nan, nan, nan, 1, 1, 1, 1}, {"9", 11, nan, nan, -1, 2, 5, nan, nan, nan, 1, 1, 1, 1}},
			[]datasets.WarningKind{WarnNeverStarted}},
		// Array tasks are jobs, in task order; a cancelled range of
		// pending tasks is one job per task. Users, groups, partitions and
		// QOS are numbered in order of first submit.
		{"array", "" +
			"20_0|21|c|h|x|p2|hi|2024-03-01T00:01:00|2024-03-01T00:01:00|2024-03-01T00:01:10|2|1|1|1|1Gc||COMPLETED|0:0|n\n" +
			"20_1|20|a|g|x|p|q|2024-03-01T00:01:00|2024-03-01T00:01:05|2024-03-01T00:01:15|2|1|1|1|1Gc||COMPLETED|0:0|n\n" +
			"20_[2-3%1]|20|a|g|x|p|q|2024-03-01T00:01:00|None|2024-03-01T00:02:00|2|1|1|1|1Gc||CANCELLED by 0|0:0|None assigned\n",
			[]want{
				{"20_0", 60, 0, 10, 1, 1, 1, 120, nan, 1 << 20, 1, 1, 1, 1},
				{"20_1", 60, 5, 10, 1, 1, 1, 120, nan, 1 << 20, 2, 2, 2, 2},
				{"20_2", 60, nan, nan, -1, 1, 5, 120, nan, 1 << 20, 2, 2, 2, 2},
				{"20_3", 60, nan, nan, -1, 1, 5, 120, nan, 1 << 20, 2, 2, 2, 2},
			}, []datasets.WarningKind{WarnNeverStarted}},
		// Heterogeneous components are one job; steps, pending and running
		// jobs are left out; an unknown state keeps status −1.
		{"het, steps, unfinished", "" +
			"30+0|30|a|g|x|p|q|2024-03-01T00:02:00|2024-03-01T00:02:10|2024-03-01T00:03:00|3|2|1|2|1Gn|00:10|COMPLETED|0:0|n1\n" +
			"30+1|31|a|g|x|p2|q|2024-03-01T00:02:00|2024-03-01T00:02:10|2024-03-01T00:03:30|5|4|2|4|1Gn|00:20|FAILED|1:0|n[2-3]\n" +
			"30+0.batch|30.batch||||||2024-03-01T00:02:10|2024-03-01T00:02:10|2024-03-01T00:03:00||2|1|2|||COMPLETED|0:0|n1\n" +
			"31|32|a|g|x|p|q|2024-03-01T00:02:01|Unknown|Unknown|5|1|1|1|||PENDING|0:0|None assigned\n" +
			"32|33|a|g|x|p|q|2024-03-01T00:02:02|2024-03-01T00:02:02|Unknown|5|1|1|1|||RUNNING|0:0|n1\n" +
			"33|34|a|g|x|p|q|2024-03-01T00:02:03|2024-03-01T00:02:04|2024-03-01T00:02:05|5|1|1|1|||WEIRD|0:0|n1\n",
			[]want{
				// 2 GB per node over 3 nodes and 6 CPUs; 30 s CPU over 6.
				{"30+", 120, 10, 80, 6, 6, 0, 300, 5, 1 << 20, 1, 1, 1, 1},
				{"33", 123, 1, 1, 1, 1, -1, 300, nan, nan, 1, 1, 1, 1},
			}, []datasets.WarningKind{WarnStep, WarnUnfinished, WarnUnknownState}},
	}
	same := func(a, b float64) bool { return a == b || math.IsNaN(a) && math.IsNaN(b) }
	for _, c := range cases {
		im := utc(t, header+c.rows)
		tr := im.Trace
		if tr.Len() != len(c.want) {
			t.Errorf("%s: %d jobs, want %d (%v)", c.name, tr.Len(), len(c.want), im.SlurmID)
			continue
		}
		for i, w := range c.want {
			g := want{im.SlurmID[i], tr.Submit[i], tr.Wait[i], tr.Runtime[i], tr.Procs[i], tr.ReqProcs[i], tr.Status[i],
				tr.ReqTime[i], tr.CPUTime[i], tr.ReqMem[i], tr.User[i], tr.Group[i], tr.Partition[i], tr.Queue[i]}
			if g.slurmID != w.slurmID || !same(g.submit, w.submit) || !same(g.wait, w.wait) || !same(g.runtime, w.runtime) ||
				g.procs != w.procs || g.reqProcs != w.reqProcs || g.status != w.status || !same(g.reqTime, w.reqTime) ||
				!same(g.cpu, w.cpu) || !same(g.reqMem, w.reqMem) || g.user != w.user || g.group != w.group ||
				g.part != w.part || g.q != w.q || tr.JobID[i] != i+1 {
				t.Errorf("%s: job %d = %+v, want %+v", c.name, i, g, w)
			}
		}
		var kinds []datasets.WarningKind
		for _, wr := range tr.Report.Warnings {
			kinds = append(kinds, wr.Kind)
		}
		slices.Sort(kinds)
		slices.Sort(c.warn)
		if !slices.Equal(kinds, c.warn) {
			t.Errorf("%s: warnings %v, want %v", c.name, tr.Report.Warnings, c.warn)
		}
		if err := tr.Validate(); err != nil {
			t.Error(err)
		}
	}
}

// TestReadZone: sacct's local times become Unix times in the cluster's
// zone, across a daylight-saving change (Europe/Stockholm, 2024-03-31
// 02:00 CET → 03:00 CEST); the origin is the local midnight before the
// first submit.
func TestReadZone(t *testing.T) {
	t.Parallel()
	loc, err := time.LoadLocation("Europe/Stockholm")
	if err != nil {
		t.Fatal(err)
	}
	im, err := Read(strings.NewReader("JobID|Submit|Start|End|State\n"+
		"1|2024-03-31T01:30:00|2024-03-31T01:59:00|2024-03-31T03:01:00|COMPLETED\n"), Options{Location: loc})
	if err != nil {
		t.Fatal(err)
	}
	tr := im.Trace
	// Midnight CET is 2024-03-30T23:00Z (Unix 1711839600); 01:30 CET is
	// 5400 s later; 01:59 CET to 03:01 CEST is 2 minutes.
	if tr.Header.UnixStartTime != 1711839600 || tr.Submit[0] != 5400 || tr.Wait[0] != 29*60 || tr.Runtime[0] != 120 ||
		tr.Header.TimeZoneString != "Europe/Stockholm" {
		t.Errorf("origin %d submit %v wait %v runtime %v zone %s", tr.Header.UnixStartTime, tr.Submit[0], tr.Wait[0],
			tr.Runtime[0], tr.Header.TimeZoneString)
	}
	// Absent columns are unknown.
	if tr.Procs[0] != -1 || !math.IsNaN(tr.ReqTime[0]) || tr.User[0] != -1 {
		t.Errorf("absent columns: procs %d req_time %v user %d", tr.Procs[0], tr.ReqTime[0], tr.User[0])
	}
}

func TestReadOptions(t *testing.T) {
	t.Parallel()
	text := header + "1|1|a|g|x|p|q|2024-03-01T00:00:00|2024-03-01T00:00:00|2024-03-01T00:00:10|1|3|2|3|||COMPLETED|0:0|n\n"
	im, err := Read(strings.NewReader(text), Options{Location: time.UTC, Procs: NodesTimesCores, CoresPerNode: 16,
		MachineProcs: 512, Cluster: "mycluster"})
	if err != nil {
		t.Fatal(err)
	}
	if im.Trace.Procs[0] != 32 || im.Trace.Header.MaxProcs != 512 || im.Trace.Header.Computer != "mycluster" {
		t.Errorf("procs %d, header %+v", im.Trace.Procs[0], im.Trace.Header)
	}
	if _, err := Read(strings.NewReader(text), Options{}); err == nil {
		t.Error("no time zone accepted")
	}
	if _, err := Read(strings.NewReader(text), Options{Location: time.UTC, Procs: NodesTimesCores}); err == nil {
		t.Error("NodesTimesCores without CoresPerNode accepted")
	}
}

// TestReadErrors: what cannot be read is an error naming the line. (A
// value no time, count, duration or size reads is not: TestUnreadable.)
func TestReadErrors(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, text string
		line       int
	}{
		{"no header", "", 0},
		{"header lacks State", "JobID|Submit|Start|End\n", 1},
		{"fields", header + "1|1|a\n", 2},
		{"array", header + "1_[5-2]|1|a|g|x|p|q|2024-02-01T00:00:00|None|None|1|1|1|1|||CANCELLED|0:0|n\n", 2},
		{"array size", header + "1_[0-99999999]|1|a|g|x|p|q|2024-02-01T00:00:00|None|None|1|1|1|1|||CANCELLED|0:0|n\n", 2},
	}
	for _, c := range cases {
		_, err := Read(strings.NewReader(c.text), Options{Name: "in.txt", Location: time.UTC})
		var pe *datasets.ParseError
		if !errors.As(err, &pe) || pe.Line != c.line || pe.File != "in.txt" {
			t.Errorf("%s: %v, want a ParseError at line %d", c.name, err, c.line)
		}
	}
}

func TestWriteMaps(t *testing.T) {
	t.Parallel()
	im := utc(t, header+
		"5|5|bob|users|a1|debug|normal|2024-03-01T00:00:00|2024-03-01T00:00:00|2024-03-01T00:00:10|1|1|1|1|||COMPLETED|0:0|n\n"+
		"6_1|7|alice|users|a2|long|high|2024-03-01T00:00:01|2024-03-01T00:00:01|2024-03-01T00:00:10|1|1|1|1|||FAILED|2:0|n\n")
	p := filepath.Join(t.TempDir(), "c.swf")
	if err := im.WriteMaps(p); err != nil {
		t.Fatal(err)
	}
	ids, _ := os.ReadFile(p + IDsSuffix)
	jobs, _ := os.ReadFile(p + JobsSuffix)
	wantIDs := "kind,id,name\ngroup,1,users\npartition,1,debug\npartition,2,long\nqueue,1,normal\nqueue,2,high\nuser,1,bob\nuser,2,alice\n"
	wantJobs := "job_id,slurm_job_id,state,exit_code,account,flags\n1,5,COMPLETED,0:0,a1,\n2,6_1,FAILED,2:0,a2,\n"
	if string(ids) != wantIDs || string(jobs) != wantJobs {
		t.Errorf("ids:\n%s\njobs:\n%s", ids, jobs)
	}
}

// FuzzRead: no input panics; every import is a valid trace whose side
// tables have one row per job, which the reader reads back as written
// (sameWhenRead: nothing it refuses, changes or leaves out).
func FuzzRead(f *testing.F) {
	f.Add(header + "1|1|a|g|x|p|q|2024-03-01T00:00:00|2024-03-01T00:00:00|2024-03-01T00:00:10|1|1|1|1|1G|00:01|COMPLETED|0:0|n\n")
	f.Add(header + "20_[2-3%1]|20|a|g|x|p|q|2024-03-01T00:01:00|None|2024-03-01T00:02:00|2|1|1|1|1Gc||CANCELLED by 0|0:0|None assigned\n")
	f.Add(header + "30+0|30|a|g|x|p|q|2024-03-01T00:02:00|2024-03-01T00:02:10|2024-03-01T00:03:00|3|2|1|2|1Gn|1-00:10:00|COMPLETED|0:0|n1\n")
	f.Add("JobID|Submit|Start|End|State\n1|2024-03-31T02:30:00|Unknown|Unknown|PENDING\r\n")
	f.Add(header + "5+0|5|u|g|a|p|q|2024-03-01T00:00:00|2024-03-01T00:00:10|2024-03-01T00:00:00|60|2000000000|1|2000000000|1e308T|3-23:59:59|COMPLETED|0:0|n1\n" +
		"5+1|6|u|g|a|p|q|0001-01-01T00:00:00|2024-03-01T00:00:10|9999-12-31T23:59:59|4294967295|2000000000|1|2000000000|4Gc|1:00|FAILED|0:0|n2\n")
	f.Add("\uFEFFJobID|Submit|Start|End|State\n7_[0-3:2,9]|2024-03-01T00:00:00|None|2024-03-01T00:01:00|CANCELLED by 0\n")
	f.Add(header + "8|8|u|g|a|p|q|2024-03-01T00:00:00|yesterday|2024-02-31T00:00:00|1h|4.5|two|-|lots|3-25:61:61|COMPLETED|0:0|n1\n" +
		"9|9|u|g|a|p|q|Unknown|2024-03-01T00:00:10|2024-03-01T00:00:20|60|1|1|1|1G|1:00|COMPLETED|0:0|n2\n")
	f.Fuzz(func(t *testing.T, text string) {
		im, err := Read(strings.NewReader(text), Options{Location: time.UTC})
		if err != nil {
			return
		}
		if err := im.Trace.Validate(); err != nil {
			t.Fatal(err)
		}
		n := im.Trace.Len()
		if len(im.SlurmID) != n || len(im.State) != n || len(im.ExitCode) != n || len(im.Account) != n || len(im.Flags) != n {
			t.Fatalf("side tables of %d, %d, %d, %d, %d rows for %d jobs", len(im.SlurmID), len(im.State), len(im.ExitCode), len(im.Account), len(im.Flags), n)
		}
		for _, w := range im.Trace.Report.Warnings {
			if w.Line < 1 || w.Count < 1 {
				t.Fatalf("warning without its line or count: %+v", w)
			}
		}
		for _, v := range im.Trace.Report.Unreadable {
			if v.Row < -1 || v.Row >= n || (v.Row < 0) != (v.Text != "") || len(v.Token) > datasets.MaxUnreadableText ||
				len(v.Text) > datasets.MaxUnreadableText || v.Why == nil || v.Row >= 0 && v.JobID != v.Row+1 {
				t.Fatalf("unreadable value %+v of %d jobs", v, n)
			}
		}
		if n > 0 {
			sameWhenRead(t, im)
		}
	})
}

func TestDuration(t *testing.T) {
	t.Parallel()
	cases := []struct {
		in   string
		want float64 // NaN unknown, −1 error
	}{
		{"00:10", 10}, {"01:02:03", 3723}, {"1-00:00:00", 86400}, {"2-03", 2*86400 + 3*3600},
		{"05:01.250", 301.25}, {"1-01:00:00.5", 90000.5}, {"UNLIMITED", math.NaN()}, {"", math.NaN()},
		{"10", -1}, {"1:2:3:4", -1}, {"a:b", -1}, {"-1:00", -1}, {"1-", -1},
	}
	for _, c := range cases {
		got, err := duration([]byte(c.in))
		switch {
		case c.want == -1:
			if err == nil {
				t.Errorf("duration(%q) = %v, want an error", c.in, got)
			}
		case err != nil || !(got == c.want || math.IsNaN(got) && math.IsNaN(c.want)):
			t.Errorf("duration(%q) = %v, %v; want %v", c.in, got, err, c.want)
		}
	}
}
