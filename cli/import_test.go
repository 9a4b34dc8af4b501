package cli

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/datasets/sacct"
)

const sacctSample = "JobID|JobIDRaw|User|Group|Account|Partition|QOS|Submit|Start|End|TimelimitRaw|NCPUS|NNodes|ReqCPUS|ReqMem|TotalCPU|State|ExitCode|NodeList\n" +
	"7|7|alice|staff|a|debug|normal|2024-03-01T10:00:00|2024-03-01T10:00:30|2024-03-01T10:02:30|5|4|1|4|4000M|00:06:00|COMPLETED|0:0|n1\n" +
	"8_0|9|bob|staff|a|long|high|2024-03-01T10:01:00|2024-03-01T10:01:00|2024-03-01T10:05:00|10|2|1|2|1Gc||TIMEOUT|0:15|n2\n" +
	"8_1|8|bob|staff|a|long|high|2024-03-01T10:01:00|2024-03-01T10:02:00|Unknown|10|2|1|2|1Gc||RUNNING|0:0|n2\n"

// TestImportSacct: import writes the log and the two name files beside it;
// the log then runs through the other commands.
func TestImportSacct(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "c.sacct")
	if err := os.WriteFile(in, []byte(sacctSample), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "c.swf")
	stdout, stderr, err := runCLI(t, "import", "sacct", in, "-o", out, "--tz", "Europe/Stockholm", "--cluster", "c1", "--format", "json")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(stdout, `"jobs": 2`) || !strings.Contains(stderr, "sacct-unfinished") {
		t.Errorf("stdout %s\nstderr %s", stdout, stderr)
	}
	tr, err := datasets.ReadFile(out, datasets.ReadOptions{})
	if err != nil || tr.Len() != 2 || tr.Header.TimeZoneString != "Europe/Stockholm" || tr.Header.Computer != "c1" {
		t.Fatalf("log: %v %+v", err, tr)
	}
	ids, err1 := os.ReadFile(out + sacct.IDsSuffix)
	jobs, err2 := os.ReadFile(out + sacct.JobsSuffix)
	if err1 != nil || err2 != nil || !strings.Contains(string(ids), "user,2,bob") || !strings.Contains(string(jobs), "2,8_0,TIMEOUT,0:15,a") {
		t.Errorf("maps: %v %v\n%s\n%s", err1, err2, ids, jobs)
	}
	if _, _, err := runCLI(t, "check", out); err != nil {
		t.Errorf("check on the import: %v", err)
	}
}

func TestImportUsage(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "c.sacct")
	os.WriteFile(in, []byte(sacctSample), 0o644)
	out := filepath.Join(dir, "c.swf")
	for _, args := range [][]string{
		{"import", "sacct", in, "-o", out},                                         // no --tz
		{"import", "sacct", in, "-o", out, "--tz", "Mars/Olympus"},                 // unknown zone
		{"import", "slurm", in, "-o", out, "--tz", "UTC"},                          // unknown source
		{"import", "sacct", in, "--tz", "UTC"},                                     // no -o
		{"import", "sacct", in, "-o", out, "--tz", "UTC", "--procs-from", "nodes"}, // no cores
		{"import", "sacct", in, "-o", in, "--tz", "UTC"},                           // output is the input
		{"import", "sacct", in, "-o", filepath.Join(dir, "c.txt"), "--tz", "UTC"},  // unknown format
	} {
		if _, _, err := runCLI(t, args...); err == nil || !strings.Contains(err.Error(), "usage") {
			t.Errorf("%v: %v, want a usage error", args, err)
		}
	}
}

// sacctRows is sacctSample's header with n rows of job ids 1..n whose
// NCPUS is "4.<id>" (unreadable), and a row whose Submit is "yesterday".
func sacctRows(n int) string {
	var b strings.Builder
	b.WriteString(sacctSample[:strings.IndexByte(sacctSample, '\n')+1])
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "%d|%d|alice|staff|a|debug|normal|2024-03-01T10:00:00|2024-03-01T10:00:30|2024-03-01T10:02:30|5|4.%d|1|4|4000M|00:06:00|COMPLETED|0:0|n1\n", i, i, i)
	}
	b.WriteString("99|99|bob|staff|a|debug|normal|yesterday|2024-03-01T10:00:30|2024-03-01T10:02:30|5|4|1|4|4000M|00:06:00|COMPLETED|0:0|n1\n")
	return b.String()
}

// TestImportListsUnreadable: each unreadable column's warning is followed
// by the values as written, with their lines: at most
// maxUnreadableShown, then how many more (the warning alone quoted the
// first); the JSON record lists what the report kept.
func TestImportListsUnreadable(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, tc := range []struct {
		rows int
		want []string // lines of stderr
	}{
		{2, []string{`  NCPUS as written: line 2 (job 1) "4.1", line 3 (job 2) "4.2"` + "\n",
			`  Submit as written: line 4 "yesterday"` + "\n"}},
		{30, []string{`  NCPUS as written: line 2 (job 1) "4.1", line 3 (job 2) "4.2", line 4 (job 3) "4.3", line 5 (job 4) "4.4", line 6 (job 5) "4.5", and 25 more rows` + "\n"}},
	} {
		in := writeTemp(t, dir, "u"+strconv.Itoa(tc.rows)+".txt", sacctRows(tc.rows))
		out := filepath.Join(dir, "u"+strconv.Itoa(tc.rows)+".swf")
		stdout, stderr, err := runCLI(t, "import", "sacct", in, "-o", out, "--tz", "UTC", "--format", "json")
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range tc.want {
			if !strings.Contains(stderr, w) {
				t.Errorf("%d rows: stderr lacks %q:\n%s", tc.rows, w, stderr)
			}
		}
		var rec struct {
			Unreadable []struct {
				Line  int    `json:"line"`
				Job   int    `json:"job"`
				Field string `json:"field"`
				Token string `json:"token"`
			} `json:"unreadable"`
			NotListed int `json:"unreadable_not_listed"`
		}
		if err := json.Unmarshal([]byte(stdout), &rec); err != nil {
			t.Fatalf("%v\n%s", err, stdout)
		}
		listed := min(tc.rows, datasets.MaxUnreadablePerField)
		if len(rec.Unreadable) != listed+1 || rec.NotListed != tc.rows-listed ||
			rec.Unreadable[0].Line != 2 || rec.Unreadable[0].Job != 1 || rec.Unreadable[0].Field != "NCPUS" || rec.Unreadable[0].Token != "4.1" {
			t.Errorf("%d rows: JSON record %+v", tc.rows, rec)
		}
	}
}

// TestImportNothing: an export of no job (a header alone, every job left
// out) is an error that says why, and writes nothing: it used to write an
// empty log that every command then refused ("no job records").
func TestImportNothing(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	header := sacctSample[:strings.IndexByte(sacctSample, '\n')+1]
	for _, tc := range []struct{ name, content, want string }{
		{"header only", header, "(1 line read; the warnings above say what was left out): nothing written"},
		{"every job left out", header + "7|7|alice|staff|a|debug|normal|9999-12-31T23:59:59|2024-03-01T10:00:30|2024-03-01T10:02:30|5|4|1|4|4000M|00:06:00|COMPLETED|0:0|n1\n",
			"(2 lines read; the warnings above say what was left out): nothing written"},
	} {
		in := writeTemp(t, dir, strings.ReplaceAll(tc.name, " ", "-")+".txt", tc.content)
		out := filepath.Join(dir, strings.ReplaceAll(tc.name, " ", "-")+".swf")
		_, _, err := runCLI(t, "import", "sacct", in, "-o", out, "--tz", "UTC")
		wantError(t, err, tc.want)
		for _, p := range []string{out, out + sacct.IDsSuffix, out + sacct.JobsSuffix} {
			if _, err := os.Stat(p); err == nil {
				t.Errorf("%s: %s was written", tc.name, p)
			}
		}
	}
}
