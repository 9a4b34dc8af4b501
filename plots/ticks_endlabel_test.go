package plots

import (
	"math"
	"slices"
	"testing"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"pgregory.net/rapid"
)

// themedLogAxis returns a themed log axis (LogTicks, 9-point tick labels)
// from min to max.
func themedLogAxis(min, max float64) plot.Axis {
	p := New(Axes{LogX: true})
	p.X.Min, p.X.Max = min, max
	return p.X
}

// labelsOf returns the labels of a's labelled ticks in range.
func labelsOf(a *plot.Axis) []string {
	var ls []string
	for _, t := range a.Tick.Marker.Ticks(a.Min, a.Max) {
		if t.Label != "" && t.Value >= a.Min && t.Value <= a.Max {
			ls = append(ls, t.Label)
		}
	}
	return ls
}

// TestLabelLogEnd checks which bare log-axis ends labelLogEnd labels: the
// round value nearest the end when the two labels keep endLabelPad (4
// points) between them at the axis' drawn length. The lengths are those
// of the measured cases (figs14.md, Session 25): the same 0.7 decades
// hold two labels on 2014 Figs 7/9's 275-point x axis, not on 2013
// Fig. 11's 107-point y axis. 9-point labels: "100" and "500" are about
// 15 points wide, a label about 10 points high.
func TestLabelLogEnd(t *testing.T) {
	for _, c := range []struct {
		name     string
		min, max float64
		length   vg.Length
		vertical bool
		own      bool // a builder's own ticks
		linear   bool
		want     string // the label added, or ""
	}{
		// 500 lies 0.7/6.85 of the axis from 100: 28 points, room for
		// 15 + 4.
		{"top, 275 points (2014 Figs 7/9)", 1e-4, 700, 275, false, false, false, "500"},
		// 10 points: no room.
		{"top, 100 points", 1e-4, 700, 100, false, false, false, ""},
		// 17 points, a label's height 10 + 4.
		{"top of a y axis, 168 points", 1e-4, 700, 168, true, false, false, "500"},
		// 11 points (2013 Fig. 11's session length).
		{"top of a y axis, 107 points", 1e-4, 700, 107, true, false, false, ""},
		// 0.5 lies 0.3/6.6 of the axis from 1: 18 points, room for
		// (12 + 5)/2 + 4.
		{"bottom, 400 points", 0.25, 1e6, 400, false, false, false, "0.5"},
		{"bottom, 200 points", 0.25, 1e6, 200, false, false, false, ""},
		// LogTicks labels 200 already (labelBareEnds); 300 is no round value.
		{"already labelled", 1, 330, 400, false, false, false, ""},
		{"a builder's ticks", 1e-4, 700, 275, false, true, false, ""},
		{"a linear axis", 1e-4, 700, 275, false, false, true, ""},
	} {
		a := themedLogAxis(c.min, c.max)
		if c.own {
			a.Tick.Marker = plot.ConstantTicks((LogTicks{}).Ticks(c.min, c.max))
		}
		if c.linear {
			a.Scale, a.Tick.Marker = plot.LinearScale{}, Ticks{}
		}
		before := labelsOf(&a)
		changed := labelLogEnd(&a, c.length, c.vertical)
		after := labelsOf(&a)
		var added []string
		for _, l := range after {
			if !slices.Contains(before, l) {
				added = append(added, l)
			}
		}
		if got := ""; len(added) > 1 {
			t.Errorf("%s: added %q, want one label at most", c.name, added)
		} else {
			if len(added) == 1 {
				got = added[0]
			}
			if got != c.want || changed != (c.want != "") {
				t.Errorf("%s: added %q (changed %v), want %q", c.name, got, changed, c.want)
			}
		}
		if len(after) < len(before) {
			t.Errorf("%s: labels %q became %q", c.name, before, after)
		}
	}
}

// TestLabelLogEndRoom: on any log axis and length, labelLogEnd keeps every
// label LogTicks gave and adds, at each end past the outermost label, at
// most the 2× or 5× nearest the end, at least half the two labels' sizes
// plus endLabelPad from its neighbour.
func TestLabelLogEndRoom(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		lo := rapid.Float64Range(-4, 6).Draw(t, "log10 min")
		span := rapid.Float64Range(0.05, 9).Draw(t, "decades")
		length := vg.Length(rapid.Float64Range(20, 600).Draw(t, "length"))
		vertical := rapid.Bool().Draw(t, "vertical")
		a := themedLogAxis(math.Pow(10, lo), math.Pow(10, lo+span))
		in := func(v float64) bool { return v >= a.Min && v <= a.Max }
		before := (LogTicks{}).Ticks(a.Min, a.Max)
		labelLogEnd(&a, length, vertical)
		after := a.Tick.Marker.Ticks(a.Min, a.Max)
		if len(after) != len(before) {
			t.Fatalf("%d ticks became %d", len(before), len(after))
		}
		first, last := -1, -1
		for i, tk := range before {
			if tk.Label != "" && in(tk.Value) {
				if first < 0 {
					first = i
				}
				last = i
			}
		}
		size := func(s string) vg.Length {
			if vertical {
				return a.Tick.Label.Height(s)
			}
			return a.Tick.Label.Width(s)
		}
		at := func(v float64) vg.Length { return vg.Length(math.Log10(v/a.Min)/math.Log10(a.Max/a.Min)) * length }
		added := 0
		for i := range after {
			b, n := before[i], after[i]
			if b.Value != n.Value || (b.Label != "" && b.Label != n.Label) {
				t.Fatalf("tick %d: %+v became %+v", i, b, n)
			}
			if b.Label != "" || n.Label == "" {
				continue
			}
			added++
			j := first
			if i > last {
				j = last
			}
			switch {
			case first < 0 || (i > first && i < last):
				t.Fatalf("%q added between the labels", n.Label)
			case !isTwoOrFive(n.Value) || !in(n.Value):
				t.Fatalf("%q is not a round value in range", n.Label)
			case math.Abs(float64(at(n.Value)-at(before[j].Value))) < float64((size(n.Label)+size(before[j].Label))/2+endLabelPad)-1e-9:
				t.Fatalf("%q lies too near %q", n.Label, before[j].Label)
			}
		}
		if added > 2 {
			t.Fatalf("%d labels added", added)
		}
	})
}

// TestLayoutLabelsLogEnds: a figure labels a bare log-axis end that has
// room on its drawn panel, and leaves its panel's own axis alone.
func TestLayoutLabelsLogEnds(t *testing.T) {
	p, err := Lines([]XY{{Label: "a", X: []float64{1e-4, 700}, Y: []float64{1, 2}}}, LinesOptions{Axes: Axes{Title: "p", XLabel: "x", YLabel: "y", LogX: true}})
	if err != nil {
		t.Fatal(err)
	}
	p.X.Min, p.X.Max = 1e-4, 700
	for _, c := range []struct {
		width vg.Length
		want  bool
	}{{6 * vg.Inch, true}, {1.8 * vg.Inch, false}} {
		f := Single(p, c.width, 3*vg.Inch)
		w, h := f.Size()
		l := f.Layout(draw.Canvas{Rectangle: vg.Rectangle{Max: vg.Point{X: w, Y: h}}})
		got := slices.Contains(labelsOf(&l.Panels[0].X), "500")
		if got != c.want {
			t.Errorf("width %v: 500 labelled %v, want %v (labels %q)", c.width, got, c.want, labelsOf(&l.Panels[0].X))
		}
	}
	if _, ok := p.X.Tick.Marker.(LogTicks); !ok {
		t.Errorf("the panel's own x ticks changed to %T", p.X.Tick.Marker)
	}
}
