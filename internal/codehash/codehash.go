package codehash

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// Dirs are the folders whose Go code a reproduction's results depend on:
// the reproduction layer, the simulators, the analyses, the readers, and
// the confidence intervals and internal helpers (parallel workers, random
// streams) they call.
var Dirs = []string{"repro", "sim", "analytics", "datasets", "confidence", "internal"}

// Tree returns the hash of the non-test Go files under dirs of the module
// root (see the package documentation). A folder of dirs that does not
// exist is an error.
func Tree(root string, dirs []string) (string, error) {
	fsys := os.DirFS(root)
	var files []string
	for _, d := range dirs {
		if !fs.ValidPath(d) {
			return "", fmt.Errorf("codehash: %q is not a folder of the root", d)
		}
		err := fs.WalkDir(fsys, d, func(p string, e fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			name := e.Name()
			if e.IsDir() {
				if p != d && (name == "testdata" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
					return fs.SkipDir
				}
				return nil
			}
			if e.Type().IsRegular() && strings.HasSuffix(name, ".go") && !strings.HasSuffix(name, "_test.go") {
				files = append(files, p)
			}
			return nil
		})
		if err != nil {
			return "", fmt.Errorf("codehash: %w", err)
		}
	}
	slices.Sort(files)
	files = slices.Compact(files)
	h := sha256.New()
	for _, p := range files {
		b, err := fs.ReadFile(fsys, p)
		if err != nil {
			return "", fmt.Errorf("codehash: %w", err)
		}
		h.Write([]byte(path.Clean(p) + "\x00" + strconv.Itoa(len(b)) + "\x00"))
		h.Write(b)
	}
	return "sha256:" + hex.EncodeToString(h.Sum(nil)), nil
}

// Root returns the module root above dir: the nearest folder, dir itself
// or one of its parents, that holds a go.mod file.
func Root(dir string) (string, error) {
	d, err := filepath.Abs(dir)
	if err != nil {
		return "", fmt.Errorf("codehash: %w", err)
	}
	for {
		if st, err := os.Stat(filepath.Join(d, "go.mod")); err == nil && st.Mode().IsRegular() {
			return d, nil
		}
		parent := filepath.Dir(d)
		if parent == d {
			return "", fmt.Errorf("codehash: no go.mod in %s or above", dir)
		}
		d = parent
	}
}
