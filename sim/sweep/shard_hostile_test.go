package sweep

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-gota/gota/series"
	"github.com/tracelab/tracelab/datasets"
)

// hostileShard writes a copy of the first row of the shard file src with
// its metadata replaced (issue 25: a one-row shard claiming 2^45
// replicates once sized an allocation).
func hostileShard(t *testing.T, src, dst string, shard, shards, total int) string {
	t.Helper()
	df, err := datasets.ReadParquetFile(src)
	if err != nil {
		t.Fatal(err)
	}
	df = df.Subset([]int{0}).
		Mutate(series.New([]int{shard}, series.Int, colShard)).
		Mutate(series.New([]int{shards}, series.Int, colShards)).
		Mutate(series.New([]int{total}, series.Int, colTotal))
	if df.Err != nil {
		t.Fatal(df.Err)
	}
	if err := datasets.WriteFrameFile(dst, df); err != nil {
		t.Fatal(err)
	}
	return dst
}

// TestMergeBoundsMetadata: the numbers in a shard file (shard count,
// replicates) are checked against the rows present before anything is
// sized by them; each hostile file is a clear error, with or without
// AllowPartial.
func TestMergeBoundsMetadata(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	spec := Spec{Experiment: toy(), Reps: 4, Seed: 3}
	good := writeShards(t, dir, spec, 2, 0, 1)
	tests := []struct {
		name                 string
		shard, shards, total int
		want                 string
	}{
		{"2^45 replicates", 0, 2, 1 << 45, "holds 1 rows, shard 0/2 of 35184372088832 replicates has 17592186044416"},
		{"2^45 shards", 0, 1 << 45, 1 << 45, "bad shard metadata 0/35184372088832"},
		{"2^30 shards", 0, 1 << 30, 1 << 30, "bad shard metadata 0/1073741824"},
		{"MaxShards shards of one row each", 0, MaxShards, MaxShards, ""},
		{"negative replicates", 0, 2, -5, "bad shard metadata 0/2 of -5"},
		{"negative shards", 0, -5, 2, "bad shard metadata 0/-5"},
		{"shard past the count", 3, 2, 4, "bad shard metadata 3/2"},
	}
	for k, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := hostileShard(t, good[0], filepath.Join(dir, "h"+strings.Repeat("x", k)+".parquet"), tc.shard, tc.shards, tc.total)
			for _, partial := range []bool{false, true} {
				_, rep, err := Merge([]string{p}, MergeOptions{AllowPartial: partial})
				if tc.want == "" {
					// A legal sweep of MaxShards one-row shards, one present:
					// the report lists the others as ranges, not one by one.
					if partial && (err != nil || len(rep.Missing) != MaxShards-1) {
						t.Fatalf("partial merge: %v, %d missing", err, len(rep.Missing))
					}
					if !partial && (err == nil || !strings.Contains(err.Error(), "missing: 1-4000000 ")) {
						t.Fatalf("merge: %v", err)
					}
					continue
				}
				if err == nil || !strings.Contains(err.Error(), tc.want) {
					t.Fatalf("AllowPartial %v: %v, want an error containing %q", partial, err, tc.want)
				}
			}
		})
	}
}

func TestFormatIndices(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in   []int
		want string
	}{
		{nil, ""},
		{[]int{4}, "4"},
		{[]int{2, 7}, "2, 7"},
		{[]int{1, 2, 3, 5, 7, 8}, "1-3, 5, 7-8"},
	}
	for _, tc := range tests {
		if got := FormatIndices(tc.in); got != tc.want {
			t.Errorf("FormatIndices(%v) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// FuzzReadShard: any file given to Merge as a shard ends in a frame or an
// error, never a panic, and never allocates by the numbers it holds (the
// fuzzer's memory limit would stop it). The seeds are real shard files
// and their hostile variants.
func FuzzReadShard(f *testing.F) {
	dir := f.TempDir()
	spec := Spec{Experiment: toy(), Reps: 3, Seed: 1}
	for _, s := range []Shard{{0, 2}, {1, 2}} {
		p := ShardPath(dir, s)
		if err := WriteShard(context.Background(), spec, Options{Shard: s}, p); err != nil {
			f.Fatal(err)
		}
		b, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		p := filepath.Join(t.TempDir(), "shard.parquet")
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
		for _, partial := range []bool{false, true} {
			df, rep, err := Merge([]string{p}, MergeOptions{AllowPartial: partial})
			if err != nil {
				continue
			}
			if df.Nrow() != rep.Replicates || rep.Replicates > rep.Total || len(rep.Present)+len(rep.Missing) != rep.Shards {
				t.Fatalf("merge of one file: %d rows, report %+v", df.Nrow(), rep)
			}
		}
	})
}
