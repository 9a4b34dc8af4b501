package zakay2014

import (
	"context"
	"errors"
	"fmt"
	"image/color"
	"slices"
	"strings"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/tracelab/tracelab/analytics/session"
	"github.com/tracelab/tracelab/analytics/session/sessionplot"
	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/plots"
	"github.com/tracelab/tracelab/repro/ledger"
)

// structureLog is the log whose user Figs 1, 2 and 4 draw.
const structureLog = "KTH-SP2"

// StructureResult is §IV: a stretch of a real user's jobs drawn as Fig. 1
// (sessions and batches), Fig. 2 (the follows relation) and Fig. 4 (the
// depends-on relation), and the observations of §IV–VI checked on every
// log.
type StructureResult struct {
	Log      string
	User     int
	From, To float64 // the stretch, seconds of the log
	// Stretch describes the stretch in words (user, local dates).
	Stretch string
	// Fig1 draws one bar per job from arrival to end, successive batches
	// in two colours, dotted lines where sessions begin, grey lines for
	// depends-on (dashed: rule 2 of Definition 12), as sessionplot.User.
	Fig1 *plots.Figure
	// Fig1 and Fig24 are nil when KTH-SP2 is not available.
	//
	// Fig24 draws Figs 2 and 4 side by side: the batches (one row each, a
	// bar from first arrival to end) with the follows edges (Fig. 2: from
	// a batch's arrival to the last arrival of the batch it follows) and
	// the depends-on edges (Fig. 4: from a batch's arrival to the end of
	// the batch it depends on); an edge of only one relation is in
	// vermillion, marked *.
	Fig24 *plots.Figure
	// Edges has one row per edge of the stretch: batch, on, relations
	// ("follows", "depends on (rule N)"), only (the relation it alone is
	// in, "" when in both).
	Edges dataframe.DataFrame

	logs []observations // per log of Table I, in its order
}

// observations are the counts behind Observations 5–7 and 11 and the
// starred edges of Figs 2 and 4, on one log.
type observations struct {
	log            paperLog
	missing        bool
	batches        int
	sameSession    int // batches overlapping an earlier batch of their session (Observation 5: none)
	crossSession   int // batches overlapping a batch of an earlier session (Observation 6: some)
	unordered      int // batches arriving before the batch they follow (Observation 7: none)
	backwardDeps   int // dependency edges to a later batch (Observation 11: none, so no cycle)
	followsOnly    int // follows edges without a depends-on edge
	dependsOnly    int // depends-on edges between batches that are not successive
	dependencyEdge int
}

// Structure draws Figs 1, 2 and 4 for a KTH-SP2 user and checks the
// observations of §IV–VI on the logs of Table I (KTH-SP2 and SDSC-SP2 in
// quick mode).
func (s *Study) Structure(ctx context.Context) (*StructureResult, error) {
	return s.structure.Get(func() (*StructureResult, error) {
		r := &StructureResult{Log: structureLog}
		for _, l := range s.logsFor("KTH-SP2", "SDSC-SP2") {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			o := observations{log: l, missing: l.Catalog == ""}
			if !o.missing {
				w, err := s.workload(l.Catalog)
				switch {
				case missing(err):
					o.missing = true
				case err != nil:
					return nil, err
				default:
					o.count(w.Structure)
					if l.Catalog == structureLog {
						if err := r.draw(w.Trace, w.Structure); err != nil {
							return nil, err
						}
					}
				}
			}
			r.logs = append(r.logs, o)
		}
		return r, nil
	})
}

func (o *observations) count(st session.Structure) {
	o.batches = st.Batches.Len()
	for b := range st.Batches.Len() {
		if f := st.Follows(b); f >= 0 {
			if st.Batches.FirstArrival[b] < st.Batches.FirstArrival[f] {
				o.unordered++
			}
			if !slices.Contains(st.Deps.Of(b), f) {
				o.followsOnly++
			}
		}
		for _, d := range st.Deps.Of(b) {
			o.dependencyEdge++
			if d >= b {
				o.backwardDeps++
			}
			if st.Follows(b) != d {
				o.dependsOnly++
			}
		}
	}
	// Overlaps with earlier batches (Definition 4: some job of the earlier
	// one ends after the later one's first arrival), within the session and
	// across sessions, from the latest end so far of each user.
	for u := range st.Users.ID {
		latestOther := -1.0 // latest end among batches of the user's earlier sessions
		for si := st.Users.FirstSession[u]; si < st.Users.FirstSession[u]+st.Users.Sessions[u]; si++ {
			latestHere := -1.0
			for b := st.Sessions.FirstBatch[si]; b < st.Sessions.FirstBatch[si]+st.Sessions.Batches[si]; b++ {
				a := st.Batches.FirstArrival[b]
				if latestHere > a {
					o.sameSession++
				}
				if latestOther > a {
					o.crossSession++
				}
				latestHere = max(latestHere, st.Batches.End[b])
			}
			latestOther = max(latestOther, latestHere)
		}
	}
}

// draw finds the stretch of Figs 1, 2 and 4 and draws them: the first user
// (by id) with two days holding at least three sessions, 10 to 40 jobs, a
// batch of several jobs, a rule-2 dependency, and a session that follows
// the previous one without depending on it — so that both relations have
// an edge the other lacks, as the paper's figures do.
func (r *StructureResult) draw(tr *datasets.Trace, st session.Structure) error {
	r.User = -1
search:
	for u := range st.Users.ID {
		fs, ns := st.Users.FirstSession[u], st.Users.Sessions[u]
		for i := fs; i < fs+ns; i++ {
			hi := st.Sessions.Start[i] + 2*86400
			sessions, jobs, multi, rule2, followsOnly := 0, 0, false, false, false
			for j := i; j < fs+ns && st.Sessions.Start[j] <= hi; j++ {
				sessions++
				jobs += st.Sessions.Jobs[j]
				first := st.Sessions.FirstBatch[j]
				for b := first; b < first+st.Sessions.Batches[j]; b++ {
					multi = multi || st.Batches.Jobs[b] >= 2
					for k := range st.Deps.Of(b) {
						rule2 = rule2 || st.Deps.Rule[st.Deps.Start[b]+k] == 2
					}
					followsOnly = followsOnly || (b == first && j > i && len(st.Deps.Of(b)) == 0)
				}
			}
			if sessions >= 3 && multi && rule2 && followsOnly && jobs >= 10 && jobs <= 40 {
				r.User, r.From, r.To = st.Users.ID[u], st.Sessions.Start[i]-600, hi
				break search
			}
		}
	}
	if r.User < 0 {
		return errors.New("zakay2014: no user with a stretch for Figs 1, 2, 4")
	}
	c := datasets.NewClock(tr)
	r.Stretch = fmt.Sprintf("%s user %d, %s – %s", structureLog, r.User,
		c.Time(r.From).Format("Mon 2006-01-02 15:04"), c.Time(r.To).Format("Mon 2006-01-02 15:04"))
	fig1, err := sessionplot.User(st, tr, r.User, r.From, r.To)
	if err != nil {
		return err
	}
	fig1.Title.Text = r.Stretch
	r.Fig1 = figure("Fig. 1", "a user's jobs, sessions and batches",
		"jobs that overlap or follow closely form a batch; a gap of an hour starts a session; later batches depend on earlier ones", 1, fig1)
	bs := r.batches(st)
	fig2, err := relationPlot(st, bs, r.From, true)
	if err != nil {
		return err
	}
	fig2.Title.Text = "Fig. 2: follows"
	fig4, err := relationPlot(st, bs, r.From, false)
	if err != nil {
		return err
	}
	fig4.Title.Text = "Fig. 4: depends on"
	r.Fig24 = figure("Figs 2 and 4", "the follows and the depends-on relations between the same batches",
		"edges in one relation only are starred (*), as in the paper's figures", 2, fig2, fig4)
	r.Fig24.Key, err = relationKey()
	if err != nil {
		return err
	}
	r.Fig24.ShareX, r.Fig24.ShareY = true, true
	r.Edges = edgeFrame(st, bs)
	return nil
}

// batches returns the user's batches arriving in the stretch, in order.
func (r *StructureResult) batches(st session.Structure) []int {
	var bs []int
	for b := range st.Batches.Len() {
		if st.Batches.User[b] == r.User && st.Batches.FirstArrival[b] >= r.From && st.Batches.FirstArrival[b] <= r.To {
			bs = append(bs, b)
		}
	}
	return bs
}

// edge is one edge of the follows or depends-on relation: from batch b to
// the batch on.
type edge struct {
	b, on int
	rule  int8 // depends-on: the rule of Definition 12; 0 for follows
}

// relations returns the follows and depends-on edges of batches bs.
func relations(st session.Structure, bs []int) (follows, depends []edge) {
	for _, b := range bs {
		if f := st.Follows(b); f >= 0 {
			follows = append(follows, edge{b: b, on: f})
		}
		for k, d := range st.Deps.Of(b) {
			depends = append(depends, edge{b: b, on: d, rule: st.Deps.Rule[st.Deps.Start[b]+k]})
		}
	}
	return follows, depends
}

func hasEdge(es []edge, b, on int) bool {
	for _, e := range es {
		if e.b == b && e.on == on {
			return true
		}
	}
	return false
}

// Styles of relationPlot: edges grey (dashed: depends-on by rule 2),
// an edge of one relation only in vermillion, marked *.
var (
	edgeColor = color.Gray{Y: 60}
	onlyColor = plots.Palette[1]
)

// relationPlot draws batches bs as bars (one row each, first arrival to
// end, hours since from, successive sessions in the two colours of
// sessionplot.Alternate) and the edges of the follows relation (follows
// true) or of depends-on, each from the later batch's arrival to the last
// arrival (follows) or end (depends-on) of the other, with an arrowhead
// there; an edge of only one relation is in vermillion, marked *. The key
// is relationKey's.
func relationPlot(st session.Structure, bs []int, from float64, follows bool) (*plot.Plot, error) {
	fol, dep := relations(st, bs)
	edges, other := dep, fol
	if follows {
		edges, other = fol, dep
	}
	row := map[int]int{}
	hours := func(t float64) float64 { return (t - from) / 3600 }
	p := plots.New(plots.Axes{XLabel: "hours", YLabel: "batches (by arrival)", IntegerY: true})
	for y, b := range bs {
		row[b] = y
		bar, err := plotter.NewLine(plotter.XYs{{X: hours(st.Batches.FirstArrival[b]), Y: float64(y)}, {X: hours(st.Batches.End[b]), Y: float64(y)}})
		if err != nil {
			return nil, err
		}
		bar.Color = sessionplot.Alternate[st.Sessions.Seq[st.Batches.Session[b]]%2]
		bar.Width = vg.Points(5)
		p.Add(bar)
	}
	var heads, starHeads plotter.XYs
	var stars plotter.XYLabels
	for _, e := range edges {
		yo, ok := row[e.on]
		if !ok {
			continue
		}
		headX := st.Batches.End[e.on]
		if follows {
			headX = st.Batches.LastArrival[e.on]
		}
		tail := plotter.XY{X: hours(st.Batches.FirstArrival[e.b]), Y: float64(row[e.b])}
		head := plotter.XY{X: hours(headX), Y: float64(yo)}
		l, err := plotter.NewLine(plotter.XYs{tail, head})
		if err != nil {
			return nil, err
		}
		l.LineStyle = sessionplot.DependsStyle(int(e.rule))
		l.Color = edgeColor
		only := !hasEdge(other, e.b, e.on)
		if only {
			l.Color = onlyColor
			starHeads = append(starHeads, head)
			stars.XYs = append(stars.XYs, plotter.XY{X: (tail.X + head.X) / 2, Y: (tail.Y + head.Y) / 2})
			stars.Labels = append(stars.Labels, "*")
		} else {
			heads = append(heads, head)
		}
		p.Add(l)
	}
	for _, h := range []struct {
		pts plotter.XYs
		c   color.Color
	}{{heads, edgeColor}, {starHeads, onlyColor}} {
		if len(h.pts) == 0 {
			continue
		}
		sc, err := plotter.NewScatter(h.pts)
		if err != nil {
			return nil, err
		}
		sc.GlyphStyle = draw.GlyphStyle{Color: h.c, Radius: vg.Points(3), Shape: draw.TriangleGlyph{}}
		p.Add(sc)
	}
	if len(stars.XYs) > 0 {
		colors := make([]color.Color, len(stars.XYs))
		for i := range colors {
			colors[i] = onlyColor
		}
		if err := plots.AddLabels(p, stars.XYs, stars.Labels, plots.LabelOptions{Colors: colors, Bold: true}); err != nil {
			return nil, err
		}
	}
	p.Y.Min, p.Y.Max = -1, float64(len(bs))
	// A little room at both ends of the time axis, as in Fig. 1
	// (sessionplot.User): the last batch's bar would otherwise end on it.
	pad := 0.02 * (p.X.Max - p.X.Min)
	p.X.Min, p.X.Max = p.X.Min-pad, p.X.Max+pad
	return p, nil
}

// relationKey is the key of Figs 2 and 4 (relationPlot).
func relationKey() (*plot.Legend, error) {
	k := plot.NewLegend()
	line := func(ls draw.LineStyle) (*plotter.Line, error) {
		l, err := plotter.NewLine(plotter.XYs{{X: 0, Y: 0}, {X: 1, Y: 0}})
		if err != nil {
			return nil, err
		}
		l.LineStyle = ls
		return l, nil
	}
	for _, e := range []struct {
		label string
		ls    draw.LineStyle
	}{
		{"batches of a session", draw.LineStyle{Color: sessionplot.Alternate[0], Width: vg.Points(5)}},
		{"batches of the next session", draw.LineStyle{Color: sessionplot.Alternate[1], Width: vg.Points(5)}},
		{"an edge of the relation", draw.LineStyle{Color: edgeColor, Width: vg.Points(1)}},
		{"depends on by rule 2", draw.LineStyle{Color: edgeColor, Width: vg.Points(1), Dashes: plots.Dashes[1]}},
		{"in this relation only (*)", draw.LineStyle{Color: onlyColor, Width: vg.Points(1)}},
	} {
		l, err := line(e.ls)
		if err != nil {
			return nil, err
		}
		k.Add(e.label, l)
	}
	// The arrowheads (relationPlot's triangles) are named too: unnamed,
	// they read as data points of their own.
	head, err := plotter.NewScatter(plotter.XYs{{X: 0, Y: 0}})
	if err != nil {
		return nil, err
	}
	head.GlyphStyle = draw.GlyphStyle{Color: edgeColor, Radius: vg.Points(3), Shape: draw.TriangleGlyph{}}
	k.Add("an edge's head: the earlier batch", head)
	return &k, nil
}

// edgeFrame lists the edges of both relations among batches bs.
func edgeFrame(st session.Structure, bs []int) dataframe.DataFrame {
	fol, dep := relations(st, bs)
	name := func(b int) string {
		return fmt.Sprintf("b%d (session %d)", st.Batches.Seq[b], st.Sessions.Seq[st.Batches.Session[b]])
	}
	type pair struct{ b, on int }
	rels := map[pair][]string{}
	var order []pair
	add := func(k pair, r string) {
		if _, ok := rels[k]; !ok {
			order = append(order, k)
		}
		rels[k] = append(rels[k], r)
	}
	for _, e := range fol {
		add(pair{e.b, e.on}, "follows")
	}
	for _, e := range dep {
		add(pair{e.b, e.on}, fmt.Sprintf("depends on (rule %d)", e.rule))
	}
	var batch, on, rel, only []string
	for _, k := range order {
		batch, on = append(batch, name(k.b)), append(on, name(k.on))
		rel = append(rel, strings.Join(rels[k], ", "))
		o := ""
		switch {
		case !hasEdge(dep, k.b, k.on):
			o = "follows *"
		case !hasEdge(fol, k.b, k.on):
			o = "depends on *"
		}
		only = append(only, o)
	}
	return dataframe.New(series.New(batch, series.String, "batch"), series.New(on, series.String, "on"),
		series.New(rel, series.String, "relations"), series.New(only, series.String, "only"))
}

// Claims checks, on each log, the observations the figures illustrate —
// Observations 5 and 6 (Fig. 1), 7 (Fig. 2), 11 (Fig. 4) — and the starred
// edges of Figs 2 and 4. Observations 5, 7 and 11 follow from the
// definitions: they are checks of our batching. Observation 6 ("may
// overlap") and the starred edges of the conceptual drawings are
// possibilities the definitions allow: by ledger.PossibilityRule they are
// checks, since their instance on a log (one overlapping batch, one edge)
// holds on any log with enough activity and says nothing of the paper's
// results.
func (r *StructureResult) Claims(l *ledger.Ledger) {
	const possibility = "a possibility the definitions allow, shown by an example or a conceptual drawing (ledger.PossibilityRule): it holds on any log with enough activity, so it checks our relations, not a result"
	for _, o := range r.logs {
		id := func(s string) string { return s + "/" + o.log.Paper }
		log := o.log.Paper
		if o.missing {
			why := notAvailable
			if o.log.Catalog != "" {
				why = o.log.Catalog + " is not available here"
			}
			l.MissingLog("Fig. 1", id("obs6"), o.log.Paper+": batches of different sessions may overlap", "holds", log, why).AsCheck(possibility)
			continue
		}
		l.Claim("Fig. 1", id("obs5"), o.log.Paper+": two batches of the same session never overlap",
			o.sameSession == 0, fmt.Sprintf("%d of %d batches overlap an earlier batch of their session", o.sameSession, o.batches)).
			Quoting("Two batches in the same session can’t overlap.").
			AsCheck("follows from Definition 3: overlapping jobs of a session are one batch; it checks our batching")
		l.Claim("Fig. 1", id("obs6"), o.log.Paper+": batches of different sessions may overlap",
			o.crossSession > 0, fmt.Sprintf("%d of %d batches overlap a batch of an earlier session", o.crossSession, o.batches)).
			Quoting("Two batches in different sessions may overlap.").
			AsCheck(possibility)
		l.Claim("Fig. 2", id("obs7"), o.log.Paper+": a user's batches are ordered by arrival (the follows order)",
			o.unordered == 0, fmt.Sprintf("%d batches arrive before the batch they follow", o.unordered)).
			Quoting("All the batches of a given user are in fact well ordered in a single sequence by their arrival times.").
			AsCheck("follows from Definitions 3 and 8: batches are built and numbered in arrival order; it checks our batching")
		l.Claim("Fig. 4", id("obs11"), o.log.Paper+": the dependency graph has no cycle (every edge points to an earlier batch)",
			o.backwardDeps == 0, fmt.Sprintf("%d of %d edges point to a later batch", o.backwardDeps, o.dependencyEdge)).
			Quoting("The Dependency Graph doesn't contain cycles.").
			AsCheck("follows from Definition 12: a batch depends only on earlier batches; it checks our dependency graph")
		// "Each has an edge marked with a * that doesn't appear in the
		// other": one statement per figure.
		l.Claim("Fig. 2", "fig2/"+log+"/follows-only", o.log.Paper+": the follows relation has edges the depends-on relation lacks (Fig. 2's starred edge)",
			o.followsOnly > 0, fmt.Sprintf("%d follows edges without a depends-on edge", o.followsOnly)).
			Quoting("Each has an edge marked with a * that doesn't appear in the other.").
			AsCheck(possibility)
		l.Claim("Fig. 4", "fig4/"+log+"/depends-only", o.log.Paper+": the depends-on relation has edges the follows relation lacks (Fig. 4's starred edge)",
			o.dependsOnly > 0, fmt.Sprintf("%d depends-on edges between batches that are not successive", o.dependsOnly)).
			Quoting("Each has an edge marked with a * that doesn't appear in the other.").
			AsCheck(possibility)
	}
}
