package findings

import (
	"bufio"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/internal/codehash"
	"github.com/tracelab/tracelab/internal/infile"
	"github.com/tracelab/tracelab/internal/outfile"
	"github.com/tracelab/tracelab/internal/parallel"
)

// cacheDirs are the folders whose code the cached results depend on: the
// ledgers' (codehash.Dirs) and the intervals and worker pool.
var cacheDirs = append(append([]string(nil), codehash.Dirs...), "confidence", "internal")

// CodeVersion identifies the code that measures the findings, for the
// cache: the hash of the source (internal/codehash over cacheDirs) when
// the working directory is inside a tracelab checkout, else the SHA-256 of
// the running program. Either changes whenever the findings' code does.
func CodeVersion() (string, error) {
	if root, err := codehash.Root("."); err == nil && isTracelab(root) {
		return codehash.Tree(root, cacheDirs)
	}
	exe, err := os.Executable()
	if err != nil {
		return "", fmt.Errorf("findings: the code version needs the program's file: %w", err)
	}
	h, err := fileHash(exe)
	if err != nil {
		return "", err
	}
	return "exe:" + h, nil
}

// isTracelab reports whether root is a checkout of this module.
func isTracelab(root string) bool {
	f, err := os.Open(filepath.Join(root, "go.mod"))
	if err != nil {
		return false
	}
	defer f.Close()
	s := bufio.NewScanner(f)
	for s.Scan() {
		if strings.TrimSpace(s.Text()) == "module github.com/tracelab/tracelab" {
			_, err := os.Stat(filepath.Join(root, "repro", "findings"))
			return err == nil
		}
	}
	return false
}

// fileHash returns the SHA-256 of a file's content, in hexadecimal.
func fileHash(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", fmt.Errorf("findings: %s: %w", path, err)
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// Cache keeps the results of every log measured, one file per log
// content, code version, mode and seed, so that a run interrupted or run
// again measures only the logs not yet done.
type Cache struct {
	Dir string
	// Version is the code version (CodeVersion).
	Version string
}

// DefaultCacheDir is where the findings' results are cached: findings/
// under $TRACELAB_CACHE, else under the user cache folder's tracelab/ (as
// the downloaded logs).
func DefaultCacheDir() (string, error) {
	if c := os.Getenv("TRACELAB_CACHE"); c != "" {
		return filepath.Join(c, "findings"), nil
	}
	d, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("findings: no cache folder (set TRACELAB_CACHE): %w", err)
	}
	return filepath.Join(d, "tracelab", "findings"), nil
}

// cached is one log's results in the cache.
type cached struct {
	Version string   `json:"version"`
	Log     string   `json:"log_sha256"`
	Mode    string   `json:"mode"`
	Seed    uint64   `json:"seed"`
	Info    LogInfo  `json:"info"`
	IDs     []string `json:"findings"`
	Results []Result `json:"results"`
}

func (c *Cache) file(logHash string, opts Options, ids []string) string {
	h := sha256.Sum256([]byte(fmt.Sprintf("%s\x00%s\x00%s\x00%d\x00%s", c.Version, logHash, opts.Mode(), opts.seed(), strings.Join(ids, ","))))
	return filepath.Join(c.Dir, hex.EncodeToString(h[:16])+".json")
}

// get returns the cached results of a log, if any. The file is read
// bounded (MaxStoredBytes) and only when regular: a named pipe or device
// at its path is a miss, never waited on.
func (c *Cache) get(logHash string, opts Options, ids []string) (cached, bool) {
	b, err := infile.ReadFile(c.file(logHash, opts, ids), MaxStoredBytes)
	if err != nil {
		return cached{}, false
	}
	var e cached
	if json.Unmarshal(b, &e) != nil || e.Version != c.Version || e.Log != logHash || e.Mode != opts.Mode() || e.Seed != opts.seed() {
		return cached{}, false // a damaged or foreign file is measured again
	}
	return e, true
}

// put saves a log's results (atomically: a run killed while writing leaves
// no partial file; a path that is not a regular file is refused, never
// written through).
func (c *Cache) put(logHash string, opts Options, ids []string, info LogInfo, rs []Result) error {
	if err := os.MkdirAll(c.Dir, 0o755); err != nil {
		return fmt.Errorf("findings: cache: %w", err)
	}
	b, err := json.Marshal(cached{Version: c.Version, Log: logHash, Mode: opts.Mode(), Seed: opts.seed(), Info: info, IDs: ids, Results: rs})
	if err != nil {
		return err
	}
	return outfile.WriteState(c.file(logHash, opts, ids), b, 0o644)
}

// RunOptions controls Run.
type RunOptions struct {
	Options
	// Findings names the findings to measure; nil means all.
	Findings []string
	// Cache, when not nil, is read before measuring a log and written
	// after.
	Cache *Cache
	// Progress, when not nil, is told when a log is done (measured or
	// found in the cache), one call at a time.
	Progress func(done, total int, log string, fromCache bool)
}

// Run measures the findings on the log files at paths (SWF, gzipped or
// not, or any format datasets reads) and returns the matrix. Findings of
// all logs run in parallel (Options.Workers at a time), the logs in the
// order given, each read when its first finding starts and let go when its
// last ends. A log that cannot be read is an error.
func Run(ctx context.Context, paths []string, ro RunOptions) (Matrix, error) {
	fs, err := Select(ro.Findings)
	if err != nil {
		return Matrix{}, err
	}
	ids := make([]string, len(fs))
	for i, f := range fs {
		ids[i] = f.ID
	}
	workers, err := parallel.Workers(ro.Workers)
	if err != nil {
		return Matrix{}, fmt.Errorf("findings: %w", err)
	}
	type logState struct {
		path, hash string
		info       LogInfo
		results    []Result
		load       sync.Once
		log        *Log
		err        error
		left       int
	}
	states := make([]*logState, len(paths))
	var todo []int // logs to measure
	var mu sync.Mutex
	done := 0
	report := func(name string, fromCache bool) {
		mu.Lock()
		defer mu.Unlock()
		done++
		if ro.Progress != nil {
			ro.Progress(done, len(paths), name, fromCache)
		}
	}
	for i, p := range paths {
		st := &logState{path: p, left: len(fs)}
		states[i] = st
		if ro.Cache != nil {
			if st.hash, err = fileHash(p); err != nil {
				return Matrix{}, fmt.Errorf("findings: %w", err)
			}
			if e, ok := ro.Cache.get(st.hash, ro.Options, ids); ok {
				// The same content under another file name is this log.
				name := ShortName(p)
				e.Info.Name = name
				for k := range e.Results {
					e.Results[k].Log = name
				}
				st.info, st.results = e.Info, e.Results
				report(e.Info.Name, true)
				continue
			}
		}
		st.results = make([]Result, len(fs))
		todo = append(todo, i)
	}
	err = parallel.For(ctx, len(todo)*len(fs), workers, func(ctx context.Context, k int) error {
		st, f := states[todo[k/len(fs)]], k%len(fs)
		st.load.Do(func() {
			tr, err := datasets.ReadFile(st.path, datasets.ReadOptions{Name: st.path})
			if err != nil {
				st.err = err
				return
			}
			st.info, st.log = Describe(tr), newLog(tr, ro.Options)
		})
		if st.err != nil {
			return st.err
		}
		st.results[f] = fs[f].evaluate(st.log)
		mu.Lock()
		st.left--
		last := st.left == 0
		if last {
			st.log = nil // let the trace and its analyses go
		}
		mu.Unlock()
		if !last {
			return nil
		}
		if ro.Cache != nil {
			if err := ro.Cache.put(st.hash, ro.Options, ids, st.info, st.results); err != nil {
				return err
			}
		}
		report(st.info.Name, false)
		return nil
	})
	if err != nil {
		return Matrix{}, err
	}
	var infos []LogInfo
	var results []Result
	for _, st := range states {
		if slicesContainsName(infos, st.info.Name) {
			return Matrix{}, fmt.Errorf("findings: two logs named %s", st.info.Name)
		}
		infos, results = append(infos, st.info), append(results, st.results...)
	}
	return NewMatrix(infos, results), nil
}

func slicesContainsName(infos []LogInfo, name string) bool {
	for _, i := range infos {
		if i.Name == name {
			return true
		}
	}
	return false
}

// DataLogs returns the log files of a folder (TRACELAB_DATA): every file
// whose name ends in .swf or .swf.gz, sorted by name.
func DataLogs(dir string) ([]string, error) {
	es, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("findings: %w", err)
	}
	var out []string
	for _, e := range es {
		n := e.Name()
		if e.Type().IsRegular() && (strings.HasSuffix(n, ".swf") || strings.HasSuffix(n, ".swf.gz")) {
			out = append(out, filepath.Join(dir, n))
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("findings: no log (*.swf, *.swf.gz) in %s: %w", dir, fs.ErrNotExist)
	}
	return out, nil
}
