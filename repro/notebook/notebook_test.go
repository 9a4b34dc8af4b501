package notebook

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/tracelab/tracelab/repro/ledger"
)

type fakeResult struct{ v float64 }

func (r fakeResult) Claims(l *ledger.Ledger) {
	l.Check("Table I", "t1/jobs", "jobs of the log", ledger.Near(100, 0), r.v)
}

type otherResult struct{}

func (otherResult) Claims(l *ledger.Ledger) {
	l.Claim("Fig. 1", "f1/shape", "the curve falls", true, "slope −0.3")
}

func captureStdout(t *testing.T, f func()) string {
	t.Helper()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	old := os.Stdout
	os.Stdout = w
	f()
	os.Stdout = old
	w.Close()
	b := new(strings.Builder)
	buf := make([]byte, 1<<16)
	for {
		n, err := r.Read(buf)
		b.Write(buf[:n])
		if err != nil {
			break
		}
	}
	return b.String()
}

func TestCellsAndLedger(t *testing.T) {
	t.Setenv("TRACELAB_LEDGER_DIR", t.TempDir())
	t.Setenv("TRACELAB_QUICK", "1")
	t.Setenv("TRACELAB_COMMIT", "abc123")
	p := ledger.Paper{Key: "demo", Items: []ledger.Item{{Name: "Table I", Section: "Table I — the logs"}}}
	if _, err := Ledger(p); err == nil {
		t.Fatal("Ledger with nothing recorded: no error")
	}
	out := captureStdout(t, func() {
		if err := Begin(p); err != nil {
			t.Fatal(err)
		}
		if err := Claims(p, fakeResult{v: 100}); err != nil {
			t.Fatal(err)
		}
		if err := Claims(p, otherResult{}); err != nil {
			t.Fatal(err)
		}
		// The first cell again, with another value: replaces its entries.
		if err := Claims(p, fakeResult{v: 99}); err != nil {
			t.Fatal(err)
		}
	})
	if r, ok, err := Store().Run(p.Key); !ok || err != nil || r.Mode != "quick" || r.Commit != "abc123" {
		t.Errorf("run recorded by Begin: %+v %v %v", r, ok, err)
	}
	if !strings.Contains(out, "t1/jobs") || !strings.Contains(out, "1 claims: 0 agree, 1 differ (1 unexplained)") {
		t.Errorf("cell output:\n%s", out)
	}
	var es []ledger.Entry
	out = captureStdout(t, func() {
		var err error
		es, err = Ledger(p)
		if err != nil {
			t.Fatal(err)
		}
	})
	if len(es) != 2 || es[0].ID != "f1/shape" || es[1].Verdict != ledger.Differs || es[1].Section != "Table I — the logs" {
		t.Errorf("ledger entries %+v", es)
	}
	if !strings.Contains(out, "Ledger of demo: 2 claims: 1 agree (1 untested), 1 differ (1 unexplained), 0 not comparable") ||
		!strings.Contains(out, "Table I: not reproduced (0 of 1 agree") && !strings.Contains(out, "Table I: not reproduced (1 of 1 differ (1 unexplained))") {
		t.Errorf("ledger output:\n%s", out)
	}
	// Begin clears the earlier run.
	if err := Begin(p); err != nil {
		t.Fatal(err)
	}
	if _, err := Ledger(p); err == nil {
		t.Error("Ledger after Begin: entries of the earlier run remain")
	}
}

func TestHTML(t *testing.T) {
	p := ledger.Paper{Key: "demo", Items: []ledger.Item{{Name: "Table I", Section: "Table I — the logs", Note: "<a log> missing"}}}
	l := ledger.NewFor(p)
	l.Check("Table I", "t1/jobs", "jobs & users", ledger.Near(100, 0), 100)
	l.Check("Table I", "t1/variants", "variants", ledger.Near(10, 0), 10).AsCheck("10 = 10: asked for")
	es := l.Entries()
	st := StatusHTML("Ledger", p.Statuses(es))
	for _, want := range []string{"<b>Ledger</b>", `<td style="background:#eef3e6">reproduced, not discriminating</td>`, "1 of 1 agree (1 untested); 1 check", "&lt;a log&gt; missing"} {
		if !strings.Contains(st, want) {
			t.Errorf("StatusHTML lacks %q:\n%s", want, st)
		}
	}
	if got := SectionHTML(p, es, "Table I — the logs"); !strings.Contains(got, "<b>Table I — the logs: 1 claims: 1 agree (1 untested), 0 differ, 0 not comparable; 1 check</b>") || !strings.Contains(got, "reproduced") {
		t.Errorf("SectionHTML:\n%s", got)
	}
	if got := SectionHTML(p, es, "§9"); got != "" {
		t.Errorf("SectionHTML of a section without items: %q", got)
	}
	d := DetailsHTML("All 2 entries", es)
	for _, want := range []string{"<details><summary>All 2 entries</summary>", "jobs &amp; users", "agrees (check)", "checks: 10 = 10: asked for", "</table></details>"} {
		if !strings.Contains(d, want) {
			t.Errorf("DetailsHTML lacks %q:\n%s", want, d)
		}
	}
}

func TestClaimsHTML(t *testing.T) {
	p := ledger.Paper{Key: "demo", Items: []ledger.Item{{Name: "Fig. 1", Section: "§3"}, {Name: "Fig. 2", Section: "§4"}}}
	claims := func(n int, main bool) []ledger.Entry {
		l := ledger.NewFor(p)
		for i := range n {
			e := l.Claim("Fig. 1", fmt.Sprintf("f1/c%d", i), fmt.Sprintf("claim %d", i), true, "holds")
			if main && i == 0 {
				e.Main()
			}
		}
		l.Check("Fig. 1", "f1/n", "replicates", ledger.Near(10, 0), 10).AsCheck("asked for")
		return l.Entries()
	}
	for _, tc := range []struct {
		name      string
		es        []ledger.Entry
		want, not []string
	}{
		{"few claims in the open", claims(3, false),
			[]string{"<b>This section&#39;s items: 3 claims", ">Fig. 1<", "<b>The paper&#39;s claims (3), ours beside the paper&#39;s</b>", "claim 2",
				"<details><summary>Checks of our own configuration (1; never counted as agreement)</summary>"},
			[]string{">Fig. 2<", "<details><summary>All"}},
		{"many claims collapsed below the main one", claims(openClaims+1, true),
			[]string{"<b>The main claims, ours beside the paper&#39;s</b>", fmt.Sprintf("<details><summary>All %d of the paper&#39;s claims", openClaims+1)},
			[]string{"<b>The paper&#39;s claims ("}},
	} {
		got := ClaimsHTML(p, tc.es)
		for _, w := range tc.want {
			if !strings.Contains(got, w) {
				t.Errorf("%s: lacks %q:\n%s", tc.name, w, got)
			}
		}
		for _, w := range tc.not {
			if strings.Contains(got, w) {
				t.Errorf("%s: has %q:\n%s", tc.name, w, got)
			}
		}
	}
}
