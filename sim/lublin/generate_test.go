package lublin

import (
	"bytes"
	"fmt"
	"math"
	"os"
	"slices"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/tracelab/tracelab/datasets"
)

func TestGenerateDeterministic(t *testing.T) {
	t.Parallel()
	p, _ := M99Params(128)
	a, err := Generate(p, 2000, 5)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := Generate(p, 2000, 5)
	c, _ := Generate(p, 2000, 6)
	if !slices.Equal(a.Submit, b.Submit) || !slices.Equal(a.Runtime, b.Runtime) || !slices.Equal(a.Procs, b.Procs) {
		t.Error("same seed, different traces")
	}
	if slices.Equal(a.Submit, c.Submit) {
		t.Error("different seeds, same submit times")
	}
	if err := a.Validate(); err != nil {
		t.Fatal(err)
	}
	if a.Len() != 2000 || a.JobID[0] != 1 || a.JobID[1999] != 2000 {
		t.Errorf("job ids %d..%d of %d", a.JobID[0], a.JobID[a.Len()-1], a.Len())
	}
	if a.Header.MaxNodes != 128 || a.Header.MaxRuntime != 162754 { // ⌊e^12⌋, as m_lublin99 writes
		t.Errorf("header %+v", a.Header)
	}
}

func TestGenerateProperties(t *testing.T) {
	t.Parallel()
	names := []string{"paper", "m_lublin99", "m_lublin99_typeless"}
	rapid.Check(t, func(t *rapid.T) {
		name := rapid.SampledFrom(names).Draw(t, "params")
		procs := rapid.IntRange(64, 4096).Draw(t, "procs")
		n := rapid.IntRange(0, 3000).Draw(t, "jobs")
		p, err := ParamsByName(name, procs)
		if err != nil {
			t.Fatal(err)
		}
		p.Fractional = rapid.Bool().Draw(t, "fractional")
		tr, err := Generate(p, n, rapid.Uint64().Draw(t, "seed"))
		if err != nil {
			t.Fatal(err)
		}
		if tr.Len() != n || !tr.IsSortedBySubmit() {
			t.Fatalf("%d jobs, sorted %v", tr.Len(), tr.IsSortedBySubmit())
		}
		queues := map[int]bool{}
		for _, c := range p.Classes {
			queues[c.Queue] = true
		}
		for i := range n {
			if tr.Procs[i] < 1 || tr.Procs[i] > procs {
				t.Fatalf("job %d: %d processors on a %d-processor machine", i, tr.Procs[i], procs)
			}
			if r := tr.Runtime[i]; !(r >= 1) || r > math.Exp(DefaultMaxLogRuntime) {
				t.Fatalf("job %d: runtime %v outside [1, e^12]", i, r)
			}
			if !p.Fractional && (tr.Runtime[i] != math.Floor(tr.Runtime[i]) || tr.Submit[i] != math.Floor(tr.Submit[i])) {
				t.Fatalf("job %d: fractional seconds", i)
			}
			if !queues[tr.Queue[i]] || tr.Status[i] != 1 {
				t.Fatalf("job %d: queue %d status %d", i, tr.Queue[i], tr.Status[i])
			}
		}
	})
}

func TestGenerateTypedClasses(t *testing.T) {
	t.Parallel()
	p, _ := M99Params(256)
	tr, err := Generate(p, 50_000, 3)
	if err != nil {
		t.Fatal(err)
	}
	n := map[int]int{}
	for i := range tr.JobID {
		n[tr.Queue[i]]++
		if tr.Queue[i] == 0 && tr.Procs[i] > 45 { // interactive high end 5.5: round(2^5.5) = 45
			t.Fatalf("interactive job of %d processors", tr.Procs[i])
		}
	}
	if n[0] < 5_000 || n[1] < 5_000 {
		t.Errorf("class counts %v: both streams should contribute", n)
	}
	var buf bytes.Buffer
	if err := datasets.WriteSWF(&buf, tr); err != nil {
		t.Fatal(err)
	}
	back, err := datasets.Read(&buf, datasets.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(back.Submit, tr.Submit) || !slices.Equal(back.Queue, tr.Queue) {
		t.Error("SWF round trip changed the trace")
	}
}

func TestTruncateGapsDrift(t *testing.T) {
	t.Parallel()
	// m_lublin99 truncates every inter-arrival, so its clock falls behind the
	// exact one by about half a second per job.
	p, _ := M99TypelessParams(128)
	drift, _ := Generate(p, 20_000, 9)
	p.TruncateGaps = false
	exact, _ := Generate(p, 20_000, 9)
	lag := exact.Submit[19_999] - drift.Submit[19_999]
	if lag < 0.4*20_000 || lag > 0.6*20_000 {
		t.Errorf("lag after 20,000 jobs = %v s, want about 10,000", lag)
	}
}

// loadLog loads a PWA log for a test: it skips when TRACELAB_DATA is unset
// and fails when it is set and the log is missing.
func loadLog(t *testing.T, name string) *datasets.Trace {
	t.Helper()
	if os.Getenv("TRACELAB_DATA") == "" {
		t.Skip("TRACELAB_DATA is not set")
	}
	tr, err := datasets.Load(name)
	if err != nil {
		t.Fatal(err)
	}
	return tr
}

func TestLublin256(t *testing.T) {
	t.Parallel()
	ref := loadLog(t, "lublin_256")
	if ref.Len() != 10_000 {
		t.Fatalf("lublin_256 has %d jobs", ref.Len())
	}
	for i, q := range ref.Queue {
		if q != 0 {
			t.Fatalf("job %d has queue %d; the typeless program writes 0 throughout", i, q)
		}
	}
	seeds := make([]uint64, 21)
	for i := range seeds {
		seeds[i] = uint64(i + 1)
	}
	med := func(p Params) Distances {
		t.Helper()
		ds, err := CompareGenerated(p, ref, seeds)
		if err != nil {
			t.Fatal(err)
		}
		return MedianDistances(ds)
	}
	// Done-when of issue 5: the m_lublin99 typeless defaults at 256
	// processors are within 0.05 of lublin_256 on all four attributes.
	tl, _ := M99TypelessParams(256)
	got := med(tl)
	t.Logf("typeless: median KS over %d seeds: %+v", len(seeds), got)
	if got.Max() > 0.05 {
		t.Errorf("typeless defaults vs lublin_256: median distances %+v, want all ≤ 0.05", got)
	}
	// The typed mix (batch and interactive) did not make the file: its
	// runtimes, sizes and inter-arrivals are far off.
	typed, _ := M99Params(256)
	tm := med(typed)
	t.Logf("typed mix: %+v", tm)
	if tm.LogRuntime < 0.15 || tm.Interarrival < 0.1 {
		t.Errorf("typed mix unexpectedly close to lublin_256: %+v", tm)
	}
	// Keeping the program's med 4.5 (its 128-node value) instead of
	// log2(256) − 2.5 = 5.5 misses the sizes.
	m45, _ := M99TypelessParams(256)
	m45.Classes = []Class{m45.Classes[0]}
	m45.Classes[0].Size.Med = 4.5
	if d := med(m45); d.Size < 0.1 {
		t.Errorf("med 4.5 fits the sizes too (%+v): the evidence for med 5.5 is gone", d)
	}
}

func ExampleGenerate() {
	p, err := PaperParams(128)
	if err != nil {
		panic(err)
	}
	tr, err := Generate(p, 5, 1)
	if err != nil {
		panic(err)
	}
	for i := range tr.Len() {
		fmt.Printf("job %d: submit %6.0f s, %3d processors, runtime %6.0f s\n", tr.JobID[i], tr.Submit[i], tr.Procs[i], tr.Runtime[i])
	}
	// Output:
	// job 1: submit  10659 s,  16 processors, runtime  33070 s
	// job 2: submit  11331 s,   1 processors, runtime      6 s
	// job 3: submit  12109 s,   1 processors, runtime     57 s
	// job 4: submit  12557 s,   2 processors, runtime      7 s
	// job 5: submit  13183 s,  16 processors, runtime  16424 s
}

// TestGenerateBounds: a job count outside 0..MaxJobs is an error before
// anything is allocated (--jobs 1000000000000 once ran out of memory).
func TestGenerateBounds(t *testing.T) {
	t.Parallel()
	p, err := PaperParams(128)
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []int{-1, MaxJobs + 1, 1_000_000_000_000} {
		if _, err := Generate(p, n, 1); err == nil || !strings.Contains(err.Error(), "want 0 to 10000000") {
			t.Errorf("Generate(%d jobs): error %v", n, err)
		}
	}
}

// TestGenerateSpanBound: a log longer than the reader accepts
// (datasets.MaxTime, 200 years) is refused before it is written, never cut
// by the reader. Arrivals about 4.6 days apart (ln gap ≈ 12.9, just under
// the 5-day cap) cross 200 years near job 15,900.
func TestGenerateSpanBound(t *testing.T) {
	t.Parallel()
	p, err := PaperParams(128)
	if err != nil {
		t.Fatal(err)
	}
	for i := range p.Classes {
		p.Classes[i].Arrival.Alpha, p.Classes[i].Arrival.Beta = 10000, 12.9/10000
	}
	if _, err := Generate(p, 10000, 1); err != nil {
		t.Fatalf("10,000 jobs (about 126 years): %v", err)
	}
	_, err = Generate(p, 30000, 1)
	if err == nil || !strings.Contains(err.Error(), "beyond the 200 years a log may span") {
		t.Fatalf("30,000 jobs (about 380 years): error %v", err)
	}
}
