// Package kernelext displays tracelab results in GoNB notebooks (the
// "Go (tracelab)" Jupyter kernel): gonum plots inline as compact PNG images
// (Plot, Grid: the format Jupyter, nbconvert's HTML and code-hosting sites
// all show; see PlotOptions for why not SVG), Gota frames and small tables as
// HTML, Markdown and HTML blocks, an updatable progress bar, and sliders that
// redraw a plot (Interact).
//
// The notebooks reproduce the figures and tables of the papers in papers/
// (see DESIGN.md): the heavy work happens in the library packages, and
// notebooks only call them and show the results through this package.
//
// Outside a kernel (when GoNB did not start the program, as under go test or
// in a command) every helper degrades to plain text on standard output: a
// plot becomes a one-line description (and, when TRACELAB_PLOT_DIR is set,
// an SVG file in that folder), a frame an aligned text table, HTML its text.
// So the same code runs in a notebook, a test and a terminal.
//
// kernelext is the only tracelab package that imports GoNB's gonbui.
package kernelext
