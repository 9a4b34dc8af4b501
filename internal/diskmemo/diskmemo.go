package diskmemo

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/gob"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"

	"github.com/tracelab/tracelab/internal/infile"
)

// Memo is a folder of stored results.
type Memo struct {
	// Dir is the folder of the results; "" disables the memo (Get only
	// computes). It is created when missing.
	Dir string
	// MaxEntry bounds the size of one stored result in bytes; a larger one
	// is not stored (nor read).
	MaxEntry int64
	// MaxTotal bounds the size of the folder in bytes: a result that would
	// make it larger is not stored.
	MaxTotal int64
}

// Key returns the key of a result, a hexadecimal SHA-256, from the parts
// that determine it. Each part is length-prefixed: ("ab", "c") and
// ("a", "bc") give different keys.
func Key(parts ...string) string {
	h := sha256.New()
	var n [8]byte
	for _, p := range parts {
		binary.LittleEndian.PutUint64(n[:], uint64(len(p)))
		h.Write(n[:])
		io.WriteString(h, p)
	}
	return hex.EncodeToString(h.Sum(nil))
}

// gobBounded reports whether gob decodes a value of type t within a
// memory bound of its input's size: t holds no map (gob allocates a map
// of the size its input claims, encoding/gob decodeMap). Slices and
// strings are bounded by gob itself; an interface decodes only the types
// registered with gob.Register, and the module registers none. seen holds
// the types being checked (a recursive type).
func gobBounded(t reflect.Type, seen map[reflect.Type]bool) bool {
	if seen[t] {
		return true
	}
	seen[t] = true
	switch t.Kind() {
	case reflect.Map:
		return false
	case reflect.Pointer, reflect.Slice, reflect.Array:
		return gobBounded(t.Elem(), seen)
	case reflect.Struct:
		for i := range t.NumField() {
			if f := t.Field(i); f.IsExported() && !gobBounded(f.Type, seen) {
				return false
			}
		}
	}
	return true
}

// entry is the content of a result's file: its full key and Go type are
// kept beside the value and checked when it is read.
type entry[T any] struct {
	Key, Type string
	Value     T
}

// Get returns the result stored under key (from Key) in m, or computes it
// with f and stores it. Errors of f are returned and never stored. A
// result is stored only when its gob encoding decodes to a value that
// prints (%#v) exactly as the computed one: the memo then never changes a
// result, even of a type gob cannot keep whole (unexported fields,
// pointers, nil and empty slices); such a result is recomputed every time.
// Reading or writing errors fall back to f. A result whose type holds a
// map is never stored (Get only computes): gob makes a map of the size
// its file claims before reading the entries (a 66-byte file made it
// allocate 13 GB), which MaxEntry does not bound.
//
// Processes asking for one key at once compute it once: the first takes
// the key's lock (a file beside the result's, see lock) and computes; the
// others wait for it to release the lock, then read what it stored. When
// it stored nothing (an error, a result that is not stored, a process
// killed), each waiter in turn takes the lock and computes itself: a wait
// lasts at most the holder's computation. A process that already holds a
// lock (f of one Get calling Get for another key, or two Gets at once in
// one process) does not wait: it computes when the lock is taken, so
// nested Gets cannot deadlock.
func Get[T any](m Memo, key string, f func() (T, error)) (T, error) {
	if m.Dir == "" || !gobBounded(reflect.TypeFor[T](), map[reflect.Type]bool{}) {
		return f()
	}
	typ := fmt.Sprintf("%T", *new(T))
	path := filepath.Join(m.Dir, key+".gob")
	if v, ok := read[T](m, path, key, typ); ok {
		return v, nil
	}
	stored := false
	unlock := lock(m.Dir, key)
	defer func() { unlock(stored) }()
	// Another process may have stored it while this one waited.
	if v, ok := read[T](m, path, key, typ); ok {
		return v, nil
	}
	v, err := f()
	if err != nil {
		return v, err
	}
	stored = store(m, path, entry[T]{Key: key, Type: typ, Value: v})
	return v, nil
}

// read returns the value stored in path when its file is within
// m.MaxEntry, decodes, and holds key and typ.
func read[T any](m Memo, path, key, typ string) (T, bool) {
	var e entry[T]
	b, err := infile.ReadFile(path, m.MaxEntry)
	if err != nil || gob.NewDecoder(bytes.NewReader(b)).Decode(&e) != nil || e.Key != key || e.Type != typ {
		return *new(T), false
	}
	return e.Value, true
}

// store writes e to path when it decodes to a value that prints as e's
// and fits m's bounds, atomically: through a temporary file in m.Dir that
// is renamed. It reports whether it stored e.
func store[T any](m Memo, path string, e entry[T]) bool {
	var buf bytes.Buffer
	if err := gob.NewEncoder(&buf).Encode(e); err != nil || int64(buf.Len()) > m.MaxEntry {
		return false
	}
	var back entry[T]
	if gob.NewDecoder(bytes.NewReader(buf.Bytes())).Decode(&back) != nil ||
		fmt.Sprintf("%#v", back) != fmt.Sprintf("%#v", e) {
		return false
	}
	if err := os.MkdirAll(m.Dir, 0o755); err != nil || folderSize(m.Dir)+int64(buf.Len()) > m.MaxTotal {
		return false
	}
	tmp, err := os.CreateTemp(m.Dir, ".tmp-*")
	if err != nil {
		return false
	}
	_, err = tmp.Write(buf.Bytes())
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), path)
	}
	if err != nil {
		os.Remove(tmp.Name())
	}
	return err == nil
}

// folderSize is the total size of the regular files in dir, in bytes.
func folderSize(dir string) int64 {
	es, _ := os.ReadDir(dir)
	var n int64
	for _, e := range es {
		if i, err := e.Info(); err == nil && i.Mode().IsRegular() {
			n += i.Size()
		}
	}
	return n
}
