package cli

import (
	"context"
	"errors"
	"fmt"
	"math"
	"os"
	"strconv"
	"strings"

	"github.com/tracelab/tracelab/sim"
)

// heapLimitEnv names the environment variable that bounds the live heap
// of every command (sim.HeapLimit): a size with a unit, such as 4GiB,
// 512MiB or 6GB, from heapLimitMin to heapLimitMax; unset, empty or "off":
// no bound (the default). An environment variable, as TRACELAB_MAX_JOBS
// (maxJobsEnv) is, because it is a limit of the machine, not a choice of
// the experiment, and so that every command takes it, the sweeps' Slurm
// tasks too (they run with the submitter's environment).
//
// It is for a scheduler of one's own (sim.Register) that may allocate
// without end: its simulation stops after the round in which the live
// heap (what the last garbage collection kept) is above the limit, with
// an error naming the limit (heapLimitError). The limit counts the whole
// process: the log read, the resampled logs and every simulation a
// sweep runs in parallel; a built-in scheduler is stopped between
// simulations only. sim.HeapLimit's doc says what it cannot bound (a
// Schedule call that never returns; GOGC=off).
//
// Off by default because no default fits: a limit is useful only below
// where the operating system ends the process, and with Go's default
// GOGC=100 the heap grows to about twice the live bytes before a
// collection, so a limit worth having is at most about half the memory
// the process may use, which is what large honest runs reach (a 10
// million job log holds about 1.5 GB; reproduce zakay2013 peaked at
// 8.5 GB): any fixed fraction of the machine would stop those on a small
// machine and stop nothing on a large one shared by others. The user who
// runs a scheduler of unknown habits knows what the process may use.
const heapLimitEnv = "TRACELAB_HEAP_LIMIT"

// heapLimitMin and heapLimitMax bound TRACELAB_HEAP_LIMIT: below 16 MiB
// the program's own start (its registry, the sample log) would be
// stopped; 1 PiB is beyond the memory of any one machine.
const (
	heapLimitMin = 16 << 20
	heapLimitMax = 1 << 50
)

// byteUnits are the units heapLimit reads (case-insensitive), with their
// size in bytes: binary (KiB = 1024 B) and decimal (KB = 1000 B).
var byteUnits = []struct {
	name string
	size float64
}{
	{"kib", 1 << 10}, {"mib", 1 << 20}, {"gib", 1 << 30}, {"tib", 1 << 40},
	{"kb", 1e3}, {"mb", 1e6}, {"gb", 1e9}, {"tb", 1e12},
	{"b", 1},
}

// parseBytes reads a size such as "4GiB", "1.5 GB" or "100000000" (bytes,
// no unit) and returns it in bytes, rounded down.
func parseBytes(s string) (uint64, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	unit := 1.0
	for _, u := range byteUnits {
		if strings.HasSuffix(t, u.name) {
			t, unit = strings.TrimSpace(strings.TrimSuffix(t, u.name)), u.size
			break
		}
	}
	v, err := strconv.ParseFloat(t, 64)
	if err != nil || t == "" || strings.ContainsAny(t, "xXpPeEiInN_") || v < 0 {
		// digits and one '.' only: no hex, exponent, Inf, NaN or '_'
		return 0, fmt.Errorf("%q is not a size", s)
	}
	b := math.Floor(v * unit)
	if b > heapLimitMax {
		return heapLimitMax + 1, nil // out of range: the caller says so
	}
	return uint64(b), nil
}

// heapLimit returns TRACELAB_HEAP_LIMIT in bytes (0: unset, empty or
// "off": no limit), or an error naming the variable for a value that is
// not a size from heapLimitMin to heapLimitMax.
func heapLimit() (uint64, error) {
	v := strings.TrimSpace(os.Getenv(heapLimitEnv))
	if v == "" || strings.EqualFold(v, "off") {
		return 0, nil
	}
	b, err := parseBytes(v)
	if err != nil || b < heapLimitMin || b > heapLimitMax {
		return 0, fmt.Errorf("%s=%q: want a size from 16MiB to 1024TiB, such as 4GiB or 6GB (or off)", heapLimitEnv, v)
	}
	return b, nil
}

// withHeapLimit returns ctx bounded by TRACELAB_HEAP_LIMIT
// (sim.HeapLimit) and the function that releases it; with the variable
// unset, ctx itself.
func withHeapLimit(ctx context.Context) (context.Context, context.CancelFunc, error) {
	limit, err := heapLimit()
	if err != nil || limit == 0 {
		return ctx, func() {}, err
	}
	ctx, cancel := sim.HeapLimit(ctx, limit)
	return ctx, cancel, nil
}

// heapLimitError completes err, the error of a command run under ctx,
// when TRACELAB_HEAP_LIMIT stopped it: a simulation's error wraps
// sim.ErrHeapLimit (and names its scheduler), a step between simulations
// returns the bare context.Canceled, which becomes the limit's cause.
// Both then say which variable set the limit and what to do.
func heapLimitError(ctx context.Context, err error) error {
	cause := context.Cause(ctx)
	if err == nil || !errors.Is(cause, sim.ErrHeapLimit) {
		return err
	}
	switch {
	case errors.Is(err, sim.ErrHeapLimit):
	case errors.Is(err, context.Canceled):
		err = fmt.Errorf("%w (%w)", cause, err)
	default:
		return err
	}
	return fmt.Errorf("%w\nstopped by %s=%s: a scheduler of one's own that keeps allocating, or a run that needs more memory (raise or unset it)",
		err, heapLimitEnv, strings.TrimSpace(os.Getenv(heapLimitEnv)))
}
