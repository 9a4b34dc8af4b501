package datasets

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/klauspost/compress/gzip"
)

// dataDir returns TRACELAB_DATA, skipping the test when it is unset. When it
// is set, every catalog log must be there: a missing one fails the test.
func dataDir(t testing.TB) string {
	d := os.Getenv("TRACELAB_DATA")
	if d == "" {
		t.Skip("TRACELAB_DATA is not set (CI sets it to ../shared/pwa)")
	}
	return d
}

// TestPWALogs reads every log of the catalog from TRACELAB_DATA and checks
// its job and user counts against ../shared/pwa/README.md.
func TestPWALogs(t *testing.T) {
	dir := dataDir(t)
	// Jobs and users from ../shared/pwa/README.md. Jobs there count every
	// data row; LLNL-Thunder's 121,039 include 1,190 placeholders that the
	// reader skips by default.
	//
	// Warnings: the only deviation in these cleaned logs (besides
	// LLNL-Thunder's placeholders) is an average CPU time above the run
	// time, the inconsistency of Feitelson, Tsafrir and Krakov (2014, sec.
	// 3.2); the counts were made by this reader and agree with a direct
	// count of cpu_time > runtime + max(60 s, 1%) on the same files.
	cpu := func(n int) []warned { return []warned{{WarnCPUExceedsRuntime, "cpu_time", n}} }
	want := map[string]struct {
		rows, placeholders, users int
		warn                      []warned
	}{
		"KTH-SP2-1996-2.1-cln":      {28476, 0, 214, nil},
		"CTC-SP2-1996-3.1-cln":      {77222, 0, 679, cpu(154)},
		"LANL-CM5-1994-4.1-cln":     {122060, 0, 213, cpu(17)},
		"SDSC-Par-1996-3.1-cln":     {32135, 0, 60, cpu(12)},
		"SDSC-SP2-1998-4.2-cln":     {59715, 0, 437, cpu(3)},
		"HPC2N-2002-2.2-cln":        {202871, 0, 257, cpu(8225)},
		"SDSC-BLUE-2000-4.2-cln":    {243306, 0, 468, cpu(2)},
		"SDSC-DS-2004-2.1-cln":      {96069, 0, 460, cpu(149)},
		"CEA-Curie-2011-2.1-cln":    {312826, 0, 582, nil},
		"OSC-Clust-2000-3.1-cln":    {36097, 0, 253, cpu(7257)},
		"LLNL-Thunder-2007-1.1-cln": {121039, 1190, 283, []warned{{WarnPlaceholder, "submit", 1190}}},
		"lublin_256":                {10000, 0, 0, nil},
	}
	if len(want) != len(Catalog()) {
		t.Fatalf("catalog has %d logs, test knows %d", len(Catalog()), len(want))
	}
	for _, e := range Catalog() {
		t.Run(e.Name, func(t *testing.T) {
			t.Parallel()
			p := filepath.Join(dir, e.File)
			if _, err := os.Stat(p); err != nil {
				t.Fatalf("log missing from TRACELAB_DATA: %v", err)
			}
			tr, err := (&Loader{DataDir: dir}).Load(e.Name)
			if err != nil {
				t.Fatal(err)
			}
			w := want[e.Name]
			if tr.Len() != w.rows-w.placeholders || tr.Report.PlaceholdersSkipped != w.placeholders {
				t.Errorf("jobs %d (+%d placeholders), want %d rows with %d placeholders",
					tr.Len(), tr.Report.PlaceholdersSkipped, w.rows, w.placeholders)
			}
			if got := tr.NumUsers(); got != w.users {
				t.Errorf("users %d, want %d", got, w.users)
			}
			if tr.Len() != e.Jobs || tr.MaxProcs() != e.MaxProcs {
				t.Errorf("catalog entry %+v disagrees: jobs %d max procs %d", e, tr.Len(), tr.MaxProcs())
			}
			var got []warned
			for _, w := range tr.Report.Warnings {
				got = append(got, warned{w.Kind, w.Field, w.Count})
			}
			if !slices.Equal(got, w.warn) {
				t.Errorf("warnings %v, want %v", tr.Report.Warnings, w.warn)
			}
			if len(tr.Report.Replaced) != 0 {
				t.Errorf("replaced values: %v", tr.Report.Replaced[:min(5, len(tr.Report.Replaced))])
			}
			if _, err := tr.Header.Location(); err != nil {
				t.Error(err)
			}
		})
	}
}

// TestPWARoundTrip writes and re-reads a real log with its header.
func TestPWARoundTrip(t *testing.T) {
	dir := dataDir(t)
	for _, name := range []string{"KTH-SP2-1996-2.1-cln", "LLNL-Thunder-2007-1.1-cln"} {
		a, err := (&Loader{DataDir: dir, Options: ReadOptions{KeepPlaceholders: true}}).Load(name)
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		if err := WriteSWF(&buf, a); err != nil {
			t.Fatal(err)
		}
		b, err := Read(&buf, ReadOptions{KeepPlaceholders: true})
		if err != nil {
			t.Fatal(err)
		}
		equalTraces(t, a, b)
		if len(a.Header.Lines) == 0 || len(b.Header.Lines) != len(a.Header.Lines) {
			t.Errorf("%s: header lines %d → %d", name, len(a.Header.Lines), len(b.Header.Lines))
		}
	}
}

// readRaw returns a log's uncompressed bytes.
func readRaw(b *testing.B, name string) []byte {
	dir := dataDir(b)
	f, err := os.Open(filepath.Join(dir, name+".swf.gz"))
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		b.Fatal(err)
	}
	raw, err := io.ReadAll(zr)
	if err != nil {
		b.Fatal(err)
	}
	return raw
}

// BenchmarkRead parses HPC2N-2002 (202,871 jobs) from memory, plain and
// gzipped. Target: ≥ 2,000,000 jobs/s plain on one core; gzip within 2×.
func BenchmarkRead(b *testing.B) {
	raw := readRaw(b, "HPC2N-2002-2.2-cln")
	zipped := gz(string(raw))
	for _, bc := range []struct {
		name string
		data []byte
	}{{"plain", raw}, {"gzip", zipped}} {
		b.Run(bc.name, func(b *testing.B) {
			b.SetBytes(int64(len(raw)))
			var jobs int
			for b.Loop() {
				tr, err := Read(bytes.NewReader(bc.data), ReadOptions{})
				if err != nil {
					b.Fatal(err)
				}
				jobs = tr.Len()
			}
			b.ReportMetric(float64(jobs)*float64(b.N)/b.Elapsed().Seconds(), "jobs/s")
		})
	}
}

// BenchmarkFrame converts CEA-Curie (312,826 jobs) to a Gota frame.
// Target: ≤ 1 s.
func BenchmarkFrame(b *testing.B) {
	tr, err := (&Loader{DataDir: dataDir(b)}).Load("CEA-Curie-2011-2.1-cln")
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		df := tr.Frame()
		if df.Nrow() != tr.Len() {
			b.Fatal("rows")
		}
	}
}

// BenchmarkTraceMemory reports the heap held by a CEA-Curie trace.
// Target: ≤ 150 MB.
func BenchmarkTraceMemory(b *testing.B) {
	raw := readRaw(b, "CEA-Curie-2011-2.1-cln")
	for b.Loop() {
		tr, err := Read(bytes.NewReader(raw), ReadOptions{})
		if err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(float64(traceBytes(tr))/1e6, "MB-held")
	}
}

// traceBytes counts the bytes of a trace's column storage (capacities).
func traceBytes(t *Trace) int {
	n := 0
	for _, c := range floatCols(t) {
		n += 8 * cap(c)
	}
	for _, c := range intCols(t) {
		n += 8 * cap(c)
	}
	return n
}
