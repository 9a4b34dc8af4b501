package feitelson2007

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/tracelab/tracelab/analytics/locality"
	"github.com/tracelab/tracelab/datasets"
)

// TestStartOffset: Tables 2–3's day cut holds the offset the log's zone
// has at its first job. References: US daylight saving began on 2 April
// 2000 (SDSC-BLUE's first job, 30 April 2000, is in PDT, UTC−7) and on
// 4 April 2004 (SDSC-DS's, 31 March 2004, is in PST, UTC−8); a log
// without a zone is in UTC.
func TestStartOffset(t *testing.T) {
	la, err := time.LoadLocation("America/Los_Angeles")
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name  string
		first time.Time
		loc   *time.Location
		want  int // seconds east of UTC
	}{
		{"SDSC-BLUE's first job", time.Date(2000, 4, 30, 21, 36, 36, 0, time.UTC), la, -7 * 3600},
		{"SDSC-DS's first job", time.Date(2004, 3, 31, 14, 30, 45, 0, time.UTC), la, -8 * 3600},
		{"no zone", time.Date(2004, 7, 1, 0, 0, 0, 0, time.UTC), nil, 0},
	} {
		epoch := tt.first.Unix() - 5000 // the log's time 0 lies before its first job
		obs := locality.Observations{Time: []float64{5000, 90000}, Value: []float64{1, 2}, Epoch: epoch, Location: tt.loc}
		_, off := time.Unix(0, 0).In(startOffset(obs)).Zone()
		if off != tt.want {
			t.Errorf("%s: offset %d s, want %d", tt.name, off, tt.want)
		}
	}
}

// TestTable2DayCut: §3 has one day cut (dayCut). Table 2's SDSC-BLUE row
// is measured as Table 1's shift 0 (the paper's entries, on SDSC-BLUE the
// start offset is UTC−7), Fig. 6 draws the same slices (its largest m_i is
// Table 2's M'_max), the bootstrap that Figs 6–7 and 11 and Table 4 share
// cuts its days there, and every blanked cell of Tables 2–3 gives its
// definition and the day cut with its evidence.
func TestTable2DayCut(t *testing.T) {
	l := ledgerOf(t)
	for _, m := range []string{"m_max", "m_med"} {
		blue, ok1 := l.Lookup("table2/SDSC-BLUE/" + m)
		t1, ok2 := l.Lookup("table1/shift0/" + m)
		if !ok1 || !ok2 {
			continue // SDSC-BLUE is not available
		}
		if blue.OurNumber == nil || t1.OurNumber == nil || *blue.OurNumber != *t1.OurNumber {
			t.Errorf("%s: Table 2's SDSC-BLUE %v, Table 1's shift 0 %v: want the same", m, blue.OurNumber, t1.OurNumber)
		}
	}
	for _, e := range l.Entries() {
		if (e.Item == "Table 2" || e.Item == "Table 3") && e.PaperValue == "blank" &&
			(!strings.Contains(e.Reason, dayCut) || !strings.Contains(e.Reason, "m_i = max_j")) {
			t.Errorf("%s: blanked without its definition and day cut: %q", e.ID, e.Reason)
		}
	}
	s := quick
	f6, err := s.Fig6(context.Background())
	if err != nil || len(f6.Missing) > 0 {
		return // SDSC-BLUE is not available
	}
	sr, err := s.locality(fig6Log)
	if err != nil {
		t.Fatal(err)
	}
	obs, err := s.observe(fig6Log, datasets.Runtime)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := fixedZoneKey(sr.Options.Slicing.Location), fixedZoneKey(startOffset(obs)); got != want {
		t.Errorf("the shared bootstrap cuts days at %q, want §3's %q", got, want)
	}
	largest := 0.0
	m, usable := f6.Slices.Col("m").Float(), f6.Slices.Col("usable").Records()
	for i := range m {
		if usable[i] == "true" {
			largest = max(largest, m[i])
		}
	}
	if blue, ok := l.Lookup("table2/SDSC-BLUE/m_max"); ok && (blue.OurNumber == nil || *blue.OurNumber != largest) {
		t.Errorf("Fig. 6's largest usable m_i %v, Table 2's SDSC-BLUE M'_max %v: want the same slices", largest, blue.OurNumber)
	}
}
