package similarityplot_test

import (
	"fmt"
	"log"
	"math"
	"testing"

	"gonum.org/v1/plot/plotter"

	"github.com/tracelab/tracelab/analytics/similarity"
	"github.com/tracelab/tracelab/analytics/similarity/similarityplot"
	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/plots/plottest"
)

func TestDistances(t *testing.T) {
	t.Parallel()
	r := similarity.Result{Trace: "A", Attribute: datasets.Procs, Distances: similarity.Distances{
		Distance: []int{0, 1, 2}, Mean: []float64{0.9, 0.5, 0.4}, Median: []float64{1, 0.5, math.NaN()},
		Identical: []float64{0.8, 0.3, 0.2}, PooledMean: []float64{0.7, 0.6, 0.5}}}
	r2 := r
	r2.Trace = "B"
	for _, c := range []struct {
		stat  similarity.Statistic
		label string
		want  plotter.XYs
	}{
		{similarity.MeanOfSessionPairs, "average similarity", plotter.XYs{{X: 0, Y: 0.9}, {X: 1, Y: 0.5}, {X: 2, Y: 0.4}}},
		{similarity.MedianOfSessionPairs, "median similarity", plotter.XYs{{X: 0, Y: 1}, {X: 1, Y: 0.5}}}, // NaN left out
		{similarity.IdenticalFraction, "fraction identical", plotter.XYs{{X: 0, Y: 0.8}, {X: 1, Y: 0.3}, {X: 2, Y: 0.2}}},
		{similarity.PooledJobPairs, "average similarity (job pairs)", plotter.XYs{{X: 0, Y: 0.7}, {X: 1, Y: 0.6}, {X: 2, Y: 0.5}}},
	} {
		p, err := similarityplot.Distances(c.stat, r, r2)
		if err != nil {
			t.Fatal(err)
		}
		lines, points := plottest.Lines(p), plottest.Scatters(p)
		if len(lines) != 2 || len(points) != 2 {
			t.Fatalf("%s: %d lines, %d point sets; want one of each per result", c.stat, len(lines), len(points))
		}
		for i := range 2 {
			if fmt.Sprint(lines[i]) != fmt.Sprint(c.want) || fmt.Sprint(points[i]) != fmt.Sprint(c.want) {
				t.Errorf("%s result %d: line %v points %v, want %v", c.stat, i, lines[i], points[i], c.want)
			}
		}
		if p.Y.Label.Text != c.label || c.stat.String() != c.label || plottest.YRange(p) != (plottest.Range{Min: 0, Max: 1}) {
			t.Errorf("%s: y label %q, range %v", c.stat, p.Y.Label.Text, plottest.YRange(p))
		}
	}
	if _, err := similarityplot.Distances(similarity.MeanOfSessionPairs); err == nil {
		t.Error("no result: no error")
	}
}

func TestBootstrap(t *testing.T) {
	t.Parallel()
	b := similarity.Bootstrap{Trace: "A", Attribute: datasets.Runtime, Observed: similarity.Within{Mean: 0.8},
		Mean: []float64{0.30, 0.32, 0.34, 0.36, 0.38, 0.40}}
	p, err := similarityplot.Bootstrap(b)
	if err != nil {
		t.Fatal(err)
	}
	hs := plottest.Histograms(p)
	if len(hs) != 1 || len(hs[0]) != 30 {
		t.Fatalf("histograms %v, want one of 30 bins", hs)
	}
	total, lo, hi := 0.0, hs[0][0].Min, hs[0][29].Max
	for _, bin := range hs[0] {
		total += bin.Weight
	}
	// The bins span the replicates only: the observed value, 0.8, is more
	// than their range away, so it is written at the edge, not drawn.
	if total != 6 || math.Abs(lo-0.3) > 1e-12 || math.Abs(hi-0.4) > 1e-12 {
		t.Errorf("histogram of %v replicates over [%v, %v], want 6 over [0.3, 0.4]", total, lo, hi)
	}
	if lines := plottest.Lines(p); len(lines) != 0 {
		t.Errorf("observed line %v drawn off scale", lines)
	}
	if p.Title.Text != "runtime" {
		t.Errorf("title %q", p.Title.Text)
	}
	// Near the replicates, it is a vertical line from 0 to the top.
	b.Observed.Mean = 0.42
	p, err = similarityplot.Bootstrap(b)
	if err != nil {
		t.Fatal(err)
	}
	lines := plottest.Lines(p)
	if len(lines) != 1 || lines[0][0].X != 0.42 || lines[0][1].X != 0.42 || lines[0][0].Y != 0 || lines[0][1].Y < 1 {
		t.Errorf("observed line %v, want vertical at 0.42 from 0 to the tallest bin", lines)
	}
	if _, err := similarityplot.Bootstrap(similarity.Bootstrap{Observed: similarity.Within{Mean: math.NaN()}, Mean: []float64{math.NaN()}}); err == nil {
		t.Error("no finite replicate: no error")
	}
}

// Fig. 1 of Zakay and Feitelson (2013) for the processors of the embedded
// sample log.
func ExampleDistances() {
	r, err := similarity.Analyze(datasets.Sample(), datasets.Procs, similarity.Options{})
	if err != nil {
		log.Fatal(err)
	}
	p, err := similarityplot.Distances(similarity.MeanOfSessionPairs, r)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%s against %s\n", p.Y.Label.Text, p.X.Label.Text)
	// Output: average similarity against distance [sessions]
}

// Fig. 2 of Zakay and Feitelson (2013): 20 replicates for the embedded
// sample log.
func ExampleBootstrap() {
	b, err := similarity.Randomize(datasets.Sample(), datasets.Procs, similarity.BootstrapOptions{Reps: 20, Seed: 1})
	if err != nil {
		log.Fatal(err)
	}
	p, err := similarityplot.Bootstrap(b)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(p.Title.Text, "|", p.X.Label.Text)
	// Output: processors | average similarity within sessions
}
