package kernelext

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/janpfeifer/gonb/gonbui/protocol"
	"gonum.org/v1/plot"
)

// drawAt is a draw function whose plot title states the positions.
func drawAt(t *testing.T, calls *[][]int) func(pos []int) (*plot.Plot, error) {
	return func(pos []int) (*plot.Plot, error) {
		*calls = append(*calls, append([]int(nil), pos...))
		p := linePlot(t)
		p.Title.Text = fmt.Sprintf("at %v: D_n = 0.1", pos)
		return p, nil
	}
}

func TestInteractLive(t *testing.T) {
	r := inNotebook(t)
	moves := make(chan move, 4)
	stop := make(chan struct{})
	out.connect = func(s []Slider, timeout time.Duration) (controls, error) {
		if len(s) != 2 || timeout != 10*time.Second {
			t.Errorf("connect(%v, %v)", s, timeout)
		}
		moves <- move{0, 7}
		moves <- move{1, 99} // beyond Steps: clamped to 50
		go func() {
			for len(moves) > 0 {
				time.Sleep(time.Millisecond)
			}
			close(stop)
		}()
		return controls{moves: moves, stop: stop}, nil
	}
	var calls [][]int
	printed := captureStdout(t, func() {
		err := Interact([]Slider{{Label: "a", Steps: 10, Start: 3}, {Label: "b", Steps: 50, Start: 60}}, drawAt(t, &calls), InteractOptions{})
		if err != nil {
			t.Error(err)
		}
	})
	// The start, clamped to the sliders' range; the two queued moves make
	// one redraw.
	if want := "[[3 50] [7 50]]"; fmt.Sprint(calls) != want {
		t.Errorf("drawn at %v, want %s", calls, want)
	}
	if len(r.msgs) != 2 {
		t.Fatalf("%d displays, want 2 (the first plot and one update)", len(r.msgs))
	}
	for i, want := range []string{"at [3 50]: D_n = 0.1", "at [7 50]: D_n = 0.1"} {
		h, _ := r.msgs[i].Data[protocol.MIMETextHTML].(string)
		if r.msgs[i].DisplayID != r.msgs[0].DisplayID || !strings.Contains(h, `<img src="data:image/png;base64,`) ||
			!strings.Contains(h, `class="tracelab-plot-caption">`+want+`<`) {
			t.Errorf("display %d: %q (id %q)", i, h, r.msgs[i].DisplayID)
		}
	}
	if printed != "stopped at at [7 50]: D_n = 0.1\n" {
		t.Errorf("printed %q", printed)
	}
}

// captureStdout returns what f writes to os.Stdout.
func captureStdout(t *testing.T, f func()) string {
	t.Helper()
	rd, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	saved := os.Stdout
	os.Stdout = w
	f()
	os.Stdout = saved
	w.Close()
	b, err := io.ReadAll(rd)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestInteractHeadless(t *testing.T) {
	r := inNotebook(t)
	out.connect = func([]Slider, time.Duration) (controls, error) { return controls{}, errNoFrontEnd }
	var calls [][]int
	if err := Interact([]Slider{{Label: "a", Steps: 10, Start: 3}}, drawAt(t, &calls), InteractOptions{Connect: time.Second}); err != nil {
		t.Fatal(err)
	}
	// The starting plot as a stored notebook shows it (PNG), and a note.
	if len(calls) != 1 || len(r.msgs) != 2 {
		t.Fatalf("%d draws, %d displays", len(calls), len(r.msgs))
	}
	if _, ok := r.msgs[0].Data[protocol.MIMEImagePNG]; !ok {
		t.Errorf("first display %v, want a PNG", keys(r.msgs[0].Data))
	}
	if md, _ := r.msgs[1].Data[protocol.MIMETextMarkdown].(string); !strings.Contains(md, "sliders are off") {
		t.Errorf("note %q", md)
	}
	// A failing draw is returned; no sliders is a programmer's mistake
	// reported as an error.
	boom := errors.New("boom")
	if err := Interact([]Slider{{Steps: 1}}, func([]int) (*plot.Plot, error) { return nil, boom }, InteractOptions{}); !errors.Is(err, boom) {
		t.Errorf("draw error: %v", err)
	}
	if err := Interact(nil, drawAt(t, &calls), InteractOptions{}); err == nil {
		t.Error("no sliders: no error")
	}
}

// TestInteractScripted: run by a script ($TRACELAB_HEADLESS), no widget is
// tried; the stored output is the starting plot and a note naming every
// slider.
func TestInteractScripted(t *testing.T) {
	r := inNotebook(t)
	out.headless = func() bool { return true }
	out.connect = func([]Slider, time.Duration) (controls, error) {
		t.Error("widgets tried in a scripted run")
		return controls{}, errNoFrontEnd
	}
	var calls [][]int
	if err := Interact([]Slider{{Label: "alpha1", Steps: 10, Start: 3}, {Label: "p", Steps: 10}}, drawAt(t, &calls), InteractOptions{}); err != nil {
		t.Fatal(err)
	}
	if len(calls) != 1 || len(r.msgs) != 2 {
		t.Fatalf("%d draws, %d displays", len(calls), len(r.msgs))
	}
	if md, _ := r.msgs[1].Data[protocol.MIMETextMarkdown].(string); !strings.Contains(md, "2 sliders (alpha1, p)") || !strings.Contains(md, "live kernel") {
		t.Errorf("note %q", md)
	}
}

func TestInteractText(t *testing.T) {
	buf := inText(t, "")
	var calls [][]int
	if err := Interact([]Slider{{Steps: 4, Start: 2}}, drawAt(t, &calls), InteractOptions{}); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(buf.String(), `plot "at [2]: D_n = 0.1"`) {
		t.Errorf("text %q", buf.String())
	}
}
