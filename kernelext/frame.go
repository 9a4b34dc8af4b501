package kernelext

import (
	"cmp"
	"fmt"
	"html"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
	"github.com/janpfeifer/gonb/gonbui/protocol"
	"github.com/tracelab/tracelab/tables"
)

// FrameOptions controls Frame. The zero value shows the first 5 and the last
// 5 rows, each column written by its kind as package tables writes it
// (measures to 4 significant digits); a zero field takes its default and a
// negative one is an error.
type FrameOptions struct {
	// Head and Tail are how many rows to show from the top and the bottom;
	// zero means 5. When Head+Tail covers the frame, every row is shown.
	Head, Tail int
	// NoHead and NoTail show no row from the top or from the bottom.
	NoHead, NoTail bool
	// All shows every row, whatever Head and Tail say.
	All bool
	// Title is printed above the table, before the row and column counts.
	Title string
	// Digits is the number of significant digits of measures; zero means
	// 4.
	Digits int
	// Exact prints float cells in the shortest representation that reads
	// back exactly (Digits and the kinds of columns are then ignored).
	Exact bool
	// Kinds gives the kind of named columns (tables.Options.Kinds); the
	// others are taken from their type, values and name.
	Kinds map[string]tables.Kind
	// Missing says why a cell may be missing ("—"), for the note under the
	// table (tables.Options.Missing).
	Missing string
	// Notes are printed under the table.
	Notes []string
	// MaxColumns and MaxWidth split a frame of more columns or wider
	// (characters, tables.Table.Parts) into parts that repeat its leading
	// label columns; zero means 12 columns and 120 characters (a notebook
	// page), negative never splits.
	MaxColumns, MaxWidth int
	// Collapsed shows the table (all its parts) in a notebook inside a
	// collapsed <details> element whose summary line is its caption: for
	// a secondary table a reader opens on demand (outside a notebook it
	// prints as usual).
	Collapsed bool
}

// Frame displays df as an HTML table in a notebook, or as an aligned text
// table outside one: a caption with the title and the numbers of rows and
// columns, the column names and types, then the head and tail rows (with
// their row numbers, from 0) separated by "…", and notes. Cells are
// written by package tables: counts with thousands separators, measures to
// Digits significant digits, dates and durations in words, missing cells
// as "—" (with Missing's reason in a note). A frame of more than
// MaxColumns columns or wider than MaxWidth shows as several tables, or,
// when it has a few rows only, with its columns as rows
// (tables.Table.Transposed). It returns df.Err when the frame carries an
// error.
func Frame(df dataframe.DataFrame, opts FrameOptions) error {
	if df.Err != nil {
		return fmt.Errorf("kernelext: frame has an error: %w", df.Err)
	}
	ts, err := frameTables(df, opts)
	if err != nil {
		return fmt.Errorf("kernelext: %w", err)
	}
	if opts.Collapsed && out.notebook && len(ts) > 0 {
		return display(&protocol.DisplayData{Data: map[protocol.MIMEType]any{
			protocol.MIMETextHTML:  collapsedHTML(ts),
			protocol.MIMETextPlain: collapsedText(ts),
		}})
	}
	for _, t := range ts {
		if err := show(t); err != nil {
			return err
		}
	}
	return nil
}

// collapsedHTML is the tables inside one collapsed <details> element,
// summarised by the first table's caption without its part number.
func collapsedHTML(ts []table) string {
	summary := ts[0].caption
	if i := strings.LastIndex(summary, " (part "); i >= 0 {
		summary = summary[:i]
	}
	var b strings.Builder
	b.WriteString("<details><summary>" + html.EscapeString(summary) + "</summary>\n")
	for _, t := range ts {
		b.WriteString(t.html())
	}
	b.WriteString("</details>")
	return b.String()
}

// collapsedText is the plain-text form of the tables, one after another.
func collapsedText(ts []table) string {
	var b strings.Builder
	for _, t := range ts {
		b.WriteString(t.text())
	}
	return b.String()
}

// Table displays a small table of strings, with the given header, as HTML in
// a notebook or as aligned text outside one. Cells that parse as numbers are
// right-aligned. Rows shorter than the header are padded with empty cells;
// longer rows are an error.
func Table(title string, header []string, rows [][]string) error {
	t := table{caption: title, header: header, gap: -1}
	for i, r := range rows {
		if len(r) > len(header) {
			return fmt.Errorf("kernelext: table row %d has %d cells, the header %d", i, len(r), len(header))
		}
		row := make([]string, len(header))
		copy(row, r)
		t.rows = append(t.rows, row)
	}
	t.right = make([]bool, len(header))
	for j := range header {
		t.right[j] = true
		for _, r := range t.rows {
			if _, err := strconv.ParseFloat(strings.TrimSpace(r[j]), 64); r[j] != "" && err != nil {
				t.right[j] = false
				break
			}
		}
	}
	return show(t)
}

// table is what Frame and Table render.
type table struct {
	caption   string
	notes     []string
	header    []string
	types     []string // may be nil
	rowLabels []string // may be nil
	rows      [][]string
	right     []bool // right-align column
	gap       int    // rows[gap] is preceded by an ellipsis row; -1 for none
}

func show(t table) error {
	if out.notebook {
		return display(&protocol.DisplayData{Data: map[protocol.MIMEType]any{
			protocol.MIMETextHTML:  t.html(),
			protocol.MIMETextPlain: t.text(),
		}})
	}
	_, err := fmt.Fprint(out.text, t.text())
	return err
}

func frameTables(df dataframe.DataFrame, opts FrameOptions) ([]table, error) {
	head, tail, digits := opts.Head, opts.Tail, opts.Digits
	if head < 0 || tail < 0 || digits < 0 {
		return nil, fmt.Errorf("kernelext: FrameOptions Head %d, Tail %d, Digits %d: negative", head, tail, digits)
	}
	head, tail, digits = cmp.Or(head, 5), cmp.Or(tail, 5), cmp.Or(digits, 4)
	if opts.NoHead {
		head = 0
	}
	if opts.NoTail {
		tail = 0
	}
	n := df.Nrow()
	idx := []int{}
	gap := -1
	if opts.All || head+tail >= n {
		for i := range n {
			idx = append(idx, i)
		}
	} else {
		for i := range head {
			idx = append(idx, i)
		}
		gap = len(idx)
		for i := n - tail; i < n; i++ {
			idx = append(idx, i)
		}
	}
	names := df.Names()
	types := df.Types()
	caption := fmt.Sprintf("%s rows × %d columns", tables.Count(n), len(names))
	if opts.Title != "" {
		caption = opts.Title + ": " + caption
	}
	var all tables.Table
	if opts.Exact {
		all = tables.Table{Header: names, Kinds: make([]tables.Kind, len(names)), Right: make([]bool, len(names))}
		for j, ty := range types {
			all.Right[j] = ty == series.Float || ty == series.Int
			all.Kinds[j] = tables.MeasureKind
			if ty == series.String {
				all.Kinds[j] = tables.Text
			}
		}
		small := df.Subset(idx)
		if small.Err != nil {
			return nil, small.Err
		}
		for k := range idx {
			row := make([]string, len(names))
			for j := range names {
				row[j] = cellText(small.Col(names[j]).Elem(k), types[j], -1)
			}
			all.Rows = append(all.Rows, row)
		}
	} else {
		var err error
		if all, err = tables.Format(df, idx, tables.Options{Digits: digits, Kinds: opts.Kinds, Missing: opts.Missing}); err != nil {
			return nil, err
		}
	}
	all.Notes = append(all.Notes, opts.Notes...)
	maxCols, maxWidth := opts.MaxColumns, opts.MaxWidth
	if maxCols == 0 {
		maxCols = 12
	}
	if maxWidth == 0 {
		maxWidth = 120
	}
	parts := all.Parts(maxCols, maxWidth)
	// A few rows of many columns read better down the page.
	if len(parts) > 2 && gap < 0 && len(idx) <= maxTransposed {
		if tr := all.Transposed(); len(tr.Parts(maxCols, maxWidth)) == 1 {
			return []table{{header: tr.Header, right: tr.Right, gap: -1, rows: tr.Rows, notes: tr.Notes,
				caption: caption + ", columns as rows"}}, nil
		}
	}
	var out []table
	for p, part := range parts {
		t := table{header: part.Header, right: part.Right, gap: gap, rows: part.Rows, caption: caption}
		if len(parts) > 1 {
			t.caption = fmt.Sprintf("%s (part %d of %d)", caption, p+1, len(parts))
		}
		for _, h := range part.Header {
			t.types = append(t.types, string(types[slices.Index(names, h)]))
		}
		for _, i := range idx {
			t.rowLabels = append(t.rowLabels, strconv.Itoa(i))
		}
		if p == len(parts)-1 {
			t.notes = part.Notes
		}
		out = append(out, t)
	}
	return out, nil
}

// maxTransposed is the most rows of a frame that Frame shows with its
// columns as rows when it would otherwise split into more than two parts.
const maxTransposed = 8

func cellText(e series.Element, ty series.Type, digits int) string {
	if e.IsNA() {
		return "NaN"
	}
	switch ty {
	case series.Float:
		return FormatFloat(e.Float(), digits)
	case series.Int:
		v, err := e.Int()
		if err != nil {
			return "NaN"
		}
		return strconv.Itoa(v)
	}
	return e.String()
}

// FormatFloat formats x for a table: integers (below 1e15) without a
// fraction or exponent, other values with digits significant digits
// (negative: the shortest exact form), in fixed notation between 1e-4 and
// 1e15 and in exponent notation outside; NaN and ±Inf as NaN, +Inf, -Inf.
func FormatFloat(x float64, digits int) string {
	switch {
	case math.IsNaN(x):
		return "NaN"
	case math.IsInf(x, 1):
		return "+Inf"
	case math.IsInf(x, -1):
		return "-Inf"
	}
	a := math.Abs(x)
	if x == math.Trunc(x) && a < 1e15 {
		return strconv.FormatFloat(x, 'f', 0, 64)
	}
	if digits < 0 {
		digits = -1
	}
	s := strconv.FormatFloat(x, 'g', digits, 64)
	if a >= 1e-4 && a < 1e15 && strings.Contains(s, "e") {
		// 'g' chose an exponent because the value has more integer digits
		// than significant ones: round to an integer instead.
		return strconv.FormatFloat(math.Round(x), 'f', 0, 64)
	}
	return s
}

const tableStyle = `border-collapse:collapse;font-size:smaller;font-variant-numeric:tabular-nums`

func (t table) html() string {
	var b strings.Builder
	b.WriteString(`<div class="tracelab-table"><table style="` + tableStyle + `">`)
	if t.caption != "" {
		b.WriteString(`<caption style="text-align:left;font-weight:bold">` + html.EscapeString(t.caption) + `</caption>`)
	}
	b.WriteString("<thead><tr>")
	if t.rowLabels != nil {
		b.WriteString("<th></th>")
	}
	for _, h := range t.header {
		b.WriteString(`<th style="text-align:center">` + html.EscapeString(h) + "</th>")
	}
	b.WriteString("</tr>")
	if t.types != nil {
		b.WriteString(`<tr style="color:gray;font-style:italic">`)
		if t.rowLabels != nil {
			b.WriteString("<th></th>")
		}
		for _, ty := range t.types {
			b.WriteString(`<td style="text-align:center">` + html.EscapeString(ty) + "</td>")
		}
		b.WriteString("</tr>")
	}
	b.WriteString("</thead><tbody>")
	for i, r := range t.rows {
		if i == t.gap {
			b.WriteString("<tr>")
			if t.rowLabels != nil {
				b.WriteString("<th>⋮</th>")
			}
			for range r {
				b.WriteString(`<td style="text-align:center">⋮</td>`)
			}
			b.WriteString("</tr>")
		}
		b.WriteString("<tr>")
		if t.rowLabels != nil {
			b.WriteString(`<th style="text-align:right">` + html.EscapeString(t.rowLabels[i]) + "</th>")
		}
		for j, c := range r {
			align := "left"
			if t.right[j] {
				align = "right"
			}
			b.WriteString(`<td style="text-align:` + align + `">` + html.EscapeString(c) + "</td>")
		}
		b.WriteString("</tr>")
	}
	if t.gap == len(t.rows) && t.gap >= 0 {
		b.WriteString(`<tr><td colspan="` + strconv.Itoa(len(t.header)+1) + `">⋮</td></tr>`)
	}
	b.WriteString("</tbody></table>")
	for _, n := range t.notes {
		b.WriteString(`<div style="font-size:smaller;color:#555">` + html.EscapeString(n) + "</div>")
	}
	b.WriteString("</div>")
	return b.String()
}

func (t table) text() string {
	ncol := len(t.header)
	lead := 0 // width of the row-label column
	for _, l := range t.rowLabels {
		lead = max(lead, utf8.RuneCountInString(l))
	}
	if t.gap >= 0 && t.rowLabels != nil {
		lead = max(lead, 3) // "..."
	}
	width := make([]int, ncol)
	for j, h := range t.header {
		width[j] = utf8.RuneCountInString(h)
		if t.gap >= 0 {
			width[j] = max(width[j], 3)
		}
		if t.types != nil {
			width[j] = max(width[j], utf8.RuneCountInString(t.types[j]))
		}
		for _, r := range t.rows {
			width[j] = max(width[j], utf8.RuneCountInString(r[j]))
		}
	}
	var b strings.Builder
	if t.caption != "" {
		b.WriteString(t.caption + "\n")
	}
	line := func(label string, cells []string, right func(j int) bool) {
		var l strings.Builder
		if t.rowLabels != nil {
			l.WriteString(pad(label, lead, false) + "  ")
		}
		for j, c := range cells {
			if j > 0 {
				l.WriteString("  ")
			}
			l.WriteString(pad(c, width[j], right(j)))
		}
		b.WriteString(strings.TrimRight(l.String(), " ") + "\n")
	}
	never := func(int) bool { return false }
	line("", t.header, never)
	if t.types != nil {
		line("", t.types, never)
	}
	dots := make([]string, ncol)
	for j := range dots {
		dots[j] = "..."
	}
	for i, r := range t.rows {
		if i == t.gap {
			line("...", dots, never)
		}
		line(labelAt(t.rowLabels, i), r, func(j int) bool { return t.right[j] })
	}
	if t.gap == len(t.rows) && t.gap >= 0 {
		line("...", dots, never)
	}
	for _, n := range t.notes {
		b.WriteString(n + "\n")
	}
	return b.String()
}

func labelAt(labels []string, i int) string {
	if labels == nil {
		return ""
	}
	return labels[i]
}

func pad(s string, w int, right bool) string {
	n := w - utf8.RuneCountInString(s)
	if n <= 0 {
		return s
	}
	if right {
		return strings.Repeat(" ", n) + s
	}
	return s + strings.Repeat(" ", n)
}
