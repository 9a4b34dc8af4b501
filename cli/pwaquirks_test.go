package cli

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// pwaQuirk is a hand-written log with one feature that Parallel Workloads
// Archive logs, or converters writing SWF, have (the source is on each
// row of pwaQuirks), built from the same job stream so that only the
// feature differs.
type pwaQuirk struct {
	name   string
	source string
	header []string                         // header lines after "; Version: 2.2"
	row    func(i int, f []string) []string // edits the 18 fields of job i (from 1); nil drops the row
	// commands expected to end with an error (exit 1, a tracelab message
	// naming why): the log lacks what they need. Every other command must
	// read the log and succeed.
	refused map[string]string // command → a word of the message
	warn    string            // a warning every reading must give, "" for none
	stderr  map[string]string // command → words its standard error must hold
}

// pwaQuirkJobs is the job stream of every quirk: 700 jobs over about 18
// weeks (exponential gaps of 4.4 h mean), 12 users, sizes powers of two up
// to 128, runtimes up to 20,000 s, estimates above them, all completed.
func pwaQuirkJobs(q pwaQuirk) string {
	r := rand.New(rand.NewPCG(7, 7))
	var b strings.Builder
	b.WriteString("; Version: 2.2\n")
	for _, h := range q.header {
		b.WriteString("; " + h + "\n")
	}
	t := 0
	for i := 1; i <= 700; i++ {
		t += int(r.ExpFloat64() * 16000)
		p := 1 << r.IntN(8)
		rt := 1 + r.IntN(20000)
		f := []int{i, t, r.IntN(5000), rt, p, -1, -1, p, rt + r.IntN(3600), -1, 1, 1 + r.IntN(12), 1, 1 + r.IntN(5), 1, 1, -1, -1}
		s := make([]string, len(f))
		for k, v := range f {
			s[k] = fmt.Sprint(v)
		}
		if q.row != nil {
			if s = q.row(i, s); s == nil {
				continue
			}
		}
		b.WriteString(strings.Join(s, " ") + "\n")
	}
	return b.String()
}

var pwaQuirks = []pwaQuirk{
	{name: "plain", source: "the shared logs' layout (CTC-SP2, KTH-SP2 headers)",
		header: []string{"UnixStartTime: 1000000000", "TimeZoneString: US/Eastern", "MaxNodes: 128", "MaxProcs: 128"}},
	{name: "both machine sizes, cores in partitions",
		source: "https://www.cs.huji.ac.il/labs/parallel/workload/l_anl_int/index.html (40,960 nodes, 163,840 cores; partitions of 64 or 512 nodes)",
		header: []string{"UnixStartTime: 1230789600", "TimeZoneString: America/Chicago", "MaxJobs: 68936", "MaxRecords: 68936",
			"MaxNodes: 40960", "MaxProcs: 163840", "Note: jobs run in partitions of 64 or 512 nodes (256 or 2048 cores)"},
		row: func(i int, f []string) []string {
			c := fmt.Sprint(256 << (i % 7))
			f[4], f[7] = c, c
			return f
		}},
	{name: "augmented SWF: extra fields",
		source: "https://www.cs.huji.ac.il/labs/parallel/workload/l_metacentrum2/index.html (METACENTRUM-2013-1: \"original log in augmented SWF format as received\")",
		header: []string{"UnixStartTime: 1356994800", "TimeZoneString: Europe/Prague", "MaxNodes: 495", "MaxProcs: 8412"},
		row:    func(i int, f []string) []string { return append(f, fmt.Sprint(i%30), "1") },
		warn:   "field-count"},
	{name: "integers written as floats, UNKNOWN header values",
		source: "a converter on GitHub (pandas to_csv of an SWF frame: \"UnixStartTime: UNKNOWN\", \"TimeZoneString: UNKNOWN\", \"StartTime: UNKNOWN\")",
		header: []string{"UnixStartTime: UNKNOWN", "TimeZoneString: UNKNOWN", "StartTime: UNKNOWN", "EndTime:   UNKNOWN", "MaxNodes: 480", "MaxProcs: 23040"},
		row: func(i int, f []string) []string {
			for k := range f {
				f[k] += ".0"
			}
			return f
		},
		warn: "header"},
	{name: "job numbers from 0",
		source: "the same converter (job number = the frame's index, from 0); SWF says \"a counter field, starting from 1\"",
		header: []string{"UnixStartTime: 1000000000", "MaxProcs: 128"},
		row:    func(i int, f []string) []string { f[0] = fmt.Sprint(i - 1); return f }},
	{name: "no user ids",
		source: "FTK 3.1 (LCG-2005 has no user ids); https://www.cs.huji.ac.il/labs/parallel/workload/swf.html (-1: field irrelevant)",
		header: []string{"UnixStartTime: 1100000000", "TimeZoneString: Europe/Paris", "MaxProcs: 880"},
		row: func(i int, f []string) []string {
			for _, k := range []int{2, 8, 11, 12, 13, 14, 15} {
				f[k] = "-1"
			}
			return f
		},
		refused: map[string]string{"users": "no user information", "sessions": "no user information", "resample": "no user information",
			"similarity": "no user information", "feedback": "no user information"}},
	{name: "some jobs without user",
		source: "FTK 3.1 (missing data); https://www.cs.huji.ac.il/labs/parallel/workload/swf.html (-1: unknown)",
		header: []string{"UnixStartTime: 1000000000", "TimeZoneString: Europe/Berlin", "MaxProcs: 128"},
		row: func(i int, f []string) []string {
			if i%10 == 0 {
				f[11] = "-1"
			}
			return f
		},
		stderr: map[string]string{"users": "70 of 700 jobs have no user id", "sessions": "70 of 700 jobs have no user id",
			"resample": "70 of 700 jobs have no user id", "feedback": "70 of 700 jobs have no user id"}},
	{name: "cancelled before start, zero processors, root",
		source: "https://www.cs.huji.ac.il/labs/parallel/workload/swf.html (status 5 cancelled; -1 unknown); FTK 3.1–3.3",
		header: []string{"UnixStartTime: 725846400", "TimeZone: -28800", "MaxNodes: 128"},
		row: func(i int, f []string) []string {
			if i%7 == 0 {
				f[2], f[3], f[10] = "-1", "-1", "5"
			}
			if i%11 == 0 {
				f[4], f[10] = "0", "5"
			}
			if i%13 == 0 {
				f[11] = "0"
			}
			return f
		},
		warn: "zero-procs"},
	{name: "no arrivals: submit is start",
		source: "http://www.cs.huji.ac.il/labs/parallel/workload/l_nasa_ipsc/ (\"the log does not include arrival information, only start times\")",
		header: []string{"UnixStartTime: 749462400", "TimeZone: -28800", "MaxNodes: 128", "MaxProcs: 128"},
		row:    func(i int, f []string) []string { f[2], f[8], f[10] = "0", "-1", "-1"; return f }},
	{name: "zone with a comment",
		source: "free text after a directive's value, as the archive's \"MaxNodes: 400 (48 interactive, ...)\" (SDSC-Par-1996)",
		header: []string{"UnixStartTime: 1300000000", "TimeZoneString: Europe/Berlin (CET/CEST)", "MaxProcs: 128"},
		warn:   "header"},
	{name: "zone dropped from tzdata",
		source: "IANA tzdata 2020b NEWS: US/Pacific-New removed (it linked to America/Los_Angeles)",
		header: []string{"UnixStartTime: 1300000000", "TimeZoneString: US/Pacific-New", "MaxProcs: 128"},
		warn:   "header"},
	{name: "queue and partition lists",
		source: "the shared logs' headers (SDSC-SP2: \"Queue:  0  interactive\"; CTC-SP2: \"Queues: these are actually LoadLeveler classes\"; LLNL-Thunder: \"Partition:  1  pbatch\")",
		header: []string{"UnixStartTime: 1000000000", "TimeZoneString: US/Pacific", "MaxNodes: 416 (400 batch)", "MaxProcs: 416",
			"MaxQueues: 3", "Queues: queue 1 is batch, 2 debug, 3 long", "Queue:  1  batch", "Queue:  2  debug", "Queue:  3  long",
			"MaxPartitions: 2", "Partitions: 1 compute, 2 visual", "Partition:  1  compute", "Partition:  2  visual",
			"AllowOveruse: Yes", "MaxRuntime: 172800", "MaxMemory: 2097152"},
		row: func(i int, f []string) []string { f[14], f[15] = fmt.Sprint(1+i%3), fmt.Sprint(1+i%2); return f }},
}

// pwaQuirkCommands are the commands a researcher runs on a log; LOG and
// OUT are replaced.
var pwaQuirkCommands = [][]string{
	{"info", "LOG", "--format", "json"},
	{"check", "LOG", "--format", "json"},
	{"convert", "LOG", "-o", "OUT.csv"},
	{"users", "LOG", "--summary", "--format", "json"},
	{"sessions", "LOG", "--summary", "--format", "json"},
	{"similarity", "LOG", "--format", "json"},
	{"locality", "stack", "LOG", "--format", "json"},
	{"hurst", "LOG", "--format", "json"},
	{"fit", "LOG", "--format", "json"},
	{"simulate", "LOG", "--format", "json"},
	{"resample", "LOG", "--seed", "1", "-o", "OUT.swf", "--format", "json"},
	{"feedback", "LOG", "--format", "json"},
	{"stationarity", "LOG", "--format", "json"},
}

// TestPWAQuirks runs every command on each quirk of real logs: each must
// read the log (a deviation is a warning, never the refusal of the whole
// log), and succeed unless the log lacks what the command needs (then a
// message says what), with JSON free of NaN and infinities.
func TestPWAQuirks(t *testing.T) {
	dir := t.TempDir()
	for _, q := range pwaQuirks {
		t.Run(strings.ReplaceAll(q.name, " ", "_"), func(t *testing.T) {
			log := filepath.Join(dir, strings.NewReplacer(" ", "_", ":", "", ",", "").Replace(q.name)+".swf")
			if err := os.WriteFile(log, []byte(pwaQuirkJobs(q)), 0o644); err != nil {
				t.Fatal(err)
			}
			for k, cmd := range pwaQuirkCommands {
				args := make([]string, len(cmd))
				for i, a := range cmd {
					a = strings.Replace(a, "LOG", log, 1)
					args[i] = strings.Replace(a, "OUT", filepath.Join(dir, fmt.Sprintf("%s-%d", filepath.Base(log), k)), 1)
				}
				stdout, stderr, err := runCLI(t, args...)
				word, refused := q.refused[cmd[0]]
				switch {
				case refused && err == nil:
					t.Errorf("%s: succeeded, want an error saying %q", cmd[0], word)
				case refused && !strings.Contains(err.Error(), word):
					t.Errorf("%s: %v, want it to say %q", cmd[0], err, word)
				case !refused && err != nil:
					t.Errorf("%s (from %s): %v", cmd[0], q.source, err)
				case err == nil && strings.Contains(strings.Join(args, " "), "json"):
					var v any
					if err := json.Unmarshal([]byte(stdout), &v); err != nil {
						t.Errorf("%s: invalid JSON (NaN or Inf?): %v\n%.300s", cmd[0], err, stdout)
					}
				}
				if w, ok := q.stderr[cmd[0]]; ok && !strings.Contains(stderr, w) {
					t.Errorf("%s: no warning %q:\n%s", cmd[0], w, stderr)
				}
				if cmd[0] == "info" && q.warn != "" && !strings.Contains(stdout, `"kind":"`+q.warn+`"`) && !strings.Contains(stdout, q.warn) {
					t.Errorf("info: no %s warning:\n%.600s\n%s", q.warn, stdout, stderr)
				}
			}
		})
	}
}
