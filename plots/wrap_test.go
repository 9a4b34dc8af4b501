package plots

import (
	"strings"
	"testing"

	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
)

// TestWrapBalanced: axis labels and panel titles wrapped into lines of
// about equal width, a bracketed unit kept with its word. The labels are
// those the notebooks wrapped badly (Lublin & Feitelson 2003, Fig. 9;
// Zakay & Feitelson 2013, Fig. 12; the estimates figure of beyond).
func TestWrapBalanced(t *testing.T) {
	t.Parallel()
	sty := labelStyle()
	for _, tt := range []struct {
		s     string
		width float64 // points
		want  string  // lines joined by " / "
	}{
		{"fraction of arrivals per half hour", 400, "fraction of arrivals per half hour"},
		{"fraction of arrivals per half hour", 120, "fraction of arrivals / per half hour"},
		{"average wait relative to exact estimates", 150, "average wait relative / to exact estimates"},
		{"average response time [s]", 100, "average / response time [s]"},
		{"runtime [s]", 30, "runtime [s]"},
		{"a\nb c", 1, "a / b / c"},
	} {
		got := strings.Join(WrapBalanced(sty, tt.s, vg.Points(tt.width)), " / ")
		if got != tt.want {
			t.Errorf("WrapBalanced(%q, %g) = %q, want %q", tt.s, tt.width, got, tt.want)
		}
		// Never more lines than Wrap.
		if n, m := len(WrapBalanced(sty, tt.s, vg.Points(tt.width))), len(Wrap(sty, tt.s, vg.Points(tt.width))); n > m {
			t.Errorf("WrapBalanced(%q, %g): %d lines, Wrap %d", tt.s, tt.width, n, m)
		}
	}
}

// TestHeaderBalanced: a figure's caption that runs a word or two past the
// width is wrapped into two lines of about equal width, not a full line
// and an orphan (the subtitle of 2013 Fig. 4 left "log)" alone on its
// second line), and into no more lines than Wrap gives.
func TestHeaderBalanced(t *testing.T) {
	t.Parallel()
	p, err := Lines([]XY{{Label: "a", X: []float64{0, 1}, Y: []float64{0, 1}}}, LinesOptions{})
	if err != nil {
		t.Fatal(err)
	}
	f := NewFigure("a title", "", 1, p)
	w, _ := f.Size()
	_, cs := HeaderStyles()
	// A caption one short word wider than the header.
	width := w - 2*figPad
	var words []string
	for cs.Width(strings.Join(words, " ")) <= width {
		words = append(words, "word")
	}
	f.Caption = strings.Join(words, " ")
	w, h := f.Size()
	l := f.Layout(draw.New(vgimg.New(w, h)))
	if n, m := len(l.Caption), len(Wrap(cs, f.Caption, width)); n != 2 || m != 2 {
		t.Fatalf("caption in %d lines (Wrap: %d), want 2: %q", n, m, l.Caption)
	}
	a, b := cs.Width(l.Caption[0]), cs.Width(l.Caption[1])
	if b < 0.8*a || a < 0.8*b {
		t.Errorf("caption lines %.0f and %.0f points wide, want about equal: %q", a, b, l.Caption)
	}
}

// TestUnbreakable: the pieces WrapBalanced keeps on one line. The titles
// are those that broke badly: 2013 Fig. 3's "221 / temporary" and 2007
// Figs 3 and 10's "M′_med / 0.288".
func TestUnbreakable(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct{ s, want string }{
		{"SDSC-SP2: 173 long-term, 221 temporary, 43 discarded users",
			"SDSC-SP2: / 173 long-term, / 221 temporary, / 43 discarded / users"},
		{"m_i per slice (M′_med 0.288, M_med 0.262)", "m_i / per / slice / (M′_med 0.288, / M_med 0.262)"},
		{"Feitelson 2021, Fig. 10 (ours): the flows", "Feitelson 2021, / Fig. 10 / (ours): / the / flows"},
		{"slope −2.5 (the paper's)", "slope −2.5 / (the / paper's)"},
		{"average response time [s]", "average / response / time [s]"},
		{"over 1000 resampled logs", "over / 1000 resampled / logs"},
	} {
		if got := strings.Join(unbreakable(tt.s), " / "); got != tt.want {
			t.Errorf("unbreakable(%q)\ngot  %q\nwant %q", tt.s, got, tt.want)
		}
	}
}

// TestMinusSigns: a hyphen before a number after a space, bracket or "="
// is a minus sign (2021 Fig. 11's panel titles "ρ = -0.20", 2013 Fig.
// 16's caption "median -1.5%"); hyphens inside words and ranges stay.
func TestMinusSigns(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct{ in, want string }{
		{"KTH-SP2 (ρ = -0.20)", "KTH-SP2 (ρ = −0.20)"},
		{"non-rare jobs median -1.5%, utilisation median -0.7%", "non-rare jobs median −1.5%, utilisation median −0.7%"},
		{"-2.5 and (-.5) and [-3]", "−2.5 and (−.5) and [−3]"},
		{"1-day slices, log-log axes, sizes 5-15, 16-320", "1-day slices, log-log axes, sizes 5-15, 16-320"},
		{"a - b, x -y", "a - b, x -y"},
	} {
		if got := MinusSigns(tt.in); got != tt.want {
			t.Errorf("MinusSigns(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
