package study

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/tracelab/tracelab/repro/ledger"
)

func TestOptions(t *testing.T) {
	t.Setenv("TRACELAB_QUICK", "1")
	if o := FromEnv(); !o.Quick || o.Mode() != "quick" || o.Reps(1000, 50) != 50 {
		t.Errorf("quick: %+v mode %s reps %d", o, o.Mode(), o.Reps(1000, 50))
	}
	t.Setenv("TRACELAB_QUICK", "0")
	if o := FromEnv(); o.Quick || o.Mode() != "full" || o.Reps(1000, 50) != 1000 {
		t.Errorf("full: %+v", o)
	}
	if s := (Options{}).SeedOr(); s != 1 {
		t.Errorf("default seed %d", s)
	}
	if s := (Options{Seed: 7}).SeedOr(); s != 7 {
		t.Errorf("seed %d", s)
	}
	if w := (Options{Workers: 3}).NumWorkers(); w != 3 {
		t.Errorf("workers %d", w)
	}
	if w := (Options{Workers: -1}).NumWorkers(); w < 1 {
		t.Errorf("default workers %d", w)
	}
	var got []int
	Options{Progress: func(label string, done, total int) { got = append(got, done, total) }}.Report("x", 2, 5)
	Options{}.Report("x", 1, 1) // no Progress: nothing happens
	if len(got) != 2 || got[0] != 2 || got[1] != 5 {
		t.Errorf("progress %v", got)
	}
}

func TestLogMissing(t *testing.T) {
	t.Setenv("TRACELAB_DATA", t.TempDir())
	t.Setenv("TRACELAB_CACHE", t.TempDir())
	// Any download attempt would go here and fail loudly.
	t.Setenv("TRACELAB_ARCHIVE_URL", "http://127.0.0.1:1/")
	_, err := Log("KTH-SP2")
	if !errors.Is(err, ErrMissing) {
		t.Fatalf("Log of a missing log: %v, want ErrMissing", err)
	}
	if _, err := Log("no-such-log-anywhere"); err == nil || errors.Is(err, ErrMissing) {
		t.Errorf("Log of an unknown name: %v, want a lookup error", err)
	}
}

func TestLogShared(t *testing.T) {
	dir := os.Getenv("TRACELAB_DATA")
	if dir == "" {
		t.Skip("TRACELAB_DATA is not set")
	}
	var wg sync.WaitGroup
	got := make([]any, 4)
	for i := range got {
		wg.Add(1)
		go func() {
			defer wg.Done()
			tr, err := Log("SDSC-SP2")
			if err != nil {
				t.Error(err)
			}
			got[i] = tr
		}()
	}
	wg.Wait()
	for i := range got {
		if got[i] != got[0] || got[i] == nil {
			t.Fatalf("Log returned different traces to concurrent callers")
		}
	}
}

func TestPaperText(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "p.txt"), []byte("Table I"), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv("TRACELAB_PAPERS", dir)
	if s, err := PaperText("p.txt"); err != nil || s != "Table I" {
		t.Errorf("PaperText = %q, %v", s, err)
	}
	if _, err := PaperText("missing.txt"); err == nil {
		t.Error("PaperText of a missing file: no error")
	}
}

// TestPaperTextBounded: a paper file of more than MaxPaperBytes, or a named
// pipe where a paper is looked for, is an error; before, the file was read
// whole (os.ReadFile) and the pipe waited on for ever.
func TestPaperTextBounded(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "big.txt"), make([]byte, MaxPaperBytes+1), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "edge.txt"), make([]byte, MaxPaperBytes), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(dir, "pipe.txt"), 0o644); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	t.Setenv("TRACELAB_PAPERS", dir)
	for _, c := range []struct {
		file    string
		wantErr bool
	}{{"big.txt", true}, {"edge.txt", false}, {"pipe.txt", true}} {
		done := make(chan error, 1)
		go func() { _, err := PaperText(c.file); done <- err }()
		select {
		case err := <-done:
			if (err != nil) != c.wantErr {
				t.Errorf("%s: error %v, want an error: %v", c.file, err, c.wantErr)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("%s: PaperText waited on it", c.file)
		}
	}
}

func TestOnceAndMemo(t *testing.T) {
	var calls atomic.Int32
	var o Once[int]
	var m Memo[string, int]
	var wg sync.WaitGroup
	for range 16 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			v, err := o.Get(func() (int, error) { calls.Add(1); return 42, nil })
			if v != 42 || err != nil {
				t.Errorf("Once.Get = %d, %v", v, err)
			}
			for _, k := range []string{"a", "b"} {
				v, err := m.Get(k, func() (int, error) { calls.Add(1); return len(k), errors.New(k) })
				if v != 1 || err == nil || err.Error() != k {
					t.Errorf("Memo.Get(%s) = %d, %v", k, v, err)
				}
			}
		}()
	}
	wg.Wait()
	if n := calls.Load(); n != 3 {
		t.Errorf("%d computations, want 3 (one per memo key)", n)
	}
}

// A memo must not keep a cancellation: a notebook cell interrupted while
// an item computed would otherwise fail with "context canceled" at every
// later run in the same kernel.
func TestMemoForgetsCancellation(t *testing.T) {
	for _, stop := range []error{context.Canceled, context.DeadlineExceeded, fmt.Errorf("item: %w", context.Canceled)} {
		var m Memo[string, int]
		calls := 0
		_, err := m.Get("k", func() (int, error) { calls++; return 0, stop })
		if !errors.Is(err, stop) {
			t.Fatalf("first Get: %v, want %v", err, stop)
		}
		v, err := m.Get("k", func() (int, error) { calls++; return 7, nil })
		if v != 7 || err != nil || calls != 2 {
			t.Errorf("after %v: Get = %d, %v after %d computations, want 7, nil after 2", stop, v, err, calls)
		}
		if v, err := m.Get("k", func() (int, error) { calls++; return 8, nil }); v != 7 || err != nil || calls != 2 {
			t.Errorf("after %v: a third Get = %d, %v after %d computations, want the memoised 7", stop, v, err, calls)
		}
	}
}

type claimsOne struct{ id string }

func (c claimsOne) Claims(l *ledger.Ledger) { l.Claim("Fig. 1", c.id, "s", true, "") }

func TestLedger(t *testing.T) {
	calls := 0
	item := func(id string, err error) Item {
		return ItemOf(func(context.Context) (claimsOne, error) { calls++; return claimsOne{id}, err })
	}
	p := ledger.Paper{Key: "demo", Items: []ledger.Item{{Name: "Fig. 1", Section: "§1"}}}
	l, err := Ledger(context.Background(), p, item("a", nil), item("b", nil))
	if err != nil || l.Len() != 2 || calls != 2 {
		t.Fatalf("ledger %v, err %v, %d calls", l, err, calls)
	}
	if e, _ := l.Lookup("b"); e.Section != "§1" || e.Paper != "demo" {
		t.Errorf("entry %+v", e)
	}
	if _, err := Ledger(context.Background(), p, item("a", errors.New("boom")), item("b", nil)); err == nil || calls != 3 {
		t.Errorf("an item's error: %v after %d calls", err, calls)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Ledger(ctx, p, item("a", nil)); err == nil || calls != 3 {
		t.Errorf("cancelled context: %v after %d calls", err, calls)
	}
}
