package quality_test

import (
	"fmt"

	"github.com/tracelab/tracelab/analytics/quality"
	"github.com/tracelab/tracelab/datasets"
)

// The data-quality report of the embedded sample log, with exit codes put
// in the status field of three jobs (as Sandia-Ross records them): each
// anomaly class with its count and the archive filter that would remove it.
func ExampleCheck() {
	tr := datasets.Sample().Clone()
	tr.Status[0], tr.Status[1], tr.Status[2] = 265, 127, 137
	r, err := quality.Check(tr, quality.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, a := range r.Anomalies {
		fmt.Printf("%s/%s: %d jobs, filter %q\n", a.Category, a.Kind, a.Jobs, a.Filter)
	}
	// Output:
	// missing/missing_req_mem: 20631 jobs, filter ""
	// inconsistent/status_nonstandard: 3 jobs, filter "status<-1 or status>5"
}
