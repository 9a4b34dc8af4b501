package resampleplot

import (
	"image/color"
	"math/rand/v2"
	"strings"
	"testing"

	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/recorder"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/plots"
)

// TestNamesOnSharedRange: names are placed on the y range a panel is drawn
// with. A figure that shares y with a taller panel stretches the range,
// so that a line of text spans more jobs than on the panel's own range;
// names one estimated line apart there would touch. Each panel here (five
// users over 60 weeks, weekly counts drawn from a seeded source) is drawn
// on its own range and on one 4 and 10 times taller, and no two names whose
// texts meet across may stand less than a line of 8-point type apart.
func TestNamesOnSharedRange(t *testing.T) {
	for seed := range uint64(12) {
		r := rand.New(rand.NewPCG(seed, 7))
		tr := datasets.NewTrace("names", 0)
		for w := range 60 {
			for u := 1; u <= 5; u++ {
				n := r.IntN(4)
				if r.IntN(10) == 0 {
					n += r.IntN(40) // a busy week
				}
				for range n {
					tr.Append(datasets.Job{JobID: tr.Len() + 1, Submit: float64(w)*week + 1, Runtime: 1, Procs: 1, User: u})
				}
			}
		}
		for _, stretch := range []float64{1, 4, 10} {
			p, err := WeeklyJobs(tr, 5, "")
			if err != nil {
				t.Fatal(err)
			}
			p.Y.Max *= stretch
			var rec recorder.Canvas
			p.Draw(draw.Canvas{Canvas: &rec, Rectangle: vg.Rectangle{Max: vg.Point{X: 4.3 * vg.Inch, Y: 3.1 * vg.Inch}}})
			type box struct {
				s         string
				x0, x1, y vg.Length
			}
			var boxes []box
			sty := plots.TextStyle(8, false)
			for _, a := range rec.Actions {
				if f, ok := a.(*recorder.FillString); ok && strings.HasPrefix(f.String, "user ") {
					boxes = append(boxes, box{f.String, f.Point.X, f.Point.X + sty.Width(f.String), f.Point.Y})
				}
			}
			if len(boxes) != 5 {
				t.Fatalf("seed %d, ×%v: %d names drawn, want 5", seed, stretch, len(boxes))
			}
			for i, a := range boxes {
				for _, b := range boxes[i+1:] {
					if a.x0 < b.x1 && b.x0 < a.x1 && vg.Length(absf(float64(a.y-b.y))) < 8 {
						t.Errorf("seed %d, y range ×%v: %q and %q overlap (baselines %.1f and %.1f pt)", seed, stretch, a.s, b.s, a.y, b.y)
					}
				}
			}
		}
	}
}

func absf(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}

// TestUnnamedKeyLine: a top user whose slice is thinner than a line of
// text at every column is named once, in its colour, in the key line after
// UnnamedLead, and at no column; a user with a tall slice is named at its
// column and not in the key line. User 1 has 1 job a week over 40 weeks,
// user 2 200 jobs in week 10 and 1 elsewhere (the tallest week: 201, a
// line about 16 jobs on a panel 3.1 inches high).
func TestUnnamedKeyLine(t *testing.T) {
	t.Parallel()
	tr := datasets.NewTrace("slivers", 0)
	for w := range 40 {
		n2 := 1
		if w == 10 {
			n2 = 200
		}
		for u, n := range map[int]int{1: 1, 2: n2} {
			for range n {
				tr.Append(datasets.Job{JobID: tr.Len() + 1, Submit: float64(w)*week + 1, Runtime: 1, Procs: 1, User: u})
			}
		}
	}
	p, err := WeeklyJobs(tr, 2, "")
	if err != nil {
		t.Fatal(err)
	}
	var rec recorder.Canvas
	p.Draw(draw.Canvas{Canvas: &rec, Rectangle: vg.Rectangle{Max: vg.Point{X: 4.3 * vg.Inch, Y: 3.1 * vg.Inch}}})
	var lead *recorder.FillString
	drawn := map[string][]*recorder.FillString{}
	colour := map[*recorder.FillString]color.Color{} // the colour each text is drawn in
	var current color.Color
	for _, a := range rec.Actions {
		if c, ok := a.(*recorder.SetColor); ok {
			current = c.Color
		}
		if f, ok := a.(*recorder.FillString); ok {
			colour[f] = current
			if f.String == UnnamedLead {
				lead = f
			}
			if strings.HasPrefix(f.String, "user ") {
				drawn[strings.TrimSuffix(f.String, ",")] = append(drawn[strings.TrimSuffix(f.String, ",")], f)
			}
		}
	}
	if lead == nil {
		t.Fatalf("no key line (%q) drawn", UnnamedLead)
	}
	if fs := drawn["user 1"]; len(fs) != 1 || fs[0].Point.Y != lead.Point.Y || fs[0].Point.X <= lead.Point.X {
		t.Errorf("user 1 (a sliver) drawn %d times, want once on the key line after its lead", len(fs))
	} else if colour[fs[0]] != plots.SeriesStyle(1).Color {
		t.Errorf("user 1 named in %v, want its colour %v", colour[fs[0]], plots.SeriesStyle(1).Color)
	}
	if fs := drawn["user 2"]; len(fs) != 1 || fs[0].Point.Y == lead.Point.Y {
		t.Errorf("user 2 (a tall slice) drawn %d times, want once, at its column", len(fs))
	}
}
