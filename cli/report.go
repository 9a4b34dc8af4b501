package cli

import (
	"bytes"
	"fmt"
	"html/template"
	"io"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"

	"github.com/tracelab/tracelab/analytics/selfsim"
	"github.com/tracelab/tracelab/analytics/session"
	"github.com/tracelab/tracelab/analytics/users"
	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/plots"
	"github.com/tracelab/tracelab/sim"
	"github.com/tracelab/tracelab/tables"
)

func init() {
	register(&command{name: "report", usage: "[LOG] [-o report.html]",
		summary: "a self-contained HTML page with a log's summary and figures", run: runReport})
}

func runReport(e *env, args []string) error {
	fs := e.newFlags("report")
	outPath := fs.String("o", "report.html", "output HTML file (.html)")
	arg, err := parseLogCommand(fs, nil, args)
	if err != nil {
		return err
	}
	out, err := newOutput("-o", *outPath, fmtHTML)
	if err != nil {
		return err
	}
	if err := distinctFiles([]string{arg}, out); err != nil {
		return err
	}
	t, err := loadLog(e, arg)
	if err != nil {
		return err
	}
	warnInferredMachine(e.stderr, t.Machine(), noProcsFlag)
	if err := out.write(func(w io.Writer) error { return writeReport(w, t) }); err != nil {
		return err
	}
	fmt.Fprintf(e.stderr, "wrote %s (%d jobs of %s)\n", out.path, t.Len(), t.Name)
	return nil
}

// reportSection is one figure of the report with a caption.
type reportSection struct {
	Title   string
	Caption string
	SVG     template.HTML
}

// reportFigures lists the report's figures. Each builder gets the trace and
// returns a plot; a builder that fails is reported in the page, not fatal.
var reportFigures = []struct {
	title, caption string
	build          func(t *datasets.Trace) (*plot.Plot, error)
}{
	{"Jobs per week", "Jobs submitted in each week of the log (weeks start Monday 00:00 in the log's time zone).", jobsPerWeekPlot},
	{"Arrivals by hour of week", "Jobs submitted in each hour of the week, Monday 00:00 = 0, in the log's time zone.", hourOfWeekPlot},
	{"Runtime, requested time", "Empirical CDFs of runtime and requested time (seconds, log scale; unknown values left out).", timesCDFPlot},
	{"Job size", "Empirical CDF of allocated processors (log scale; unknown left out).", sizeCDFPlot},
	{"Jobs per user", "Number of jobs of each user, users ranked by it (log scale).", jobsPerUserPlot},
}

var reportPage = template.Must(template.New("report").Funcs(template.FuncMap{
	// short: a value to align right as a number, not a sentence.
	"short": func(s string) bool { return len(s) < 40 },
}).Parse(`<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>tracelab report: {{.Name}}</title>
<style>
body{font-family:system-ui,sans-serif;max-width:1000px;margin:2em auto;padding:0 1em;color:#222;line-height:1.4}
table{border-collapse:collapse;margin:.5em 0 1em}td,th{padding:3px 12px;border-bottom:1px solid #ddd;text-align:left;vertical-align:top}
th{font-weight:600;white-space:nowrap}td.n{text-align:right;font-variant-numeric:tabular-nums}
p.meaning{color:#444;margin:.2em 0 .4em;max-width:52em}h3{margin:1.4em 0 .2em}
figure{margin:2em 0}figcaption{color:#555;font-size:90%}svg{max-width:100%;height:auto}
.muted{color:#777}
</style></head><body>
<h1>{{.Name}}</h1>
<p>{{if .About}}{{.About}}. {{end}}<span class="muted">Report by tracelab {{.Version}}, {{.Generated}}.</span></p>
{{range .Sections}}<h2>{{.Title}}</h2>
{{if .Meaning}}<p class="meaning">{{.Meaning}}</p>{{end}}
{{range .Tables}}{{if .Title}}<h3>{{.Title}}</h3>{{end}}
{{if .Meaning}}<p class="meaning">{{.Meaning}}</p>{{end}}
{{if .Err}}<p><em>Not available for this log: {{.Err}}</em></p>{{else}}<table>{{range .Rows}}<tr><th>{{index . 0}}</th><td{{if short (index . 1)}} class="n"{{end}}>{{index . 1}}</td></tr>{{end}}</table>{{end}}
{{end}}{{end}}
<h2>Figures</h2>
{{range .Figures}}<figure><h3>{{.Title}}</h3>{{.SVG}}<figcaption>{{.Caption}}</figcaption></figure>
{{end}}</body></html>
`))

// reportTable is one table of the report: a title, one line saying what
// the numbers mean and which paper defines them, and label–value rows, or
// why the analysis is not available for this log.
type reportTable struct {
	Title, Meaning string
	Rows           [][2]string
	Err            string
}

// reportPart is a section of the report: a heading and its tables.
type reportPart struct {
	Title, Meaning string
	Tables         []reportTable
}

// writeReport writes the self-contained HTML report of t.
func writeReport(w io.Writer, t *datasets.Trace) error {
	var figures []reportSection
	for _, f := range reportFigures {
		s := reportSection{Title: f.title, Caption: f.caption}
		p, err := f.build(t)
		if err == nil {
			pageAxes(p)
			var svg bytes.Buffer
			if err = plots.WriteSVG(&svg, p, 8*vg.Inch, 4*vg.Inch); err == nil {
				s.SVG = template.HTML(stripXMLHeader(svg.Bytes()))
			}
		}
		if err != nil {
			s.SVG = template.HTML("<p><em>figure not available: " + template.HTMLEscapeString(err.Error()) + "</em></p>")
		}
		figures = append(figures, s)
	}
	v := version
	if v == "" {
		v = "(devel)"
	}
	about := strings.TrimSpace(strings.Join(nonEmpty(t.Header.Computer, t.Header.Installation), ", "))
	parts := []reportPart{
		{Title: "The log", Tables: []reportTable{logTable(t)}},
		{Title: "Load and waits as logged", Tables: []reportTable{loggedTable(t)}},
		{Title: "Analyses", Tables: analysisTables(t)},
		{Title: "Data quality", Meaning: "Anomalies found by tracelab check — missing, inconsistent and erroneous data, " +
			"configuration changes and flurries — after Feitelson, Tsafrir & Krakov 2014, with the filter that removes each.",
			Tables: []reportTable{{Rows: checkReportRows(t)}}},
	}
	return reportPage.Execute(w, map[string]any{
		"Name": t.Name, "About": about, "Version": v, "Generated": time.Now().UTC().Format("2006-01-02 15:04 UTC"),
		"Sections": parts, "Figures": figures,
	})
}

// pageAxes fits a figure to the page: the heading above it names it (no
// repeated title), and linear axes label ticks as plain numbers (1250, not
// gonum's 1250.00).
func pageAxes(p *plot.Plot) {
	p.Title.Text = ""
	for _, ax := range []*plot.Axis{&p.X, &p.Y} {
		if _, ok := ax.Tick.Marker.(plot.DefaultTicks); ok {
			ax.Tick.Marker = plainTicks{}
		}
	}
}

// plainTicks are gonum's default ticks labelled with the shortest exact
// decimal of each value.
type plainTicks struct{}

func (plainTicks) Ticks(lo, hi float64) []plot.Tick {
	ticks := plot.DefaultTicks{}.Ticks(lo, hi)
	for i := range ticks {
		if ticks[i].Label != "" {
			ticks[i].Label = strconv.FormatFloat(ticks[i].Value, 'f', -1, 64)
		}
	}
	return ticks
}

func nonEmpty(s ...string) []string {
	var out []string
	for _, x := range s {
		if x = strings.TrimSpace(x); x != "" {
			out = append(out, x)
		}
	}
	return out
}

// logTable describes the log: its size, machine, period and what the
// reader reported.
func logTable(t *datasets.Trace) reportTable {
	first, last := math.Inf(1), math.Inf(-1)
	var unknownRuntime, unknownReq int
	for i, s := range t.Submit {
		if !math.IsNaN(s) {
			first, last = min(first, s), max(last, s)
		}
		if math.IsNaN(t.Runtime[i]) {
			unknownRuntime++
		}
		if math.IsNaN(t.ReqTime[i]) {
			unknownReq++
		}
	}
	m := t.Machine()
	rows := [][2]string{
		{"Jobs", tables.Count(t.Len())},
		{"Users", tables.Count(t.NumUsers())},
		{"Machine", fmt.Sprintf("%s processors (%s)", tables.Count(m.Procs), m.Rule)},
	}
	if t.Len() > 0 {
		loc := t.Location()
		at := func(s float64) string {
			// Floored: a time before the log's start (-0.5 s) is in the
			// second, and minute, before it.
			return time.Unix(t.Header.UnixStartTime+int64(math.Floor(s)), 0).In(loc).Format("2006-01-02 15:04")
		}
		rows = append(rows, [2]string{"First and last submit", at(first) + " – " + at(last)},
			[2]string{"Span", tables.Duration(last - first)}, [2]string{"Time zone", loc.String()})
	}
	if unknownRuntime > 0 {
		rows = append(rows, [2]string{"Jobs with unknown runtime", tables.Count(unknownRuntime)})
	}
	if unknownReq > 0 {
		rows = append(rows, [2]string{"Jobs with unknown requested time", tables.Count(unknownReq)})
	}
	if r := t.Report; r != nil {
		if r.PlaceholdersSkipped > 0 {
			rows = append(rows, [2]string{"Placeholder lines skipped", tables.Count(r.PlaceholdersSkipped)})
		}
		for _, w := range r.Warnings {
			rows = append(rows, [2]string{"Reader's warning", w.String()})
		}
	}
	return reportTable{Rows: rows}
}

// loggedTable summarises the logged schedule: utilisation and waits.
func loggedTable(t *datasets.Trace) reportTable {
	tab := reportTable{Meaning: "The schedule the log records: the share of the machine's processor time in use from the first " +
		"submit to the last end, and the waits from submit to start; bounded slowdown is the response time over the runtime, " +
		"runtimes under 10 s counted as 10 s (metrics as in Feitelson 2021, Table 1)."}
	r, err := sim.Replay(t, &sim.LogReplay{}, sim.Options{})
	if err != nil {
		tab.Err = err.Error()
		return tab
	}
	s := r.Summary()
	waits := make([]float64, 0, t.Len())
	for _, w := range t.Wait {
		if !math.IsNaN(w) {
			waits = append(waits, w)
		}
	}
	if len(waits) == 0 {
		tab.Err = "the log records no waits"
		return tab
	}
	slices.Sort(waits)
	q := func(p float64) float64 { return waits[int(p*float64(len(waits)-1))] }
	tab.Rows = [][2]string{
		{"Utilisation", tables.Percent(s.Utilization)},
		{"Median wait", tables.Duration(q(0.5))},
		{"Mean wait", tables.Duration(s.AvgWait)},
		{"90th percentile of the wait", tables.Duration(q(0.9))},
		{"Longest wait", tables.Duration(waits[len(waits)-1])},
		{"Mean bounded slowdown", tables.Number(s.AvgBoundedSlowdown)},
	}
	return tab
}

// stripXMLHeader drops an "<?xml …?>" prologue so the SVG can sit inline.
func stripXMLHeader(b []byte) []byte {
	if i := bytes.Index(b, []byte("<svg")); i > 0 {
		return b[i:]
	}
	return b
}

func jobsPerWeekPlot(t *datasets.Trace) (*plot.Plot, error) {
	c := datasets.NewClock(t)
	first := math.Inf(1)
	for _, s := range t.Submit {
		first = math.Min(first, s)
	}
	counts := map[int]float64{}
	last := 0
	for _, s := range t.Submit {
		if math.IsNaN(s) {
			continue
		}
		w := c.WeekIndex(first, s)
		counts[w]++
		last = max(last, w)
	}
	x := make([]float64, last+1)
	y := make([]float64, last+1)
	for w := range x {
		x[w], y[w] = float64(w), counts[w]
	}
	return plots.Lines([]plots.XY{{Label: "jobs", X: x, Y: y}},
		plots.LinesOptions{Axes: plots.Axes{Title: "Jobs per week", XLabel: "week", YLabel: "jobs"}})
}

func hourOfWeekPlot(t *datasets.Trace) (*plot.Plot, error) {
	c := datasets.NewClock(t)
	x := make([]float64, 168)
	y := make([]float64, 168)
	for h := range x {
		x[h] = float64(h)
	}
	for _, s := range t.Submit {
		if !math.IsNaN(s) {
			y[c.HourOfWeek(s)]++
		}
	}
	return plots.Lines([]plots.XY{{Label: "jobs", X: x, Y: y}},
		plots.LinesOptions{Axes: plots.Axes{Title: "Arrivals by hour of week", XLabel: "hour of week (0 = Monday 00:00)", YLabel: "jobs"}})
}

func timesCDFPlot(t *datasets.Trace) (*plot.Plot, error) {
	return plots.ECDF([]plots.Sample{{Label: "runtime", Values: t.Runtime}, {Label: "requested time", Values: t.ReqTime}},
		plots.ECDFOptions{Axes: plots.Axes{Title: "Runtime and requested time", XLabel: "seconds", YLabel: "CDF", LogX: true}})
}

func sizeCDFPlot(t *datasets.Trace) (*plot.Plot, error) {
	procs := make([]float64, 0, t.Len())
	for _, p := range t.Procs {
		if p > 0 {
			procs = append(procs, float64(p))
		}
	}
	return plots.ECDF([]plots.Sample{{Label: "processors", Values: procs}},
		plots.ECDFOptions{Axes: plots.Axes{Title: "Job size", XLabel: "processors", YLabel: "CDF", LogX: true}})
}

func jobsPerUserPlot(t *datasets.Trace) (*plot.Plot, error) {
	if err := t.RequireUsers(); err != nil {
		return nil, err
	}
	ix := t.ByUser()
	counts := make([]float64, len(ix.Rows))
	for k, rows := range ix.Rows {
		counts[k] = float64(len(rows))
	}
	sort.Sort(sort.Reverse(sort.Float64Slice(counts)))
	x := make([]float64, len(counts))
	for i := range x {
		x[i] = float64(i + 1)
	}
	return plots.Lines([]plots.XY{{Label: "jobs", X: x, Y: counts}},
		plots.LinesOptions{Axes: plots.Axes{Title: "Jobs per user", XLabel: "user rank", YLabel: "jobs", LogY: true}})
}

// analysisTables summarises the log with the project's analyses: user
// classes (Zakay & Feitelson 2013 §4), sessions and batches (2014 §IV), the
// Hurst parameter of arrivals (2013 §5.3) and an open EASY replay. An
// analysis that fails on this log says why in its table, and the others
// go on.
func analysisTables(t *datasets.Trace) []reportTable {
	classes := reportTable{Title: "Users (Zakay & Feitelson 2013, §4, Table V)",
		Meaning: "Long-term users are active over more than 12 weeks, temporary users over less; a temporary user whose " +
			"activity touches the log's first or last 4 weeks is discarded, as the log's edges may have cut its stay."}
	sessions := reportTable{Title: "Sessions and batches (Zakay & Feitelson 2014, §IV)",
		Meaning: "A session is a user's run of jobs with no gap of an hour or more; a batch is jobs submitted while the " +
			"user's previous ones still ran; the think time is the gap from a batch's end to the user's next submit."}
	if st, err := session.Analyze(t, session.Options{}); err != nil {
		sessions.Err, classes.Err = err.Error(), err.Error()
	} else {
		s := st.Summarize()
		sessions.Rows = [][2]string{
			{"Sessions", tables.Count(s.Sessions)}, {"Batches", tables.Count(s.Batches)},
			{"Jobs per session (mean)", tables.Number(s.JobsPerSession)}, {"Jobs per batch (mean)", tables.Number(s.JobsPerBatch)},
			{"Session length (median)", tables.Duration(s.MedianSessionLength)},
			{"Think time (median)", tables.Duration(s.MedianThinkTime)},
			{"Dependencies between batches", tables.Count(s.DependencyEdges)},
		}
		p, err := users.FromStructure(t, st, users.Options{})
		short := p.Shortfall()
		switch {
		case err != nil:
			classes.Err = err.Error()
		case short != nil && short.Degenerate():
			classes.Err = short.Error() // not a table of zeros
		default:
			classes.Rows = userRows(p, t.Len())
			if short != nil {
				classes.Meaning += " Here " + short.Error() + "."
			}
		}
	}
	return []reportTable{classes, sessions, hurstTable(t), easyTable(t)}
}

// userRows lists the users and jobs of each class.
func userRows(p users.Population, jobs int) [][2]string {
	var rows [][2]string
	for _, c := range p.Summary() {
		label := strings.ToUpper(c.Class.String()[:1]) + strings.ReplaceAll(c.Class.String()[1:], "_", "-") + " users"
		rows = append(rows, [2]string{label, fmt.Sprintf("%s, with %s jobs (%s)", tables.Count(c.Users), tables.Count(c.Jobs),
			tables.Percent(float64(c.Jobs)/float64(max(jobs, 1))))})
	}
	return rows
}

func hurstTable(t *datasets.Trace) reportTable {
	tab := reportTable{Title: "Self-similarity of arrivals (Zakay & Feitelson 2013, §5.3)",
		Meaning: "The Hurst parameter H of the jobs submitted per 10 minutes, by rescaled range (R/S): 0.5 for independent " +
			"arrivals, towards 1 when arrivals come in bursts at every time scale (long-range dependence)."}
	h, err := selfsim.Hurst(t, selfsim.HurstOptions{})
	if err != nil {
		tab.Err = err.Error()
		return tab
	}
	tab.Rows = [][2]string{{"H (slope of the pox plot)", tables.Number(h.H)},
		{"H corrected for small samples (Anis–Lloyd–Peters)", tables.Number(h.HCorrected)}}
	return tab
}

func easyTable(t *datasets.Trace) reportTable {
	tab := reportTable{Title: "Simulated EASY backfilling (metrics of Feitelson 2021, Table 1)",
		Meaning: "The log's jobs replayed at their logged submit times on its machine under EASY backfilling: the waits " +
			"another scheduler would have given the same jobs, without the users' reaction to them."}
	res, err := sim.Replay(t, &sim.EASY{}, sim.Options{})
	if err != nil {
		tab.Err = err.Error()
		return tab
	}
	s := res.Summary()
	saturated := "no"
	if res.Saturation(sim.ReplaySaturation).Saturated {
		saturated = "yes: the queue grows without bound"
	}
	tab.Rows = [][2]string{
		{"Machine", fmt.Sprintf("%s processors (%s)", tables.Count(s.Procs), res.ProcsRule)},
		{"Jobs simulated", tables.Count(s.Jobs)},
		{"Utilisation", tables.Percent(s.Utilization)},
		{"Mean wait", tables.Duration(s.AvgWait)},
		{"Mean bounded slowdown", tables.Number(s.AvgBoundedSlowdown)},
		{"Longest queue", tables.Count(s.MaxQueue) + " jobs"},
		{"Saturated", saturated},
	}
	return tab
}
