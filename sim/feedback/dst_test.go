package feedback

import (
	"testing"
	"time"

	"github.com/tracelab/tracelab/datasets"
)

// TestOfficeHoursDST checks that office hours open at 8:00 local wall-clock
// time on the days daylight saving time begins or ends. KTH-SP2's zone,
// Europe/Stockholm: 1996-10-27 has 25 hours (CEST -> CET at 3:00), 1997-03-30
// has 23 (CET -> CEST at 2:00). Reference times are wall-clock times.
func TestOfficeHoursDST(t *testing.T) {
	loc, err := time.LoadLocation("Europe/Stockholm")
	if err != nil {
		t.Fatal(err)
	}
	start := time.Date(1996, 10, 1, 0, 0, 0, 0, loc)
	tr := datasets.NewTrace("dst", 1)
	tr.Header.UnixStartTime = start.Unix()
	tr.Header.TimeZoneString = "Europe/Stockholm"
	tr.Header.MaxProcs = 1
	j := datasets.UnknownJob()
	j.JobID, j.User, j.Submit, j.Wait, j.Runtime, j.Procs = 1, 1, 0, 0, 1, 1
	tr.Append(j)
	w, err := NewWorkload(tr, WorkloadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	b, err := Distribution{Cycle: OfficeHours}.Bind(w, 1)
	if err != nil {
		t.Fatal(err)
	}
	d := b.(*distribution)
	sec := func(t time.Time) float64 { return float64(t.Unix() - start.Unix()) }
	for _, c := range []struct{ at, want time.Time }{
		{time.Date(1996, 10, 27, 4, 0, 0, 0, loc), time.Date(1996, 10, 27, 8, 0, 0, 0, loc)},
		{time.Date(1996, 10, 26, 19, 0, 0, 0, loc), time.Date(1996, 10, 27, 8, 0, 0, 0, loc)},
		{time.Date(1996, 10, 27, 17, 30, 0, 0, loc), time.Date(1996, 10, 27, 17, 30, 0, 0, loc)}, // open until 18:00
		{time.Date(1997, 3, 30, 4, 0, 0, 0, loc), time.Date(1997, 3, 30, 8, 0, 0, 0, loc)},
		{time.Date(1997, 3, 30, 18, 30, 0, 0, loc), time.Date(1997, 3, 31, 8, 0, 0, 0, loc)}, // closed after 18:00
	} {
		if got := d.nextActive(0, sec(c.at)); got != sec(c.want) {
			t.Errorf("at %s: next active %s, want %s", c.at, w.wallTime(got), c.want)
		}
	}
}
