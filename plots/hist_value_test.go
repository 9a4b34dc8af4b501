package plots

import (
	"math"
	"reflect"
	"testing"

	"gonum.org/v1/plot"
	"pgregory.net/rapid"
)

// drewLine reports whether p holds a gonum Line plotter (HistValue's bold
// line for its value; the off-scale value is a Labels plotter instead).
func drewLine(p *plot.Plot) bool {
	ps := reflect.ValueOf(p).Elem().FieldByName("plotters")
	for i := range ps.Len() {
		if t := ps.Index(i).Elem().Type(); t.Kind() == reflect.Pointer && t.Elem().Name() == "Line" {
			return true
		}
	}
	return false
}

// TestValueDrawnMatchesHistValue: ValueDrawn, which the captions of 2013
// Fig. 2 and 2007 Fig. 7 use, says exactly when HistValue draws the line,
// on linear and log axes, for values inside, beside and far from the bars
// and for values it cannot place.
func TestValueDrawnMatchesHistValue(t *testing.T) {
	t.Parallel()
	rapid.Check(t, func(t *rapid.T) {
		logX := rapid.Bool().Draw(t, "logX")
		lo := rapid.Float64Range(0.01, 100).Draw(t, "lo")
		width := rapid.Float64Range(0, 50).Draw(t, "width")
		n := rapid.IntRange(1, 40).Draw(t, "n")
		vs := make([]float64, n)
		for i := range vs {
			vs[i] = lo + width*rapid.Float64Range(0, 1).Draw(t, "u")
		}
		// A value some widths of the bars from their bottom (a width of
		// 1 when they have none), or one HistValue cannot place.
		unit := max(width, 1)
		value := rapid.OneOf(
			rapid.Custom(func(t *rapid.T) float64 { return lo + unit*rapid.Float64Range(-4, 5).Draw(t, "widths") }),
			rapid.SampledFrom([]float64{math.NaN(), math.Inf(1), 0, -1})).Draw(t, "value")
		opts := HistOptions{Axes: Axes{LogX: logX}}
		p, err := HistValue(vs, value, "values", "value", opts)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := ValueDrawn(vs, value, opts), drewLine(p); got != want {
			t.Fatalf("ValueDrawn = %v, HistValue drew the line: %v", got, want)
		}
	})
}

// TestValueDrawnCases: hand cases of the off-scale rule (a value further
// than the bars' width from them is written at the edge).
func TestValueDrawnCases(t *testing.T) {
	t.Parallel()
	// 2013 Fig. 2's CEA-Curie processors in the stored notebook: the
	// replicates span about 0.536–0.545, the original 0.793.
	reps := []float64{0.536, 0.54, 0.541, 0.545}
	for _, c := range []struct {
		name  string
		value float64
		want  bool
	}{
		{"far above (2013 Fig. 2)", 0.793, false},
		{"inside", 0.54, true},
		{"one width above", 0.545 + 0.009, true},
		{"past one width", 0.545 + 0.0095, false},
		{"NaN", math.NaN(), false},
	} {
		if got := ValueDrawn(reps, c.value, HistOptions{}); got != c.want {
			t.Errorf("%s: ValueDrawn = %v, want %v", c.name, got, c.want)
		}
	}
}

// TestValueMark: the caption's words for what the reader sees.
func TestValueMark(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		drawn, panels int
		want          string
	}{
		{3, 3, "the original (bold line)"},
		{0, 3, "the original (written at the panel's edge with an arrow: off the scale of the bars)"},
		{1, 3, "the original (bold line; written at the panel's edge with an arrow where off the scale of the bars)"},
		{0, 0, "the original (bold line)"},
	} {
		if got := ValueMark("the original", c.drawn, c.panels); got != c.want {
			t.Errorf("ValueMark(%d, %d) = %q, want %q", c.drawn, c.panels, got, c.want)
		}
	}
}
