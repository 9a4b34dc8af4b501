package notebook

import (
	"strings"
	"testing"

	"github.com/tracelab/tracelab/repro/ledger"
)

func TestWhereText(t *testing.T) {
	es := []ledger.Entry{
		{ID: "fig9/A/wait", Verdict: ledger.Agrees},
		{ID: "fig9/B/wait", Verdict: ledger.Differs},
		{ID: "fig9/C/wait", Verdict: ledger.Differs},
		{ID: "fig9/common-week/A/wait", Verdict: ledger.Agrees}, // "*" does not cross "/"
		{ID: "fig9/A/slowdown", Verdict: ledger.NotComparable},
		{ID: "table1/x", Verdict: ledger.Agrees},
	}
	for _, tc := range []struct {
		name, pattern, want string
	}{
		{"counts and logs", "fig9/*/wait", "  fig9/*/wait: agrees 1 of 3 (A); differs 2 of 3 (B, C)\n"},
		{"not comparable", "fig9/*/slowdown", "  fig9/*/slowdown: not comparable 1 of 1 (A)\n"},
		{"no wildcard names the id", "table1/x", "  table1/x: agrees 1 of 1 (table1/x)\n"},
		{"two wildcards", "fig9/common-week/*/*", "  fig9/common-week/*/*: agrees 1 of 1 (A/wait)\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := WhereText("T", es, tc.pattern)
			if err != nil {
				t.Fatal(err)
			}
			if got != "T\n"+tc.want {
				t.Errorf("got %q, want %q", got, "T\n"+tc.want)
			}
		})
	}
	for _, bad := range []string{"fig9/*/none", "fig9/[/wait"} {
		if _, err := WhereText("T", es, bad); err == nil {
			t.Errorf("pattern %q: no error", bad)
		}
	}
}

func TestWhereRecorded(t *testing.T) {
	t.Setenv("TRACELAB_LEDGER_DIR", t.TempDir())
	p := ledger.Paper{Key: "demo", Items: []ledger.Item{{Name: "Fig. 1", Section: "Fig. 1"}}}
	if err := Begin(p); err != nil {
		t.Fatal(err)
	}
	captureStdout(t, func() {
		if err := Claims(p, otherResult{}); err != nil {
			t.Fatal(err)
		}
	})
	out := captureStdout(t, func() {
		if err := Where(p, "where", "f1/*"); err != nil {
			t.Fatal(err)
		}
	})
	if !strings.Contains(out, "f1/*: agrees 1 of 1 (shape)") {
		t.Errorf("Where printed %q", out)
	}
}
