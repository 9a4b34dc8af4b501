// Package codehash computes the hash of the code a recorded ledger comes
// from, so that a stored result can be checked against the tree it claims
// to describe.
//
// Tree hashes the non-test Go files under the folders Dirs of a module's
// root: every file whose name ends in ".go" and not in "_test.go", found by
// walking each folder, except folders the go command ignores (named
// "testdata", or starting with "." or "_"). The hash is SHA-256 over, for
// each file in order of its slash-separated path relative to the root:
//
//	path "\x00" decimal length of the content "\x00" content
//
// and is written "sha256:" followed by 64 hexadecimal digits. It depends on
// nothing else: not on modification times, permissions, the checkout's
// location, or files of other kinds.
package codehash
