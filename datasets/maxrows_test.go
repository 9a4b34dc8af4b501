package datasets

import (
	"errors"
	"strconv"
	"strings"
	"testing"
)

// TestMaxRows: Read holds at most ReadOptions.MaxRows job rows and refuses
// the row beyond with its line (a 6.7 MB gzip of 50 million repeated lines
// ran the process out of memory: hostile5, session 15); at the bound the
// log is read whole.
func TestMaxRows(t *testing.T) {
	const line = "1 0 0 10 1 -1 -1 1 100 -1 1 1 1 -1 1 -1 -1 -1\n"
	for _, tc := range []struct {
		rows, max int
		wantErr   bool
	}{
		{rows: 5, max: 5},
		{rows: 6, max: 5, wantErr: true},
		{rows: 3, max: 0}, // 0: DefaultMaxRows
	} {
		var b strings.Builder
		for i := range tc.rows {
			b.WriteString(strings.Replace(line, "1 ", strconv.Itoa(i+1)+" ", 1))
		}
		tr, err := Read(strings.NewReader(b.String()), ReadOptions{Name: "many.swf", MaxRows: tc.max})
		switch {
		case tc.wantErr:
			var pe *ParseError
			if !errors.Is(err, ErrTooManyRows) || !errors.As(err, &pe) || pe.Line != tc.rows {
				t.Errorf("%d rows, max %d: error %v, want ErrTooManyRows at line %d", tc.rows, tc.max, err, tc.rows)
			}
		case err != nil:
			t.Errorf("%d rows, max %d: %v", tc.rows, tc.max, err)
		case tr.Len() != tc.rows:
			t.Errorf("%d rows, max %d: %d read", tc.rows, tc.max, tr.Len())
		}
	}
}
