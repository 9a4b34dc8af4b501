// Package cputime reads the CPU time of the process, for benchmarks on a
// shared machine: when other work competes for the cores, the CPU time a
// computation takes is steadier than its wall time.
package cputime

import "syscall"

// Process returns the user and system CPU time of the process so far
// (every thread), nanoseconds; 0 if the system does not say.
func Process() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}
