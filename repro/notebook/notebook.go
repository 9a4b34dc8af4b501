package notebook

import (
	"fmt"
	"html"
	"os"
	"path"
	"path/filepath"
	"strings"
	"time"

	"github.com/tracelab/tracelab/kernelext"
	"github.com/tracelab/tracelab/repro/ledger"
	"github.com/tracelab/tracelab/repro/study"
)

// Store returns the store the cells record into: $TRACELAB_LEDGER_DIR, else
// tracelab-ledger in os.TempDir().
func Store() ledger.Store {
	if d := os.Getenv("TRACELAB_LEDGER_DIR"); d != "" {
		return ledger.Store{Dir: d}
	}
	return ledger.Store{Dir: filepath.Join(os.TempDir(), "tracelab-ledger")}
}

// Begin starts a run of p's notebook: it clears what earlier runs recorded
// and records how this run is made: its mode (study.FromEnv, as the
// notebook's Study) and the commit in $TRACELAB_COMMIT (set by the scripts).
func Begin(p ledger.Paper) error {
	return Store().Begin(p.Key, ledger.Run{Mode: study.FromEnv().Mode(),
		Commit: os.Getenv("TRACELAB_COMMIT"), Started: time.Now().UTC()})
}

// Claims shows the entries that results support (see ledger.Claimer),
// compactly (ClaimsHTML), and records them for Ledger.
func Claims(p ledger.Paper, results ...ledger.Claimer) error {
	l := ledger.NewFor(p)
	for _, r := range results {
		r.Claims(l)
	}
	es := l.Entries()
	if err := Store().Record(p.Key, es); err != nil {
		return err
	}
	if !kernelext.InNotebook() {
		fmt.Printf("The paper's claims: %s\n", ledger.Summarize(es))
		return ledger.WriteText(os.Stdout, es)
	}
	kernelext.HTML(ClaimsHTML(p, es))
	return nil
}

// openClaims is the number of claims up to which ClaimsHTML shows them
// all in the open.
const openClaims = 10

// ClaimsHTML is the compact display of one notebook section's entries:
// the computed status of each item they name (StatusHTML); the paper's
// claims with ours beside them — in the open when there are at most
// openClaims of them, else collapsed (DetailsHTML) below the main claims
// in the open; then the checks, collapsed, and the results of ours, in
// the open or collapsed as the claims.
func ClaimsHTML(p ledger.Paper, es []ledger.Entry) string {
	named := map[string]bool{}
	for _, e := range es {
		named[e.Item] = true
	}
	var items []ledger.ItemStatus
	for _, it := range p.Statuses(es) {
		if named[it.Name] {
			items = append(items, it)
		}
	}
	var b strings.Builder
	b.WriteString(StatusHTML("This section's items: "+ledger.Summarize(es).String(), items))
	claims := ledger.OfKind(es, ledger.PaperClaim)
	switch {
	case len(claims) == 0:
	case len(claims) <= openClaims:
		b.WriteString(EntriesHTML(fmt.Sprintf("The paper's claims (%d), ours beside the paper's", len(claims)), claims))
	default:
		var main []ledger.Entry
		for _, e := range claims {
			if e.MainClaim {
				main = append(main, e)
			}
		}
		if len(main) > 0 {
			b.WriteString(EntriesHTML("The main claims, ours beside the paper's", main))
		}
		b.WriteString(DetailsHTML(fmt.Sprintf("All %d of the paper's claims, ours beside the paper's", len(claims)), claims))
	}
	if c := ledger.OfKind(es, ledger.SelfCheck); len(c) > 0 {
		b.WriteString(DetailsHTML(fmt.Sprintf("Checks of our own configuration (%d; never counted as agreement)", len(c)), c))
	}
	switch o := ledger.OfKind(es, ledger.Ours); {
	case len(o) == 0:
	case len(o) <= openClaims:
		b.WriteString(EntriesHTML(fmt.Sprintf("Results of our own (%d)", len(o)), o))
	default:
		b.WriteString(DetailsHTML(fmt.Sprintf("Results of our own (%d)", len(o)), o))
	}
	return b.String()
}

// Ledger shows p's whole ledger as recorded by the cells of this run: its
// counts by kind, every item's computed status (StatusHTML) and every
// entry in a collapsed table (DetailsHTML); it returns the entries.
func Ledger(p ledger.Paper) ([]ledger.Entry, error) {
	es, err := Store().Read(p.Key)
	if err != nil {
		return nil, err
	}
	if len(es) == 0 {
		return nil, fmt.Errorf("notebook: no ledger entries recorded for %s in %s: run the notebook's cells first", p.Key, Store().Dir)
	}
	title := fmt.Sprintf("Ledger of %s: %s", p.Key, ledger.Summarize(es))
	if !kernelext.InNotebook() {
		fmt.Println(title)
		for _, s := range p.Statuses(es) {
			fmt.Printf("%s: %s (%s)\n", s.Name, s.Status, s.Counted)
		}
		return es, ledger.WriteText(os.Stdout, es)
	}
	kernelext.HTML(StatusHTML(title, p.Statuses(es)) + DetailsHTML(fmt.Sprintf("All %d entries", len(es)), es))
	return es, nil
}

// verdictStyle colours a verdict cell.
var verdictStyle = map[ledger.Verdict]string{
	ledger.Agrees:        "background:#e6f4ea",
	ledger.Differs:       "background:#fce8e6",
	ledger.NotComparable: "background:#f1f3f4",
}

// statusStyle colours a status cell.
var statusStyle = map[ledger.Status]string{
	ledger.Reproduced:                  "background:#e6f4ea",
	ledger.ReproducedNotDiscriminating: "background:#eef3e6",
	ledger.Partial:                     "background:#fef7e0",
	ledger.NotReproduced:               "background:#fce8e6",
	ledger.OursOnly:                    "background:#f1f3f4",
	ledger.ChecksOnly:                  "background:#f1f3f4",
	ledger.NothingToCompare:            "background:#f1f3f4",
	ledger.NoClaim:                     "background:#f1f3f4",
}

// StatusHTML is a compact HTML table of items with their computed statuses
// (ledger.Paper.Statuses): item, status, the counts behind it, notebook
// section, note.
func StatusHTML(title string, items []ledger.ItemStatus) string {
	var b strings.Builder
	fmt.Fprintf(&b, "<table><caption style=\"text-align:left\"><b>%s</b></caption>\n", html.EscapeString(title))
	b.WriteString("<tr><th>item</th><th>status</th><th>entries</th><th>section</th><th>note</th></tr>\n")
	for _, it := range items {
		fmt.Fprintf(&b, "<tr><td>%s</td><td style=\"%s\">%s</td><td style=\"text-align:left\">%s</td><td style=\"text-align:left\">%s</td><td style=\"text-align:left\">%s</td></tr>\n",
			html.EscapeString(it.Name), statusStyle[it.Status], it.Status, html.EscapeString(it.Counted),
			html.EscapeString(it.Section), html.EscapeString(it.Note))
	}
	b.WriteString("</table>")
	return b.String()
}

// SectionHTML is the compact status table (StatusHTML) of the items of p
// that notebook section shows (Item.Section), computed from entries (the
// paper's ledger, or what the cells recorded so far), with the section's
// claims counted in the caption; "" when no item is in the section.
func SectionHTML(p ledger.Paper, entries []ledger.Entry, section string) string {
	var items []ledger.ItemStatus
	names := map[string]bool{}
	for _, it := range p.Statuses(entries) {
		if it.Section == section {
			items = append(items, it)
			names[it.Name] = true
		}
	}
	if len(items) == 0 {
		return ""
	}
	var es []ledger.Entry
	for _, e := range entries {
		if names[e.Item] {
			es = append(es, e)
		}
	}
	return StatusHTML(section+": "+ledger.Summarize(es).String(), items)
}

// DetailsHTML is the entries' table (EntriesHTML) inside a collapsed HTML
// <details> element whose summary line is summary.
func DetailsHTML(summary string, entries []ledger.Entry) string {
	return "<details><summary>" + html.EscapeString(summary) + "</summary>\n" + EntriesHTML("", entries) + "</details>"
}

// EntriesHTML is an HTML table of entries (item, statement, paper value,
// ours, tolerance, verdict as ledger.VerdictText, reason or a check's
// basis), with title as its caption ("" for none).
func EntriesHTML(title string, es []ledger.Entry) string {
	var b strings.Builder
	b.WriteString("<table>")
	if title != "" {
		fmt.Fprintf(&b, "<caption style=\"text-align:left\"><b>%s</b></caption>", html.EscapeString(title))
	}
	b.WriteString("\n<tr><th>item</th><th>statement</th><th>paper</th><th>ours</th><th>tolerance</th><th>verdict</th><th>reason</th></tr>\n")
	for _, e := range es {
		reason := e.Reason
		if e.Kind == ledger.SelfCheck {
			reason = strings.TrimSuffix("checks: "+e.Basis+"; "+e.Reason, "; ")
		}
		fmt.Fprintf(&b, "<tr><td>%s</td><td style=\"text-align:left;min-width:20em\" title=\"%s\">%s</td><td>%s</td><td style=\"min-width:8em\">%s</td><td>%s</td><td style=\"%s\">%s</td><td style=\"text-align:left\">%s</td></tr>\n",
			html.EscapeString(e.Item), html.EscapeString(e.ID), html.EscapeString(e.Statement),
			html.EscapeString(e.PaperValue), html.EscapeString(e.OurValue), html.EscapeString(e.Tolerance),
			verdictStyle[e.Verdict], html.EscapeString(ledger.VerdictText(e)), html.EscapeString(reason))
	}
	b.WriteString("</table>")
	return b.String()
}

// Where shows, for each path.Match pattern over entry ids, how the entries
// of p recorded so far by this run's cells fall (WhereText): so that
// notebook prose never types a count of ours that goes stale when an entry
// moves.
func Where(p ledger.Paper, title string, patterns ...string) error {
	es, err := Store().Read(p.Key)
	if err != nil {
		return err
	}
	s, err := WhereText(title, es, patterns...)
	if err != nil {
		return err
	}
	if !kernelext.InNotebook() {
		fmt.Print(s)
		return nil
	}
	kernelext.HTML("<pre>" + html.EscapeString(s) + "</pre>")
	return nil
}

// WhereText is title's line, then one line per pattern: the pattern, and
// for each verdict the number of matching entries with it out of those
// matching, followed by the parts of their ids that the pattern's
// wildcard segments matched ("fig9/*/wait" lists the logs). A pattern no
// entry matches is an error: the prose would point at nothing.
func WhereText(title string, es []ledger.Entry, patterns ...string) (string, error) {
	var b strings.Builder
	b.WriteString(title + "\n")
	for _, pat := range patterns {
		if _, err := path.Match(pat, ""); err != nil {
			return "", fmt.Errorf("notebook: pattern %q: %w", pat, err)
		}
		byVerdict := map[ledger.Verdict][]string{}
		n := 0
		for _, e := range es {
			if ok, _ := path.Match(pat, e.ID); ok {
				byVerdict[e.Verdict] = append(byVerdict[e.Verdict], wildcardParts(pat, e.ID))
				n++
			}
		}
		if n == 0 {
			return "", fmt.Errorf("notebook: no recorded entry matches %q", pat)
		}
		fmt.Fprintf(&b, "  %s:", pat)
		sep := " "
		for _, v := range []ledger.Verdict{ledger.Agrees, ledger.Differs, ledger.NotComparable} {
			if l := byVerdict[v]; len(l) > 0 {
				fmt.Fprintf(&b, "%s%s %d of %d (%s)", sep, v, len(l), n, strings.Join(l, ", "))
				sep = "; "
			}
		}
		b.WriteString("\n")
	}
	return b.String(), nil
}

// wildcardParts is the segments of id at the positions where pattern's
// segment holds a wildcard, joined by "/"; id itself when there are none.
func wildcardParts(pattern, id string) string {
	ps, is := strings.Split(pattern, "/"), strings.Split(id, "/")
	var parts []string
	for i, s := range ps {
		if i < len(is) && strings.ContainsAny(s, "*?[") {
			parts = append(parts, is[i])
		}
	}
	if len(parts) == 0 {
		return id
	}
	return strings.Join(parts, "/")
}
