// Package tables writes numbers and data frames for people: the one way
// tracelab formats the values of a table, whichever page shows it — a
// notebook (kernelext.Frame) or the report page (tracelab report).
//
// A value is written by its kind: a count with thousands separators
// (28,476), a measure to a few significant digits without exponent for
// ordinary magnitudes (0.4217, 31,234), a share as a percentage, a
// duration in the unit that reads best (3 h 20 min), a time as a date. A
// missing value (NaN) reads "—", and the table says why in a note.
//
// Format turns a frame into a Table: the kind of each column is taken
// from its type, its values and its name (Kind), or given; a frame wider
// than a page is split into parts that repeat its leading label columns.
package tables
