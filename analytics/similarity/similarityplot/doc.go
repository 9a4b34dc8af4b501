// Package similarityplot draws the figures of package similarity (Zakay and
// Feitelson 2013, §3): a statistic of job similarity against the distance
// in sessions (Fig. 1) and the randomisation bootstrap against the observed
// value (Fig. 2). Every builder returns a *plot.Plot (built on package
// plots) or an error when nothing can be drawn.
package similarityplot
