package plots

import (
	"io"
	"math/rand/v2"
	"strconv"
	"testing"
)

// BenchmarkECDF builds and renders the ECDF of samples as large as a big
// log's runtimes (CEA-Curie: 312,826 jobs); thinning keeps the SVG small.
func BenchmarkECDF(b *testing.B) {
	for _, n := range []int{1000, 300000} {
		r := rand.New(rand.NewPCG(1, 1))
		vs := make([]float64, n)
		for i := range vs {
			vs[i] = r.ExpFloat64() * 3600
		}
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			for b.Loop() {
				p, err := ECDF([]Sample{{Label: "runtime", Values: vs}}, ECDFOptions{Axes: Axes{LogX: true}})
				if err != nil {
					b.Fatal(err)
				}
				if err := WriteSVG(io.Discard, p, 0, 0); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
