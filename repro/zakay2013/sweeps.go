package zakay2013

import (
	"context"
	"fmt"
	"slices"
	"strconv"

	"github.com/tracelab/tracelab/sim/resample"
	"github.com/tracelab/tracelab/sim/sweep"
)

// Sweeps returns the heavy experiments of the paper as sweeps a cluster
// can run (`tracelab reproduce --slurm`): the bootstrap of §6.1 of each log
// under each reading that Figs. 8–9 and the per-reading table use, with
// the replicates and seed the study runs. A sweep stored by its ID
// (sweep.Store, $TRACELAB_SWEEPS) is then loaded by the study instead of
// computed. Missing logs are left out, as the study leaves them out.
func (s *Study) Sweeps(ctx context.Context) ([]sweep.Plan, error) {
	type key struct{ log, reading string }
	var keys []key
	add := func(log, reading string) {
		if k := (key{log, reading}); !slices.Contains(keys, k) {
			keys = append(keys, k)
		}
	}
	for _, log := range s.bootstrapLogs(len(BootstrapLogs)) {
		add(log, literalReading)
		add(log, commonReading)
	}
	for _, rd := range s.tableReadings() {
		for _, log := range s.bootstrapLogs(readingLogs) {
			add(log, rd.Name)
		}
	}
	var plans []sweep.Plan
	for _, k := range keys {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		tr, rd, o, err := s.bootstrapOptions(k.log, k.reading)
		if isMissing(err) {
			continue
		}
		if err != nil {
			return nil, err
		}
		spec, err := resample.BootstrapSpec(tr, rd, o)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", k.log, err)
		}
		plans = append(plans, sweep.Plan{
			Label: fmt.Sprintf("§6.1 bootstrap: %s, %d variants (%s)", k.log, o.Replicates, k.reading),
			Args: []string{catalogOf(k.log), "--experiment", "resample", "--reading", k.reading,
				"--period-start", rd.Pools.Users.Start.String(), "--scheduler", "easy",
				"--reps", strconv.Itoa(o.Replicates), "--seed", strconv.FormatUint(o.Seed, 10)},
			ID: spec.ID(),
		})
	}
	return plans, nil
}
