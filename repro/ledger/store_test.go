package ledger

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

func TestStore(t *testing.T) {
	t.Parallel()
	s := Store{Dir: t.TempDir()}
	a := New("p")
	a.Check("Table I", "a1", "s", Near(1, 0), 1)
	a.Check("Table I", "a2", "s", Near(2, 0), 2)
	b := New("p")
	b.Check("Fig. 1", "b1", "s", Near(1, 0), 3)
	if err := s.Record("p", a.Entries()); err != nil {
		t.Fatal(err)
	}
	if err := s.Record("p", b.Entries()); err != nil {
		t.Fatal(err)
	}
	// The first group again, with a new value: replaces the old record.
	a2 := New("p")
	a2.Check("Table I", "a1", "s", Near(1, 0), 1)
	a2.Check("Table I", "a2", "s", Near(2, 0), 5)
	if err := s.Record("p", a2.Entries()); err != nil {
		t.Fatal(err)
	}
	if err := s.Record("p", nil); err != nil {
		t.Fatal(err)
	}
	got, err := s.Read("p")
	if err != nil {
		t.Fatal(err)
	}
	ids := ""
	for _, e := range got {
		ids += e.ID + " "
	}
	// b was recorded before a's new record, so it now comes first.
	if ids != "b1 a1 a2 " {
		t.Errorf("ids %q", ids)
	}
	if e := got[2]; e.Verdict != Differs || e.OurValue != "5" {
		t.Errorf("replaced entry %+v", e)
	}
	files, _ := filepath.Glob(filepath.Join(s.Dir, "p", "*"))
	if len(files) != 2 {
		t.Errorf("%d files recorded, want 2: %v", len(files), files)
	}
	if err := s.Record("q", a.Entries()); err == nil {
		t.Error("entries of paper p recorded under q")
	}
	if none, err := s.Read("q"); err != nil || len(none) != 0 {
		t.Errorf("Read of nothing: %v %v", none, err)
	}
	if err := s.Reset("p"); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(s.Dir, "p")); !os.IsNotExist(err) {
		t.Errorf("Reset left the folder: %v", err)
	}
	if err := os.WriteFile(filepath.Join(s.Dir, "bad.json"), []byte("{"), 0o644); err != nil {
		t.Fatal(err)
	}
	os.MkdirAll(filepath.Join(s.Dir, "r"), 0o755)
	os.WriteFile(filepath.Join(s.Dir, "r", "x.json"), []byte("{"), 0o644)
	if _, err := s.Read("r"); err == nil {
		t.Error("Read accepted a broken record")
	}
}

func TestStoreRun(t *testing.T) {
	t.Parallel()
	s := Store{Dir: t.TempDir()}
	if _, ok, err := s.Run("p"); ok || err != nil {
		t.Fatalf("Run before Begin: ok %v, err %v", ok, err)
	}
	a := New("p")
	a.Check("Table I", "a1", "s", Near(1, 0), 1)
	if err := s.Record("p", a.Entries()); err != nil {
		t.Fatal(err)
	}
	// Begin clears the earlier records and saves the run.
	started := time.Date(2026, 11, 1, 10, 0, 0, 0, time.UTC)
	if err := s.Begin("p", Run{Mode: "quick", Commit: "abc123", Started: started}); err != nil {
		t.Fatal(err)
	}
	if es, err := s.Read("p"); err != nil || len(es) != 0 {
		t.Fatalf("Read after Begin: %v %v (the run file is not a record)", es, err)
	}
	if err := s.Record("p", a.Entries()); err != nil {
		t.Fatal(err)
	}
	if es, err := s.Read("p"); err != nil || len(es) != 1 {
		t.Fatalf("Read: %v %v", es, err)
	}
	r, ok, err := s.Run("p")
	if !ok || err != nil || r.Mode != "quick" || r.Commit != "abc123" || !r.Started.Equal(started) {
		t.Errorf("Run = %+v, %v, %v", r, ok, err)
	}
	os.WriteFile(filepath.Join(s.Dir, "p", runFile), []byte("{"), 0o644)
	if _, _, err := s.Run("p"); err == nil {
		t.Error("Run of a broken run file: no error")
	}
}
