package study

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"hash"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"
	"sync"
	"time"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/internal/codehash"
	"github.com/tracelab/tracelab/internal/diskmemo"
)

// MemoDirEnv names the environment variable of the folder where Stored
// keeps results between processes (scripts/run-notebooks.sh sets it for
// the cells of a run); unset or empty, Stored only computes.
const MemoDirEnv = "TRACELAB_MEMO_DIR"

// Bounds of the stored results: 64 MiB for one, 1 GiB in all.
const (
	maxStoredEntry = 64 << 20
	maxStoredTotal = 1 << 30
)

// Stored returns f's result, kept between processes in the folder
// $TRACELAB_MEMO_DIR (internal/diskmemo), so that the cells of a notebook,
// each a separate program, compute it once. what names the computation
// (e.g. "lublin.FitLog") and inputs are everything else its result
// depends on, each as a string (TraceKey for a trace, %#v of options
// with the seed); the code is added to the key by CodeKey. Without the
// folder, or without the code's source tree (CodeKey fails), Stored only
// computes. Callers must name every input: a missing one would return the
// result of other data.
func Stored[T any](what string, inputs []string, f func() (T, error)) (T, error) {
	dir := os.Getenv(MemoDirEnv)
	if dir == "" {
		return f()
	}
	code, err := CodeKey()
	if err != nil {
		return f()
	}
	key := diskmemo.Key(append([]string{code, what}, inputs...)...)
	return diskmemo.Get(diskmemo.Memo{Dir: dir, MaxEntry: maxStoredEntry, MaxTotal: maxStoredTotal}, key, f)
}

var codeKey struct {
	once sync.Once
	key  string
	err  error
}

// CodeKey returns what identifies the code computing results, computed
// once per process: the hash of the module's source tree
// (codehash.Tree over codehash.Dirs) that this package was compiled
// from, the Go version, the target, the build settings and the versions
// of the other modules linked in. It fails when the source tree is not
// available (a binary built with -trimpath, or moved from its checkout).
// The tree is read when CodeKey is first called, not when the program was
// built: a source edited between the two gives the edited tree's key.
func CodeKey() (string, error) {
	codeKey.once.Do(func() { codeKey.key, codeKey.err = readCodeKey() })
	return codeKey.key, codeKey.err
}

func readCodeKey() (string, error) {
	_, file, _, ok := runtime.Caller(0)
	if !ok || !filepath.IsAbs(file) {
		return "", fmt.Errorf("study: no source path for the code key")
	}
	root, err := codehash.Root(filepath.Dir(file))
	if err != nil {
		return "", err
	}
	tree, err := codehash.Tree(root, codehash.Dirs)
	if err != nil {
		return "", err
	}
	parts := []string{tree, runtime.Version(), runtime.GOOS + "/" + runtime.GOARCH}
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, s := range bi.Settings {
			if !strings.HasPrefix(s.Key, "vcs.") {
				parts = append(parts, s.Key+"="+s.Value)
			}
		}
		for _, d := range bi.Deps {
			if d.Path == "github.com/tracelab/tracelab" {
				continue // its code is the tree's
			}
			m := d
			if d.Replace != nil {
				m = d.Replace
			}
			parts = append(parts, d.Path+"="+m.Path+"@"+m.Version+" "+m.Sum)
		}
	}
	return diskmemo.Key(parts...), nil
}

// TraceKey returns a hash of everything a computation can read of tr but
// its read report: the name, the header and every column, floats by their
// bits (NaN and −0 included).
func TraceKey(tr *datasets.Trace) string {
	h := sha256.New()
	fmt.Fprintf(h, "%q\x00%#v\x00%d\x00", tr.Name, tr.Header, tr.Len())
	for _, c := range [][]int{tr.JobID, tr.Procs, tr.ReqProcs, tr.Status, tr.User, tr.Group, tr.App, tr.Queue, tr.Partition, tr.PrevJob} {
		writeInts(h, c)
	}
	for _, c := range [][]float64{tr.Submit, tr.Wait, tr.Runtime, tr.CPUTime, tr.Mem, tr.ReqTime, tr.ReqMem, tr.ThinkTime} {
		writeFloats(h, c)
	}
	return hex.EncodeToString(h.Sum(nil))
}

// maxZones bounds the zones ZoneKey walks through; a longer walk is cut
// there and the key says so.
const maxZones = 100_000

// ZoneKey returns a hash of what loc says from from to to: its name and
// every zone in effect in between (name, offset and bounds, from
// time.Time.ZoneBounds). A computation that reads a trace's time zone
// (datasets.Trace.Location: the zone database of the machine) passes it
// beside TraceKey, over the trace's span with a margin for whatever it
// reads beyond the first and last job.
func ZoneKey(loc *time.Location, from, to time.Time) string {
	h := sha256.New()
	fmt.Fprintf(h, "%q\x00%d\x00%d\x00", loc.String(), from.Unix(), to.Unix())
	t := from.In(loc)
	for range maxZones {
		name, off := t.Zone()
		start, end := t.ZoneBounds()
		fmt.Fprintf(h, "%q %d %d %d\x00", name, off, start.Unix(), end.Unix())
		if end.IsZero() || end.After(to) {
			return hex.EncodeToString(h.Sum(nil))
		}
		t = end
	}
	fmt.Fprintf(h, "cut after %d zones", maxZones)
	return hex.EncodeToString(h.Sum(nil))
}

// writeInts writes the length of c and its values to h.
func writeInts(h hash.Hash, c []int) {
	b := binary.LittleEndian.AppendUint64(nil, uint64(len(c)))
	for _, v := range c {
		b = binary.LittleEndian.AppendUint64(b, uint64(v))
	}
	h.Write(b)
}

// writeFloats writes the length of c and its values' bits to h.
func writeFloats(h hash.Hash, c []float64) {
	b := binary.LittleEndian.AppendUint64(nil, uint64(len(c)))
	for _, v := range c {
		b = binary.LittleEndian.AppendUint64(b, math.Float64bits(v))
	}
	h.Write(b)
}
