package datasets

import (
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

func TestLookup(t *testing.T) {
	t.Parallel()
	tests := []struct{ in, want, errPart string }{
		{"KTH-SP2-1996-2.1-cln", "KTH-SP2-1996-2.1-cln", ""},
		{"kth-sp2", "KTH-SP2-1996-2.1-cln", ""},
		{"KTH", "KTH-SP2-1996-2.1-cln", ""},
		{"/some/dir/CTC-SP2-1996-3.1-cln.swf.gz", "CTC-SP2-1996-3.1-cln", ""},
		{"CTC-SP2", "CTC-SP2-1996-3.1-cln", ""}, // alias, though CTC-SP2-1995-2 shares the prefix
		{"ctc-sp2-1995", "CTC-SP2-1995-2", ""},
		{"SDSC-Par", "SDSC-Par-1996-3.1-cln", ""},
		{"SDSC-Par-1995", "SDSC-Par-1995-3.1-cln", ""},
		{"Sandia", "Sandia-Ross-2001-1.1-cln", ""},
		{"ricc", "RICC-2010-2", ""},
		{"METACENTRUM-2009", "METACENTRUM-2009-2", ""},
		{"lublin", "lublin_256", ""},
		{"SDSC", "", "ambiguous"},
		{"DAS2", "", "ambiguous"},
		{"LLNL", "", "ambiguous"},
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

// logName is the archive's naming of a log: machine, year, conversion
// number, "-cln" for a cleaned version.
var logName = regexp.MustCompile(`^[A-Za-z0-9]+(-[A-Za-z0-9]+)*-(19|20)\d\d-\d+(\.\d+)?(-cln)?$`)

// TestCatalogConsistent checks the catalog offline: unique names and
// aliases, the archive's naming, one version per log, a source for every
// entry, and counts that agree with each other.
func TestCatalogConsistent(t *testing.T) {
	t.Parallel()
	seen := map[string]string{}
	versions := map[string]string{}
	withCounts := 0
	for _, e := range Catalog() {
		for _, n := range []string{e.Name, e.Alias} {
			if n == "" {
				continue
			}
			if other, dup := seen[strings.ToLower(n)]; dup {
				t.Errorf("%q names both %s and %s", n, other, e.Name)
			}
			seen[strings.ToLower(n)] = e.Name
		}
		if e.File != e.Name+".swf.gz" || e.Source == "" {
			t.Errorf("%s: file %q, source %q", e.Name, e.File, e.Source)
		}
		if e.Name == "lublin_256" {
			continue
		}
		if !logName.MatchString(e.Name) || !strings.HasPrefix(e.Archive, "l_") || !strings.HasSuffix(e.Archive, "/") {
			t.Errorf("%s: not an archive log name or folder (%q)", e.Name, e.Archive)
		}
		// One version of each log: the name without its conversion number.
		base := e.Name[:strings.LastIndex(strings.TrimSuffix(e.Name, "-cln"), "-")]
		if other, dup := versions[base]; dup {
			t.Errorf("two versions of %s: %s and %s", base, other, e.Name)
		}
		versions[base] = e.Name
		if e.Source == local && (e.Rows == 0 || e.Jobs == 0 || e.Users == 0 || e.SHA256 == "") {
			t.Errorf("%s: a local log without counts", e.Name)
		}
		if (e.Jobs > e.Rows && e.Rows > 0) || (e.Jobs > 0 && e.Rows == 0) {
			t.Errorf("%s: %d jobs of %d rows", e.Name, e.Jobs, e.Rows)
		}
		if (e.Bytes > 0) != (len(e.SHA256) == 64) {
			t.Errorf("%s: size %d with SHA-256 %q", e.Name, e.Bytes, e.SHA256)
		}
		if e.Source != list && e.Rows == 0 && e.MaxProcs == 0 {
			t.Errorf("%s: source %q gives no figure", e.Name, e.Source)
		}
		if e.Rows > 0 || e.SHA256 != "" {
			withCounts++
		}
	}
	if n := len(Catalog()); n < 40 || withCounts < 20 {
		t.Errorf("%d logs, %d with counts: the archive publishes about 40", n, withCounts)
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
