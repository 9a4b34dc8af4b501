//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly)

package outfile

// lockDirs does nothing where flock(2) is missing: each rename of a set
// is still atomic, but two processes committing sets into the same folder
// at once may interleave their renames.
func lockDirs(dirs []string) (unlock func()) { return func() {} }
