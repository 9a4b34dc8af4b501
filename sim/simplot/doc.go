// Package simplot draws the figures of scheduler simulations (package sim)
// and of users' runtime estimates (package sim/estimates): a schedule as a
// Gantt chart with its wasted processor time (Feitelson 2021 Fig. 1) — a
// few jobs, or a window of a log's schedule, in lanes on a large machine,
// coloured by job, by user or by wait; utilisation and queue length bin by
// bin over time (sim.Result.Binned), a simulation's beside the log's own
// (sim.Logged); the histogram of estimate accuracy (Fig. 2), the CDFs of
// estimates and runtimes (Fig. 3), and the weekly timelines of a
// simulation (queue length, outstanding jobs), the input of the resampling
// saturation test (Zakay and Feitelson 2013 §6.3).
//
// Builders take results and return *plot.Plot; display them with
// kernelext.Plot or save them with plots.SaveSVG.
package simplot
