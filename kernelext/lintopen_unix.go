//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package kernelext

import "syscall"

// lintOpenFlags make opening the lint file refuse a symbolic link at the
// path (O_NOFOLLOW: a link placed after lintInto's Lstat is not followed)
// and not wait for a reader of a FIFO (O_NONBLOCK).
const lintOpenFlags = syscall.O_NOFOLLOW | syscall.O_NONBLOCK
