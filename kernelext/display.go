package kernelext

import (
	"fmt"
	"html"
	"io"
	"os"
	"regexp"
	"strings"
	"time"

	"github.com/janpfeifer/gonb/gonbui"
	"github.com/janpfeifer/gonb/gonbui/protocol"
)

// backend is where displayed content goes: the GoNB kernel or a text writer.
// Tests replace it to see what a notebook would receive.
type backend struct {
	notebook bool                        // running under GoNB
	send     func(*protocol.DisplayData) // notebook output
	sync     func()                      // wait until the kernel has what was sent
	err      func() error                // error of the connection to the kernel
	text     io.Writer                   // text output outside a notebook
	newID    func() string               // ids of updatable output blocks
	plotDir  func() string               // folder for plot files outside a notebook
	// connect shows Interact's sliders and stop button in a live front end.
	connect func([]Slider, time.Duration) (controls, error)
	// headless says that no front end will answer (the notebook runs in
	// a script: $TRACELAB_HEADLESS), so Interact shows no widget.
	headless func() bool
}

var out = backend{
	notebook: gonbui.IsNotebook,
	send:     gonbui.SendData,
	sync:     syncKernel,
	err:      gonbui.Error,
	text:     stdout{},
	newID:    func() string { return "tracelab_" + gonbui.UniqueId() },
	plotDir:  func() string { return os.Getenv("TRACELAB_PLOT_DIR") },
	connect:  connectWidgets,
	headless: func() bool { return os.Getenv(HeadlessEnv) != "" },
}

// HeadlessEnv names the environment variable that scripts running
// notebooks without a front end set (scripts/run-notebooks.sh): Interact
// then shows what a stored notebook can show — the starting plot and a
// note — instead of widgets no one can move.
const HeadlessEnv = "TRACELAB_HEADLESS"

// syncTimeout bounds the wait for the kernel's acknowledgement in syncKernel.
const syncTimeout = 10 * time.Second

// syncKernel waits until GoNB has read everything sent so far. Without it,
// output sent just before the program exits can be lost: GoNB closes its
// end of the pipe when the cell's program ends. The wait is bounded, so a
// kernel that never answers delays a display by syncTimeout at most.
func syncKernel() {
	done := make(chan struct{})
	go func() {
		gonbui.Sync()
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(syncTimeout):
	}
}

// display sends d to the notebook, waits until the kernel has it, and
// returns the error of the connection to the kernel, if any.
func display(d *protocol.DisplayData) error {
	out.send(d)
	out.sync()
	return out.err()
}

// stdout writes to the current os.Stdout (which tests and examples swap).
type stdout struct{}

func (stdout) Write(p []byte) (int, error) { return os.Stdout.Write(p) }

// InNotebook reports whether the program runs in a GoNB kernel, where the
// helpers display rich output; otherwise they print text.
func InNotebook() bool { return out.notebook }

// Markdown displays s rendered as Markdown (with $…$ LaTeX math) in a
// notebook; outside one it prints s as it is, followed by a newline.
// A broken connection to the kernel is not reported here (Plot, Frame and
// Table return it).
func Markdown(s string) {
	if out.notebook {
		_ = display(&protocol.DisplayData{Data: map[protocol.MIMEType]any{
			protocol.MIMETextMarkdown: s,
			protocol.MIMETextPlain:    s,
		}})
		return
	}
	fmt.Fprintln(out.text, strings.TrimRight(s, "\n"))
}

// Markdownf is Markdown with a fmt.Sprintf format.
func Markdownf(format string, args ...any) { Markdown(fmt.Sprintf(format, args...)) }

// HTML displays the HTML fragment s in a notebook; outside one it prints the
// text of s: tags removed, entities decoded, blank lines squeezed.
func HTML(s string) {
	if out.notebook {
		_ = display(&protocol.DisplayData{Data: map[protocol.MIMEType]any{
			protocol.MIMETextHTML:  s,
			protocol.MIMETextPlain: htmlText(s),
		}})
		return
	}
	fmt.Fprintln(out.text, htmlText(s))
}

var (
	reBlockTag = regexp.MustCompile(`(?i)<(br|/p|/div|/tr|/h[1-6]|/li|/table|/caption)\b[^>]*>`)
	reCellTag  = regexp.MustCompile(`(?i)</t[dh]\s*>`)
	reTag      = regexp.MustCompile(`<[^>]*>`)
	reSpaces   = regexp.MustCompile(`[ \t]+`)
	reBlank    = regexp.MustCompile(`\n\s*\n+`)
)

// htmlText is a rough text rendering of an HTML fragment, for terminals.
func htmlText(s string) string {
	s = reBlockTag.ReplaceAllString(s, "\n")
	s = reCellTag.ReplaceAllString(s, " ")
	s = reTag.ReplaceAllString(s, "")
	s = html.UnescapeString(s)
	s = reSpaces.ReplaceAllString(s, " ")
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimSpace(l)
	}
	s = reBlank.ReplaceAllString(strings.Join(lines, "\n"), "\n")
	return strings.Trim(s, "\n")
}
