package datasets

import (
	"bytes"
	_ "embed"
	"sync"
)

//go:generate go run ./internal/samplegen -o sample.swf.gz

//go:embed sample.swf.gz
var sampleSWF []byte

var (
	sampleOnce  sync.Once
	sampleTrace *Trace
)

// Sample returns a fresh copy of the embedded sample log: a synthetic SWF
// log made by datasets/internal/samplegen (seed 20261122): 24 users over 6
// weeks on a 128-processor machine, with sessions, batches, think times and
// a daily cycle in the zone Europe/Berlin. Every command and analysis runs
// on it offline.
func Sample() *Trace {
	sampleOnce.Do(func() {
		t, err := Read(bytes.NewReader(sampleSWF), ReadOptions{Name: "sample"})
		if err != nil {
			panic("datasets: embedded sample is invalid: " + err.Error())
		}
		sampleTrace = t
	})
	return sampleTrace.Clone()
}
