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
//
// Processes that ask for one result at the same time compute it once: the
// first holds a lock on it (flock(2) on a file key.lock beside the result's
// key.gob, where the system has flock) while it computes and stores it,
// and the others wait, then read it. Whatever the holder fails to store,
// a waiter computes itself once the lock is released, by the holder or,
// for a killed one, by the kernel. A process holding a lock never waits
// for another, so nested results cannot deadlock. Lock files are empty;
// a result's is removed once the result is stored.
package diskmemo
