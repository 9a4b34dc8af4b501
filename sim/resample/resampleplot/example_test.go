package resampleplot_test

import (
	"fmt"

	"github.com/tracelab/tracelab/plots"
	"github.com/tracelab/tracelab/sim/resample/resampleplot"
)

// A Fig. 8-style histogram: a metric over resampled variants, with the
// original log's value as a vertical line.
func ExampleHistogram() {
	utilization := []float64{0.66, 0.68, 0.69, 0.70, 0.70, 0.71, 0.72, 0.74}
	p, err := resampleplot.Histogram(utilization, 0.70, "8 variants", plots.HistOptions{Axes: plots.Axes{
		Title: "KTH-SP2: utilization of 8 variants", XLabel: "utilization"}})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%s, x from %.2f to %.2f\n", p.Title.Text, p.X.Min, p.X.Max)
	// Output:
	// KTH-SP2: utilization of 8 variants, x from 0.66 to 0.74
}
