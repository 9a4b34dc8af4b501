package kernelext

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
	"github.com/janpfeifer/gonb/gonbui/protocol"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"

	"github.com/tracelab/tracelab/plots"
)

// recorder captures what a notebook would receive.
type recorder struct {
	mu    sync.Mutex
	msgs  []*protocol.DisplayData
	syncs int // calls of sync
}

func (r *recorder) sync() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.syncs++
}

func (r *recorder) send(d *protocol.DisplayData) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.msgs = append(r.msgs, d)
}

// inNotebook makes the helpers behave as in a kernel for the duration of the
// test and returns the recorder of what they send. Tests using it must not
// run in parallel.
func inNotebook(t *testing.T) *recorder {
	t.Helper()
	saved := out
	r := &recorder{}
	n := 0
	out = backend{notebook: true, send: r.send, sync: r.sync, err: func() error { return nil }, text: failWriter{t}, newID: func() string { n++; return "id" + string(rune('0'+n)) }, plotDir: func() string { return "" }}
	t.Cleanup(func() { out = saved })
	return r
}

// inText makes the helpers print text into a buffer.
func inText(t *testing.T, plotDir string) *bytes.Buffer {
	t.Helper()
	saved := out
	var buf bytes.Buffer
	out = backend{notebook: false, send: func(*protocol.DisplayData) { t.Error("notebook output outside a notebook") },
		sync: func() { t.Error("sync outside a notebook") }, err: func() error { return nil },
		text: &buf, newID: func() string { return "" }, plotDir: func() string { return plotDir }}
	t.Cleanup(func() { out = saved })
	return &buf
}

type failWriter struct{ t *testing.T }

func (w failWriter) Write(p []byte) (int, error) {
	w.t.Errorf("text output in a notebook: %q", p)
	return len(p), nil
}

func linePlot(t testing.TB) *plot.Plot {
	t.Helper()
	p := plot.New()
	p.Title.Text = "Runtime <ECDF> & co"
	p.X.Label.Text = "runtime [s]"
	p.Y.Label.Text = "fraction"
	l, err := plotter.NewLine(plotter.XYs{{X: 1, Y: 0}, {X: 10, Y: 0.5}, {X: 100, Y: 1}})
	if err != nil {
		t.Fatal(err)
	}
	p.Add(l)
	return p
}

func TestPlotNotebookPNG(t *testing.T) {
	r := inNotebook(t)
	if err := Plot(linePlot(t), 4*vg.Inch, 3*vg.Inch); err != nil {
		t.Fatal(err)
	}
	if len(r.msgs) != 1 {
		t.Fatalf("got %d messages, want 1", len(r.msgs))
	}
	b, ok := r.msgs[0].Data[protocol.MIMEImagePNG].([]byte)
	if !ok {
		t.Fatalf("no PNG image in %v", keys(r.msgs[0].Data))
	}
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	// 4×3 inches at DefaultDPI (144), shown at 96 CSS pixels per inch.
	if got := img.Bounds().Size(); got != image.Pt(576, 432) {
		t.Errorf("PNG is %v pixels, want 576×432", got)
	}
	if _, ok := img.(*image.Paletted); !ok {
		t.Errorf("line plot PNG is %T, want a paletted image", img)
	}
	md, _ := r.msgs[0].Metadata[string(protocol.MIMEImagePNG)].(map[string]int)
	if md["width"] != 384 || md["height"] != 288 {
		t.Errorf("image/png metadata %v, want width 384 and height 288", r.msgs[0].Metadata)
	}
	if _, ok := r.msgs[0].Data[protocol.MIMEImageSVG]; ok {
		t.Error("a PNG plot also sent an SVG (nbconvert's HTML would show the SVG, blank)")
	}
	plain, _ := r.msgs[0].Data[protocol.MIMETextPlain].(string)
	if want := `plot "Runtime <ECDF> & co": x "runtime [s]" [1, 100], y "fraction" [0, 1], 4in×3in`; plain != want {
		t.Errorf("text/plain = %q, want %q", plain, want)
	}
	// The same plot gives the same bytes (stored notebooks do not change
	// when nothing changed).
	if err := Plot(linePlot(t), 4*vg.Inch, 3*vg.Inch); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(r.msgs[1].Data[protocol.MIMEImagePNG].([]byte), b) {
		t.Error("the same plot rendered to different PNG bytes")
	}
}

func TestPlotNotebookSVG(t *testing.T) {
	r := inNotebook(t)
	if err := ShowPlot(linePlot(t), PlotOptions{Width: 4 * vg.Inch, Height: 3 * vg.Inch, SVG: true}); err != nil {
		t.Fatal(err)
	}
	svg, ok := r.msgs[0].Data[protocol.MIMEImageSVG].(string)
	if !ok {
		t.Fatalf("no image/svg+xml string in %v", keys(r.msgs[0].Data))
	}
	for _, want := range []string{"<svg", `width="288pt"`, `height="216pt"`, "Runtime &lt;ECDF&gt; &amp; co", "</svg>"} {
		if !strings.Contains(svg, want) {
			t.Errorf("SVG lacks %q", want)
		}
	}
	if _, ok := r.msgs[0].Data[protocol.MIMEImagePNG]; ok {
		t.Error("SVG plot also sent a PNG")
	}
}

func TestCompactPNG(t *testing.T) {
	// A few colours with anti-aliased shades: paletted, every pixel kept
	// within the bounds.
	plotImg := image.NewRGBA(image.Rect(0, 0, 200, 100))
	draw.Draw(plotImg, plotImg.Bounds(), image.White, image.Point{}, draw.Src)
	for x := range 200 {
		for k, c := range []color.RGBA{{255, 0, 0, 255}, {0, 0, 255, 255}} {
			y := 20 + 40*k + x/10
			plotImg.Set(x, y, c)
			a := uint8(x) // an edge shade between c and white
			plotImg.Set(x, y+1, color.RGBA{c.R/2 + a/2, c.G/2 + a/2, c.B/2 + a/2, 255})
		}
	}
	// A smooth gradient of 40,000 colours: full colour.
	grad := image.NewRGBA(image.Rect(0, 0, 200, 200))
	for y := range 200 {
		for x := range 200 {
			grad.Set(x, y, color.RGBA{uint8(x), uint8(y), uint8(x + y), 255})
		}
	}
	for _, tc := range []struct {
		name     string
		img      *image.RGBA
		paletted bool
	}{{"plot", plotImg, true}, {"gradient", grad, false}} {
		b, err := compactPNG(tc.img)
		if err != nil {
			t.Fatal(err)
		}
		back, err := png.Decode(bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := back.(*image.Paletted); ok != tc.paletted {
			t.Errorf("%s: decoded as %T, paletted %v", tc.name, back, tc.paletted)
		}
		far := 0
		for y := range tc.img.Bounds().Dy() {
			for x := range tc.img.Bounds().Dx() {
				r0, g0, b0, _ := tc.img.At(x, y).RGBA()
				r1, g1, b1, _ := back.At(x, y).RGBA()
				d := max(absDiff(int(r0>>8), int(r1>>8)), absDiff(int(g0>>8), int(g1>>8)), absDiff(int(b0>>8), int(b1>>8)))
				if d > worstPaletteError {
					t.Fatalf("%s: pixel (%d,%d) moved by %d", tc.name, x, y, d)
				}
				if d > maxPaletteError {
					far++
				}
			}
		}
		if n := tc.img.Bounds().Dx() * tc.img.Bounds().Dy(); far > n/maxPaletteMoved {
			t.Errorf("%s: %d of %d pixels moved by more than %d", tc.name, far, n, maxPaletteError)
		}
	}
}

func TestPlotErrors(t *testing.T) {
	inNotebook(t)
	out.err = func() error { return errors.New("pipe closed") }
	if err := Plot(linePlot(t), 0, 0); err == nil || !strings.Contains(err.Error(), "pipe closed") {
		t.Errorf("broken kernel connection: error %v", err)
	}
	if err := Frame(testFrame(2), FrameOptions{}); err == nil {
		t.Error("broken kernel connection: Frame gave no error")
	}
	out.err = func() error { return nil }
	if err := Plot(nil, 0, 0); err == nil {
		t.Error("nil plot: no error")
	}
	err := ShowPlot(linePlot(t), PlotOptions{File: filepath.Join(t.TempDir(), "x.unknown")})
	if err == nil {
		t.Error("unknown file extension: no error")
	}
}

func TestPlotTextAndFiles(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "plots")
	buf := inText(t, dir)
	file := filepath.Join(t.TempDir(), "fig.png")
	p := linePlot(t)
	p.X.Scale = plot.LogScale{}
	if err := ShowPlot(p, PlotOptions{File: file}); err != nil {
		t.Fatal(err)
	}
	got := buf.String()
	if !strings.HasPrefix(got, `plot "Runtime <ECDF> & co": x "runtime [s]" [1, 100] log, y "fraction" [0, 1], 6in×4in, saved to `+dir) {
		t.Errorf("text = %q", got)
	}
	saved, err := filepath.Glob(filepath.Join(dir, "plot-*-runtime-ecdf-co.svg"))
	if err != nil || len(saved) != 1 {
		t.Fatalf("plot dir holds %v (%v), want one SVG", saved, err)
	}
	for _, f := range []string{saved[0], file} {
		if fi, err := os.Stat(f); err != nil || fi.Size() == 0 {
			t.Errorf("%s: %v", f, err)
		}
	}
}

func keys(m map[protocol.MIMEType]any) []string {
	var s []string
	for k := range m {
		s = append(s, string(k))
	}
	return s
}

func testFrame(n int) dataframe.DataFrame {
	ids := make([]int, n)
	rt := make([]float64, n)
	user := make([]string, n)
	for i := range n {
		ids[i] = i + 1
		rt[i] = float64(i) * 1.5
		user[i] = "u<" + string(rune('a'+i%26)) + ">"
	}
	if n > 2 {
		rt[2] = math.NaN()
	}
	return dataframe.New(
		series.New(ids, series.Int, "job_id"),
		series.New(rt, series.Float, "runtime"),
		series.New(user, series.String, "user"),
	)
}

func TestFrameHTML(t *testing.T) {
	r := inNotebook(t)
	if err := Frame(testFrame(30), FrameOptions{Head: 3, Tail: 2, Title: "Jobs"}); err != nil {
		t.Fatal(err)
	}
	h, _ := r.msgs[0].Data[protocol.MIMETextHTML].(string)
	for _, want := range []string{
		"<caption", "Jobs: 30 rows × 3 columns", "<th style=\"text-align:center\">job_id</th>",
		">int</td>", ">float</td>", ">string</td>", "u&lt;a&gt;", ">—</td>", "⋮", "— not available or not defined",
		`<th style="text-align:right">29</th>`, ">43.5</td>",
	} {
		if !strings.Contains(h, want) {
			t.Errorf("HTML lacks %q:\n%s", want, h)
		}
	}
	if strings.Contains(h, ">3</th>") {
		t.Error("HTML shows row 3, which is neither head nor tail")
	}
	body := h[strings.Index(h, "<tbody>"):]
	if got := strings.Count(body, "<tr>"); got != 3+1+2 {
		t.Errorf("%d body rows, want 6 (3 head, ellipsis, 2 tail)", got)
	}
}

func TestFrameText(t *testing.T) {
	tests := []struct {
		name string
		n    int
		opts FrameOptions
		want string
	}{
		{"all rows fit", 3, FrameOptions{}, `3 rows × 3 columns
   job_id  runtime  user
   int     float    string
0       1        0  u<a>
1       2      1.5  u<b>
2       3        —  u<c>
— not available or not defined
`},
		{"head only", 4, FrameOptions{Head: 1, NoTail: true, Title: "t"}, `t: 4 rows × 3 columns
     job_id  runtime  user
     int     float    string
0         1        0  u<a>
...  ...     ...      ...
`},
		{"tail only", 4, FrameOptions{NoHead: true, Tail: 1}, `4 rows × 3 columns
     job_id  runtime  user
     int     float    string
...  ...     ...      ...
3         4      4.5  u<d>
`},
		{"exact floats", 2, FrameOptions{Exact: true, Digits: 1}, `2 rows × 3 columns
   job_id  runtime  user
   int     float    string
0       1        0  u<a>
1       2      1.5  u<b>
`},
		{"empty", 0, FrameOptions{}, `0 rows × 3 columns
job_id  runtime  user
int     float    string
`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			buf := inText(t, "")
			if err := Frame(testFrame(tt.n), tt.opts); err != nil {
				t.Fatal(err)
			}
			if got := buf.String(); got != tt.want {
				t.Errorf("got\n%s\nwant\n%s", got, tt.want)
			}
		})
	}
}

func TestFrameError(t *testing.T) {
	inText(t, "")
	df := testFrame(3).Select([]string{"nope"})
	if err := Frame(df, FrameOptions{}); err == nil {
		t.Error("frame with an error: no error")
	}
	for _, o := range []FrameOptions{{Head: -1}, {Tail: -1}, {Digits: -1}} {
		if err := Frame(testFrame(3), o); err == nil {
			t.Errorf("options %+v: no error", o)
		}
	}
}

func TestFormatFloat(t *testing.T) {
	tenth := 0.1 // a variable, so that 0.1+0.2 rounds as at run time
	tests := []struct {
		x      float64
		digits int
		want   string
	}{
		{0, 6, "0"},
		{851036400, 6, "851036400"},
		{-3, 6, "-3"},
		{1234.5678, 6, "1234.57"},
		{1234567.8, 6, "1234568"},
		{tenth + 0.2, 6, "0.3"},
		{tenth + 0.2, -1, "0.30000000000000004"},
		{1.5e-7, 6, "1.5e-07"},
		{2.5e20, 6, "2.5e+20"},
		{math.NaN(), 6, "NaN"},
		{math.Inf(1), 6, "+Inf"},
		{math.Inf(-1), 6, "-Inf"},
	}
	for _, tt := range tests {
		if got := FormatFloat(tt.x, tt.digits); got != tt.want {
			t.Errorf("FormatFloat(%v, %d) = %q, want %q", tt.x, tt.digits, got, tt.want)
		}
	}
}

func TestTable(t *testing.T) {
	buf := inText(t, "")
	err := Table("Table II", []string{"log", "paper", "ours"}, [][]string{{"KTH", "0.71", "0.7"}, {"SDSC", "n/a"}})
	if err != nil {
		t.Fatal(err)
	}
	want := "Table II\nlog   paper  ours\nKTH   0.71    0.7\nSDSC  n/a\n"
	if got := buf.String(); got != want {
		t.Errorf("got\n%q\nwant\n%q", got, want)
	}
	// Numbers as package tables writes them are right-aligned too.
	buf.Reset()
	err = Table("", []string{"metric", "easy", "saf − easy", "95% CI", "differs"}, [][]string{
		{"avg_wait", "12,140", "−8,224", "[−9,001, −7,447]", "true"},
		{"user_bsld_jain", "0.4217", "—", "[0.01, 0.02]", "false"},
	})
	if err != nil {
		t.Fatal(err)
	}
	want = "metric          easy    saf − easy  95% CI            differs\n" +
		"avg_wait        12,140      −8,224  [−9,001, −7,447]  true\n" +
		"user_bsld_jain  0.4217           —      [0.01, 0.02]  false\n"
	if got := buf.String(); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if err := Table("", []string{"a"}, [][]string{{"1", "2"}}); err == nil {
		t.Error("row longer than header: no error")
	}
}

func TestMarkdownHTML(t *testing.T) {
	r := inNotebook(t)
	Markdown("# Title\n$x^2$")
	HTML("<p>a &amp; <b>b</b></p>")
	if r.syncs != 2 {
		t.Errorf("%d syncs for 2 displays, want 2", r.syncs)
	}
	if got := r.msgs[0].Data[protocol.MIMETextMarkdown]; got != "# Title\n$x^2$" {
		t.Errorf("markdown = %q", got)
	}
	if got := r.msgs[1].Data[protocol.MIMETextHTML]; got != "<p>a &amp; <b>b</b></p>" {
		t.Errorf("html = %q", got)
	}
	if got := r.msgs[1].Data[protocol.MIMETextPlain]; got != "a & b" {
		t.Errorf("html text/plain = %q", got)
	}
}

func TestHTMLText(t *testing.T) {
	tests := []struct{ in, want string }{
		{"plain", "plain"},
		{"<p>one</p><p>two</p>", "one\ntwo"},
		{"<table><tr><th>a</th><th>b</th></tr><tr><td>1</td><td>2</td></tr></table>", "a b\n1 2"},
		{"x &lt; y<br>z", "x < y\nz"},
		{"<div>\n\n  spaced   out \n\n</div>", "spaced out"},
	}
	for _, tt := range tests {
		if got := htmlText(tt.in); got != tt.want {
			t.Errorf("htmlText(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestProgressNotebook(t *testing.T) {
	r := inNotebook(t)
	p := NewProgress(4, "sim")
	p.Add(1) // within the redraw interval: no message
	p.Done()
	p.Add(1) // after Done: ignored
	p.Done()
	if len(r.msgs) != 2 {
		t.Fatalf("%d messages, want 2 (first draw, done)", len(r.msgs))
	}
	if r.syncs != 1 {
		t.Errorf("%d syncs, want 1 (at Done)", r.syncs)
	}
	for _, m := range r.msgs {
		if m.DisplayID != "id1" {
			t.Errorf("DisplayID = %q, want the same id for every update", m.DisplayID)
		}
	}
	last, _ := r.msgs[1].Data[protocol.MIMETextHTML].(string)
	for _, want := range []string{`max="4" value="1"`, "1/4 (25%), done in"} {
		if !strings.Contains(last, want) {
			t.Errorf("final bar lacks %q: %s", want, last)
		}
	}
}

func TestProgressConcurrent(t *testing.T) {
	buf := inText(t, "")
	p := NewProgress(1000, "work")
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 125 {
				p.Add(1)
			}
		}()
	}
	wg.Wait()
	p.Done()
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	if len(lines) != 10 || lines[9] != "work: done (1000/1000)" || lines[0] != "work: 10% (100/1000)" {
		t.Errorf("got %d lines:\n%s", len(lines), buf.String())
	}
}

func TestGrid(t *testing.T) {
	r := inNotebook(t)
	ps := []*plot.Plot{linePlot(t), linePlot(t), linePlot(t)}
	if err := Grid(ps, 2, 3*vg.Inch, 2*vg.Inch); err != nil {
		t.Fatal(err)
	}
	b, ok := r.msgs[0].Data[protocol.MIMEImagePNG].([]byte)
	if !ok {
		t.Fatalf("no PNG image in %v", keys(r.msgs[0].Data))
	}
	cfg, err := png.DecodeConfig(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	// Two rows of two 3×2 inch cells, 8 pt between them and 6 pt margins
	// (plots.Figure): 6.28×4.28 inches at 144 dpi.
	if cfg.Width != 904 || cfg.Height != 616 {
		t.Errorf("grid PNG %d×%d, want 904×616", cfg.Width, cfg.Height)
	}
	if md, _ := r.msgs[0].Metadata[string(protocol.MIMEImagePNG)].(map[string]int); md["width"] != 603 || md["height"] != 411 {
		t.Errorf("grid metadata %v", r.msgs[0].Metadata)
	}
	plain, _ := r.msgs[0].Data[protocol.MIMETextPlain].(string)
	if !strings.HasPrefix(plain, "grid of 3 plots, 2 per row, each 3in×2in:\n  plot ") || strings.Count(plain, "\n") != 3 {
		t.Errorf("grid text/plain %q", plain)
	}
	for _, bad := range []struct {
		ps   []*plot.Plot
		cols int
	}{{nil, 2}, {ps, 0}, {[]*plot.Plot{linePlot(t), nil}, 1}} {
		if err := Grid(bad.ps, bad.cols, 0, 0); err == nil {
			t.Errorf("Grid(%d plots, %d columns): no error", len(bad.ps), bad.cols)
		}
	}
}

// TestFrameTransposed: a frame of two rows that would split into three
// parts shows with its columns as rows, the rows named by their text.
// TestFrameCollapsed: a collapsed frame is one output, its parts inside a
// <details> summarised by the caption without a part number.
func TestFrameCollapsed(t *testing.T) {
	r := inNotebook(t)
	if err := Frame(testFrame(4), FrameOptions{All: true, Title: "Jobs", MaxColumns: 2, Collapsed: true}); err != nil {
		t.Fatal(err)
	}
	if len(r.msgs) != 1 {
		t.Fatalf("%d outputs, want 1", len(r.msgs))
	}
	h, _ := r.msgs[0].Data[protocol.MIMETextHTML].(string)
	if !strings.HasPrefix(h, "<details><summary>Jobs: 4 rows × 3 columns</summary>") || !strings.HasSuffix(h, "</details>") {
		t.Errorf("not a collapsed table:\n%s", h)
	}
	if got := strings.Count(h, "<table"); got != 1 {
		t.Errorf("%d tables inside, want the frame as one", got)
	}
	if plain, _ := r.msgs[0].Data[protocol.MIMETextPlain].(string); !strings.Contains(plain, "(part 2 of 2)") {
		t.Errorf("plain text not in parts:\n%s", plain)
	}
}

// TestFrameWideHTML: a frame wider than the text bounds is one HTML table,
// scrolling sideways, its columns in their order; only its plain text is in
// parts, each with the label column. The text outside a notebook is the
// same parts.
func TestFrameWideHTML(t *testing.T) {
	cols := []series.Series{series.New([]string{"KTH", "SDSC", "CTC", "LANL", "BLUE", "SDSC-DS", "HPC2N", "ANL", "x", "y"}, series.String, "log")}
	for c := range 9 {
		v := make([]float64, 10)
		for i := range v {
			v[i] = 1234.5 * float64(i+c)
		}
		cols = append(cols, series.New(v, series.Float, fmt.Sprintf("measure_%d_with_a_long_name", c)))
	}
	df := dataframe.New(cols...)
	r := inNotebook(t)
	if err := Frame(df, FrameOptions{Title: "Wide"}); err != nil {
		t.Fatal(err)
	}
	if len(r.msgs) != 1 {
		t.Fatalf("%d outputs, want 1", len(r.msgs))
	}
	h, _ := r.msgs[0].Data[protocol.MIMETextHTML].(string)
	if got := strings.Count(h, "<table"); got != 1 {
		t.Errorf("%d HTML tables, want 1", got)
	}
	if !strings.Contains(h, `style="overflow-x:auto"`) || strings.Contains(h, "(part ") {
		t.Errorf("HTML not one scrolling table:\n%s", h)
	}
	last := -1
	for c := range 9 {
		i := strings.Index(h, fmt.Sprintf(">measure_%d_with_a_long_name<", c))
		if i < last {
			t.Errorf("HTML column %d missing or out of order", c)
		}
		last = i
	}
	if !strings.Contains(h, `<td style="text-align:right;white-space:nowrap">11,111</td>`) {
		t.Errorf("HTML number cell not right-aligned and unbroken:\n%s", h)
	}
	// Short labels stay on one line: a scrolling table does not squeeze them.
	if !strings.Contains(h, `<td style="text-align:left;white-space:nowrap">SDSC-DS</td>`) {
		t.Errorf("HTML label cell may wrap:\n%s", h)
	}
	plain, _ := r.msgs[0].Data[protocol.MIMETextPlain].(string)
	n := strings.Count(plain, "(part ")
	if n < 2 || strings.Count(plain, "log") != n {
		t.Errorf("plain text: %d parts, want ≥ 2 each with the label column:\n%s", n, plain)
	}
	for _, l := range strings.Split(plain, "\n") {
		if w := utf8.RuneCountInString(l); w > 120 {
			t.Errorf("plain line of %d characters:\n%s", w, l)
		}
	}
	buf := inText(t, "")
	if err := Frame(df, FrameOptions{Title: "Wide"}); err != nil {
		t.Fatal(err)
	}
	if buf.String() != plain {
		t.Errorf("text outside a notebook\n%s\ndiffers from the notebook's plain text\n%s", buf.String(), plain)
	}
}

// TestCellStyles: numbers right-aligned and unbroken, short text on one
// line, text longer than wrapText wrapped in a column at least 16em wide.
func TestCellStyles(t *testing.T) {
	tb := table{header: []string{"log", "note", "n"}, right: []bool{false, false, true}, rows: [][]string{
		{"KTH-SP2", "short", "1"},
		{"SDSC-SP2", strings.Repeat("x", wrapText+1), "2"},
	}}
	want := []string{"text-align:left;white-space:nowrap", "text-align:left;min-width:16em", "text-align:right;white-space:nowrap"}
	if got := tb.cellStyles(); !slices.Equal(got, want) {
		t.Errorf("cellStyles = %q, want %q", got, want)
	}
}

// TestFrameLabelsFirst: the HTML table shows first the label columns its
// text parts repeat, wherever they are in the frame (a paper_log column
// added last), then the others in the frame's order.
func TestFrameLabelsFirst(t *testing.T) {
	const n = maxTransposed + 2 // too many rows to show transposed
	logs, paper := make([]string, n), make([]string, n)
	for i := range n {
		logs[i], paper[i] = fmt.Sprintf("log-%d", i), fmt.Sprintf("the paper's log %d", i)
	}
	cols := []series.Series{series.New(logs, series.String, "log")}
	for c := range 8 {
		v := make([]float64, n)
		for i := range v {
			v[i] = 1234.5 * float64(c+i)
		}
		cols = append(cols, series.New(v, series.Float, fmt.Sprintf("measure_%d_with_a_long_name", c)))
	}
	cols = append(cols, series.New(paper, series.String, "paper_log"))
	r := inNotebook(t)
	if err := Frame(dataframe.New(cols...), FrameOptions{}); err != nil {
		t.Fatal(err)
	}
	h, _ := r.msgs[0].Data[protocol.MIMETextHTML].(string)
	plain, _ := r.msgs[0].Data[protocol.MIMETextPlain].(string)
	if !strings.Contains(plain, "(part 2 of") {
		t.Fatalf("the frame does not split in text:\n%s", plain)
	}
	order := []string{">log<", ">paper_log<", ">measure_0_with_a_long_name<", ">measure_7_with_a_long_name<"}
	for k := 1; k < len(order); k++ {
		if i, j := strings.Index(h, order[k-1]), strings.Index(h, order[k]); i < 0 || j < i {
			t.Errorf("HTML shows %s at %d, %s at %d: want the labels first, then the frame's order", order[k-1], i, order[k], j)
		}
	}
}

// TestNumeric: the cells Table right-aligns, as strconv and package tables
// write numbers.
func TestNumeric(t *testing.T) {
	for _, c := range []struct {
		cell string
		want bool
	}{
		{"", true}, {"12140", true}, {"-8224", true}, {"0.5", true}, {"2.2e-14", true}, {"NaN", true}, {"+Inf", true},
		{"12,140", true}, {"1,234,567.25", true}, {"−0.25", true}, {"−8,224", true}, {"64%", true}, {"0.42%", true},
		{"—", true}, {"∞", true}, {"−∞", true}, {"[0.101, 0.132]", true}, {"[−1,204, 3.5]", true}, {" 7 ", true},
		{"true", false}, {"n/a", false}, {"sim.EASY", false}, {"12,14", false}, {"1,2345", false}, {",123", false},
		{"1234,567", false}, {"1,234,56", false}, {"18 h", false}, {"[0.1, x]", false}, {"[0.1 0.2]", false}, {"%", false},
		{"0.1, 0.2", false},
	} {
		if got := numeric(c.cell); got != c.want {
			t.Errorf("numeric(%q) = %v, want %v", c.cell, got, c.want)
		}
	}
}

func TestFrameTransposed(t *testing.T) {
	df := dataframe.New(series.New([]string{"easy", "fcfs"}, series.String, "scheduler"),
		series.New([]int{1, 2}, series.Int, "a"), series.New([]int{3, 4}, series.Int, "b"),
		series.New([]int{5, 6}, series.Int, "c"), series.New([]int{7, 8}, series.Int, "d"),
		series.New([]float64{0.5, 0.25}, series.Float, "e"))
	buf := inText(t, "")
	if err := Frame(df, FrameOptions{MaxColumns: 3}); err != nil {
		t.Fatal(err)
	}
	want := `2 rows × 6 columns, columns as rows
column  easy  fcfs
a          1     2
b          3     4
c          5     6
d          7     8
e        0.5  0.25
`
	if got := buf.String(); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	// Split into two parts only, the frame keeps its rows, the scheduler in each part.
	buf.Reset()
	if err := Frame(df, FrameOptions{MaxColumns: 4}); err != nil {
		t.Fatal(err)
	}
	if got := buf.String(); strings.Count(got, "scheduler") != 2 || !strings.Contains(got, "(part 2 of 2)") {
		t.Errorf("split frame:\n%s", got)
	}
}

// TestFigureLintFile: with LintEnv set, ShowFigure appends the lint's
// findings on a figure to the file, and nothing for a clean figure.
func TestFigureLintFile(t *testing.T) {
	inNotebook(t)
	path := filepath.Join(t.TempDir(), "lint.txt")
	t.Setenv(LintEnv, path)
	panel := func(title string) *plot.Plot {
		p := plots.New(plots.Axes{Title: title, XLabel: "time [s]", YLabel: "jobs"})
		if _, err := plots.AddLines(p, []plots.XY{{Label: "jobs", X: []float64{0, 1, 2}, Y: []float64{1, 3, 2}}}, plots.LinesOptions{}); err != nil {
			t.Fatal(err)
		}
		return p
	}
	if err := Figure(plots.NewFigure("clean", "a caption", 1, panel("KTH-SP2"))); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(path); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("a clean figure wrote the lint file (%v)", err)
	}
	if err := Figure(plots.NewFigure("raw", "a caption", 1, panel("KTH-SP2-1996-2.4-cln.swf"))); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if got := string(b); !strings.HasPrefix(got, `"raw": `) || !strings.Contains(got, ".swf") {
		t.Errorf("lint file:\n%s", got)
	}
	// A link is refused, and its target is left as it was.
	link := filepath.Join(t.TempDir(), "link.txt")
	if err := os.Symlink(path, link); err != nil {
		t.Fatal(err)
	}
	t.Setenv(LintEnv, link)
	if err := Figure(plots.NewFigure("raw", "a caption", 1, panel("KTH-SP2-1996-2.4-cln.swf"))); err == nil || !strings.Contains(err.Error(), "not a regular file") {
		t.Errorf("lint file through a link: err = %v, want not a regular file", err)
	}
	if after, _ := os.ReadFile(path); string(after) != string(b) {
		t.Errorf("the link's target changed:\n%s", after)
	}
}
