// Package clip cuts text read from input files to a bounded size for
// messages and reports, never inside a UTF-8 sequence, marking a cut with
// "…".
package clip
