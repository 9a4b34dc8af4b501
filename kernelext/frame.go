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
	// MaxColumns and MaxWidth split the plain-text form of a frame of more
	// columns or wider (characters, tables.Table.Parts) into parts that
	// repeat its leading label columns; zero means 12 columns and 120
	// characters (a text page), negative never splits. The HTML form in a
	// notebook is always one table, which scrolls sideways when it is
	// wider than the page.
	MaxColumns, MaxWidth int
	// Collapsed shows the table in a notebook inside a
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
// as "—" (with Missing's reason in a note). In a notebook the HTML form is
// one table, scrolling sideways when wider than the page; the plain-text
// form (and the text outside a notebook) of a frame of more than
// MaxColumns columns or wider than MaxWidth is several tables, each
// repeating the label columns. A frame of a few rows that would split into
// more than two parts shows, in both forms, with its columns as rows
// (tables.Table.Transposed). It returns df.Err when the frame carries an
// error.
func Frame(df dataframe.DataFrame, opts FrameOptions) error {
	if df.Err != nil {
		return fmt.Errorf("kernelext: frame has an error: %w", df.Err)
	}
	whole, parts, err := frameTables(df, opts)
	if err != nil {
		return fmt.Errorf("kernelext: %w", err)
	}
	if !out.notebook {
		_, err := fmt.Fprint(out.text, partsText(parts))
		return err
	}
	h := whole.html()
	if opts.Collapsed {
		h = "<details><summary>" + html.EscapeString(whole.caption) + "</summary>\n" + h + "</details>"
	}
	return display(&protocol.DisplayData{Data: map[protocol.MIMEType]any{
		protocol.MIMETextHTML:  h,
		protocol.MIMETextPlain: partsText(parts),
	}})
}

// partsText is the plain-text form of the parts of a table, one after
// another.
func partsText(ts []table) string {
	var b strings.Builder
	for _, t := range ts {
		b.WriteString(t.text())
	}
	return b.String()
}

// Table displays a small table of strings, with the given header, as HTML in
// a notebook or as aligned text outside one. A column whose cells are all
// numbers (or empty) is right-aligned: numbers as strconv and package tables
// write them ("-8224", "12,140", "−0.25", "64%", "2.2e-14", "—" for a
// missing one) and intervals of two ("[0.101, 0.132]"). Rows shorter than
// the header are padded with empty cells; longer rows are an error.
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
			if !numeric(r[j]) {
				t.right[j] = false
				break
			}
		}
	}
	return show(t)
}

// numeric reports whether a cell reads as a number to be right-aligned:
// empty, missing (tables.Missing), a number as strconv or package tables
// writes it (with "−" or "-", grouped digits, a trailing "%", "∞", NaN,
// ±Inf) or an interval "[a, b]" of two such numbers.
func numeric(s string) bool {
	s = strings.TrimSpace(s)
	if lo, hi, ok := strings.Cut(strings.TrimSuffix(strings.TrimPrefix(s, "["), "]"), ", "); ok &&
		strings.HasPrefix(s, "[") && strings.HasSuffix(s, "]") {
		return number(lo) && number(hi)
	}
	return s == "" || number(s)
}

// number reports whether s is one number as numeric describes.
func number(s string) bool {
	s = strings.TrimSpace(s)
	if s == tables.Missing {
		return true
	}
	s = strings.TrimSuffix(s, "%")
	s = strings.TrimPrefix(strings.TrimPrefix(strings.TrimPrefix(s, "−"), "-"), "+")
	if s == "∞" {
		return true
	}
	// Thousands separators: groups of three digits after the first comma.
	if first, rest, ok := strings.Cut(s, ","); ok {
		if first == "" || len(first) > 3 || strings.Trim(first, "0123456789") != "" {
			return false
		}
		whole, frac, _ := strings.Cut(rest, ".")
		for g := range strings.SplitSeq(whole, ",") {
			if len(g) != 3 || strings.Trim(g, "0123456789") != "" {
				return false
			}
		}
		s = first + strings.ReplaceAll(whole, ",", "")
		if frac != "" || strings.Contains(rest, ".") {
			s += "." + frac
		}
	}
	_, err := strconv.ParseFloat(s, 64)
	return err == nil
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

// frameTables returns the frame as one table (the HTML form) and as the
// parts of its plain-text form; both are the transposed table when a
// frame of a few rows would split into more than two parts.
func frameTables(df dataframe.DataFrame, opts FrameOptions) (whole table, parts []table, err error) {
	head, tail, digits := opts.Head, opts.Tail, opts.Digits
	if head < 0 || tail < 0 || digits < 0 {
		return table{}, nil, fmt.Errorf("kernelext: FrameOptions Head %d, Tail %d, Digits %d: negative", head, tail, digits)
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
			return table{}, nil, small.Err
		}
		for k := range idx {
			row := make([]string, len(names))
			for j := range names {
				row[j] = cellText(small.Col(names[j]).Elem(k), types[j], -1)
			}
			all.Rows = append(all.Rows, row)
		}
	} else {
		if all, err = tables.Format(df, idx, tables.Options{Digits: digits, Kinds: opts.Kinds, Missing: opts.Missing}); err != nil {
			return table{}, nil, err
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
	split := all.Parts(maxCols, maxWidth)
	// A few rows of many columns read better down the page.
	if len(split) > 2 && gap < 0 && len(idx) <= maxTransposed {
		if tr := all.Transposed(); len(tr.Parts(maxCols, maxWidth)) == 1 {
			t := table{header: tr.Header, right: tr.Right, gap: -1, rows: tr.Rows, notes: tr.Notes,
				caption: caption + ", columns as rows"}
			return t, []table{t}, nil
		}
	}
	part := func(p tables.Table) table {
		t := table{header: p.Header, right: p.Right, gap: gap, rows: p.Rows, caption: caption}
		for _, h := range p.Header {
			t.types = append(t.types, string(types[slices.Index(names, h)]))
		}
		for _, i := range idx {
			t.rowLabels = append(t.rowLabels, strconv.Itoa(i))
		}
		return t
	}
	whole = part(all.Part(labelsFirst(all.Header, split)))
	whole.notes = all.Notes
	for k, p := range split {
		t := part(p)
		if len(split) > 1 {
			t.caption = fmt.Sprintf("%s (part %d of %d)", caption, k+1, len(split))
		}
		if k == len(split)-1 {
			t.notes = p.Notes
		}
		parts = append(parts, t)
	}
	return whole, parts, nil
}

// labelsFirst returns the columns of header (indices) with the label
// columns that every part repeats first, in the order the parts show
// them, then the others in header's order: the one HTML table shows its
// columns as its text parts do.
func labelsFirst(header []string, parts []tables.Table) []int {
	var cols []int
	if len(parts) > 1 {
		for _, h := range parts[0].Header {
			every := true
			for _, p := range parts[1:] {
				every = every && slices.Contains(p.Header, h)
			}
			if every {
				cols = append(cols, slices.Index(header, h))
			}
		}
	}
	for c := range header {
		if !slices.Contains(cols, c) {
			cols = append(cols, c)
		}
	}
	return cols
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
	b.WriteString(`<div class="tracelab-table" style="overflow-x:auto"><table style="` + tableStyle + `">`)
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
	style := t.cellStyles()
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
			b.WriteString(`<td style="` + style[j] + `">` + html.EscapeString(c) + "</td>")
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

// wrapText is the length (characters) from which a column of text wraps
// in HTML; see cellStyles.
const wrapText = 32

// cellStyles are the HTML styles of the cells of each column: numbers
// right-aligned and never broken; text left-aligned, kept on one line when
// no cell of its column is longer than wrapText, else wrapped at least
// 16em wide, so that a table wider than the page scrolls instead of
// squeezing its labels to a word a line.
func (t table) cellStyles() []string {
	style := make([]string, len(t.header))
	for j := range t.header {
		if t.right[j] {
			style[j] = "text-align:right;white-space:nowrap"
			continue
		}
		long := false
		for _, r := range t.rows {
			long = long || utf8.RuneCountInString(r[j]) > wrapText
		}
		style[j] = "text-align:left;white-space:nowrap"
		if long {
			style[j] = "text-align:left;min-width:16em"
		}
	}
	return style
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
