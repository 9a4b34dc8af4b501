package cli

import (
	"strings"
	"testing"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
)

// TestReadable: the table format shortens fractional numbers (6 significant
// digits, every integer digit kept; 4 below 1) and leaves everything else.
func TestReadable(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"7605.901466092311", "7605.9"},
		{"163824.69451569207", "163825"},
		{"89.80728310172243", "89.8073"},
		{"0.690477531225506", "0.6905"},
		{"-113037.45042457659", "-113037"},
		{"0.0005787037037037037", "0.0005787"},
		{"1.2096e-14", "1.21e-14"},
		{"12345678.9", "12345679"}, // more integer digits than 6: all kept
		{"2.5", "2.5"},
		{"1.000001", "1"},
		{"20631", "20631"},       // an integer stays
		{"NaN", "NaN"},           // not finite: as is
		{"+Inf", "+Inf"},         // not finite: as is
		{"easy", "easy"},         // text
		{"e.g. 1.5", "e.g. 1.5"}, // text with a number inside
		{"1e+300", "1e+300"},
	} {
		if got := readable(tt.in); got != tt.want {
			t.Errorf("readable(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// The csv format keeps full precision; the table shortens.
func TestWriteFrameTablePrecision(t *testing.T) {
	df := dataframe.New(series.New([]float64{7605.901466092311}, series.Float, "avg_wait"))
	var table, csv strings.Builder
	if err := writeFrame(&table, "table", df); err != nil {
		t.Fatal(err)
	}
	if err := writeFrame(&csv, "csv", df); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(table.String(), "7605.9\n") && !strings.Contains(table.String(), "7605.9 ") {
		t.Errorf("table:\n%s", table.String())
	}
	if !strings.Contains(csv.String(), "7605.901466092311") {
		t.Errorf("csv:\n%s", csv.String())
	}
}
