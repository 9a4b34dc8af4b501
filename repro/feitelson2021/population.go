package feitelson2021

import (
	"cmp"
	"context"
	"fmt"
	"image/color"
	"math"
	"slices"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/tracelab/tracelab/analytics/users"
	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/plots"
	"github.com/tracelab/tracelab/repro/ledger"
	"github.com/tracelab/tracelab/sim"
	"github.com/tracelab/tracelab/sim/feedback"
	"github.com/tracelab/tracelab/sim/resample"
)

// PopulationLog is the log the population figures (Figs 9, 10) and the
// throughput experiments (Figs 12, 13, 17, 19–21) resample: KTH-SP2, the
// smallest log with runtime estimates and a full year.
const PopulationLog = "KTH-SP2"

// populationExtend is the length of the resampled log that tests §4.2's
// statements on the generated population, in multiples of the log's.
const populationExtend = 5

// Fig9Result is the division of a log's users into long-term and
// temporary users and their reuse in a resampled log (§4.2, Fig. 9),
// drawn from the pools of PopulationLog.
type Fig9Result struct {
	Log string
	// Users has one row per user of the log: user, class (long_term,
	// temporary, discarded), first and last (submit times, days from the
	// log's start), jobs.
	Users dataframe.DataFrame
	// Instances has one row per user of a resampled log as long as the
	// original: user, kind, source_user, first and last (days), jobs.
	Instances dataframe.DataFrame
	Figure    *plots.Figure
	// Counts of the log's users by class; Throughout the users active
	// over at least three quarters of the log.
	LongTerm, Temporary, Discarded, Throughout, NumUsers int
	// The generation checks (§4.2), on a resampled log populationExtend
	// times as long as the original: see Claims.
	gen     genChecks
	Missing []Missing
}

// genChecks are the measurements of §4.2's statements on a resampled log.
type genChecks struct {
	weeks                           int
	longTerm, poolLongTerm          int
	initialTemporary                int
	temporaryPresent                float64
	arrivalsPerWeek, rate           float64
	departuresPerWeek               float64
	sameUserTwice                   int
	sameTime, jobs                  int
	regenerated, longTermInstances  int
	firstJobStart, arrivalInstances int
	// The initial population's starts: users (long-term, temporary) whose
	// first week in the new log is a week of their traced activity, and
	// the distinct weeks of the log the long-term ones start from.
	initialLT, ltInActivity, ltStartWeeks int
	initialTmp, tmpInActivity             int
	longTermStart                         resample.LongTermStart
}

// Fig9 classifies the users of PopulationLog and resamples it.
func (s *Study) Fig9(ctx context.Context) (*Fig9Result, error) {
	return s.fig9.Get(func() (*Fig9Result, error) {
		r := &Fig9Result{Log: PopulationLog}
		p, err := s.poolsOf(PopulationLog, &r.Missing)
		if p == nil {
			return r, err
		}
		pop := p.Population
		day := datasets.Day
		n := pop.Len()
		class := make([]string, n)
		first, last := make([]float64, n), make([]float64, n)
		var segs []segment
		for i := range n {
			class[i] = pop.Class[i].String()
			first[i], last[i] = (pop.FirstArrival[i]-pop.LogStart)/day, (pop.LastArrival[i]-pop.LogStart)/day
			switch pop.Class[i] {
			case users.LongTerm:
				r.LongTerm++
			case users.Temporary:
				r.Temporary++
			default:
				r.Discarded++
			}
			if pop.Span[i] >= 0.75*(pop.LogEnd-pop.LogStart) {
				r.Throughout++
			}
			segs = append(segs, segment{first[i], last[i], class[i]})
		}
		r.NumUsers = n
		r.Users = dataframe.New(series.New(pop.ID, series.Int, "user"), series.New(class, series.String, "class"),
			series.New(first, series.Float, "first"), series.New(last, series.Float, "last"), series.New(pop.Jobs, series.Int, "jobs"))
		logSegs := slices.Clone(segs)
		rs, err := p.Generate(resample.Options{LongTermStart: literalStart, Seed: s.seed(9)})
		if err != nil {
			return nil, err
		}
		inst := instanceExtents(rs)
		segs = segs[:0]
		for i := range inst.user {
			segs = append(segs, segment{inst.first[i], inst.last[i], inst.kind[i]})
		}
		r.Instances = dataframe.New(series.New(inst.user, series.Int, "user"), series.New(inst.kind, series.String, "kind"),
			series.New(inst.source, series.Int, "source_user"), series.New(inst.first, series.Float, "first"),
			series.New(inst.last, series.Float, "last"), series.New(inst.jobs, series.Int, "jobs"))
		keyed := classesOf(logSegs, segs)
		logPlot, err := activityPlot(logSegs, PopulationLog+": its users", "days from the log's start", keyed)
		if err != nil {
			return nil, err
		}
		resPlot, err := activityPlot(segs, "a resampled "+PopulationLog+": users reused from the pools", "days from the log's start", keyed)
		if err != nil {
			return nil, err
		}
		r.Figure = figure("Fig. 9", "user-based resampling: the users of the log and of a resampled log",
			"the users of the log and of a resampled log, long-term and temporary: the resampled log keeps the long-term users and draws temporary users anew (the ledger's Fig. 9 entries count them)", 2, logPlot, resPlot)
		// One y range: the log's users and the resampled log's compare in number.
		r.Figure.ShareX, r.Figure.ShareY = true, true
		long, err := p.Generate(resample.Options{LongTermStart: literalStart, Extend: populationExtend, Seed: s.seed(9), Stream: 1})
		if err != nil {
			return nil, err
		}
		r.gen = checkGeneration(p, long)
		return r, nil
	})
}

// instances holds the activity extent of each user of a resampled log.
type instances struct {
	user, source, jobs []int
	kind               []string
	first, last        []float64 // days from the log's window start
}

func instanceExtents(rs *resample.Resampled) instances {
	n := len(rs.Instances)
	out := instances{user: make([]int, n), source: make([]int, n), jobs: make([]int, n), kind: make([]string, n),
		first: make([]float64, n), last: make([]float64, n)}
	for i := range out.first {
		out.first[i], out.last[i] = math.Inf(1), math.Inf(-1)
	}
	for k, u := range rs.Trace.User {
		i := u - 1
		d := (rs.Trace.Submit[k] - rs.Start) / datasets.Day
		out.first[i], out.last[i] = math.Min(out.first[i], d), math.Max(out.last[i], d)
		out.jobs[i]++
	}
	for i, in := range rs.Instances {
		out.user[i], out.source[i], out.kind[i] = in.ID, in.User, in.Kind.String()
		if out.jobs[i] == 0 {
			out.first[i], out.last[i] = math.NaN(), math.NaN()
		}
	}
	return out
}

// checkGeneration measures §4.2's statements on the resampled log rs of
// pools p.
func checkGeneration(p *resample.Pools, rs *resample.Resampled) genChecks {
	g := genChecks{weeks: rs.Weeks, longTerm: rs.Report.LongTermUsers, poolLongTerm: len(p.LongTerm),
		initialTemporary: rs.Report.InitialTemporary, temporaryPresent: p.TemporaryPresent(), rate: p.TemporaryRate(),
		jobs: rs.Trace.Len()}
	c := datasets.NewClock(rs.Trace)
	pc := datasets.NewClock(p.Trace)
	for k, src := range rs.Source {
		if c.HourOfWeek(rs.Trace.Submit[k]) == pc.HourOfWeek(p.Trace.Submit[src]) &&
			math.Mod(c.SecondOfDay(rs.Trace.Submit[k]), datasets.Hour) == math.Mod(pc.SecondOfDay(p.Trace.Submit[src]), datasets.Hour) {
			g.sameTime++
		}
	}
	// Arrivals and departures of temporary users per week, over the weeks
	// after the first (the initial population is not an arrival) and
	// before the last log length (whose users have not all left yet).
	g.longTermStart = literalStart
	starts := map[int]bool{}
	for _, in := range rs.Instances {
		if in.Arrival != 0 || in.Kind == resample.Rare {
			continue
		}
		st := p.Temporary
		if in.Kind == resample.LongTerm {
			st = p.LongTerm
		}
		inActivity := in.Phase >= st[in.Stream].FirstWeek && in.Phase <= st[in.Stream].LastWeek
		if in.Kind == resample.LongTerm {
			g.initialLT++
			if inActivity {
				g.ltInActivity++
				starts[in.Phase] = true
			}
		} else {
			g.initialTmp++
			if inActivity {
				g.tmpInActivity++
			}
		}
	}
	g.ltStartWeeks = len(starts)
	inst := instanceExtents(rs)
	seen := map[[2]int]bool{}
	lastWeek := rs.Weeks - p.Weeks
	var arrivals, departures int
	cycles := map[int]map[int]bool{}
	for i, in := range rs.Instances {
		switch in.Kind {
		case resample.Temporary:
			if in.Arrival > 0 {
				g.arrivalInstances++
				if seen[[2]int{in.Arrival, in.Stream}] {
					g.sameUserTwice++
				}
				seen[[2]int{in.Arrival, in.Stream}] = true
				if in.Arrival < lastWeek {
					arrivals++
				}
				if in.Phase == p.Temporary[in.Stream].FirstWeek {
					g.firstJobStart++
				}
			}
			if inst.jobs[i] > 0 {
				if w := int(inst.last[i] / 7); w >= 1 && w < lastWeek {
					departures++
				}
			}
		case resample.LongTerm:
			g.longTermInstances++
			cycles[in.ID] = map[int]bool{}
		}
	}
	for k, u := range rs.Trace.User {
		if cy, ok := cycles[u]; ok {
			cy[int((rs.Trace.Submit[k]-rs.Start)/(float64(p.Weeks)*datasets.Week))] = true
		}
	}
	for _, cy := range cycles {
		if len(cy) >= 2 {
			g.regenerated++
		}
	}
	g.arrivalsPerWeek = float64(arrivals) / float64(lastWeek-1)
	g.departuresPerWeek = float64(departures) / float64(lastWeek-1)
	return g
}

// segment is a horizontal bar of a user's activity, from x0 to x1, in a
// class (its colour).
type segment struct {
	x0, x1 float64
	class  string
}

// segments draws one horizontal line per segment, at heights 1, 2, …, in
// the colour of its class.
type segments struct {
	segs   []segment
	colors map[string]color.Color
	width  vg.Length
}

func (s segments) Plot(c draw.Canvas, p *plot.Plot) {
	tx, ty := p.Transforms(&c)
	for i, sg := range s.segs {
		if math.IsNaN(sg.x0) {
			continue
		}
		y := ty(float64(i + 1))
		x0, x1 := tx(sg.x0), tx(sg.x1)
		if x1-x0 < s.width {
			x1 = x0 + s.width // a user of one day still shows
		}
		c.StrokeLine2(draw.LineStyle{Color: s.colors[sg.class], Width: s.width}, x0, y, x1, y)
	}
}

func (s segments) DataRange() (xmin, xmax, ymin, ymax float64) {
	xmin, xmax = math.Inf(1), math.Inf(-1)
	for _, sg := range s.segs {
		if !math.IsNaN(sg.x0) {
			xmin, xmax = math.Min(xmin, sg.x0), math.Max(xmax, sg.x1)
		}
	}
	return xmin, xmax, 0, float64(len(s.segs) + 1)
}

// classOrder lists the classes of users and pool streams in drawing order,
// each with its colour in every plot.
var classOrder = []string{"long_term", "temporary", "rare", "discarded"}

// classColor is the colour of a class of users: long-term and temporary
// users in the palette's first colours, rare behaviours in the next,
// discarded users in grey.
func classColor(class string) color.Color {
	if class == "discarded" {
		return plots.GuideColor
	}
	return plots.SeriesStyle(slices.Index(classOrder, class)).Color
}

// classesOf returns the classes of segs and of more, in classOrder.
func classesOf(segs []segment, more ...[]segment) []string {
	seen := map[string]bool{}
	for _, s := range append(more, segs) {
		for _, sg := range s {
			seen[sg.class] = true
		}
	}
	var out []string
	for _, c := range classOrder {
		if seen[c] {
			out = append(out, c)
		}
	}
	return out
}

// activityPlot draws each user's activity (Fig. 9's rectangles) as a bar,
// one row per user, grouped by class (classOrder) and by first job within
// a class; the legend names the classes keyed (those of every panel of a
// figure, so that the panels share it).
func activityPlot(segs []segment, title, xlabel string, keyed []string) (*plot.Plot, error) {
	segs = slices.Clone(segs)
	slices.SortStableFunc(segs, func(a, b segment) int {
		if c := slices.Index(classOrder, a.class) - slices.Index(classOrder, b.class); c != 0 {
			return c
		}
		return cmp.Compare(a.x0, b.x0)
	})
	p := plots.New(plots.Axes{Title: title, XLabel: xlabel, YLabel: "users (by class, then first job)", IntegerY: true})
	s := segments{segs: segs, colors: map[string]color.Color{}, width: vg.Points(1.2)}
	for _, sg := range segs {
		s.colors[sg.class] = classColor(sg.class)
	}
	if len(segs) == 0 {
		return nil, fmt.Errorf("feitelson2021: no user to draw")
	}
	p.Add(s)
	for _, c := range keyed {
		l, err := plotter.NewLine(plotter.XYs{{X: 0, Y: 0}})
		if err != nil {
			return nil, err
		}
		l.Color, l.Width = classColor(c), vg.Points(3)
		p.Legend.Add(plots.Label(c)+" users", l)
	}
	return p, nil
}

// Claims adds the claims of §4.2 (Fig. 9).
func (r *Fig9Result) Claims(l *ledger.Ledger) {
	const item = "Fig. 9"
	if onlyUnavailable(l, item, "fig9", r.Missing) {
		return
	}
	g := r.gen
	l.Claim(item, "fig9/long-and-temporary", r.Log+": some users are active throughout much of the log, others only during a few weeks or months",
		r.Throughout > 0 && r.Temporary > 0, fmt.Sprintf("%d of %d users active over at least 3/4 of the log; %d long-term (active over more than 12 weeks), %d temporary, %d discarded",
			r.Throughout, r.NumUsers, r.LongTerm, r.Temporary, r.Discarded)).
		Quoting("some of them are active throughout much of the log’s duration").
		// "When looking at individual user traces, we find that ...": the
		// paper's description of its input logs' users, the premise of
		// the framework Fig. 9 draws, not a result of it; such a
		// description is a check (REPRODUCTION.md, Kinds). Both kinds of
		// users are present in each of the 11 logs we have (measured: 14–180
		// users active over 3/4 of the log, 25–320 temporary).
		AsCheck("a description of the input log's users (the premise of Fig. 9's conceptual framework), not a result: the papers' descriptions of their input logs are checks")
	l.Check(item, "fig9/initial-long-term", "the initial population has, by default, the number of long-term users of the original log",
		ledger.Near(float64(g.poolLongTerm), 0), float64(g.longTerm)).
		Quoting("The defaults are the number of long-term users in the original log").
		AsCheck(fmt.Sprintf("the default of our generator (sim/resample): %d long-term users in the pool of our %s, not a number of the paper", g.poolLongTerm, r.Log))
	l.Check(item, "fig9/initial-temporary", "and the average number of temporary users present in a single week of the original log (rounded at random)",
		ledger.Near(g.temporaryPresent, 1), float64(g.initialTemporary)).
		Quoting("the average number of temporary users present in a single week of the original log").
		AsCheck(fmt.Sprintf("the default of our generator: %.3f temporary users present in a week of our %s, not a number of the paper", g.temporaryPresent, r.Log))
	l.Check(item, "fig9/same-time", "jobs keep the day of the week and time of the day of the original log (share of the resampled jobs)",
		ledger.Near(1, 0.001), float64(g.sameTime)/float64(g.jobs)).Digits(5).
		Quoting("care is taken that jobs start on the same day of the week and time of the day in the simulation as in the original log").
		Because("daylight-saving changes move a few jobs by an hour (sim/resample, WallClock)").
		ExplainedBy(ledger.FromInput(), "daylight-saving changes move a few jobs by an hour (sim/resample, WallClock)").
		AsCheck("a property our generator is built to have (sim/resample keeps each job's hour of the week)")
	// Three standard errors of a Poisson mean over the weeks counted.
	se := math.Sqrt(g.rate / float64(g.weeks))
	// §4.2's initialization, a statement of the method: check what our
	// generator does.
	own := g.ltStartWeeks > 1 || g.ltInActivity <= 1
	l.Claim(item, "fig9/arbitrary-week", "each user of the initial population is started in some arbitrary week of his traced activity (each its own week)",
		g.ltInActivity == g.initialLT && g.tmpInActivity == g.initialTmp && own,
		fmt.Sprintf("%d of %d long-term users start in a week of their traced activity, from %d distinct weeks of the log; %d of %d temporary users",
			g.ltInActivity, g.initialLT, g.ltStartWeeks, g.tmpInActivity, g.initialTmp)).
		Quoting("Therefore each user is started in some arbitrary week of his traced activity.").
		AsCheck(fmt.Sprintf("a statement of the method: how our generator starts users (this package's LongTermStart = %s)", g.longTermStart)).
		ExplainedBy(ledger.FromInput(), startReason(g.longTermStart))
	l.Check(item, "fig9/arrival-rate", fmt.Sprintf("new temporary users arrive each week around the original log's average rate (mean over %d weeks of a %d× resampled log)", g.weeks, populationExtend),
		ledger.Near(g.rate, 2*se), g.arrivalsPerWeek).Digits(3).
		Quoting("which defaults to the average rate at which temporary users arrived in the original log").
		AsCheck(fmt.Sprintf("the default of our generator: %.3f arrivals a week in our %s, not a number of the paper; tolerance twice the Poisson standard error over %d weeks", g.rate, r.Log, g.weeks))
	l.Check(item, "fig9/departures", "a similar number of temporary users leave each week, on average (departures over arrivals)",
		ledger.Like("similar", 1, 0), g.departuresPerWeek/g.arrivalsPerWeek).Digits(3).
		Quoting("a similar number are expected to leave").
		AsCheck("a property of the method (users arrive and finish their traced activity), measured on our generator")
	l.Check(item, "fig9/not-twice", "the same user is never selected twice in the same week (repeated selections)",
		ledger.Near(0, 0), float64(g.sameUserTwice)).
		Quoting("care is taken not to select the same user twice in the same week").
		AsCheck("a rule of the method our generator implements")
	l.Check(item, "fig9/first-job", "arriving temporary users are started from their first traced jobs (share of arrivals)",
		ledger.Near(1, 0), float64(g.firstJobStart)/float64(g.arrivalInstances)).
		Quoting("The selected users are started from their first traced jobs").
		AsCheck("a rule of the method our generator implements")
	l.Check(item, "fig9/regenerated", fmt.Sprintf("a long-term user whose traced activity is finished is regenerated (share of long-term users with jobs in at least two cycles of a %d× resampled log)", populationExtend),
		ledger.AtLeast(0.9), float64(g.regenerated)/float64(g.longTermInstances)).Digits(3).
		Quoting("When the traced activity of a long-term user is finished, it is simply regenerated after a certain interval").
		AsCheck("a rule of the method our generator implements")
}

// startReason says why the initial population does not start as §4.2
// says under the generator's reading start.
func startReason(start resample.LongTermStart) string {
	why := "starts each long-term user in its own random week of its cycle (its activity and the gap before it is regenerated), so some start in the gap"
	if start == resample.StartInCommonWeek {
		why = "starts the long-term users in one common random week of the log, so those not active then start in the gap before their activity comes round"
	}
	return fmt.Sprintf("the reading used (LongTermStart = %s) %s; the literal reading is LongTermStart = %s", start, why, resample.StartInActivity)
}

// Fig10Result measures the semi-open queueing model of §4.2 (Fig. 10) in
// a feedback simulation of a resampled log: the flows of users and jobs
// the diagram shows.
type Fig10Result struct {
	Log string
	// Model has one row per quantity of the diagram: quantity, value, unit.
	Model dataframe.DataFrame
	// Weekly has one row per week: week, long_term (long-term users with a
	// job arriving in the week), temporary (temporary users likewise),
	// arrivals and departures (temporary users whose first / last job
	// is in the week), queue (waiting jobs at the week's start).
	Weekly dataframe.DataFrame
	// Diagram is Fig. 10's model with the measured quantities; Weeks the
	// weekly flows.
	Diagram, Weeks *plots.Figure
	ltSD           float64
	ltMean         float64
	arr            float64
	dep            float64
	Missing        []Missing
}

// Fig10 simulates a resampled PopulationLog with feedback (fluid model,
// EASY) over its window and measures the flows of the semi-open model.
func (s *Study) Fig10(ctx context.Context) (*Fig10Result, error) {
	return s.fig10.Get(func() (*Fig10Result, error) {
		r := &Fig10Result{Log: PopulationLog}
		p, err := s.poolsOf(PopulationLog, &r.Missing)
		if p == nil {
			return r, err
		}
		rs, err := p.Generate(resample.Options{LongTermStart: literalStart, Seed: s.seed(10)})
		if err != nil {
			return nil, err
		}
		w, err := feedback.NewWorkload(rs.Trace, feedback.WorkloadOptions{Sim: sim.Options{Procs: p.Trace.MaxProcs()}})
		if err != nil {
			return nil, err
		}
		res, err := feedback.Simulate(w, &sim.EASY{}, feedback.Options{Model: feedback.Fluid{}, Seed: s.seed(10), Until: rs.End,
			Engine: sim.EngineOptions{Timeline: true, WeekOrigin: rs.Start}})
		if err != nil {
			return nil, err
		}
		gen := res.Trace()
		kindOf := func(u int) resample.Kind { return rs.Instances[u-1].Kind }
		nw := int(math.Ceil((rs.End - rs.Start) / datasets.Week))
		lt, tmp := make([]map[int]bool, nw), make([]map[int]bool, nw)
		for k := range lt {
			lt[k], tmp[k] = map[int]bool{}, map[int]bool{}
		}
		firstW, lastW := map[int]int{}, map[int]int{}
		for k, u := range gen.User {
			wk := int((gen.Submit[k] - rs.Start) / datasets.Week)
			if wk < 0 || wk >= nw {
				continue
			}
			if kindOf(u) == resample.LongTerm {
				lt[wk][u] = true
			} else {
				tmp[wk][u] = true
				if f, ok := firstW[u]; !ok || wk < f {
					firstW[u] = wk
				}
				lastW[u] = max(lastW[u], wk)
			}
		}
		arr, dep := make([]float64, nw), make([]float64, nw)
		for u, f := range firstW {
			if rs.Instances[u-1].Arrival > 0 {
				arr[f]++
			}
			dep[lastW[u]]++
		}
		weeks, ltc, tc, queue := make([]int, nw), make([]float64, nw), make([]float64, nw), make([]float64, nw)
		for k := range nw {
			weeks[k], ltc[k], tc[k] = k, float64(len(lt[k])), float64(len(tmp[k]))
			queue[k] = math.NaN()
			if k < len(res.Sim.Weekly.Queue) {
				queue[k] = float64(res.Sim.Weekly.Queue[k])
			}
		}
		r.Weekly = dataframe.New(series.New(weeks, series.Int, "week"), series.New(ltc, series.Float, "long_term"),
			series.New(tc, series.Float, "temporary"), series.New(arr, series.Float, "arrivals"),
			series.New(dep, series.Float, "departures"), series.New(queue, series.Float, "queue"))
		// Drop the first and last weeks (the initial population, the end of
		// the window) from the flow rates.
		mid := func(x []float64) []float64 {
			if len(x) > 4 {
				return x[1 : len(x)-1]
			}
			return x
		}
		r.ltMean, r.ltSD = meanSD(mid(ltc))
		r.arr, _ = meanSD(mid(arr))
		r.dep, _ = meanSD(mid(dep))
		win := feedback.WindowOf(res.Sim, rs.Start, rs.End)
		sum := res.Summary()
		think := thinkTimes(w, res)
		qty := []string{"long-term users (closed part)", "long-term users active in a week (mean)", "new temporary users per week (open part)",
			"temporary users finished per week", "temporary users active in a week (mean)", "jobs arriving per week", "mean queue (waiting jobs)",
			"average wait in the queue", "median think time within a session"}
		tmean, _ := meanSD(mid(tc))
		val := []float64{float64(rs.Report.LongTermUsers), r.ltMean, r.arr, r.dep, tmean, float64(win.Arrived) / ((rs.End - rs.Start) / datasets.Week),
			feedback.MeanQueue(res.Sim.Timeline, rs.Start, rs.End), sum.AvgWait, median(think)}
		unit := []string{"users", "users", "users/week", "users/week", "users", "jobs/week", "jobs", "s", "s"}
		r.Model = dataframe.New(series.New(qty, series.String, "quantity"), series.New(val, series.Float, "value"),
			series.New(unit, series.String, "unit"))
		r.Diagram = figure("Fig. 10", "the semi-open model of the users, measured in a feedback simulation of a resampled "+PopulationLog,
			"a closed loop of long-term users and an open flow of temporary users feed one queue; the numbers are measured", 1,
			modelDiagram(val, rs.Report.LongTermUsers, p.Trace.MaxProcs(), win.Utilization))
		r.Diagram.PanelWidth, r.Diagram.PanelHeight = 9*vg.Inch, 4*vg.Inch
		weeklyPlot, err := plots.Lines([]plots.XY{
			{Label: "long-term users active", X: seq(nw), Y: ltc},
			{Label: "temporary users active", X: seq(nw), Y: tc},
			{Label: "temporary users arriving", X: seq(nw), Y: arr},
			{Label: "waiting jobs at the week's start", X: seq(nw), Y: queue, Dashed: true},
		}, plots.LinesOptions{Axes: plots.Axes{Title: "a resampled " + PopulationLog + " with feedback (fluid model, EASY)",
			XLabel: "week", YLabel: "users or jobs", IntegerY: true}})
		if err != nil {
			return nil, err
		}
		r.Weeks = figure("Fig. 10 (ours)", "the flows of the semi-open model, week by week",
			"a fixed population of long-term users, of whom a varying number is active each week, and a flow of temporary users arriving and leaving (the model's table gives the rates)", 1, weeklyPlot)
		r.Weeks.PanelWidth = 8 * vg.Inch
		return r, nil
	})
}

// modelDiagram draws Fig. 10's queueing model with the measured values
// (in the order of Fig10Result.Model's quantities).
func modelDiagram(val []float64, longTerm, procs int, util float64) *plot.Plot {
	var d diagram
	users := color.RGBA{R: 222, G: 235, B: 247, A: 255}
	system := color.RGBA{R: 253, G: 235, B: 208, A: 255}
	d.box(0.2, 3.9, 3.4, 5.1, users, fmt.Sprintf("long-term users\n%d (%.0f active a week)", longTerm, val[1]))
	d.box(0.2, 1.1, 3.4, 2.3, users, fmt.Sprintf("temporary users\n%.1f active a week", val[4]))
	d.arrow(-1.6, 1.95, 0.2, 1.95)
	d.label(-0.9, 2.35, fmt.Sprintf("new: %.2f a week", val[2]))
	d.arrow(0.2, 1.45, -1.6, 1.45)
	d.label(-0.9, 1.05, fmt.Sprintf("finished: %.2f a week", val[3]))
	d.frame(4.6, 1.5, 12, 4.6)
	d.label(8.3, 4.3, "the simulated system")
	d.box(5.0, 2.5, 7.0, 3.6, system, fmt.Sprintf("jobs queue\n%.1f waiting\nmean wait %.0f s", val[6], val[7]))
	d.box(7.6, 2.5, 9.2, 3.6, system, "scheduler\n(EASY)")
	d.box(9.8, 2.5, 11.7, 3.6, system, fmt.Sprintf("parallel machine\n%d processors\nutilisation %.2f", procs, util))
	d.arrow(3.4, 4.5, 5.0, 3.3)
	d.arrow(3.4, 1.7, 5.0, 2.8)
	d.label(3.95, 2.75, fmt.Sprintf("%.0f jobs\na week", val[5])) // above the arrow, clear of it
	d.arrow(7.0, 3.05, 7.6, 3.05)
	d.arrow(9.2, 3.05, 9.8, 3.05)
	d.arrow(10.75, 3.6, 10.75, 5.6, 1.8, 5.6, 1.8, 5.1)
	d.arrow(10.75, 2.5, 10.75, 0.5, 1.8, 0.5, 1.8, 1.1)
	d.label(6.3, 5.85, fmt.Sprintf("job ends → think time (median %.0f s within a session) → next job", val[8]))
	d.label(6.3, 0.25, "job ends → think time → next job")
	return d.plot("")
}

// thinkTimes returns the think times within sessions of a feedback
// simulation: from a job's end to the arrival of the next job of its user
// when it came within the session gap (one hour) and after that end.
func thinkTimes(w *feedback.Workload, res *feedback.Result) []float64 {
	st := w.Structure
	var out []float64
	for b := range st.Batches.Len() {
		f := st.Follows(b)
		if f < 0 {
			continue
		}
		prev, cur := st.JobsOf(f), st.JobsOf(b)
		end := math.Inf(-1)
		for _, j := range prev {
			end = math.Max(end, res.Sim.End[j])
		}
		a := res.Sim.Submit[cur[0]]
		if d := a - end; d >= 0 && d <= datasets.Hour {
			out = append(out, d)
		}
	}
	return out
}

// meanSD returns the mean and the standard deviation (n − 1) of x.
func meanSD(x []float64) (float64, float64) {
	if len(x) == 0 {
		return math.NaN(), math.NaN()
	}
	m := 0.0
	for _, v := range x {
		m += v
	}
	m /= float64(len(x))
	ss := 0.0
	for _, v := range x {
		ss += (v - m) * (v - m)
	}
	if len(x) < 2 {
		return m, math.NaN()
	}
	return m, math.Sqrt(ss / float64(len(x)-1))
}

// Claims adds the claims of §4.2 on the semi-open model (Fig. 10).
func (r *Fig10Result) Claims(l *ledger.Ledger) {
	const item = "Fig. 10"
	if onlyUnavailable(l, item, "fig10", r.Missing) {
		return
	}
	l.Claim(item, "fig10/semi-open", r.Log+": the simulation is a semi-open system: a closed population of long-term users and an open flow of temporary users, arriving and finishing at similar rates",
		r.arr > 0 && math.Abs(r.dep/r.arr-1) <= 0.3, fmt.Sprintf("temporary users: %.2f arrive and %.2f finish per week; long-term users active in a week: %.1f ± %.1f",
			r.arr, r.dep, r.ltMean, r.ltSD)).
		Quoting("Queueing model of long term and temporary users in the simulation, leading\nto a semi-open system").
		AsCheck("by construction: the resampling generator keeps its long-term users throughout and starts temporary users at a constant weekly rate, each leaving after its activity; it checks our generator")
}
