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
// The figures reproduce those of the papers in papers/ (DESIGN.md): for
// example the runtime and size CDFs of Lublin & Feitelson (2003), Figs 2–7,
// and the per-user marginals of Zakay & Feitelson (2013), Fig 4, are ECDF
// plots; arrivals by hour (Lublin & Feitelson, Figs 8–9) are Lines or Bars.
package plots
