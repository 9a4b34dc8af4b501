package resample

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"hash/fnv"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/sim"
	"github.com/tracelab/tracelab/sim/sweep"
)

var updateGolden = flag.Bool("update-golden", false, "rewrite testdata/replicates.golden from the current code")

// goldenLogs are the logs of the shared data folder that can be
// resampled: all but lublin_256, which has no user ids.
var goldenLogs = []string{"CEA-Curie", "CTC-SP2", "HPC2N", "KTH-SP2", "LANL-CM5", "LLNL-Thunder",
	"OSC-Clust", "SDSC-BLUE", "SDSC-DS", "SDSC-Par", "SDSC-SP2"}

// outcomeDigest is a digest of a simulated variant: FNV-64a of every job's
// start time and submit time (bits, in the engine's order), of the weekly
// samples, and the summaries.
func outcomeDigest(o *Outcome) string {
	h := fnv.New64a()
	var buf [8]byte
	put := func(x uint64) {
		for k := range buf {
			buf[k] = byte(x >> (8 * k))
		}
		h.Write(buf[:])
	}
	r := o.Result
	for j := range r.Start {
		put(math.Float64bits(r.Start[j]))
		put(math.Float64bits(r.Submit[j]))
		put(uint64(r.ID[j]))
	}
	w := r.Weekly
	for k := range w.Time {
		put(math.Float64bits(w.Time[k]))
		put(uint64(w.Outstanding[k]))
	}
	return fmt.Sprintf("jobs=%d digest=%016x summary=%s all=%s saturation=%v", r.Len(), h.Sum64(), means(o.Summary), means(o.All), o.Saturation)
}

// means formats the means of a summary, as the golden file recorded them.
func means(s sim.Summary) string {
	return fmt.Sprint("{", s.Jobs, " ", s.AvgWait, " ", s.AvgResponse, " ", s.AvgSlowdown, " ", s.AvgBoundedSlowdown, " ",
		s.Utilization, " ", s.Makespan, " ", s.Throughput, " ", s.MaxQueue, " ", s.SlowdownExcluded, " ", s.Unfinished, " ",
		s.Procs, " ", s.Work, "}")
}

// goldenCase is one resampled variant of the golden file.
type goldenCase struct {
	reading   string
	scheduler string
	seed      uint64
	load      float64
	rbnpw     float64
	rare      bool // pools with a rare period
}

func (c goldenCase) key(log string) string {
	return fmt.Sprintf("%s %s %s seed=%d load=%g rb_npw=%g rare=%v", log, c.reading, c.scheduler, c.seed, c.load, c.rbnpw, c.rare)
}

// goldenCases are the variants recorded for every log: the readings of
// §6.1 that change the simulation or the pools, under EASY, and the
// default reading under the other schedulers, at another load and with a
// rare-behaviour pool.
func goldenCases() []goldenCase {
	var cs []goldenCase
	for _, rd := range []string{"default", "cycle", "discard-touching", "stop-at-end", "steady-state", "kill-at-estimate", "drop-cancelled"} {
		cs = append(cs, goldenCase{reading: rd, scheduler: "easy", seed: 1, load: 1})
	}
	cs = append(cs, goldenCase{reading: "default", scheduler: "easy", seed: 2, load: 1})
	for _, s := range []string{"fcfs", "easy-sjbf", "conservative"} {
		cs = append(cs, goldenCase{reading: "default", scheduler: s, seed: 3, load: 1})
	}
	cs = append(cs, goldenCase{reading: "default", scheduler: "easy", seed: 4, load: 1.3})
	cs = append(cs, goldenCase{reading: "default", scheduler: "easy", seed: 5, load: 1, rbnpw: 0.1, rare: true})
	return cs
}

// rarePeriod returns a rare period of log t: the busiest user's first 200
// jobs (or all its jobs).
func rarePeriod(t *datasets.Trace) RarePeriod {
	ix := t.ByUser()
	best := 0
	for k := range ix.Users {
		if len(ix.Rows[k]) > len(ix.Rows[best]) {
			best = k
		}
	}
	rows := ix.Rows[best]
	sub := make([]float64, 0, len(rows))
	for _, i := range rows {
		if !math.IsNaN(t.Submit[i]) {
			sub = append(sub, t.Submit[i])
		}
	}
	slices.Sort(sub)
	return RarePeriod{User: ix.Users[best], Begin: sub[0], End: sub[min(199, len(sub)-1)]}
}

// TestGoldenReplicates checks that resampled variants of the shared logs
// are generated, simulated and measured exactly as recorded in
// testdata/replicates.golden before issue 24 changed how replicates are
// made (the schedules, the metrics rows of the sweep experiment, the
// reference runs and the bootstrap frames must not change). -short skips
// it; -update-golden rewrites the file.
func TestGoldenReplicates(t *testing.T) {
	if testing.Short() {
		t.Skip("hundreds of replicates of twelve logs")
	}
	needData(t)
	path := filepath.Join("testdata", "replicates.golden")
	want := map[string]string{}
	if !*updateGolden {
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			k, v, _ := strings.Cut(sc.Text(), "\t")
			want[k] = v
		}
		f.Close()
	}
	var mu sync.Mutex
	got := map[string]string{}
	record := func(t *testing.T, key, val string) {
		mu.Lock()
		got[key] = val
		mu.Unlock()
		if !*updateGolden && want[key] != val {
			t.Errorf("%s changed:\n got %s\nwant %s", key, val, want[key])
		}
	}
	ctx := context.Background()
	t.Run("logs", func(t *testing.T) {
		for _, log := range goldenLogs {
			t.Run(log, func(t *testing.T) {
				t.Parallel()
				tr, err := datasets.Load(log)
				if err != nil {
					t.Fatal(err)
				}
				for _, c := range goldenCases() {
					rd, err := ReadingByName(c.reading)
					if err != nil {
						t.Fatal(err)
					}
					po := rd.Pools
					if c.rare {
						po.Rare = []RarePeriod{rarePeriod(tr)}
					}
					p, err := NewPools(tr, po)
					if err != nil {
						t.Fatal(err)
					}
					g := rd.Generate
					g.Seed, g.Load, g.RBNPW = c.seed, c.load, c.rbnpw
					r, err := p.Generate(g)
					if err != nil {
						t.Fatal(err)
					}
					s, err := sim.New(c.scheduler)
					if err != nil {
						t.Fatal(err)
					}
					o, err := r.Simulate(s, rd.Sim)
					if err != nil {
						t.Fatal(err)
					}
					record(t, c.key(log)+" outcome", outcomeDigest(o))
					e, err := NewExperiment(p, ExperimentOptions{Generate: rd.Generate, Scheduler: c.scheduler, Sim: rd.Sim})
					if err != nil {
						t.Fatal(err)
					}
					m, err := e.Replicate(ctx, c.seed, c.load, c.rbnpw)
					if err != nil {
						t.Fatal(err)
					}
					record(t, c.key(log)+" metrics", fmt.Sprint(m.Row()))
					if c.seed == 1 {
						s, _ := sim.New(c.scheduler)
						ref, err := Reference(p.Trace, s, rd.Sim)
						if err != nil {
							t.Fatal(err)
						}
						record(t, c.key(log)+" reference", fmt.Sprint(ref.Row()))
					}
				}
			})
		}
	})
	t.Run("frames", func(t *testing.T) {
		for _, log := range []string{"KTH-SP2", "SDSC-SP2"} {
			t.Run(log, func(t *testing.T) {
				t.Parallel()
				tr, err := datasets.Load(log)
				if err != nil {
					t.Fatal(err)
				}
				var bs []*Bootstrap
				for _, name := range []string{"default", "cycle", "discard-touching", "stop-at-end"} {
					rd, err := ReadingByName(name)
					if err != nil {
						t.Fatal(err)
					}
					b, err := RunBootstrap(ctx, tr, rd, BootstrapOptions{Replicates: 6, Seed: 7, Sweep: sweep.Options{Workers: 2}})
					if err != nil {
						t.Fatal(err)
					}
					var sb strings.Builder
					if err := b.Replicates.WriteCSV(&sb); err != nil {
						t.Fatal(err)
					}
					record(t, log+" bootstrap "+name+" replicates", fmt.Sprintf("%q", sb.String()))
					bs = append(bs, b)
				}
				var sb strings.Builder
				if err := BootstrapFrame(bs).WriteCSV(&sb); err != nil {
					t.Fatal(err)
				}
				record(t, log+" bootstrap frame", fmt.Sprintf("%q", sb.String()))
				p, err := NewPools(tr, PoolOptions{})
				if err != nil {
					t.Fatal(err)
				}
				e, err := NewExperiment(p, ExperimentOptions{})
				if err != nil {
					t.Fatal(err)
				}
				spec := sweep.Spec{Experiment: e, Params: []sweep.Param{{Name: "load", Values: []float64{0.8, 1.2}}}, Reps: 3, Seed: 11}
				df, err := sweep.Run(ctx, spec, sweep.Options{Workers: 2})
				if err != nil {
					t.Fatal(err)
				}
				var rows []string
				for i := range df.Nrow() {
					var cells []string
					for _, c := range df.Names() {
						cells = append(cells, fmt.Sprint(df.Col(c).Elem(i).Val()))
					}
					rows = append(rows, strings.Join(cells, ","))
				}
				record(t, log+" sweep load", fmt.Sprintf("%q", strings.Join(rows, ";")))
			})
		}
	})
	if *updateGolden {
		keys := make([]string, 0, len(got))
		for k := range got {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		var b strings.Builder
		for _, k := range keys {
			fmt.Fprintf(&b, "%s\t%s\n", k, got[k])
		}
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
