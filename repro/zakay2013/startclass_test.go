package zakay2013

import (
	"strings"
	"testing"

	"github.com/tracelab/tracelab/datasets"
)

// TestStartByClass: Fig. 10's start effect split by class, by hand. A
// user first seen at 4 weeks exactly is in the first 4 weeks (edgeZone,
// firstWeeksShare's ≤).
func TestStartByClass(t *testing.T) {
	w := datasets.Week
	for _, c := range []struct {
		name      string
		lt, other []float64
		want      classStart
	}{
		{"mixed", []float64{0, w, 5 * w}, []float64{10 * w, 2 * w}, classStart{2, 3, 1, 2}},
		{"edge", []float64{4 * w, 4*w + 1}, nil, classStart{1, 2, 0, 0}},
		{"none", nil, nil, classStart{}},
	} {
		var ts timeSplit
		ts.lt[0], ts.other[0] = c.lt, c.other
		if got := startByClass(ts); got != c.want {
			t.Errorf("%s: %+v, want %+v", c.name, got, c.want)
		}
	}
	// Summed over a part's extended logs, and the note on the entry.
	r := &Fig10Result{byClass: map[int]classStart{1: classStart{2, 3, 1, 2}.add(classStart{3, 3, 0, 2})},
		origByClass: classStart{1, 4, 0, 4}, ks: map[int]marginalKS{1: {edges: &cover{longTerm: 4, mean: 2.5}}}, variants: 8, variantEarly: 0.41}
	note := r.classNote(1)
	for _, s := range []string{"5 of 6 (0.83) in the part", "1 of 4 (0.25) in the original", "the other users 1 of 4 (0.25) against 0 of 4 (0.00)",
		"2.5 of its 4 long-term users", "Fig. 4's 8 resampled logs of the original's length give 0.410"} {
		if !strings.Contains(note, s) {
			t.Errorf("note %q lacks %q", note, s)
		}
	}
	if (&Fig10Result{byClass: map[int]classStart{}}).classNote(1) != "" {
		t.Error("a note without counts")
	}
}
