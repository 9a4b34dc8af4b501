// Package study holds what the reproduction packages (repro/<paper>) share:
// the run mode (quick or full), the seed and the number of workers
// (Options); the real logs, read once per process and shared, with a log
// that is not available reported as ErrMissing rather than downloaded; the
// text of a paper (PaperText), for checking transcriptions and the list of
// numbered items; and Once, a typed memo so that a figure computed for a
// notebook cell is not computed again for the ledger; and Stored, the same
// kept on disk between processes (the cells of a notebook are each a new
// program) when TRACELAB_MEMO_DIR is set, keyed by the code (CodeKey) and
// every input.
//
// Quick mode runs the same code paths with fewer replicates, for CI; full
// mode uses the papers' replicate counts. Notebooks and tests take the mode
// from the environment (FromEnv: TRACELAB_QUICK), the command line from
// --quick.
package study
