//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package kernelext

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"gonum.org/v1/plot"

	"github.com/tracelab/tracelab/plots"
)

// lintedFigure is a figure the lint finds fault with (a file name as a
// panel title).
func lintedFigure(t *testing.T) *plots.Figure {
	p := plots.New(plots.Axes{Title: "KTH-SP2-1996-2.4-cln.swf", XLabel: "time [s]", YLabel: "jobs"})
	if _, err := plots.AddLines(p, []plots.XY{{Label: "jobs", X: []float64{0, 1, 2}, Y: []float64{1, 3, 2}}}, plots.LinesOptions{}); err != nil {
		t.Fatal(err)
	}
	return plots.NewFigure("raw", "a caption", 1, []*plot.Plot{p}...)
}

// TestLintIntoRefuses: a FIFO at the lint file's path is refused without
// waiting for a reader, and the open itself refuses a link (the flags that
// close the window between lintInto's Lstat and its open). Two figures'
// findings are appended, each figure's lines whole.
func TestLintIntoRefuses(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip("no FIFO:", err)
	}
	if err := lintInto(fifo, lintedFigure(t)); err == nil || !strings.Contains(err.Error(), "not a regular file") {
		t.Errorf("FIFO: err = %v, want not a regular file", err)
	}
	target := filepath.Join(dir, "target")
	if err := os.WriteFile(target, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link")
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
	if f, err := os.OpenFile(link, os.O_WRONLY|os.O_APPEND|os.O_CREATE|lintOpenFlags, 0o644); err == nil {
		f.Close()
		t.Errorf("a link opened with lintOpenFlags")
	}
	path := filepath.Join(dir, "lint.txt")
	for range 2 {
		if err := lintInto(path, lintedFigure(t)); err != nil {
			t.Fatal(err)
		}
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
	if len(lines) < 2 || len(lines)%2 != 0 || lines[0] != lines[len(lines)/2] {
		t.Errorf("two figures' findings:\n%s", b)
	}
}
