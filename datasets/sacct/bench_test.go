package sacct

import (
	"bytes"
	"fmt"
	"syscall"
	"testing"
	"time"
)

// cpuTime returns the user and system CPU time of the process so far, ns.
func cpuTime() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}

// sacctRows returns n lines of sacct output in Format: 500 users, 20
// partitions, jobs every 3 s over the days, every tenth an array task.
func sacctRows(n int) []byte {
	var b bytes.Buffer
	b.WriteString(header)
	t0 := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)
	states := []string{"COMPLETED", "COMPLETED", "COMPLETED", "FAILED", "TIMEOUT", "CANCELLED by 1000"}
	for i := range n {
		sub := t0.Add(time.Duration(i*3) * time.Second)
		start := sub.Add(time.Duration(i%600) * time.Second)
		end := start.Add(time.Duration(i%7200) * time.Second)
		id := fmt.Sprint(1000 + i)
		if i%10 == 0 {
			id = fmt.Sprintf("%d_%d", 1000+i-i%100, i%100)
		}
		fmt.Fprintf(&b, "%s|%d|user%d|group%d|acct%d|part%d|normal|%s|%s|%s|%d|%d|%d|%d|%dM|%02d:%02d:%02d|%s|0:0|node[%03d-%03d]\n",
			id, 1000+i, i%500, i%40, i%60, i%20, sub.Format("2006-01-02T15:04:05"), start.Format("2006-01-02T15:04:05"),
			end.Format("2006-01-02T15:04:05"), 60+i%1440, 1+i%64, 1+i%4, 1+i%64, 1000*(1+i%8), i%24, i%60, i%60,
			states[i%len(states)], i%100, i%100+i%4)
	}
	return b.Bytes()
}

// BenchmarkRead imports sacct output of 1,000 and 1,000,000 rows; the
// target is 2 s for a million.
func BenchmarkRead(b *testing.B) {
	for _, n := range []int{1000, 1_000_000} {
		text := sacctRows(n)
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			b.SetBytes(int64(len(text)))
			cpu0 := cpuTime()
			for b.Loop() {
				im, err := Read(bytes.NewReader(text), Options{Location: time.UTC})
				if err != nil || im.Trace.Len() != n {
					b.Fatal(err)
				}
			}
			// CPU time of the process per import: on a loaded machine
			// the wall time overstates the work.
			b.ReportMetric(float64(cpuTime()-cpu0)/float64(b.N), "cpu-ns/op")
		})
	}
}
