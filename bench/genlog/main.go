// Command genlog writes a large SWF log for the memory benchmarks
// (bench/formats_memory.sh): every field known, submit times that
// increase by 0–6 s (a 10 M-job log spans about a year, within the reader's
// ±200 years), job ids 1, 2, …, users drawn from a given number of ids, a
// header with the machine size, start time and time zone. Reproducible: a
// seed picks every value (math/rand/v2, PCG).
//
//	go run ./bench/genlog -jobs 10000000 -users 1000 -seed 1 > big.swf
package main

import (
	"bufio"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
)

func main() {
	jobs := flag.Int("jobs", 10_000_000, "jobs to write (1 to 100,000,000)")
	users := flag.Int("users", 1000, "distinct user ids to draw from (1 to 100,000,000)")
	seed := flag.Uint64("seed", 1, "random seed")
	flag.Parse()
	if *jobs < 1 || *jobs > 100_000_000 || *users < 1 || *users > 100_000_000 {
		fmt.Fprintln(os.Stderr, "genlog: -jobs and -users: want 1 to 100,000,000")
		os.Exit(2)
	}
	if err := write(os.Stdout, *jobs, *users, *seed); err != nil {
		fmt.Fprintln(os.Stderr, "genlog:", err)
		os.Exit(1)
	}
}

func write(f *os.File, jobs, users int, seed uint64) error {
	r := rand.New(rand.NewPCG(seed, 2))
	w := bufio.NewWriterSize(f, 1<<20)
	fmt.Fprintf(w, "; Version: 2.2\n; Computer: genlog, synthetic\n; MaxJobs: %d\n; MaxRecords: %d\n"+
		"; UnixStartTime: 1704067200\n; TimeZoneString: Europe/Berlin\n; MaxNodes: 1024\n; MaxProcs: 1024\n"+
		"; Note: bench/genlog -jobs %d -users %d -seed %d\n", jobs, jobs, jobs, users, seed)
	submit := 0
	for i := 1; i <= jobs; i++ {
		submit += r.IntN(7)
		procs := 1 << r.IntN(11)
		req := 60 * (1 + r.IntN(1440))
		run := r.IntN(req + 1)
		fmt.Fprintf(w, "%d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d -1 -1\n",
			i, submit, r.IntN(86400), run, procs, run*9/10, 1024*(1+r.IntN(4096)), procs, req, 1024*4096,
			1, 1+r.IntN(users), 1+r.IntN(100), 1+r.IntN(1000), 1+r.IntN(4), 1)
	}
	return w.Flush()
}
