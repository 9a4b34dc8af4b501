package codehash

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"strconv"
	"testing"
)

// write makes the files of a small tree under a temporary root.
func write(t *testing.T, files map[string]string) string {
	t.Helper()
	root := t.TempDir()
	for p, c := range files {
		f := filepath.Join(root, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(f), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(f, []byte(c), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

func TestTree(t *testing.T) {
	t.Parallel()
	base := map[string]string{
		"go.mod":              "module x\n",
		"repro/a.go":          "package a\n",
		"repro/b/b.go":        "package b\n",
		"sim/s.go":            "package s\n",
		"repro/a_test.go":     "package a // test\n",
		"repro/testdata/t.go": "package t\n",
		"repro/.hidden/h.go":  "package h\n",
		"repro/_skip/k.go":    "package k\n",
		"repro/notes.md":      "notes\n",
		"cli/c.go":            "package c\n",
	}
	root := write(t, base)
	got, err := Tree(root, []string{"repro", "sim"})
	if err != nil {
		t.Fatal(err)
	}
	// The closed form of the package documentation, by hand.
	h := sha256.New()
	for _, f := range []struct{ p, c string }{{"repro/a.go", "package a\n"}, {"repro/b/b.go", "package b\n"}, {"sim/s.go", "package s\n"}} {
		h.Write([]byte(f.p + "\x00" + strconv.Itoa(len(f.c)) + "\x00" + f.c))
	}
	if want := "sha256:" + hex.EncodeToString(h.Sum(nil)); got != want {
		t.Errorf("Tree = %s, want %s", got, want)
	}

	// What is not hashed does not change it; what is, does.
	changed := []struct {
		name, path, content string
		moves               bool
	}{
		{"a test file", "repro/a_test.go", "package a // other test\n", false},
		{"testdata", "repro/testdata/t.go", "package t2\n", false},
		{"another folder", "cli/c.go", "package c2\n", false},
		{"a Markdown file", "repro/notes.md", "other\n", false},
		{"a hashed file", "repro/b/b.go", "package b // changed\n", true},
		{"a new file", "sim/new.go", "package s\n", true},
	}
	for _, c := range changed {
		files := map[string]string{}
		for k, v := range base {
			files[k] = v
		}
		files[c.path] = c.content
		h, err := Tree(write(t, files), []string{"repro", "sim"})
		if err != nil {
			t.Fatal(err)
		}
		if (h != got) != c.moves {
			t.Errorf("%s: hash moved %v, want %v", c.name, h != got, c.moves)
		}
	}
	if _, err := Tree(root, []string{"analytics"}); err == nil {
		t.Error("a missing folder: no error")
	}
	if _, err := Tree(root, []string{"../x"}); err == nil {
		t.Error("a folder outside the root: no error")
	}
}

func TestRoot(t *testing.T) {
	t.Parallel()
	root := write(t, map[string]string{"go.mod": "module x\n", "repro/ledger/l.go": "package ledger\n"})
	got, err := Root(filepath.Join(root, "repro", "ledger"))
	if err != nil {
		t.Fatal(err)
	}
	if want, _ := filepath.EvalSymlinks(root); got != root && got != want {
		t.Errorf("Root = %s, want %s", got, root)
	}
	if _, err := Root(t.TempDir()); err == nil {
		t.Error("no go.mod: no error")
	}
}

// The tree of this module hashes, and twice the same.
func TestModule(t *testing.T) {
	t.Parallel()
	root, err := Root(".")
	if err != nil {
		t.Fatal(err)
	}
	a, err := Tree(root, Dirs)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := Tree(root, Dirs)
	if a != b || len(a) != len("sha256:")+64 {
		t.Errorf("hashes %s and %s", a, b)
	}
}
