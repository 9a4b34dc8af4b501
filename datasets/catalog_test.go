package datasets

import (
	"bytes"
	"net/http"
	"net/http/httptest"
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

// TestDownload serves a small log from an httptest server: the loader
// downloads it into the cache once, checks it, and reads it from the cache
// afterwards. No test touches the network.
func TestDownload(t *testing.T) {
	t.Parallel()
	// A small stand-in for KTH-SP2 with the catalog's job count.
	e, _ := Lookup("KTH-SP2")
	var body bytes.Buffer
	src := Sample()
	big := NewTrace("kth", e.Jobs)
	for i := 0; i < e.Jobs; i++ {
		j := src.Job(i % src.Len())
		j.JobID = i + 1
		j.Submit = float64(i)
		j.PrevJob = -1
		big.Append(j)
	}
	if err := WriteSWF(&body, big); err != nil {
		t.Fatal(err)
	}
	gzBody := gz(body.String())
	hits := 0
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits++
		switch r.URL.Path {
		case "/l_kth_sp2/KTH-SP2-1996-2.1-cln.swf.gz":
			w.Write(gzBody)
		case "/l_ctc_sp2/CTC-SP2-1996-3.1-cln.swf.gz":
			w.Write(gz(goodLine)) // valid SWF, wrong job count
		default:
			http.NotFound(w, r)
		}
	}))
	defer srv.Close()
	cache := t.TempDir()
	var progress bytes.Buffer
	l := &Loader{CacheDir: cache, BaseURL: srv.URL, Progress: &progress}
	tr, err := l.Load("KTH-SP2")
	if err != nil {
		t.Fatal(err)
	}
	if tr.Len() != e.Jobs || hits != 1 {
		t.Fatalf("jobs %d hits %d", tr.Len(), hits)
	}
	if !strings.Contains(progress.String(), "downloading KTH-SP2-1996-2.1-cln.swf.gz") {
		t.Errorf("progress = %q", progress.String())
	}
	if _, err := l.Load("KTH-SP2"); err != nil || hits != 1 {
		t.Fatalf("second load: %v, hits %d (want the cache)", err, hits)
	}
	if _, err := l.Load("CTC-SP2"); err == nil || !strings.Contains(err.Error(), "catalog expects") {
		t.Errorf("wrong job count: err %v", err)
	}
	if _, err := l.Load("SDSC-SP2"); err == nil || !strings.Contains(err.Error(), "404") {
		t.Errorf("missing file: err %v", err)
	}
	files, _ := filepath.Glob(filepath.Join(cache, "*"))
	hidden, _ := filepath.Glob(filepath.Join(cache, ".*"))
	if len(files) != 1 || len(hidden) != 0 {
		t.Errorf("cache holds %v %v; want only the good download", files, hidden)
	}
	srv.Close()
	offline := &Loader{CacheDir: t.TempDir(), BaseURL: srv.URL}
	if _, err := offline.Load("KTH-SP2"); err == nil || !strings.Contains(err.Error(), "offline?") {
		t.Errorf("offline: err %v", err)
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
	s, err := l.Load("")
	if err != nil || s.Len() == 0 || s.Name != "sample" {
		t.Fatalf("sample: %v", err)
	}
	s.Submit[0] = -42
	if Sample().Submit[0] == -42 {
		t.Error("Sample returned shared storage")
	}
}
