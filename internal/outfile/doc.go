// Package outfile writes output files without losing data. It is the one
// way tracelab's packages and command write a file a user named:
//
//   - a regular file (or a path that does not exist yet) is written to a
//     temporary file in the same folder, synced, and renamed over the path
//     only once complete, so a failure or a kill never leaves a partial or
//     empty file where the old one was;
//   - a symbolic link is followed: the file it points to is replaced, the
//     link stays a link, and the replaced file keeps its permission bits
//     and, as far as the process may give it, its owner and group;
//   - a stream is written through, never replaced by a regular file: a
//     character device or a named pipe (/dev/null, a FIFO), and a
//     process's own descriptor (/dev/stdout, /dev/fd/N, /proc/self/fd/N),
//     whatever it is open on but a block device;
//   - a block device (a disk, /dev/sda) is an error (ErrBlockDevice):
//     writing through it would destroy its file system;
//   - a directory is an error, and so is a read-only regular file (no
//     write permission, or no write bit at all for root): a rename would
//     get round the protection that a shell's ">" respects.
//
// Check tells before any work whether a path can be written, so that a
// command fails at once rather than after hours of computation. A Set
// writes several files that are committed together: every one is written
// to its temporary file before any is renamed, and two processes that
// commit sets into the same folders rename one set after the other (an
// flock on each folder, waited on for at most 10 s), so that the files of
// a set all come from one run.
//
// Temporary files are removed on every exit path: on an error, and on an
// interrupt, where the program's signal handler calls Abort, which
// removes the temporary files of writes in progress and makes them fail.
//
// Errors name the path the caller gave, never the hidden temporary file.
package outfile
