package datasets

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"time"
)

// DefaultTimeout is the connect and idle timeout of downloads when the
// Loader sets none (TRACELAB_DOWNLOAD_TIMEOUT changes it for DefaultLoader).
const DefaultTimeout = 30 * time.Second

// ErrInterrupted is returned when SIGINT or SIGTERM stops a download.
var ErrInterrupted = errors.New("download interrupted")

// errStalled is the cause of a download cancelled for want of data.
var errStalled = errors.New("no data")

// downloadSignals are the signals that stop a download and remove its
// partial file.
var downloadSignals = []os.Signal{os.Interrupt, syscall.SIGTERM}

// download fetches e into the cache: written to a hidden temporary file
// (".FILE.part…"), its size checked against Content-Length and, where the
// catalog knows them, its size and SHA-256; then it is read (which checks
// the gzip stream's checksum) and its job count checked against the
// catalog, and only then renamed into place.
//
// It never hangs: connecting, the TLS handshake and the response header
// each have the connect timeout, and the body is abandoned when no byte
// arrives for the idle timeout. The temporary file is removed on every
// error and when SIGINT or SIGTERM arrives during the download (the loader
// catches both while it downloads and returns ErrInterrupted; the caller
// decides whether to exit). Partial files that a killed process left behind
// (older than twice the idle timeout, so no live download still writes
// them) are removed first.
func (l *Loader) download(e Entry) (string, error) {
	if err := os.MkdirAll(l.CacheDir, 0o755); err != nil {
		return "", fmt.Errorf("datasets: cache folder: %w", err)
	}
	connect, idle := l.timeouts()
	removeStaleParts(l.CacheDir, e.File, 2*idle)
	url := strings.TrimSuffix(l.BaseURL, "/") + "/" + e.Archive + e.File

	ctx, cancel := context.WithCancelCause(context.Background())
	defer cancel(nil)
	stopSignals := l.catchSignals(cancel)
	defer stopSignals()

	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return "", fmt.Errorf("datasets: %w", err)
	}
	client := l.Client
	if client == nil {
		client = newClient(connect)
	}
	resp, err := client.Do(req)
	if err != nil {
		return "", downloadError(url, e, context.Cause(ctx), err)
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
	var src io.Reader = &idleReader{r: resp.Body, timer: time.AfterFunc(idle, func() { cancel(errStalled) }), idle: idle}
	if l.Progress != nil {
		src = &progressReader{r: src, total: resp.ContentLength, w: l.Progress, name: e.File}
	}
	sum := sha256.New()
	limit := downloadLimit(e.Bytes, resp.ContentLength)
	n, err := io.Copy(io.MultiWriter(tmp, sum), io.LimitReader(src, limit+1))
	src.(interface{ stop() }).stop()
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return "", downloadError(url, e, context.Cause(ctx), err)
	}
	if n > limit {
		return "", fmt.Errorf("datasets: downloading %s: more than %d bytes (%s): abandoned, the partial file was removed", url, limit, limitWhy(e.Bytes, resp.ContentLength))
	}
	if resp.ContentLength >= 0 && n != resp.ContentLength {
		return "", fmt.Errorf("datasets: downloading %s: got %d bytes, expected %d", url, n, resp.ContentLength)
	}
	if e.Bytes > 0 && n != e.Bytes {
		return "", fmt.Errorf("datasets: downloaded %s has %d bytes, the catalog expects %d", url, n, e.Bytes)
	}
	if got := hex.EncodeToString(sum.Sum(nil)); e.SHA256 != "" && got != e.SHA256 {
		return "", fmt.Errorf("datasets: downloaded %s has SHA-256 %s, the catalog expects %s", url, got, e.SHA256)
	}
	t, err := ReadFile(tmp.Name(), ReadOptions{Name: url})
	if err != nil {
		return "", fmt.Errorf("datasets: downloaded file is not a valid log: %w", err)
	}
	rows := t.Len() + t.Report.PlaceholdersSkipped + t.Report.OutOfRangeSkipped + t.Report.UnreadableSkipped + t.Report.FieldCountSkipped +
		t.Report.PartialRecordsSkipped
	if e.Rows > 0 && rows != e.Rows {
		return "", fmt.Errorf("datasets: downloaded %s has %d job records, the catalog expects %d (source: %s); if the archive changed the file, load it by path", url, rows, e.Rows, e.Source)
	}
	if e.Jobs > 0 && t.Len() != e.Jobs {
		return "", fmt.Errorf("datasets: downloaded %s has %d jobs, the catalog expects %d (source: %s)", url, t.Len(), e.Jobs, e.Source)
	}
	if e.SHA256 == "" && e.Rows == 0 && e.Jobs == 0 && l.Progress != nil {
		fmt.Fprintf(l.Progress, "%s: verified by its gzip checksum only (the catalog knows no count for it): %d job records\n", e.File, rows)
	}
	if err := ctx.Err(); err != nil { // a signal after the last byte
		return "", downloadError(url, e, context.Cause(ctx), err)
	}
	if err := os.Rename(tmp.Name(), dst); err != nil {
		return "", err
	}
	return dst, nil
}

// maxDownloadBytes bounds a download whose size neither the catalog nor
// the server states: 4 GiB, beyond every log of the archive (the largest
// gzipped logs are tens of MB). A variable for the tests.
var maxDownloadBytes int64 = 4 << 30

// downloadLimit returns the most bytes a download may bring: the
// catalog's size where known, else the server's Content-Length, else
// maxDownloadBytes. Before, the body was copied whatever its length: a
// server streaming without end filled the cache's disk (1.4 GB in 8 s
// from a local server, for a log of 1.2 MB).
func downloadLimit(catalog, contentLength int64) int64 {
	switch {
	case catalog > 0:
		return catalog
	case contentLength >= 0:
		return contentLength
	}
	return maxDownloadBytes
}

// limitWhy says where downloadLimit's bound comes from.
func limitWhy(catalog, contentLength int64) string {
	switch {
	case catalog > 0:
		return "the catalog's size of the file"
	case contentLength >= 0:
		return "the server's Content-Length"
	}
	return "the bound of a download of unknown size"
}

// timeouts returns the loader's connect and idle timeouts, DefaultTimeout
// where unset.
func (l *Loader) timeouts() (connect, idle time.Duration) {
	connect, idle = l.ConnectTimeout, l.IdleTimeout
	if connect <= 0 {
		connect = DefaultTimeout
	}
	if idle <= 0 {
		idle = DefaultTimeout
	}
	return connect, idle
}

// newClient returns an HTTP client whose connection, TLS handshake and
// response header each must come within timeout. It has no overall
// timeout: a large log on a slow line may take long, as long as data flows
// (the idle timeout watches that).
func newClient(timeout time.Duration) *http.Client {
	tr := http.DefaultTransport.(*http.Transport).Clone()
	tr.DialContext = (&net.Dialer{Timeout: timeout, KeepAlive: 30 * time.Second}).DialContext
	tr.TLSHandshakeTimeout = timeout
	tr.ResponseHeaderTimeout = timeout
	return &http.Client{Transport: tr}
}

// catchSignals cancels the download on SIGINT or SIGTERM until the returned
// function is called. Tests replace the signal source (Loader.signals).
func (l *Loader) catchSignals(cancel context.CancelCauseFunc) (stop func()) {
	sigs := l.signals
	var release func()
	if sigs == nil {
		c := make(chan os.Signal, 1)
		signal.Notify(c, downloadSignals...)
		sigs, release = c, func() { signal.Stop(c) }
	}
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		select {
		case s := <-sigs:
			cancel(fmt.Errorf("%w by %v", ErrInterrupted, s))
		case <-done:
		}
	}()
	return func() {
		close(done)
		wg.Wait()
		if release != nil {
			release()
		}
	}
}

// downloadError explains a failed download: interrupted, stalled, timed out
// or offline.
func downloadError(url string, e Entry, cause, err error) error {
	switch {
	case errors.Is(cause, ErrInterrupted):
		return fmt.Errorf("datasets: downloading %s: %w; the partial file was removed", url, cause)
	case errors.Is(cause, errStalled):
		return fmt.Errorf("datasets: downloading %s: no data for the idle timeout; the partial file was removed (a slow or stuck server; retry, or set TRACELAB_DOWNLOAD_TIMEOUT)", url)
	}
	var ne net.Error
	if errors.As(err, &ne) && ne.Timeout() {
		return fmt.Errorf("datasets: downloading %s: the server did not answer in time (set TRACELAB_DOWNLOAD_TIMEOUT to wait longer, or TRACELAB_DATA to a folder holding %s): %w", url, e.File, err)
	}
	return fmt.Errorf("datasets: downloading %s failed (offline? set TRACELAB_DATA to a folder holding %s): %w", url, e.File, err)
}

// removeStaleParts removes the partial downloads of file in dir that nothing
// has written to for longer than age.
func removeStaleParts(dir, file string, age time.Duration) {
	parts, _ := filepath.Glob(filepath.Join(dir, "."+file+".part*"))
	for _, p := range parts {
		if st, err := os.Lstat(p); err == nil && st.Mode().IsRegular() && time.Since(st.ModTime()) > age {
			os.Remove(p)
		}
	}
}

// idleReader restarts a timer on every read that returns data; the timer
// cancels the download when it fires.
type idleReader struct {
	r     io.Reader
	timer *time.Timer
	idle  time.Duration
}

func (r *idleReader) Read(b []byte) (int, error) {
	n, err := r.r.Read(b)
	if n > 0 {
		r.timer.Reset(r.idle)
	}
	return n, err
}

func (r *idleReader) stop() { r.timer.Stop() }

type progressReader struct {
	r     io.Reader
	total int64
	done  int64
	last  time.Time
	w     io.Writer
	name  string
}

func (p *progressReader) stop() {
	if s, ok := p.r.(interface{ stop() }); ok {
		s.stop()
	}
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
