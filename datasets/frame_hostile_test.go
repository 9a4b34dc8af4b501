package datasets

import (
	"math"
	"strings"
	"testing"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
)

// TestFromFrameHostile: frames built in code. Before: a float identifier
// or count of 1e300, +Inf or 2^63 became −2^63 (int(v) out of range), an
// Int column's MaxInt became −2^63 (read through float64), and a column
// of text or booleans became unknowns or 1/0 without a word.
func TestFromFrameHostile(t *testing.T) {
	t.Parallel()
	nan := math.NaN()
	ids := series.New([]int{1, 2}, series.Int, "job_id")
	submit := series.New([]float64{0, 10}, series.Float, "submit")
	for _, c := range []struct {
		name    string
		col     series.Series
		wantErr string
		check   func(tr *Trace) bool
	}{
		{"procs 1e300", series.New([]float64{1e300, 4}, series.Float, "procs"), "procs row 0: 1e+300 is out of range", nil},
		{"procs +Inf", series.New([]float64{math.Inf(1), 4}, series.Float, "procs"), "procs row 0: +Inf is out of range", nil},
		{"procs 2^63", series.New([]float64{math.Ldexp(1, 63), 4}, series.Float, "procs"), "out of range", nil},
		{"procs 1.5", series.New([]float64{1.5, 4}, series.Float, "procs"), "not a whole number", nil},
		{"procs text", series.New([]string{"x", "4"}, series.String, "procs"), `procs row 0: "x" is not a number`, nil},
		{"runtime text", series.New([]string{"10", "fast"}, series.String, "runtime"), `runtime row 1: "fast" is not a number`, nil},
		{"status bool", series.New([]bool{true, false}, series.Bool, "status"), "status is of type bool", nil},
		{"procs NaN: unknown", series.New([]float64{nan, 4}, series.Float, "procs"), "",
			func(tr *Trace) bool { return tr.Procs[0] == -1 && tr.Procs[1] == 4 }},
		{"procs 2^53", series.New([]float64{1 << 53, 4}, series.Float, "procs"), "",
			func(tr *Trace) bool { return tr.Procs[0] == 1<<53 }},
		{"user MaxInt and MinInt (Int column)", series.New([]int{math.MaxInt, math.MinInt}, series.Int, "user"), "",
			func(tr *Trace) bool { return tr.User[0] == math.MaxInt && tr.User[1] == math.MinInt }},
		{"runtime text of numbers and unknowns", series.New([]string{"10", "NaN"}, series.String, "runtime"), "",
			func(tr *Trace) bool { return tr.Runtime[0] == 10 && math.IsNaN(tr.Runtime[1]) }},
	} {
		tr, err := FromFrame("hostile", dataframe.New(ids, submit, c.col))
		switch {
		case c.wantErr != "":
			if err == nil || !strings.Contains(err.Error(), c.wantErr) {
				t.Errorf("%s: error %v, want one containing %q", c.name, err, c.wantErr)
			}
		case err != nil:
			t.Errorf("%s: %v", c.name, err)
		case !c.check(tr):
			t.Errorf("%s: trace %+v", c.name, tr)
		}
	}
	// The submit column is checked like the others.
	if _, err := FromFrame("hostile", dataframe.New(ids, series.New([]string{"a", "10"}, series.String, "submit"))); err == nil {
		t.Error("FromFrame with a submit column of text: no error")
	}
}
