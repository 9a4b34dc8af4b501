package plottest

import (
	"fmt"
	"image/color"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"
	"unsafe"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/recorder"

	"github.com/tracelab/tracelab/plots"
)

// MaxKeyEntries is the most entries a figure's key may have
// (plots.MaxKeyEntries).
const MaxKeyEntries = plots.MaxKeyEntries

// MaxFigureWidth is the widest a figure may be: about 1400 pixels at 96
// per inch, shown at most a third smaller in a notebook 1100 pixels wide.
const MaxFigureWidth = 14.5 * vg.Inch

// Lint returns the defects of figure f that a reader would see, each as
// an error naming the figure and the panel:
//
//   - no title (which paper figure it is) or no caption (what to see);
//   - a key of more than MaxKeyEntries entries, over a panel's data area,
//     or a panel legend entry not in the key, or looking different there
//     (the panels' legends are not drawn: the key stands for them);
//   - two key entries that look the same (colour and dashes, marker
//     shape, fill), or several coloured series none of which the key or a
//     label names;
//   - data filling less than MinDataShare of a linear y axis;
//   - a panel whose lines reuse a colour of the palette with other
//     dashes once every colour is in use (more series than colours);
//   - an axis without a label (an axis without tick labels, a diagram's,
//     needs none);
//   - text with a file extension, a number of 8 or more digits, NaN or
//     Inf; a tick label with trailing zeros ("2.50") or in e-notation
//     ("1e+07");
//   - a logarithmic axis with fewer than two labelled ticks, or an end
//     far from its nearest label (bareLogEnd);
//   - a title, caption or axis label wider than its room, tick labels
//     that overlap;
//   - a figure wider than MaxFigureWidth, or that cannot be drawn.
func Lint(f *plots.Figure) (errs []error) {
	name := f.Title
	if name == "" && len(f.Panels) > 0 && f.Panels[0] != nil {
		name = "untitled figure, first panel " + quote(f.Panels[0].Title.Text)
	}
	bad := func(format string, args ...any) {
		errs = append(errs, fmt.Errorf("%s: %s", quote(name), fmt.Sprintf(format, args...)))
	}
	if err := f.Check(); err != nil {
		bad("%v", err)
		return errs
	}
	if f.Title == "" {
		bad("no title saying which figure of the paper it is")
	}
	if f.Caption == "" {
		bad("no caption saying what to see")
	}
	w, h := f.Size()
	if w > MaxFigureWidth {
		bad("%.1f inches wide, more than %.1f", w/vg.Inch, MaxFigureWidth/vg.Inch)
	}
	rec := &recorder.Canvas{}
	c := draw.NewCanvas(rec, w, h)
	if err := drawSafely(f, c); err != nil {
		bad("drawing: %v", err)
		return errs
	}
	l := f.Layout(c)

	// The header.
	ts, cs := plots.HeaderStyles()
	for _, line := range l.Title {
		checkText(bad, "title", line)
		if ts.Width(line) > l.Header.Max.X-l.Header.Min.X {
			bad("title line %q wider than the figure", line)
		}
	}
	for _, line := range l.Caption {
		checkText(bad, "caption", line)
		if cs.Width(line) > l.Header.Max.X-l.Header.Min.X {
			bad("caption line %q wider than the figure", line)
		}
	}

	// The key.
	var key []entry
	if l.Key != nil {
		key = legendEntries(l.Key)
		if len(key) > MaxKeyEntries {
			bad("%d key entries, more than %d: draw variants as a band, split into panels, or label lines directly", len(key), MaxKeyEntries)
		}
		for i, p := range l.Data {
			if overlaps(l.KeyArea, p) {
				bad("the key overlaps the data of panel %d", i+1)
			}
		}
		for _, e := range key {
			checkText(bad, "key entry", e.text)
		}
		looks := map[string]string{}
		for _, e := range key {
			s := e.look()
			if other, dup := looks[s]; dup {
				bad("key entries %q and %q look the same (%s)", other, e.text, s)
			}
			looks[s] = e.text
		}
	}
	keyLook := map[string]string{}
	for _, e := range key {
		keyLook[e.text] = e.look()
	}
	for i, p := range f.Panels {
		for _, e := range legendEntries(&p.Legend) {
			switch look, ok := keyLook[e.text]; {
			case !ok:
				bad("panel %d's legend entry %q is not in the figure's key [%s]: it is not drawn", i+1, e.text, texts(key))
			case look != e.look():
				bad("panel %d's %q looks different (%s) from the key's (%s)", i+1, e.text, e.look(), look)
			}
		}
	}

	// The panels.
	keyLooks := map[string]bool{}
	for _, e := range key {
		for _, t := range e.thumbs {
			keyLooks[lookOf(t)] = true
		}
	}
	for i, p := range l.Panels {
		panel := fmt.Sprintf("panel %d (%s)", i+1, quote(f.Panels[i].Title.Text))
		cell, data := l.Cells[i], l.Data[i]
		for _, line := range strings.Split(p.Title.Text, "\n") {
			checkText(bad, panel+" title", line)
			if p.Title.TextStyle.Width(line) > cell.Max.X-cell.Min.X {
				bad("%s: title line %q wider than the panel", panel, line)
			}
		}
		orig := f.Panels[i]
		for _, ax := range []struct {
			name     string
			a, drawn *plot.Axis
			label    string
			length   vg.Length
			vertical bool
		}{
			{"x", &orig.X, &p.X, l.XLabels[i], data.Max.X - data.Min.X, false},
			{"y", &orig.Y, &p.Y, l.YLabels[i], data.Max.Y - data.Min.Y, true},
		} {
			ticks := ax.drawn.Tick.Marker.Ticks(ax.drawn.Min, ax.drawn.Max)
			labelled := 0
			for _, t := range ticks {
				if t.Label != "" && t.Value >= ax.drawn.Min && t.Value <= ax.drawn.Max {
					labelled++
					checkText(bad, panel+" "+ax.name+" tick", t.Label)
					checkTick(bad, panel+" "+ax.name+" tick", t.Label)
				}
			}
			if labelled > 0 && ax.a.Label.Text == "" {
				bad("%s: the %s axis has no label", panel, ax.name)
			}
			checkText(bad, panel+" "+ax.name+" label", ax.a.Label.Text)
			if ax.label != "" && ax.a.Label.TextStyle.Width(ax.label) > ax.length*1.15 {
				bad("%s: the %s label %q is longer than its axis", panel, ax.name, ax.label)
			}
			if _, log := ax.drawn.Scale.(plot.LogScale); log && labelled < 2 {
				bad("%s: the logarithmic %s axis has %d labelled ticks, fewer than 2", panel, ax.name, labelled)
			}
			if _, log := ax.drawn.Scale.(plot.LogScale); log && labelled >= 2 {
				if e := bareLogEnd(ax.drawn.Min, ax.drawn.Max); e != "" {
					bad("%s: the logarithmic %s axis %s", panel, ax.name, e)
				}
			}
			if o := overlappingTicks(ax.drawn, ticks, ax.length, ax.vertical); o != "" {
				bad("%s: %s tick labels overlap: %s", panel, ax.name, o)
			}
		}
		// Coloured series the key does not explain.
		coloured := map[string]bool{}
		labels := false
		for _, pl := range Plotters(orig) {
			if _, ok := pl.(*plotter.Labels); ok {
				labels = true
			}
			if _, ok := pl.(texter); ok {
				labels = true
			}
			if s, ok := colouredLook(pl); ok {
				coloured[s] = true
			}
		}
		if len(coloured) >= 2 && !labels {
			for s := range coloured {
				if !keyLooks[s] {
					bad("%s: a series drawn %s is named neither in the key nor by a label", panel, s)
				}
			}
		}
		if share, ok := squashed(orig); ok {
			bad("%s: the data fill %.0f%% of the y axis: use a logarithmic axis or leave out what stretches it", panel, 100*share)
		}
		if c := reusedColour(orig); c != "" {
			bad("%s: colour %s drawn with other dashes after every colour of the palette is used: more series than colours, split the panel", panel, c)
		}
		for _, pl := range Plotters(orig) {
			if lb, ok := pl.(*plotter.Labels); ok {
				for _, t := range lb.Labels {
					checkText(bad, panel+" label", t)
				}
			}
			if tx, ok := pl.(texter); ok {
				for _, t := range tx.Texts() {
					checkText(bad, panel+" label", t)
				}
			}
		}
	}
	return errs
}

// MaxBareShare is the largest share of a logarithmic axis that may lie
// between an end and its nearest labelled tick, whatever the axis' length
// (plots.LogTicks labels, on an axis of up to 4 decades, an end decade
// bare for more than 0.15 of it).
const MaxBareShare = 0.2

// bareLogEnd says what is wrong with an end of the logarithmic range
// [min, max] (as drawn) that lies far from its nearest labelled tick, or
// returns "": an end more than plots.BareEnd decades from it when a round
// value within reach past it would be labelled (plots.SnapLogEnds moves
// such an end; a figure's panels are drawn so), or more than MaxBareShare
// of the axis and more than plots.BareEnd from it (the values there cannot
// be read off; on an axis shorter than a decade, labelled in round steps
// 1-2-3-5 or finer, a bare end under a factor 1.6 reads as on a linear
// one: 2013 Fig. 12's SDSC-BLUE slowdown, 0.12 of 0.35 decades).
func bareLogEnd(min, max float64) string {
	bottom, top := plots.BareEnds(min, max)
	span := math.Log10(max / min)
	for _, e := range []struct {
		name string
		bare float64
	}{{"bottom", bottom}, {"top", top}} {
		if e.bare > MaxBareShare*span && e.bare > plots.BareEnd {
			return fmt.Sprintf("has no labelled tick within %.2f decades of its %s (%.0f%% of the axis, more than %.0f%%)", e.bare, e.name, 100*e.bare/span, 100*MaxBareShare)
		}
	}
	a := plot.Axis{Min: min, Max: max, Scale: plot.LogScale{}}
	if plots.SnapLogEnds(&a); a.Min != min || a.Max != max {
		return fmt.Sprintf("from %v to %v has an end more than %v decades from a label: it would end at %v to %v (plots.SnapLogEnds)", min, max, plots.BareEnd, a.Min, a.Max)
	}
	return ""
}

// texter is a plotter that writes labels it places itself when drawn
// (resampleplot's user names): its texts are checked as labels are.
type texter interface{ Texts() []string }

// drawSafely draws f on c, turning a panic into an error.
func drawSafely(f *plots.Figure, c draw.Canvas) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	f.Draw(c)
	return nil
}

func quote(s string) string { return fmt.Sprintf("%q", s) }

var (
	fileExt   = regexp.MustCompile(`(?i)\.(swf|gz|csv|json|parquet|txt|png|svg|ipynb|go)\b`)
	longNum   = regexp.MustCompile(`\d{8,}`)
	notNumber = regexp.MustCompile(`\b(NaN|[+-]?Inf)\b`)
	trailing  = regexp.MustCompile(`\.\d*0(\D|$)`)
)

// checkText reports text a reader should not see: file names, seeds and
// other long numbers, NaN and Inf.
func checkText(bad func(string, ...any), what, s string) {
	switch {
	case fileExt.MatchString(s):
		bad("%s %q has a file extension: name it in words (plots.Label)", what, s)
	case longNum.MatchString(s):
		bad("%s %q has a number of 8 or more digits (a seed, a file name?)", what, s)
	case notNumber.MatchString(s):
		bad("%s %q shows NaN or Inf", what, s)
	}
}

// checkTick reports tick labels with trailing zeros or in e-notation.
func checkTick(bad func(string, ...any), what, s string) {
	if trailing.MatchString(s) {
		bad("%s %q has trailing zeros", what, s)
	}
	if strings.Contains(s, "e+") {
		bad("%s %q is in e-notation", what, s)
	}
}

// overlappingTicks returns the first pair of labelled ticks of axis a
// whose labels overlap when the axis is length long, or "".
func overlappingTicks(a *plot.Axis, ticks []plot.Tick, length vg.Length, vertical bool) string {
	type pos struct {
		at, size vg.Length
		label    string
	}
	var ps []pos
	for _, t := range ticks {
		if t.Label == "" || t.Value < a.Min || t.Value > a.Max {
			continue
		}
		size := a.Tick.Label.Width(t.Label)
		if vertical {
			size = a.Tick.Label.Height(t.Label)
		}
		ps = append(ps, pos{at: vg.Length(a.Norm(t.Value)) * length, size: size, label: t.Label})
	}
	for i := 1; i < len(ps); i++ {
		a, b := ps[i-1], ps[i]
		if d := b.at - a.at; d < 0 {
			a, b = b, a
		}
		if b.at-a.at < (a.size+b.size)/2+vg.Points(1) {
			return fmt.Sprintf("%q and %q", a.label, b.label)
		}
	}
	return ""
}

func overlaps(a, b vg.Rectangle) bool {
	return a.Min.X < b.Max.X && b.Min.X < a.Max.X && a.Min.Y < b.Max.Y && b.Min.Y < a.Max.Y
}

// MinDataShare is the least share of a linear y axis that a panel's data
// (not its guides) may fill: less leaves them squashed against one side.
const MinDataShare = 0.15

// squashed returns the share of p's linear y axis that its data span, and
// whether it is less than MinDataShare. Guides (a reference line far from
// the data stretches the axis) and bars (drawn from 0) do not count;
// constant data neither; nor an axis that starts at 0 by choice (a share
// or a count shown from its 0).
func squashed(p *plot.Plot) (float64, bool) {
	if _, log := p.Y.Scale.(plot.LogScale); log || !(p.Y.Max > p.Y.Min) || p.Y.Min == 0 {
		return 0, false
	}
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, pl := range Plotters(p) {
		switch v := pl.(type) {
		case *plotter.Line:
			if v.LineStyle.Color == plots.GuideColor {
				continue
			}
		case *plotter.Scatter, *plotter.YErrorBars, *plotter.Polygon, interface{ Bars() *plotter.YErrorBars }:
		default:
			continue
		}
		dr, ok := pl.(plot.DataRanger)
		if !ok {
			continue
		}
		_, _, ymin, ymax := dr.DataRange()
		lo, hi = math.Min(lo, ymin), math.Max(hi, ymax)
	}
	if !(hi > lo) {
		return 0, false
	}
	share := (hi - lo) / (p.Y.Max - p.Y.Min)
	return share, share < MinDataShare
}

// reusedColour returns a colour of the palette that lines of p draw with
// two dash patterns while p uses every colour of the palette ("" if
// none): series told apart by dashes alone. (A colour drawn solid and
// dashed while colours are left is a series and its model, say.)
func reusedColour(p *plot.Plot) string {
	palette := map[string]bool{}
	for _, c := range plots.Palette {
		palette[colourName(c)] = true
	}
	used := map[string]bool{}
	dashes := map[string]map[string]bool{}
	for _, pl := range Plotters(p) {
		var c color.Color
		switch v := pl.(type) {
		case *plotter.Line:
			c = v.LineStyle.Color
			name := colourName(c)
			if dashes[name] == nil {
				dashes[name] = map[string]bool{}
			}
			dashes[name][dashName(v.LineStyle.Dashes)] = true
		case *plotter.Scatter:
			c = v.GlyphStyle.Color
		case *plotter.BarChart:
			c = v.Color
		}
		if c != nil && palette[colourName(c)] {
			used[colourName(c)] = true
		}
	}
	if len(used) < len(palette) {
		return ""
	}
	for _, c := range plots.Palette {
		if len(dashes[colourName(c)]) > 1 {
			return colourName(c)
		}
	}
	return ""
}

// entry is a legend entry, read from gonum/plot's unexported fields.
type entry struct {
	text   string
	thumbs []plot.Thumbnailer
}

func (e entry) look() string {
	var s []string
	for _, t := range e.thumbs {
		s = append(s, lookOf(t))
	}
	return strings.Join(s, " + ")
}

func texts(es []entry) string {
	var s []string
	for _, e := range es {
		s = append(s, e.text)
	}
	return strings.Join(s, "; ")
}

// legendEntries returns the entries of l. gonum/plot keeps them in the
// unexported field Legend.entries; like Plotters, this panics when a
// gonum/plot upgrade changes the field.
func legendEntries(l *plot.Legend) []entry {
	f := reflect.ValueOf(l).Elem().FieldByName("entries")
	if !f.IsValid() || f.Kind() != reflect.Slice {
		panic("plottest: gonum/plot.Legend has no field entries")
	}
	f = reflect.NewAt(f.Type(), unsafe.Pointer(f.UnsafeAddr())).Elem()
	out := make([]entry, f.Len())
	for i := range out {
		e := f.Index(i)
		t, th := e.FieldByName("text"), e.FieldByName("thumbs")
		if !t.IsValid() || !th.IsValid() {
			panic("plottest: gonum/plot legend entries have no text and thumbs")
		}
		out[i].text = t.String()
		for k := range th.Len() {
			v := th.Index(k)
			v = reflect.NewAt(v.Type(), unsafe.Pointer(v.UnsafeAddr())).Elem()
			out[i].thumbs = append(out[i].thumbs, v.Interface().(plot.Thumbnailer))
		}
	}
	return out
}

// lookOf describes how a plotter looks, by what tells series apart:
// colour, dashes, marker shape, fill (not line width).
func lookOf(t any) string {
	switch v := t.(type) {
	case *plotter.Line:
		s := "line " + colourName(v.LineStyle.Color) + dashName(v.LineStyle.Dashes)
		if v.FillColor != nil {
			s += " filled " + colourName(v.FillColor)
		}
		return s
	case *plotter.Scatter:
		return fmt.Sprintf("marker %s %T", colourName(v.GlyphStyle.Color), v.GlyphStyle.Shape)
	case *plotter.Polygon:
		return "fill " + colourName(v.Color)
	case *plotter.BarChart:
		return "bars " + colourName(v.Color)
	case *plotter.Histogram:
		return "bars " + colourName(v.FillColor)
	}
	return fmt.Sprintf("%T", t)
}

// colouredLook returns the look of a line, marker, bar or fill plotter in
// a colour that is not grey (guides, grids and outlines are grey), and
// whether there is one.
func colouredLook(p plot.Plotter) (string, bool) {
	var c color.Color
	switch v := p.(type) {
	case *plotter.Line:
		c = v.LineStyle.Color
	case *plotter.Scatter:
		c = v.GlyphStyle.Color
	case *plotter.BarChart:
		c = v.Color
	default:
		return "", false
	}
	if c == nil || grey(c) {
		return "", false
	}
	return lookOf(p), true
}

func grey(c color.Color) bool {
	r, g, b, _ := c.RGBA()
	return r == g && g == b
}

func colourName(c color.Color) string {
	if c == nil {
		return "none"
	}
	r, g, b, a := c.RGBA()
	return fmt.Sprintf("#%02x%02x%02x%02x", r>>8, g>>8, b>>8, a>>8)
}

func dashName(d []vg.Length) string {
	if len(d) == 0 {
		return ""
	}
	return fmt.Sprintf(" dashed %v", d)
}

// Reachable returns the figures reachable from v (through pointers,
// struct fields exported or not, slices, arrays, maps and interfaces),
// each once, in the order found, and the plots reachable outside them.
// Frames (gota) and slices of numbers are not searched.
func Reachable(v any) (figs []*plots.Figure, loose []*plot.Plot) {
	seen := map[uintptr]bool{}
	inFigure := map[*plot.Plot]bool{}
	var plotsFound []*plot.Plot
	figType := reflect.TypeFor[*plots.Figure]()
	plotType := reflect.TypeFor[*plot.Plot]()
	var walk func(v reflect.Value)
	walk = func(v reflect.Value) {
		if !v.IsValid() {
			return
		}
		if v.CanAddr() && !v.CanInterface() {
			v = reflect.NewAt(v.Type(), unsafe.Pointer(v.UnsafeAddr())).Elem()
		}
		switch v.Type() {
		case figType:
			if f := v.Interface().(*plots.Figure); f != nil && !seen[uintptr(unsafe.Pointer(f))] {
				seen[uintptr(unsafe.Pointer(f))] = true
				figs = append(figs, f)
				for _, p := range f.Panels {
					inFigure[p] = true
				}
			}
			return
		case plotType:
			if p := v.Interface().(*plot.Plot); p != nil {
				plotsFound = append(plotsFound, p)
			}
			return
		}
		if strings.Contains(v.Type().PkgPath(), "gota") {
			return
		}
		switch v.Kind() {
		case reflect.Pointer:
			if v.IsNil() || seen[v.Pointer()] {
				return
			}
			seen[v.Pointer()] = true
			walk(v.Elem())
		case reflect.Interface:
			if !v.IsNil() {
				walk(v.Elem())
			}
		case reflect.Struct:
			for i := range v.NumField() {
				walk(v.Field(i))
			}
		case reflect.Slice, reflect.Array:
			if !searchable(v.Type().Elem()) {
				return
			}
			if v.Kind() == reflect.Slice && v.IsNil() {
				return
			}
			for i := range v.Len() {
				walk(v.Index(i))
			}
		case reflect.Map:
			if !searchable(v.Type().Elem()) {
				return
			}
			it := v.MapRange()
			for it.Next() {
				walk(it.Value())
			}
		}
	}
	walk(reflect.ValueOf(v))
	seenPlot := map[*plot.Plot]bool{}
	for _, p := range plotsFound {
		if !inFigure[p] && !seenPlot[p] {
			seenPlot[p] = true
			loose = append(loose, p)
		}
	}
	return figs, loose
}

// searchable reports whether values of type t can hold a figure.
func searchable(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Pointer, reflect.Interface, reflect.Struct, reflect.Slice, reflect.Array, reflect.Map:
		return true
	}
	return false
}

// FigureDirEnv names the environment variable of a folder where
// LintReachable also saves every figure it lints, as PNG at 96 dpi: to look
// at them all without running the notebooks.
const FigureDirEnv = "TRACELAB_FIGURE_DIR"

// LintReachable lints every figure reachable from v (Reachable), and
// reports plots outside a figure (each result shows its plots as figures,
// with a title and a caption). It fails t when it finds no figure at all.
// With $TRACELAB_FIGURE_DIR set, it saves the figures there, named
// prefix-NN-title.png.
func LintReachable(t testing.TB, prefix string, v any) {
	t.Helper()
	figs, loose := Reachable(v)
	if len(figs) == 0 {
		t.Error("no figure found")
	}
	for _, p := range loose {
		t.Errorf("plot %q is not in a figure (plots.Figure: title and caption)", p.Title.Text)
	}
	dir := os.Getenv(FigureDirEnv)
	for i, f := range figs {
		for _, err := range Lint(f) {
			t.Error(err)
		}
		if dir == "" {
			continue
		}
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := f.Save(filepath.Join(dir, fmt.Sprintf("%s-%02d-%s.png", prefix, i+1, slug(f.Title)))); err != nil {
			t.Error(err)
		}
	}
}

// slug is a short file-name part of a title.
func slug(title string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(title) {
		switch {
		case r >= 'a' && r <= 'z' || r >= '0' && r <= '9':
			b.WriteRune(r)
		case b.Len() > 0 && !strings.HasSuffix(b.String(), "-"):
			b.WriteByte('-')
		}
		if b.Len() >= 48 {
			break
		}
	}
	return strings.Trim(b.String(), "-")
}
