package feitelson2007

import (
	"fmt"
	"os"
	"reflect"
	"testing"
	"time"

	"github.com/tracelab/tracelab/analytics/locality"

	"github.com/tracelab/tracelab/repro/study"
)

// TestLocalityStored checks that the locality of sampling kept between
// processes (study.Stored) is the one computed without the memo: a new
// Study per step stands for a new notebook cell, once with the memo folder
// empty (computed and stored) and once with it filled (read).
func TestLocalityStored(t *testing.T) {
	if testing.Short() {
		t.Skip("a bootstrap of a log")
	}
	if os.Getenv("TRACELAB_DATA") == "" {
		t.Skip("TRACELAB_DATA is not set")
	}
	o := study.Options{Quick: true, Seed: 3}
	t.Setenv(study.MemoDirEnv, "")
	plain, err := New(o).locality("KTH-SP2")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	t.Setenv(study.MemoDirEnv, dir)
	for _, step := range []string{"cold", "warm"} {
		got, err := New(o).locality("KTH-SP2")
		if err != nil {
			t.Fatalf("%s: %v", step, err)
		}
		if g, w := samplingKey(got), samplingKey(plain); g != w {
			t.Errorf("%s: the memo's result differs from the plain one:\n%.300s\nwant\n%.300s", step, g, w)
		}
		if files, err := os.ReadDir(dir); err != nil || len(files) != 1 {
			t.Fatalf("%s: want one stored result in the memo folder, have %d (%v)", step, len(files), err)
		}
	}
}

// TestStoredSamplingEveryField checks that storedSampling gives back every
// field of a locality.SamplingResult (the options' Location as a fixed
// zone, compared by samplingKey; not Progress, a func gob cannot hold):
// each field, found by reflection, set to a value of its own. A field added to the result later and left out of
// storedSampling fails here (as a result that differs is never stored, it
// would otherwise only stop being stored).
func TestStoredSamplingEveryField(t *testing.T) {
	var r locality.SamplingResult
	n := 0
	var fill func(v reflect.Value)
	fill = func(v reflect.Value) {
		for i := range v.NumField() {
			f, name := v.Field(i), v.Type().Field(i).Name
			if name == "Location" || name == "Progress" {
				continue
			}
			n++
			switch f.Kind() {
			case reflect.Struct:
				fill(f)
			case reflect.String:
				f.SetString(fmt.Sprint("s", n))
			case reflect.Int, reflect.Int64:
				f.SetInt(int64(n))
			case reflect.Uint64:
				f.SetUint(uint64(n))
			case reflect.Float64:
				f.SetFloat(float64(n) + 0.5)
			case reflect.Bool:
				f.SetBool(true)
			case reflect.Slice:
				s := reflect.MakeSlice(f.Type(), 2, 2)
				if e := s.Index(1); e.Kind() == reflect.Struct {
					fill(e)
				} else {
					e.Set(reflect.ValueOf(float64(n)).Convert(e.Type()))
				}
				f.Set(s)
			default:
				t.Fatalf("field %s of kind %s: extend this test", name, f.Kind())
			}
		}
	}
	fill(reflect.ValueOf(&r).Elem())
	r.Options.Slicing.Location = time.FixedZone("PDT", -7*3600)
	if got, want := samplingKey(storeSampling(r).result()), samplingKey(r); got != want {
		t.Errorf("storedSampling loses a field:\n%s\nwant\n%s", got, want)
	}
}
