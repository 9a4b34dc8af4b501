package resampleplot

import (
	"slices"
	"testing"

	"github.com/tracelab/tracelab/plots/plottest"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg/draw"
)

// weeksOf returns n weeks of base jobs each, with the given weeks set.
func weeksOf(n int, base float64, set map[int]float64) []float64 {
	v := make([]float64, n)
	for i := range v {
		v[i] = base
	}
	for w, c := range set {
		v[w] = c
	}
	return v
}

// TestPlaceNames: where placeNames sets a name, on 100 weeks (a name spans
// 2·3+1 = 7 weeks: reach = round(2.5%·100) = 3); a tallest week of 1,010
// jobs makes the clearance 50.5 jobs and a line of names 80.8.
func TestPlaceNames(t *testing.T) {
	t.Parallel()
	type want struct {
		user  int
		at    plotter.XY
		align text.XAlignment
		level int
	}
	for _, c := range []struct {
		name           string
		perUser        [][]float64
		totals, marked []float64
		want           []want
	}{
		{
			// 2021 Fig. 16's RB_NPW 1/2 panel: the user's one column, week
			// 50 (90 jobs, above a line), between bursts in weeks 47 and 55.
			// Centred (weeks 47–53), ending at it (44–50) or starting at it
			// (50–56) the text stands over a burst; shifted a week right
			// (48–54) it clears both, centred on week 51 at the column's top.
			name:    "a gap beside the column",
			perUser: [][]float64{weeksOf(100, 0, map[int]float64{50: 90})},
			totals:  weeksOf(100, 10, map[int]float64{47: 1010, 50: 100, 55: 1010}),
			marked:  weeksOf(100, 0, map[int]float64{47: 1000, 55: 1000}),
			want:    []want{{0, plotter.XY{X: 51, Y: 100}, draw.XCenter, 0}},
		},
		{
			// User 0 (100 jobs in week 50) is named there first. User 1 has
			// 90 jobs in week 50 and 90 in week 20, whose neighbours carry
			// bursts 75 jobs high: every text over week 20 stands 9.5 jobs
			// too high (660 − 600 − 50.5). A line above user 0's name, at
			// its own column, user 1's name is at its column and is taken.
			name: "stacked at its column rather than over a burst",
			perUser: [][]float64{
				weeksOf(100, 0, map[int]float64{50: 100}),
				weeksOf(100, 0, map[int]float64{20: 90, 50: 90}),
			},
			totals: weeksOf(100, 10, map[int]float64{19: 660, 20: 600, 21: 660, 50: 200, 90: 1010}),
			marked: weeksOf(100, 0, map[int]float64{19: 75, 21: 75, 90: 1000}),
			want: []want{
				{0, plotter.XY{X: 50, Y: 200}, draw.XCenter, 0},
				{1, plotter.XY{X: 50, Y: 200}, draw.XCenter, 1},
			},
		},
		{
			// 2013 Fig. 13's LANL-CM5 user 8: a top user whose slice is
			// thinner than a line (80.8 jobs) in every week — 80 jobs in its
			// busiest — is named at no column (the key line names it), even
			// over a quiet stretch; user 1's one slice of 81 jobs is named.
			name: "a sliver everywhere",
			perUser: [][]float64{
				weeksOf(100, 5, map[int]float64{30: 80}),
				weeksOf(100, 0, map[int]float64{60: 81}),
			},
			totals: weeksOf(100, 20, map[int]float64{30: 95, 60: 100, 90: 1010}),
			marked: weeksOf(100, 0, map[int]float64{90: 1000}),
			want:   []want{{1, plotter.XY{X: 60, Y: 100}, draw.XCenter, 0}},
		},
	} {
		tallest := slices.Max(c.totals) // the estimate weeklyJobs makes room by
		got := placeNames(c.perUser, c.totals, c.marked, nameReach(len(c.totals)), nameLine*tallest, nameClearance*tallest)
		if len(got) != len(c.want) {
			t.Fatalf("%s: %d names, want %d", c.name, len(got), len(c.want))
		}
		for k, w := range c.want {
			if g := got[k]; g.user != w.user || g.at != w.at || g.align != w.align || g.level != w.level {
				t.Errorf("%s: name %d: user %d at %v (alignment %v, line %d), want user %d at %v (%v, line %d)",
					c.name, k, g.user, g.at, g.align, g.level, w.user, w.at, w.align, w.level)
			}
		}
	}
}

// TestNameStackOn: a name whose weeks meet an earlier name's goes a line
// (80 jobs) above it unless it stands a line or more above it already,
// also when it is the higher one by less than a line (the texts would
// overlap: 2021 Fig. 16's users 3 and 22 did, 21 jobs apart).
func TestNameStackOn(t *testing.T) {
	t.Parallel()
	const line = 80
	a := name{at: plotter.XY{X: 50, Y: 100}, lo: 47, hi: 53}
	for _, c := range []struct {
		what      string
		n         name
		wantY     float64
		wantLevel int
	}{
		{"lower, weeks meet", name{at: plotter.XY{X: 52, Y: 40}, lo: 49, hi: 55}, 100, 1},
		{"level, weeks meet", name{at: plotter.XY{X: 52, Y: 100}, lo: 49, hi: 55}, 100, 1},
		{"higher by less than a line", name{at: plotter.XY{X: 52, Y: 121}, lo: 49, hi: 55}, 121, 1},
		{"higher by a line", name{at: plotter.XY{X: 52, Y: 180}, lo: 49, hi: 55}, 180, 0},
		{"weeks apart", name{at: plotter.XY{X: 60, Y: 100}, lo: 57, hi: 63}, 100, 0},
	} {
		n := c.n
		n.stackOn([]name{a}, line)
		if n.at.Y != c.wantY || n.level != c.wantLevel {
			t.Errorf("%s: at height %v, line %d; want %v, line %d", c.what, n.at.Y, n.level, c.wantY, c.wantLevel)
		}
	}
}

// nameLabels returns the names of a WeeklyJobs panel p as placed on its
// own y range (the estimate weeklyJobs makes room by; a figure that
// shares y places them again when drawn).
func nameLabels(p *plot.Plot) []*plotter.Labels {
	for _, pl := range plottest.Plotters(p) {
		if u, ok := pl.(*userNames); ok {
			tallest := slices.Max(u.totals)
			return u.labels(nameReach(len(u.totals)), nameLine*tallest, nameClearance*tallest)
		}
	}
	return nil
}
