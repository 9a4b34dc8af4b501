package notebook

import (
	"fmt"
	"html"
	"os"
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

// Claims shows the entries that results support (see ledger.Claimer), as a
// table, and records them for Ledger.
func Claims(p ledger.Paper, results ...ledger.Claimer) error {
	l := ledger.NewFor(p)
	for _, r := range results {
		r.Claims(l)
	}
	es := l.Entries()
	if err := Store().Record(p.Key, es); err != nil {
		return err
	}
	return show(fmt.Sprintf("The paper's claims: %s", ledger.Count(es)), es)
}

// Ledger shows p's whole ledger as recorded by the cells of this run, with
// its totals, and returns the entries.
func Ledger(p ledger.Paper) ([]ledger.Entry, error) {
	es, err := Store().Read(p.Key)
	if err != nil {
		return nil, err
	}
	if len(es) == 0 {
		return nil, fmt.Errorf("notebook: no ledger entries recorded for %s in %s: run the notebook's cells first", p.Key, Store().Dir)
	}
	return es, show(fmt.Sprintf("Ledger of %s: %s", p.Key, ledger.Count(es)), es)
}

// verdictStyle colours a verdict cell.
var verdictStyle = map[ledger.Verdict]string{
	ledger.Agrees:        "background:#e6f4ea",
	ledger.Differs:       "background:#fce8e6",
	ledger.NotComparable: "background:#f1f3f4",
}

// show displays entries as an HTML table in a notebook and as text outside one.
func show(title string, es []ledger.Entry) error {
	if !kernelext.InNotebook() {
		fmt.Println(title)
		return ledger.WriteText(os.Stdout, es)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "<table><caption style=\"text-align:left\"><b>%s</b></caption>\n", html.EscapeString(title))
	b.WriteString("<tr><th>item</th><th>statement</th><th>paper</th><th>ours</th><th>tolerance</th><th>verdict</th><th>reason</th></tr>\n")
	for _, e := range es {
		verdict := string(e.Verdict)
		if e.Kind == ledger.Ours {
			verdict += " (ours)"
		}
		fmt.Fprintf(&b, "<tr><td>%s</td><td style=\"text-align:left\" title=\"%s\">%s</td><td>%s</td><td>%s</td><td>%s</td><td style=\"%s\">%s</td><td style=\"text-align:left\">%s</td></tr>\n",
			html.EscapeString(e.Item), html.EscapeString(e.ID), html.EscapeString(e.Statement),
			html.EscapeString(e.PaperValue), html.EscapeString(e.OurValue), html.EscapeString(e.Tolerance),
			verdictStyle[e.Verdict], verdict, html.EscapeString(e.Reason))
	}
	b.WriteString("</table>")
	kernelext.HTML(b.String())
	return nil
}
