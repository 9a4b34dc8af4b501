package diskmemo

import (
	"bytes"
	"encoding/gob"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"testing"
)

// TestGetMapTypeNotRead: a result whose type holds a map is neither read
// nor stored. gob makes a map of the size its input claims before reading
// the entries: a stored file whose count was raised to 2^21 (69 bytes)
// made Get allocate 224 MB before failing (2^28: 13.6 GB, measured);
// the memory is the bytes allocated, counted by runtime.MemStats.
func TestGetMapTypeNotRead(t *testing.T) {
	type withMap struct{ M map[string]int }
	m := memo(t)
	key := Key("map")
	var buf bytes.Buffer
	e := entry[withMap]{Key: key, Type: fmt.Sprintf("%T", withMap{}), Value: withMap{map[string]int{"zq": 1}}}
	if err := gob.NewEncoder(&buf).Encode(e); err != nil {
		t.Fatal(err)
	}
	b := buf.Bytes()
	i := bytes.Index(b, []byte{1, 2, 'z', 'q'}) // the count 1, then the key "zq"
	if i < 0 {
		t.Fatalf("no map count in %v", b)
	}
	hostile := append(append(append([]byte{}, b[:i]...), 0xFD, 0x20, 0, 0), b[i+1:]...) // 2^21
	if err := os.MkdirAll(m.Dir, 0o755); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(m.Dir, key+".gob")
	if err := os.WriteFile(path, hostile, 0o644); err != nil {
		t.Fatal(err)
	}
	want := withMap{map[string]int{"a": 2}}
	f, calls := counted(want, nil)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	got, err := Get(m, key, f)
	runtime.ReadMemStats(&after)
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 8<<20 {
		t.Errorf("allocated %d bytes, want at most 8 MiB", alloc)
	}
	if err != nil || *calls != 1 || got.M["a"] != 2 || len(got.M) != 1 {
		t.Errorf("Get = %v, %v after %d calls; want %v computed once", got, err, *calls, want)
	}
	if b, _ := os.ReadFile(path); !bytes.Equal(b, hostile) {
		t.Error("a result of a map type was stored")
	}
}

// TestGobBounded: the types Get stores.
func TestGobBounded(t *testing.T) {
	type rec struct {
		Next *rec
		V    []float64
	}
	type hidden struct {
		V int
		m map[string]int // unexported: gob leaves it out
	}
	for _, c := range []struct {
		v    any
		want bool
	}{
		{result{}, true},
		{rec{}, true},
		{hidden{m: nil}, true},
		{[]map[string]int{}, false},
		{struct{ P *[2]map[int]int }{}, false},
		{map[string]int{}, false},
	} {
		if got := gobBounded(reflect.TypeOf(c.v), map[reflect.Type]bool{}); got != c.want {
			t.Errorf("gobBounded(%T) = %v, want %v", c.v, got, c.want)
		}
	}
}
