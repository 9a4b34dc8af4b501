package feitelson2007

import (
	"slices"
	"testing"
	"time"

	"github.com/tracelab/tracelab/analytics/locality"
	"github.com/tracelab/tracelab/datasets"
)

// TestSliceOrigin: a calendar Shift (local days since 1970-01-01) as the
// local midnight where the slices begin. Dates worked out with Python's
// datetime.date(1970, 1, 1) + timedelta(days=n).
func TestSliceOrigin(t *testing.T) {
	la, err := time.LoadLocation("America/Los_Angeles")
	if err != nil {
		t.Skip("no time zone database:", err)
	}
	for _, c := range []struct {
		shift float64
		loc   *time.Location
		want  string
	}{
		{9043, time.FixedZone("PDT", -7*3600), "1994-10-05 00:00 UTC−7"},
		{11073, time.FixedZone("PDT", -7*3600), "2000-04-26 00:00 UTC−7"},
		{12484, nil, "2004-03-07 00:00 UTC"},
		{0, time.FixedZone("IST", 5*3600+30*60), "1970-01-01 00:00 UTC+5:30"},
		{0.5, time.UTC, "1970-01-01 12:00 UTC"},
		{11073, la, "2000-04-26 00:00 UTC−7"}, // daylight saving
		{12484, la, "2004-03-07 00:00 UTC−8"},
	} {
		if got := sliceOrigin(locality.Slicing{Shift: c.shift, Location: c.loc}); got != c.want {
			t.Errorf("sliceOrigin(shift %g, %v) = %q, want %q", c.shift, c.loc, got, c.want)
		}
	}
}

// TestSamplingTableColumns: Tables 2–3's frame shows where the slices
// begin, not the calendar Shift, with the paper's name beside ours.
func TestSamplingTableColumns(t *testing.T) {
	zone := time.FixedZone("PDT", -7*3600)
	rs := []locality.SamplingResult{
		{Name: "LANL-CM5", Attr: datasets.Runtime, MMax: 0.27,
			Options: locality.SamplingOptions{Slicing: locality.Slicing{Days: 3, Shift: 9043, Location: zone}, Ranges: 24}},
		{Name: "SDSC-BLUE", Attr: datasets.Runtime, MMax: 0.32,
			Options: locality.SamplingOptions{Slicing: locality.Slicing{Days: 3, Shift: 11073, Location: zone}, Ranges: 24}},
	}
	df := samplingTable(rs, []string{"LANL CM5", "Blue Horizon"})
	if df.Err != nil {
		t.Fatal(df.Err)
	}
	names := df.Names()
	if slices.Contains(names, "shift_days") {
		t.Errorf("columns %v still hold shift_days", names)
	}
	want := []string{"log", "paper_log", "attr", "slice_days", "slices_from", "ranges"}
	if !slices.Equal(names[:len(want)], want) {
		t.Errorf("columns %v, want them to begin %v", names, want)
	}
	if got := df.Col("slices_from").Records(); !slices.Equal(got, []string{"1994-10-05 00:00 UTC−7", "2000-04-26 00:00 UTC−7"}) {
		t.Errorf("slices_from %q", got)
	}
	if got := df.Col("paper_log").Records(); !slices.Equal(got, []string{"LANL CM5", "Blue Horizon"}) {
		t.Errorf("paper_log %q", got)
	}
	if got := df.Col("m_max").Float(); got[0] != 0.27 || got[1] != 0.32 {
		t.Errorf("m_max %v", got)
	}
}
