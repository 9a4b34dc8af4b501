package cli

import (
	"context"
	"io"
	"os"
	"slices"
	"testing"

	"github.com/tracelab/tracelab/repro/study"
	"github.com/tracelab/tracelab/repro/zakay2013"
)

// TestReproducePlansAreThePapersSweeps: every heavy sweep the reproduction
// would send to Slurm (zakay2013's §6.1 bootstraps), in quick and in full
// mode, is the sweep `tracelab sweep` makes from the plan's arguments — the
// check `reproduce --slurm` makes before submitting (plannedSweep) — with
// no Slurm needed. It failed when the pools began at the paper's logging
// period (paperPeriodStart: log_start on SDSC-SP2) and the plans did not
// say so (--period-start).
func TestReproducePlansAreThePapersSweeps(t *testing.T) {
	if os.Getenv("TRACELAB_DATA") == "" {
		t.Skip("TRACELAB_DATA not set: the bootstrap's logs are the archive's")
	}
	ctx := context.Background()
	e := &env{stdout: io.Discard, stderr: io.Discard}
	for _, quick := range []bool{true, false} {
		plans, err := zakay2013.New(study.Options{Quick: quick}).Sweeps(ctx)
		if err != nil || len(plans) == 0 {
			t.Fatalf("quick %v: %d plans: %v", quick, len(plans), err)
		}
		logStart := 0
		for _, pl := range plans {
			if _, _, err := plannedSweep(e, pl); err != nil {
				t.Errorf("quick %v: %s: %v", quick, pl.Label, err)
			}
			if i := slices.Index(pl.Args, "--period-start"); i >= 0 && pl.Args[i+1] == "log_start" {
				logStart++
			}
		}
		if logStart == 0 {
			t.Errorf("quick %v: no plan begins at the log's start (SDSC-SP2's bootstraps should)", quick)
		}
	}
}
