package kernelext

import (
	"io"
	"strconv"
	"testing"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
	"github.com/janpfeifer/gonb/gonbui/protocol"
)

// BenchmarkFrame shows head and tail of frames as large as a big log's
// (CEA-Curie has 312,826 jobs and 20 columns): the cost must not grow with
// the number of rows.
func BenchmarkFrame(b *testing.B) {
	for _, n := range []int{1000, 300000} {
		cols := make([]series.Series, 20)
		for j := range cols {
			v := make([]float64, n)
			for i := range v {
				v[i] = float64(i*j) / 7
			}
			cols[j] = series.New(v, series.Float, "c"+strconv.Itoa(j))
		}
		df := dataframe.New(cols...)
		b.Run(strconv.Itoa(n)+"rows", func(b *testing.B) {
			saved := out
			out = backend{notebook: true, send: func(*protocol.DisplayData) {}, sync: func() {}, err: func() error { return nil }, text: io.Discard}
			defer func() { out = saved }()
			for b.Loop() {
				if err := Frame(df, FrameOptions{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
