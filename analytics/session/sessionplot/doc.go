// Package sessionplot draws the figures of package session: one user's
// sessions, batches and dependencies (Zakay and Feitelson 2014, Figs. 1, 2
// and 4) and the continuation probability against the previous job's
// response time or slowdown (Feitelson 2021, Fig. 18). Every builder
// returns a *plot.Plot (built on package plots) or an error when nothing
// can be drawn.
package sessionplot
