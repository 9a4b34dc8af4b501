package datasets_test

import (
	"fmt"
	"strings"

	"github.com/tracelab/tracelab/datasets"
)

func ExampleRead() {
	swf := `; Version: 2.2
; MaxProcs: 8
1 0 5 100 4 -1 -1 4 300 -1 1 7 1 -1 -1 -1 -1 -1
2 60 -1 -1 2 -1 -1 2 600 -1 5 7 1 -1 -1 -1 -1 -1
`
	t, err := datasets.Read(strings.NewReader(swf), datasets.ReadOptions{Name: "tiny.swf"})
	if err != nil {
		panic(err)
	}
	fmt.Println(t.Len(), "jobs on", t.MaxProcs(), "processors")
	fmt.Println("job 1 ends at", t.End(0))
	fmt.Println("job 2 runtime known:", t.Runtime[1] == t.Runtime[1]) // NaN for SWF's −1
	// Output:
	// 2 jobs on 8 processors
	// job 1 ends at 105
	// job 2 runtime known: false
}

func ExampleTrace_Frame() {
	t := datasets.Sample()
	df := t.Frame()
	fmt.Println(df.Nrow() == t.Len(), df.Names()[:4])
	// Output: true [job_id submit wait runtime]
}

// A log that deviates from SWF is read whole: each class of deviation is
// counted once, with its first line, first value and example jobs.
func ExampleReadReport_Warnings() {
	swf := `; MaxProcs: 8
1 0 5 100 4 -1 -1 4 300 -1 265 7 1 -1 -1 -1 -1 -1
2 60 -3 50 2 -1 -1 2 600 -1 127 7 1 -1 -1 -1 -1 -1
3 1e300 5 50 2 -1 -1 2 600 -1 1 7 1 -1 -1 -1 -1 -1
`
	t, err := datasets.Read(strings.NewReader(swf), datasets.ReadOptions{Name: "odd.swf"})
	if err != nil {
		panic(err)
	}
	fmt.Println(t.Len(), "jobs; status codes kept:", t.Status)
	for _, w := range t.Report.Warnings {
		fmt.Printf("%s %s: %d rows from line %d (first %s), jobs %v\n", w.Kind, w.Field, w.Count, w.Line, w.Value, w.Examples)
	}
	for _, r := range t.Report.Replaced {
		fmt.Printf("job %d %s was %g\n", r.JobID, r.Field, r.Value)
	}
	// Output:
	// 2 jobs; status codes kept: [265 127]
	// status-code status: 2 rows from line 2 (first 265), jobs [1 2]
	// negative-value wait: 1 rows from line 3 (first -3), jobs [2]
	// submit-out-of-range submit: 1 rows from line 4 (first 1e+300), jobs [3]
	// job 2 wait was -3
	// job 3 submit was 1e+300
}

// A log as CSV keeps its SWF header in leading '#' lines, so that reading
// it back (Read, ReadFile, every command) knows the machine, the start time
// and the zone; the jobs are the frame's columns.
func ExampleNewCSVWriter() {
	swf := "; MaxProcs: 8\n; UnixStartTime: 1700000000\n; TimeZoneString: Europe/Berlin\n" +
		"1 0 5 100 4 -1 -1 4 300 -1 1 7 1 -1 -1 -1 -1 -1\n"
	t, err := datasets.Read(strings.NewReader(swf), datasets.ReadOptions{})
	if err != nil {
		panic(err)
	}
	var csv strings.Builder
	w := datasets.NewCSVWriter(&csv)
	if err := datasets.WriteTrace(w, t); err != nil {
		panic(err)
	}
	w.Close()
	fmt.Print(csv.String())
	back, err := datasets.Read(strings.NewReader(csv.String()), datasets.ReadOptions{})
	if err != nil {
		panic(err)
	}
	fmt.Println(back.Machine(), back.Location())
	// Output:
	// # MaxProcs: 8
	// # UnixStartTime: 1700000000
	// # TimeZoneString: Europe/Berlin
	// job_id,submit,wait,runtime,procs,cpu_time,mem,req_procs,req_time,req_mem,status,user,group,app,queue,partition,prev_job,think_time,start,end
	// 1,0,5,100,4,NaN,NaN,4,300,NaN,1,7,1,-1,-1,-1,-1,NaN,5,105
	// 8 processors (header MaxProcs) Europe/Berlin
}

// Summarize a log without holding its jobs: Scan hands them one by one to
// a JobWriter (here the summary's; a converter's writes them out).
func ExampleSummarize() {
	s, err := datasets.Summarize(datasets.Sample())
	if err != nil {
		panic(err)
	}
	fmt.Println(s.Jobs, "jobs of", s.Users, "users on", s.Machine)
	// Output:
	// 20631 jobs of 164 users on 128 processors (header MaxProcs)
}
