// Package malformed lists malformed and unusual SWF inputs, one per kind of
// mistake a real or careless log makes. The reader's table test
// (datasets.TestReadMalformed) states what Read does with each; the
// command-line tool's test runs every command on each of them and checks
// that it ends with a clear error or a sane result within bounded time and
// memory. A new kind of bad input is added here once and both tests see it.
//
// The package imports nothing of tracelab, so the datasets package's own
// tests can import it.
package malformed
