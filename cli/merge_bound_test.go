package cli

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/compress/zstd"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/sim/sweep"
)

// bigShardRow is a row of a shard file as sim/sweep writes it (its
// metadata columns and one measure).
type bigShardRow struct {
	Replicate int64   `parquet:"replicate"`
	SweepID   string  `parquet:"sweep_id"`
	Shard     int64   `parquet:"shard"`
	Shards    int64   `parquet:"shards"`
	Total     int64   `parquet:"replicates"`
	Wait      float64 `parquet:"wait"`
}

// writeBigShard writes shard k of 2 of a sweep of 2·rows replicates: rows
// rows, each file within what ReadParquet reads alone.
func writeBigShard(t *testing.T, path string, k, rows int) {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	w := parquet.NewGenericWriter[bigShardRow](f, parquet.Compression(&zstd.Codec{Level: zstd.SpeedFastest}))
	buf := make([]bigShardRow, 1<<16)
	for done := 0; done < rows; {
		n := min(len(buf), rows-done)
		for i := range n {
			buf[i] = bigShardRow{Replicate: int64(2*(done+i) + k), SweepID: "s", Shard: int64(k), Shards: 2, Total: int64(2 * rows)}
		}
		if _, err := w.Write(buf[:n]); err != nil {
			t.Fatal(err)
		}
		done += n
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
}

// TestSweepMergeBoundsTheSum: sweep merge (and the merges of slurm wait and
// reproduce --slurm, through mergeShards) refuses shard files whose rows
// add up to more than a frame tracelab reads (datasets.CheckFrameSize),
// from their footers, before reading a row (TestParquetFileShape: small shards still merge). Each file alone is within
// ReadParquet's bound, so that before, Merge read them all: two shards of
// 6 M rows ran main's binary (4670887) out of memory at 2.2 GB under a
// 4 GiB ulimit (hostile7, session 17), and more shards grow without bound.
func TestSweepMergeBoundsTheSum(t *testing.T) {
	if testing.Short() {
		t.Skip("writes two shard files of 6 M rows")
	}
	dir := t.TempDir()
	const rows = 6_000_000 // 2 × 6 M > DefaultMaxRows (10 M); 6 M × 6 cells each is within the frame's
	a, b := filepath.Join(dir, "a.parquet"), filepath.Join(dir, "b.parquet")
	writeBigShard(t, a, 0, rows)
	writeBigShard(t, b, 1, rows)
	for _, p := range []string{a, b} {
		r, c, err := datasets.ParquetFileShape(p)
		if err != nil || r != rows || c != 6 || datasets.CheckFrameSize(r, r*int64(c)) != nil {
			t.Fatalf("%s: %d rows, %d columns, %v; want %d rows, 6 columns, within the bound", p, r, c, err, rows)
		}
	}
	out := filepath.Join(dir, "merged.parquet")
	_, _, err := runCLI(t, "sweep", "merge", a, b, "-o", out)
	if !errors.Is(err, datasets.ErrFrameTooLarge) || !strings.Contains(err.Error(), "the 2 files up to "+b+" hold 12000000 rows") {
		t.Errorf("sweep merge of 2 × %d rows: %v; want ErrFrameTooLarge naming the files", rows, err)
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Errorf("merged output written: %v", err)
	}
}

// TestParquetFileShape: the footer's rows and columns, and the refusals of
// files that are no Parquet or not regular (a FIFO would block).
func TestParquetFileShape(t *testing.T) {
	dir := t.TempDir()
	small := filepath.Join(dir, "s.parquet")
	writeBigShard(t, small, 0, 5)
	fifo := filepath.Join(dir, "fifo.parquet")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip(err)
	}
	text := writeTemp(t, dir, "t.parquet", "not parquet\n")
	// Small shards still merge (a partial sweep: shard 0 of 2).
	if _, rep, err := mergeShards([]string{small}, sweep.MergeOptions{AllowPartial: true}); err != nil || rep.Replicates != 5 {
		t.Errorf("one small shard: %d replicates, %v; want 5", rep.Replicates, err)
	}
	for _, tc := range []struct {
		path       string
		rows, cols int
		wantErr    string
	}{
		{small, 5, 6, ""},
		{fifo, 0, 0, "named pipe"},
		{text, 0, 0, "Parquet"},
		{filepath.Join(dir, "absent.parquet"), 0, 0, "no such file"},
	} {
		r, c, err := datasets.ParquetFileShape(tc.path)
		if tc.wantErr == "" && (err != nil || int(r) != tc.rows || c != tc.cols) ||
			tc.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tc.wantErr)) {
			t.Errorf("%s: %d rows, %d columns, %v; want %d, %d, error %q", filepath.Base(tc.path), r, c, err, tc.rows, tc.cols, tc.wantErr)
		}
	}
}
