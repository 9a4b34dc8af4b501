package findings

import (
	"context"
	"os"
	"slices"

	"github.com/tracelab/tracelab/datasets"
)

// quickLogs are the logs notebook 08 measures in quick mode (CI): small
// ones, with and without users, estimates and a clock.
var quickLogs = []string{"KTH-SP2-1996", "SDSC-Par-1996", "lublin_256"}

// NotebookMatrix is the matrix notebooks/08-findings.ipynb shows: every log
// of $TRACELAB_DATA in full mode, read from the findings cache when
// scripts/reproduce.sh (or tracelab findings) measured them already; in
// quick mode the logs of quickLogs there, in quick mode; without
// TRACELAB_DATA the embedded sample. A TRACELAB_DATA that is set but is
// not a folder is an error naming the variable. progress, when not nil, is
// told of each log done.
func NotebookMatrix(ctx context.Context, quick bool, progress func(done, total int, log string, fromCache bool)) (Matrix, error) {
	opts := Options{Quick: quick}
	dir := os.Getenv("TRACELAB_DATA")
	if dir == "" {
		tr := datasets.Sample()
		rs, err := Evaluate(ctx, tr, nil, opts)
		if err != nil {
			return Matrix{}, err
		}
		return NewMatrix([]LogInfo{Describe(tr)}, rs), nil
	}
	if err := (&datasets.Loader{DataDir: dir}).CheckDataDir(); err != nil {
		return Matrix{}, err
	}
	paths, err := DataLogs(dir)
	if err != nil {
		return Matrix{}, err
	}
	if quick {
		some := slices.DeleteFunc(slices.Clone(paths), func(p string) bool { return !slices.Contains(quickLogs, ShortName(p)) })
		if len(some) == 0 {
			some = paths[:1]
		}
		paths = some
	}
	ro := RunOptions{Options: opts, Progress: progress}
	if cacheDir, err := DefaultCacheDir(); err == nil {
		if v, err := CodeVersion(); err == nil {
			ro.Cache = &Cache{Dir: cacheDir, Version: v}
		}
	}
	return Run(ctx, paths, ro)
}
