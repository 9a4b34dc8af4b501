// Command hostileprobe writes the hostile inputs of bench/hostile_probe.sh
// (issue 25) into a folder: hostileprobe DIR SHARD.parquet, where SHARD is
// a real shard file (sweep --shard 0/2) whose first row the shard variants
// copy. CEA-Curie with its machine lowered to 9,000 processors is made
// from $TRACELAB_DATA when the log is there. Every file is written
// through internal/outfile (complete or not at all), as the datasets
// writers it calls are.
package main

import (
	"bufio"
	"fmt"
	"io"
	"log"
	"os"
	"path/filepath"
	"strings"

	"github.com/go-gota/gota/series"
	"github.com/klauspost/compress/gzip"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/internal/outfile"
)

func main() {
	if len(os.Args) != 3 {
		log.Fatal("usage: hostileprobe DIR SHARD.parquet")
	}
	dir := os.Args[1]
	shards(dir, os.Args[2])
	logs(dir)
	arrays(dir)
	write(dir, "sacct.txt", "JobID|JobIDRaw|User|Group|Account|Partition|QOS|Submit|Start|End|TimelimitRaw|NCPUS|NNodes|ReqCPUS|ReqMem|TotalCPU|State|ExitCode|NodeList\n"+
		"7|7|alice|staff|a|debug|normal|2024-03-01T10:00:00|2024-03-01T10:00:30|2024-03-01T10:02:30|5|4|1|4|4000M|00:06:00|COMPLETED|0:0|n1\n"+
		"8_0|9|bob|staff|a|long|high|2024-03-01T10:01:00|2024-03-01T10:01:00|2024-03-01T10:05:00|10|2|1|2|1Gc||TIMEOUT|0:15|n2\n")
	curie(dir)
}

// shards writes one-row copies of src with hostile metadata.
func shards(dir, src string) {
	df, err := datasets.ReadParquetFile(src)
	if err != nil {
		log.Fatal(err)
	}
	one := df.Subset([]int{0})
	for _, c := range []struct {
		name                      string
		shard, shards, replicates int
	}{
		{"reps2e45", 0, 2, 1 << 45},
		{"shards2e45", 0, 1 << 45, 1 << 45},
		{"shards2e30", 0, 1 << 30, 1 << 30},
		{"repsneg", 0, 2, -5},
		{"shardsneg", 0, -5, 2},
	} {
		d := one.Mutate(series.New([]int{c.shard}, series.Int, "shard")).
			Mutate(series.New([]int{c.shards}, series.Int, "shards")).
			Mutate(series.New([]int{c.replicates}, series.Int, "replicates"))
		if err := datasets.WriteFrameFile(filepath.Join(dir, "shard-"+c.name+".parquet"), d); err != nil {
			log.Fatal(err)
		}
	}
}

// job is one SWF line.
func job(id, submit, procs, runtime, user int) string {
	return fmt.Sprintf("%d %d 10 %d %d 90 -1 %d 200 -1 1 %d 1 7 1 1 -1 -1\n", id, submit, runtime, procs, procs, user)
}

// logs writes the SWF logs: a job of 2^51 (2^40) processors among 60
// ordinary ones, headers claiming 2^53, 2e9 and 1e15 processors, 11 days
// of users, and a log without a machine size.
func logs(dir string) {
	var base strings.Builder
	for k := range 60 {
		procs := 1 + k%8
		if k%3 == 0 {
			procs = 1 << (k % 6)
		}
		base.WriteString(job(k+1, k*3000+k*k*37%2900, procs, 100+k*37%900, 1+k%5))
	}
	write(dir, "lublin-2e51.swf", base.String()+job(61, 190000, 1<<51, 100, 3))
	write(dir, "lublin-2e40.swf", base.String()+job(61, 190000, 1<<40, 100, 3))
	for name, mp := range map[string]int{"mp2e53": 1 << 53, "mp2e9": 2e9, "mp1e15": 1e15} {
		write(dir, name+".swf", fmt.Sprintf("; MaxProcs: %d\n; MaxNodes: %d\n", mp, mp)+base.String())
	}
	var days strings.Builder
	for k := 0; k*3000 <= 11*86400; k++ {
		days.WriteString(job(k+1, k*3000, 1+k%8, 100, 1+k%7))
	}
	write(dir, "days11.swf", days.String())
	write(dir, "nomachine.swf", "1 0 -1 100 4 -1 -1 4 200 -1 1 3 1 7 1 1 -1 -1\n2 4000 -1 100 4 -1 -1 4 200 -1 1 3 1 7 1 1 -1 -1\n")
}

// arrays writes Slurm array folders whose array.json claims -5, 1e18 and
// 2^40 tasks.
func arrays(dir string) {
	for _, tasks := range []string{"-5", "1000000000000000000", "1099511627776"} {
		d := filepath.Join(dir, "arr"+tasks)
		if err := os.MkdirAll(filepath.Join(d, "logs"), 0o755); err != nil {
			log.Fatal(err)
		}
		write(d, "array.json", fmt.Sprintf(`{"plan":{"dir":%q,"key":"k","command":["/bin/true"],"tasks":%s,"output":"shard-{task}.parquet","options":{}},`+
			`"submissions":[{"job_id":"12","tasks":[0,1],"script":"x","time":"2024-01-01T00:00:00Z"}]}`+"\n", d, tasks))
	}
}

// curie writes CEA-Curie with MaxProcs 9000 and MaxNodes 540: a logged
// schedule ten times wider than the machine.
func curie(dir string) {
	f, err := os.Open(filepath.Join(os.Getenv("TRACELAB_DATA"), "CEA-Curie-2011-2.1-cln.swf.gz"))
	if err != nil {
		fmt.Fprintln(os.Stderr, "hostileprobe: no CEA-Curie:", err)
		return
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		log.Fatal(err)
	}
	// Through outfile, as every writer of this repository: a failure
	// (a full disk) leaves no truncated log for the probe to misread.
	err = outfile.Write(filepath.Join(dir, "curie9000.swf"), 0o644, func(out io.Writer) error {
		w := bufio.NewWriter(out)
		sc := bufio.NewScanner(zr)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		for sc.Scan() {
			line := sc.Text()
			switch {
			case strings.HasPrefix(line, "; MaxProcs:"):
				line = "; MaxProcs: 9000"
			case strings.HasPrefix(line, "; MaxNodes:"):
				line = "; MaxNodes: 540"
			}
			w.WriteString(line + "\n") // an error sticks: Flush returns it
		}
		if err := sc.Err(); err != nil {
			return err
		}
		return w.Flush()
	})
	if err != nil {
		log.Fatal(err)
	}
}

func write(dir, name, text string) {
	if err := outfile.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
		log.Fatal(err)
	}
}
