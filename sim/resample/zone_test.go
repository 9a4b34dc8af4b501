package resample

import (
	"slices"
	"strings"
	"testing"

	"github.com/tracelab/tracelab/datasets"
)

// TestNewPoolsUnknownZone: a header whose TimeZoneString names no zone (the
// reader warns and reads it as UTC) gives pools and variants in UTC, with a
// Note saying so; the caller's trace is left as it was. A known zone adds
// no Note. "Local" names the machine's zone, not the log's: unknown
// (datasets.ZoneByName).
func TestNewPoolsUnknownZone(t *testing.T) {
	for _, tc := range []struct {
		zone     string
		wantNote bool
	}{
		{"Europe/Berlin", false},
		{"Nowhere/Atlantis", true},
		{"UNKNOWN", true},
		{"Local", true},
	} {
		t.Run(tc.zone, func(t *testing.T) {
			tr := datasets.Sample()
			tr.Header = tr.Header.Clone()
			tr.Header.TimeZoneString = tc.zone
			before := tr.Header.Clone()
			p, err := NewPools(tr, PoolOptions{})
			if err != nil {
				t.Fatalf("NewPools: %v", err)
			}
			if tr.Header.TimeZoneString != before.TimeZoneString || !slices.Equal(tr.Header.Notes, before.Notes) {
				t.Errorf("NewPools changed the caller's header: %+v", tr.Header)
			}
			r, err := p.Generate(Options{Seed: 1})
			if err != nil {
				t.Fatalf("Generate: %v", err)
			}
			note := slices.ContainsFunc(r.Trace.Header.Notes, func(n string) bool {
				return strings.Contains(n, "names no time zone") && strings.Contains(n, tc.zone)
			})
			if note != tc.wantNote {
				t.Errorf("variant's notes %q: the unknown-zone note present = %v, want %v", r.Trace.Header.Notes, note, tc.wantNote)
			}
			if tc.wantNote && (r.Trace.Header.TimeZoneString != "" || !strings.HasSuffix(r.Trace.Header.StartTime, "UTC 2024")) {
				t.Errorf("variant's header zone %q, start %q: want no zone name and a UTC start", r.Trace.Header.TimeZoneString, r.Trace.Header.StartTime)
			}
		})
	}
}
