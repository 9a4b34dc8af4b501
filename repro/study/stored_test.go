package study

import (
	"fmt"
	"math"
	"reflect"
	"testing"
	"time"

	"github.com/tracelab/tracelab/datasets"
)

// smallTrace is a trace of three jobs with every column set.
func smallTrace() *datasets.Trace {
	tr := datasets.NewTrace("small", 3)
	for i := range 3 {
		j := datasets.UnknownJob()
		j.JobID, j.Submit, j.Runtime, j.Procs, j.User = i+1, float64(10*i), 60, 4, 7
		tr.Append(j)
	}
	tr.Header.MaxProcs = 128
	return tr
}

func TestTraceKey(t *testing.T) {
	t.Parallel()
	base := TraceKey(smallTrace())
	cases := []struct {
		name   string
		change func(tr *datasets.Trace)
		same   bool
	}{
		{"unchanged", func(*datasets.Trace) {}, true},
		{"a clone", func(tr *datasets.Trace) { *tr = *tr.Clone() }, true},
		{"the read report", func(tr *datasets.Trace) { tr.Report = &datasets.ReadReport{} }, true},
		{"name", func(tr *datasets.Trace) { tr.Name = "other" }, false},
		{"header", func(tr *datasets.Trace) { tr.Header.MaxProcs = 256 }, false},
		{"header time zone", func(tr *datasets.Trace) { tr.Header.TimeZoneString = "Europe/Stockholm" }, false},
		{"an int column", func(tr *datasets.Trace) { tr.Procs[1] = 8 }, false},
		{"the last int column", func(tr *datasets.Trace) { tr.PrevJob[2] = 1 }, false},
		{"a float column", func(tr *datasets.Trace) { tr.Submit[2] = 21 }, false},
		{"the last float column", func(tr *datasets.Trace) { tr.ThinkTime[0] = 5 }, false},
		{"NaN to 0", func(tr *datasets.Trace) { tr.Wait[0] = 0 }, false},
		{"0 to −0", func(tr *datasets.Trace) { tr.Submit[0] = math.Copysign(0, -1) }, false},
		{"a job less", func(tr *datasets.Trace) {
			kept, _ := tr.Filter(func(i int) bool { return i < 2 })
			*tr = *kept
		}, false},
	}
	for _, c := range cases {
		tr := smallTrace()
		c.change(tr)
		if got := TraceKey(tr) == base; got != c.same {
			t.Errorf("%s: same key %v, want %v", c.name, got, c.same)
		}
	}
}

func TestCodeKey(t *testing.T) {
	t.Parallel()
	a, err := CodeKey()
	if err != nil {
		t.Fatalf("CodeKey: %v (the tests run in the source tree)", err)
	}
	if b, _ := readCodeKey(); a != b || len(a) != 64 {
		t.Errorf("CodeKey %q, read again %q: want the same SHA-256", a, b)
	}
}

// TestStored runs Stored as separate processes would: a result stored is
// read back, and a changed input misses the memo.
func TestStored(t *testing.T) {
	t.Setenv(MemoDirEnv, t.TempDir())
	calls := 0
	fit := func(tr *datasets.Trace, seed uint64) (string, error) {
		return Stored("test.fit", []string{TraceKey(tr), fmt.Sprint(seed)}, func() (string, error) {
			calls++
			return fmt.Sprintf("%s seed %d: %v", tr.Name, seed, tr.Submit), nil
		})
	}
	tr := smallTrace()
	want, _ := fit(tr, 1)
	changed := smallTrace()
	changed.Submit[1] = 11
	cases := []struct {
		name  string
		tr    *datasets.Trace
		seed  uint64
		calls int // f's calls after this case
	}{
		{"stored", tr, 1, 1},
		{"another seed", tr, 2, 2},
		{"another trace", changed, 1, 3},
		{"the first again", tr, 1, 3},
	}
	for _, c := range cases {
		got, err := fit(c.tr, c.seed)
		if err != nil || calls != c.calls {
			t.Errorf("%s: err %v, %d calls, want %d", c.name, err, calls, c.calls)
		}
		if c.tr == tr && c.seed == 1 && got != want {
			t.Errorf("%s: %q, want %q", c.name, got, want)
		}
	}
	t.Setenv(MemoDirEnv, "")
	fit(tr, 1)
	if calls != 4 {
		t.Errorf("without the folder: %d calls, want 4 (computed)", calls)
	}
}

// TestTraceKeyEveryColumn changes one value of every column of
// datasets.Trace, found by reflection: a column added to Trace later and
// left out of TraceKey fails here, instead of letting the memo return the
// result of other data.
func TestTraceKeyEveryColumn(t *testing.T) {
	t.Parallel()
	base := TraceKey(smallTrace())
	typ := reflect.TypeOf(datasets.Trace{})
	columns := 0
	for i := range typ.NumField() {
		f := typ.Field(i)
		if !f.IsExported() || f.Type.Kind() != reflect.Slice {
			continue
		}
		tr := smallTrace()
		col := reflect.ValueOf(tr).Elem().Field(i)
		switch f.Type.Elem().Kind() {
		case reflect.Int:
			col.Index(1).SetInt(col.Index(1).Int() + 12345)
		case reflect.Float64:
			col.Index(1).SetFloat(12345.5) // the small trace holds no such value (unknown columns are NaN)
		default:
			continue
		}
		columns++
		if TraceKey(tr) == base {
			t.Errorf("column %s changed, TraceKey did not", f.Name)
		}
	}
	if columns < 18 {
		t.Errorf("%d int and float columns found in datasets.Trace, want at least the 18 of the SWF", columns)
	}
}

// TestZoneKey checks that ZoneKey tells apart what a calendar slicing
// can read of a zone: its name, its offsets and its transitions, over the
// span asked.
func TestZoneKey(t *testing.T) {
	la, err := time.LoadLocation("America/Los_Angeles")
	if err != nil {
		t.Skip(err)
	}
	la2, err := time.LoadLocation("America/Los_Angeles")
	if err != nil {
		t.Fatal(err)
	}
	from, to := time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC), time.Date(2001, 1, 1, 0, 0, 0, 0, time.UTC)
	base := ZoneKey(la, from, to)
	for _, c := range []struct {
		name string
		key  string
		same bool
	}{
		{"the zone loaded again", ZoneKey(la2, from, to), true},
		{"the same instants in another zone", ZoneKey(la, from.In(la), to.In(la)), true},
		{"a later end", ZoneKey(la, from, to.Add(time.Hour)), false},
		{"an earlier start", ZoneKey(la, from.Add(-time.Hour), to), false},
		{"UTC", ZoneKey(time.UTC, from, to), false},
		{"a fixed zone of LA's name and winter offset", ZoneKey(time.FixedZone("America/Los_Angeles", -8*3600), from, to), false},
	} {
		if got := c.key == base; got != c.same {
			t.Errorf("%s: same key %v, want %v", c.name, got, c.same)
		}
	}
	// Only the offset differs.
	if ZoneKey(time.FixedZone("X", -7*3600), from, to) == ZoneKey(time.FixedZone("X", -8*3600), from, to) {
		t.Error("two offsets of one zone name give the same key")
	}
}
