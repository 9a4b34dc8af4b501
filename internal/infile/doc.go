// Package infile opens the input files a user named where a program needs
// a complete regular file (random access, as Parquet's footer needs, or a
// file that ends): a named pipe would block until some other program
// writes to it, a device may never end, a folder is no file. Open refuses
// them with an error naming the path and what it is, without blocking (a
// FIFO is opened non-blocking, then checked); ReadFile also bounds the
// bytes read.
//
// Logs read as streams (SWF, sacct) may come from pipes and do not go
// through this package.
package infile
