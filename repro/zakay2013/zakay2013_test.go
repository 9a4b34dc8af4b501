package zakay2013

import (
	"context"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-gota/gota/dataframe"

	"github.com/tracelab/tracelab/analytics/similarity"
	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/repro/ledger"
	"github.com/tracelab/tracelab/repro/study"
	"github.com/tracelab/tracelab/repro/study/studytest"
)

// TestItems: every numbered figure and table of the paper is listed, and
// every item not fully reproduced says why.
func TestItems(t *testing.T) { studytest.Items(t, quick.Paper()) }

// quick is the quick-mode study whose ledger the tests share.
var quick = New(study.Options{Quick: true})

func needData(t *testing.T) {
	t.Helper()
	if os.Getenv("TRACELAB_DATA") == "" {
		t.Skip("TRACELAB_DATA is not set")
	}
	if testing.Short() {
		t.Skip("the quick-mode ledger takes about a minute")
	}
}

func ledgerOf(t *testing.T) *ledger.Ledger {
	t.Helper()
	needData(t)
	return studytest.QuickLedger(t, quick.Paper().Key, func() (*ledger.Ledger, error) { return quick.Ledger(context.Background()) })
}

// TestQuotes: every quote of the ledger is in the paper's text.
func TestQuotes(t *testing.T) { studytest.Quotes(t, quick.Paper(), ledgerOf(t).Entries()) }

// TestVerdicts checks entries whose verdict is known from the data.
func TestVerdicts(t *testing.T) {
	l := ledgerOf(t)
	for _, tt := range []struct {
		id      string
		verdict ledger.Verdict
	}{
		{"table1/KTH-SP2/users", ledger.Agrees},            // 214 users in both versions
		{"table1/KTH-SP2/jobs", ledger.Agrees},             // 28,476 of the paper's 28,489
		{"table1/ANL-Intrepid/jobs", ledger.NotComparable}, // not in the archive copy
		{"table5/CTC-SP2/temporary_users", ledger.NotComparable},
		{"table6/KTH-SP2/runtime/range", ledger.Agrees},
		{"fig11/original_utilization", ledger.Agrees},
		{"fig13/SDSC-SP2/flurries", ledger.NotComparable},
	} {
		e, ok := l.Lookup(tt.id)
		if !ok || e.Verdict != tt.verdict {
			t.Errorf("%s: %+v, want %s", tt.id, e, tt.verdict)
		}
	}
	if n := l.Len(); n < 300 {
		t.Errorf("%d ledger entries, want several hundred", n)
	}
}

// TestConventions checks the values of the two readings that an earlier
// comparison with the published Tables V and VI (blanked in our copy)
// reported: KTH-SP2's processors depth counted from 0 is 3.82 (4.82
// counted from 1), and CTC-SP2 keeps 261 temporary users when those
// touching an end zone are discarded (320 by the literal rule, an entry
// of ours).
func TestConventions(t *testing.T) {
	l := ledgerOf(t)
	if e, _ := l.Lookup("table6/KTH-SP2/procs/original"); math.Abs(e.Number()-3.82) > 0.005 {
		t.Errorf("KTH-SP2 processors stack depth %v, want 3.82", e.Number())
	}
	if e, _ := l.Lookup("table5/CTC-SP2/temporary_users"); e.Number() != 261 {
		t.Errorf("CTC-SP2 temporary users %v, want 261", e.Number())
	}
	if e, _ := l.Lookup("table5/CTC-SP2/within_edge/temporary_users"); e.Number() != 320 || e.Kind != ledger.Ours {
		t.Errorf("CTC-SP2 temporary users by the literal rule: %+v, want 320, ours", e)
	}
	r, err := quick.TableV(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if r.Rules.Nrow() != 2*r.Frame.Nrow() {
		t.Errorf("rules frame %d rows for %d logs", r.Rules.Nrow(), r.Frame.Nrow())
	}
}

// unexplained lists the cells of Tables II–IV that differ from the paper
// beyond their tolerance (half a printed unit + 2 binomial SEs) and that
// no convention justified for the table brings within it: none since
// whole minutes with per-user similarities equal to three decimals
// (threeDecimals) brings the four runtime "equal" cells left (SDSC-BLUE
// 1 vs 2, SDSC-DS 0 vs 1, CEA-Curie both) within. Alone, neither step
// does: a tolerance on equality at seconds makes ties where the paper has
// none (LANL-CM5 4 users at 0 vs 1 with 0.001), a coarser resolution alone
// needs 300–600 s for CEA-Curie and SDSC-BLUE (runtimeConventions gives
// the grid). They are not a matter of log versions (KTH-SP2: dropping 13
// or 50 random jobs, the paper's version had 13 more, moves "1 larger" at
// 1 vs 2 only within 0.759–0.812 over 200 draws), of job status, dropping
// zero runtimes, requested instead of allocated processors, rounding,
// pooling session pairs or CPU time.
var unexplained = map[string]bool{}

// TestRuntimeConventions pins Table IV's conventions counted over its 48
// cells of our eight logs: whole minutes with similarities equal to three
// decimals bring 46 within, whole minutes 41, two zero runtimes undefined
// 33, against 31 as computed; the latter gives
// SDSC-BLUE the paper's 5 of 438 ties at 0 vs 1 and CTC-SP2 its 2 of 461.
func TestRuntimeConventions(t *testing.T) {
	needData(t)
	r, err := quick.Tables(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	want := [][3]int{{46, 48, 31}, {41, 48, 31}, {33, 48, 31}}
	for i, c := range r.runtime {
		if got := [3]int{c.Within, c.N, c.AsComputed}; got != want[i] {
			t.Errorf("convention %d (%.20s…): within, cells, as computed %v, want %v", i, c.words, got, want[i])
		}
	}
	for _, c := range r.cells {
		if c.attr != datasets.Runtime {
			continue
		}
		n := float64(c.users)
		switch c.log {
		case "SDSC-BLUE":
			if math.Abs(c.zeros[1]*n-5) > 1e-9 || n != 438 {
				t.Errorf("SDSC-BLUE zero pairs undefined: %v of %v equal at 0 vs 1, want 5 of 438", c.zeros[1]*n, n)
			}
		case "CTC-SP2":
			if math.Abs(c.zeros[1]*n-2) > 1e-9 || n != 461 {
				t.Errorf("CTC-SP2 zero pairs undefined: %v of %v equal at 0 vs 1, want 2 of 461", c.zeros[1]*n, n)
			}
		}
	}
}

// ordered lists the processors' "equal" cells that the constant users
// split evenly does not bring within their tolerance, whose measured
// mechanism (tableCell.orderedConstants: the paper ordered most of the
// users of a single processor count) is shown with our value: it brings
// nothing within, so they are unexplained. (SDSC-DS equal_12, 0.000 with
// the split alone, is 2 of 332 users, 0.006, with four decimals, within
// ±0.0119 of the paper's 0.0092 — but four decimals, chosen among 8
// readings, gains nothing else beyond the split: not its reason.)
var ordered = map[string]bool{
	"LANL-CM5 procs equal_01": true, "CTC-SP2 procs equal_01": true, "CTC-SP2 procs equal_12": true,
	"SDSC-DS procs equal_12": true,
}

// TestTables checks every cell of Tables II–IV against the paper: within
// its tolerance (cellExpectation), or within it under the convention its
// reason names (tableCell.alternative), or listed in unexplained. It also
// checks the denominators the paper's fractions imply (KTH-SP2: multiples
// of 1/133; CTC-SP2 1/461; CEA-Curie 1/464).
func TestTables(t *testing.T) {
	needData(t)
	r, err := quick.Tables(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	users := map[string]int{"KTH-SP2": 133, "CTC-SP2": 461, "CEA-Curie": 464}
	for _, c := range r.cells {
		if c.missing {
			continue
		}
		if w, ok := users[c.log]; ok && c.users != w {
			t.Errorf("%s %s: %d users compared, the paper's fractions imply %d", c.log, c.attr, c.users, w)
		}
		for k, col := range SimilarityColumns {
			key := c.log + " " + c.attr.String() + " " + col
			_, _, _, explained := r.alternative(c, k)
			within := cellExpectation(c.paper[k], k, c.ours[k], c.users).Accepts(c.ours[k])
			mechanism := c.orderedConstants(k) != ""
			switch {
			case within || explained:
				if unexplained[key] || ordered[key] {
					t.Errorf("%s: within its tolerance (%v) or explained (%v) but listed as unexplained or ordered", key, within, explained)
				}
			case mechanism != ordered[key]:
				t.Errorf("%s: the ordered constant users' mechanism %v, listed %v", key, mechanism, ordered[key])
			case !mechanism && !unexplained[key]:
				t.Errorf("%s: ours %.3f, paper %.3f, unexplained", key, c.ours[k], c.paper[k])
			}
		}
	}
}

// TestFractionSE: the Agresti–Coull standard error of a fraction (reference
// values by hand: p̃ = (x+2)/(n+4), √(p̃(1−p̃)/(n+4))).
func TestFractionSE(t *testing.T) {
	for _, c := range []struct {
		p    float64
		n    int
		want float64
	}{
		{0, 133, math.Sqrt(2.0 / 137 * 135 / 137 / 137)}, // no user: still an error
		{0.5, 96, 0.05}, // p̃ = 0.5, n+4 = 100
		{97.0 / 133, 133, math.Sqrt(99.0 / 137 * 38 / 137 / 137)}, // KTH-SP2, 97 of 133
	} {
		if got := fractionSE(c.p, c.n); math.Abs(got-c.want) > 1e-12 {
			t.Errorf("fractionSE(%v, %d) = %v, want %v", c.p, c.n, got, c.want)
		}
	}
}

// TestTablesMinutes checks the whole-minute reading of Table IV: the summed
// |ours − paper| of the runtime cells falls (1.186 → 0.742 over the eight
// logs), and KTH-SP2's 1 vs 2 is exactly the paper's 91/133 and 42/133.
func TestTablesMinutes(t *testing.T) {
	needData(t)
	r, err := quick.Tables(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	var sec, min float64
	for _, c := range r.cells {
		if c.attr != datasets.Runtime || c.missing {
			continue
		}
		for k := range SimilarityColumns {
			sec += math.Abs(c.ours[k] - c.paper[k])
			min += math.Abs(c.minutes[k] - c.paper[k])
		}
		if c.log == "KTH-SP2" && (math.Abs(c.minutes[3]*133-91) > 1e-9 || c.minutes[4] != 0 || math.Abs(c.minutes[5]*133-42) > 1e-9) {
			t.Errorf("KTH-SP2 runtime 1 vs 2 in minutes: %v, want 91/0/42 of 133", c.minutes[3:])
		}
	}
	if math.Abs(sec-1.186) > 0.001 || math.Abs(min-0.742) > 0.001 {
		t.Errorf("summed |ours − paper|: seconds %.3f, minutes %.3f; want 1.186, 0.742", sec, min)
	}
}

// TestConstantSplit: two users compared, one of constant processors (equal
// at every distance) and one more similar at the shorter distances; split,
// the constant user counts half shorter and half longer.
func TestConstantSplit(t *testing.T) {
	r := similarity.Result{
		Users: similarity.Users{ID: []int{1, 2, 3}, Constant: []bool{false, true, true}, Qualified: []bool{true, true, false}},
		Table: similarity.Table{Users: 2,
			D0vsD1: similarity.Comparison{Shorter: 0.5, Equal: 0.5},
			D1vsD2: similarity.Comparison{Shorter: 0.5, Equal: 0.5}},
	}
	got, n := constantSplit(r)
	if want := (SimilarityRow{0.75, 0, 0.25, 0.75, 0, 0.25}); got != want || n != 1 {
		t.Errorf("split %v of %d constant users, want %v of 1", got, n, want)
	}
}

// TestOrderedConstants: LANL-CM5's processors at 0 vs 1 (Table II: 0.727,
// 0.0160, 0.257 of 187 users, i.e. 136, 3, 48; ours 123, 30, 34 with 30
// users of one processor count) decompose into 13 constant users ordered
// shorter, 14 longer and 3 left equal; other cells have no such reason.
func TestOrderedConstants(t *testing.T) {
	c := tableCell{attr: datasets.Procs, users: 187, constant: 30,
		paper: SimilarityRow{0.727, 0.0160, 0.257, 0.663, 0.0053, 0.332},
		ours:  SimilarityRow{123.0 / 187, 30.0 / 187, 34.0 / 187, 115.0 / 187, 30.0 / 187, 42.0 / 187}}
	c.split = SimilarityRow{138.0 / 187, 0, 49.0 / 187, 130.0 / 187, 0, 57.0 / 187}
	got := c.orderedConstants(1)
	for _, want := range []string{"our 30 equal users", "exceed our counts by 13 more similar at the shorter distance and 14 at the longer",
		"count 3 equal: it ordered 27 of those users"} {
		if !strings.Contains(got, want) {
			t.Errorf("orderedConstants(1) = %q, want it to contain %q", got, want)
		}
	}
	for _, k := range []int{0, 2, 3, 5} {
		if s := c.orderedConstants(k); s != "" {
			t.Errorf("orderedConstants(%d) = %q, want none (not an equal cell)", k, s)
		}
	}
	c.attr = datasets.Runtime
	if s := c.orderedConstants(1); s != "" {
		t.Errorf("runtime cell: %q, want none", s)
	}
}

// TestWorkers: the resampled logs, hence Table VI, do not depend on the
// number of workers.
func TestWorkers(t *testing.T) {
	needData(t)
	frame := func(workers int) dataframe.DataFrame {
		r, err := New(study.Options{Quick: true, Workers: workers}).TableVI(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		return r.Frame
	}
	a, b := frame(1), frame(3)
	for _, c := range a.Names() {
		if c == "log" {
			continue
		}
		x, y := a.Col(c).Float(), b.Col(c).Float()
		for i := range x {
			if x[i] != y[i] && !(math.IsNaN(x[i]) && math.IsNaN(y[i])) {
				t.Errorf("%s row %d: %v with 1 worker, %v with 3", c, i, x[i], y[i])
			}
		}
	}
}

// TestMissingLogs computes the quick ledger, in a child process, with only
// KTH-SP2 available: every other log gives entries not comparable, never a
// failed ledger.
func TestMissingLogs(t *testing.T) {
	if os.Getenv("ZAKAY2013_ONLY_KTH") == "1" {
		l, err := New(study.Options{Quick: true}).Ledger(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		for id, want := range map[string]ledger.Verdict{
			"table6/KTH-SP2/runtime/range":  ledger.Agrees,
			"fig2/CEA-Curie/unavailable":    ledger.NotComparable,
			"fig10/SDSC-DS/unavailable":     ledger.NotComparable,
			"fig16/LANL-CM5/unavailable":    ledger.NotComparable,
			"table5/CTC-SP2/temporary_jobs": ledger.NotComparable,
		} {
			if e, ok := l.Lookup(id); !ok || e.Verdict != want {
				t.Errorf("%s: %+v, want %s", id, e, want)
			}
		}
		return
	}
	needData(t)
	dir := t.TempDir()
	const kth = "KTH-SP2-1996-2.1-cln.swf.gz"
	if err := os.Symlink(filepath.Join(absData(t), kth), filepath.Join(dir, kth)); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestMissingLogs$", "-test.v")
	cmd.Env = append(os.Environ(), "ZAKAY2013_ONLY_KTH=1", "TRACELAB_DATA="+dir, "TRACELAB_CACHE="+t.TempDir(),
		"TRACELAB_ARCHIVE_URL=http://127.0.0.1:1/")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
}

func absData(t *testing.T) string {
	d, err := filepath.Abs(os.Getenv("TRACELAB_DATA"))
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// TestBaseline: the quick-mode ledger against its baseline
// (repro/testdata/quick, see repro/doc.go): no entry gone, no verdict
// changed, no value moved beyond its tolerance.
func TestBaseline(t *testing.T) {
	studytest.Baseline(t, "../testdata/quick/zakay2013.json", ledgerOf(t).Entries())
}

// TestUtilizations: three jobs on a 4-processor machine, by hand: work
// 100·2 + 50·4 = 400 processor-seconds (the job of unknown runtime left
// out); offered over [0, 200] 400/(4·200) = 0.5; as run, from the first
// submission (0) to the last end (150 + 50 = 200 for the job waiting 0)
// also 0.5; submissions span [0, 150].
func TestUtilizations(t *testing.T) {
	tr := datasets.NewTrace("util", 0)
	tr.Header.MaxProcs = 4
	for _, j := range []struct{ submit, wait, runtime float64 }{{0, 0, 100}, {150, 0, 50}, {20, 0, -1}} {
		x := datasets.UnknownJob()
		x.JobID, x.User, x.Submit, x.Wait, x.Runtime, x.Procs, x.Status = tr.Len()+1, 1, j.submit, j.wait, j.runtime, 2, 1
		if j.submit == 150 {
			x.Procs = 4
		}
		tr.Append(x)
	}
	if w := jobWork(tr); w != 400 {
		t.Errorf("jobWork = %v, want 400", w)
	}
	if u := offeredUtilization(tr, 0, 200); u != 0.5 {
		t.Errorf("offeredUtilization = %v, want 0.5", u)
	}
	if u := logUtilization(tr); u != 0.5 {
		t.Errorf("logUtilization = %v, want 0.5", u)
	}
	if first, last := submitSpan(tr); first != 0 || last != 150 {
		t.Errorf("submitSpan = %v, %v; want 0, 150", first, last)
	}
}

// TestSplitEqualFallback: a processors cell is explained by the constant
// users split (one reading) when that brings it within; failing that, by
// the split with similarities equal to four decimals (best of splitFound's
// readings), each only when justified over Table II (ledger.Tally), the
// second only when it gains more than this cell beyond the split (never
// chosen for one entry alone).
func TestSplitEqualFallback(t *testing.T) {
	justified := tableConvention{Tally: ledger.Tally{N: 48, AsComputed: 21, Within: 44, Gained: 23}} // Table II at 0fc4618: 23 gained, 0 lost
	not := tableConvention{Tally: ledger.Tally{N: 48, AsComputed: 21, Within: 21}}
	thisAlone := ledger.Tally{N: 48, AsComputed: 44, Within: 45, Gained: 1} // measured: 45 against the split's 44
	more := ledger.Tally{N: 48, AsComputed: 44, Within: 47, Gained: 3}
	// SDSC-DS, 332 users: the paper's "equal" 0.0092 at 1 vs 2 (cell 4);
	// the split gives 0 (outside ±0.0084), with four decimals 2 of 332
	// users (within ±0.0119).
	c := tableCell{attr: datasets.Procs, users: 332, constant: 45,
		paper:      SimilarityRow{0.767, 0.0031, 0.230, 0.702, 0.0092, 0.288},
		split:      SimilarityRow{0.7605, 0, 0.2395, 0.7033, 0, 0.2967},
		splitEqual: SimilarityRow{0.7605, 0, 0.2395, 0.7003, 2.0 / 332, 0.2937}}
	for _, x := range []struct {
		name              string
		split, splitEqual tableConvention
		beyond            ledger.Tally
		k                 int
		ok                bool
		found             string
	}{
		{"split", justified, justified, thisAlone, 3, true, "one reading measured"},
		{"four decimals gaining this cell alone", justified, justified, thisAlone, 4, false, ""},
		{"four decimals gaining more", justified, justified, more, 4, true, "best of 8 readings measured"},
		{"four decimals not justified", justified, not, more, 4, false, ""},
		{"split not justified", not, justified, thisAlone, 3, true, "best of 8 readings measured"},
		{"neither justified", not, not, more, 3, false, ""},
	} {
		r := &TablesResult{split: x.split, splitEqual: x.splitEqual, beyondSplit: x.beyond}
		_, _, found, ok := r.alternative(c, x.k)
		if ok != x.ok || ok && found.String() != x.found {
			t.Errorf("%s: ok %v found %q, want %v %q", x.name, ok, found.String(), x.ok, x.found)
		}
	}
}
