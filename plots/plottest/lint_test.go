package plottest_test

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg/draw"

	"github.com/tracelab/tracelab/plots"
	"github.com/tracelab/tracelab/plots/plottest"
)

// curves returns n series of m points each, y = k·x^(1+0.1k).
func curves(n, m int, role plots.Role, label func(k int) string) []plots.XY {
	var out []plots.XY
	for k := range n {
		x, y := make([]float64, m), make([]float64, m)
		for i := range m {
			x[i] = float64(i + 1)
			y[i] = float64(k+1) * math.Pow(x[i], 1+0.1*float64(k))
		}
		out = append(out, plots.XY{Label: label(k), X: x, Y: y, Role: role})
	}
	return out
}

func lines(t *testing.T, series []plots.XY, a plots.Axes) *plot.Plot {
	t.Helper()
	p, err := plots.Lines(series, plots.LinesOptions{Axes: a, Band: plots.MinMax})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// plusLine is a panel of one Compared curve named curve and a line drawn
// in style, named name in the key.
func plusLine(t *testing.T, curve string, style draw.LineStyle, name string) *plot.Plot {
	t.Helper()
	p := lines(t, curves(1, 10, plots.Compared, func(int) string { return curve }), axes)
	l, err := plotter.NewLine(plotter.XYs{{X: 1, Y: 1}, {X: 2, Y: 3}})
	if err != nil {
		t.Fatal(err)
	}
	l.LineStyle = style
	p.Add(l)
	p.Legend.Add(name, l)
	return p
}

// ratios is a panel of ratios 0.01–0.05 against the reference 1 (notebook
// 06's §6.5.1), on a linear or a logarithmic axis.
func ratios(t *testing.T, log bool) *plot.Plot {
	t.Helper()
	p, err := plots.Intervals([]string{"mix", "SDSC-SP2", "KTH-SP2"},
		[]plots.Interval{{Label: "EASY / FCFS", Mean: []float64{0.04, 0.01, 0.02}, Lo: []float64{0.03, 0.008, 0.01}, Hi: []float64{0.05, 0.012, 0.03}}},
		plots.IntervalsOptions{Axes: plots.Axes{Title: "wait", XLabel: "workload", YLabel: "ratio", LogY: log}, Reference: 1, ReferenceLabel: "as good"})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// labelled is a panel of n Compared curves named by labels at their ends.
func labelled(t *testing.T, n int) *plot.Plot {
	t.Helper()
	p := lines(t, curves(n, 10, plots.Compared, func(int) string { return "" }), axes)
	var at plotter.XYs
	var names []string
	for k := range n {
		at, names = append(at, plotter.XY{X: 10, Y: float64(k)}), append(names, fmt.Sprintf("load %d", k))
	}
	lb, err := plotter.NewLabels(plotter.XYLabels{XYs: at, Labels: names})
	if err != nil {
		t.Fatal(err)
	}
	p.Add(lb)
	return p
}

var axes = plots.Axes{Title: "panel", XLabel: "week", YLabel: "jobs"}

func TestLint(t *testing.T) {
	good := func(t *testing.T) *plots.Figure {
		s := append(curves(1, 10, plots.Original, func(int) string { return "original" }),
			curves(8, 10, plots.Variant, func(int) string { return "8 resampled logs" })...)
		return plots.NewFigure("Paper 2013, Fig. 1: jobs", "the original inside the band", 2,
			lines(t, s, axes), lines(t, s, axes))
	}
	tests := []struct {
		name  string
		fig   func(t *testing.T) *plots.Figure
		wants []string // substrings of the errors, in any order; none for a clean figure
	}{
		{"clean", good, nil},
		{"no title or caption", func(t *testing.T) *plots.Figure {
			f := good(t)
			f.Title, f.Caption = "", ""
			return f
		}, []string{"no title", "no caption"}},
		{"too many entries, one colour each", func(t *testing.T) *plots.Figure {
			s := curves(9, 10, plots.Compared, func(k int) string { return fmt.Sprintf("load %d", k) })
			return plots.NewFigure("F", "c", 1, lines(t, s, axes))
		}, []string{"9 key entries", "drawn with other dashes after every colour of the palette"}},
		{"colours reused, directly labelled", func(t *testing.T) *plots.Figure {
			return plots.NewFigure("F", "c", 1, labelled(t, len(plots.Palette)+1))
		}, []string{"drawn with other dashes after every colour of the palette"}},
		{"every colour once; a series beside its dashed model", func(t *testing.T) *plots.Figure {
			p := plusLine(t, "log", plots.DashedStyle(0), "its model")
			return plots.NewFigure("F", "c", 2, labelled(t, len(plots.Palette)), p)
		}, nil},
		{"ratios squashed under their reference", func(t *testing.T) *plots.Figure {
			return plots.NewFigure("F", "c", 1, ratios(t, false))
		}, []string{"the data fill 4% of the y axis"}},
		{"ratios on a log axis", func(t *testing.T) *plots.Figure {
			return plots.NewFigure("F", "c", 1, ratios(t, true))
		}, nil},
		{"a share from its 0", func(t *testing.T) *plots.Figure {
			p := lines(t, []plots.XY{{Label: "load", X: []float64{1, 2, 3}, Y: []float64{0.75, 0.87, 0.88}}}, axes)
			p.Y.Min = 0
			return plots.NewFigure("F", "c", 1, p)
		}, nil},
		{"file names and seeds", func(t *testing.T) *plots.Figure {
			s := curves(2, 10, plots.Compared, func(k int) string {
				return []string{"KTH-SP2-1996-2.1-cln.swf", "KTH-resampled-1448545751155262862"}[k]
			})
			return plots.NewFigure("F", "c", 1, lines(t, s, axes))
		}, []string{"file extension", "8 or more digits"}},
		{"axis without label", func(t *testing.T) *plots.Figure {
			s := curves(1, 10, plots.Compared, func(int) string { return "" })
			return plots.NewFigure("F", "c", 1, lines(t, s, plots.Axes{Title: "p", XLabel: "x"}))
		}, []string{"y axis has no label"}},
		{"same look twice", func(t *testing.T) *plots.Figure {
			return plots.NewFigure("F", "c", 1, plusLine(t, "a", plots.SeriesStyle(0), "b"))
		}, []string{"look the same"}},
		{"unexplained colours", func(t *testing.T) *plots.Figure {
			p := lines(t, curves(2, 10, plots.Compared, func(int) string { return "" }), axes)
			return plots.NewFigure("F", "c", 1, p)
		}, []string{"named neither in the key"}},
		{"panel legends differ", func(t *testing.T) *plots.Figure {
			a := lines(t, curves(1, 10, plots.Compared, func(int) string { return "a" }), axes)
			b := lines(t, curves(1, 10, plots.Compared, func(int) string { return "b" }), axes)
			return plots.NewFigure("F", "c", 2, a, b)
		}, []string{"is not in the figure's key"}},
		// 2021 Fig. 18's slowdown axis, 1.12 to 2000, labelled from 2 on,
		// is drawn from 1 (plots.SnapLogEnds): clean.
		{"a log axis snapped to its labelled round value", func(t *testing.T) *plots.Figure {
			return plots.NewFigure("F", "c", 1, lines(t, []plots.XY{{Label: "p", X: []float64{1.118, 3, 40, 2000}, Y: []float64{0.5, 0.4, 0.3, 0.1}}},
				plots.Axes{Title: "p", XLabel: "slowdown", YLabel: "P", LogX: true}))
		}, nil},
		// 1 to 7.93 (0.9 decades, labelled 1, 2, 5) leaves 0.2003 decades
		// above "5", 22% of the axis: no 2× or 5× lies there to label
		// (plots.LogTicks), and 10 is 0.1007 decades up, too far to snap to.
		{"a log axis bare for a fifth of it", func(t *testing.T) *plots.Figure {
			return plots.NewFigure("F", "c", 1, lines(t, []plots.XY{{Label: "p", X: []float64{1, 2, 4, 7.93}, Y: []float64{0.5, 0.4, 0.3, 0.1}}},
				plots.Axes{Title: "p", XLabel: "x", YLabel: "P", LogX: true}))
		}, []string{"the logarithmic x axis has no labelled tick within 0.20 decades of its top (22% of the axis"}},
		{"title too long", func(t *testing.T) *plots.Figure {
			a := lines(t, curves(1, 10, plots.Compared, func(int) string { return "" }), axes)
			a.Title.Text = strings.Repeat("x", 200)
			return plots.NewFigure("F", "c", 1, a)
		}, []string{"wider than the panel"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			errs := plottest.Lint(tt.fig(t))
			var got []string
			for _, e := range errs {
				got = append(got, e.Error())
			}
			all := strings.Join(got, "\n")
			if len(tt.wants) == 0 && len(errs) > 0 {
				t.Errorf("clean figure: %s", all)
			}
			for _, w := range tt.wants {
				if !strings.Contains(all, w) {
					t.Errorf("no error with %q; errors:\n%s", w, all)
				}
			}
		})
	}
}

func TestReachable(t *testing.T) {
	p1, p2 := plot.New(), plot.New()
	f := plots.NewFigure("F", "c", 1, p1)
	type inner struct{ figs []*plots.Figure }
	v := struct {
		A *plots.Figure
		b inner
		M map[string]*plot.Plot
		N []float64
	}{A: f, b: inner{[]*plots.Figure{f}}, M: map[string]*plot.Plot{"x": p1, "y": p2}, N: []float64{1}}
	figs, loose := plottest.Reachable(&v)
	if len(figs) != 1 || figs[0] != f {
		t.Errorf("figures %v, want [f]", figs)
	}
	if len(loose) != 1 || loose[0] != p2 {
		t.Errorf("loose plots %v, want [p2]", loose)
	}
}
