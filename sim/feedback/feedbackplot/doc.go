// Package feedbackplot draws the figures of the feedback simulations of
// package feedback from their frames: Zakay and Feitelson (2014) Fig. 3
// (Gantt charts of a toy schedule), Figs. 5–9 (arrivals per hour of the
// week and activity length per user, each model against the log) and
// Fig. 10 (queue-length distributions); Feitelson (2021) Fig. 8
// (cross-simulation queues), Fig. 15 (validation histogram), Figs. 17, 19
// and 21 (lines of any frame: throughput and session length against users
// and α, queue length through the day).
package feedbackplot
