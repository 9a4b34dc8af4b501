package datasets

import (
	"encoding/json"
	"errors"
	"math"
	"strings"
	"testing"
)

// TestReadReportJSON: a ReadReport encodes to JSON with each unreadable
// value's reason as its message and each replaced value that is not finite
// as a string, and decodes back to the same report (errors.Is holding on
// the reasons). The expected messages are the package's error values; the
// tokens and values are the planted ones. Before: Why encoded as {} and a
// report holding an infinite runtime did not encode at all ("json:
// unsupported value: +Inf").
func TestReadReportJSON(t *testing.T) {
	t.Parallel()
	const tail = " -1 -1 2 100 -1 1 1 1 -1 -1 -1 -1 -1"
	cases := []struct {
		name, row string
		want      []string // substrings of the JSON
		why       error    // the first unreadable value's reason; nil when none
		value     float64  // the first replaced value; 0 when none
	}{
		{"procs hex", "1 0 0 10 0x10" + tail, []string{`"Token":"0x10","Why":"not a number"`}, ErrNotNumber, 0},
		{"procs fraction", "1 0 0 10 2.5" + tail, []string{`"Why":"not an integer"`}, ErrNotInteger, 0},
		{"job id beyond int64", "99999999999999999999 0 0 10 2" + tail, []string{`"Why":"` + ErrIntegerRange.Error() + `"`}, ErrIntegerRange, 0},
		{"user NaN", "1 0 0 10 2 -1 -1 2 100 -1 1 NaN 1 -1 -1 -1 -1 -1", []string{`"Field":"user","Token":"NaN","Why":"not a finite number"`}, ErrNotFinite, 0},
		{"runtime +Inf", "1 0 0 +Inf 2" + tail, []string{`"Field":"runtime","Value":"+Inf"`}, nil, math.Inf(1)},
		{"cpu_time -Inf", "1 0 0 10 2 -Inf -1 2 100 -1 1 1 1 -1 -1 -1 -1 -1", []string{`"Field":"cpu_time","Value":"-Inf"`}, nil, math.Inf(-1)},
		{"runtime NaN", "1 0 0 NaN 2" + tail, []string{`"Field":"runtime","Value":"NaN"`}, nil, math.NaN()},
		{"runtime negative", "1 0 0 -5 2" + tail, []string{`"Field":"runtime","Value":-5`}, nil, -5},
	}
	for _, c := range cases {
		tr, err := Read(strings.NewReader(c.row+"\n2 10 0 10 2"+tail+"\n"), ReadOptions{Name: c.name})
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		b, err := json.Marshal(tr.Report)
		if err != nil {
			t.Errorf("%s: encoding the report: %v", c.name, err)
			continue
		}
		for _, w := range c.want {
			if !strings.Contains(string(b), w) {
				t.Errorf("%s: JSON %s lacks %s", c.name, b, w)
			}
		}
		if strings.Contains(string(b), `"Why":{}`) {
			t.Errorf("%s: a reason encoded as {}: %s", c.name, b)
		}
		var back ReadReport
		if err := json.Unmarshal(b, &back); err != nil {
			t.Errorf("%s: decoding %s: %v", c.name, b, err)
			continue
		}
		if c.why != nil {
			if len(back.Unreadable) == 0 || !errors.Is(back.Unreadable[0].Why, c.why) ||
				back.Unreadable[0].Token != tr.Report.Unreadable[0].Token {
				t.Errorf("%s: decoded %+v, want the reason %v and token of %+v", c.name, back.Unreadable, c.why, tr.Report.Unreadable)
			}
		}
		if c.value != 0 {
			if len(back.Replaced) == 0 || len(tr.Report.Replaced) == 0 {
				t.Errorf("%s: replaced %+v, decoded %+v", c.name, tr.Report.Replaced, back.Replaced)
				continue
			}
			got, read := back.Replaced[0], tr.Report.Replaced[0]
			same := got.Value == c.value || math.IsNaN(got.Value) && math.IsNaN(c.value)
			if !same || got.Field != read.Field || got.Line != read.Line || got.JobID != read.JobID || got.Row != read.Row {
				t.Errorf("%s: decoded %+v, want %+v with value %v", c.name, got, read, c.value)
			}
		}
	}
}

// TestReadReportJSONRefused: a decoded replaced value must be a number or
// one of the three names.
func TestReadReportJSONRefused(t *testing.T) {
	t.Parallel()
	for _, in := range []string{`{"Field":"runtime","Value":"inf"}`, `{"Field":"runtime"}`, `{"Field":"runtime","Value":null}`} {
		var v ReplacedValue
		if err := json.Unmarshal([]byte(in), &v); err == nil {
			t.Errorf("%s: decoded to %+v, want an error", in, v)
		}
	}
}
