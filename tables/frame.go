package tables

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
)

// Kind is how the values of a column are written.
type Kind int

const (
	// Auto takes the kind from the column (see Options.Kinds).
	Auto Kind = iota
	// Text writes strings as they are ("" and "NaN" are missing).
	Text
	// CountKind writes whole numbers with thousands separators (Count).
	CountKind
	// MeasureKind writes numbers to Options.Digits significant digits
	// (Measure).
	MeasureKind
	// PercentKind writes fractions as percentages (Percent).
	PercentKind
	// DurationKind writes seconds in the unit that reads best (Duration).
	DurationKind
	// DateKind writes Unix times as dates (Date, Options.Location).
	DateKind
	// OffsetKind writes seconds from a log's start as a duration from it
	// ("day 12.3" reads as Duration: "12.3 days").
	OffsetKind
	// BoolKind writes booleans as "yes" and "no".
	BoolKind
	// IDKind writes whole numbers that name things (a job, a user, a
	// queue) as plain digits, without thousands separators; a negative
	// one (the SWF's −1: not recorded) is missing.
	IDKind
)

// Options controls Format. The zero value writes measures to 4
// significant digits, splits frames of more than 12 columns, and notes
// missing values as "not available".
type Options struct {
	// Digits is the significant digits of measures; zero means 4.
	Digits int
	// Kinds gives the kind of named columns; the others are Auto: an int
	// or whole float column named as an identifier (job_id, user, group,
	// app, queue, partition, prev_job, status, or ending in _id) holds
	// identifiers, another int column is a count, a float column whose values are all whole is a
	// count too, a float column named like a point in time (start, end,
	// begin, first, last, submit, or ending in _time) holds dates when its
	// values are Unix times (from 1980), and start, end, begin and submit
	// seconds from the log's start otherwise; a bool column is yes/no, a
	// string column text, and any other float column measures.
	Kinds map[string]Kind
	// Location is the time zone of dates; nil means UTC.
	Location *time.Location
	// Missing says why a value can be missing in this frame, for the note
	// under a table with one; "" means "not available or not defined".
	Missing string
}

// Table is a frame written for people: its header, its rows of cells,
// which columns align right (numbers), and notes to print under it.
type Table struct {
	Header []string
	// Kinds are the columns' kinds (never Auto).
	Kinds []Kind
	Rows  [][]string
	Right []bool
	Notes []string
}

// Part returns the columns cols of t (indices into Header), its notes
// kept.
func (t Table) Part(cols []int) Table {
	p := Table{Notes: t.Notes}
	for _, c := range cols {
		p.Header, p.Kinds, p.Right = append(p.Header, t.Header[c]), append(p.Kinds, t.Kinds[c]), append(p.Right, t.Right[c])
	}
	for _, r := range t.Rows {
		row := make([]string, len(cols))
		for i, c := range cols {
			row[i] = r[c]
		}
		p.Rows = append(p.Rows, row)
	}
	return p
}

// maxTextWidth is the most characters Parts counts for a text column:
// its cells wrap.
const maxTextWidth = 20

// Parts splits t into parts of at most maxCols columns and maxWidth
// characters (a column is as wide as its longest cell or name, a text
// column at most maxTextWidth, plus 3 for the gaps; maxWidth ≤ 0: no
// bound), each starting with t's text columns
// (its row labels, within half the bounds), so that a frame wider than a
// page reads as several tables. A column wider than maxWidth is a part of
// its own (with the labels). maxCols ≤ 0 bounds nothing.
func (t Table) Parts(maxCols, maxWidth int) []Table {
	if maxCols <= 0 {
		maxCols = len(t.Header)
	}
	if maxWidth <= 0 {
		maxWidth = math.MaxInt
	}
	width := make([]int, len(t.Header))
	total := 0
	for c, h := range t.Header {
		width[c] = utf8.RuneCountInString(h)
		for _, r := range t.Rows {
			width[c] = max(width[c], utf8.RuneCountInString(r[c]))
		}
		if t.Kinds[c] == Text {
			width[c] = min(width[c], maxTextWidth) // text wraps
		}
		width[c] += 3
		total += width[c]
	}
	if len(t.Header) <= maxCols && total <= maxWidth {
		return []Table{t}
	}
	// The labels: text columns, wherever they are, within half the bounds.
	var keys, rest []int
	keyWidth := 0
	for c := range t.Header {
		if t.Kinds[c] == Text && len(keys) < maxCols/2 && keyWidth+width[c] <= maxWidth/2 {
			keys = append(keys, c)
			keyWidth += width[c]
			continue
		}
		rest = append(rest, c)
	}
	// As few parts as the bounds allow, as even as they can be.
	k := len(split(rest, width, len(keys), keyWidth, maxCols, maxWidth, 0))
	var parts []Table
	for _, cols := range split(rest, width, len(keys), keyWidth, maxCols, maxWidth, k) {
		parts = append(parts, t.Part(append(slices.Clone(keys), cols...)))
	}
	return parts
}

// Transposed returns t with its columns as rows, for a frame of a few
// rows and many columns: a first column "column" holding t's column
// names, then a column per row of t, named by the row's cells in the text
// columns that differ between rows ("conventional", "KTH-SP2, fluid"), or
// "row i" (from 1) when no text tells the rows apart. The text columns
// that name the rows are left out of the rows; t's notes are kept.
func (t Table) Transposed() Table {
	var naming []int
	for c, k := range t.Kinds {
		if k != Text {
			continue
		}
		for _, r := range t.Rows {
			if r[c] != t.Rows[0][c] {
				naming = append(naming, c)
				break
			}
		}
	}
	names := make([]string, len(t.Rows))
	seen := map[string]bool{}
	for i, r := range t.Rows {
		var parts []string
		for _, c := range naming {
			parts = append(parts, r[c])
		}
		names[i] = strings.Join(parts, ", ")
		if names[i] == "" || seen[names[i]] {
			naming = nil
			break
		}
		seen[names[i]] = true
	}
	if naming == nil {
		for i := range names {
			names[i] = fmt.Sprintf("row %d", i+1)
		}
	}
	out := Table{Header: append([]string{"column"}, names...), Notes: t.Notes}
	out.Kinds = append([]Kind{Text}, slices.Repeat([]Kind{MeasureKind}, len(names))...)
	out.Right = append([]bool{false}, slices.Repeat([]bool{true}, len(names))...)
	for c, h := range t.Header {
		if slices.Contains(naming, c) {
			continue
		}
		row := []string{h}
		for _, r := range t.Rows {
			row = append(row, r[c])
		}
		out.Rows = append(out.Rows, row)
	}
	return out
}

// split cuts the columns rest (of the given widths) into parts that fit,
// with the label columns (keyCols of them, keyWidth wide), in maxCols
// columns and maxWidth characters; with parts > 1, each part also stops
// at its share of the columns and of the width still to place.
func split(rest, width []int, keyCols, keyWidth, maxCols, maxWidth, parts int) [][]int {
	leftW := 0
	for _, c := range rest {
		leftW += width[c]
	}
	var out [][]int
	for i := 0; i < len(rest); {
		share, shareW := len(rest), leftW
		if left := parts - len(out); left > 1 {
			share, shareW = (len(rest)-i+left-1)/left, leftW/left
		}
		var cols []int
		w := 0
		for ; i < len(rest); i++ {
			c := rest[i]
			if len(cols) > 0 && (keyCols+len(cols) >= maxCols || keyWidth+w+width[c] > maxWidth ||
				len(cols) >= share || w+width[c]/2 > shareW) {
				break
			}
			cols, w = append(cols, c), w+width[c]
		}
		leftW -= w
		out = append(out, cols)
	}
	return out
}

// Format writes the rows of df (all of them, or those of rows when not
// nil) as a Table, each column by its kind (Options.Kinds). It returns
// df.Err.
func Format(df dataframe.DataFrame, rows []int, o Options) (Table, error) {
	if df.Err != nil {
		return Table{}, df.Err
	}
	if rows == nil {
		rows = make([]int, df.Nrow())
		for i := range rows {
			rows[i] = i
		}
	}
	digits := o.Digits
	if digits <= 0 {
		digits = 4
	}
	names := df.Names()
	t := Table{Header: names, Kinds: make([]Kind, len(names)), Right: make([]bool, len(names)), Rows: make([][]string, len(rows))}
	for i := range t.Rows {
		t.Rows[i] = make([]string, len(names))
	}
	missing := false
	for c, name := range names {
		col := df.Col(name)
		k := o.Kinds[name]
		if k == Auto {
			k = kindOf(name, col)
		}
		t.Kinds[c] = k
		t.Right[c] = k != Text && k != BoolKind
		var fs []float64
		if col.Type() == series.Float || col.Type() == series.Int {
			fs = col.Float()
		}
		var ss []string
		if fs == nil {
			ss = col.Records()
		}
		for i, r := range rows {
			var cell string
			switch {
			case fs != nil:
				cell = formatNumber(fs[r], k, digits, o.Location)
			case k == BoolKind:
				cell = map[string]string{"true": "yes", "false": "no"}[ss[r]]
			default:
				cell = ss[r]
			}
			if cell == "" || cell == "NaN" {
				cell = Missing
			}
			if cell == Missing {
				missing = true
			}
			t.Rows[i][c] = cell
		}
	}
	if missing {
		why := o.Missing
		if why == "" {
			why = "not available or not defined"
		}
		t.Notes = append(t.Notes, Missing+" "+why)
	}
	return t, nil
}

// formatNumber writes x as kind k.
func formatNumber(x float64, k Kind, digits int, loc *time.Location) string {
	if math.IsNaN(x) {
		return Missing
	}
	switch k {
	case CountKind:
		if x != math.Trunc(x) || math.Abs(x) >= 1e15 {
			return Measure(x, digits)
		}
		return Count(int(x))
	case PercentKind:
		return Percent(x)
	case DurationKind:
		return Duration(x)
	case DateKind:
		return Date(x, loc)
	case OffsetKind:
		return Duration(x)
	case BoolKind:
		return map[bool]string{true: "yes", false: "no"}[x != 0]
	case IDKind:
		if x < 0 {
			return Missing
		}
		if x == math.Trunc(x) && x < 1e15 {
			return strconv.FormatFloat(x, 'f', 0, 64)
		}
	}
	return Measure(x, digits)
}

// timeNames are the names of columns that hold points in time: Unix
// times, or (secondNames) seconds from the log's start, as the job
// frames' columns (DESIGN.md, "Frame conventions").
var (
	timeNames   = []string{"start", "end", "begin", "first", "last", "submit", "first_submit", "last_submit"}
	secondNames = []string{"start", "end", "begin", "submit"}
)

// idNames are the names of columns that hold identifiers: the job
// frames' (DESIGN.md, "Frame conventions"), with the SWF's −1 for "not
// recorded".
var idNames = []string{"job_id", "user", "group", "app", "queue", "partition", "prev_job", "status"}

// kindOf is a column's kind by its type, values and name (Options.Kinds).
func kindOf(name string, col series.Series) Kind {
	id := slices.Contains(idNames, name) || strings.HasSuffix(name, "_id")
	switch col.Type() {
	case series.String:
		return Text
	case series.Bool:
		return BoolKind
	case series.Int:
		if id {
			return IDKind
		}
		return CountKind
	}
	fs := col.Float()
	whole, finite := true, 0
	lo := math.Inf(1)
	for _, v := range fs {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			continue
		}
		finite++
		lo = math.Min(lo, v)
		if v != math.Trunc(v) || math.Abs(v) >= 1e15 {
			whole = false
		}
	}
	if slices.Contains(timeNames, name) || strings.HasSuffix(name, "_time") && name != "cpu_time" {
		if finite > 0 && lo >= unix1980 {
			return DateKind
		}
		if finite > 0 && lo >= 0 && slices.Contains(secondNames, name) {
			return OffsetKind
		}
	}
	if finite > 0 && whole {
		if id {
			return IDKind
		}
		return CountKind
	}
	return MeasureKind
}

// unix1980 is 1980-01-01 in Unix time: a time column from it on holds
// Unix times, not offsets within a log (no log is 10 years long).
const unix1980 = 315532800

// String writes t as aligned text: the header, a rule, the rows, the notes.
func (t Table) String() string {
	width := make([]int, len(t.Header))
	for c, h := range t.Header {
		width[c] = len([]rune(h))
		for _, r := range t.Rows {
			width[c] = max(width[c], len([]rune(r[c])))
		}
	}
	var b strings.Builder
	line := func(cells []string) {
		for c, s := range cells {
			if c > 0 {
				b.WriteString("  ")
			}
			pad := strings.Repeat(" ", width[c]-len([]rune(s)))
			if t.Right[c] {
				b.WriteString(pad + s)
			} else {
				b.WriteString(s + pad)
			}
		}
		b.WriteString("\n")
	}
	line(t.Header)
	rule := make([]string, len(width))
	for c, w := range width {
		rule[c] = strings.Repeat("-", w)
	}
	line(rule)
	for _, r := range t.Rows {
		line(r)
	}
	for _, n := range t.Notes {
		fmt.Fprintln(&b, n)
	}
	return b.String()
}
