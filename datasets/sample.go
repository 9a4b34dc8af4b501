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

// Sample returns a fresh copy of the embedded sample log, on which every
// command and analysis runs offline: a synthetic SWF log made by
// datasets/internal/samplegen (seed 20261122) to look like a busy site's —
// a 128-processor machine run with EASY backfilling over 20 weeks in the
// zone Europe/Berlin, users working in sessions of batches with think times
// in a daily and weekly cycle. The generator's doc states the targets it
// was tuned to (taken from five logs of the Parallel Workloads Archive);
// measured on the log (samplegen -measure):
//
//	jobs                       20,631 of 164 users, over 19.9 weeks
//	utilisation                66.9% (the logged schedule)
//	wait                       median 30 min, mean 3.1 h, 90th percentile 9.3 h, longest 65 h
//	mean bounded slowdown      27.1
//	long-term users            72 with 17,609 jobs (85%)
//	temporary users            70 with 2,164 jobs (10%)
//	discarded users            22 with 858 jobs (4%)
//	sessions, batches          7,781 and 9,847: 2.7 jobs per session, 2.1 per batch
//	median session length      3.7 h
//	weekday 08–18 submits      74%; serial jobs 35%
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
