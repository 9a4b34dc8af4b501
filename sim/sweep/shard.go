package sweep

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/internal/infile"
)

// MaxShards bounds the number of shards of a sweep: Slurm's largest
// MaxArraySize is 4,000,001 array tasks. A shard file claiming more is
// refused by Merge.
const MaxShards = 4_000_001

// Shard is part I of a sweep cut into N parts: the replicates i with
// i mod N = I (round-robin, so that each shard gets the same mix of grid
// points). The zero value is the whole sweep.
type Shard struct {
	I, N int
}

// ParseShard parses "i/n" (0 ≤ i < n), as in --shard 3/10.
func ParseShard(s string) (Shard, error) {
	a, b, ok := strings.Cut(s, "/")
	if !ok {
		return Shard{}, fmt.Errorf("sweep: shard %q: want i/n, e.g. 3/10", s)
	}
	i, err1 := strconv.Atoi(strings.TrimSpace(a))
	n, err2 := strconv.Atoi(strings.TrimSpace(b))
	if err1 != nil || err2 != nil || n < 1 || n > MaxShards || i < 0 || i >= n {
		return Shard{}, fmt.Errorf("sweep: shard %q: want i/n with 0 ≤ i < n ≤ %d, e.g. 3/10", s, MaxShards)
	}
	return Shard{I: i, N: n}, nil
}

// String returns "i/n".
func (s Shard) String() string {
	s = s.norm()
	return fmt.Sprintf("%d/%d", s.I, s.N)
}

// norm turns the zero value into 0/1.
func (s Shard) norm() Shard {
	if s.N == 0 {
		return Shard{0, 1}
	}
	return s
}

// check returns an error when the shard is malformed or when a sweep of
// total replicates would leave it empty.
func (s Shard) check(total int) error {
	s = s.norm()
	if s.N < 1 || s.N > MaxShards || s.I < 0 || s.I >= s.N {
		return fmt.Errorf("sweep: shard %d/%d: want 0 ≤ i < n ≤ %d", s.I, s.N, MaxShards)
	}
	if s.N > total {
		return fmt.Errorf("sweep: %d shards for %d replicates: some shards would be empty", s.N, total)
	}
	return nil
}

// Indices returns the replicates of a sweep of total replicates that belong
// to the shard, in increasing order.
func (s Shard) Indices(total int) []int {
	s = s.norm()
	idx := make([]int, 0, s.Count(total))
	for i := s.I; i < total; i += s.N {
		idx = append(idx, i)
	}
	return idx
}

// Count returns the number of replicates of the shard in a sweep of total
// replicates.
func (s Shard) Count(total int) int {
	s = s.norm()
	if s.I >= total {
		return 0
	}
	return (total-s.I-1)/s.N + 1
}

// ShardPath returns the conventional name of shard s's file in dir:
// dir/shard-I-of-N.parquet.
func ShardPath(dir string, s Shard) string {
	s = s.norm()
	return filepath.Join(dir, fmt.Sprintf("shard-%d-of-%d.parquet", s.I, s.N))
}

// WriteShard runs the shard opts.Shard of spec and writes its rows to path,
// a .parquet file, atomically: the rows go to a temporary file in the same
// folder, renamed to path only once complete, so that a failed or killed
// run leaves no file at path (an existing file there is kept). Besides the
// columns of Run, the file has the constant columns sweep_id (Spec.ID),
// shard, shards and replicates (the sweep's size), which Merge checks.
func WriteShard(ctx context.Context, spec Spec, opts Options, path string) error {
	if !strings.EqualFold(filepath.Ext(path), ".parquet") {
		return fmt.Errorf("sweep: shard file %s: want a .parquet file", path)
	}
	rows, idx, err := runRows(ctx, spec, opts)
	if err != nil {
		return err
	}
	n := len(idx)
	sh := opts.Shard.norm()
	id, shard, shards, total := make([]string, n), make([]int, n), make([]int, n), make([]int, n)
	for k := range n {
		id[k], shard[k], shards[k], total[k] = spec.ID(), sh.I, sh.N, spec.Len()
	}
	df, err := buildFrame(spec, idx, rows, []series.Series{
		series.New(id, series.String, colSweepID),
		series.New(shard, series.Int, colShard),
		series.New(shards, series.Int, colShards),
		series.New(total, series.Int, colTotal),
	})
	if err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	return datasets.WriteFrameFile(path, df)
}

// MergeOptions controls Merge. The zero value refuses partial sweeps.
type MergeOptions struct {
	// AllowPartial merges the shards present when some are missing,
	// instead of failing; MergeReport.Missing names them.
	AllowPartial bool
}

// MergeReport describes a merge.
type MergeReport struct {
	SweepID    string // Spec.ID of the sweep
	Shards     int    // shards of the sweep
	Total      int    // replicates of the whole sweep
	Present    []int  // shards merged, increasing
	Missing    []int  // shards absent, increasing
	Replicates int    // rows merged
}

// ErrPartial is wrapped by Merge's error when shards are missing.
var ErrPartial = errors.New("sweep: partial sweep")

type shardFile struct {
	path   string
	df     dataframe.DataFrame
	id     string
	shard  int
	shards int
	total  int
	rep    []int
}

// Merge reads the shard files written by WriteShard and returns their rows
// sorted by replicate, without the shard metadata columns: for a complete
// sweep, the frame Run returns for the whole sweep. It fails when the files
// come from different sweeps (sweep_id, shard count, size or columns
// differ), when a shard or a replicate appears twice, when a file does not
// hold exactly its shard's replicates, or — unless opts.AllowPartial — when
// shards are missing, naming them (the error wraps ErrPartial).
func Merge(paths []string, opts MergeOptions) (dataframe.DataFrame, MergeReport, error) {
	var rep MergeReport
	if len(paths) == 0 {
		return dataframe.DataFrame{}, rep, errors.New("sweep: merge: no shard file")
	}
	files := make([]shardFile, 0, len(paths))
	for _, p := range paths {
		f, err := readShard(p)
		if err != nil {
			return dataframe.DataFrame{}, rep, err
		}
		files = append(files, f)
	}
	first := files[0]
	rep.SweepID, rep.Shards, rep.Total = first.id, first.shards, first.total
	names, types := first.df.Names(), first.df.Types()
	byShard := map[int]string{}
	owner := map[int]string{} // file of each replicate present
	for _, f := range files {
		switch {
		case f.id != first.id:
			return dataframe.DataFrame{}, rep, fmt.Errorf("sweep: merge: %s and %s belong to different sweeps: %s",
				first.path, f.path, DescribeDifference(first.id, f.id))
		case f.shards != first.shards || f.total != first.total:
			return dataframe.DataFrame{}, rep, fmt.Errorf("sweep: merge: %s is shard %d/%d of %d replicates, %s is shard %d/%d of %d",
				first.path, first.shard, first.shards, first.total, f.path, f.shard, f.shards, f.total)
		case !slices.Equal(f.df.Names(), names) || !slices.Equal(f.df.Types(), types):
			return dataframe.DataFrame{}, rep, fmt.Errorf("sweep: merge: %s and %s have different columns", first.path, f.path)
		}
		if other, dup := byShard[f.shard]; dup {
			return dataframe.DataFrame{}, rep, fmt.Errorf("sweep: merge: shard %d/%d given twice: %s and %s",
				f.shard, f.shards, other, f.path)
		}
		byShard[f.shard] = f.path
		sh := Shard{f.shard, f.shards}
		for _, i := range f.rep {
			if i < 0 || i >= f.total || i%f.shards != f.shard {
				return dataframe.DataFrame{}, rep, fmt.Errorf("sweep: merge: %s (shard %s) holds replicate %d", f.path, sh, i)
			}
			if _, dup := owner[i]; dup {
				return dataframe.DataFrame{}, rep, fmt.Errorf("sweep: merge: replicate %d appears twice (%s, %s)", i, owner[i], f.path)
			}
			owner[i] = f.path
		}
	}
	for s := range first.shards {
		if _, ok := byShard[s]; ok {
			rep.Present = append(rep.Present, s)
		} else {
			rep.Missing = append(rep.Missing, s)
		}
	}
	if len(rep.Missing) > 0 && !opts.AllowPartial {
		return dataframe.DataFrame{}, rep, fmt.Errorf("%w: %d of %d shards missing: %s (run them, or allow a partial merge)",
			ErrPartial, len(rep.Missing), rep.Shards, FormatIndices(rep.Missing))
	}
	df, err := concatSorted(files)
	if err != nil {
		return dataframe.DataFrame{}, rep, err
	}
	rep.Replicates = df.Nrow()
	return df, rep, nil
}

// FormatIndices formats increasing indices with runs of consecutive ones
// as ranges: 1, 2, 3, 5, 7, 8 as "1-3, 5, 7-8".
func FormatIndices(v []int) string {
	var b strings.Builder
	for i := 0; i < len(v); {
		j := i
		for j+1 < len(v) && v[j+1] == v[j]+1 {
			j++
		}
		if b.Len() > 0 {
			b.WriteString(", ")
		}
		b.WriteString(strconv.Itoa(v[i]))
		if j > i {
			b.WriteString("-" + strconv.Itoa(v[j]))
		}
		i = j + 1
	}
	return b.String()
}

// readShard reads a shard file and its metadata.
func readShard(path string) (shardFile, error) {
	if err := infile.Check(path); err != nil { // a FIFO would block
		return shardFile{}, fmt.Errorf("sweep: merge: %w", err)
	}
	df, err := datasets.ReadParquetFile(path)
	if err != nil {
		return shardFile{}, fmt.Errorf("sweep: merge: %w", err)
	}
	f := shardFile{path: path}
	names := df.Names()
	for _, c := range []string{ColReplicate, colSweepID, colShard, colShards, colTotal} {
		if !contains(names, c) {
			return f, fmt.Errorf("sweep: merge: %s is not a shard file (no %s column)", path, c)
		}
	}
	if df.Nrow() == 0 {
		return f, fmt.Errorf("sweep: merge: %s has no rows", path)
	}
	ints := func(name string) ([]int, error) {
		v, err := df.Col(name).Int()
		if err != nil {
			return nil, fmt.Errorf("sweep: merge: %s: column %s: %w", path, name, err)
		}
		return v, nil
	}
	if f.rep, err = ints(ColReplicate); err != nil {
		return f, err
	}
	meta := map[string]*int{colShard: &f.shard, colShards: &f.shards, colTotal: &f.total}
	for name, dst := range meta {
		v, err := ints(name)
		if err != nil {
			return f, err
		}
		for _, x := range v {
			if x != v[0] {
				return f, fmt.Errorf("sweep: merge: %s: column %s is not constant", path, name)
			}
		}
		*dst = v[0]
	}
	ids := df.Col(colSweepID).Records()
	for _, x := range ids {
		if x != ids[0] {
			return f, fmt.Errorf("sweep: merge: %s: column %s is not constant", path, colSweepID)
		}
	}
	f.id = ids[0]
	if f.shards < 1 || f.shards > MaxShards || f.shard < 0 || f.shard >= f.shards || f.total < f.shards {
		return f, fmt.Errorf("sweep: merge: %s: bad shard metadata %d/%d of %d replicates (want 0 ≤ shard < shards ≤ min(replicates, %d))",
			path, f.shard, f.shards, f.total, MaxShards)
	}
	// The rows bound the sweep's size: nothing below is sized by the
	// metadata before this check.
	if sh := (Shard{f.shard, f.shards}); len(f.rep) != sh.Count(f.total) {
		return f, fmt.Errorf("sweep: merge: %s holds %d rows, shard %s of %d replicates has %d",
			path, len(f.rep), sh, f.total, sh.Count(f.total))
	}
	f.df = df.Drop([]string{colSweepID, colShard, colShards, colTotal})
	if f.df.Err != nil {
		return f, f.df.Err
	}
	return f, nil
}

// concatSorted joins the files' frames, rows sorted by replicate, column
// by column on typed slices.
func concatSorted(files []shardFile) (dataframe.DataFrame, error) {
	type src struct{ file, row int }
	var order []src
	var keys []int
	for fi, f := range files {
		for r, i := range f.rep {
			order = append(order, src{fi, r})
			keys = append(keys, i)
		}
	}
	perm := make([]int, len(order))
	for k := range perm {
		perm[k] = k
	}
	sort.Slice(perm, func(a, b int) bool { return keys[perm[a]] < keys[perm[b]] })
	first := files[0].df
	ss := make([]series.Series, 0, first.Ncol())
	for _, name := range first.Names() {
		typ := first.Col(name).Type()
		cols := make([]series.Series, len(files))
		for fi, f := range files {
			cols[fi] = f.df.Col(name)
		}
		var s series.Series
		switch typ {
		case series.Float:
			parts := make([][]float64, len(files))
			for fi := range files {
				parts[fi] = cols[fi].Float()
			}
			v := make([]float64, len(perm))
			for k, p := range perm {
				v[k] = parts[order[p].file][order[p].row]
			}
			s = series.New(v, series.Float, name)
		case series.Int:
			parts := make([][]int, len(files))
			for fi := range files {
				x, err := cols[fi].Int()
				if err != nil {
					return dataframe.DataFrame{}, fmt.Errorf("sweep: merge: %s: column %s: %w", files[fi].path, name, err)
				}
				parts[fi] = x
			}
			v := make([]int, len(perm))
			for k, p := range perm {
				v[k] = parts[order[p].file][order[p].row]
			}
			s = series.New(v, series.Int, name)
		case series.Bool:
			parts := make([][]bool, len(files))
			for fi := range files {
				x, err := cols[fi].Bool()
				if err != nil {
					return dataframe.DataFrame{}, fmt.Errorf("sweep: merge: %s: column %s: %w", files[fi].path, name, err)
				}
				parts[fi] = x
			}
			v := make([]bool, len(perm))
			for k, p := range perm {
				v[k] = parts[order[p].file][order[p].row]
			}
			s = series.New(v, series.Bool, name)
		default:
			parts := make([][]string, len(files))
			for fi := range files {
				parts[fi] = cols[fi].Records()
			}
			v := make([]string, len(perm))
			for k, p := range perm {
				v[k] = parts[order[p].file][order[p].row]
			}
			s = series.New(v, series.String, name)
		}
		ss = append(ss, s)
	}
	df := dataframe.New(ss...)
	return df, df.Err
}
