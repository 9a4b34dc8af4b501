package sim

import (
	"bufio"
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
)

var updateGolden = flag.Bool("update-golden", false, "rewrite testdata/schedules.golden from the current engine")

// goldenLogs are the real logs of the shared data folder (all twelve).
var goldenLogs = []string{"CEA-Curie", "CTC-SP2", "HPC2N", "KTH-SP2", "LANL-CM5", "LLNL-Thunder",
	"OSC-Clust", "SDSC-BLUE", "SDSC-DS", "SDSC-Par", "SDSC-SP2", "lublin_256"}

// goldenSchedulers are the schedulers whose schedules the golden file
// holds.
var goldenSchedulers = []string{"fcfs", "easy", "easy-sjbf", "conservative", "log"}

// ScheduleDigest is a digest of a simulation's outcome: FNV-64a of every
// job's start time (bits, in job order), of the weekly samples, and the
// longest queue. Two engines that agree on it made the same schedule.
func scheduleDigest(r *Result) string {
	h := fnv.New64a()
	var buf [8]byte
	put := func(x uint64) {
		for k := range buf {
			buf[k] = byte(x >> (8 * k))
		}
		h.Write(buf[:])
	}
	for _, s := range r.Start {
		put(math.Float64bits(s))
	}
	starts := h.Sum64()
	h.Reset()
	w := r.Weekly
	for k := range w.Time {
		put(math.Float64bits(w.Time[k]))
		put(uint64(w.Queue[k]))
		put(uint64(w.Busy[k]))
		put(uint64(w.Outstanding[k]))
	}
	return fmt.Sprintf("jobs=%d starts=%016x weekly=%016x max_queue=%d", r.Len(), starts, h.Sum64(), r.MaxQueue)
}

// TestGoldenSchedules checks that the engine makes, on every shared log
// and under every scheduler, the schedule recorded in
// testdata/schedules.golden (recorded before issue 24 changed the
// engine's data structures: the schedules must not change). -short skips
// it; -update-golden rewrites the file.
func TestGoldenSchedules(t *testing.T) {
	if testing.Short() {
		t.Skip("the schedules of twelve logs under five schedulers take a minute")
	}
	path := filepath.Join("testdata", "schedules.golden")
	want := map[string]string{}
	if !*updateGolden {
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			k, v, _ := strings.Cut(sc.Text(), "\t")
			want[k] = v
		}
		f.Close()
	}
	var mu sync.Mutex
	got := map[string]string{}
	t.Run("logs", func(t *testing.T) {
		for _, log := range goldenLogs {
			tr := loadLog(t, log)
			for _, name := range goldenSchedulers {
				t.Run(log+"/"+name, func(t *testing.T) {
					t.Parallel()
					s, err := New(name)
					if err != nil {
						t.Fatal(err)
					}
					r, err := Replay(tr, s, Options{})
					if err != nil {
						t.Fatal(err)
					}
					key, d := log+" "+name, scheduleDigest(r)
					mu.Lock()
					got[key] = d
					mu.Unlock()
					if !*updateGolden && want[key] != d {
						t.Errorf("%s: schedule changed:\n got %s\nwant %s", key, d, want[key])
					}
				})
			}
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
		if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
