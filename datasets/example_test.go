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
