package cli

import (
	"os"
	"path/filepath"
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
