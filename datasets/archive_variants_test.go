package datasets

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"math"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/klauspost/compress/zstd"
)

// variantJobs writes n job lines of a plain log (job i submitted at 60·i
// s, waiting 5 s, running 100 s on 4 of 4 processors, user 1+i%3,
// completed), each edited by edit (nil: as is; an edit returning nil drops
// the row), joined by sep, each line ended by eol.
func variantJobs(n int, sep, eol string, edit func(i int, f []string) []string) string {
	var b strings.Builder
	for i := 1; i <= n; i++ {
		f := strings.Fields(fmt.Sprintf("%d %d 5 100 4 -1 -1 4 200 -1 1 %d 1 1 1 1 -1 -1", i, 60*i, 1+i%3))
		if edit != nil {
			if f = edit(i, f); f == nil {
				continue
			}
		}
		b.WriteString(strings.Join(f, sep) + eol)
	}
	return b.String()
}

// plainJobs is variantJobs of 20 rows, one space, LF.
func plainJobs(edit func(i int, f []string) []string) string { return variantJobs(20, " ", "\n", edit) }

const variantHeader = "; Version: 2.2\n; UnixStartTime: 1000000000\n; MaxProcs: 64\n"

// archiveVariant is one deviation of a Parallel Workloads Archive log we do
// not have (each row names who writes it so), made from the same 20 jobs.
type archiveVariant struct {
	name, why string
	data      func() []byte
	jobs      int                 // rows read (none with err)
	warn      map[WarningKind]int // every warning kind and its Count; nil: none
	check     func(t *Trace) string
	err       error  // errors.Is; nil for none
	errText   string // words the error holds
	errLine   int    // the ParseError's line; 0: not a ParseError
}

// maxVariantSeed bounds the variants given to fuzz targets as seeds: a
// seed of megabytes is mutated slowly, and every input derived from it is
// as long (FuzzSummaryAgreesWithRead ran 3× fewer inputs in 3 minutes with
// the 2 MiB header comment among its seeds). The table test reads them all.
const maxVariantSeed = 256 << 10

// variantSeeds returns the variants' data of at most maxVariantSeed bytes.
func variantSeeds() [][]byte {
	var seeds [][]byte
	for _, v := range archiveVariants {
		if d := v.data(); len(d) <= maxVariantSeed {
			seeds = append(seeds, d)
		}
	}
	return seeds
}

func str(s string) func() []byte { return func() []byte { return []byte(s) } }

func gzipped(s string) []byte {
	var b bytes.Buffer
	w := gzip.NewWriter(&b)
	w.Write([]byte(s))
	w.Close()
	return b.Bytes()
}

func zstded(s string) []byte {
	enc, _ := zstd.NewWriter(nil)
	defer enc.Close()
	return enc.EncodeAll([]byte(s), nil)
}

// pzstded is s as pzstd writes it: a skippable frame (magic 0x184D2A50,
// 4 bytes of length, the compressed size) before each Zstandard frame.
func pzstded(s string) []byte {
	frame := zstded(s)
	b := []byte{0x50, 0x2a, 0x4d, 0x18, 4, 0, 0, 0}
	b = append(b, byte(len(frame)), byte(len(frame)>>8), byte(len(frame)>>16), byte(len(frame)>>24))
	return append(b, frame...)
}

func tarred(name, s string) []byte {
	var b bytes.Buffer
	w := tar.NewWriter(&b)
	w.WriteHeader(&tar.Header{Name: name, Mode: 0o644, Size: int64(len(s)), Typeflag: tar.TypeReg})
	w.Write([]byte(s))
	w.Close()
	return b.Bytes()
}

// colDiff checks a trace column against want (NaN equals NaN).
func colDiff[T int | float64](name string, got []T, want ...T) string {
	eq := func(a, b T) bool { return a == b || (a != a && b != b) }
	if !slices.EqualFunc(got, want, eq) {
		return fmt.Sprintf("%s %v, want %v", name, got, want)
	}
	return ""
}

// same checks that the trace holds the 20 plain jobs as written.
func same(t *Trace) string {
	base, err := Read(strings.NewReader(variantHeader+plainJobs(nil)), ReadOptions{Name: "base.swf"})
	if err != nil {
		return err.Error()
	}
	for _, c := range []string{
		colDiff("job_id", t.JobID, base.JobID...), colDiff("submit", t.Submit, base.Submit...),
		colDiff("wait", t.Wait, base.Wait...), colDiff("runtime", t.Runtime, base.Runtime...),
		colDiff("procs", t.Procs, base.Procs...), colDiff("req_time", t.ReqTime, base.ReqTime...),
		colDiff("status", t.Status, base.Status...), colDiff("user", t.User, base.User...),
		colDiff("queue", t.Queue, base.Queue...), colDiff("think_time", t.ThinkTime, base.ThinkTime...),
	} {
		if c != "" {
			return c
		}
	}
	return ""
}

var archiveVariants = []archiveVariant{
	// Headers.
	{name: "Version 2, MaxNodes only", why: "logs converted under SWF 2 (NASA-iPSC, LLNL-uBGL give MaxNodes)",
		data: str("; Version: 2\n; MaxNodes: 64\n" + plainJobs(nil)), jobs: 20,
		check: func(t *Trace) string {
			if m := t.Machine(); t.Header.Version != "2" || m != (Machine{64, SizeHeaderMaxNodes}) {
				return fmt.Sprintf("version %q, %v", t.Header.Version, m)
			}
			return ""
		}},
	{name: "Version 2.2, no size", why: "RICC and Intel-Netbatch give no MaxProcs",
		data: str("; Version: 2.2\n" + plainJobs(nil)), jobs: 20,
		check: func(t *Trace) string {
			if m := t.Machine(); m.Rule != SizePeakInUse || m.Procs != 8 {
				return m.String()
			}
			return ""
		}},
	{name: "unknown Version", why: "a converter's own version string",
		data: str("; Version: 2.3beta (converted)\n; MaxProcs: 64\n" + plainJobs(nil)), jobs: 20,
		check: func(t *Trace) string {
			if t.Header.Version != "2.3beta (converted)" {
				return t.Header.Version
			}
			return same(t)
		}},
	{name: "MaxProcs and MaxNodes 0", why: "a converter writing 0 for unknown",
		data: str("; MaxProcs: 0\n; MaxNodes: 0\n" + plainJobs(nil)), jobs: 20, warn: map[WarningKind]int{WarnHeader: 2},
		check: func(t *Trace) string {
			if m := t.Machine(); m.Rule != SizePeakInUse {
				return m.String()
			}
			return ""
		}},
	{name: "MaxProcs -1", why: "SWF's -1 for unknown used in the header",
		data: str("; MaxProcs: -1\n; MaxNodes: -1\n" + plainJobs(nil)), jobs: 20, warn: map[WarningKind]int{WarnHeader: 2},
		check: func(t *Trace) string {
			if !slices.Contains(t.Header.Text(), "; MaxProcs: -1") || t.Machine().Rule != SizePeakInUse {
				return fmt.Sprintf("header %q, %v", t.Header.Text(), t.Machine())
			}
			return ""
		}},
	{name: "MaxProcs below the jobs", why: "a partition's size given for the whole log",
		data: str("; MaxProcs: 2\n" + plainJobs(nil)), jobs: 20, warn: map[WarningKind]int{WarnExceedsMachine: 40},
		check: same},
	{name: "MaxProcs far above the jobs", why: "a site's full size where the log covers one part (ANL-Intrepid, 163,840)",
		data: str("; MaxProcs: 163840\n" + plainJobs(nil)), jobs: 20,
		check: func(t *Trace) string {
			if m := t.Machine(); m != (Machine{163840, SizeHeaderMaxProcs}) {
				return m.String()
			}
			return ""
		}},
	{name: "MaxProcs beyond any machine", why: "a typo or another count (a warning, the value kept)",
		data: str("; MaxProcs: 99999999999\n; MaxNodes: 16777217\n" + plainJobs(nil)), jobs: 20, warn: map[WarningKind]int{WarnHeader: 2},
		check: func(t *Trace) string {
			if m := t.Machine(); m != (Machine{99999999999, SizeHeaderMaxProcs}) || t.Header.MaxNodes != 16777217 {
				return m.String()
			}
			return ""
		}},
	{name: "MaxProcs at 2^24", data: str("; MaxProcs: 16777216\n" + plainJobs(nil)), jobs: 20},
	{name: "MaxProcs written as a float", why: "pandas-written headers",
		data: str("; MaxProcs: 64.0\n" + plainJobs(nil)), jobs: 20,
		check: func(t *Trace) string {
			if t.Header.MaxProcs != 64 {
				return fmt.Sprint(t.Header.MaxProcs)
			}
			return ""
		}},
	{name: "no UnixStartTime", why: "older conversions", data: str("; MaxProcs: 64\n" + plainJobs(nil)), jobs: 20,
		check: func(t *Trace) string {
			if t.Header.UnixStartTime != 0 {
				return fmt.Sprint(t.Header.UnixStartTime)
			}
			return same(t)
		}},
	{name: "UnixStartTime as a date", why: "a StartTime value put under UnixStartTime",
		data: str("; UnixStartTime: Mon Jan 1 2001\n; MaxProcs: 64\n" + plainJobs(nil)), jobs: 20, warn: map[WarningKind]int{WarnHeader: 1},
		check: func(t *Trace) string {
			if t.Header.UnixStartTime != 0 || !slices.Contains(t.Header.Text(), "; UnixStartTime: Mon Jan 1 2001") {
				return fmt.Sprint(t.Header.UnixStartTime, t.Header.Text())
			}
			return ""
		}},
	{name: "UnixStartTime beyond int64", data: str("; UnixStartTime: 99999999999999999999\n" + plainJobs(nil)), jobs: 20,
		warn: map[WarningKind]int{WarnHeader: 1}},
	{name: "UnixStartTime 1e9", data: str("; UnixStartTime: 1.0e9\n" + plainJobs(nil)), jobs: 20,
		check: func(t *Trace) string {
			if t.Header.UnixStartTime != 1e9 {
				return fmt.Sprint(t.Header.UnixStartTime)
			}
			return ""
		}},
	{name: "zone abbreviation and offset", why: "TimeZoneString: CET with the old TimeZone",
		data: str("; TimeZoneString: CET\n; TimeZone: 3600\n" + plainJobs(nil)), jobs: 20,
		check: func(t *Trace) string {
			if loc, err := t.Header.Location(); err != nil || loc.String() != "CET" {
				return fmt.Sprint(loc, err)
			}
			return ""
		}},
	{name: "zone not in tzdata", why: "TimeZoneString: UTC+2, GMT-05:00",
		data: str("; TimeZoneString: GMT-05:00\n" + plainJobs(nil)), jobs: 20, warn: map[WarningKind]int{WarnHeader: 1},
		check: func(t *Trace) string {
			if t.Header.TimeZoneString != "GMT-05:00" {
				return t.Header.TimeZoneString
			}
			return ""
		}},
	{name: "notes, queues and partitions", why: "SDSC-SP2, LLNL-Thunder headers; MaxQueues far above the queues used",
		data: str("; Note: one\n; Note: two\n; Note:\n; MaxQueues: 99999999999\n; Queues: 1 batch\n; Queue: 1 batch\n" +
			"; MaxPartitions: 5\n; Partition: 1 a\n; Frobnicate: yes\n" + plainJobs(nil)), jobs: 20,
		check: func(t *Trace) string {
			if len(t.Header.Notes) != 3 || t.Header.MaxQueues != 99999999999 || t.Header.MaxPartitions != 5 || len(t.Header.Extra) == 0 {
				return fmt.Sprintf("%+v", t.Header)
			}
			return same(t)
		}},
	{name: "comment block of 20,000 lines", why: "logs with their whole README in the header",
		data: str("; MaxProcs: 64\n" + strings.Repeat(";  "+strings.Repeat("x", 60)+"\n", 20000) + plainJobs(nil)), jobs: 20,
		warn: map[WarningKind]int{WarnLongHeader: 10001}},
	{name: "empty and odd comment lines", data: str(";\n;;\n; : value\n; Key with spaces: v\n" + plainJobs(nil)), jobs: 20},
	{name: "Latin-1 header", why: "METACENTRUM's site names",
		data: str("; Computer: M\xe9tacentrum\n" + plainJobs(nil)), jobs: 20,
		check: func(t *Trace) string {
			if t.Header.Computer != "M\xe9tacentrum" {
				return fmt.Sprintf("%q", t.Header.Computer)
			}
			return ""
		}},

	// Data lines.
	{name: "fewer fields", why: "SWF 1 logs and cut lines",
		data: str(variantHeader + plainJobs(func(i int, f []string) []string { return f[:10+i%8] })), jobs: 20,
		warn: map[WarningKind]int{WarnFieldCount: 20},
		check: func(t *Trace) string {
			return colDiff("status", t.Status[:3], 1, 1, 1) + colDiff("user", t.User[:3], -1, 3, 1)
		}},
	{name: "more fields", why: "augmented SWF (METACENTRUM-2013)",
		data: str(variantHeader + plainJobs(func(i int, f []string) []string { return append(f, slices.Repeat([]string{"7"}, i%5)...) })), jobs: 20,
		warn: map[WarningKind]int{WarnFieldCount: 16}, check: same},
	{name: "tabs", data: str(variantHeader + variantJobs(20, "\t", "\n", nil)), jobs: 20, check: same},
	{name: "many spaces", data: str(variantHeader + variantJobs(20, "    ", "  \n", nil)), jobs: 20, check: same},
	{name: "CRLF", data: str(strings.ReplaceAll(variantHeader, "\n", "\r\n") + variantJobs(20, " ", "\r\n", nil)), jobs: 20, check: same},
	{name: "no newline at the end", data: str(strings.TrimSuffix(variantHeader+plainJobs(nil), "\n")), jobs: 20, check: same},
	{name: "blank lines", data: str(variantHeader + "\n\n" + variantJobs(20, " ", "\n\n", nil)), jobs: 20, check: same},
	{name: "byte-order mark", data: str(utf8BOM + variantHeader + plainJobs(nil)), jobs: 20, check: same},
	{name: "comments among jobs", why: "flurries removed by hand, leaving notes (uncleaned archive versions)",
		data: str(variantHeader + plainJobs(func(i int, f []string) []string {
			if i%5 == 0 {
				f[0] = "; flurry removed\n" + f[0]
			}
			return f
		})), jobs: 20, warn: map[WarningKind]int{WarnComment: 4}, check: same},
	{name: "integers as floats", why: "pandas to_csv",
		data: str(variantHeader + plainJobs(func(i int, f []string) []string {
			for k := range f {
				f[k] += ".0"
			}
			return f
		})), jobs: 20, check: same},
	{name: "exponents", data: str(variantHeader + plainJobs(func(i int, f []string) []string { f[3], f[4] = "1e2", "4e0"; return f })),
		jobs: 20, check: same},
	// Session 23: more spellings a converter may write.
	{name: "plus signs", why: "printf(\"%+d\") and spreadsheets",
		data: str(variantHeader + plainJobs(func(i int, f []string) []string {
			for k := range f {
				if f[k] != "-1" {
					f[k] = "+" + f[k]
				}
			}
			return f
		})), jobs: 20, check: same},
	{name: "exponents with a sign and a capital E", why: "printf(\"%E\"), Fortran and R writers",
		data: str(variantHeader + plainJobs(func(i int, f []string) []string {
			f[3], f[4], f[8] = "1.00E+02", "4.0e+00", "2E2"
			return f
		})), jobs: 20, check: same},
	{name: "trailing tabs and spaces", data: str(variantHeader + variantJobs(20, " ", " \t \t\n", nil)), jobs: 20, check: same},
	{name: "fractional seconds", why: "logs converted from timestamps with milliseconds",
		data: str(variantHeader + plainJobs(func(i int, f []string) []string { f[2], f[3], f[8] = "5.5", "3600.25", "3600.0"; return f })),
		jobs: 20, check: func(t *Trace) string {
			return colDiff("wait", t.Wait[:2], 5.5, 5.5) + colDiff("runtime", t.Runtime[:2], 3600.25, 3600.25) +
				colDiff("req_time", t.ReqTime[:1], 3600)
		}},
	{name: "-1.0 and -1.00 as unknown", why: "pandas to_csv of an unknown value",
		data: str(variantHeader + plainJobs(func(i int, f []string) []string { f[2], f[3], f[4] = "-1.0", "-1.00", "-1.0e0"; return f })),
		jobs: 20, check: func(t *Trace) string {
			if !math.IsNaN(t.Wait[0]) || !math.IsNaN(t.Runtime[0]) || t.Procs[0] != -1 {
				return fmt.Sprint(t.Wait[0], t.Runtime[0], t.Procs[0])
			}
			return ""
		}},
	{name: "-0", why: "a negative rounding printed as is",
		data: str(variantHeader + plainJobs(func(i int, f []string) []string { f[2] = "-0"; return f })),
		jobs: 20, check: func(t *Trace) string { return colDiff("wait", t.Wait[:2], 0, 0) }},
	{name: "a comment line of 200 kB among the jobs", why: "a pasted note",
		data: str(variantHeader + plainJobs(func(i int, f []string) []string {
			if i == 3 {
				f[0] = "; " + strings.Repeat("x", 200_000) + "\n" + f[0]
			}
			return f
		})), jobs: 20, warn: map[WarningKind]int{WarnComment: 1}, check: same},
	{name: "a header comment over 1 MiB", why: "a README pasted on one line",
		data: str(variantHeader + "; " + strings.Repeat("x", 2<<20) + "\n" + plainJobs(nil)), jobs: 20,
		warn: map[WarningKind]int{WarnLongLine: 1}, check: same},
	{name: "a directive after the first job line", why: "logs concatenated with their headers",
		data: str(variantHeader + plainJobs(func(i int, f []string) []string {
			if i == 11 {
				f[0] = "; MaxProcs: 128\n; UnixStartTime: 5\n" + f[0]
			}
			return f
		})), jobs: 20, warn: map[WarningKind]int{WarnLateDirective: 2},
		check: func(t *Trace) string {
			if m := t.Machine(); m.Procs != 64 || t.Header.UnixStartTime != 1000000000 {
				return fmt.Sprint(m, t.Header.UnixStartTime)
			}
			return same(t)
		}},
	{name: "-1 everywhere but id and submit", why: "LCG, Grid5000-like logs",
		data: str(variantHeader + plainJobs(func(i int, f []string) []string {
			for k := 2; k < 18; k++ {
				f[k] = "-1"
			}
			return f
		})), jobs: 20,
		check: func(t *Trace) string {
			if !math.IsNaN(t.Runtime[0]) || t.Procs[0] != -1 || t.Status[0] != -1 || t.User[0] != -1 {
				return fmt.Sprint(t.Runtime[0], t.Procs[0], t.Status[0], t.User[0])
			}
			return ""
		}},
	{name: "-1 submit on some rows", why: "placeholders",
		data: str(variantHeader + plainJobs(func(i int, f []string) []string {
			if i%4 == 0 {
				f[1] = "-1"
			}
			return f
		})), jobs: 15, warn: map[WarningKind]int{WarnPlaceholder: 5}},
	{name: "-1 submit everywhere", data: str(variantHeader + plainJobs(func(i int, f []string) []string { f[1] = "-1"; return f })),
		err: ErrNoJobs, errText: "20 rows are placeholders"},
	{name: "submit not sorted", why: "logs sorted by start or end time",
		data: str(variantHeader + plainJobs(func(i int, f []string) []string {
			if i%2 == 0 {
				f[1] = fmt.Sprint(60*i - 90)
			}
			return f
		})), jobs: 20, warn: map[WarningKind]int{WarnUnsortedSubmit: 10},
		check: func(t *Trace) string { return colDiff("submit", t.Submit[:4], 60, 30, 180, 150) }},
	{name: "job numbers apart", data: str(variantHeader + plainJobs(func(i int, f []string) []string { f[0] = fmt.Sprint(i * 1000); return f })),
		jobs: 20, check: func(t *Trace) string { return colDiff("job_id", t.JobID[:3], 1000, 2000, 3000) }},
	{name: "job numbers repeated", why: "logs merged from two schedulers",
		data: str(variantHeader + plainJobs(func(i int, f []string) []string { f[0] = fmt.Sprint(1 + i/3); return f })), jobs: 20,
		warn: map[WarningKind]int{WarnDuplicateJobID: 13, WarnUnsortedJobID: 13}},
	{name: "job numbers 0 and negative", data: str(variantHeader + plainJobs(func(i int, f []string) []string { f[0] = fmt.Sprint(i - 5); return f })),
		jobs: 20, warn: map[WarningKind]int{WarnNegativeValue: 3},
		check: func(t *Trace) string { return colDiff("job_id", t.JobID[:6], -4, -3, -2, -1, 0, 1) }},
	{name: "negative measures", why: "clock skew: start before submit",
		data: str(variantHeader + plainJobs(func(i int, f []string) []string { f[2], f[3], f[4] = "-7", "-3", "-9"; return f })), jobs: 20,
		warn: map[WarningKind]int{WarnNegativeValue: 60},
		check: func(t *Trace) string {
			if !math.IsNaN(t.Wait[0]) || !math.IsNaN(t.Runtime[0]) || t.Procs[0] != -9 || len(t.Report.Replaced) != 40 {
				return fmt.Sprint(t.Wait[0], t.Runtime[0], t.Procs[0], len(t.Report.Replaced))
			}
			return ""
		}},
	{name: "huge values", data: str(variantHeader + plainJobs(func(i int, f []string) []string {
		f[2], f[3], f[4] = "1e15", "9999999999999", "99999999999"
		return f
	})), jobs: 20, warn: map[WarningKind]int{WarnOutOfRange: 40, WarnExceedsMachine: 20},
		check: func(t *Trace) string {
			if t.Procs[0] != 99999999999 || t.Report.Replaced[1].Value != 9999999999999 {
				return fmt.Sprint(t.Procs[0], t.Report.Replaced[:2])
			}
			for _, w := range t.Report.Warnings {
				if w.Kind == WarnExceedsMachine && (w.Value != "99999999999" || !strings.Contains(w.Message, "procs 99999999999 exceeds")) {
					return fmt.Sprintf("warning %q %q: the value not as written", w.Value, w.Message)
				}
			}
			return ""
		}},
	{name: "status codes beyond 0-5", why: "exit codes in the status field",
		data: str(variantHeader + plainJobs(func(i int, f []string) []string { f[10] = fmt.Sprint(i*7 - 20); return f })), jobs: 20,
		warn:  map[WarningKind]int{WarnStatusCode: 19},
		check: func(t *Trace) string { return colDiff("status", t.Status[:3], -13, -6, 1) }},
	{name: "queue and partition numbers huge", data: str(variantHeader + plainJobs(func(i int, f []string) []string {
		f[14], f[15] = "99999999999", "8888888888888"
		return f
	})), jobs: 20, check: func(t *Trace) string {
		return colDiff("queue", t.Queue[:1], 99999999999) + colDiff("partition", t.Partition[:1], 8888888888888)
	}},
	{name: "a word in a field", why: "N/A written for unknown",
		data: str(variantHeader + plainJobs(func(i int, f []string) []string {
			if i == 3 {
				f[3] = "N/A"
			}
			return f
		})), jobs: 20, warn: map[WarningKind]int{WarnUnreadable: 1},
		check: func(t *Trace) string {
			if !math.IsNaN(t.Runtime[2]) || len(t.Report.Unreadable) != 1 || t.Report.Unreadable[0].Token != "N/A" || t.Report.Unreadable[0].Line != 6 {
				return fmt.Sprint(t.Runtime[2], t.Report.Unreadable)
			}
			return ""
		}},
	{name: "a fraction in a count", data: str(variantHeader + plainJobs(func(i int, f []string) []string {
		if i == 2 {
			f[4] = "3.5"
		}
		return f
	})), jobs: 20, warn: map[WarningKind]int{WarnUnreadable: 1}},
	{name: "empty file", data: str(""), err: ErrNoJobs},
	{name: "header only", data: str(variantHeader), err: ErrNoJobs, errText: "3 lines"},
	{name: "MaxRecords far above the rows", why: "the header is a hint: memory by the input's size",
		data: str("; MaxRecords: 1000000000000\n; MaxJobs: 1000000000000\n" + plainJobs(nil)), jobs: 20, check: same},

	// Compression and archives.
	{name: "gzip", data: func() []byte { return gzipped(variantHeader + plainJobs(nil)) }, jobs: 20, check: same},
	{name: "gzip of two members", data: func() []byte {
		return append(gzipped(variantHeader+plainJobs(nil)[:400]), gzipped(plainJobs(nil)[400:])...)
	}, jobs: 20, check: same},
	{name: "zstd", data: func() []byte { return zstded(variantHeader + plainJobs(nil)) }, jobs: 20, check: same},
	{name: "pzstd (skippable frame first)", why: "pzstd's output was refused as binary data",
		data: func() []byte { return pzstded(variantHeader + plainJobs(nil)) }, jobs: 20, check: same},
	{name: "xz", data: str("\xfd7zXZ\x00\x00\x04"), err: ErrCompression, errText: "gzip, bzip2 or zstd (xz); decompress it first"},
	{name: "compress .Z", why: "the archive's oldest logs were distributed compressed with compress",
		data: str("\x1f\x9d\x90;\x20Version"), err: ErrCompression, errText: "(compress, .Z)"},
	{name: "lzip", data: str("LZIP\x01\x0c\x00"), err: ErrCompression, errText: "(lzip)"},
	{name: "tar", why: "a log packed with its README",
		data: func() []byte { return tarred("KTH.swf", variantHeader+plainJobs(nil)) }, err: ErrCompression, errText: "a tar archive); extract the log"},
	{name: "tar.gz", data: func() []byte { return gzipped(string(tarred("KTH.swf", variantHeader+plainJobs(nil)))) },
		err: ErrCompression, errText: "a tar archive inside gzip"},
	{name: "gzip cut short", why: "an interrupted download",
		data: func() []byte { return gzipped(variantHeader + plainJobs(nil))[:100] }, err: ErrBadGzip, errText: "ends early"},
	{name: "binary", data: str("\x00\x01\x02\x03 garbage"), err: ErrBinary, errText: "plain or compressed with gzip, bzip2 or zstd", errLine: 1},
}

// TestArchiveVariants reads each deviation of the archive's logs (a
// generated corpus, not copies of archive files): the log is read, raw
// values kept as the row's check says, each deviation warned with its
// count, and errors only where the data cannot be used, naming the file
// (and the line where there is one). Scan reports the same, and reading
// allocates no more than a few MiB (a header's counts reserve nothing).
func TestArchiveVariants(t *testing.T) {
	for _, v := range archiveVariants {
		t.Run(strings.ReplaceAll(v.name, " ", "_"), func(t *testing.T) {
			data := v.data()
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			tr, err := Read(bytes.NewReader(data), ReadOptions{Name: "variant.swf"})
			runtime.ReadMemStats(&after)
			if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 32<<20 {
				t.Errorf("allocated %d MiB to read %d bytes", alloc>>20, len(data))
			}
			if v.err != nil || v.errText != "" {
				var pe *ParseError
				switch {
				case err == nil:
					t.Fatalf("read %d jobs, want an error %v", tr.Len(), v.err)
				case v.err != nil && !errors.Is(err, v.err), !strings.Contains(err.Error(), v.errText), !strings.Contains(err.Error(), "variant.swf"):
					t.Errorf("error %v, want %v saying %q and the file", err, v.err, v.errText)
				case v.errLine > 0 && (!errors.As(err, &pe) || pe.Line != v.errLine):
					t.Errorf("error %v, want line %d", err, v.errLine)
				}
				return
			}
			if err != nil {
				t.Fatalf("%v (%s)", err, v.why)
			}
			got := map[WarningKind]int{}
			for _, w := range tr.Report.Warnings {
				got[w.Kind] += w.Count
				if w.Line < 0 || w.Line > tr.Report.Lines {
					t.Errorf("warning %v: line out of the file's %d", w, tr.Report.Lines)
				}
			}
			if tr.Len() != v.jobs || !mapsEqual(got, v.warn) {
				t.Errorf("%d jobs, warnings %v; want %d, %v\n%v", tr.Len(), got, v.jobs, v.warn, tr.Report.Warnings)
			}
			if v.check != nil {
				if msg := v.check(tr); msg != "" {
					t.Error(msg)
				}
			}
			s, err := SummarizeReader(bytes.NewReader(data), ReadOptions{Name: "variant.swf"})
			if err != nil {
				t.Fatalf("summary: %v", err)
			}
			sgot := map[WarningKind]int{}
			for _, w := range s.Report.Warnings {
				sgot[w.Kind] += w.Count
			}
			if s.Jobs != tr.Len() || !mapsEqual(sgot, got) {
				t.Errorf("summary: %d jobs, warnings %v; Read: %d, %v", s.Jobs, sgot, tr.Len(), got)
			}
		})
	}
}

func mapsEqual(a, b map[WarningKind]int) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}
