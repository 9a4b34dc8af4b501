package zakay2013

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/tracelab/tracelab/repro/study"
	"github.com/tracelab/tracelab/sim/resample"
)

// TestBootstrapStored checks that the bootstraps kept between processes
// (study.Stored) are stored, and are the ones computed without the memo: a
// new Study per step stands for a new process (a notebook cell, or
// Feitelson 2021's notebook), once with the memo folder empty (computed
// and stored: one entry) and once with it filled (read: no variant
// simulated).
func TestBootstrapStored(t *testing.T) {
	needData(t)
	ctx := context.Background()
	simulated := 0
	o := study.Options{Quick: true, Seed: 5, Progress: func(string, int, int) { simulated++ }}
	t.Setenv(study.MemoDirEnv, "")
	plain, err := New(o).Bootstrap(ctx, "KTH-SP2", LiteralReading)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	t.Setenv(study.MemoDirEnv, dir)
	for _, step := range []string{"cold", "warm"} {
		simulated = 0
		got, err := New(o).Bootstrap(ctx, "KTH-SP2", LiteralReading)
		if err != nil {
			t.Fatalf("%s: %v", step, err)
		}
		if !sameBootstraps([]*resample.Bootstrap{got}, []*resample.Bootstrap{plain}) {
			t.Errorf("%s: the memo's bootstrap differs from the plain one", step)
		}
		if got.Replicates.Nrow() != 20 || got.Log != "KTH-SP2" {
			t.Errorf("%s: %d variants of %s, want 20 of KTH-SP2", step, got.Replicates.Nrow(), got.Log)
		}
		es, err := os.ReadDir(dir)
		if err != nil || len(es) != 1 || !strings.HasSuffix(es[0].Name(), ".gob") {
			t.Fatalf("%s: want one stored result in the memo folder, have %v (%v)", step, es, err)
		}
		if step == "warm" && simulated != 0 {
			t.Errorf("warm: %d progress reports, want none (read from the memo)", simulated)
		}
		if step == "cold" && simulated == 0 {
			t.Errorf("cold: no progress report, want the variants simulated")
		}
	}
}

// TestStoredBootstrapsKeyStable checks that the key's inputs print the same
// in every process: no pointer (an address) in the readings or the
// options, which would make every process's key its own. %#v prints a
// pointer or a func that is not nil as "(T)(0x…)".
func TestStoredBootstrapsKeyStable(t *testing.T) {
	address := regexp.MustCompile(`\)\(0x[0-9a-f]+\)`)
	if !address.MatchString(fmt.Sprintf("%#v", struct{ P *int }{new(int)})) {
		t.Fatal("the test does not see a pointer")
	}
	for _, rd := range resample.Readings() {
		if s := fmt.Sprintf("%#v", rd); address.MatchString(s) {
			t.Errorf("reading %s prints an address: %s", rd.Name, s)
		}
	}
	if s := fmt.Sprintf("%#v", resample.BootstrapOptions{Seed: 2013}); address.MatchString(s) {
		t.Errorf("options print an address: %s", s)
	}
}

// TestStoredBootstrapFile checks that the memo folder's entry is a gob file
// within the study's bound (not empty: the frame was kept).
func TestStoredBootstrapFile(t *testing.T) {
	needData(t)
	dir := t.TempDir()
	t.Setenv(study.MemoDirEnv, dir)
	if _, err := New(study.Options{Quick: true, Seed: 6}).Bootstrap(context.Background(), "KTH-SP2", CommonReading); err != nil {
		t.Fatal(err)
	}
	fs, _ := filepath.Glob(filepath.Join(dir, "*.gob"))
	if len(fs) != 1 {
		t.Fatalf("%d entries stored, want 1", len(fs))
	}
	st, err := os.Stat(fs[0])
	if err != nil || st.Size() < 20*8*10 {
		t.Errorf("entry %v (%v): want at least 20 variants × 10 columns × 8 bytes", st, err)
	}
}
