package plots

import (
	"math"
	"strings"
	"testing"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
)

func TestColumns(t *testing.T) {
	t.Parallel()
	df := dataframe.New(series.New([]int{1, 2}, series.Int, "n"), series.New([]string{"a", "b"}, series.String, "s"),
		series.New([]float64{0.5, math.NaN()}, series.Float, "x"))
	n, err := FloatColumn(df, "n")
	if err != nil || n[0] != 1 || n[1] != 2 {
		t.Errorf("FloatColumn(n) = %v, %v", n, err)
	}
	x, err := FloatColumn(df, "x")
	if err != nil || x[0] != 0.5 || !math.IsNaN(x[1]) {
		t.Errorf("FloatColumn(x) = %v, %v", x, err)
	}
	s, err := StringColumn(df, "s")
	if err != nil || s[1] != "b" {
		t.Errorf("StringColumn(s) = %v, %v", s, err)
	}
	if _, err := FloatColumn(df, "missing"); err == nil || !strings.Contains(err.Error(), `no column "missing"`) {
		t.Errorf("missing column: %v", err)
	}
	cs, err := FloatColumns(df, "x", "n")
	if err != nil || len(cs) != 2 || cs[0][0] != 0.5 || cs[1][1] != 2 {
		t.Errorf("FloatColumns = %v, %v", cs, err)
	}
	if _, err := FloatColumns(df, "n", "missing"); err == nil {
		t.Error("FloatColumns with a missing column: no error")
	}
	if _, err := StringColumn(df, "missing"); err == nil {
		t.Error("missing string column: no error")
	}
}
