package sweep

import (
	"context"
	"errors"
	"os"
	"strings"
	"sync/atomic"
	"testing"
)

// TestStore: a sweep saved in a store comes back from Run row for row
// without running a replicate (Options.Store, and $TRACELAB_SWEEPS); a
// sweep of another seed, size or grid is not taken for it; a shard run
// never reads the store; a file of another sweep under the name is an
// error.
func TestStore(t *testing.T) {
	ctx := context.Background()
	spec := Spec{Experiment: toy(), Params: []Param{{"load", []float64{0.5, 2}}}, Reps: 9, Seed: 24}
	want, err := Run(ctx, spec, Options{Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	st := Store{t.TempDir()}
	if err := st.Save(spec, want); err != nil {
		t.Fatal(err)
	}
	var calls atomic.Int64
	counting := spec
	counting.Experiment = NewFunc(toy().Name(), toy().Params(), toy().Columns(), func(ctx context.Context, r Replicate) (Row, error) {
		calls.Add(1)
		return toy().Run(ctx, r)
	})
	done := -1
	got, err := Run(ctx, counting, Options{Store: st.Dir, Progress: func(d, total int) { done = d }})
	if err != nil {
		t.Fatal(err)
	}
	if frameText(t, got) != frameText(t, want) || calls.Load() != 0 || done != spec.Len() {
		t.Errorf("stored sweep: %d replicates run, progress %d, rows equal %v", calls.Load(), done, frameText(t, got) == frameText(t, want))
	}
	t.Setenv(StoreEnv, st.Dir)
	if got, err = Run(ctx, counting, Options{}); err != nil || frameText(t, got) != frameText(t, want) || calls.Load() != 0 {
		t.Errorf("$%s: err %v, %d replicates run", StoreEnv, err, calls.Load())
	}
	for _, other := range []Spec{
		{Experiment: counting.Experiment, Params: spec.Params, Reps: 9, Seed: 25},
		{Experiment: counting.Experiment, Params: spec.Params, Reps: 8, Seed: 24},
		{Experiment: counting.Experiment, Reps: 9, Seed: 24},
	} {
		calls.Store(0)
		if _, err := Run(ctx, other, Options{}); err != nil || calls.Load() != int64(other.Len()) {
			t.Errorf("%s: err %v, %d of %d replicates run", other.ID(), err, calls.Load(), other.Len())
		}
	}
	calls.Store(0)
	if _, err := Run(ctx, counting, Options{Shard: Shard{1, 3}}); err != nil || calls.Load() != int64(Shard{1, 3}.Count(spec.Len())) {
		t.Errorf("shard: err %v, %d replicates run", err, calls.Load())
	}
	// Another sweep's file under this sweep's name.
	other := Spec{Experiment: toy(), Reps: 18, Seed: 24}
	odf, err := Run(ctx, other, Options{Store: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	wrong := Store{t.TempDir()}
	if err := wrong.Save(other, odf); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(wrong.Path(other.ID()), wrong.Path(spec.ID())); err != nil {
		t.Fatal(err)
	}
	if _, err := Run(ctx, spec, Options{Store: wrong.Dir}); err == nil || !strings.Contains(err.Error(), "another sweep") {
		t.Errorf("a file of another sweep: %v", err)
	}
	// Save refuses rows that are not the whole sweep.
	if err := st.Save(other, want); err == nil {
		t.Error("rows of another sweep saved")
	}
	if _, ok, err := (Store{t.TempDir()}).Load(spec); ok || err != nil {
		t.Errorf("empty store: %v %v", ok, err)
	}
	if _, err := os.Stat(st.Path(spec.ID())); errors.Is(err, os.ErrNotExist) {
		t.Error("no file")
	}
}
