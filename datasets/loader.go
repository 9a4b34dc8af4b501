package datasets

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/tracelab/tracelab/internal/infile"
)

// Loader finds logs: an explicit path, else the catalog file in DataDir,
// else in CacheDir, else a download from BaseURL into CacheDir.
type Loader struct {
	DataDir  string       // a folder of SWF files (TRACELAB_DATA); "" for none; set but not a folder: Path's error
	CacheDir string       // downloads go here; "" for no cache and no download
	BaseURL  string       // the archive's base URL (ArchiveURL)
	Client   *http.Client // nil: a client with the connect timeout (and no overall limit)
	Progress io.Writer    // download progress; nil for none
	Options  ReadOptions  // passed to the reader (Name is set per log)
	// ConnectTimeout bounds connecting, the TLS handshake and the wait for
	// the response header of a download; IdleTimeout bounds the wait for
	// each piece of the body. Zero means DefaultTimeout (30 s).
	ConnectTimeout, IdleTimeout time.Duration

	signals <-chan os.Signal // tests: stands in for SIGINT/SIGTERM during a download
}

// DefaultLoader returns the loader that Load uses: DataDir from
// TRACELAB_DATA, CacheDir os.UserCacheDir()/tracelab (or TRACELAB_CACHE),
// BaseURL ArchiveURL (or TRACELAB_ARCHIVE_URL), connect and idle timeouts
// from TRACELAB_DOWNLOAD_TIMEOUT (a Go duration such as "2m"; default 30 s),
// progress on stderr.
func DefaultLoader() *Loader {
	l := &Loader{DataDir: os.Getenv("TRACELAB_DATA"), BaseURL: ArchiveURL, Progress: os.Stderr}
	if d, err := time.ParseDuration(os.Getenv("TRACELAB_DOWNLOAD_TIMEOUT")); err == nil && d > 0 {
		l.ConnectTimeout, l.IdleTimeout = d, d
	}
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

// Scan hands a log's header and jobs to w without holding them (see
// Scan): "" or "sample" is the embedded sample; any other name is found as
// Load finds it.
func (l *Loader) Scan(name string, w JobWriter) (*ReadReport, error) {
	if name == "" || name == "sample" {
		t := Sample()
		return t.Report, WriteTrace(w, t)
	}
	path, err := l.Path(name)
	if err != nil {
		return nil, err
	}
	opts := l.Options
	opts.Name = path
	return ScanFile(path, opts, w)
}

// Summarize summarises a log without holding its jobs (SummarizeFile); the
// names are Load's.
func (l *Loader) Summarize(name string) (*Summary, error) {
	if name == "" || name == "sample" {
		return Summarize(Sample())
	}
	path, err := l.Path(name)
	if err != nil {
		return nil, err
	}
	return SummarizeFile(path, l.Options)
}

// Path returns the local file of a log, downloading it when needed: an
// existing file path is returned as it is; a catalog name is looked for in
// DataDir, then CacheDir (as the archive's NAME.swf.gz, then NAME.swf,
// NAME.swf.bz2 and NAME.swf.zst), then downloaded into CacheDir. A file
// found there that is not a regular file (a named pipe, a device, a link
// to one) is an error, and so is a DataDir that is set but is not a folder
// (CheckDataDir): a catalog name is then neither looked for nor
// downloaded.
func (l *Loader) Path(name string) (string, error) {
	if st, err := os.Stat(name); err == nil {
		if st.IsDir() {
			return "", fmt.Errorf("datasets: %s: %w", name, ErrDirectory)
		}
		return name, nil
	}
	if looksLikePath(name) {
		// Never the catalog's log of the same base name: /no/dir/KTH-SP2…
		// once read KTH-SP2 from DataDir, or downloaded it.
		return "", fmt.Errorf("datasets: %s: no such file (a name with a folder or a file extension is a path, never looked up in the catalog)", name)
	}
	e, err := Lookup(name)
	if err != nil {
		return "", err
	}
	if err := l.CheckDataDir(); err != nil {
		return "", err
	}
	var tried []string
	for _, p := range l.candidates(e) {
		if st, err := os.Stat(p); err == nil {
			// A named pipe or a device there (or a link to one: /dev/zero)
			// made the checksum, then the read, wait or run for ever.
			if !st.Mode().IsRegular() {
				return "", fmt.Errorf("datasets: %s, the file of %s, is %s: remove it, or pass the path to read it as it is", p, e.Name, infile.NotRegular(st.Mode()))
			}
			return p, verifyEntry(e, p)
		}
		tried = append(tried, p)
	}
	if e.Archive == "" {
		return "", fmt.Errorf("datasets: log %s is not served by the archive; looked in %s", e.Name, strings.Join(tried, ", "))
	}
	if l.CacheDir == "" {
		return "", fmt.Errorf("datasets: log %s not found (looked in %s) and no cache folder to download into", e.Name, strings.Join(tried, ", "))
	}
	return l.download(e)
}

// LocalPath returns the file that Path would give for name, without
// downloading or checking it: an existing file path as it is; for a
// catalog name, the first of its files found in DataDir or CacheDir, else
// the file a download would write in CacheDir. ok is false when name is
// "" or "sample" (the embedded sample), or no file could be named. A
// command uses it to refuse an output that would replace its input named
// by catalog name ("convert KTH-SP2 -o $TRACELAB_DATA/KTH-SP2-…swf.gz"
// replaced the archive's log with the conversion).
func (l *Loader) LocalPath(name string) (path string, ok bool) {
	if name == "" || name == "sample" {
		return "", false
	}
	if _, err := os.Stat(name); err == nil || looksLikePath(name) {
		return name, true
	}
	e, err := Lookup(name)
	if err != nil {
		return "", false
	}
	for _, p := range l.candidates(e) {
		if _, err := os.Stat(p); err == nil {
			return p, true
		}
	}
	if l.CacheDir == "" || e.Archive == "" {
		return "", false
	}
	return filepath.Join(l.CacheDir, e.File), true
}

// CheckDataDir returns an error naming TRACELAB_DATA when DataDir is set
// but is not a folder (missing, a file, a named pipe, a device, a link to
// one of these). Before, such a DataDir was passed over in silence: the
// log was then looked for in the cache and downloaded, or the download's
// error said nothing of the unusable data folder.
func (l *Loader) CheckDataDir() error {
	if l.DataDir == "" {
		return nil
	}
	st, err := os.Stat(l.DataDir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("datasets: TRACELAB_DATA (the data folder) %s does not exist: set it to a folder of logs, or unset it", l.DataDir)
	case err != nil:
		return fmt.Errorf("datasets: TRACELAB_DATA (the data folder) %s cannot be used: %w", l.DataDir, err)
	case !st.IsDir():
		what := "a regular file"
		if !st.Mode().IsRegular() {
			what = strings.TrimSuffix(infile.NotRegular(st.Mode()), ", not a regular file")
		}
		return fmt.Errorf("datasets: TRACELAB_DATA (the data folder) %s is %s, not a folder: set it to a folder of logs, or unset it", l.DataDir, what)
	}
	return nil
}

// candidates are the files where Path looks for catalog entry e, in
// order: in DataDir, then CacheDir, the archive's NAME.swf.gz, then
// NAME.swf, NAME.swf.bz2 and NAME.swf.zst.
func (l *Loader) candidates(e Entry) []string {
	var ps []string
	plain := strings.TrimSuffix(e.File, ".gz")
	for _, dir := range []string{l.DataDir, l.CacheDir} {
		if dir == "" {
			continue
		}
		for _, f := range []string{e.File, plain, plain + ".bz2", plain + ".zst"} {
			ps = append(ps, filepath.Join(dir, f))
		}
	}
	return ps
}

// pathExtensions are the endings of the files tracelab reads: a name that
// ends in one is a path.
var pathExtensions = []string{".swf", ".gz", ".csv", ".json", ".parquet", ".bz2", ".xz", ".zst", ".zip", ".txt", ".log", ".sacct"}

// looksLikePath reports whether a LOG argument is meant as a file path
// rather than a catalog name: it holds a path separator or ends in a file
// extension.
func looksLikePath(name string) bool {
	if strings.ContainsAny(name, `/\`) {
		return true
	}
	lower := strings.ToLower(name)
	for _, x := range pathExtensions {
		if strings.HasSuffix(lower, x) {
			return true
		}
	}
	return false
}

// verifyEntry checks that the file p found for catalog entry e in a data
// or cache folder is e's log: not a link to another catalog log's file,
// and, for the gzipped file whose size and SHA-256 the catalog knows,
// those (a file of another log or version under e's name would otherwise
// be read as e).
func verifyEntry(e Entry, p string) error {
	if real, err := filepath.EvalSymlinks(p); err == nil && real != p {
		if other, err := Lookup(filepath.Base(real)); err == nil && other.Name != e.Name && looksLikePath(filepath.Base(real)) {
			return fmt.Errorf("datasets: %s is a link to %s, the file of %s, not of %s: remove it, or pass the path to read it as it is",
				p, real, other.Name, e.Name)
		}
	}
	if filepath.Base(p) != e.File || e.SHA256 == "" {
		return nil
	}
	f, err := os.Open(p)
	if err != nil {
		return fmt.Errorf("datasets: %w", err)
	}
	defer f.Close()
	sum := sha256.New()
	var r io.Reader = f
	if e.Bytes > 0 {
		r = io.LimitReader(f, e.Bytes+1) // a file that grows does not keep us reading
	}
	n, err := io.Copy(sum, r)
	if err != nil {
		return fmt.Errorf("datasets: %s: %w", p, err)
	}
	got := hex.EncodeToString(sum.Sum(nil))
	if (e.Bytes > 0 && n != e.Bytes) || got != e.SHA256 {
		return fmt.Errorf("datasets: %s is not the catalog's %s: %d bytes, SHA-256 %s; the catalog's has %d bytes, SHA-256 %s "+
			"(another log or version under its name?): remove it to download the log again, or pass the path to read it as it is",
			p, e.Name, n, got, e.Bytes, e.SHA256)
	}
	return nil
}
