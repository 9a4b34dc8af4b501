package plots

import (
	"strings"
	"testing"

	"gonum.org/v1/plot/vg"
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
