package cli

import (
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"
)

// progressDelay is how long a step runs before its progress shows: a
// short step prints nothing.
var progressDelay = 2 * time.Second

// progressBar shows the progress of a long step on w (standard error): a
// bar redrawn in place on a terminal (at most every 100 ms), else a line
// at each tenth. Nothing shows before delay has passed.
type progressBar struct {
	mu       sync.Mutex
	w        io.Writer
	label    string
	tty      bool
	start    time.Time
	delay    time.Duration
	shown    bool
	finished bool
	total    int // the last total reported
	last     time.Time
	decile   int
}

func newProgressBar(w io.Writer, label string, delay time.Duration) *progressBar {
	b := &progressBar{w: w, label: label, start: time.Now(), delay: delay}
	if f, ok := w.(*os.File); ok {
		if st, err := f.Stat(); err == nil && st.Mode()&os.ModeCharDevice != 0 {
			b.tty = true
		}
	}
	return b
}

// update records done of total units of work; it is safe for concurrent
// use.
func (b *progressBar) update(done, total int) {
	b.mu.Lock()
	defer b.mu.Unlock()
	now := time.Now()
	b.total = total
	if total <= 0 || now.Sub(b.start) < b.delay {
		return
	}
	if b.finished {
		return
	}
	b.shown = true
	if b.tty {
		if now.Sub(b.last) >= 100*time.Millisecond || done == total {
			b.last = now
			const width = 30
			n := width * done / total
			fmt.Fprintf(b.w, "\r%s [%s%s] %d/%d %s", b.label, strings.Repeat("#", n), strings.Repeat(" ", width-n),
				done, total, now.Sub(b.start).Round(time.Second))
		}
	} else if d := 10 * done / total; d > b.decile && d < 10 {
		b.decile = d
		fmt.Fprintf(b.w, "%s: %d%% (%d/%d, %s)\n", b.label, 10*d, done, total, now.Sub(b.start).Round(time.Second))
	}
	if done == total {
		b.end()
	}
}

// finish ends the bar (update does at the last unit): a new line on a
// terminal, else a last line, if the bar was shown.
func (b *progressBar) finish() {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.finished || !b.shown && time.Since(b.start) < b.delay {
		return
	}
	b.end()
}

func (b *progressBar) end() {
	b.finished = true
	if b.tty {
		fmt.Fprintln(b.w)
		return
	}
	fmt.Fprintf(b.w, "%s: done (%d) in %.1fs\n", b.label, b.total, time.Since(b.start).Seconds())
}
