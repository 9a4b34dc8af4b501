package datasets

import (
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"
)

// Entry describes one log of the Parallel Workloads Archive.
type Entry struct {
	Name     string // e.g. "KTH-SP2-1996-2.1-cln"
	File     string // file name, e.g. "KTH-SP2-1996-2.1-cln.swf.gz"
	Archive  string // path under the archive's base URL; "" when the archive does not serve it
	Jobs     int    // job rows after placeholders are skipped (the reader's default)
	Users    int    // distinct user ids
	MaxProcs int    // the header's MaxProcs
	Days     int    // span of the log in days (rounded)
}

// ArchiveURL is the base URL of the Parallel Workloads Archive's logs.
const ArchiveURL = "https://www.cs.huji.ac.il/labs/parallel/workload/"

// catalog lists the logs known by name. Jobs and users were counted by this
// package's reader on the files checked against their header counts
// (../shared/pwa/README.md); LLNL-Thunder's 121,039 rows include 1,190
// placeholders with submit −1.
var catalog = []Entry{
	{"KTH-SP2-1996-2.1-cln", "KTH-SP2-1996-2.1-cln.swf.gz", "l_kth_sp2/", 28476, 214, 100, 333},
	{"CTC-SP2-1996-3.1-cln", "CTC-SP2-1996-3.1-cln.swf.gz", "l_ctc_sp2/", 77222, 679, 338, 339},
	{"LANL-CM5-1994-4.1-cln", "LANL-CM5-1994-4.1-cln.swf.gz", "l_lanl_cm5/", 122060, 213, 1024, 721},
	{"SDSC-Par-1996-3.1-cln", "SDSC-Par-1996-3.1-cln.swf.gz", "l_sdsc_par96/", 32135, 60, 400, 371},
	{"SDSC-SP2-1998-4.2-cln", "SDSC-SP2-1998-4.2-cln.swf.gz", "l_sdsc_sp2/", 59715, 437, 128, 729},
	{"HPC2N-2002-2.2-cln", "HPC2N-2002-2.2-cln.swf.gz", "l_hpc2n/", 202871, 257, 240, 1264},
	{"SDSC-BLUE-2000-4.2-cln", "SDSC-BLUE-2000-4.2-cln.swf.gz", "l_sdsc_blue/", 243306, 468, 1152, 974},
	{"SDSC-DS-2004-2.1-cln", "SDSC-DS-2004-2.1-cln.swf.gz", "l_sdsc_ds/", 96069, 460, 1664, 366},
	{"CEA-Curie-2011-2.1-cln", "CEA-Curie-2011-2.1-cln.swf.gz", "l_cea_curie/", 312826, 582, 93312, 254},
	{"OSC-Clust-2000-3.1-cln", "OSC-Clust-2000-3.1-cln.swf.gz", "l_osc_cluster/", 36097, 253, 178, 677},
	{"LLNL-Thunder-2007-1.1-cln", "LLNL-Thunder-2007-1.1-cln.swf.gz", "l_llnl_thunder/", 119849, 283, 4008, 150},
	// Made by the reference Lublin–Feitelson program (m_lublin99) for a
	// 256-node machine; not served by the archive under this name.
	{"lublin_256", "lublin_256.swf.gz", "", 10000, 0, 256, 89},
}

// Catalog returns the known logs, in the order of the archive's table.
func Catalog() []Entry { return append([]Entry(nil), catalog...) }

// Lookup finds a catalog entry by name, case-insensitively: the full name,
// the name with its file extensions, or a unique prefix ("KTH-SP2",
// "ctc"). An ambiguous prefix is an error that lists the candidates.
func Lookup(name string) (Entry, error) {
	key := strings.ToLower(LogName(name))
	var hits []Entry
	for _, e := range catalog {
		n := strings.ToLower(e.Name)
		if n == key {
			return e, nil
		}
		if strings.HasPrefix(n, key) {
			hits = append(hits, e)
		}
	}
	switch len(hits) {
	case 1:
		return hits[0], nil
	case 0:
		return Entry{}, fmt.Errorf("datasets: no log named %q in the catalog (tracelab catalog lists them)", name)
	}
	names := make([]string, len(hits))
	for i, h := range hits {
		names[i] = h.Name
	}
	return Entry{}, fmt.Errorf("datasets: %q is ambiguous: %s", name, strings.Join(names, ", "))
}

// Loader finds logs: an explicit path, else the catalog file in DataDir,
// else in CacheDir, else a download from BaseURL into CacheDir.
type Loader struct {
	DataDir  string       // a folder of SWF files (TRACELAB_DATA); "" for none
	CacheDir string       // downloads go here; "" for no cache and no download
	BaseURL  string       // the archive's base URL (ArchiveURL)
	Client   *http.Client // nil: a client with a 10-minute timeout
	Progress io.Writer    // download progress; nil for none
	Options  ReadOptions  // passed to the reader (Name is set per log)
}

// DefaultLoader returns the loader that Load uses: DataDir from
// TRACELAB_DATA, CacheDir os.UserCacheDir()/tracelab (or TRACELAB_CACHE),
// BaseURL ArchiveURL (or TRACELAB_ARCHIVE_URL), progress on stderr.
func DefaultLoader() *Loader {
	l := &Loader{DataDir: os.Getenv("TRACELAB_DATA"), BaseURL: ArchiveURL, Progress: os.Stderr}
	if u := os.Getenv("TRACELAB_ARCHIVE_URL"); u != "" {
		l.BaseURL = u
	}
	if c := os.Getenv("TRACELAB_CACHE"); c != "" {
		l.CacheDir = c
	} else if d, err := os.UserCacheDir(); err == nil {
		l.CacheDir = filepath.Join(d, "tracelab")
	}
	return l
}

// Load reads a log by path or catalog name with DefaultLoader. The name
// "sample" (or "") gives the embedded sample (Sample).
func Load(name string) (*Trace, error) { return DefaultLoader().Load(name) }

// Load reads a log: "" or "sample" is the embedded sample; an existing file
// path is read as it is; any other name is looked up in the catalog and
// found by Path.
func (l *Loader) Load(name string) (*Trace, error) {
	if name == "" || name == "sample" {
		return Sample(), nil
	}
	path, err := l.Path(name)
	if err != nil {
		return nil, err
	}
	opts := l.Options
	opts.Name = path
	t, err := ReadFile(path, opts)
	if err != nil {
		return nil, err
	}
	return t, nil
}

// Path returns the local file of a log, downloading it when needed: an
// existing file path is returned as it is; a catalog name is looked for in
// DataDir, then CacheDir, then downloaded into CacheDir.
func (l *Loader) Path(name string) (string, error) {
	if st, err := os.Stat(name); err == nil && !st.IsDir() {
		return name, nil
	}
	e, err := Lookup(name)
	if err != nil {
		if strings.ContainsAny(name, `/\`) || strings.HasSuffix(name, ".swf") || strings.HasSuffix(name, ".gz") {
			return "", fmt.Errorf("datasets: %s: no such file", name)
		}
		return "", err
	}
	var tried []string
	for _, dir := range []string{l.DataDir, l.CacheDir} {
		if dir == "" {
			continue
		}
		for _, f := range []string{e.File, strings.TrimSuffix(e.File, ".gz")} {
			p := filepath.Join(dir, f)
			if _, err := os.Stat(p); err == nil {
				return p, nil
			}
			tried = append(tried, p)
		}
	}
	if e.Archive == "" {
		return "", fmt.Errorf("datasets: log %s is not served by the archive; looked in %s", e.Name, strings.Join(tried, ", "))
	}
	if l.CacheDir == "" {
		return "", fmt.Errorf("datasets: log %s not found (looked in %s) and no cache folder to download into", e.Name, strings.Join(tried, ", "))
	}
	return l.download(e)
}

// download fetches e into the cache: written to a temporary file, its size
// checked against Content-Length, parsed and its job count checked against
// the catalog, then renamed into place.
func (l *Loader) download(e Entry) (string, error) {
	if err := os.MkdirAll(l.CacheDir, 0o755); err != nil {
		return "", fmt.Errorf("datasets: cache folder: %w", err)
	}
	url := strings.TrimSuffix(l.BaseURL, "/") + "/" + e.Archive + e.File
	client := l.Client
	if client == nil {
		client = &http.Client{Timeout: 10 * time.Minute}
	}
	resp, err := client.Get(url)
	if err != nil {
		return "", fmt.Errorf("datasets: downloading %s failed (offline? set TRACELAB_DATA to a folder holding %s): %w", url, e.File, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return "", fmt.Errorf("datasets: downloading %s: %s", url, resp.Status)
	}
	dst := filepath.Join(l.CacheDir, e.File)
	tmp, err := os.CreateTemp(l.CacheDir, "."+e.File+".part*")
	if err != nil {
		return "", err
	}
	defer os.Remove(tmp.Name()) // no-op after the rename
	var src io.Reader = resp.Body
	if l.Progress != nil {
		src = &progressReader{r: resp.Body, total: resp.ContentLength, w: l.Progress, name: e.File}
	}
	n, err := io.Copy(tmp, src)
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return "", fmt.Errorf("datasets: downloading %s: %w", url, err)
	}
	if resp.ContentLength >= 0 && n != resp.ContentLength {
		return "", fmt.Errorf("datasets: downloading %s: got %d bytes, expected %d", url, n, resp.ContentLength)
	}
	t, err := ReadFile(tmp.Name(), ReadOptions{Name: url})
	if err != nil {
		return "", fmt.Errorf("datasets: downloaded file is not a valid log: %w", err)
	}
	if e.Jobs > 0 && t.Len() != e.Jobs {
		return "", fmt.Errorf("datasets: downloaded %s has %d jobs, the catalog expects %d", url, t.Len(), e.Jobs)
	}
	if err := os.Rename(tmp.Name(), dst); err != nil {
		return "", err
	}
	return dst, nil
}

type progressReader struct {
	r     io.Reader
	total int64
	done  int64
	last  time.Time
	w     io.Writer
	name  string
}

func (p *progressReader) Read(b []byte) (int, error) {
	n, err := p.r.Read(b)
	p.done += int64(n)
	if now := time.Now(); now.Sub(p.last) > 500*time.Millisecond || errors.Is(err, io.EOF) {
		p.last = now
		if p.total > 0 {
			fmt.Fprintf(p.w, "\rdownloading %s: %.1f / %.1f MB (%.0f%%)", p.name, float64(p.done)/1e6, float64(p.total)/1e6, 100*float64(p.done)/float64(p.total))
		} else {
			fmt.Fprintf(p.w, "\rdownloading %s: %.1f MB", p.name, float64(p.done)/1e6)
		}
		if errors.Is(err, io.EOF) {
			fmt.Fprintln(p.w)
		}
	}
	return n, err
}

// Names returns the catalog's names, sorted.
func Names() []string {
	n := make([]string, len(catalog))
	for i, e := range catalog {
		n[i] = e.Name
	}
	sort.Strings(n)
	return n
}
