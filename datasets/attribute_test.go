package datasets

import (
	"math"
	"slices"
	"testing"
)

func TestParseAttribute(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		s       string
		allowed []Attribute
		want    Attribute
		ok      bool
	}{
		{"runtime", nil, Runtime, true},
		{"work", nil, Work, true},
		{"interarrival", nil, Interarrival, true},
		{"req_time", []Attribute{Procs, ReqTime}, ReqTime, true},
		{"runtime", []Attribute{Procs, ReqTime}, "", false},
		{"cpu", nil, "", false},
		{"Runtime", nil, "", false}, // names are frame columns, lower case
	} {
		got, err := ParseAttribute(c.s, c.allowed...)
		if (err == nil) != c.ok || got != c.want {
			t.Errorf("ParseAttribute(%q, %v) = %q, %v", c.s, c.allowed, got, err)
		}
	}
}

// Values: the column itself, NaN where unknown; the derived attributes by
// their definition.
func TestAttributeValues(t *testing.T) {
	t.Parallel()
	nan := math.NaN()
	tr := NewTrace("t", 4)
	for i, j := range []struct {
		submit, runtime, req float64
		procs                int
	}{{0, 10, 20, 4}, {5, nan, 30, 2}, {5, 7, nan, -1}, {3, -2, 40, 0}} {
		job := UnknownJob()
		job.JobID, job.Submit, job.Runtime, job.ReqTime, job.Procs = i+1, j.submit, j.runtime, j.req, j.procs
		tr.Append(job)
	}
	for _, c := range []struct {
		a    Attribute
		want []float64
	}{
		{Runtime, []float64{10, nan, 7, nan}},
		{ReqTime, []float64{20, 30, nan, 40}},
		{Procs, []float64{4, 2, nan, 0}},
		{Work, []float64{40, nan, nan, nan}},
		{Interarrival, []float64{nan, 5, 0, nan}},
	} {
		got := c.a.Values(tr)
		if !slices.EqualFunc(got, c.want, func(x, y float64) bool { return x == y || math.IsNaN(x) && math.IsNaN(y) }) {
			t.Errorf("%s.Values = %v, want %v", c.a, got, c.want)
		}
	}
	defer func() {
		if recover() == nil {
			t.Error("Values of an unknown attribute did not panic")
		}
	}()
	Attribute("cpu").Values(tr)
}
