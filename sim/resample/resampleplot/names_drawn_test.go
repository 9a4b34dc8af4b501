package resampleplot

import (
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
