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
