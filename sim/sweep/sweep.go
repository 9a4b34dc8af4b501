package sweep

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
	"github.com/tracelab/tracelab/internal/parallel"
)

// Column is a result column of an experiment: a snake_case name and a Gota
// type, one of series.Float, series.Int, series.Bool, series.String.
type Column struct {
	Name string
	Type series.Type
}

// Row is the result of one replicate: one value per column of the
// experiment, in the order of its Columns, of the column's type: float64
// for series.Float, int for series.Int, bool for series.Bool, string for
// series.String. Unknown measures are NaN (float columns only).
type Row []any

// Experiment is what a sweep replicates. Run must be a pure function of the
// experiment's configuration and of the Replicate it is given (in practice:
// of r.Seed and r.Params), and safe for concurrent use: a sweep calls it
// from several goroutines at once.
type Experiment interface {
	// Name identifies the experiment and its whole configuration (the log
	// and a digest of its jobs, the scheduler, every option): shard files
	// whose sweeps differ in name are never merged together.
	Name() string
	// Params lists the grid parameters the experiment understands (for
	// example "load"); a Spec whose grid names another is refused.
	Params() []string
	// Columns lists the result columns, in the order of the rows.
	Columns() []Column
	// Run computes replicate r. It should return early with ctx.Err() when
	// ctx is cancelled, if it runs for long.
	Run(ctx context.Context, r Replicate) (Row, error)
}

// NewFunc returns an Experiment from its parts, for experiments that hold
// no state beyond what run closes over.
func NewFunc(name string, params []string, cols []Column, run func(ctx context.Context, r Replicate) (Row, error)) Experiment {
	if run == nil {
		panic("sweep: NewFunc with a nil run function")
	}
	return funcExperiment{name: name, params: params, cols: cols, run: run}
}

type funcExperiment struct {
	name   string
	params []string
	cols   []Column
	run    func(ctx context.Context, r Replicate) (Row, error)
}

func (f funcExperiment) Name() string                                      { return f.name }
func (f funcExperiment) Params() []string                                  { return f.params }
func (f funcExperiment) Columns() []Column                                 { return f.cols }
func (f funcExperiment) Run(ctx context.Context, r Replicate) (Row, error) { return f.run(ctx, r) }

// Param is one axis of a sweep's grid: a parameter name and its values.
type Param struct {
	Name   string
	Values []float64
}

// Spec is a sweep: Reps replicates of Experiment at every point of the grid
// Params (the Cartesian product of the parameters' values, the first
// parameter varying slowest; no parameter means a single point), seeded
// from Seed.
type Spec struct {
	Experiment Experiment
	Params     []Param
	Reps       int
	Seed       uint64
}

// Reserved column names: the replicate's identity and the shard metadata.
const (
	ColReplicate = "replicate"
	ColSeed      = "seed"
	colSweepID   = "sweep_id"
	colShard     = "shard"
	colShards    = "shards"
	colTotal     = "replicates"
)

// Validate checks the spec: an experiment, Reps ≥ 1, parameters the
// experiment knows, each with at least one finite value and named once,
// and column names that do not collide.
func (s Spec) Validate() error {
	if s.Experiment == nil {
		return errors.New("sweep: no experiment")
	}
	if s.Reps < 1 {
		return fmt.Errorf("sweep: %d replicates, want at least 1", s.Reps)
	}
	known := s.Experiment.Params()
	seen := map[string]string{
		ColReplicate: "reserved", ColSeed: "reserved", colSweepID: "reserved",
		colShard: "reserved", colShards: "reserved", colTotal: "reserved",
	}
	for _, p := range s.Params {
		if !contains(known, p.Name) {
			if len(known) == 0 {
				return fmt.Errorf("sweep: experiment %s takes no parameter, got %q", label(s.Experiment), p.Name)
			}
			return fmt.Errorf("sweep: experiment %s has no parameter %q (it has %s)",
				label(s.Experiment), p.Name, strings.Join(known, ", "))
		}
		if seen[p.Name] != "" {
			return fmt.Errorf("sweep: parameter %q given twice", p.Name)
		}
		seen[p.Name] = "parameter"
		if len(p.Values) == 0 {
			return fmt.Errorf("sweep: parameter %q has no value", p.Name)
		}
		for _, v := range p.Values {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return fmt.Errorf("sweep: parameter %q has value %v", p.Name, v)
			}
		}
	}
	for _, c := range s.Experiment.Columns() {
		if c.Name == "" {
			return fmt.Errorf("sweep: experiment %s has a column without a name", label(s.Experiment))
		}
		if what := seen[c.Name]; what != "" {
			return fmt.Errorf("sweep: experiment %s column %q collides with a %s column", label(s.Experiment), c.Name, what)
		}
		switch c.Type {
		case series.Float, series.Int, series.Bool, series.String:
		default:
			return fmt.Errorf("sweep: experiment %s column %q has type %q", label(s.Experiment), c.Name, c.Type)
		}
		seen[c.Name] = "result"
	}
	return nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// Points returns the number of grid points: the product of the numbers of
// values of the parameters (1 without parameters).
func (s Spec) Points() int {
	n := 1
	for _, p := range s.Params {
		n *= len(p.Values)
	}
	return n
}

// Len returns the number of replicates of the sweep, Points() × Reps.
func (s Spec) Len() int { return s.Points() * s.Reps }

// ID returns the text that identifies the sweep: the experiment's name, the
// grid, the number of replicates and the seed. It is stored in shard files.
func (s Spec) ID() string {
	var b strings.Builder
	b.WriteString(s.Experiment.Name())
	for _, p := range s.Params {
		b.WriteString(";" + p.Name + "=")
		for k, v := range p.Values {
			if k > 0 {
				b.WriteByte(',')
			}
			b.WriteString(strconv.FormatFloat(v, 'g', -1, 64))
		}
	}
	fmt.Fprintf(&b, ";reps=%d;seed=%d", s.Reps, s.Seed)
	return b.String()
}

// Columns returns the columns of the sweep's frame: replicate, seed, the
// parameters (float), then the experiment's columns.
func (s Spec) Columns() []Column {
	cols := []Column{{ColReplicate, series.Int}, {ColSeed, series.Int}}
	for _, p := range s.Params {
		cols = append(cols, Column{p.Name, series.Float})
	}
	return append(cols, s.Experiment.Columns()...)
}

// Replicate describes one replicate of a sweep.
type Replicate struct {
	Index  int       // row of the sweep, 0 ≤ Index < Spec.Len()
	Point  int       // grid point, Index / Reps
	Rep    int       // replicate within its point, Index mod Reps
	Seed   uint64    // Seed(Spec.Seed, Rep)
	Params []Param   // the grid's parameters (names)
	Values []float64 // their values at this point, in the order of Params
}

// Param returns the value of the named parameter at this replicate's grid
// point, or def when the grid does not vary it.
func (r Replicate) Param(name string, def float64) float64 {
	for k, p := range r.Params {
		if p.Name == name {
			return r.Values[k]
		}
	}
	return def
}

// Rand returns a generator for the replicate: PCG(Seed, 0).
func (r Replicate) Rand() *rand.Rand { return rand.New(rand.NewPCG(r.Seed, 0)) }

// Seed returns the seed of replicate rep of a sweep seeded with base: the
// first output of PCG(base, rep), shifted right by one bit so that it is a
// non-negative int64 (it is stored in an int column).
func Seed(base uint64, rep int) uint64 {
	if rep < 0 {
		panic("sweep: negative replicate number")
	}
	return rand.New(rand.NewPCG(base, uint64(rep))).Uint64() >> 1
}

// Replicate returns replicate i of the sweep. It panics if i is out of
// range.
func (s Spec) Replicate(i int) Replicate {
	if i < 0 || i >= s.Len() {
		panic(fmt.Sprintf("sweep: replicate %d of a sweep of %d", i, s.Len()))
	}
	r := Replicate{Index: i, Point: i / s.Reps, Rep: i % s.Reps, Params: s.Params}
	r.Seed = Seed(s.Seed, r.Rep)
	if len(s.Params) > 0 {
		r.Values = make([]float64, len(s.Params))
		rest := r.Point
		for k := len(s.Params) - 1; k >= 0; k-- {
			n := len(s.Params[k].Values)
			r.Values[k] = s.Params[k].Values[rest%n]
			rest /= n
		}
	}
	return r
}

// Options controls how a sweep runs. The zero value runs the whole sweep on
// GOMAXPROCS workers without progress reports.
type Options struct {
	// Workers is the number of replicates run at once; 0 means
	// runtime.GOMAXPROCS(0). The rows do not depend on it.
	Workers int
	// Shard selects the replicates to run; the zero value is the whole
	// sweep.
	Shard Shard
	// Progress, when set, is called after each replicate with the number
	// done so far and the number to run (in this shard), from one
	// goroutine at a time.
	Progress func(done, total int)
	// Store is the folder of a Store from which Run takes a whole sweep's
	// rows instead of computing them, when it holds them; "" means the
	// folder named by $TRACELAB_SWEEPS, if any.
	Store string
}

// Run runs the replicates of spec selected by opts.Shard and returns their
// rows sorted by replicate, with the columns of Spec.Columns (for a whole
// sweep held by the Store of opts, its stored rows, the same). The rows do
// not depend on opts.Workers; the frame of the whole sweep equals the merge
// of its shards. The first replicate to fail stops the sweep, and its error
// (naming the replicate and its seed) is returned; so is ctx's error when
// ctx is cancelled.
func Run(ctx context.Context, spec Spec, opts Options) (dataframe.DataFrame, error) {
	if st := opts.store(); st.Dir != "" && opts.Shard.norm() == (Shard{0, 1}) {
		if err := spec.Validate(); err != nil {
			return dataframe.DataFrame{}, err
		}
		df, ok, err := st.Load(spec)
		if err != nil {
			return dataframe.DataFrame{}, err
		}
		if ok {
			if opts.Progress != nil {
				opts.Progress(spec.Len(), spec.Len())
			}
			return df, nil
		}
	}
	rows, idx, err := runRows(ctx, spec, opts)
	if err != nil {
		return dataframe.DataFrame{}, err
	}
	return buildFrame(spec, idx, rows, nil)
}

// Frame returns the frame Run returns for the whole sweep spec, from its
// rows computed elsewhere (for example together with another sweep's):
// rows[i] is replicate i's, of the experiment's columns.
func Frame(spec Spec, rows []Row) (dataframe.DataFrame, error) {
	if err := spec.Validate(); err != nil {
		return dataframe.DataFrame{}, err
	}
	if len(rows) != spec.Len() {
		return dataframe.DataFrame{}, fmt.Errorf("sweep: %d rows for a sweep of %d replicates", len(rows), spec.Len())
	}
	idx := make([]int, len(rows))
	for i, row := range rows {
		if err := checkRow(spec.Experiment.Columns(), row); err != nil {
			return dataframe.DataFrame{}, fmt.Errorf("sweep: %s: replicate %d: %w", label(spec.Experiment), i, err)
		}
		idx[i] = i
	}
	return buildFrame(spec, idx, rows, nil)
}

// runRows runs the replicates of the shard and returns their rows and
// indices, in index order.
func runRows(ctx context.Context, spec Spec, opts Options) ([]Row, []int, error) {
	if err := spec.Validate(); err != nil {
		return nil, nil, err
	}
	total := spec.Len()
	if err := opts.Shard.check(total); err != nil {
		return nil, nil, err
	}
	idx := opts.Shard.Indices(total)
	workers, err := parallel.Workers(opts.Workers)
	if err != nil {
		return nil, nil, fmt.Errorf("sweep: %w", err)
	}
	cols := spec.Experiment.Columns()
	rows := make([]Row, len(idx))
	progress := parallel.NewProgress(len(idx), opts.Progress)
	err = parallel.For(ctx, len(idx), workers, func(ctx context.Context, k int) error {
		r := spec.Replicate(idx[k])
		row, err := spec.Experiment.Run(ctx, r)
		if err == nil {
			err = checkRow(cols, row)
		}
		if err != nil {
			if ctx.Err() != nil && errors.Is(err, ctx.Err()) {
				return err
			}
			return fmt.Errorf("sweep: %s: replicate %d (seed %d): %w", label(spec.Experiment), r.Index, r.Seed, err)
		}
		rows[k] = row
		progress.Done()
		return nil
	})
	if err != nil {
		return nil, nil, err
	}
	return rows, idx, nil
}

// label is the experiment's name up to its parameters ("resample" of
// "resample(log=…,pools={…},…)"), for messages: the full name identifies
// the sweep in shard files but is too long to read in an error.
func label(e Experiment) string {
	n := e.Name()
	if i := strings.IndexByte(n, '('); i > 0 {
		return n[:i]
	}
	return n
}

// checkRow checks that row holds one value of the right type per column.
func checkRow(cols []Column, row Row) error {
	if len(row) != len(cols) {
		return fmt.Errorf("row has %d values for %d columns", len(row), len(cols))
	}
	for k, c := range cols {
		ok := false
		switch c.Type {
		case series.Float:
			_, ok = row[k].(float64)
		case series.Int:
			_, ok = row[k].(int)
		case series.Bool:
			_, ok = row[k].(bool)
		case series.String:
			_, ok = row[k].(string)
		}
		if !ok {
			return fmt.Errorf("column %s: value %v of type %T, want %s", c.Name, row[k], row[k], c.Type)
		}
	}
	return nil
}

// buildFrame turns the rows of replicates idx into the sweep's frame, plus
// the extra columns (shard metadata) when given.
func buildFrame(spec Spec, idx []int, rows []Row, extra []series.Series) (dataframe.DataFrame, error) {
	n := len(idx)
	seeds := make([]int, n)
	params := make([][]float64, len(spec.Params))
	for k := range params {
		params[k] = make([]float64, n)
	}
	for p, i := range idx {
		r := spec.Replicate(i)
		seeds[p] = int(r.Seed)
		for k, v := range r.Values {
			params[k][p] = v
		}
	}
	ss := []series.Series{
		series.New(append([]int(nil), idx...), series.Int, ColReplicate),
		series.New(seeds, series.Int, ColSeed),
	}
	for k, p := range spec.Params {
		ss = append(ss, series.New(params[k], series.Float, p.Name))
	}
	for k, c := range spec.Experiment.Columns() {
		ss = append(ss, columnOf(c, rows, k))
	}
	ss = append(ss, extra...)
	df := dataframe.New(ss...)
	return df, df.Err
}

// columnOf gathers value k of every row into a typed series.
func columnOf(c Column, rows []Row, k int) series.Series {
	switch c.Type {
	case series.Float:
		v := make([]float64, len(rows))
		for i, r := range rows {
			v[i] = r[k].(float64)
		}
		return series.New(v, series.Float, c.Name)
	case series.Int:
		v := make([]int, len(rows))
		for i, r := range rows {
			v[i] = r[k].(int)
		}
		return series.New(v, series.Int, c.Name)
	case series.Bool:
		v := make([]bool, len(rows))
		for i, r := range rows {
			v[i] = r[k].(bool)
		}
		return series.New(v, series.Bool, c.Name)
	}
	v := make([]string, len(rows))
	for i, r := range rows {
		v[i] = r[k].(string)
	}
	return series.New(v, series.String, c.Name)
}
