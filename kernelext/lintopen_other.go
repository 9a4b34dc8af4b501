//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly)

package kernelext

// lintOpenFlags: no O_NOFOLLOW here; lintInto's Lstat and the opened
// file's Stat refuse what is not a regular file.
const lintOpenFlags = 0
