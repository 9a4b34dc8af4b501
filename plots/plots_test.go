package plots

import (
	"bytes"
	"encoding/xml"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"pgregory.net/rapid"
)

var update = flag.Bool("update", false, "rewrite the golden SVG files in testdata")

// svgDoc is what the structure tests look at in a rendered SVG.
type svgDoc struct {
	texts  []string // text of every <text> element
	paths  int      // number of <path> elements
	raw    string
	width  string
	height string
}

func render(t *testing.T, p *plot.Plot) svgDoc {
	t.Helper()
	var buf bytes.Buffer
	if err := WriteSVG(&buf, p, 0, 0); err != nil {
		t.Fatal(err)
	}
	doc := svgDoc{raw: buf.String()}
	dec := xml.NewDecoder(bytes.NewReader(buf.Bytes()))
	inText := false
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("rendered SVG is not XML: %v", err)
		}
		switch e := tok.(type) {
		case xml.StartElement:
			switch e.Name.Local {
			case "svg":
				for _, a := range e.Attr {
					switch a.Name.Local {
					case "width":
						doc.width = a.Value
					case "height":
						doc.height = a.Value
					}
				}
			case "path":
				doc.paths++
			case "text":
				inText = true
				doc.texts = append(doc.texts, "")
			}
		case xml.EndElement:
			if e.Name.Local == "text" {
				inText = false
			}
		case xml.CharData:
			if inText {
				doc.texts[len(doc.texts)-1] += string(e)
			}
		}
	}
	return doc
}

func (d svgDoc) hasText(s string) bool { return slices.Contains(d.texts, s) }

func xy(pts plotter.XYs) [][2]float64 {
	var out [][2]float64
	for _, p := range pts {
		out = append(out, [2]float64{p.X, p.Y})
	}
	return out
}

func TestECDFPoints(t *testing.T) {
	nan := math.NaN()
	tests := []struct {
		name string
		vs   []float64
		opts ECDFOptions
		want [][2]float64
	}{
		{"ties at the last rank", []float64{3, 1, 3, 2}, ECDFOptions{}, [][2]float64{{1, 0.25}, {2, 0.5}, {3, 1}}},
		{"NaN left out of n", []float64{nan, 2, nan, 1}, ECDFOptions{}, [][2]float64{{1, 0.5}, {2, 1}}},
		// 0 and -1 count in n = 4 but cannot be drawn on a log axis: the
		// curve starts at F(1) = 3/4.
		{"log x keeps non-positive mass", []float64{0, -1, 1, 10}, ECDFOptions{Axes: Axes{LogX: true}}, [][2]float64{{1, 0.75}, {10, 1}}},
		{"Inf counts, not drawn", []float64{1, math.Inf(1)}, ECDFOptions{}, [][2]float64{{1, 0.5}}},
		{"survival", []float64{1, 2, 2, 4}, ECDFOptions{Survival: true}, [][2]float64{{1, 0.75}, {2, 0.25}, {4, 0}}},
		{"survival log y drops the 0", []float64{1, 2}, ECDFOptions{Survival: true, Axes: Axes{LogY: true}}, [][2]float64{{1, 0.5}}},
		{"thinned by rank", []float64{1, 2, 3, 4, 5, 6, 7, 8, 9}, ECDFOptions{MaxPoints: 3}, [][2]float64{{1, 1.0 / 9}, {5, 5.0 / 9}, {9, 1}}},
		{"empty", nil, ECDFOptions{}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := xy(ecdfPoints(tt.vs, tt.opts))
			if !slices.Equal(got, tt.want) {
				t.Errorf("got %v, want %v", got, tt.want)
			}
		})
	}
}

// TestWithRise: an ECDF rises from 0 (falls from 1) at its smallest value,
// unless values below its first step were not drawn (log x) or a log y
// axis cannot show the start.
func TestWithRise(t *testing.T) {
	nan := math.NaN()
	tests := []struct {
		name string
		vs   []float64
		opts ECDFOptions
		want [][2]float64
	}{
		// 2021 Fig. 3's estimates: a first step of many ties rises from 0.
		{"rises from 0", []float64{300, 300, 600, 900}, ECDFOptions{}, [][2]float64{{300, 0}, {300, 0.5}, {600, 0.75}, {900, 1}}},
		{"NaN ignored", []float64{nan, 2, 1}, ECDFOptions{}, [][2]float64{{1, 0}, {1, 0.5}, {2, 1}}},
		{"log x, nothing dropped", []float64{1, 10}, ECDFOptions{Axes: Axes{LogX: true}}, [][2]float64{{1, 0}, {1, 0.5}, {10, 1}}},
		{"log x keeps the jump of the undrawn", []float64{0, -1, 1, 10}, ECDFOptions{Axes: Axes{LogX: true}}, [][2]float64{{1, 0.75}, {10, 1}}},
		{"log y cannot show 0", []float64{1, 2}, ECDFOptions{Axes: Axes{LogY: true}}, [][2]float64{{1, 0.5}, {2, 1}}},
		{"survival falls from 1", []float64{1, 2, 2, 4}, ECDFOptions{Survival: true}, [][2]float64{{1, 1}, {1, 0.75}, {2, 0.25}, {4, 0}}},
		{"survival log y", []float64{1, 2}, ECDFOptions{Survival: true, Axes: Axes{LogY: true}}, [][2]float64{{1, 1}, {1, 0.5}}},
		{"-Inf counts below the first step", []float64{math.Inf(-1), 1}, ECDFOptions{}, [][2]float64{{1, 1}}},
		{"empty", nil, ECDFOptions{}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := xy(withRise(ecdfPoints(tt.vs, tt.opts), tt.vs, tt.opts))
			if !slices.Equal(got, tt.want) {
				t.Errorf("got %v, want %v", got, tt.want)
			}
		})
	}
}

// Property: the ECDF steps rise in x and in F, within (0, 1], end at 1, and
// are thinned to at most MaxPoints.
func TestECDFPointsProperties(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		vs := rapid.SliceOfN(rapid.Float64Range(-1e6, 1e6), 1, 500).Draw(t, "values")
		maxPts := rapid.IntRange(0, 50).Draw(t, "maxPoints")
		pts := ecdfPoints(vs, ECDFOptions{MaxPoints: maxPts})
		if maxPts == 0 {
			maxPts = 2000
		}
		if len(pts) == 0 || len(pts) > max(maxPts, 2) {
			t.Fatalf("%d points for max %d", len(pts), maxPts)
		}
		for i, p := range pts {
			if p.Y <= 0 || p.Y > 1 {
				t.Fatalf("F = %v out of (0, 1]", p.Y)
			}
			if i > 0 && (p.X <= pts[i-1].X || p.Y <= pts[i-1].Y) {
				t.Fatalf("steps not rising at %d: %v then %v", i, pts[i-1], p)
			}
		}
		if last := pts[len(pts)-1]; last.Y != 1 || last.X != slices.Max(vs) {
			t.Fatalf("last step %v, want (max, 1)", last)
		}
	})
}

func TestECDF(t *testing.T) {
	p, err := ECDF([]Sample{
		{Label: "KTH", Values: []float64{1, 10, 100, 1000, math.NaN()}},
		{Label: "SDSC", Values: []float64{5, 50, 500}},
		{Label: "unknown only", Values: []float64{math.NaN()}},
	}, ECDFOptions{Axes: Axes{Title: "Runtime", XLabel: "runtime [s]", LogX: true}})
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := p.X.Scale.(plot.LogScale); !ok {
		t.Error("x axis is not logarithmic")
	}
	if p.Y.Min != 0 || p.Y.Max != 1 {
		t.Errorf("y range [%v, %v], want [0, 1]", p.Y.Min, p.Y.Max)
	}
	doc := render(t, p)
	for _, s := range []string{"Runtime", "runtime [s]", "fraction", "KTH", "SDSC"} {
		if !doc.hasText(s) {
			t.Errorf("SVG lacks text %q; texts: %q", s, doc.texts)
		}
	}
	if doc.hasText("unknown only") {
		t.Error("legend names a sample that has no drawable value")
	}
	if _, err := ECDF([]Sample{{Label: "x", Values: []float64{math.NaN()}}}, ECDFOptions{}); err == nil {
		t.Error("no drawable value: no error")
	}
	if _, err := ECDF(nil, ECDFOptions{}); err == nil {
		t.Error("no samples: no error")
	}
}

func TestHist(t *testing.T) {
	nan := math.NaN()
	tests := []struct {
		name     string
		vs       []float64
		opts     HistOptions
		wantBins [][3]float64 // min, max, weight
	}{
		{"NaN and Inf left out", []float64{0, 1, 2, 3, nan, math.Inf(1), 4}, HistOptions{Bins: 2},
			[][3]float64{{0, 2, 2}, {2, 4, 3}}},
		{"fraction", []float64{0, 1, 2, 3}, HistOptions{Bins: 2, Fraction: true},
			[][3]float64{{0, 1.5, 0.5}, {1.5, 3, 0.5}}},
		{"log bins drop non-positive", []float64{-5, 0, 1, 10, 100}, HistOptions{Bins: 2, Axes: Axes{LogX: true}},
			[][3]float64{{1, 10, 1}, {10, 100, 2}}},
		{"range", []float64{-1, 0, 5, 10, 11}, HistOptions{Bins: 2, Min: 0, Max: 10},
			[][3]float64{{0, 5, 1}, {5, 10, 2}}},
		{"single value", []float64{7, 7}, HistOptions{}, [][3]float64{{6.5, 7.5, 2}}},
		{"default bins √n", []float64{1, 2, 3, 4, 5, 6, 7, 8, 9}, HistOptions{},
			[][3]float64{{1, 1 + 8.0/3, 3}, {1 + 8.0/3, 1 + 16.0/3, 3}, {1 + 16.0/3, 9, 3}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			bins, _, err := histBins(tt.vs, tt.opts)
			if err != nil {
				t.Fatal(err)
			}
			var got [][3]float64
			for _, b := range bins {
				got = append(got, [3]float64{b.Min, b.Max, b.Weight})
			}
			if len(got) != len(tt.wantBins) {
				t.Fatalf("bins %v, want %v", got, tt.wantBins)
			}
			for i := range got {
				for k := range 3 {
					if math.Abs(got[i][k]-tt.wantBins[i][k]) > 1e-9*math.Max(1, math.Abs(tt.wantBins[i][k])) {
						t.Fatalf("bins %v, want %v", got, tt.wantBins)
					}
				}
			}
			p, err := Hist(tt.vs, tt.opts)
			if err != nil {
				t.Fatal(err)
			}
			render(t, p) // draws without panicking
		})
	}
	for _, bad := range []struct {
		vs   []float64
		opts HistOptions
	}{
		{[]float64{nan, math.Inf(-1)}, HistOptions{}},
		{nil, HistOptions{}},
		{[]float64{-1, 0}, HistOptions{Axes: Axes{LogX: true}}},
		{[]float64{1}, HistOptions{Min: 2, Max: 1}},
		{[]float64{1, 2}, HistOptions{Min: -1, Max: 5, Axes: Axes{LogX: true}}},
	} {
		if _, err := Hist(bad.vs, bad.opts); err == nil {
			t.Errorf("Hist(%v, %+v): no error", bad.vs, bad.opts)
		}
	}
}

func TestLinesAndScatter(t *testing.T) {
	series := []XY{
		{Label: "paper", X: []float64{0, 1, 2, 3}, Y: []float64{1, 2, math.NaN(), 8}},
		{Label: "ours", X: []float64{0, 1, 2, 3}, Y: []float64{1, 2, 4, 8}},
	}
	p, err := Lines(series, LinesOptions{Axes: Axes{Title: "Hurst", XLabel: "log n", YLabel: "log R/S"}, Points: true})
	if err != nil {
		t.Fatal(err)
	}
	doc := render(t, p)
	for _, s := range []string{"Hurst", "log n", "log R/S", "paper", "ours"} {
		if !doc.hasText(s) {
			t.Errorf("SVG lacks text %q", s)
		}
	}
	// A path per line, a path per marker (glyphs): 3 + 4 points, 2 lines.
	if want := countPaths(t, series, false); doc.paths < want {
		t.Errorf("%d SVG paths, want at least %d", doc.paths, want)
	}
	pts, err := points(series[0], Axes{})
	if err != nil || len(pts) != 3 {
		t.Errorf("points of a series with a NaN: %v, %v; want 3 points", pts, err)
	}
	// Log axes leave out non-positive coordinates.
	pts, err = points(XY{X: []float64{0, 1, 10}, Y: []float64{1, -1, 5}}, Axes{LogX: true, LogY: true})
	if err != nil || len(pts) != 1 || pts[0] != (plotter.XY{X: 10, Y: 5}) {
		t.Errorf("log-log points %v, %v; want [(10, 5)]", pts, err)
	}
	p, err = Scatter([]XY{{Label: "a", X: []float64{0, 1, 10}, Y: []float64{1, -1, 5}}}, ScatterOptions{Axes: Axes{LogX: true, LogY: true}, Radius: 1})
	if err != nil {
		t.Fatal(err)
	}
	render(t, p)
	for _, f := range []func([]XY) error{
		func(s []XY) error { _, err := Lines(s, LinesOptions{}); return err },
		func(s []XY) error { _, err := Scatter(s, ScatterOptions{}); return err },
	} {
		if f([]XY{{X: []float64{1}, Y: []float64{1, 2}}}) == nil {
			t.Error("mismatched lengths: no error")
		}
		if f([]XY{{X: []float64{math.NaN()}, Y: []float64{1}}}) == nil {
			t.Error("no drawable point: no error")
		}
	}
}

func TestBars(t *testing.T) {
	p, err := Bars([]string{"Mon", "Tue", "Wed"}, []Sample{
		{Label: "paper", Values: []float64{3, 4, 5}},
		{Label: "ours", Values: []float64{3.5, math.NaN(), 5}},
	}, BarsOptions{Axes: Axes{Title: "Jobs per day", LogY: true}})
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := p.Y.Scale.(plot.LogScale); ok {
		t.Error("Bars made a log axis")
	}
	doc := render(t, p)
	for _, s := range []string{"Jobs per day", "Mon", "Tue", "Wed", "paper", "ours"} {
		if !doc.hasText(s) {
			t.Errorf("SVG lacks text %q", s)
		}
	}
	// Two groups of three bars, one without its NaN bar's height.
	single, err := Bars([]string{"Mon", "Tue", "Wed"}, []Sample{{Values: []float64{3, 4, 5}}}, BarsOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if one := render(t, single).paths; doc.paths <= one {
		t.Errorf("two groups draw %d paths, one group %d: want more", doc.paths, one)
	}
	if _, err := Bars([]string{"a"}, []Sample{{Values: []float64{1, 2}}}, BarsOptions{}); err == nil {
		t.Error("length mismatch: no error")
	}
	if _, err := Bars([]string{"a"}, []Sample{{Values: []float64{math.Inf(1)}}}, BarsOptions{}); err == nil {
		t.Error("infinite value: no error")
	}
	if _, err := Bars(nil, nil, BarsOptions{}); err == nil {
		t.Error("no categories: no error")
	}
	if _, err := Bars([]string{"a", "b"}, []Sample{{Values: []float64{1, 2}}}, BarsOptions{Horizontal: true}); err != nil {
		t.Error(err)
	}
	// A group's Color picks its palette colour whatever its position.
	colored, err := Bars([]string{"a"}, []Sample{{Label: "log", Values: []float64{1}, Role: Original},
		{Label: "EASY", Values: []float64{2}, Color: 1}, {Label: "FCFS", Values: []float64{3}}}, BarsOptions{})
	if err != nil {
		t.Fatal(err)
	}
	// EASY takes blue (Palette[0]); vermillion (Palette[1], the second
	// group's by position) is not drawn; FCFS, third, bluish green.
	raw := render(t, colored).raw
	for c, want := range map[string]bool{"fill:#0072B2": true, "fill:#D55E00": false, "fill:#009E73": true} {
		if strings.Contains(raw, c) != want {
			t.Errorf("SVG has colour %s: %v, want %v", c, !want, want)
		}
	}
}

func TestSave(t *testing.T) {
	p, err := Lines([]XY{{X: []float64{1, 2}, Y: []float64{1, 2}}}, LinesOptions{})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	svg, png := filepath.Join(dir, "a.svg"), filepath.Join(dir, "a.png")
	if err := SaveSVG(p, 0, 0, svg); err != nil {
		t.Fatal(err)
	}
	if err := SavePNG(p, 200, 100, png); err != nil {
		t.Fatal(err)
	}
	if b, err := os.ReadFile(svg); err != nil || !bytes.Contains(b, []byte(`width="432pt"`)) {
		t.Errorf("SVG file: %v, default width missing", err)
	}
	if b, err := os.ReadFile(png); err != nil || !bytes.HasPrefix(b, []byte("\x89PNG")) {
		t.Errorf("PNG file: %v", err)
	}
	if err := SaveSVG(p, 0, 0, filepath.Join(dir, "a.png")); err == nil {
		t.Error("SaveSVG to .png: no error")
	}
	if err := SavePNG(p, 0, 0, filepath.Join(dir, "missing", "a.png")); err == nil {
		t.Error("SavePNG into a missing folder: no error")
	}
	if left, _ := filepath.Glob(filepath.Join(dir, ".plot-*")); len(left) != 0 {
		t.Errorf("temporary files left: %v", left)
	}
}

// TestGolden compares whole SVG renderings with testdata/*.svg (rewrite them
// with go test -update): the builders are deterministic.
func TestGolden(t *testing.T) {
	ecdf, err := ECDF([]Sample{
		{Label: "a", Values: []float64{1, 2, 2, 3, 5, 8, 13, 21}},
		{Label: "b", Values: []float64{0, 1, 4, 9, 16, 25}},
	}, ECDFOptions{Axes: Axes{Title: "ECDF", XLabel: "x", LogX: true}})
	if err != nil {
		t.Fatal(err)
	}
	hist, err := Hist([]float64{1, 2, 2, 3, 3, 3, 4, 4, 5, math.NaN()}, HistOptions{Axes: Axes{Title: "Hist", XLabel: "x"}, Bins: 5})
	if err != nil {
		t.Fatal(err)
	}
	bars, err := Bars([]string{"x", "y"}, []Sample{{Label: "p", Values: []float64{1, 2}}, {Label: "q", Values: []float64{2, 1}}}, BarsOptions{Axes: Axes{Title: "Bars"}})
	if err != nil {
		t.Fatal(err)
	}
	for name, p := range map[string]*plot.Plot{"ecdf.svg": ecdf, "hist.svg": hist, "bars.svg": bars} {
		var buf bytes.Buffer
		if err := WriteSVG(&buf, p, 300, 200); err != nil {
			t.Fatal(err)
		}
		golden := filepath.Join("testdata", name)
		if *update {
			if err := os.MkdirAll("testdata", 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(golden, buf.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(golden)
		if err != nil {
			t.Fatalf("%v (run go test -update to create it)", err)
		}
		if !bytes.Equal(buf.Bytes(), want) {
			t.Errorf("%s differs from the golden file (%d vs %d bytes); if intended, run go test -update", name, buf.Len(), len(want))
		}
	}
}

func TestStyleDistinct(t *testing.T) {
	type key struct {
		r, g, b, a uint32
		dashes     string
	}
	seen := map[key]int{}
	for i := range len(Palette) * len(Dashes) {
		ls := SeriesStyle(i)
		r, g, b, a := ls.Color.RGBA()
		k := key{r, g, b, a, fmt.Sprint(ls.Dashes)}
		if j, dup := seen[k]; dup {
			t.Errorf("series %d has the style of series %d", i, j)
		}
		seen[k] = i
	}
}

// countPaths is the least number of SVG paths the Lines of series draw
// (one per line), plus one per point with markers.
func countPaths(t *testing.T, series []XY, markers bool) int {
	t.Helper()
	n := 0
	for _, s := range series {
		pts, err := points(s, Axes{})
		if err != nil {
			t.Fatal(err)
		}
		n++
		if markers {
			n += len(pts)
		}
	}
	return n
}

// TestOneValueLogAxes: data at a single value on a log axis (a log of one
// job, or of one user) made gonum pad the axis to 0 and panic when drawn
// (issue 15). The axis is widened to [v/2, 2v] and the plot renders.
func TestOneValueLogAxes(t *testing.T) {
	t.Parallel()
	builders := map[string]func() (*plot.Plot, error){
		"lines, log y": func() (*plot.Plot, error) {
			return Lines([]XY{{Label: "jobs", X: []float64{1}, Y: []float64{1}}}, LinesOptions{Axes: Axes{LogY: true}})
		},
		"ecdf, log x": func() (*plot.Plot, error) {
			return ECDF([]Sample{{Label: "runtime", Values: []float64{100}}}, ECDFOptions{Axes: Axes{LogX: true}})
		},
		"scatter, log x and y": func() (*plot.Plot, error) {
			return Scatter([]XY{{X: []float64{5, 5}, Y: []float64{3, 3}}}, ScatterOptions{Axes: Axes{LogX: true, LogY: true}})
		},
	}
	for name, build := range builders {
		t.Run(name, func(t *testing.T) {
			p, err := build()
			if err != nil {
				t.Fatal(err)
			}
			var svg, png bytes.Buffer
			if err := WriteSVG(&svg, p, 0, 0); err != nil {
				t.Fatal(err)
			}
			if err := WritePNG(&png, p, 0, 0, 0); err != nil {
				t.Fatal(err)
			}
			if err := FixLogAxes(p); err != nil {
				t.Fatal(err)
			}
			for _, a := range []plot.Axis{p.X, p.Y} {
				if _, ok := a.Scale.(plot.LogScale); ok && !(a.Min > 0 && a.Min < a.Max) {
					t.Errorf("log axis range [%v, %v]", a.Min, a.Max)
				}
			}
		})
	}
}

// TestIntervalsLog: on a logarithmic axis, ratios far below the
// reference 1 are all drawn, an interval reaching below 0 (a normal
// interval of a small ratio) is drawn open down to the axis' bottom and
// named in the key, and the axis keeps to positive values.
func TestIntervalsLog(t *testing.T) {
	cats := []string{"mix", "SDSC-SP2", "KTH-SP2"}
	series := []Interval{{Label: "EASY / FCFS", Mean: []float64{0.04, 0.01, 0.02}, Lo: []float64{-0.01, 0.008, 0.01}, Hi: []float64{0.1, 0.012, 0.03}}}
	p, err := Intervals(cats, series, IntervalsOptions{Axes: Axes{Title: "ratios", XLabel: "workload", YLabel: "ratio", LogY: true}, Reference: 1, ReferenceLabel: "as good"})
	if err != nil {
		t.Fatal(err)
	}
	// The bottom is half the least positive value, 0.008 (SDSC-SP2's low):
	// the mix's interval is open down to it.
	if math.Abs(p.Y.Min-0.004) > 1e-12 || p.Y.Max <= 1 {
		t.Errorf("y axis [%g, %g], want [0.004, > 1]", p.Y.Min, p.Y.Max)
	}
	doc := render(t, p)
	for _, s := range []string{"EASY / FCFS", "as good", OpenIntervalLabel, "0.01", "0.1", "1"} {
		if !doc.hasText(s) {
			t.Errorf("SVG lacks text %q", s)
		}
	}
	// Every interval closed: no key entry for open ones, and the bottom
	// is 0.008 / 1.25, the room the top gets (half of it left a third of
	// a decade empty below 2013's §6.1 diagnostic).
	series[0].Lo[0] = 0.02
	if p, err = Intervals(cats, series, IntervalsOptions{Axes: Axes{LogY: true}, Reference: 1}); err != nil {
		t.Fatal(err)
	}
	if doc := render(t, p); doc.hasText(OpenIntervalLabel) {
		t.Errorf("key names open intervals where there are none")
	}
	if math.Abs(p.Y.Min-0.008/1.25) > 1e-12 {
		t.Errorf("closed intervals: y axis from %g, want %g", p.Y.Min, 0.008/1.25)
	}
}

func TestIntervals(t *testing.T) {
	cats := []string{"none", "job", "user"}
	series := []Interval{
		{Label: "SDSC-SP2", Mean: []float64{1, 2, 3}, Lo: []float64{0.5, 1.5, math.NaN()}, Hi: []float64{1.5, 2.5, 3.5}},
		{Label: "KTH-SP2", Mean: []float64{math.NaN(), 2, 4}, Lo: []float64{0, 1, 3}, Hi: []float64{0, 3, 5}},
	}
	p, err := Intervals(cats, series, IntervalsOptions{Axes: Axes{Title: "ratios", XLabel: "shaking", YLabel: "ratio"}, Reference: 1, ReferenceLabel: "as the default"})
	if err != nil {
		t.Fatal(err)
	}
	doc := render(t, p)
	for _, s := range []string{"ratios", "shaking", "ratio", "none", "job", "user", "SDSC-SP2", "KTH-SP2", "as the default"} {
		if !doc.hasText(s) {
			t.Errorf("SVG lacks text %q", s)
		}
	}
	// The categories are the x axis' nominal positions, with half a step
	// of room on each side.
	if p.X.Min != -0.5 || p.X.Max != 2.5 {
		t.Errorf("x axis [%g, %g], want [-0.5, 2.5]", p.X.Min, p.X.Max)
	}
	// The reference as a guide comes after the series in the key; as
	// the original, bold, before them.
	for _, original := range []bool{false, true} {
		p, err := Intervals(cats, series, IntervalsOptions{Reference: 1, ReferenceLabel: "the log", ReferenceOriginal: original})
		if err != nil {
			t.Fatal(err)
		}
		doc := render(t, p)
		ref, first := slices.Index(doc.texts, "the log"), slices.Index(doc.texts, "SDSC-SP2")
		if ref < 0 || first < 0 || (ref < first) != original {
			t.Errorf("original %v: key has the reference at %d, the first series at %d", original, ref, first)
		}
		bold := strings.Contains(doc.raw, "stroke-width:"+strconv.FormatFloat(float64(OriginalWidth), 'g', -1, 64))
		if bold != original {
			t.Errorf("original %v: a line %v wide drawn: %v", original, OriginalWidth, bold)
		}
	}
	for _, tc := range []struct {
		name   string
		cats   []string
		series []Interval
	}{
		{"no categories", nil, series},
		{"no series", cats, nil},
		{"lengths differ", cats, []Interval{{Mean: []float64{1}, Lo: []float64{1}, Hi: []float64{1}}}},
		{"nothing drawable", cats[:1], []Interval{{Mean: []float64{math.NaN()}, Lo: []float64{0}, Hi: []float64{1}}}},
	} {
		if _, err := Intervals(tc.cats, tc.series, IntervalsOptions{Reference: math.NaN()}); err == nil {
			t.Errorf("%s: no error", tc.name)
		}
	}
}
