// Package localityplot draws the figures of Feitelson, "Locality of
// sampling and diversity in parallel system workloads" (ICS 2007) and of
// §5.2 of Zakay and Feitelson (2013) from the frames of package locality
// and of sim/repetitions. Every builder takes frames with documented
// columns and returns a *plot.Plot (built on package plots), or an error
// when a column is missing or nothing can be drawn.
package localityplot
