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

// writeCounter counts the Write calls it gets.
type writeCounter struct {
	calls int
	b     strings.Builder
}

func (w *writeCounter) Write(p []byte) (int, error) {
	w.calls++
	return w.b.Write(p)
}

// TestTableWritesBuffered: a table of 10,000 rows of 3 columns reaches its
// writer in a few large writes, not one per cell and pad (a tabwriter's
// own: 3.8 million write system calls for tracelab sessions on 200,000
// users, when the writer is stdout).
func TestTableWritesBuffered(t *testing.T) {
	n := 10_000
	a, b, c := make([]int, n), make([]float64, n), make([]string, n)
	for i := range n {
		a[i], b[i], c[i] = i, float64(i)/7, "x"
	}
	df := dataframe.New(series.New(a, series.Int, "a"), series.New(b, series.Float, "b"), series.New(c, series.String, "c"))
	var w writeCounter
	if err := writeFrame(&w, "table", df); err != nil {
		t.Fatal(err)
	}
	// The output is about 250 kB: a 64 KiB buffer makes 4 to 5 writes.
	if lines := strings.Count(w.b.String(), "\n"); lines != n+1 || w.calls > 10 {
		t.Errorf("%d lines in %d writes; want %d lines in at most 10", lines, w.calls, n+1)
	}
	w = writeCounter{}
	rec := record{}
	for i := range 1000 {
		rec = append(rec, field{"key" + strings.Repeat("k", i%7), float64(i)})
	}
	if err := writeRecord(&w, "table", rec); err != nil || w.calls > 5 {
		t.Errorf("record: %v, %d writes; want at most 5", err, w.calls)
	}
}
