package malformed

import (
	"bytes"
	"compress/gzip"
	"strings"
)

// GoodLine is one valid SWF job line (job 1, submitted at 0).
const GoodLine = "1 0 10 100 4 90 -1 4 200 -1 1 3 1 7 1 1 -1 -1\n"

// Case is one input: a short name (unique, usable as a file name once
// spaces are replaced) and the bytes of the file.
type Case struct {
	Name  string
	Input []byte
}

// Gzip returns s compressed with gzip.
func Gzip(s string) []byte {
	var b bytes.Buffer
	w := gzip.NewWriter(&b)
	w.Write([]byte(s))
	w.Close()
	return b.Bytes()
}

// Cases returns every input, in a fixed order; the slices are fresh copies.
func Cases() []Case {
	truncated := Gzip(strings.Repeat(GoodLine, 50))
	truncated = truncated[:len(truncated)/2]
	return []Case{
		{"too few fields", []byte("1 0 10 100 4\n")},
		{"too many fields", []byte("1 0 10 100 4 90 -1 4 200 -1 1 3 1 7 1 1 -1 -1 9\n")},
		{"non-numeric", []byte(GoodLine + "2 x 10 100 4 90 -1 4 200 -1 1 3 1 7 1 1 -1 -1\n")},
		{"NaN text", []byte("1 0 NaN 100 4 90 -1 4 200 -1 1 3 1 7 1 1 -1 -1\n")},
		{"Inf text", []byte("1 0 10 +Inf 4 90 -1 4 200 -1 1 3 1 7 1 1 -1 -1\n")},
		{"overflow", []byte("1 0 10 1e400 4 90 -1 4 200 -1 1 3 1 7 1 1 -1 -1\n")},
		{"negative runtime", []byte("1 0 10 -5 4 90 -1 4 200 -1 1 3 1 7 1 1 -1 -1\n")},
		{"negative submit", []byte("1 -2 10 5 4 4 -1 4 200 -1 1 3 1 7 1 1 -1 -1\n")},
		{"decimal user id", []byte("1 0 10 5 4 4 -1 4 200 -1 1 3.5 1 7 1 1 -1 -1\n")},
		{"bad status", []byte("1 0 10 5 4 4 -1 4 200 -1 7 3 1 7 1 1 -1 -1\n")},
		{"truncated gzip", truncated},
		{"binary garbage", []byte("\x00\x01\x02\xff\xfe garbage\n")},
		{"empty file", nil},
		{"header only", []byte("; Version: 2.2\n; MaxProcs: 10\n")},
		{"only placeholders", []byte("1 -1 10 5 4 90 -1 4 200 -1 1 3 1 7 1 1 -1 -1\n")},
		{"duplicate job id", []byte(GoodLine + GoodLine)},
		{"bad numeric header", []byte("; MaxProcs: many\n" + GoodLine)},
		{"submit going backwards", []byte("1 50 0 1 1 -1 -1 1 -1 -1 1 1 1 -1 -1 -1 -1 -1\n2 10 0 1 1 -1 -1 1 -1 -1 1 1 1 -1 -1 -1 -1 -1\n")},
		{"job ids not increasing", []byte("5 0 0 1 1 -1 -1 1 -1 -1 1 1 1 -1 -1 -1 -1 -1\n2 10 0 1 1 -1 -1 1 -1 -1 1 1 1 -1 -1 -1 -1 -1\n")},
		{"zero processors", []byte("1 0 0 1 0 -1 -1 1 -1 -1 5 1 1 -1 -1 -1 -1 -1\n")},
		{"CRLF and blank lines", []byte("; Version: 2\r\n\r\n" + strings.ReplaceAll(GoodLine, "\n", "\r\n") + "\n")},
		{"decimal times", []byte("1 0.5 10.25 100.125 4 90.5 -1 4 200 -1 1 3 1 7 1 1 -1 -1.5\n")},
		{"no trailing newline", []byte(strings.TrimSuffix(GoodLine, "\n"))},
		{"tabs as separators", []byte(strings.ReplaceAll(GoodLine, " ", "\t"))},
		// Deviations of real logs (kept and reported as warnings).
		{"exit codes as status", []byte(sandiaRossLike)},
		{"negative user id", []byte("1 0 10 5 4 4 -1 4 200 -1 1 -5 1 7 1 1 -1 -1\n")},
		{"placeholder among jobs", []byte(GoodLine + "2 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1\n")},
		{"cpu time above runtime", []byte("1 0 10 100 4 900 -1 4 200 -1 1 3 1 7 1 1 -1 -1\n")},
		{"processors above machine", []byte("; MaxProcs: 4\n1 0 10 100 8 90 -1 16 200 -1 1 3 1 7 1 1 -1 -1\n")},
		{"requested above limits", []byte("; MaxRuntime: 3600\n; MaxMemory: 1000\n1 0 10 4000 4 90 2000 4 7200 -1 1 3 1 7 1 1 -1 -1\n")},
		// Absurd values.
		{"submit 1e300", []byte(GoodLine + "2 1e300 10 100 4 90 -1 4 200 -1 1 3 1 7 1 1 -1 -1\n")},
		{"submit 1e20", []byte(GoodLine + "2 100000000000000000000 10 100 4 90 -1 4 200 -1 1 3 1 7 1 1 -1 -1\n")},
		{"submit times in milliseconds", []byte("1 1000000000000000 10 100 4 90 -1 4 200 -1 1 3 1 7 1 1 -1 -1\n")},
		{"runtime 1e300", []byte("1 0 10 1e300 4 90 -1 4 200 -1 1 3 1 7 1 1 -1 -1\n")},
		{"wait 1e13", []byte("1 0 10000000000000 100 4 90 -1 4 200 -1 1 3 1 7 1 1 -1 -1\n")},
		{"memory 1e300", []byte("1 0 10 100 4 90 1e300 4 200 -1 1 3 1 7 1 1 -1 -1\n")},
		{"think time 1e12", []byte("1 0 10 100 4 90 -1 4 200 -1 1 3 1 7 1 1 -1 1e12\n")},
		{"digit separators", []byte("1 1_000 10 100 4 90 -1 4 200 -1 1 3 1 7 1 1 -1 -1\n")},
		// Values the trace cannot hold (session 13): unknown, or the row
		// left out for an unreadable submit.
		{"integer beyond int64", []byte(GoodLine + "2 5 10 100 99999999999999999999 90 -1 4 200 -1 1 9223372036854775807 1 7 1 1 -1 -1\n")},
		{"decimal comma and hex", []byte(GoodLine + "2 5 10 1,5 0x10 90 -1 4 200 -1 1 3 1 7 1 1 -1 -1\n")},
		{"submit NaN among jobs", []byte(GoodLine + "2 NaN 10 100 4 90 -1 4 200 -1 1 3 1 7 1 1 -1 -1\n3 9 10 100 4 90 -1 4 200 -1 Inf 3 1 7 1 1 -1 -1\n")},
		{"hex float", []byte("1 0x1p3 10 100 4 90 -1 4 200 -1 1 3 1 7 1 1 -1 -1\n")},
		// Header directives that are hints, not promises.
		{"UnixStartTime overflow", []byte("; UnixStartTime: 9223372036854775807\n" + GoodLine)},
		{"UnixStartTime beyond int64", []byte("; UnixStartTime: 99999999999999999999\n" + GoodLine)},
		{"unknown time zone", []byte("; TimeZoneString: Mars/Olympus_Mons\n" + GoodLine)},
		{"MaxProcs zero", []byte("; MaxProcs: 0\n" + GoodLine)},
		{"MaxProcs negative", []byte("; MaxProcs: -5\n" + GoodLine)},
		{"MaxRecords lies", []byte("; MaxRecords: 50000000\n; MaxJobs: 50000000\n" + strings.Repeat(GoodLine, 1) +
			"2 1 10 100 4 90 -1 4 200 -1 1 3 1 7 1 1 -1 -1\n3 2 10 100 4 90 -1 4 200 -1 1 3 1 7 1 1 -1 -1\n" +
			"4 3 10 100 4 90 -1 4 200 -1 1 3 1 7 1 1 -1 -1\n5 4 10 100 4 90 -1 4 200 -1 1 3 1 7 1 1 -1 -1\n")},
		{"negative MaxRecords", []byte("; MaxRecords: -3\n" + GoodLine)},
		{"absurd TimeZone offset", []byte("; TimeZone: 999999\n" + GoodLine)},
		{"byte-order mark", []byte("\uFEFF; Version: 2.2\n" + GoodLine)},
		{"byte-order mark before a job", []byte("\uFEFF" + GoodLine)},
		// Other formats given as a log.
		{"CSV file", []byte("job_id,submit,wait,runtime\n1,0,10,100\n")},
		{"JSON file", []byte("[{\"job_id\": 1, \"submit\": 0}]\n")},
		{"HTML page", []byte("<!DOCTYPE html>\n<html><body>Not Found</body></html>\n")},
		{"bad gzip header", []byte("\x1f\x8bthis is not gzip at all\n")},
		{"bzip2 file", []byte("BZh91AY&SY\x00\x01\x02")},
	}
}

// sandiaRossLike is a log whose status column holds exit codes, as
// Sandia-Ross-2001-1.1-cln's does (265, 127, 126, 255, 137, 267, even −4).
const sandiaRossLike = "; Version: 2.2\n; MaxProcs: 1524\n" +
	"1 0 10 100 4 90 -1 4 200 -1 1 3 1 7 1 1 -1 -1\n" +
	"2 5 10 100 4 90 -1 4 200 -1 265 3 1 7 1 1 -1 -1\n" +
	"3 6 10 100 4 90 -1 4 200 -1 127 3 1 7 1 1 -1 -1\n" +
	"4 7 10 100 4 90 -1 4 200 -1 126 3 1 7 1 1 -1 -1\n" +
	"5 8 10 100 4 90 -1 4 200 -1 0 3 1 7 1 1 -1 -1\n" +
	"6 9 10 100 4 90 -1 4 200 -1 255 3 1 7 1 1 -1 -1\n" +
	"7 10 10 100 4 90 -1 4 200 -1 137 3 1 7 1 1 -1 -1\n" +
	"8 11 10 100 4 90 -1 4 200 -1 267 3 1 7 1 1 -1 -1\n" +
	"9 12 10 100 4 90 -1 4 200 -1 -4 3 1 7 1 1 -1 -1\n" +
	"10 13 10 100 4 90 -1 4 200 -1 5 3 1 7 1 1 -1 -1\n"
