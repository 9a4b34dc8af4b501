// Package plots builds the gonum plots that tracelab's notebooks, reports
// and commands share: ECDFs of several labelled samples, histograms,
// scatter plots, bar charts and line charts, plus SVG and PNG output.
//
// Every builder takes plain float64 slices and an options struct whose zero
// value is a sensible default, and returns (*plot.Plot, error): an error for
// data that cannot be drawn (nothing finite left, mismatched lengths), never a
// panic. Values that gonum/plot cannot draw are left out explicitly, as each
// builder documents: NaN and ±Inf always (gonum's NewHist panics on NaN), and
// non-positive coordinates on a logarithmic axis (log scales panic on them).
//
// # One style
//
// Every figure of the project is drawn in one style (DESIGN.md, "Figure
// style"), set here and used by every *plot package:
//
//   - Roles (Role): the original, or the paper's value, is one bold black
//     line (Original); compared series take the eight colour-blind-safe
//     colours of Palette in turn (Okabe–Ito, then two of Tol's), no colour
//     twice in a panel, dashed where the paper draws them dashed (Compared,
//     SeriesStyle, DashedStyle); variants, replicates and resampled logs
//     are a light band with their median (Variant with LinesOptions.Band
//     or ECDFOptions.Band, Envelope), never a colour each; guides and
//     reference lines are thin grey dashes (Guide).
//   - Ticks for people: steps of 1, 2 or 5 times a power of ten on a
//     linear axis (one step fewer for labels of six characters), one
//     number format per axis (thousands in k from 10,000 on, with the unit
//     of the largest label, and below only as whole thousands: 2k, 4k; but
//     500, 1000, 1500), no trailing zeros (Ticks),
//     integers on count axes (IntegerTicks, Axes.IntegerX/Y), hours and
//     days of the week (HourTicks, WeekTicks), every decade labelled on
//     a log axis and a round value near an end otherwise left bare
//     (LogTicks), a figure's log axis ending at a labelled
//     round value when one lies just past a bare end (SnapLogEnds) and
//     labelling the 2× or 5× in a bare end when the drawn panel has room
//     for its label (labelLogEnd); room
//     above the highest point (Headroom), and
//     a log axis for ratios far from their reference (Intervals).
//   - Words for labels: Label is the one naming function (PWA file names,
//     seeds and column names to words: "resampled 3", "requested
//     runtime").
//   - Figures: a Figure is a title naming the paper's item (PaperFigure),
//     a one-line caption saying what to see, panels aligned in a grid that
//     may share axes, and one key beside the data (at most six entries;
//     more series become a band, facets or direct labels, AddLabels).
//
// Package plottest lints figures against these rules (the tests of each
// repro package lint every figure it makes); testdata/*_golden.png are
// golden images of a few figures (go test -regen rewrites them).
//
// The figures reproduce those of the papers in papers/ (DESIGN.md): for
// example the runtime and size CDFs of Lublin & Feitelson (2003), Figs 2–7,
// and the per-user marginals of Zakay & Feitelson (2013), Fig 4, are ECDF
// plots; arrivals by hour (Lublin & Feitelson, Figs 8–9) are Lines or Bars.
package plots
