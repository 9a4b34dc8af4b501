package localityplot_test

import (
	"fmt"
	"math"
	"testing"

	"github.com/go-gota/gota/dataframe"
	"gonum.org/v1/plot"

	"github.com/tracelab/tracelab/analytics/locality/localityplot"
	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/plots/plottest"
)

// TestDrawn: each builder draws exactly the frame's data, transformed as
// documented (lag 0 left out, times in days from the first, CDF steps,
// one line per group in increasing order, the fitted and reference
// lines, the band of the logs without repetitions).
func TestDrawn(t *testing.T) {
	t.Parallel()
	day := datasets.Day
	plottest.CheckDrawn(t, []plottest.Case{
		{Name: "Autocorrelation: lag 0 left out",
			Build: func() (*plot.Plot, error) {
				return localityplot.Autocorrelation(plottest.Frame("lag", []float64{0, 1, 2}, "original", []float64{1, 0.5, 0.25},
					"scrambled", []float64{1, 0.125, 0}), "")
			},
			Want: plottest.Drawn{Lines: "[[{1 0.125} {2 0}] [{1 0.5} {2 0.25}]]"}},
		{Name: "Scatter: days from the first cell, values ≤ 0 left out on a log axis",
			Build: func() (*plot.Plot, error) {
				return localityplot.Scatter(plottest.Frame("time", []float64{day, 2 * day, 3 * day}, "value", []float64{10, 0, 100},
					"count", []float64{1, 4, 2}), localityplot.ScatterOptions{LogY: true})
			},
			Want: plottest.Drawn{Points: "[[{0 10} {2 100}]]"}},
		{Name: "SliceCDFs: a step per value, the whole log last (on top)",
			Build: func() (*plot.Plot, error) {
				return localityplot.SliceCDFs(plottest.Frame("slice", []float64{-1, -1, 0}, "start", []float64{0, 0, 0},
					"value", []float64{1, 2, 1}, "cdf", []float64{0.5, 1, 1}), nil, "", "", false)
			},
			Want: plottest.Drawn{Lines: "[[{1 0} {1 1}] [{1 0} {1 0.5} {2 0.5} {2 1}]]"}},
		{Name: "UsableFraction: one line with points per number of ranges",
			Build: func() (*plot.Plot, error) {
				return localityplot.UsableFraction(plottest.Frame("slice_days", []float64{1, 3, 1, 3}, "ranges", []float64{24, 24, 8, 8},
					"usable_fraction", []float64{0.3, 0.4, 0.1, 0.2}), "")
			},
			Want: plottest.Drawn{Lines: "[[{1 0.1} {3 0.2}] [{1 0.3} {3 0.4}]]", Points: "[[{1 0.1} {3 0.2}] [{1 0.3} {3 0.4}]]"}},
		{Name: "SliceDeviation: quarterly steps, usable slices as points, in days",
			Build: func() (*plot.Plot, error) {
				return localityplot.SliceDeviation(
					plottest.Frame("start", []float64{day, 2 * day, 3 * day}, "usable", []float64{1, 0, 1}, "m", []float64{0.5, 0.9, 0.75}),
					plottest.Frame("start", []float64{day}, "end", []float64{4 * day}, "m_max", []float64{0.75}, "m_med", []float64{0.625}), "")
			},
			Want: plottest.Drawn{Lines: "[[{0 0.75} {3 0.75}] [{0 0.625} {3 0.625}]]", Points: "[[{0 0.5} {2 0.75}]]"}},
		{Name: "Bootstrap: the histogram of the repetitions and the observed value, to the top",
			Build: func() (*plot.Plot, error) {
				return localityplot.Bootstrap(plottest.Frame("m_med", []float64{1, 2, 2, 3}), "m_med", 5, "")
			},
			// The top: the tallest bar, 2, and plots.Headroom (4%) above it.
			Want: plottest.Drawn{Lines: "[[{5 0} {5 2.08}]]", Hists: "[4]"}},
		{Name: "Sensitivity: one line with points per slice length",
			Build: func() (*plot.Plot, error) {
				return localityplot.Sensitivity(plottest.Frame("slice_days", []float64{7, 7, 1}, "ranges", []float64{8, 24, 8},
					"locality_med", []float64{2, 3, 1.5}), "locality_med", "")
			},
			Want: plottest.Drawn{Lines: "[[{8 1.5}] [{8 2} {24 3}]]", Points: "[[{8 1.5}] [{8 2} {24 3}]]"}},
		{Name: "RunLengths: the runs, the fit scaled to run counts, the reference slope",
			Build: func() (*plot.Plot, error) {
				// 11 runs; log10 density = 0 − 2·log10 length, so the fit
				// is 11/x², and the reference 11·x^−2.5 from x = 1.
				return localityplot.RunLengths(plottest.Frame("length", []float64{1, 2, 4}, "runs", []float64{8, 2, 1}),
					plottest.Frame("length", []float64{1, 4}), -2, 0, -2.5, "")
			},
			Want: plottest.Drawn{Lines: fmt.Sprint("[[{1 11} {4 ", 11.0/16, "}] [{1 11} {4 ", 11*math.Pow(4, -2.5), "}]]"), Points: "[[{1 8} {2 2} {4 1}]]"}},
		{Name: "ThetaSweep: the logs with repetitions as points, the others' range as a band",
			Build: func() (*plot.Plot, error) {
				return localityplot.ThetaSweep(plottest.Frame("theta", []float64{2, 3, 2, 3}, "repetitions", []float64{1, 1, 0, 0},
					"m_med", []float64{0.5, 0.75, 0.25, 0.125}), "")
			},
			Want: plottest.Drawn{Points: "[[{2 0.5} {3 0.75}]]", Polygons: "[[[{2 0.125} {3 0.125} {3 0.25} {2 0.25}]]]"}},
		{Name: "DailyBins: the original's distribution, the variants' band and median",
			Build: func() (*plot.Plot, error) {
				return localityplot.DailyBins(plottest.Frame("max_fraction", []float64{0.5, 0.25}),
					[]dataframe.DataFrame{plottest.Frame("max_fraction", []float64{0.5, 0.25}), plottest.Frame("max_fraction", []float64{0.25, 0.75})}, "2 variants", "")
			},
			// The median of the variants as a step line, then the original, rising
			// from 0 at its smallest value.
			Want: plottest.Drawn{Lines: "[[{0.25 0.5} {0.5 0.5} {0.5 0.75} {0.75 0.75} {0.75 1}] [{0.25 0} {0.25 0.5} {0.5 1}]]",
				Polygons: "[[[{0.25 0.5} {0.5 0.5} {0.5 1} {0.75 1} {0.75 1} {0.75 1} {0.75 0.5} {0.5 0.5} {0.5 0.5} {0.25 0.5}]]]"}},
	})
}

// The ranges a builder sets: the observed value of Bootstrap stays in view.
func TestBootstrapRange(t *testing.T) {
	t.Parallel()
	p, err := localityplot.Bootstrap(plottest.Frame("m_max", []float64{1, 2, 2, 3}), "m_max", 5, "")
	if err != nil {
		t.Fatal(err)
	}
	if r := plottest.XRange(p); r.Min > 1 || r.Max < 5 {
		t.Errorf("x range %v, want it to hold the repetitions (1 to 3) and the observed 5", r)
	}
}

// Autocorrelation draws a frame of locality.AutocorrelationFrame: the
// original and scrambled series by lag (lag 0, always 1, left out).
func ExampleAutocorrelation() {
	df := plottest.Frame("lag", []float64{0, 1, 2, 3}, "original", []float64{1, 0.5, 0.4, 0.3}, "scrambled", []float64{1, 0.01, 0, -0.01})
	p, err := localityplot.Autocorrelation(df, "Fig 1")
	if err != nil {
		panic(err)
	}
	fmt.Println(p.Title.Text, "|", p.X.Label.Text, "|", p.Y.Label.Text)
	for _, l := range plottest.Lines(p) {
		fmt.Println(l)
	}
	// Output:
	// Fig 1 | lag [jobs] | autocorrelation
	// [{1 0.01} {2 0} {3 -0.01}]
	// [{1 0.5} {2 0.4} {3 0.3}]
}
