// Package simplot draws the figures of scheduler simulations (package sim)
// and of users' runtime estimates (package sim/estimates): the schedule of
// a few jobs as a Gantt chart with its wasted processor time (Feitelson
// 2021 Fig. 1), the histogram of estimate accuracy (Fig. 2), the CDFs of
// estimates and runtimes (Fig. 3), and the weekly timelines of a
// simulation (queue length, outstanding jobs), the input of the resampling
// saturation test (Zakay and Feitelson 2013 §6.3).
//
// Builders take results and return *plot.Plot; display them with
// kernelext.Plot or save them with plots.SaveSVG.
package simplot
