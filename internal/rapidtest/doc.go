// Package rapidtest runs property tests (pgregory.net/rapid) so that their
// saved failure cases cannot be dropped silently.
//
// When a property fails, rapid saves the failing case's random bits to
// testdata/rapid/TestName/TestName-*.fail beside the test, and every later
// rapid.Check of that test replays those files first. But rapid only logs,
// and passes, when a file cannot be replayed: unreadable, written by
// another rapid version, or no longer valid for the generators (they draw
// differently now). Check turns that log into a test failure, so a saved
// regression case is either replayed or removed on purpose. Property tests
// with saved failure files use Check instead of rapid.Check.
package rapidtest
