// Package simtest holds schedulers of one's own for tests: types of
// another package than sim, which the engine cannot recognise as built-in,
// so that the tests of every path that runs a scheduler (sim, resample,
// sweep, compare, feedback, the command line) check that a researcher's
// scheduler runs there as ours do.
//
// Importing it registers four names (sim.Register):
//
//	test-wrap:NAME      Wrapped around the built-in NAME (bare: easy); not a Resetter
//	test-reusable:NAME  Reusable around NAME, a Resetter (NAME must be one)
//	test-sjf            SJF, shortest-job-first without backfilling
//	test-fcfs           FCFS on the engine's public API only (must equal sim.FCFS)
//
// RegisterHostile adds "test-hostile:KIND", schedulers with bugs (Hostile)
// that every path must turn into an error naming them.
//
// A wrapped built-in must give the built-in's schedule start for start;
// SJF is a policy no built-in implements.
package simtest
