package selfsim_test

import (
	"fmt"

	"github.com/tracelab/tracelab/analytics/selfsim"
)

func ExampleRescaledRange() {
	rs, ok := selfsim.RescaledRange([]float64{1, 2, 3, 4})
	fmt.Printf("%.4f %v\n", rs, ok)
	// Output: 1.7889 true
}

// Fractional Gaussian noise with H = 0.7: the pox-plot slope and its
// small-sample correction.
func ExamplePoxPlot() {
	x, _ := selfsim.FGN(1<<14, 0.7, 1)
	p, err := selfsim.PoxPlot(x, selfsim.PoxOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("sizes %d…%d, %d points\n", p.Options.MinN, p.Options.MaxN, len(p.Points))
	fmt.Printf("H raw %.2f, corrected %.2f\n", p.H, p.HCorrected)
	// Output:
	// sizes 10…16384, 821 points
	// H raw 0.72, corrected 0.68
}
