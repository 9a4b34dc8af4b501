package findings

import (
	"cmp"
	"fmt"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/tables"
)

// LogInfo describes a log as the matrix groups it: by era and by kind of
// machine.
type LogInfo struct {
	Name  string  `json:"name"`
	Jobs  int     `json:"jobs"`
	Users int     `json:"users"`
	Days  float64 `json:"days"`
	Procs int     `json:"procs"` // the machine size (header, else inferred); 0 unknown
	// Year is the year of the log's start (header UnixStartTime, else a
	// year in its name); 0 when unknown. Era is its decade ("1990s") or
	// "unknown".
	Year int    `json:"year"`
	Era  string `json:"era"`
	// Machine is the header's Computer (else Installation) directive, and
	// Kind the kind of machine it names (MachineKind).
	Machine string `json:"machine"`
	Kind    string `json:"kind"`
}

// ShortName is the name of a log in the matrix: an archive log's name up
// to its year ("KTH-SP2-1996" for KTH-SP2-1996-2.1-cln.swf.gz), any other
// file's name without its folder and extensions.
func ShortName(name string) string {
	n := datasets.LogName(name)
	if m := archiveName.FindStringSubmatch(n); m != nil {
		return m[1]
	}
	return n
}

// archiveName is the archive's naming: NAME-YEAR-VERSION[-cln].
var archiveName = regexp.MustCompile(`^(.+?-(?:19|20)\d\d)-\d[\w.]*?(?:-cln)?$`)

// Describe returns the matrix's description of a log.
func Describe(tr *datasets.Trace) LogInfo {
	h := tr.Header
	info := LogInfo{Name: ShortName(tr.Name), Jobs: tr.Len(), Users: tr.NumUsers(), Machine: strings.TrimSpace(h.Computer)}
	if info.Machine == "" {
		info.Machine = strings.TrimSpace(h.Installation)
	}
	info.Kind = MachineKind(h.Computer + " " + h.Installation)
	if m := tr.Machine(); m.Rule != datasets.SizeUnknown {
		info.Procs = m.Procs
	}
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, s := range tr.Submit {
		if !math.IsNaN(s) {
			lo, hi = min(lo, s), max(hi, s)
		}
	}
	if hi >= lo {
		info.Days = math.Round((hi-lo)/datasets.Day*10) / 10
	}
	switch {
	case h.UnixStartTime != 0:
		info.Year = time.Unix(h.UnixStartTime, 0).UTC().Year()
	default:
		if m := yearInName.FindStringSubmatch(info.Name); m != nil {
			info.Year, _ = strconv.Atoi(m[1])
		}
	}
	info.Era = "unknown"
	if info.Year > 0 {
		info.Era = strconv.Itoa(info.Year/10*10) + "s"
	}
	return info
}

// yearInName finds the year of an archive log's name ("KTH-SP2-1996-2.1-cln").
var yearInName = regexp.MustCompile(`(?:^|[-_])((?:19|20)\d\d)(?:[-_.]|$)`)

// machineKinds are the words that name a kind of machine in a header's
// Computer and Installation directives, tried in order (case folded).
var machineKinds = []struct {
	kind  string
	words []string
}{
	{"grid", []string{"grid", "lcg", "egee", "das-2", "das2", "netbatch", "metacentrum"}},
	{"cluster", []string{"cluster", "linux", "beowulf", "xeon", "opteron", "p655", "p690", "pc "}},
	{"MPP", []string{"sp2", "ibm sp", "cm-5", "cm5", "paragon", "t3d", "t3e", "ipsc", "blue gene", "bluegene", "bg/", "origin", "o2k", "intrepid"}},
}

// MachineKind names the kind of machine a header's text describes: "MPP"
// (a massively parallel machine: IBM SP, CM-5, Paragon, Cray T3D/T3E,
// iPSC, Blue Gene, Origin), "cluster" (Linux clusters, clusters of SMP
// nodes), "grid", or "unknown" when no word of machineKinds occurs.
func MachineKind(text string) string {
	t := strings.ToLower(text) + " "
	for _, k := range machineKinds {
		for _, w := range k.words {
			if strings.Contains(t, w) {
				return k.kind
			}
		}
	}
	return "unknown"
}

// kindOrder orders the kinds of machine in the matrix.
var kindOrder = []string{"MPP", "cluster", "grid", "unknown"}

// sortLogs orders logs by era (unknown last), kind, year and name.
func sortLogs(logs []LogInfo) {
	era := func(l LogInfo) int {
		if l.Year == 0 {
			return math.MaxInt
		}
		return l.Year / 10
	}
	slices.SortStableFunc(logs, func(a, b LogInfo) int {
		return cmp.Or(cmp.Compare(era(a), era(b)), cmp.Compare(slices.Index(kindOrder, a.Kind), slices.Index(kindOrder, b.Kind)),
			cmp.Compare(a.Year, b.Year), strings.Compare(a.Name, b.Name))
	})
}

// Matrix is every finding measured on every log: the answer to whether
// the papers' findings generalise.
type Matrix struct {
	// Logs are the logs, by era and kind of machine (then year, name).
	Logs []LogInfo
	// Findings are the findings measured, in the order of All.
	Findings []Finding
	// Results holds one result per finding and log.
	Results []Result
}

// NewMatrix returns the matrix of the results of the findings on the
// logs, ordered: logs by era, kind, year and name; findings as All.
func NewMatrix(logs []LogInfo, results []Result) Matrix {
	m := Matrix{Logs: slices.Clone(logs)}
	sortLogs(m.Logs)
	for _, f := range All() {
		if slices.ContainsFunc(results, func(r Result) bool { return r.Finding == f.ID }) {
			m.Findings = append(m.Findings, f)
		}
	}
	for _, f := range m.Findings {
		for _, lg := range m.Logs {
			if r, ok := find(results, f.ID, lg.Name); ok {
				m.Results = append(m.Results, r)
			}
		}
	}
	return m
}

func find(rs []Result, finding, log string) (Result, bool) {
	for _, r := range rs {
		if r.Finding == finding && r.Log == log {
			return r, true
		}
	}
	return Result{}, false
}

// Result returns the result of a finding on a log.
func (m Matrix) Result(finding, log string) (Result, bool) { return find(m.Results, finding, log) }

// Tally counts the verdicts of a finding over the logs.
func (m Matrix) Tally(finding string) map[Verdict]int {
	t := map[Verdict]int{}
	for _, r := range m.Results {
		if r.Finding == finding {
			t[r.Verdict]++
		}
	}
	return t
}

// Errors returns the results whose verdict is Error.
func (m Matrix) Errors() []Result {
	var out []Result
	for _, r := range m.Results {
		if r.Verdict == Error {
			out = append(out, r)
		}
	}
	return out
}

// Frame returns the matrix in long form, one row per finding and log:
// finding, paper, section, log, era, kind, verdict, value, lo, hi, reason
// (numbers NaN when not measured).
func (m Matrix) Frame() dataframe.DataFrame {
	n := len(m.Results)
	finding, paper, section, log, era, kind, verdict, reason := make([]string, n), make([]string, n), make([]string, n),
		make([]string, n), make([]string, n), make([]string, n), make([]string, n), make([]string, n)
	value, lo, hi := make([]float64, n), make([]float64, n), make([]float64, n)
	for i, r := range m.Results {
		f := m.finding(r.Finding)
		info := m.log(r.Log)
		finding[i], paper[i], section[i], log[i], era[i], kind[i] = r.Finding, f.Paper, f.Section, r.Log, info.Era, info.Kind
		verdict[i], value[i], lo[i], hi[i], reason[i] = r.Verdict.String(), r.Value, r.Lo, r.Hi, r.Reason
	}
	return dataframe.New(
		series.New(finding, series.String, "finding"), series.New(paper, series.String, "paper"),
		series.New(section, series.String, "section"), series.New(log, series.String, "log"),
		series.New(era, series.String, "era"), series.New(kind, series.String, "kind"),
		series.New(verdict, series.String, "verdict"), series.New(value, series.Float, "value"),
		series.New(lo, series.Float, "lo"), series.New(hi, series.Float, "hi"),
		series.New(reason, series.String, "reason"))
}

// Wide returns the matrix as findings × logs: columns finding, paper, then
// one per log (in the matrix's order) holding the verdict and the
// statistic ("holds 0.83", "fails 1.27", "n/a", "error").
func (m Matrix) Wide() dataframe.DataFrame {
	cols := []series.Series{}
	ids, papers := make([]string, len(m.Findings)), make([]string, len(m.Findings))
	for i, f := range m.Findings {
		ids[i], papers[i] = f.ID, f.Paper
	}
	cols = append(cols, series.New(ids, series.String, "finding"), series.New(papers, series.String, "paper"))
	for _, lg := range m.Logs {
		cells := make([]string, len(m.Findings))
		for i, f := range m.Findings {
			r, ok := m.Result(f.ID, lg.Name)
			if ok {
				cells[i] = Cell(r)
			}
		}
		cols = append(cols, series.New(cells, series.String, lg.Name))
	}
	return dataframe.New(cols...)
}

// Cell is the short form of a result: its verdict and statistic (the
// verdict alone when a failing measurement has no statistic).
func Cell(r Result) string {
	switch {
	case r.Verdict == NotApplicable:
		return "n/a"
	case r.Verdict == Error:
		return "error"
	case math.IsNaN(r.Value):
		return r.Verdict.String()
	}
	return r.Verdict.String() + " " + num(r.Value)
}

func (m Matrix) finding(id string) Finding {
	for _, f := range m.Findings {
		if f.ID == id {
			return f
		}
	}
	f, _ := Lookup(id)
	return f
}

func (m Matrix) log(name string) LogInfo {
	for _, l := range m.Logs {
		if l.Name == name {
			return l
		}
	}
	return LogInfo{Name: name, Era: "unknown", Kind: "unknown"}
}

// Sentence reads a finding's row of the matrix in words, from the results:
// on how many logs it holds, and each exception with its reason (at most
// three, then how many more), e.g. "Locality of sampling (runtime) holds
// on 11 of 12 logs; the exception is LANL-CM5: M_med 0.01 [−0.002, 0.02]:
// the 95% interval reaches 0."
func (m Matrix) Sentence(finding string) string {
	f := m.finding(finding)
	var holds, fails, na, errs []Result
	for _, r := range m.Results {
		if r.Finding != finding {
			continue
		}
		switch r.Verdict {
		case Holds:
			holds = append(holds, r)
		case Fails:
			fails = append(fails, r)
		case NotApplicable:
			na = append(na, r)
		case Error:
			errs = append(errs, r)
		}
	}
	applies := len(holds) + len(fails) + len(errs)
	var b strings.Builder
	fmt.Fprintf(&b, "%s (%s, %s)", capital(f.Title), f.Paper, f.Section)
	switch {
	case applies == 0:
		fmt.Fprintf(&b, " applies to none of the %s", plural(len(na), "log"))
	case len(fails) == 0 && len(errs) == 0:
		fmt.Fprintf(&b, " holds on %s", all(len(holds), "log"))
	case len(holds) == 0 && len(fails) == 1 && applies == 1:
		b.WriteString(" fails on the only log where it applies")
	case len(holds) == 0:
		fmt.Fprintf(&b, " holds on none of the %s where it applies", plural(applies, "log"))
	default:
		fmt.Fprintf(&b, " holds on %d of %s", len(holds), plural(applies, "log"))
	}
	if len(na) > 0 && applies > 0 {
		fmt.Fprintf(&b, " (%d more not applicable)", len(na))
	}
	switch {
	case len(fails) == 1 && applies == 1:
		b.WriteString(exceptions(":", fails))
	case len(fails) > 0 && len(holds) == 0:
		b.WriteString(exceptions("; it fails on", fails))
	case len(fails) > 0 && len(fails) <= len(holds):
		b.WriteString(exceptions("; the exception", fails))
	case len(fails) > 0:
		b.WriteString(exceptions("; it fails on", fails) + "; it holds on " + names(holds))
	}
	if len(errs) > 0 {
		b.WriteString(exceptions("; measuring it failed on", errs))
	}
	if applies == 0 {
		b.WriteString(exceptions(":", na))
	}
	b.WriteString(".")
	return b.String()
}

// exceptions lists results with their reasons after lead: at most three,
// then how many more.
func exceptions(lead string, rs []Result) string {
	var b strings.Builder
	switch {
	case strings.HasSuffix(lead, "exception") && len(rs) == 1:
		b.WriteString(lead + " is ")
	case strings.HasSuffix(lead, "exception"):
		b.WriteString(lead + "s are ")
	default:
		b.WriteString(lead + " ")
	}
	for i, r := range rs {
		if i == 3 {
			fmt.Fprintf(&b, " and %d more", len(rs)-3)
			break
		}
		if i > 0 {
			b.WriteString("; ")
		}
		b.WriteString(r.Log + ": " + strings.SplitN(r.Reason, "\n", 2)[0])
	}
	return b.String()
}

func names(rs []Result) string {
	n := make([]string, len(rs))
	for i, r := range rs {
		n[i] = r.Log
	}
	return strings.Join(n, ", ")
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return strconv.Itoa(n) + " " + what + "s"
}

func all(n int, what string) string {
	switch n {
	case 1:
		return "the only " + what
	case 2:
		return "both " + what + "s"
	}
	return "all " + plural(n, what)
}

func capital(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// Sentences reads every finding's row in words, in the matrix's order.
func (m Matrix) Sentences() []string {
	out := make([]string, len(m.Findings))
	for i, f := range m.Findings {
		out[i] = m.Sentence(f.ID)
	}
	return out
}

// ValueText is a result's statistic as a figure's cell shows it: the
// number, "—" for none, or "n/a" and "error".
func ValueText(r Result) string {
	switch {
	case r.Verdict == NotApplicable:
		return "n/a"
	case r.Verdict == Error:
		return "error"
	case math.IsNaN(r.Value):
		return "—"
	}
	return shownNumber(r.Value)
}

// shownNumber is num for a reader, without e-notation: a value below 0.001
// with two significant digits ("-0.000031", not "-3.08e-05", beside
// "-0.00806" in the same row), one from 1000 up as a whole number with
// its digits grouped ("3,461", as tables.Count writes counts), and a whole
// value from 10 up without a fraction (a run of 95 jobs reads "95", not
// "95.0", beside "441").
func shownNumber(x float64) string {
	switch a := math.Abs(x); {
	case a >= 999.5: // 1000 and above once rounded
		return strings.Replace(tables.Count(int(math.Round(x))), "−", "-", 1)
	case a >= 10 && x == math.Trunc(x):
		return strconv.FormatFloat(x, 'f', 0, 64)
	case a > 0 && a < 1e-3:
		return strconv.FormatFloat(x, 'f', 1-int(math.Floor(math.Log10(a))), 64)
	}
	return num(x)
}

// FrameOf is Frame restricted to results of the given verdicts (the
// exceptions: Fails and Error; the logs lacking data: NotApplicable).
func (m Matrix) FrameOf(verdicts ...Verdict) dataframe.DataFrame {
	keep := Matrix{Logs: m.Logs, Findings: m.Findings}
	for _, r := range m.Results {
		if slices.Contains(verdicts, r.Verdict) {
			keep.Results = append(keep.Results, r)
		}
	}
	return keep.Frame()
}

// SentencesMarkdown is Sentences as a Markdown list.
func (m Matrix) SentencesMarkdown() string {
	var b strings.Builder
	for _, s := range m.Sentences() {
		b.WriteString("- " + mdEscape(s) + "\n")
	}
	return b.String()
}

// ListFrame describes every finding, one row each in the order of All:
// finding, paper, section, title, claim, statistic, rule, needs.
func ListFrame() dataframe.DataFrame {
	all := All()
	col := func(name string, f func(Finding) string) series.Series {
		v := make([]string, len(all))
		for i, x := range all {
			v[i] = f(x)
		}
		return series.New(v, series.String, name)
	}
	return dataframe.New(
		col("finding", func(f Finding) string { return f.ID }),
		col("paper", func(f Finding) string { return f.Paper }),
		col("section", func(f Finding) string { return f.Section }),
		col("claim", func(f Finding) string { return f.Claim }),
		col("statistic", func(f Finding) string { return f.Statistic }),
		col("rule", func(f Finding) string { return f.Rule }),
		col("needs", func(f Finding) string { return strings.Join(f.Needs, "; ") }),
	)
}
