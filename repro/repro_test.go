package repro

import (
	"strings"
	"testing"

	"github.com/tracelab/tracelab/repro/ledger"
	"github.com/tracelab/tracelab/repro/study"
)

func TestNewUnknown(t *testing.T) {
	if _, err := New("no-such-paper", study.Options{}); err == nil {
		t.Error("New of an unknown paper: no error")
	}
	for _, k := range Keys() {
		r, err := New(k, study.Options{Quick: true})
		if err != nil {
			t.Fatal(err)
		}
		if p := r.Paper(); p.Key != k || p.Notebook == "" || p.File == "" || len(p.Items) == 0 {
			t.Errorf("paper %s: incomplete description %+v", k, p)
		}
	}
}

func TestWriteReport(t *testing.T) {
	p := ledger.Paper{Key: "demo2013", Citation: "A. Author, Demo (2013)", File: "demo.txt",
		Notebook: "notebooks/01-demo.ipynb", Items: []ledger.Item{
			{Name: "Fig. 1", Title: "similarity", Section: "§3 Fig. 1"},
			{Name: "Table V", Title: "user classes", Section: "§4 Table V", Note: "7 of 9 logs"},
			{Name: "Fig. 16", Title: "flurries", Note: "the uncleaned logs are not available"},
		}}
	l := ledger.NewFor(p)
	l.Check("Fig. 1", "fig1/a", "similarity falls | with distance", ledger.Between(0, 1), 0.5)
	l.Blanked("Table V", "table5/b", "temporary users", 236)
	l.Check("Table V", "table5/c", "long-term users", ledger.Near(10, 0), 12).Because("another log version")
	l.Check("Table V", "table5/d", "jobs of long-term users", ledger.Near(1000, 0), 1000)
	var b strings.Builder
	if err := WriteReport(&b, []Result{{Paper: p, Entries: l.Entries()}}, ReportInfo{Mode: "full", Commit: "abc123"}); err != nil {
		t.Fatal(err)
	}
	md := b.String()
	for _, want := range []string{
		"| [demo2013](#demo2013) | [01-demo.ipynb](notebooks/01-demo.ipynb) | 1 / 1 / 1 | 4 | 2 | 1 | 1 |",
		"| **all** | | | 4 | 2 | 1 | 1 |",
		"full mode, commit `abc123`",
		"| Fig. 16 | flurries | not reproduced | no claim entry |   | the uncleaned logs are not available |",
		"| Table V | user classes | partial | 1 of 2 differ; 1 not comparable | §4 Table V | 7 of 9 logs |",
		"- differs: Table V (1)",
		`similarity falls \| with distance`,
		"| Table V | `table5/b` | temporary users | blank | 236 |",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("report lacks %q:\n%s", want, md)
		}
	}
}
