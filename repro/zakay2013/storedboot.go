package zakay2013

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"sync"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/repro/study"
	"github.com/tracelab/tracelab/sim/resample"
	"github.com/tracelab/tracelab/sim/sweep"
)

// storedRunBootstraps is resample.RunBootstraps(ctx, t, rds, reps, o),
// kept between processes (study.Stored) under the log's data
// (study.TraceKey), the readings (their definitions, %#v), their numbers
// of variants and the options but the workers and the progress report,
// which do not change the result. A result that storedBootstraps does not
// give back exactly is not stored: it is computed every time.
func storedRunBootstraps(ctx context.Context, t *datasets.Trace, rds []resample.Reading, reps []int, o resample.BootstrapOptions) ([]*resample.Bootstrap, error) {
	ko := o
	ko.Sweep = sweep.Options{Shard: o.Sweep.Shard, Store: o.Sweep.Store}
	inputs := []string{traceKey(t), fmt.Sprintf("%#v", rds), fmt.Sprint(reps), fmt.Sprintf("%#v", ko)}
	var unstorable []*resample.Bootstrap
	st, err := study.Stored("resample.RunBootstraps", inputs, func() (storedBootstraps, error) {
		bs, err := resample.RunBootstraps(ctx, t, rds, reps, o)
		if err != nil {
			return nil, err
		}
		st, err := storeBootstraps(bs)
		if err != nil {
			unstorable = bs
			return nil, err
		}
		if back, err := st.bootstraps(); err != nil || !sameBootstraps(back, bs) {
			unstorable = bs
			return nil, errUnstorable
		}
		return st, nil
	})
	if unstorable != nil {
		return unstorable, nil
	}
	if err != nil {
		return nil, err
	}
	return st.bootstraps()
}

// traceKeys holds study.TraceKey of the logs bootstrapped, by trace: a
// full-mode study bootstraps each log of the per-reading table in thirteen
// groups of readings, and hashing CEA-Curie (312,826 jobs) took 0.8 s. The logs are
// study.Log's, which keeps them, unchanged, while the process lives.
var traceKeys sync.Map // *datasets.Trace → string

// traceKey returns study.TraceKey(t), computed once per trace.
func traceKey(t *datasets.Trace) string {
	if k, ok := traceKeys.Load(t); ok {
		return k.(string)
	}
	k := study.TraceKey(t)
	traceKeys.Store(t, k)
	return k
}

// errUnstorable says a result is not kept between processes:
// storedBootstraps does not give it back.
var errUnstorable = errors.New("zakay2013: bootstraps that storedBootstraps does not hold")

// storedBootstraps are bootstraps as study.Stored keeps them: gob cannot
// encode a dataframe.DataFrame (unexported fields), so the replicates are
// kept column by column, and the reading by its name (resample.Readings).
type storedBootstraps []storedBootstrap

type storedBootstrap struct {
	Log, Reading, Scheduler string
	Original                resample.Metrics
	Wait, Slowdown          resample.Position
	LoadCV                  float64
	Columns                 []storedColumn
}

// storedColumn is a column of a frame: its name, its type and its values
// in the slice of that type.
type storedColumn struct {
	Name    string
	Type    series.Type
	Ints    []int
	Floats  []float64
	Bools   []bool
	Strings []string
}

// storeBootstraps returns bs as storedBootstraps.
func storeBootstraps(bs []*resample.Bootstrap) (storedBootstraps, error) {
	st := make(storedBootstraps, len(bs))
	for k, b := range bs {
		s := storedBootstrap{Log: b.Log, Reading: b.Reading.Name, Scheduler: b.Scheduler, Original: b.Original,
			Wait: b.Wait, Slowdown: b.Slowdown, LoadCV: b.LoadCV}
		for _, name := range b.Replicates.Names() {
			c, col := b.Replicates.Col(name), storedColumn{Name: name}
			col.Type = c.Type()
			var err error
			switch col.Type {
			case series.Int:
				col.Ints, err = c.Int()
			case series.Float:
				col.Floats = c.Float()
			case series.Bool:
				col.Bools, err = c.Bool()
			default:
				col.Strings = c.Records()
			}
			if err != nil {
				return nil, fmt.Errorf("zakay2013: column %s: %w", name, err)
			}
			s.Columns = append(s.Columns, col)
		}
		st[k] = s
	}
	return st, nil
}

// bootstraps returns the bootstraps st holds.
func (st storedBootstraps) bootstraps() ([]*resample.Bootstrap, error) {
	bs := make([]*resample.Bootstrap, len(st))
	for k, s := range st {
		rd, err := resample.ReadingByName(s.Reading)
		if err != nil {
			return nil, err
		}
		ss := make([]series.Series, len(s.Columns))
		for j, c := range s.Columns {
			switch c.Type {
			case series.Int:
				ss[j] = series.New(c.Ints, c.Type, c.Name)
			case series.Float:
				ss[j] = series.New(c.Floats, c.Type, c.Name)
			case series.Bool:
				ss[j] = series.New(c.Bools, c.Type, c.Name)
			default:
				ss[j] = series.New(c.Strings, c.Type, c.Name)
			}
		}
		df := dataframe.New(ss...)
		if df.Err != nil {
			return nil, df.Err
		}
		bs[k] = &resample.Bootstrap{Log: s.Log, Reading: rd, Scheduler: s.Scheduler, Original: s.Original,
			Replicates: df, Wait: s.Wait, Slowdown: s.Slowdown, LoadCV: s.LoadCV}
	}
	return bs, nil
}

// sameBootstraps reports whether a and b hold the same bootstraps: the
// same fields, and frames of the same columns (names, types, values; floats
// by their bits).
func sameBootstraps(a, b []*resample.Bootstrap) bool {
	if len(a) != len(b) {
		return false
	}
	for k := range a {
		x, y := *a[k], *b[k]
		if !sameFrame(x.Replicates, y.Replicates) {
			return false
		}
		x.Replicates, y.Replicates = dataframe.DataFrame{}, dataframe.DataFrame{}
		if fmt.Sprintf("%#v", x) != fmt.Sprintf("%#v", y) {
			return false
		}
	}
	return true
}

// sameFrame reports whether a and b have the same columns: names, types
// and values (floats by their bits).
func sameFrame(a, b dataframe.DataFrame) bool {
	if a.Err != nil || b.Err != nil || !slices.Equal(a.Names(), b.Names()) || !slices.Equal(a.Types(), b.Types()) || a.Nrow() != b.Nrow() {
		return false
	}
	for _, name := range a.Names() {
		ca, cb := a.Col(name), b.Col(name)
		switch ca.Type() {
		case series.Float:
			fa, fb := ca.Float(), cb.Float()
			for i := range fa {
				if math.Float64bits(fa[i]) != math.Float64bits(fb[i]) {
					return false
				}
			}
		case series.Int:
			ia, ea := ca.Int()
			ib, eb := cb.Int()
			if ea != nil || eb != nil || !slices.Equal(ia, ib) {
				return false
			}
		case series.Bool:
			ba, ea := ca.Bool()
			bb, eb := cb.Bool()
			if ea != nil || eb != nil || !slices.Equal(ba, bb) {
				return false
			}
		default:
			if !slices.Equal(ca.Records(), cb.Records()) {
				return false
			}
		}
	}
	return true
}
