// Package diskmemo keeps the results of expensive computations in files,
// so that separate processes compute each result once: the cells of a
// GoNB notebook run as separate programs, and each would otherwise
// recompute what the cells before it computed.
//
// A result is stored under a key that the caller derives (Key) from
// everything that determines it: the code, the options, the seed, the
// input data. The memo is an optimisation only: any error reading or
// writing it falls back to computing, a result is stored only when it
// reads back exactly as computed (Get), and files are replaced
// atomically, so processes may share a folder.
package diskmemo
