package datasets

import (
	"math"
	"strconv"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/tracelab/tracelab/internal/rapidtest"
)

// TestReadLayoutProperty: whatever the layout the archive's logs use —
// fields separated by runs of spaces or tabs, leading and trailing blanks,
// CRLF or LF, a byte-order mark, a last line without a newline, comment
// and blank lines among the jobs, integers written with a decimal point
// ("4.0"), rows of 2 to 30 fields — every row is read, each field present
// holds the value written, each field missing is unknown, and the rows
// without 18 fields are counted in field-count warnings, one per row
// (session 14: a row of other than 18 fields refused the whole log).
func TestReadLayoutProperty(t *testing.T) {
	t.Parallel()
	rapidtest.Check(t, func(rt *rapid.T) {
		n := rapid.IntRange(1, 20).Draw(rt, "rows")
		blank := func(label string) string {
			return rapid.SampledFrom([]string{" ", "  ", "\t", " \t ", "\t\t"}).Draw(rt, label)
		}
		eol := rapid.SampledFrom([]string{"\n", "\r\n"}).Draw(rt, "eol")
		var b strings.Builder
		if rapid.Bool().Draw(rt, "bom") {
			b.WriteString(utf8BOM)
		}
		b.WriteString("; Version: 2.2" + eol)
		type row struct {
			vals [18]float64
			nf   int
		}
		rows := make([]row, n)
		odd := 0
		for i := range rows {
			r := &rows[i]
			r.nf = 18
			if rapid.IntRange(0, 3).Draw(rt, "odd") == 0 {
				r.nf = rapid.IntRange(2, 30).Draw(rt, "fields")
			}
			if r.nf != 18 {
				odd++
			}
			if rapid.Bool().Draw(rt, "lead") {
				b.WriteString(blank("lead blank"))
			}
			for k := range r.nf {
				var v float64
				var tok string
				switch {
				case k == fJobID:
					v = float64(i + 1)
					tok = strconv.Itoa(i + 1)
				case k == fSubmit:
					v = float64(i * 60)
					tok = strconv.Itoa(i * 60)
				case k < 18 && integerField[k]:
					v = float64(rapid.IntRange(-1, 5000).Draw(rt, "int"))
					tok = strconv.FormatFloat(v, 'f', -1, 64)
					if rapid.Bool().Draw(rt, "as decimal") {
						tok += ".0"
					}
				case k < 18:
					v = float64(rapid.IntRange(-1, 1e6).Draw(rt, "measure")) / 4
					if v < 0 {
						v = -1
					}
					tok = strconv.FormatFloat(v, 'f', -1, 64)
				default:
					tok = strconv.Itoa(rapid.IntRange(0, 99).Draw(rt, "extra"))
				}
				if k < 18 {
					r.vals[k] = v
				}
				if k > 0 {
					b.WriteString(blank("sep"))
				}
				b.WriteString(tok)
			}
			if rapid.Bool().Draw(rt, "trail") {
				b.WriteString(blank("trail blank"))
			}
			if i < n-1 || rapid.Bool().Draw(rt, "last eol") {
				b.WriteString(eol)
			}
			if i < n-1 && rapid.IntRange(0, 5).Draw(rt, "interlude") == 0 {
				b.WriteString(rapid.SampledFrom([]string{"", "; a comment", "   "}).Draw(rt, "line") + eol)
			}
		}
		tr, err := Read(strings.NewReader(b.String()), ReadOptions{Name: "p.swf"})
		if err != nil {
			rt.Fatalf("%v\n%q", err, b.String())
		}
		if tr.Len() != n || tr.Report.Count(WarnFieldCount) != odd {
			rt.Fatalf("%d jobs, %d field-count rows; want %d, %d: %v", tr.Len(), tr.Report.Count(WarnFieldCount), n, odd, tr.Report.Warnings)
		}
		for i, r := range rows {
			j := tr.Job(i)
			got := [18]float64{float64(j.JobID), j.Submit, j.Wait, j.Runtime, float64(j.Procs), j.CPUTime, j.Mem,
				float64(j.ReqProcs), j.ReqTime, j.ReqMem, float64(j.Status), float64(j.User), float64(j.Group),
				float64(j.App), float64(j.Queue), float64(j.Partition), float64(j.PrevJob), j.ThinkTime}
			for k := range 18 {
				want := r.vals[k]
				if k >= r.nf {
					want = -1
				}
				if math.IsNaN(got[k]) {
					got[k] = -1 // a measure's unknown
				}
				if got[k] != want {
					rt.Fatalf("row %d field %s: %v, want %v", i+1, FieldNames[k], got[k], want)
				}
			}
		}
	})
}
