package diskmemo

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

func TestKey(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		a, b []string
		same bool
	}{
		{"same parts", []string{"code", "fit", "opts"}, []string{"code", "fit", "opts"}, true},
		{"a part changed", []string{"code", "fit", "seed 1"}, []string{"code", "fit", "seed 2"}, false},
		{"parts moved across the boundary", []string{"ab", "c"}, []string{"a", "bc"}, false},
		{"order", []string{"a", "b"}, []string{"b", "a"}, false},
		{"an empty part", []string{"a"}, []string{"a", ""}, false},
		{"no part", nil, []string{""}, false},
	}
	for _, c := range cases {
		ka, kb := Key(c.a...), Key(c.b...)
		if (ka == kb) != c.same {
			t.Errorf("%s: Key(%q) = %s, Key(%q) = %s: same %v, want %v", c.name, c.a, ka, c.b, kb, ka == kb, c.same)
		}
		if len(ka) != 64 {
			t.Errorf("%s: key %q is not a hexadecimal SHA-256", c.name, ka)
		}
	}
}

// result is a stored value of the tests.
type result struct {
	Name   string
	Values []float64
}

// counted returns f and the number of its calls.
func counted[T any](v T, err error) (func() (T, error), *int) {
	n := new(int)
	return func() (T, error) { *n++; return v, err }, n
}

func memo(t *testing.T) Memo {
	return Memo{Dir: filepath.Join(t.TempDir(), "memo"), MaxEntry: 1 << 20, MaxTotal: 1 << 22}
}

func TestGetStores(t *testing.T) {
	t.Parallel()
	m := memo(t)
	want := result{"fit", []float64{1.5, -0, 3e-300}}
	f, calls := counted(want, nil)
	for i := range 3 {
		got, err := Get(m, Key("a"), f)
		if err != nil || got.Name != want.Name || len(got.Values) != 3 || got.Values[2] != want.Values[2] {
			t.Fatalf("Get %d = %v, %v; want %v", i, got, err, want)
		}
	}
	if *calls != 1 {
		t.Errorf("f ran %d times, want 1 (then read from the folder)", *calls)
	}
	// Another key misses.
	if _, err := Get(m, Key("b"), f); err != nil || *calls != 2 {
		t.Errorf("another key: %d calls, err %v; want 2, nil", *calls, err)
	}
	// Another type under the same key misses.
	g, gcalls := counted(7, nil)
	if v, err := Get(m, Key("a"), g); err != nil || v != 7 || *gcalls != 1 {
		t.Errorf("another type: %v, %v after %d calls; want 7, nil, 1", v, err, *gcalls)
	}
}

func TestGetNotStored(t *testing.T) {
	t.Parallel()
	type unexported struct {
		A int
		b int
	}
	type pointer struct{ P *int }
	one := 1
	cases := []struct {
		name string
		get  func(m Memo) (int, error) // returns f's calls after two Gets
	}{
		{"error", func(m Memo) (int, error) {
			f, n := counted(result{}, errors.New("bad"))
			Get(m, "k", f)
			_, err := Get(m, "k", f)
			return *n, err
		}},
		{"empty slice (gob reads nil)", func(m Memo) (int, error) {
			f, n := counted(result{Values: []float64{}}, nil)
			Get(m, "k", f)
			_, err := Get(m, "k", f)
			return *n, err
		}},
		{"unexported field", func(m Memo) (int, error) {
			f, n := counted(unexported{1, 2}, nil)
			Get(m, "k", f)
			v, err := Get(m, "k", f)
			if v.b != 2 {
				return 0, errors.New("lost the unexported field")
			}
			return *n, err
		}},
		{"pointer", func(m Memo) (int, error) {
			f, n := counted(pointer{&one}, nil)
			Get(m, "k", f)
			_, err := Get(m, "k", f)
			return *n, err
		}},
		{"larger than MaxEntry", func(m Memo) (int, error) {
			m.MaxEntry = 10
			f, n := counted(result{Name: "a name longer than ten bytes"}, nil)
			Get(m, "k", f)
			_, err := Get(m, "k", f)
			return *n, err
		}},
		{"folder full", func(m Memo) (int, error) {
			m.MaxTotal = 10
			f, n := counted(result{Name: "x"}, nil)
			Get(m, "k", f)
			_, err := Get(m, "k", f)
			return *n, err
		}},
		{"disabled", func(m Memo) (int, error) {
			m.Dir = ""
			f, n := counted(result{Name: "x"}, nil)
			Get(m, "k", f)
			_, err := Get(m, "k", f)
			return *n, err
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			calls, err := c.get(memo(t))
			if c.name == "error" {
				if err == nil {
					t.Error("the error was lost")
				}
			} else if err != nil {
				t.Fatal(err)
			}
			if calls != 2 {
				t.Errorf("f ran %d times, want 2: nothing stored", calls)
			}
		})
	}
}

func TestGetDamaged(t *testing.T) {
	t.Parallel()
	m := memo(t)
	want := result{"fit", []float64{2}}
	f, calls := counted(want, nil)
	Get(m, Key("a"), f)
	path := filepath.Join(m.Dir, Key("a")+".gob")
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	// A truncated file, then a file stored under another key, are computed again.
	if err := os.WriteFile(path, b[:len(b)/2], 0o600); err != nil {
		t.Fatal(err)
	}
	if got, err := Get(m, Key("a"), f); err != nil || got.Name != "fit" || *calls != 2 {
		t.Errorf("truncated: %v, %v after %d calls; want %v, nil, 2", got, err, *calls, want)
	}
	Get(m, Key("b"), f)
	if err := os.Rename(filepath.Join(m.Dir, Key("b")+".gob"), path); err != nil {
		t.Fatal(err)
	}
	if _, err := Get(m, Key("a"), f); err != nil || *calls != 4 {
		t.Errorf("another key's file: %d calls, want 4", *calls)
	}
}
