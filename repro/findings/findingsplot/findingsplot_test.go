package findingsplot_test

import (
	"bytes"
	"errors"
	"fmt"
	"html"
	"image/color"
	"math"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/tracelab/tracelab/plots"
	"github.com/tracelab/tracelab/repro/findings"
	"github.com/tracelab/tracelab/repro/findings/findingsplot"
)

// TestMatrix: the figure draws a cell per finding and log, filled with its
// verdict's colour and labelled with its statistic, the logs' and the
// groups' names and the legend.
func TestMatrix(t *testing.T) {
	t.Parallel()
	nan := math.NaN()
	m := findings.NewMatrix([]findings.LogInfo{
		{Name: "KTH-SP2-1996", Year: 1996, Era: "1990s", Kind: "MPP"},
		{Name: "HPC2N-2002", Year: 2002, Era: "2000s", Kind: "cluster"},
	}, []findings.Result{
		{Finding: "daily-cycle", Log: "KTH-SP2-1996", Verdict: findings.Holds, Value: 2.18, Lo: 2, Hi: 2.4},
		{Finding: "daily-cycle", Log: "HPC2N-2002", Verdict: findings.Fails, Value: 0.93, Lo: 0.8, Hi: 1.1},
		{Finding: "estimates-round", Log: "KTH-SP2-1996", Verdict: findings.NotApplicable, Value: nan, Lo: nan, Hi: nan},
		{Finding: "estimates-round", Log: "HPC2N-2002", Verdict: findings.Error, Value: nan, Lo: nan, Hi: nan},
	})
	p, err := findingsplot.Matrix(m, "test")
	if err != nil {
		t.Fatal(err)
	}
	w, h := findingsplot.Size(m)
	var b bytes.Buffer
	if err := plots.WriteSVG(&b, p, w, h); err != nil {
		t.Fatal(err)
	}
	svg := b.String()
	for _, want := range []string{"KTH-SP2-1996", "HPC2N-2002", "arrivals follow a daily cycle", "estimates: round figures (modal)",
		"2.18", "0.930", "n/a", "error", "1990s", "2000s", "MPP", "cluster", "Feitelson 2021",
		"holds", "fails", "not applicable"} {
		if !strings.Contains(svg, ">"+want+"<") {
			t.Errorf("the figure does not draw %q", want)
		}
	}
	// The papers named in words, not by their keys.
	if !strings.Contains(svg, ">Lublin &amp; Feitelson 2003<") && !strings.Contains(svg, ">Lublin & Feitelson 2003<") {
		t.Errorf("the figure does not name Lublin & Feitelson 2003")
	}
	for _, v := range findings.Verdicts {
		r, g, bl, _ := findingsplot.Colours[v].RGBA()
		fill := fmt.Sprintf("fill:#%02X%02X%02X", r>>8, g>>8, bl>>8)
		if !strings.Contains(svg, fill) {
			t.Errorf("no cell or legend filled %s (%s)", fill, v)
		}
	}
	seen := map[color.Color]bool{}
	for _, c := range findingsplot.Colours {
		if seen[c] {
			t.Errorf("colour %v used twice", c)
		}
		seen[c] = true
	}
	if _, err := findingsplot.Matrix(findings.Matrix{}, ""); !errors.Is(err, findingsplot.ErrEmpty) {
		t.Errorf("empty matrix: %v", err)
	}
}

// TestMatrixKeyUsedVerdicts: the key names only the verdicts some cell
// has: a clean run has no "error" entry (notebook 08's matrix had one).
func TestMatrixKeyUsedVerdicts(t *testing.T) {
	nan := math.NaN()
	m := findings.NewMatrix([]findings.LogInfo{{Name: "KTH-SP2-1996", Year: 1996, Era: "1990s", Kind: "MPP"}}, []findings.Result{
		{Finding: "daily-cycle", Log: "KTH-SP2-1996", Verdict: findings.Holds, Value: 2.18, Lo: 2, Hi: 2.4},
		{Finding: "estimates-round", Log: "KTH-SP2-1996", Verdict: findings.NotApplicable, Value: nan, Lo: nan, Hi: nan},
	})
	p, err := findingsplot.Matrix(m, "test")
	if err != nil {
		t.Fatal(err)
	}
	w, h := findingsplot.Size(m)
	var b bytes.Buffer
	if err := plots.WriteSVG(&b, p, w, h); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		text string
		want bool
	}{{"holds", true}, {"not applicable", true}, {"fails", false}, {"error", false}} {
		if got := strings.Contains(b.String(), ">"+c.text+"<"); got != c.want {
			t.Errorf("key entry %q drawn: %v, want %v", c.text, got, c.want)
		}
	}
}

// TestMatrixCaption: the figure says in words what a cell is (Caption),
// wrapped over lines that together read the whole caption, inside the
// figure (notebook 08's heat map had no caption of its own).
func TestMatrixCaption(t *testing.T) {
	t.Parallel()
	m := findings.NewMatrix([]findings.LogInfo{
		{Name: "KTH-SP2-1996", Year: 1996, Era: "1990s", Kind: "MPP"},
		{Name: "HPC2N-2002", Year: 2002, Era: "2000s", Kind: "cluster"},
	}, []findings.Result{
		{Finding: "daily-cycle", Log: "KTH-SP2-1996", Verdict: findings.Holds, Value: 2.18, Lo: 2, Hi: 2.4},
		{Finding: "daily-cycle", Log: "HPC2N-2002", Verdict: findings.Fails, Value: 0.93, Lo: 0.8, Hi: 1.1},
	})
	p, err := findingsplot.Matrix(m, "test")
	if err != nil {
		t.Fatal(err)
	}
	w, h := findingsplot.Size(m)
	var b bytes.Buffer
	if err := plots.WriteSVG(&b, p, w, h); err != nil {
		t.Fatal(err)
	}
	var texts []string
	for _, m := range regexp.MustCompile(`<text[^>]*>([^<]*)</text>`).FindAllStringSubmatch(b.String(), -1) {
		texts = append(texts, html.UnescapeString(m[1]))
	}
	first := slices.IndexFunc(texts, func(s string) bool { return strings.HasPrefix(s, "Each cell:") })
	if first < 0 {
		t.Fatalf("no caption drawn; texts %q", texts)
	}
	var got []string
	for _, s := range texts[first:] {
		got = append(got, s)
		if strings.HasSuffix(s, "needs.") {
			break
		}
	}
	if len(got) < 2 {
		t.Errorf("caption on %d line(s) in a two-log figure: not wrapped to the cells' width", len(got))
	}
	if j := strings.Join(got, " "); j != findingsplot.Caption {
		t.Errorf("caption drawn as %q, want %q", j, findingsplot.Caption)
	}
}
