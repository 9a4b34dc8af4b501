package ledger

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
)

// Columns are the fields of an entry as they appear in frames, CSV and
// text, in order.
var Columns = []string{"paper", "item", "id", "statement", "paper_value", "our_value",
	"tolerance", "verdict", "reason", "section", "kind", "quote"}

func (e Entry) fields() []string {
	return []string{e.Paper, e.Item, e.ID, e.Statement, e.PaperValue, e.OurValue,
		e.Tolerance, string(e.Verdict), e.Reason, e.Section, string(e.Kind), e.Quote}
}

// Frame returns the entries as a Gota frame with the string Columns, in
// the ledger's order.
func Frame(entries []Entry) dataframe.DataFrame {
	cols := make([][]string, len(Columns))
	for _, e := range entries {
		for k, v := range e.fields() {
			cols[k] = append(cols[k], v)
		}
	}
	ss := make([]series.Series, len(Columns))
	for k, name := range Columns {
		ss[k] = series.New(cols[k], series.String, name)
	}
	return dataframe.New(ss...)
}

// Frame returns the ledger's entries as a Gota frame (see Frame).
func (l *Ledger) Frame() dataframe.DataFrame { return Frame(l.Entries()) }

// WriteCSV writes the entries with a header line of Columns.
func WriteCSV(w io.Writer, entries []Entry) error {
	cw := csv.NewWriter(w)
	if err := cw.Write(Columns); err != nil {
		return err
	}
	for _, e := range entries {
		if err := cw.Write(e.fields()); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// WriteJSON writes the entries as an indented JSON array.
func WriteJSON(w io.Writer, entries []Entry) error {
	if entries == nil {
		entries = []Entry{}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(entries)
}

// ReadJSON reads entries written by WriteJSON.
func ReadJSON(r io.Reader) ([]Entry, error) {
	var entries []Entry
	if err := json.NewDecoder(r).Decode(&entries); err != nil {
		return nil, fmt.Errorf("ledger: reading JSON: %w", err)
	}
	return entries, nil
}

// WriteText writes the entries as an aligned text table (item, id, kind,
// paper value, ours, tolerance, verdict, reason) followed by the counts by
// kind (Summarize).
func WriteText(w io.Writer, entries []Entry) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "paper\titem\tid\tkind\tpaper value\tours\ttolerance\tverdict\treason")
	for _, e := range entries {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", e.Paper, e.Item, e.ID, e.Kind,
			clip(e.PaperValue, 24), clip(e.OurValue, 40), e.Tolerance, VerdictText(e), clip(reasonText(e), 80))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	_, err := fmt.Fprintln(w, Summarize(entries))
	return err
}

// VerdictText is the verdict of e as the outputs show it: "agrees, not
// discriminating" for an agreement marked NotDiscriminating, "agrees,
// untested" for one marked Untested (either followed by ", tested with
// power" when it is marked Powered), "differs,
// unexplained" for a difference without a reason (Entry.Unexplained), with "(check)" or
// "(ours)" after an entry of those kinds.
func VerdictText(e Entry) string {
	v := string(e.Verdict)
	switch {
	case e.Verdict == Agrees && e.NotDiscriminating:
		v += ", not discriminating"
	case e.Verdict == Agrees && e.Untested:
		v += ", untested"
	case e.Unexplained():
		v += ", unexplained"
	}
	if e.Verdict == Agrees && e.Powered {
		v += ", tested with power"
	}
	switch e.Kind {
	case SelfCheck:
		v += " (check)"
	case Ours:
		v += " (ours)"
	}
	if e.MainClaim {
		v += " (main)"
	}
	return v
}

// reasonText is the reason of e, or for a check its basis, with how a
// difference's reason was found in front ("[best of 24 readings
// measured] …").
func reasonText(e Entry) string {
	reason := e.Reason
	if e.Found != nil && reason != "" {
		reason = "[" + e.Found.String() + "] " + reason
	}
	if e.Kind == SelfCheck && e.Basis != "" {
		if reason == "" {
			return "checks: " + e.Basis
		}
		return "checks: " + e.Basis + "; " + reason
	}
	return reason
}

// clip shortens s to n runes with an ellipsis, and keeps it on one line.
func clip(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}

// markdownCell escapes a value for a Markdown table cell.
func markdownCell(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	s = strings.ReplaceAll(s, "|", `\|`)
	if s == "" {
		return " "
	}
	return s
}

// WriteMarkdown writes the entries as a Markdown table: item, id,
// statement, paper value, ours, tolerance, verdict (VerdictText), reason
// (or a check's basis).
func WriteMarkdown(w io.Writer, entries []Entry) error {
	rows := make([][]string, len(entries))
	for i, e := range entries {
		rows[i] = []string{e.Item, "`" + e.ID + "`", e.Statement, e.PaperValue, e.OurValue, e.Tolerance, VerdictText(e), reasonText(e)}
	}
	return writeMarkdownTable(w, []string{"item", "id", "statement", "paper", "ours", "tolerance", "verdict", "reason"}, rows)
}

// WriteItems writes a paper's items with their computed statuses (Paper.
// Statuses) as a Markdown table: item, what it shows, status, the entries
// counted, notebook section, note.
func WriteItems(w io.Writer, items []ItemStatus) error {
	rows := make([][]string, len(items))
	for i, it := range items {
		rows[i] = []string{it.Name, it.Title, string(it.Status), it.Counted, it.Section, it.Note}
	}
	return writeMarkdownTable(w, []string{"item", "shows", "status", "entries", "notebook section", "note"}, rows)
}

// WriteDiscrimination writes the rows of Discrimination as a Markdown
// table: table, column, logs, agreeing cells, how many of them would
// also agree with another log's paper value or hold it in their tolerance,
// and how many are tested with power (PowerRule).
func WriteDiscrimination(w io.Writer, rows []DiscriminationRow) error {
	cells := make([][]string, len(rows))
	for i, r := range rows {
		cells[i] = []string{r.Table, r.Column, strconv.Itoa(r.Rows), strconv.Itoa(r.Agreeing), strconv.Itoa(r.Ambiguous), strconv.Itoa(r.Powered)}
	}
	return writeMarkdownTable(w, []string{"table", "column", "logs", "agreeing", "would also agree with another log, or hold its value",
		"tested with power"}, cells)
}

// writeMarkdownTable writes a Markdown table of the header and rows, each
// cell escaped (markdownCell).
func writeMarkdownTable(w io.Writer, header []string, rows [][]string) error {
	var b strings.Builder
	line := func(cells []string) {
		for _, c := range cells {
			b.WriteString("| " + markdownCell(c) + " ")
		}
		b.WriteString("|\n")
	}
	line(header)
	b.WriteString(strings.Repeat("|---", len(header)) + "|\n")
	for _, r := range rows {
		line(r)
	}
	_, err := io.WriteString(w, b.String())
	return err
}
