package study

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"sync"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/internal/infile"
)

// Options are the settings every reproduction shares.
type Options struct {
	// Quick runs with fewer replicates (same code paths); false is the
	// papers' full replicate counts.
	Quick bool
	// Seed is the base seed of every random procedure; 0 means 1.
	Seed uint64
	// Workers bounds the goroutines of parallel experiments; 0 means
	// GOMAXPROCS. Results do not depend on it.
	Workers int
	// Progress, when not nil, is told of long computations: a label, and
	// how many of total steps are done (total may be 0 when unknown).
	Progress func(label string, done, total int)
}

// FromEnv returns the default options with Quick set when the environment
// variable TRACELAB_QUICK is set to anything but "" or "0".
func FromEnv() Options {
	q := os.Getenv("TRACELAB_QUICK")
	return Options{Quick: q != "" && q != "0"}
}

// Mode is "quick" or "full".
func (o Options) Mode() string {
	if o.Quick {
		return "quick"
	}
	return "full"
}

// Reps returns full, or quick in quick mode: a replicate count.
func (o Options) Reps(full, quick int) int {
	if o.Quick {
		return quick
	}
	return full
}

// SeedOr returns the seed to use: Seed, or 1 when it is 0.
func (o Options) SeedOr() uint64 {
	if o.Seed == 0 {
		return 1
	}
	return o.Seed
}

// NumWorkers returns Workers, or GOMAXPROCS when it is not positive.
func (o Options) NumWorkers() int {
	if o.Workers > 0 {
		return o.Workers
	}
	return runtime.GOMAXPROCS(0)
}

// Report tells o.Progress, when set, that done of total steps of label are done.
func (o Options) Report(label string, done, total int) {
	if o.Progress != nil {
		o.Progress(label, done, total)
	}
}

// ErrMissing is returned (wrapped) by Log for a log that is not available
// locally. A reproduction turns it into a "not comparable" ledger entry.
var ErrMissing = errors.New("log not available")

type logResult struct {
	once sync.Once
	t    *datasets.Trace
	err  error
}

var logs sync.Map // name → *logResult

// Log returns a real log by catalog name, read once per process and
// shared by every caller: callers must not modify it (Clone it first). The
// log is looked for in TRACELAB_DATA and in the user cache of
// datasets.DefaultLoader, never downloaded: a reproduction must not depend
// on the network. A log that is in neither wraps ErrMissing; a
// TRACELAB_DATA that is set but is not a folder (missing, a file, a named
// pipe) is an error naming the variable (datasets.Loader.CheckDataDir).
func Log(name string) (*datasets.Trace, error) {
	v, _ := logs.LoadOrStore(name, &logResult{})
	r := v.(*logResult)
	r.once.Do(func() { r.t, r.err = readLog(name) })
	return r.t, r.err
}

func readLog(name string) (*datasets.Trace, error) {
	e, err := datasets.Lookup(name)
	if err != nil {
		return nil, err
	}
	def := datasets.DefaultLoader()
	// A TRACELAB_DATA that is set but is no folder is an error naming the
	// variable, not a reason to look only in the cache.
	if err := def.CheckDataDir(); err != nil {
		return nil, fmt.Errorf("%s: %w", e.Name, err)
	}
	var dirs []string
	for _, d := range []string{def.DataDir, def.CacheDir} {
		if d != "" {
			dirs = append(dirs, d)
		}
	}
	for _, d := range dirs {
		// A loader with no cache folder never downloads.
		l := &datasets.Loader{DataDir: d, BaseURL: def.BaseURL, Options: def.Options}
		if _, err := l.Path(e.Name); err != nil {
			continue
		}
		return l.Load(e.Name)
	}
	if len(dirs) == 0 {
		return nil, fmt.Errorf("%s: %w (TRACELAB_DATA is not set)", e.Name, ErrMissing)
	}
	return nil, fmt.Errorf("%s: %w in %v", e.Name, ErrMissing, dirs)
}

// MaxPaperBytes bounds the paper text PaperText reads: 4 MiB, some fifty
// times the longest paper of /work/shared/papers (84 KB).
const MaxPaperBytes = 4 << 20

// PaperText returns the text of a paper of the project's papers folder
// (e.g. "zakay-feitelson-2013-workload-resampling.txt"): in
// $TRACELAB_PAPERS when set, else in shared/papers or papers in the
// working directory or any of its parents (a checkout has ../shared beside
// it). A file found that is not regular (a named pipe is
// never waited on) or holds more than MaxPaperBytes is an error.
func PaperText(file string) (string, error) {
	var dirs []string
	if d := os.Getenv("TRACELAB_PAPERS"); d != "" {
		dirs = append(dirs, d)
	} else if wd, err := os.Getwd(); err == nil {
		for d := wd; ; d = filepath.Dir(d) {
			dirs = append(dirs, filepath.Join(d, "shared", "papers"), filepath.Join(d, "papers"))
			if filepath.Dir(d) == d {
				break
			}
		}
	}
	for _, d := range dirs {
		b, err := infile.ReadFile(filepath.Join(d, file), MaxPaperBytes)
		if err == nil {
			return string(b), nil
		}
		if !errors.Is(err, fs.ErrNotExist) {
			return "", fmt.Errorf("study: paper %s: %w", file, err)
		}
	}
	return "", fmt.Errorf("study: paper %s not found (set TRACELAB_PAPERS to the papers folder)", file)
}

// Once memoises one result of type T: the first Get computes it, every
// later Get returns the same value and error. A computation stopped by its
// context (an error wrapping context.Canceled or DeadlineExceeded: a
// notebook cell interrupted, a timeout) is not memoised: the next Get
// computes again, so an interrupted cell can be run again in the same
// kernel. Safe for concurrent use; concurrent Gets wait for one computation.
type Once[T any] struct {
	mu   sync.Mutex
	done bool
	v    T
	err  error
}

// Get returns the memoised result of f, computing it on the first call
// (and again after a call its context stopped).
func (o *Once[T]) Get(f func() (T, error)) (T, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if !o.done {
		v, err := f()
		if stopped(err) {
			return v, err
		}
		o.v, o.err, o.done = v, err, true
	}
	return o.v, o.err
}

// stopped reports whether err is a context's cancellation or deadline.
func stopped(err error) bool {
	return errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)
}

// Memo memoises results of type T by key (a log name, a parameter):
// each key's result is computed once. Safe for concurrent use.
type Memo[K comparable, T any] struct {
	m sync.Map // K → *Once[T]
}

// Get returns the memoised result for key, computing it with f on the
// first call for that key.
func (m *Memo[K, T]) Get(key K, f func() (T, error)) (T, error) {
	v, _ := m.m.LoadOrStore(key, &Once[T]{})
	return v.(*Once[T]).Get(f)
}
