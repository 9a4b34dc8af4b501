// Package kernelspec installs the "Go (tracelab)" Jupyter kernel: GoNB,
// built from the pinned tools module of a tracelab checkout, configured so
// that a notebook imports the checkout's packages
// (github.com/tracelab/tracelab/...) with no setup cell.
//
// Install does three things, each idempotent:
//
//  1. Builds gonb and goimports from <root>/tools (a separate module that pins
//     github.com/janpfeifer/gonb v0.11.4 and golang.org/x/tools v0.52.0 as
//     tool dependencies) into <root>/.tools/bin, unless they are newer than
//     tools/go.mod and tools/go.sum.
//  2. Writes a `go` shim, <root>/.tools/kernel/bin/go, first on the kernel's
//     PATH. It passes every call to the real go; after GoNB's `go mod init`
//     in its temporary directory ($GONB_TMP_DIR) it adds
//     `require github.com/tracelab/tracelab v0.0.0` and
//     `replace github.com/tracelab/tracelab => <root>` to the new go.mod and
//     copies the checkout's go.sum, and requires every module the
//     checkout's go.mod requires, at its version (the checkout's go.mod
//     lists its whole build list, so these are the versions `go get` would
//     resolve). A cell then imports gota, gonum, plot and gonbui at the
//     versions pinned in the checkout's go.mod, without asking the module
//     proxy for version lists (which it refuses here for gota and gonb).
//     GoNB's own --go_work flag is not enough: in a workspace, `go get`
//     still looks up the latest version of every imported module. GoNB
//     runs a plain `go get` before each cell (≈0.13 CPU-s and 0.5–1.7 s
//     each); the shim skips it when every package the cell's files import
//     is in the standard library or in a module go.mod requires, since the
//     build needs nothing more (every cell of the project's notebooks), and
//     otherwise when nothing else it reads (its arguments, the GO*
//     environment, go.mod, go.sum, go.work, the local replacements' go.mod)
//     changed since the last one that succeeded and every package the
//     cell's files import was imported by a go get that succeeded with
//     those inputs: it would change nothing. (GoNB drops the imports a cell
//     does not use and writes the others in map order, so the cell's import
//     list changes from cell to cell.)
//  3. Writes the kernelspec <dataDir>/kernels/<name>/kernel.json (display
//     name "Go (tracelab)"), which runs gonb with --raw_error (plain-text
//     compile errors), its log in <dataDir>/kernels/<name>/gonb.log instead
//     of stderr (see Spec: GoNB's start-up test lines and gopls notice
//     stay out of the user's terminal), the PATH above, and GOFLAGS with
//     -ldflags=-w (each cell is a new program; linking without DWARF saves
//     about a second per cell).
//
// The setup script scripts/setup-notebooks.sh (through the small program in
// install/) and the command `tracelab kernel install` both call Install.
// This package uses the standard library only, so it builds even when the
// rest of the module does not.
package kernelspec
