package ledger

import (
	"bytes"
	"strings"
	"testing"
)

func TestBaseline(t *testing.T) {
	t.Parallel()
	base := NewBaseline("demo2013", "quick", sampleLedger().Entries())
	// sampleLedger: 3 entries agree (procs, bracketed, mix/equal), the other 4 do not.
	if len(base.Verdicts) != 7 || base.Verdicts["table6/KTH-SP2/procs"] != Agrees || base.Verdicts["runtime-depth-range"] != Differs {
		t.Fatalf("baseline %+v", base)
	}
	var buf bytes.Buffer
	if err := WriteBaseline(&buf, base); err != nil {
		t.Fatal(err)
	}
	// One entry a line, sorted by id: a changed verdict is a one-line diff.
	if !strings.Contains(buf.String(), "\n    \"fig8/KTH-SP2/bracketed\": \"agrees\",\n    \"mix/equal\": \"agrees\",\n") {
		t.Errorf("baseline file:\n%s", buf.String())
	}
	back, err := ReadBaseline(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if back.Paper != "demo2013" || back.Mode != "quick" || len(back.Verdicts) != 7 {
		t.Fatalf("read back %+v", back)
	}

	// Unchanged ledger: nothing to report.
	if c := back.Check(sampleLedger().Entries()); len(c.Regressions)+len(c.Improved)+len(c.New) != 0 {
		t.Errorf("check of an unchanged ledger: %+v", c)
	}
	// An agreement turns into a difference, another disappears; a
	// difference turns into an agreement; a new entry; an entry of another
	// paper is ignored.
	cur := New("demo2013")
	cur.Check("Table VI", "table6/KTH-SP2/procs", "s", Approx(3.82, 0.07), 4.5)
	cur.Check("§5.2", "runtime-depth-range", "s", Between(13, 36), 20)
	cur.Claim("Fig. 8", "fig8/KTH-SP2/bracketed", "s", true, "")
	cur.Check("Table V", "table5/new", "s", Near(1, 0), 1)
	other := New("other")
	other.Check("Table VI", "mix/equal", "s", Near(1, 0), 1)
	c := back.Check(append(cur.Entries(), other.Entries()...))
	var got []string
	for _, r := range c.Regressions {
		got = append(got, r.String())
	}
	want := []string{
		"demo2013 mix/equal: agreed, now missing",
		"demo2013 table6/KTH-SP2/procs: agreed, now differs (ours 4.500, paper 3.82)",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("regressions\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if strings.Join(c.Improved, ",") != "runtime-depth-range" || strings.Join(c.New, ",") != "table5/new" {
		t.Errorf("improved %v, new %v", c.Improved, c.New)
	}

	for _, bad := range []string{"{", `{"mode":"quick","verdicts":{}}`, `{"paper":"p","verdicts":{"a":"fine"}}`} {
		if _, err := ReadBaseline(strings.NewReader(bad)); err == nil {
			t.Errorf("ReadBaseline(%s): no error", bad)
		}
	}
}
