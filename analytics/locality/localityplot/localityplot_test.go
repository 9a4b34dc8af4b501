package localityplot_test

import (
	"io"
	"math/rand/v2"
	"os"
	"testing"

	"gonum.org/v1/plot"

	"github.com/tracelab/tracelab/analytics/locality"
	"github.com/tracelab/tracelab/analytics/locality/localityplot"
	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/plots"
	"github.com/tracelab/tracelab/sim/repetitions"
)

// Every builder draws the frames of the analyses of the embedded sample
// and of a synthetic log; each plot is rendered to SVG (into
// TRACELAB_PLOT_DIR when set, for a look).
func TestBuilders(t *testing.T) {
	t.Parallel()
	tr := datasets.Sample()
	rng := rand.New(rand.NewPCG(1, 1))
	n := 20000
	submit, runtime := make([]float64, n), make([]float64, n)
	for i := range n {
		submit[i] = float64(i) * 400
		runtime[i] = float64(i/700%9)*100 + rng.Float64()*100
	}
	obs, err := locality.NewObservations("synthetic", datasets.Runtime, submit, runtime)
	if err != nil {
		t.Fatal(err)
	}
	res, err := locality.LocalityOfSampling(obs, locality.SamplingOptions{Reps: 50})
	if err != nil {
		t.Fatal(err)
	}
	quarters, err := res.Quarterly(0)
	if err != nil {
		t.Fatal(err)
	}
	acf, err := locality.AutocorrelationFrame(obs, 50, 1)
	if err != nil {
		t.Fatal(err)
	}
	scatter, err := locality.Scatter(obs, locality.ScatterOptions{PerDecade: 10})
	if err != nil {
		t.Fatal(err)
	}
	cdfs, err := locality.SliceCDFs(obs, locality.Slicing{}, res.TopSlices(2))
	if err != nil {
		t.Fatal(err)
	}
	usable, err := locality.UsableFraction(obs, []float64{1, 3, 7}, []int{8, 24}, locality.SamplingOptions{})
	if err != nil {
		t.Fatal(err)
	}
	sens, err := locality.Sensitivity(obs, []float64{3, 7}, []int{8, 24}, locality.SamplingOptions{Reps: 10})
	if err != nil {
		t.Fatal(err)
	}
	procs, err := locality.Observe(tr, datasets.Procs)
	if err != nil {
		t.Fatal(err)
	}
	daily, err := locality.DailyBins(procs, locality.DailyBinsOptions{})
	if err != nil {
		t.Fatal(err)
	}
	runs, err := locality.RunLengths(tr, locality.RunOptions{Key: locality.KeyProcs | locality.KeyReqTime})
	if err != nil {
		t.Fatal(err)
	}
	sweep, err := repetitions.ThetaSweep(tr, repetitions.SweepOptions{Thetas: []float64{2, 3}, Sequences: 2, Jobs: 3000,
		Sampling: locality.SamplingOptions{Ranges: 8, Slicing: locality.Slicing{Days: 7}}})
	if err != nil {
		t.Fatal(err)
	}
	build := map[string]func() (*plot.Plot, error){
		"autocorrelation": func() (*plot.Plot, error) { return localityplot.Autocorrelation(acf, "Fig 1") },
		"scatter": func() (*plot.Plot, error) {
			return localityplot.Scatter(scatter, localityplot.ScatterOptions{Title: "Fig 2", YLabel: "runtime [s]", LogY: true})
		},
		"slice-cdfs": func() (*plot.Plot, error) {
			return localityplot.SliceCDFs(cdfs, nil, "Fig 4", "runtime [s]", true)
		},
		"usable":    func() (*plot.Plot, error) { return localityplot.UsableFraction(usable, "Fig 5") },
		"deviation": func() (*plot.Plot, error) { return localityplot.SliceDeviation(res.Frame(), quarters, "Fig 6") },
		"bootstrap": func() (*plot.Plot, error) {
			return localityplot.Bootstrap(res.BootstrapFrame(), "m_med", res.MMed, "Fig 7")
		},
		"sensitivity": func() (*plot.Plot, error) { return localityplot.Sensitivity(sens, "locality_med", "Fig 8") },
		"runs": func() (*plot.Plot, error) {
			return localityplot.RunLengths(runs.Histogram(), runs.Binned(), runs.Slope, runs.Intercept, -2.5, "Fig 9")
		},
		"theta": func() (*plot.Plot, error) { return localityplot.ThetaSweep(sweep, "Fig 11") },
		"daily": func() (*plot.Plot, error) {
			return localityplot.DailyBins(daily.Frame(), nil, "", "2013 Fig 5")
		},
	}
	dir := os.Getenv("TRACELAB_PLOT_DIR")
	for name, f := range build {
		p, err := f()
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if dir != "" {
			if err := plots.SavePNG(p, 0, 0, dir+"/locality-"+name+".png"); err != nil {
				t.Error(err)
			}
		} else if err := plots.WriteSVG(io.Discard, p, 0, 0); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
	if _, err := localityplot.Autocorrelation(usable, "x"); err == nil {
		t.Error("missing columns: no error")
	}
}
