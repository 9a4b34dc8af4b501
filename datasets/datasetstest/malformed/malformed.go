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
		{"negative submit", []byte("1 -2 10 5 4 90 -1 4 200 -1 1 3 1 7 1 1 -1 -1\n")},
		{"decimal user id", []byte("1 0 10 5 4 90 -1 4 200 -1 1 3.5 1 7 1 1 -1 -1\n")},
		{"bad status", []byte("1 0 10 5 4 90 -1 4 200 -1 7 3 1 7 1 1 -1 -1\n")},
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
	}
}
