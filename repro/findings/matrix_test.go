package findings

import (
	"bytes"
	"context"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/tracelab/tracelab/confidence"
	"github.com/tracelab/tracelab/datasets"
)

// TestBeyond: the verdict of a one-sided claim on an interval, and its
// words (the reason says which side the interval lies on, or that it
// reaches the bound).
func TestBeyond(t *testing.T) {
	t.Parallel()
	nan := math.NaN()
	for _, c := range []struct {
		ci    confidence.Interval
		s     side
		want  Verdict
		words string
	}{
		{confidence.Interval{Mean: 0.8, Lo: 0.7, Hi: 0.9}, above, Holds, "x 0.800 [0.700, 0.900], above 0.500"},
		{confidence.Interval{Mean: 0.6, Lo: 0.45, Hi: 0.7}, above, Fails, "x 0.600 [0.450, 0.700]: the 95% interval reaches 0.500"},
		{confidence.Interval{Mean: 0.3, Lo: 0.2, Hi: 0.4}, above, Fails, "x 0.300 [0.200, 0.400], below 0.500"},
		{confidence.Interval{Mean: 0.3, Lo: 0.2, Hi: 0.4}, below, Holds, "x 0.300 [0.200, 0.400], below 0.500"},
		{confidence.Interval{Mean: 0.8, Lo: 0.7, Hi: 0.9}, below, Fails, "x 0.800 [0.700, 0.900], above 0.500"},
		{confidence.Interval{Mean: 0.8, Lo: nan, Hi: nan}, above, Holds, "x 0.800, above 0.500 (no interval)"},
		{confidence.Interval{Mean: 0.2, Lo: nan, Hi: nan}, above, Fails, "x 0.200, not above 0.500 (no interval)"},
	} {
		o := beyond("x", c.ci, c.s, 0.5)
		if o.verdict != c.want || o.reason != c.words || o.value != c.ci.Mean {
			t.Errorf("beyond(%+v, %v) = %s %q, want %s %q", c.ci, c.s, o.verdict, o.reason, c.want, c.words)
		}
	}
	for _, c := range []struct {
		ci   confidence.Interval
		want Verdict
		tail string
	}{
		{confidence.Interval{Mean: 0.7, Lo: 0.65, Hi: 0.75}, Holds, "within [0.600, 0.900]"},
		{confidence.Interval{Mean: 0.62, Lo: 0.58, Hi: 0.66}, Fails, "the 95% interval leaves [0.600, 0.900]"},
		{confidence.Interval{Mean: 0.5, Lo: 0.45, Hi: 0.55}, Fails, "below [0.600, 0.900]"},
		{confidence.Interval{Mean: 0.95, Lo: 0.92, Hi: 0.98}, Fails, "above [0.600, 0.900]"},
	} {
		if o := within("H", c.ci, 0.6, 0.9); o.verdict != c.want || !strings.HasSuffix(o.reason, c.tail) {
			t.Errorf("within(%+v) = %s %q, want %s …%q", c.ci, o.verdict, o.reason, c.want, c.tail)
		}
	}
}

// TestNum: three significant digits, plain for ordinary magnitudes; from
// 100,000 on a grouped integer (tables.Measure).
func TestNum(t *testing.T) {
	t.Parallel()
	for x, want := range map[float64]string{0: "0", 0.5: "0.500", 0.0123: "0.0123", 1.27: "1.27", 34.8: "34.8", 6859: "6859",
		138000: "138,000", 137512.6: "137,513", -0.0046: "-0.00460", 0.000021: "2.1e-05", math.NaN(): "NaN"} {
		if got := num(x); got != want {
			t.Errorf("num(%v) = %q, want %q", x, got, want)
		}
	}
	if got := count(1234567); got != "1,234,567" {
		t.Errorf("count = %q", got)
	}
}

// TestNames: archive logs are named up to their year; machine kinds come
// from the header's words; eras are decades.
func TestNames(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"/data/KTH-SP2-1996-2.1-cln.swf.gz": "KTH-SP2-1996", "CTC-SP2-1995-2": "CTC-SP2-1995", "DAS2-fs0-2003-1.swf": "DAS2-fs0-2003",
		"lublin_256.swf.gz": "lublin_256", "mycluster.swf": "mycluster", "METACENTRUM-2013-3": "METACENTRUM-2013",
	} {
		if got := ShortName(in); got != want {
			t.Errorf("ShortName(%q) = %q, want %q", in, got, want)
		}
	}
	for in, want := range map[string]string{
		"IBM SP2 Swedish Royal Institute": "MPP", "Thinking Machines CM-5": "MPP", "Intel Paragon": "MPP",
		"Linux cluster (Seth)": "cluster", "IBM p655/p690 SDSC DataStar": "cluster", "CEA Curie Cluster": "cluster",
		"IBM SP SDSC Blue Horizon": "MPP", "LCG grid": "grid", "": "unknown",
	} {
		if got := MachineKind(in); got != want {
			t.Errorf("MachineKind(%q) = %q, want %q", in, got, want)
		}
	}
	info := Describe(synth{weeks: 2, users: 3}.trace())
	if info.Year != 2001 || info.Era != "2000s" || info.Kind != "cluster" || info.Procs != 128 || info.Name != "synthetic" {
		t.Errorf("Describe: %+v", info)
	}
	if d := Describe(synth{weeks: 2, users: 3, noClock: true}.trace()); d.Year != 0 || d.Era != "unknown" {
		t.Errorf("no clock: %+v", d)
	}
}

// testMatrix is a matrix of two findings on three logs, by hand.
func testMatrix() Matrix {
	logs := []LogInfo{
		{Name: "B-2001", Year: 2001, Era: "2000s", Kind: "cluster"},
		{Name: "A-1996", Year: 1996, Era: "1990s", Kind: "MPP"},
		{Name: "C", Era: "unknown", Kind: "unknown"},
	}
	nan := math.NaN()
	rs := []Result{
		{Finding: "daily-cycle", Log: "A-1996", Verdict: Holds, Value: 2.1, Lo: 1.9, Hi: 2.3, Reason: "r1"},
		{Finding: "daily-cycle", Log: "B-2001", Verdict: Fails, Value: 0.9, Lo: 0.8, Hi: 1.1, Reason: "r2"},
		{Finding: "daily-cycle", Log: "C", Verdict: NotApplicable, Value: nan, Lo: nan, Hi: nan, Reason: "no clock"},
		{Finding: "serial-share", Log: "A-1996", Verdict: Holds, Value: 0.3, Lo: 0.25, Hi: 0.35, Reason: "r3"},
		{Finding: "serial-share", Log: "B-2001", Verdict: Holds, Value: 0.4, Lo: 0.3, Hi: 0.5, Reason: "r4"},
		{Finding: "serial-share", Log: "C", Verdict: Holds, Value: 0.25, Lo: nan, Hi: nan, Reason: "r5"},
	}
	return NewMatrix(logs, rs)
}

// TestMatrix: logs ordered by era and kind, findings by paper, the frames
// and the sentences read from the results.
func TestMatrix(t *testing.T) {
	t.Parallel()
	m := testMatrix()
	var names []string
	for _, l := range m.Logs {
		names = append(names, l.Name)
	}
	if !reflect.DeepEqual(names, []string{"A-1996", "B-2001", "C"}) {
		t.Errorf("logs in the order %v", names)
	}
	if m.Findings[0].ID != "serial-share" || m.Findings[1].ID != "daily-cycle" {
		t.Errorf("findings in the order %s, %s (want the order of All)", m.Findings[0].ID, m.Findings[1].ID)
	}
	w := m.Wide()
	if w.Nrow() != 2 || w.Ncol() != 5 || w.Col("B-2001").Records()[1] != "fails 0.900" || w.Col("C").Records()[1] != "n/a" {
		t.Errorf("wide frame:\n%v", w)
	}
	f := m.Frame()
	if f.Nrow() != 6 || f.Col("era").Records()[0] != "1990s" || !math.IsNaN(f.Col("lo").Float()[5]) {
		t.Errorf("long frame:\n%v", f)
	}
	want := []string{
		"A fifth of the jobs serial (lublin2003, §4.2, Table 1) holds on all 3 logs.",
		"Arrivals follow a daily cycle (lublin2003, §7.2, Fig. 8) holds on 1 of 2 logs (1 more not applicable); the exception is B-2001: r2.",
	}
	if got := m.Sentences(); !reflect.DeepEqual(got, want) {
		t.Errorf("sentences:\n%q\nwant\n%q", got, want)
	}
	if c := Cell(Result{Verdict: Fails, Value: math.NaN()}); c != "fails" {
		t.Errorf("a failing result without a statistic reads %q", c)
	}
	if v := ValueText(Result{Verdict: Fails, Value: math.NaN()}); v != "—" {
		t.Errorf("its cell shows %q", v)
	}
	// A cell shows no e-notation (-3.08e-05 beside -0.00806 in a row).
	for _, c := range []struct {
		v    float64
		want string
	}{
		{-3.08e-05, "-0.000031"}, {4.24e-5, "0.000042"}, {-0.00183, "-0.00183"}, {0.0398, "0.0398"},
		{0, "0"}, {441, "441"}, {123456.7, "123,457"}, {-7.89e-4, "-0.00079"},
		// Whole values without a fraction, thousands grouped (notebook 08's
		// runs of repeated jobs: 441, 95, 3461).
		{95, "95"}, {3461, "3,461"}, {-4233.4, "-4,233"}, {1, "1.00"}, {11.5, "11.5"}, {999.6, "1,000"}, {999.4, "999"},
	} {
		if got := ValueText(Result{Verdict: Holds, Value: c.v}); got != c.want {
			t.Errorf("ValueText(%g) = %q, want %q", c.v, got, c.want)
		}
	}
	if tl := m.Tally("daily-cycle"); tl[Holds] != 1 || tl[Fails] != 1 || tl[NotApplicable] != 1 {
		t.Errorf("tally %v", tl)
	}
}

// TestSentenceCases: the words for findings that hold nowhere, apply
// nowhere or fail on one log only.
func TestSentenceCases(t *testing.T) {
	t.Parallel()
	nan := math.NaN()
	r := func(log string, v Verdict, reason string) Result {
		return Result{Finding: "weekly-cycle", Log: log, Verdict: v, Value: nan, Lo: nan, Hi: nan, Reason: reason}
	}
	for _, c := range []struct {
		rs   []Result
		want string
	}{
		{[]Result{r("A", NotApplicable, "x"), r("B", NotApplicable, "y")}, "applies to none of the 2 logs: A: x; B: y."},
		{[]Result{r("A", Fails, "x"), r("B", NotApplicable, "y")}, "fails on the only log where it applies (1 more not applicable): A: x."},
		{[]Result{r("A", Fails, "x"), r("B", Fails, "y")}, "holds on none of the 2 logs where it applies; it fails on A: x; B: y."},
		{[]Result{r("A", Holds, "x")}, "holds on the only log."},
		{[]Result{r("A", Holds, "x"), r("B", Fails, "y"), r("C", Fails, "z"), r("D", Error, "boom")},
			"holds on 1 of 4 logs; it fails on B: y; C: z; it holds on A; measuring it failed on D: boom."},
	} {
		var logs []LogInfo
		for _, x := range c.rs {
			logs = append(logs, LogInfo{Name: x.Log, Era: "unknown", Kind: "unknown"})
		}
		got := NewMatrix(logs, c.rs).Sentence("weekly-cycle")
		if !strings.HasSuffix(got, c.want) {
			t.Errorf("got %q, want …%q", got, c.want)
		}
	}
}

// TestStored: a stored matrix reads back equal (NaN as null), refuses
// unknown findings and logs, and writes REPRODUCTION.md's section.
func TestStored(t *testing.T) {
	t.Parallel()
	m := testMatrix()
	s := Store(m, "abc123", "sha256:00", Options{Quick: true})
	var b bytes.Buffer
	if err := WriteStored(&b, s); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), `"lo": null`) {
		t.Errorf("an unmeasured bound is not null:\n%s", b.String())
	}
	back, err := ReadStored(bytes.NewReader(b.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	var again bytes.Buffer
	if err := WriteStored(&again, back); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(b.Bytes(), again.Bytes()) || back.Mode != "quick" || back.Commit != "abc123" {
		t.Errorf("round trip changed the file:\n%s\n%s", b.String(), again.String())
	}
	for name, bad := range map[string]string{
		"unknown finding": strings.Replace(b.String(), `"serial-share"`, `"no-such-finding"`, 1),
		"unknown log":     strings.Replace(b.String(), `"log": "C"`, `"log": "Z"`, 1),
		"unknown verdict": strings.Replace(b.String(), `"verdict": "holds"`, `"verdict": "maybe"`, 1),
		"unknown field":   strings.Replace(b.String(), `"commit"`, `"comit"`, 1),
		"no results":      `{"commit": "", "code_hash": "", "mode": "full", "seed": 1, "logs": [], "results": []}`,
	} {
		if _, err := ReadStored(strings.NewReader(bad)); err == nil {
			t.Errorf("%s: read without error", name)
		}
	}
	var md bytes.Buffer
	if err := back.Markdown(&md); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"## Do the findings generalise?", "| finding | paper | A-1996 | B-2001 | C |",
		"| *era, machine* | | 1990s, MPP | 2000s, cluster | unknown, unknown |",
		"| daily-cycle | lublin2003 §7.2, Fig. 8 | holds 2.10 | fails 0.900 | n/a |", "- Arrivals follow a daily cycle"} {
		if !strings.Contains(md.String(), want) {
			t.Errorf("section lacks %q:\n%s", want, md.String())
		}
	}
}

// TestRun: the runner measures logs in parallel with the same results as
// one at a time, caches each log's results by content and code version,
// and reads them back instead of measuring again.
func TestRun(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	var paths []string
	for i, s := range []synth{{seed: 1, weeks: 14, users: 20}, {seed: 2, weeks: 14, users: 20, noEstimates: true}} {
		p := filepath.Join(dir, []string{"one-2001-1.swf", "two-2001-1.swf.gz"}[i])
		if err := datasets.WriteSWFFile(p, s.trace()); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
	}
	ids := []string{"similarity-runtime", "estimates-round", "daily-cycle"}
	cache := &Cache{Dir: filepath.Join(dir, "cache"), Version: "test"}
	var fromCache []bool
	ro := RunOptions{Options: Options{Quick: true, Workers: 3}, Findings: ids, Cache: cache,
		Progress: func(done, total int, log string, cached bool) { fromCache = append(fromCache, cached) }}
	m, err := Run(context.Background(), paths, ro)
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Logs) != 2 || len(m.Results) != 6 || m.Logs[0].Name != "one-2001" {
		t.Fatalf("matrix of %d logs, %d results: %+v", len(m.Logs), len(m.Results), m.Logs)
	}
	if r, _ := m.Result("estimates-round", "two-2001"); r.Verdict != NotApplicable {
		t.Errorf("estimates-round on a log without estimates: %s", r.Verdict)
	}
	if files, _ := os.ReadDir(cache.Dir); len(files) != 2 || !reflect.DeepEqual(fromCache, []bool{false, false}) {
		t.Errorf("%d cache files, progress %v", len(files), fromCache)
	}
	fromCache = nil
	again, err := Run(context.Background(), paths, ro)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(fromCache, []bool{true, true}) || !sameResults(m, again) {
		t.Errorf("second run: progress %v, same results %v", fromCache, sameResults(m, again))
	}
	ro.Cache, ro.Workers, ro.Progress = nil, 1, nil
	serial, err := Run(context.Background(), paths, ro)
	if err != nil {
		t.Fatal(err)
	}
	if !sameResults(m, serial) {
		t.Errorf("one worker gives other results")
	}
	ro.Cache = &Cache{Dir: cache.Dir, Version: "other code"}
	fromCache = nil
	ro.Progress = func(done, total int, log string, cached bool) { fromCache = append(fromCache, cached) }
	if _, err := Run(context.Background(), paths, ro); err != nil || !reflect.DeepEqual(fromCache, []bool{false, false}) {
		t.Errorf("another code version read the cache: %v %v", fromCache, err)
	}
	if _, err := Run(context.Background(), []string{filepath.Join(dir, "none.swf")}, ro); err == nil {
		t.Errorf("a missing log gives no error")
	}
}

// sameResults compares two matrices' results, NaN equal to NaN.
func sameResults(a, b Matrix) bool {
	ja, _ := json.Marshal(a.Results)
	jb, _ := json.Marshal(b.Results)
	return bytes.Equal(ja, jb)
}

// TestVerdictText: verdicts are written by name and read back.
func TestVerdictText(t *testing.T) {
	t.Parallel()
	for _, v := range Verdicts {
		b, err := v.MarshalText()
		if err != nil {
			t.Fatal(err)
		}
		var w Verdict
		if err := w.UnmarshalText(b); err != nil || w != v {
			t.Errorf("%s: read back %s, %v", v, w, err)
		}
	}
	if _, err := Verdict(0).MarshalText(); err == nil {
		t.Errorf("verdict 0 written")
	}
}

// TestRegistry: every finding is complete and named once, each paper has
// findings, and their seeds differ.
func TestRegistry(t *testing.T) {
	t.Parallel()
	seeds := map[uint64]string{}
	per := map[string]int{}
	for _, f := range All() {
		if f.Title == "" || f.Statistic == "" || f.Section == "" || len(f.Needs) == 0 {
			t.Errorf("%s: incomplete %+v", f.ID, f)
		}
		if other, dup := seeds[Options{}.seedFor(f.ID)]; dup {
			t.Errorf("%s and %s share a seed", f.ID, other)
		}
		seeds[Options{}.seedFor(f.ID)] = f.ID
		per[f.Paper]++
	}
	for _, p := range Papers {
		if per[p] == 0 {
			t.Errorf("no finding of %s", p)
		}
	}
	if n := len(All()); n < 20 {
		t.Errorf("%d findings, want at least 20", n)
	}
	if _, err := Select([]string{"nope"}); err == nil {
		t.Errorf("Select of an unknown finding")
	}
}
