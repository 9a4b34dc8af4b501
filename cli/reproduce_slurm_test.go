package cli

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-gota/gota/dataframe"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/repro/study"
	"github.com/tracelab/tracelab/repro/zakay2013"
	"github.com/tracelab/tracelab/sim/resample"
	"github.com/tracelab/tracelab/sim/sweep"
)

// TestReproduceSlurm runs the heavy experiment of zakay2013 on a real
// Slurm — the bootstrap of §6.1 in quick mode: KTH-SP2 and SDSC-SP2 under
// three readings, six sweeps — as job arrays of at most 3 tasks, then
// checks that every stored sweep equals, row for row, the same sweep run
// on this machine; that a second run finds them all stored and submits
// nothing; and that the bootstrap then loads them ($TRACELAB_SWEEPS)
// instead of computing them, with the same result.
func TestReproduceSlurm(t *testing.T) {
	needSlurm(t)
	if os.Getenv("TRACELAB_DATA") == "" {
		t.Skip("TRACELAB_DATA not set: the bootstrap's logs are the archive's")
	}
	bin := buildTracelab(t)
	dir := t.TempDir()
	args := []string{"reproduce", "zakay2013", "--quick", "--slurm", "--sweeps-only", "--sweeps", dir,
		"--shards", "3", "--tracelab", bin, "--poll", "200ms"}
	_, stderr, err := runCLI(t, args...)
	if err != nil {
		t.Fatalf("%v\n%s", err, stderr)
	}
	if !strings.Contains(stderr, "6 heavy sweeps, 0 already stored") {
		t.Errorf("plans:\n%s", stderr)
	}
	ctx := context.Background()
	plans, err := zakay2013.New(study.Options{Quick: true}).Sweeps(ctx)
	if err != nil || len(plans) != 6 {
		t.Fatalf("%d plans: %v", len(plans), err)
	}
	store := sweep.Store{Dir: dir}
	e := &env{stdout: io.Discard, stderr: io.Discard}
	for _, pl := range plans {
		_, spec, err := plannedSweep(e, pl)
		if err != nil {
			t.Fatal(err)
		}
		got, ok, err := store.Load(spec)
		if err != nil || !ok {
			t.Fatalf("%s not stored: %v", pl.Label, err)
		}
		want, err := sweep.Run(ctx, spec, sweep.Options{Store: filepath.Join(dir, "none")})
		if err != nil {
			t.Fatal(err)
		}
		if frameText(t, got) != frameText(t, want) {
			t.Errorf("%s: the cluster's rows differ from this machine's", pl.Label)
		}
	}
	_, stderr, err = runCLI(t, args...)
	if err != nil || !strings.Contains(stderr, "6 heavy sweeps, 6 already stored") || strings.Contains(stderr, "submitted") {
		t.Errorf("second run: %v\n%s", err, stderr)
	}
	// The study's bootstrap takes the stored rows.
	tr, err := study.Log("KTH-SP2-1996-2.1-cln")
	if err != nil {
		t.Fatal(err)
	}
	rd, _ := resample.ReadingByName("cycle")
	o := resample.BootstrapOptions{Replicates: 4, Seed: 2013}
	computed, err := resample.RunBootstrap(ctx, tr, rd, o)
	if err != nil {
		t.Fatal(err)
	}
	o.Sweep.Store = dir
	loaded, err := resample.RunBootstrap(ctx, tr, rd, o)
	if err != nil {
		t.Fatal(err)
	}
	if frameText(t, loaded.Replicates) != frameText(t, computed.Replicates) || loaded.Wait != computed.Wait {
		t.Error("the bootstrap loaded from the store differs from the one computed")
	}
}

// frameText renders a frame as CSV, for row-for-row comparisons.
func frameText(t *testing.T, df dataframe.DataFrame) string {
	t.Helper()
	var b bytes.Buffer
	if err := datasets.WriteCSV(&b, df); err != nil {
		t.Fatal(err)
	}
	return b.String()
}
