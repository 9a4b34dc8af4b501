package zakay2013

import (
	"strings"
	"testing"

	"github.com/tracelab/tracelab/analytics/users"
	"github.com/tracelab/tracelab/datasets"
)

// TestDiscardedNoteDirection: the note on the discarded users of a gap
// carried by the other users words them as a cause only when the log's
// share at the gap without them lies nearer the variants'. A 20-week log
// (21 calendar weeks, 4-week edge zones) has one long-term user (weeks
// 0–20), 10 temporary users first arriving at weeks 11–20 and discarded
// users first seen at week 0.5 (start zone); its variants keep the
// long-term user and have 10 other users. The shares are counted by hand
// (the KS gap is at the smallest value where it is widest).
//   - widen: 5 discarded; the variants' others arrive at weeks 11–20,
//     as the log's temporary users. At 0.5 weeks 5 of the log's 15 others
//     have arrived (33%), none of the variants' (0%); without the 5: 0
//     of 10, the variants' share: a cause.
//   - against: 2 discarded; the variants' others arrive at weeks 1–10. At
//     10 weeks 2 of the log's 12 others have arrived (17%), all of the
//     variants' (100%); without the 2: 0 of 10, further off: no cause.
func TestDiscardedNoteDirection(t *testing.T) {
	wk := datasets.Week
	for _, c := range []struct {
		name      string
		discarded int
		variants  []float64 // the variants' other users' first arrivals, seconds
		want      []string
		notWant   []string
	}{
		{"widen", 5, weeks(10, 1, 11),
			[]string{"at 0.5 weeks 33% of the log's other users have arrived, 0% of the variants'",
				"include 5 discarded by §4's 4-week rule as the pools apply it, which no variant has (5 first seen in the log's first 4 weeks, 0 in its last 4: 0.0 a week there, against 0.5 temporary users kept arriving a week over the log), and the variants' temporary users arrive at a constant rate (§4)",
				"without the 5 discarded: 0%, nearer the variants' 0%, so they widen the gap"},
			[]string{"do not widen"}},
		{"against", 2, weeks(10, 1, 1),
			[]string{"at 10.0 weeks 17% of the log's other users have arrived, 100% of the variants'",
				"include 2 discarded by §4's 4-week rule as the pools apply it, which no variant has (2 first seen in the log's first 4 weeks, 0 in its last 4)",
				"without the 2 discarded: 0%, no nearer the variants' 100%, so they do not widen the gap"},
			[]string{"constant rate", "a week there", "so they widen"}},
	} {
		p := users.Population{Options: users.Options{Edge: 4 * wk}, LogStart: 0, LogEnd: 20 * wk, Weeks: 21}
		add := func(class users.Class, first, last float64) { // weeks
			p.ID, p.Class, p.Jobs = append(p.ID, len(p.ID)+1), append(p.Class, class), append(p.Jobs, 1)
			p.FirstArrival, p.LastArrival = append(p.FirstArrival, first*wk), append(p.LastArrival, last*wk)
			p.LastDeparture, p.Span = append(p.LastDeparture, last*wk), append(p.Span, (last-first)*wk)
		}
		add(users.LongTerm, 0, 20)
		for k := range 10 {
			add(users.Temporary, float64(11+k), float64(11+k))
		}
		for range c.discarded {
			add(users.Discarded, 0.5, 1)
		}
		orig := logTimes(p)
		if len(orig.disc[0]) != c.discarded || len(orig.other[0]) != 10+c.discarded {
			t.Fatalf("%s: %d discarded values among %d others; want %d among %d", c.name, len(orig.disc[0]), len(orig.other[0]), c.discarded, 10+c.discarded)
		}
		a := attribute(orig, []timeSplit{splitOf(orig.lt[0], c.variants)})
		got := a.reason(0)
		if !strings.Contains(got, "the other users account for") {
			t.Fatalf("%s: reason %q, want the other users to carry it", c.name, got)
		}
		for _, w := range c.want {
			if !strings.Contains(got, w) {
				t.Errorf("%s: reason %q, want it to contain %q", c.name, got, w)
			}
		}
		for _, w := range c.notWant {
			if strings.Contains(got, w) {
				t.Errorf("%s: reason %q, want it not to contain %q", c.name, got, w)
			}
		}
	}
}
