package sweep

import (
	"errors"
	"fmt"
	"hash/fnv"
	"os"
	"path/filepath"
	"slices"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/internal/infile"
)

// StoreEnv names the environment variable that gives Run a Store when
// Options.Store is empty: the folder where `tracelab reproduce --slurm`
// leaves the sweeps it ran on a cluster, so that a notebook or a
// reproduction run later loads them instead of computing them.
const StoreEnv = "TRACELAB_SWEEPS"

// Store is a folder of complete sweeps, one file per sweep, named after
// its Spec.ID: sweep-<FNV-64a of the ID, hex>.parquet, in the format of
// WriteShard (shard 0 of 1), so the file carries its sweep_id and Load
// checks it. Run takes a sweep's rows from the store when it holds them
// (a whole sweep, not a shard): the rows a cluster computed are then
// those Run returns, since they depend only on the Spec.
type Store struct {
	Dir string
}

// Path returns the file of the sweep with that ID.
func (s Store) Path(id string) string {
	h := fnv.New64a()
	h.Write([]byte(id))
	return filepath.Join(s.Dir, fmt.Sprintf("sweep-%016x.parquet", h.Sum64()))
}

// Load returns the rows of spec held by the store, and whether it holds
// them. A file that is not the whole sweep of spec (another ID, missing
// replicates, other columns) is an error, never taken for it.
func (s Store) Load(spec Spec) (dataframe.DataFrame, bool, error) {
	path := s.Path(spec.ID())
	if _, err := os.Stat(path); errors.Is(err, os.ErrNotExist) {
		return dataframe.DataFrame{}, false, nil
	}
	df, rep, err := Merge([]string{path}, MergeOptions{})
	if err != nil {
		return dataframe.DataFrame{}, false, fmt.Errorf("sweep: store: %w", err)
	}
	if rep.SweepID != spec.ID() || rep.Total != spec.Len() {
		return dataframe.DataFrame{}, false, fmt.Errorf("sweep: store: %s holds another sweep:\n  %s", path, DescribeDifference(rep.SweepID, spec.ID()))
	}
	if err := checkColumns(df, spec.Columns()); err != nil {
		return dataframe.DataFrame{}, false, fmt.Errorf("sweep: store: %s: %w", path, err)
	}
	return df, true, nil
}

// Save stores df, the rows of the whole sweep spec (as Run or Merge
// return them), atomically; a path in the store that is not a regular
// file (a planted link or named pipe) is refused.
func (s Store) Save(spec Spec, df dataframe.DataFrame) error {
	n := spec.Len()
	if df.Nrow() != n {
		return fmt.Errorf("sweep: store: %d rows for a sweep of %d replicates", df.Nrow(), n)
	}
	if err := checkColumns(df, spec.Columns()); err != nil {
		return fmt.Errorf("sweep: store: %w", err)
	}
	rep, err := df.Col(ColReplicate).Int()
	if err != nil {
		return err
	}
	for i, r := range rep {
		if r != i {
			return fmt.Errorf("sweep: store: row %d holds replicate %d", i, r)
		}
	}
	if err := os.MkdirAll(s.Dir, 0o755); err != nil {
		return fmt.Errorf("sweep: store: %w", err)
	}
	id, shard, shards, total := make([]string, n), make([]int, n), make([]int, n), make([]int, n)
	for k := range n {
		id[k], shards[k], total[k] = spec.ID(), 1, n
	}
	out := df.CBind(dataframe.New(
		series.New(id, series.String, colSweepID),
		series.New(shard, series.Int, colShard),
		series.New(shards, series.Int, colShards),
		series.New(total, series.Int, colTotal),
	))
	if out.Err != nil {
		return out.Err
	}
	path := s.Path(spec.ID())
	if st, err := os.Lstat(path); err == nil && !st.Mode().IsRegular() {
		// A link or pipe planted in the store is refused, never written
		// through (its target replaced, or the write waiting for a reader).
		return fmt.Errorf("sweep: store: %s is %s: not written (remove it first)", path, infile.NotRegular(st.Mode()))
	}
	return datasets.WriteFrameFile(path, out)
}

// checkColumns reports whether df has exactly the columns cols, in order.
func checkColumns(df dataframe.DataFrame, cols []Column) error {
	names, types := df.Names(), df.Types()
	want := make([]string, len(cols))
	for k, c := range cols {
		want[k] = c.Name
	}
	if !slices.Equal(names, want) {
		return fmt.Errorf("columns %v, want %v", names, want)
	}
	for k, c := range cols {
		if types[k] != c.Type {
			return fmt.Errorf("column %s of type %s, want %s", c.Name, types[k], c.Type)
		}
	}
	return nil
}

// store returns the store Run reads: Options.Store, else the folder named
// by StoreEnv.
func (o Options) store() Store {
	if o.Store != "" {
		return Store{o.Store}
	}
	return Store{os.Getenv(StoreEnv)}
}

// Plan describes a sweep for a program that runs it elsewhere, as the
// tasks of a cluster job array: the arguments of `tracelab sweep` that
// make it (its log, experiment and options, replicates and seed; without
// --shard and -o) and its Spec.ID, which the runner checks against the
// sweep those arguments make, and under which a Store keeps its rows. A
// reproduction lists its heavy experiments as plans (`tracelab reproduce
// --slurm`).
type Plan struct {
	Label string   // what the sweep is, for people
	Args  []string // arguments of tracelab sweep
	ID    string   // Spec.ID of the sweep
}
