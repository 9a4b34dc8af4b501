// Package outfile writes output files without losing data. It is the one
// way tracelab's packages and command write a file a user named:
//
//   - a regular file (or a path that does not exist yet) is written to a
//     temporary file in the same folder, synced, and renamed over the path
//     only once complete, so a failure or a kill never leaves a partial or
//     empty file where the old one was;
//   - a symbolic link is followed: the file it points to is replaced, the
//     link stays a link, and the replaced file keeps its permission bits;
//   - a device or a named pipe (/dev/null, /dev/stdout, a FIFO) is written
//     through, never replaced by a regular file;
//   - a directory is an error.
//
// Errors name the path the caller gave, never the hidden temporary file.
package outfile
