package lublin

import (
	"fmt"
	"testing"
)

// BenchmarkGenerate measures Generate; the target is 1,000,000 jobs
// in at most one second.
func BenchmarkGenerate(b *testing.B) {
	for _, name := range []string{"paper", "m_lublin99", "m_lublin99_typeless"} {
		p, err := ParamsByName(name, 256)
		if err != nil {
			b.Fatal(err)
		}
		for _, n := range []int{10_000, 1_000_000} {
			b.Run(fmt.Sprintf("%s/jobs=%d", name, n), func(b *testing.B) {
				for i := 0; b.Loop(); i++ {
					if _, err := Generate(p, n, uint64(i)); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// BenchmarkFitLog measures FitLog on synthetic logs of the paper's model.
func BenchmarkFitLog(b *testing.B) {
	p, err := PaperParams(128)
	if err != nil {
		b.Fatal(err)
	}
	p.Fractional = true
	for _, n := range []int{20_000, 200_000} {
		tr, err := Generate(p, n, 1)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(fmt.Sprintf("jobs=%d", n), func(b *testing.B) {
			for b.Loop() {
				if _, err := FitLog(tr, FitOptions{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
