package diskmemo

import (
	"bytes"
	"encoding/gob"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// FuzzGetStored: whatever bytes lie in a result's file (damaged, hostile,
// another key's or type's), Get never panics, reads at most MaxEntry
// bytes, and returns either a value stored under this very key and type
// or the computed one — never a value of another key. The seeds are a
// valid entry, the same under another key and type, and truncations.
func FuzzGetStored(f *testing.F) {
	const key = "k"
	encode := func(e any) []byte {
		var b bytes.Buffer
		if err := gob.NewEncoder(&b).Encode(e); err != nil {
			f.Fatal(err)
		}
		return b.Bytes()
	}
	typ := fmt.Sprintf("%T", result{})
	valid := encode(entry[result]{Key: key, Type: typ, Value: result{"stored", []float64{1, 2}}})
	f.Add(valid)
	f.Add(valid[:len(valid)/2])
	f.Add(encode(entry[result]{Key: "other", Type: typ, Value: result{"stored", nil}}))
	f.Add(encode(entry[[]int]{Key: key, Type: "[]int", Value: []int{1 << 20}}))
	f.Add([]byte{})
	computed := result{"computed", []float64{3}}
	f.Fuzz(func(t *testing.T, b []byte) {
		m := Memo{Dir: t.TempDir(), MaxEntry: 1 << 16, MaxTotal: 1 << 20}
		if err := os.WriteFile(filepath.Join(m.Dir, key+".gob"), b, 0o600); err != nil {
			t.Fatal(err)
		}
		got, err := Get(m, key, func() (result, error) { return computed, nil })
		if err != nil {
			t.Fatalf("Get: %v", err)
		}
		if got.Name == "computed" {
			return
		}
		// A value read from the file: it must be this key's and type's.
		var e entry[result]
		if int64(len(b)) > m.MaxEntry || gob.NewDecoder(bytes.NewReader(b)).Decode(&e) != nil || e.Key != key || e.Type != typ {
			t.Fatalf("Get returned %#v from a file that holds no entry of key %q and type %s", got, key, typ)
		}
	})
}
