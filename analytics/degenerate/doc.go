// Package degenerate holds no code: its tests run every analysis of
// tracelab's analytics packages (and the Lublin–Feitelson fitting of
// sim/lublin) on degenerate and randomly drawn odd logs — one job, one
// user, simultaneous submits, unknown or zero runtimes and processors,
// unsorted rows, exit codes as status, unknown users — and check that
// each one ends with a result or an error, never a panic, and that no
// result holds an infinity.
package degenerate
