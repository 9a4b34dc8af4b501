// Package plottest lets tests see what a *plot.Plot draws: the plotters a
// builder added (lines, scatters, histograms, bar charts) with their data,
// so a test of a plot builder asserts the lines, points and ranges it drew,
// not only that rendering succeeds.
package plottest
