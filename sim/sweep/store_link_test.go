package sweep

import (
	"context"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// TestStoreSaveRefusesNonRegular: a symbolic link or a named pipe planted
// where the store keeps a sweep is refused by Save, never written through
// (the link's target replaced, or the write waiting for a reader: hostile5,
// session 15).
func TestStoreSaveRefusesNonRegular(t *testing.T) {
	spec := Spec{Experiment: toy(), Params: []Param{{"load", []float64{0.5}}}, Reps: 3, Seed: 5}
	rows, err := Run(context.Background(), spec, Options{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	victim := filepath.Join(t.TempDir(), "victim")
	if err := os.WriteFile(victim, []byte("keep"), 0o600); err != nil {
		t.Fatal(err)
	}
	for name, plant := range map[string]func(string) error{
		"link": func(p string) error { return os.Symlink(victim, p) },
		"pipe": func(p string) error { return syscall.Mkfifo(p, 0o644) },
	} {
		st := Store{t.TempDir()}
		if err := plant(st.Path(spec.ID())); err != nil {
			t.Skipf("%s: %v", name, err)
		}
		done := make(chan error, 1)
		go func() { done <- st.Save(spec, rows) }()
		select {
		case err := <-done:
			if err == nil {
				t.Errorf("%s: saved, want a refusal", name)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("%s: Save waited on it", name)
		}
	}
	if b, _ := os.ReadFile(victim); string(b) != "keep" {
		t.Errorf("the link's target was overwritten: %q", b)
	}
}
