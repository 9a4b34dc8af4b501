package plots

import (
	"math"
	"testing"

	"gonum.org/v1/plot"
)

// TestSnapLogEnds checks which log axis ends SnapLogEnds moves: an end more
// than BareEnd (0.2) decades from its nearest label, out to a round value
// within 0.1 decades that the wider axis labels. Hand cases; the labels
// are LogTicks' (see TestTicks).
func TestSnapLogEnds(t *testing.T) {
	for _, c := range []struct {
		name           string
		min, max       float64
		log            bool
		wantLo, wantHi float64
	}{
		// 2021 Fig. 18's slowdown: first label 2, 0.25 decades up; 1 is
		// 0.05 decades down.
		{"slowdown from 1.12", 1.118, 2000, true, 1, 2000},
		// 2021 Fig. 18's response time: 10 is 0.5 decades up, but 1 is
		// 0.5 decades down and 2 is not labelled on 4.8 decades.
		{"response time from 3.16", 3.162, 230400, true, 3.162, 230400},
		{"a label 0.12 decades up", 1.5, 2000, true, 1.5, 2000},
		// 4.2 decades: powers alone are labelled. The top 0.93 decades
		// from 10k reaches 100k 0.07 decades up; the bottom's 5 would not
		// be labelled.
		{"top to the next power", 5, 8.5e4, true, 5, 1e5},
		{"a linear axis", 1.118, 2000, false, 1.118, 2000},
	} {
		a := plot.Axis{Min: c.min, Max: c.max, Scale: plot.LinearScale{}}
		if c.log {
			a.Scale = plot.LogScale{}
		}
		SnapLogEnds(&a)
		if math.Abs(a.Min/c.wantLo-1) > 1e-12 || math.Abs(a.Max/c.wantHi-1) > 1e-12 {
			t.Errorf("%s: [%g, %g] became [%g, %g], want [%g, %g]", c.name, c.min, c.max, a.Min, a.Max, c.wantLo, c.wantHi)
		}
		if c.log {
			if b, top := BareEnds(a.Min, a.Max); c.wantLo != c.min && b > 1e-9 {
				t.Errorf("%s: the snapped bottom is %g decades from a label", c.name, b)
			} else if c.wantHi != c.max && top > 1e-9 {
				t.Errorf("%s: the snapped top is %g decades from a label", c.name, top)
			}
		}
	}
}
