package sacct

import (
	"bytes"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/klauspost/compress/gzip"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/internal/proctest"
	"github.com/tracelab/tracelab/sim"
)

// The examples of issue 25 (classes 2, 6 and 8) for the import, each a
// test: nothing the import writes is refused or changed by the reader.

// helperEnv makes the test binary a helper process that imports the file
// named after "--" and prints "jobs N" or "error: ...".
const helperEnv = "TRACELAB_SACCT_HELPER"

func TestMain(m *testing.M) {
	if os.Getenv(helperEnv) != "" {
		path := os.Args[len(os.Args)-1]
		im, err := ReadFile(path, Options{Location: time.UTC})
		if err != nil {
			fmt.Println("error:", err)
		} else {
			datasets.WriteSWF(io.Discard, im.Trace)
			fmt.Println("jobs", im.Trace.Len())
		}
		proctest.ReportPeak()
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// importProcess imports path in a helper process limited to limit bytes of
// data.
func importProcess(t *testing.T, path string, limit int64) proctest.Result {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	r := proctest.Run(limit, 3*time.Minute, []string{helperEnv + "=1"}, exe, "-test.run=^$", "--", path)
	if r.TimedOut || r.Crashed() || r.Err != nil || !r.Reported {
		t.Fatalf("import %s: %v", filepath.Base(path), r)
	}
	return r
}

// row is a line of sacct output in the test header's Format.
func row(id, submit, start, end, ncpus, nnodes, reqMem, totalCPU, state, nodes string) string {
	return strings.Join([]string{id, strings.Trim(id, "_[]+"), "u", "g", "a", "p", "q", submit, start, end, "60", ncpus, nnodes, ncpus,
		reqMem, totalCPU, state, "0:0", nodes}, "|") + "\n"
}

// TestArrayBoundWhileExpanding: 13 lines of N_[0-4000000] (1.5 KB) stood
// for 52 million jobs and took 2.4 GB before the job bound applied. Each
// line's tasks are counted before any is held: the import stops at the
// line that exceeds the bound, in a process of a few MB.
func TestArrayBoundWhileExpanding(t *testing.T) {
	t.Parallel()
	var b strings.Builder
	b.WriteString("JobID|Submit|Start|End|State\n")
	for k := range 13 {
		fmt.Fprintf(&b, "%d_[0-4000000]|2024-03-01T00:00:00|None|2024-03-01T00:01:00|CANCELLED\n", 100+k)
	}
	if b.Len() > 1500 {
		t.Fatalf("the file is %d bytes, more than the issue's 1.5 KB", b.Len())
	}
	p := filepath.Join(t.TempDir(), "arrays.txt")
	os.WriteFile(p, []byte(b.String()), 0o644)
	r := importProcess(t, p, 256<<20)
	// 4,000,001 tasks a line: the third line would make 12,000,003.
	want := "arrays.txt:4: more than 10000000 jobs (the import's bound"
	if !strings.Contains(string(r.Stdout), want) {
		t.Errorf("output %q, want %q", r.Stdout, want)
	}
	if r.MaxRSS > 32<<20 {
		t.Errorf("peak RSS %d MB: the tasks were held", r.MaxRSS>>20)
	}
	// A bound of one's own, and tasks counted with steps and lists.
	_, err := Read(strings.NewReader(header+row("7_[0-9:2,20-29]", "2024-03-01T00:00:00", "None", "2024-03-01T00:01:00", "1", "1", "", "", "CANCELLED", "None assigned")),
		Options{Location: time.UTC, MaxJobs: 14})
	if err == nil || !strings.Contains(err.Error(), "more than 14 jobs") {
		t.Errorf("15 tasks under a bound of 14: %v", err)
	}
	im, err := Read(strings.NewReader(header+row("7_[0-9:2,20-29]", "2024-03-01T00:00:00", "None", "2024-03-01T00:01:00", "1", "1", "", "", "CANCELLED", "None assigned")),
		Options{Location: time.UTC, MaxJobs: 15})
	if err != nil || im.Trace.Len() != 15 || im.SlurmID[4] != "7_8" || im.SlurmID[5] != "7_20" || im.SlurmID[14] != "7_29" {
		t.Errorf("15 tasks: %v %v", err, im.SlurmID)
	}
}

// TestImportMemory states the memory of an import per job: 2 M distinct
// users cost ≈ 1.25 KB per job (issue 25); with 300,000 jobs of distinct
// users the import's peak resident memory is under 800 bytes a job.
func TestImportMemory(t *testing.T) {
	t.Parallel()
	const n = 300_000
	var b bytes.Buffer
	b.WriteString(header)
	t0 := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)
	for i := range n {
		sub := t0.Add(time.Duration(i*3) * time.Second)
		fmt.Fprintf(&b, "%d|%d|user%d|group%d|acct%d|part%d|normal|%s|%s|%s|60|4|1|4|1000M|00:10:00|COMPLETED|0:0|node1\n",
			1000+i, 1000+i, i, i%40, i%60, i%20, sub.Format("2006-01-02T15:04:05"),
			sub.Add(time.Duration(i%600)*time.Second).Format("2006-01-02T15:04:05"),
			sub.Add(time.Duration(i%600+i%7200)*time.Second).Format("2006-01-02T15:04:05"))
	}
	p := filepath.Join(t.TempDir(), "users.txt")
	os.WriteFile(p, b.Bytes(), 0o644)
	r := importProcess(t, p, 1<<30)
	if !strings.Contains(string(r.Stdout), fmt.Sprintf("jobs %d", n)) {
		t.Fatalf("output %q", r.Stdout)
	}
	perJob := r.MaxRSS / n
	if perJob > 800 {
		t.Errorf("peak RSS %d MB, %d B/job; want at most 800", r.MaxRSS>>20, perJob)
	}
	t.Logf("%d jobs of distinct users: peak RSS %d MB, %d B/job, CPU %v", n, r.MaxRSS>>20, perJob, r.CPU)
}

// TestImportWritesWhatTheReaderAccepts: the values no log holds become
// unknown, flagged and counted; nothing wraps, overflows or goes negative.
func TestImportWritesWhatTheReaderAccepts(t *testing.T) {
	t.Parallel()
	const s, st, e = "2024-03-01T00:00:00", "2024-03-01T00:00:10", "2024-03-01T00:01:00"
	tests := []struct {
		name  string
		rows  string
		opts  Options
		check func(t *testing.T, im *Import)
		warn  datasets.WarningKind
		field string
		flag  string
	}{
		{name: "het job of 2×2e9 CPUs", rows: row("5+0", s, st, e, "2000000000", "1", "", "", "COMPLETED", "n1") +
			row("5+1", s, st, e, "2000000000", "1", "", "", "COMPLETED", "n2"),
			warn: WarnOutOfRange, field: "procs", flag: "procs-out-of-range;req_procs-out-of-range",
			check: func(t *testing.T, im *Import) {
				if p := im.Trace.Procs[0]; p != -1 {
					t.Errorf("procs %d, want unknown (not −294967296)", p)
				}
			}},
		{name: "one job of 3e9 CPUs", rows: row("5", s, st, e, "3000000000", "1", "", "", "COMPLETED", "n1"),
			warn: WarnOutOfRange, field: "procs", flag: "procs-out-of-range;req_procs-out-of-range"},
		{name: "ReqMem 1e308T", rows: row("6", s, st, e, "4", "1", "1e308T", "", "COMPLETED", "n1"),
			warn: WarnOutOfRange, field: "req_mem", flag: "req_mem-out-of-range",
			check: func(t *testing.T, im *Import) {
				if m := im.Trace.ReqMem[0]; !math.IsNaN(m) {
					t.Errorf("req_mem %g, want unknown (not +Inf)", m)
				}
			}},
		{name: "End before Start", rows: row("7", s, st, s, "4", "1", "", "", "COMPLETED", "n1"),
			warn: WarnEndBeforeStart, flag: "end-before-start",
			check: func(t *testing.T, im *Import) {
				if r, w := im.Trace.Runtime[0], im.Trace.Wait[0]; !math.IsNaN(r) || w != 10 {
					t.Errorf("runtime %g wait %g, want unknown and 10", r, w)
				}
			}},
		{name: "Start before Submit", rows: row("8", st, s, e, "4", "1", "", "", "COMPLETED", "n1"),
			warn: WarnStartBeforeSubmit, flag: "start-before-submit",
			check: func(t *testing.T, im *Import) {
				if w, r := im.Trace.Wait[0], im.Trace.Runtime[0]; !math.IsNaN(w) || r != 60 {
					t.Errorf("wait %g runtime %g, want unknown and 60", w, r)
				}
			}},
		{name: "End in year 9999", rows: row("9", s, st, "9999-01-01T00:00:00", "4", "1", "", "", "COMPLETED", "n1"),
			warn: WarnOutOfRange, field: "runtime", flag: "runtime-out-of-range"},
		{name: "a time limit of 2^40 minutes", rows: strings.Replace(row("10", s, st, e, "4", "1", "", "", "COMPLETED", "n1"), "|60|", "|1099511627776|", 1),
			warn: WarnOutOfRange, field: "req_time", flag: "req_time-out-of-range"},
		{name: "nodes × cores beyond the machine", rows: row("11", s, st, e, "4", "2000000000", "", "", "COMPLETED", "n1"),
			opts: Options{Procs: NodesTimesCores, CoresPerNode: 1 << 20}, warn: WarnOutOfRange, field: "procs", flag: "procs-out-of-range"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			tc.opts.Location = time.UTC
			im, err := Read(strings.NewReader(header+tc.rows), tc.opts)
			if err != nil {
				t.Fatal(err)
			}
			if tc.check != nil {
				tc.check(t, im)
			}
			w, ok := im.Trace.Report.Warning(tc.warn, tc.field)
			if !ok || w.Count != 1 || w.Line != 2 || len(w.Examples) != 1 {
				t.Errorf("warning %+v (all: %v), want one of %s %s at line 2", w, im.Trace.Report.Warnings, tc.warn, tc.field)
			}
			if im.Flags[0] != tc.flag {
				t.Errorf("flags %q, want %q", im.Flags[0], tc.flag)
			}
			sameWhenRead(t, im)
		})
	}
}

// sameWhenRead writes the import as SWF and reads it back: every job is
// there with the same values, and the reader changed nothing.
func sameWhenRead(t *testing.T, im *Import) {
	t.Helper()
	var b bytes.Buffer
	if err := datasets.WriteSWF(&b, im.Trace); err != nil {
		t.Fatal(err)
	}
	back, err := datasets.Read(&b, datasets.ReadOptions{})
	if err != nil {
		t.Fatalf("the reader refuses the import: %v", err)
	}
	a := im.Trace
	if back.Len() != a.Len() {
		t.Fatalf("the reader kept %d of %d jobs: %v", back.Len(), a.Len(), back.Report.Warnings)
	}
	for i := range a.Len() {
		x, y := a.Job(i), back.Job(i)
		if fmt.Sprint(x) != fmt.Sprint(y) {
			t.Fatalf("job %d written as %+v, read as %+v", i+1, x, y)
		}
	}
	for _, w := range back.Report.Warnings {
		switch w.Kind {
		case datasets.WarnNegativeValue, datasets.WarnOutOfRange, datasets.WarnSubmitOutOfRange, datasets.WarnPlaceholder, datasets.WarnHeader:
			t.Fatalf("the reader changed what the import wrote: %v", w)
		}
	}
}

// TestDurationsThatAreNot: "3-25:61:61" and its kin are no durations.
func TestDurationsThatAreNot(t *testing.T) {
	t.Parallel()
	for _, in := range []string{"3-25:61:61", "1-24:00:00", "00:60:00", "00:00:60", "1-10:60", "99:99", "1-24"} {
		if v, err := duration([]byte(in)); err == nil {
			t.Errorf("duration(%q) = %v, want an error", in, v)
		}
	}
	for in, want := range map[string]float64{"1-10:30": 86400 + 10*3600 + 30*60, "99:59": 99*60 + 59, "30:00:00": 30 * 3600, "0-23:59:59": 86399} {
		if v, err := duration([]byte(in)); err != nil || v != want {
			t.Errorf("duration(%q) = %v, %v; want %v", in, v, err, want)
		}
	}
	// In an export: the CPU time is unknown, counted (TestUnreadable).
	im, err := Read(strings.NewReader(header+row("1", "2024-03-01T00:00:00", "2024-03-01T00:00:00", "2024-03-01T00:00:10", "1", "1", "", "3-25:61:61", "COMPLETED", "n")),
		Options{Location: time.UTC})
	if err != nil {
		t.Fatal(err)
	}
	if w, ok := im.Trace.Report.Warning(datasets.WarnUnreadable, "TotalCPU"); !ok || w.Line != 2 || !math.IsNaN(im.Trace.CPUTime[0]) {
		t.Errorf("warning %v %+v, cpu_time %v; want one at line 2, field TotalCPU, cpu_time unknown", ok, w, im.Trace.CPUTime[0])
	}
}

// TestSubmitInYearOne: one Submit in year 0001 made the reader drop every
// other job (the log's times count from the first submit). That job is
// left out and counted; the others are read back as written.
func TestSubmitInYearOne(t *testing.T) {
	t.Parallel()
	rows := row("1", "0001-01-01T00:00:00", "0001-01-01T00:00:00", "0001-01-01T00:00:10", "1", "1", "", "", "COMPLETED", "n") +
		row("2", "2024-03-01T00:00:00", "2024-03-01T00:00:00", "2024-03-01T00:00:10", "1", "1", "", "", "COMPLETED", "n") +
		row("3", "2024-03-02T00:00:00", "2024-03-02T00:00:00", "2024-03-02T00:00:10", "1", "1", "", "", "COMPLETED", "n") +
		row("4", "2300-01-01T00:00:00", "2300-01-01T00:00:00", "2300-01-01T00:00:10", "1", "1", "", "", "COMPLETED", "n")
	im, err := Read(strings.NewReader(header+rows), Options{Location: time.UTC})
	if err != nil {
		t.Fatal(err)
	}
	if im.Trace.Len() != 2 || im.SlurmID[0] != "2" {
		t.Fatalf("jobs %v, want 2 and 3", im.SlurmID)
	}
	if w, ok := im.Trace.Report.Warning(WarnSubmitOutOfRange, ""); !ok || w.Count != 2 || w.Line != 2 {
		t.Errorf("warning %+v, want 2 jobs left out from line 2", w)
	}
	sameWhenRead(t, im)
}

// TestZoneNames: the header names the zone by its IANA name: "Local" is
// resolved (here from TZ), a zone without a name is refused.
func TestZoneNames(t *testing.T) {
	// Go names time.Local "Local" when TZ is unset at its first use; a
	// zone of that name stands for it here, whatever this process did.
	local := time.FixedZone("Local", 0)
	t.Setenv("TZ", "Asia/Tokyo")
	text := header + row("1", "2024-03-01T00:00:00", "2024-03-01T00:00:00", "2024-03-01T00:00:10", "1", "1", "", "", "COMPLETED", "n")
	im, err := Read(strings.NewReader(text), Options{Location: local})
	if err != nil || im.Trace.Header.TimeZoneString != "Asia/Tokyo" {
		t.Fatalf("Local with TZ=Asia/Tokyo: %v", err)
	}
	t.Setenv("TZ", "/etc/whatever")
	if _, err := Read(strings.NewReader(text), Options{Location: local}); err == nil || !strings.Contains(err.Error(), "no IANA name") {
		t.Errorf("Local without a name: %v", err)
	}
	if _, err := Read(strings.NewReader(text), Options{Location: time.FixedZone("CET-ish", 3600)}); err == nil || !strings.Contains(err.Error(), "not an IANA zone name") {
		t.Errorf("a fixed zone: %v", err)
	}
}

// TestExportsAsSaved: a byte-order mark, gzip or bzip2 is read; other compressions
// and binary data are named, never quoted as a header.
func TestExportsAsSaved(t *testing.T) {
	t.Parallel()
	text := header + row("1", "2024-03-01T00:00:00", "2024-03-01T00:00:00", "2024-03-01T00:00:10", "1", "1", "", "", "COMPLETED", "n")
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write([]byte(text))
	zw.Close()
	for name, in := range map[string][]byte{"BOM": []byte("\uFEFF" + text), "gzip": gz.Bytes(), "CRLF": []byte(strings.ReplaceAll(text, "\n", "\r\n"))} {
		if im, err := Read(bytes.NewReader(in), Options{Location: time.UTC}); err != nil || im.Trace.Len() != 1 {
			t.Errorf("%s: %v", name, err)
		}
	}
	for name, c := range map[string]struct {
		in   []byte
		want string
	}{
		"broken bzip2":   {[]byte("BZh91AY&SY\x00\x01"), "broken bzip2 data"}, // bzip2 is read (session 14)
		"xz":             {[]byte("\xfd7zXZ\x00\x00"), "compressed in a format other than gzip, bzip2 or zstd (xz)"},
		"broken gzip":    {gz.Bytes()[:len(gz.Bytes())/2], "broken gzip data"},
		"binary garbage": {[]byte("\x00\x01\x02\xff\xfe garbage|x\n"), "binary data, not the text sacct prints"},
	} {
		_, err := Read(bytes.NewReader(c.in), Options{Name: "x.txt", Location: time.UTC})
		if err == nil || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "\x00") || strings.Contains(err.Error(), "\xff") || strings.Contains(err.Error(), `\x00`) {
			t.Errorf("%s: error %q, want %q without the bytes", name, err, c.want)
		}
	}
}

// TestWarningsHaveLines: every warning names the line of its first row
// (no "line 0").
func TestWarningsHaveLines(t *testing.T) {
	t.Parallel()
	im := utc(t, header+
		row("1_[2-3]", "2024-03-01T00:00:00", "None", "2024-03-01T00:00:10", "1", "1", "", "", "CANCELLED", "None assigned")+
		row("2", "2024-03-01T00:00:01", "2024-03-01T00:00:00", "2024-03-01T00:00:10", "1", "1", "", "", "COMPLETED", "n")+
		row("3.batch", "2024-03-01T00:00:01", "2024-03-01T00:00:00", "2024-03-01T00:00:10", "1", "1", "", "", "COMPLETED", "n")+
		row("4", "2024-03-01T00:00:01", "None", "None", "1", "1", "", "", "PENDING", "None assigned"))
	for _, w := range im.Trace.Report.Warnings {
		if w.Line < 2 || strings.Contains(w.String(), "line 0") {
			t.Errorf("warning without its line: %v", w)
		}
	}
	if w, _ := im.Trace.Report.Warning(WarnNeverStarted, ""); w.Count != 2 || w.Line != 2 {
		t.Errorf("never started: %+v", w)
	}
}

// TestMaxProcsIsTheSimulators: the import's bound on processors is the
// simulator's, so that every count it writes can be simulated.
func TestMaxProcsIsTheSimulators(t *testing.T) {
	if MaxProcs != sim.MaxProcs {
		t.Errorf("sacct.MaxProcs %d, sim.MaxProcs %d", MaxProcs, sim.MaxProcs)
	}
}
