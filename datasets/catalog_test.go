package datasets

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestLookup(t *testing.T) {
	t.Parallel()
	tests := []struct{ in, want, errPart string }{
		{"KTH-SP2-1996-2.1-cln", "KTH-SP2-1996-2.1-cln", ""},
		{"kth-sp2", "KTH-SP2-1996-2.1-cln", ""},
		{"/some/dir/CTC-SP2-1996-3.1-cln.swf.gz", "CTC-SP2-1996-3.1-cln", ""},
		{"SDSC", "", "ambiguous"},
		{"nope", "", "no log named"},
	}
	for _, tc := range tests {
		e, err := Lookup(tc.in)
		if tc.errPart != "" {
			if err == nil || !strings.Contains(err.Error(), tc.errPart) {
				t.Errorf("Lookup(%q) error %v, want %q", tc.in, err, tc.errPart)
			}
			continue
		}
		if err != nil || e.Name != tc.want {
			t.Errorf("Lookup(%q) = %q, %v", tc.in, e.Name, err)
		}
	}
}

func TestLoadPathAndSample(t *testing.T) {
	t.Parallel()
	p := filepath.Join(t.TempDir(), "mine.swf")
	os.WriteFile(p, []byte(goodLine), 0o644)
	l := &Loader{}
	tr, err := l.Load(p)
	if err != nil || tr.Len() != 1 || tr.Name != "mine" {
		t.Fatalf("path: %v %v", tr, err)
	}
	if _, err := l.Load(filepath.Join(t.TempDir(), "missing.swf")); err == nil || !strings.Contains(err.Error(), "no such file") {
		t.Errorf("missing path: %v", err)
	}
	dir := t.TempDir()
	if _, err := l.Load(dir); !errors.Is(err, ErrDirectory) || !strings.Contains(err.Error(), "is a directory") {
		t.Errorf("directory as a log: %v", err)
	}
	if _, err := ReadFile(dir, ReadOptions{}); !errors.Is(err, ErrDirectory) {
		t.Errorf("ReadFile of a directory: %v", err)
	}
	s, err := l.Load("")
	if err != nil || s.Len() == 0 || s.Name != "sample" {
		t.Fatalf("sample: %v", err)
	}
	s.Submit[0] = -42
	if Sample().Submit[0] == -42 {
		t.Error("Sample returned shared storage")
	}
}
