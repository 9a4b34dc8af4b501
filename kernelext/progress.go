package kernelext

import (
	"fmt"
	"html"
	"sync"
	"time"

	"github.com/janpfeifer/gonb/gonbui/protocol"
)

// Progress is an updatable progress bar. In a notebook it is one output
// block redrawn in place (at most every 200 ms, and at the end); outside a
// notebook it prints a line each time another tenth of the total is reached
// and one at Done. Its methods are safe for concurrent use.
type Progress struct {
	mu       sync.Mutex
	label    string
	total    int
	done     int
	id       string
	start    time.Time
	lastDraw time.Time
	decile   int // last tenth printed in text mode
	finished bool
}

// progressRedraw is the minimum time between two notebook redraws.
const progressRedraw = 200 * time.Millisecond

// NewProgress starts a progress bar for total steps (zero or negative: an
// unknown total, shown as a count) with the given label, and draws it.
func NewProgress(total int, label string) *Progress {
	p := &Progress{label: label, total: total, start: time.Now()}
	if out.notebook {
		p.id = out.newID()
		p.draw()
	}
	return p
}

// Add records n more steps done and redraws the bar when due.
func (p *Progress) Add(n int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.finished {
		return
	}
	p.done += n
	if out.notebook {
		if time.Since(p.lastDraw) >= progressRedraw {
			p.draw()
		}
		return
	}
	if p.total > 0 {
		d := min(10*p.done/p.total, 10)
		if d > p.decile && d < 10 {
			p.decile = d
			fmt.Fprintf(out.text, "%s: %d%% (%d/%d)\n", p.label, 10*d, p.done, p.total)
		}
	}
}

// Done marks the bar finished and draws it a last time, with the elapsed
// time in a notebook. Later calls to Add and Done do nothing.
func (p *Progress) Done() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.finished {
		return
	}
	p.finished = true
	if out.notebook {
		p.draw()
		out.sync()
		return
	}
	if p.total > 0 {
		fmt.Fprintf(out.text, "%s: done (%d/%d)\n", p.label, p.done, p.total)
	} else {
		fmt.Fprintf(out.text, "%s: done (%d)\n", p.label, p.done)
	}
}

// draw sends the bar to the notebook; p.mu is held or p is not shared yet.
func (p *Progress) draw() {
	p.lastDraw = time.Now()
	elapsed := p.lastDraw.Sub(p.start).Round(100 * time.Millisecond)
	var status string
	switch {
	case p.total > 0:
		status = fmt.Sprintf("%d/%d (%.0f%%)", p.done, p.total, 100*float64(min(p.done, p.total))/float64(p.total))
	default:
		status = fmt.Sprintf("%d", p.done)
	}
	if p.finished {
		status += ", done in " + elapsed.String()
	} else if p.done > 0 {
		status += ", " + elapsed.String()
	}
	bar := `<progress style="width:20em;vertical-align:middle"`
	if p.total > 0 {
		bar += fmt.Sprintf(` max="%d" value="%d"`, p.total, min(p.done, p.total))
	}
	bar += "></progress>"
	htm := fmt.Sprintf(`<div class="tracelab-progress">%s %s <span style="font-variant-numeric:tabular-nums">%s</span></div>`,
		html.EscapeString(p.label), bar, html.EscapeString(status))
	out.send(&protocol.DisplayData{
		Data: map[protocol.MIMEType]any{
			protocol.MIMETextHTML:  htm,
			protocol.MIMETextPlain: p.label + ": " + status,
		},
		DisplayID: p.id,
	})
}
