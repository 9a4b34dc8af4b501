package selfsimplot_test

import (
	"io"
	"os"
	"testing"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
	"gonum.org/v1/plot"

	"github.com/tracelab/tracelab/analytics/selfsim"
	"github.com/tracelab/tracelab/analytics/selfsim/selfsimplot"
	"github.com/tracelab/tracelab/plots"
)

func TestBuilders(t *testing.T) {
	t.Parallel()
	var hs, bs []float64
	var names []string
	var pox selfsim.Pox
	for i, h := range []float64{0.6, 0.8} {
		x, err := selfsim.FGN(4096, h, uint64(i))
		if err != nil {
			t.Fatal(err)
		}
		p, err := selfsim.PoxPlot(x, selfsim.PoxOptions{})
		if err != nil {
			t.Fatal(err)
		}
		pox = p
		hs, bs, names = append(hs, p.H), append(bs, p.Intercept), append(names, "fgn")
	}
	table := dataframe.New(series.New(names, series.String, "log"), series.New(hs, series.Float, "h"), series.New(bs, series.Float, "intercept"))
	p1, err := selfsimplot.Pox(pox.Frame(), pox.H, pox.Intercept, "Fig 6")
	if err != nil {
		t.Fatal(err)
	}
	p2, err := selfsimplot.Lines(table, 10, 4096, "Fig 7")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []*plot.Plot{p1, p2} {
		if err := plots.WriteSVG(io.Discard, p, 0, 0); err != nil {
			t.Error(err)
		}
	}
	if dir := os.Getenv("TRACELAB_PLOT_DIR"); dir != "" {
		if err := plots.SavePNG(p1, 0, 0, dir+"/selfsim-pox.png"); err != nil {
			t.Error(err)
		}
		if err := plots.SavePNG(p2, 0, 0, dir+"/selfsim-lines.png"); err != nil {
			t.Error(err)
		}
	}
	if _, err := selfsimplot.Lines(table, 10, 5, "x"); err == nil {
		t.Error("nMax < nMin: no error")
	}
	if _, err := selfsimplot.Pox(table, 0.5, 0, "x"); err == nil {
		t.Error("missing columns: no error")
	}
}
