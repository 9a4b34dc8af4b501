package kernelext

import (
	"encoding/base64"
	"errors"
	"fmt"
	"html"
	"strings"
	"time"

	"github.com/janpfeifer/gonb/gonbui"
	"github.com/janpfeifer/gonb/gonbui/protocol"
	"github.com/janpfeifer/gonb/gonbui/widgets"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
)

// Slider is one control of Interact: integer positions 0..Steps, starting
// at Start.
type Slider struct {
	Label        string
	Steps, Start int
}

// InteractOptions controls Interact. The zero value draws 7×4 inch plots,
// waits 10 s for a live front end and stops after 15 idle minutes.
type InteractOptions struct {
	// Width and Height of the plot; zero means 7×4 inches.
	Width, Height vg.Length
	// Connect bounds the wait for a live front end to show the sliders;
	// zero means 10 s.
	Connect time.Duration
	// Idle stops the interaction after this long without a move; zero
	// means 15 minutes.
	Idle time.Duration
}

// move is a slider that moved to a position.
type move struct{ slider, pos int }

// controls are the live sliders and stop button of a front end.
type controls struct {
	moves <-chan move
	stop  <-chan struct{}
}

// errNoFrontEnd means that no live front end answered: a headless run.
var errNoFrontEnd = errors.New("no live front end answered")

// Interact shows the plot that draw makes for the sliders' positions and
// redraws it as they move; the plot's title should say what to look at (a
// fit's D_n, say), as it is also shown as text under the image.
//
// In a notebook with a live front end it shows the sliders, a "stop"
// button and the plot (a PNG image updated in place), and returns when
// "stop" is pressed (printing "stopped at" and the last plot's title) or
// after opts.Idle without a move. In a notebook run by a script
// ($TRACELAB_HEADLESS set), it shows the plot of the starting positions
// as Plot does and says, naming the sliders, that they need a live
// kernel: the stored output shows what a reader will get. Without a
// live front end otherwise — widgets no front end answers within
// opts.Connect — it shows the same plot and says that the sliders are
// off; outside a notebook it prints the plot's description. It returns
// draw's errors and those of the display.
func Interact(sliders []Slider, draw func(pos []int) (*plot.Plot, error), opts InteractOptions) error {
	if len(sliders) == 0 {
		return errors.New("kernelext: Interact needs sliders")
	}
	if opts.Width <= 0 {
		opts.Width = 7 * vg.Inch
	}
	if opts.Height <= 0 {
		opts.Height = 4 * vg.Inch
	}
	if opts.Connect <= 0 {
		opts.Connect = 10 * time.Second
	}
	if opts.Idle <= 0 {
		opts.Idle = 15 * time.Minute
	}
	pos := make([]int, len(sliders))
	for k, s := range sliders {
		pos[k] = min(max(s.Start, 0), s.Steps)
	}
	static := func(note string) error {
		p, err := draw(pos)
		if err != nil {
			return err
		}
		if err := ShowPlot(p, PlotOptions{Width: opts.Width, Height: opts.Height}); err != nil {
			return err
		}
		if note != "" {
			Markdown(note)
		}
		return nil
	}
	if !out.notebook {
		return static("")
	}
	if out.headless != nil && out.headless() {
		names := make([]string, len(sliders))
		for k, s := range sliders {
			names[k] = s.Label
		}
		return static(fmt.Sprintf("*This cell is interactive, and this notebook was run without a live kernel: run the cell "+
			"in Jupyter to get %d sliders (%s) that redraw the plot as they move. Above, the plot at the sliders' starting positions.*",
			len(sliders), strings.Join(names, ", ")))
	}
	c, err := out.connect(sliders, opts.Connect)
	if errors.Is(err, errNoFrontEnd) {
		return static(fmt.Sprintf("*%s within %v: the sliders are off (in a browser, run this cell again).*", err, opts.Connect))
	}
	if err != nil {
		return err
	}
	id := out.newID()
	title := ""
	show := func() error {
		p, err := draw(pos)
		if err != nil {
			return err
		}
		title = p.Title.Text
		png, err := RenderPNG(p, opts.Width, opts.Height, 0)
		if err != nil {
			return err
		}
		out.send(&protocol.DisplayData{DisplayID: id, Data: map[protocol.MIMEType]any{
			protocol.MIMETextHTML: fmt.Sprintf(`<div><img src="data:image/png;base64,%s" width="%d" alt="%s"><div class="tracelab-plot-caption">%s</div></div>`,
				base64.StdEncoding.EncodeToString(png), cssPixels(opts.Width), html.EscapeString(p.Title.Text), html.EscapeString(p.Title.Text)),
			protocol.MIMETextPlain: p.Title.Text,
		}})
		out.sync()
		return out.err()
	}
	if err := show(); err != nil {
		return err
	}
	idle := time.NewTimer(opts.Idle)
	defer idle.Stop()
	apply := func(m move) { pos[m.slider] = min(max(m.pos, 0), sliders[m.slider].Steps) }
	for {
		select {
		case m := <-c.moves:
			apply(m)
			// Moves that came in meanwhile (a fast drag) make one redraw.
		drain:
			for {
				select {
				case m := <-c.moves:
					apply(m)
				default:
					break drain
				}
			}
			if err := show(); err != nil {
				return err
			}
			idle.Reset(opts.Idle)
		case <-c.stop:
			fmt.Fprintln(stdout{}, "stopped at "+title)
			return nil
		case <-idle.C:
			fmt.Fprintf(stdout{}, "idle for %v: stopped at %s\n", opts.Idle, title)
			return nil
		}
	}
}

// connectWidgets shows GoNB sliders (each after its label) and a stop
// button, and returns their events; errNoFrontEnd when the front end has
// not acknowledged them within timeout.
func connectWidgets(sliders []Slider, timeout time.Duration) (controls, error) {
	built := make([]*widgets.SliderBuilder, len(sliders))
	var stop *widgets.ButtonBuilder
	ready := make(chan struct{})
	go func() {
		for k, s := range sliders {
			gonbui.DisplayHtml("<b>" + html.EscapeString(s.Label) + "</b>")
			built[k] = widgets.Slider(0, s.Steps, min(max(s.Start, 0), s.Steps)).Done()
		}
		stop = widgets.Button("stop").Done()
		close(ready)
	}()
	select {
	case <-ready:
	case <-time.After(timeout):
		return controls{}, errNoFrontEnd
	}
	moves := make(chan move, 16)
	for k, b := range built {
		ch := b.Listen().LatestOnly()
		go func() {
			for v := range ch.C {
				moves <- move{k, v}
			}
		}()
	}
	stopped := make(chan struct{})
	go func() {
		<-stop.Listen().C
		close(stopped)
	}()
	return controls{moves: moves, stop: stopped}, nil
}
