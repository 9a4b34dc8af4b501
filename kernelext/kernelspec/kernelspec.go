package kernelspec

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"time"

	"github.com/tracelab/tracelab/internal/infile"
	"github.com/tracelab/tracelab/internal/outfile"
)

// Module is the module path of tracelab, which notebooks import.
const Module = "github.com/tracelab/tracelab"

// Defaults of Options.
const (
	DefaultName        = "tracelab"
	DefaultDisplayName = "Go (tracelab)"
)

// Tool packages built from the tools module.
var toolPackages = []string{"github.com/janpfeifer/gonb", "golang.org/x/tools/cmd/goimports"}

// Options says where and how to install the kernel. The zero value installs
// from the checkout around the current directory into the user's Jupyter
// data directory.
type Options struct {
	// Root is the tracelab checkout (the folder of its go.mod); "" means the
	// one that contains the current directory (see FindRoot).
	Root string
	// DataDir is the Jupyter data directory; the kernelspec goes to
	// DataDir/kernels/Name. "" means $JUPYTER_DATA_DIR, else the user's
	// default (~/.local/share/jupyter on Linux, ~/Library/Jupyter on macOS).
	DataDir string
	// Name is the kernel's name (notebooks' metadata.kernelspec.name);
	// "" means "tracelab".
	Name string
	// DisplayName is the name shown by Jupyter; "" means "Go (tracelab)".
	DisplayName string
	// Go is the go command to build with and to run in the kernel; "" means
	// the go of $(go env GOROOT) for the go found on PATH.
	Go string
	// Log receives progress messages; nil discards them.
	Log io.Writer
}

// Result says what Install did.
type Result struct {
	Root       string // the checkout
	KernelDir  string // folder of kernel.json
	Gonb       string // the gonb binary the kernel runs
	Shim       string // the go shim
	Built      bool   // whether gonb and goimports were (re)built
	KernelPATH string // PATH of the kernel
	Log        string // the kernel's log file
}

// Install builds the tools, writes the go shim and the kernelspec, as the
// package documentation describes.
func Install(opts Options) (Result, error) {
	var res Result
	logw := opts.Log
	if logw == nil {
		logw = io.Discard
	}
	root := opts.Root
	if root == "" {
		wd, err := os.Getwd()
		if err != nil {
			return res, err
		}
		if root, err = FindRoot(wd); err != nil {
			return res, err
		}
	} else if err := checkRoot(root); err != nil {
		return res, err
	}
	root, err := filepath.Abs(root)
	if err != nil {
		return res, err
	}
	if r, err := filepath.EvalSymlinks(root); err == nil {
		root = r
	}
	if strings.ContainsAny(root, "'\"\\\n") {
		return res, fmt.Errorf("kernelspec: the checkout path must not contain quotes, backslashes or newlines: %s", root)
	}
	res.Root = root
	dataDir := opts.DataDir
	if dataDir == "" {
		if dataDir, err = UserDataDir(); err != nil {
			return res, err
		}
	}
	if dataDir, err = filepath.Abs(dataDir); err != nil {
		return res, err
	}
	name := opts.Name
	if name == "" {
		name = DefaultName
	}
	if err := checkName(name); err != nil {
		return res, err
	}
	display := opts.DisplayName
	if display == "" {
		display = DefaultDisplayName
	}
	goBin, err := realGo(opts.Go)
	if err != nil {
		return res, err
	}

	binDir := filepath.Join(root, ".tools", "bin")
	res.Gonb = filepath.Join(binDir, "gonb")
	if res.Built, err = buildTools(root, binDir, goBin, logw); err != nil {
		return res, err
	}

	shimDir := filepath.Join(root, ".tools", "kernel", "bin")
	res.Shim = filepath.Join(shimDir, "go")
	if err := os.MkdirAll(shimDir, 0o755); err != nil {
		return res, err
	}
	if err := writeFile(res.Shim, []byte(Shim(goBin, root)), 0o755); err != nil {
		return res, err
	}

	res.KernelPATH = joinPath(shimDir, binDir, filepath.Dir(goBin), os.Getenv("PATH"))
	goflags, err := kernelGOFLAGS(goBin)
	if err != nil {
		return res, err
	}
	res.KernelDir = filepath.Join(dataDir, "kernels", name)
	if err := os.MkdirAll(res.KernelDir, 0o755); err != nil {
		return res, err
	}
	res.Log = filepath.Join(res.KernelDir, LogFile)
	spec, err := Spec(res.Gonb, display, res.KernelPATH, goflags, res.Log)
	if err != nil {
		return res, err
	}
	if err := writeFile(filepath.Join(res.KernelDir, "kernel.json"), spec, 0o644); err != nil {
		return res, err
	}
	fmt.Fprintf(logw, "kernel %q (%s) installed in %s\n", name, display, res.KernelDir)
	return res, nil
}

// FindRoot returns the tracelab checkout that contains dir: the nearest
// folder, from dir up, whose go.mod declares module github.com/tracelab/tracelab.
func FindRoot(dir string) (string, error) {
	dir, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	for d := dir; ; d = filepath.Dir(d) {
		if checkRoot(d) == nil {
			return d, nil
		}
		if filepath.Dir(d) == d {
			return "", fmt.Errorf("kernelspec: no tracelab checkout (go.mod of %s) in %s or above it", Module, dir)
		}
	}
}

// checkRoot reports whether root is a tracelab checkout. Its go.mod is
// opened as a regular file only (infile.Open): a named pipe there is
// refused, never waited on (os.Open blocked "kernel install --root"
// until a writer came, and FindRoot in every folder below it).
func checkRoot(root string) error {
	f, err := infile.Open(filepath.Join(root, "go.mod"))
	if err != nil {
		return fmt.Errorf("kernelspec: %s is not a tracelab checkout: %w", root, err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if fields := strings.Fields(sc.Text()); len(fields) == 2 && fields[0] == "module" && strings.Trim(fields[1], `"`) == Module {
			return nil
		}
	}
	return fmt.Errorf("kernelspec: %s/go.mod is not the module %s", root, Module)
}

// UserDataDir returns the Jupyter data directory: $JUPYTER_DATA_DIR, else
// the user's default for the operating system.
func UserDataDir() (string, error) {
	if d := os.Getenv("JUPYTER_DATA_DIR"); d != "" {
		return d, nil
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return "", fmt.Errorf("kernelspec: no Jupyter data directory: %w", err)
	}
	switch runtime.GOOS {
	case "darwin":
		return filepath.Join(home, "Library", "Jupyter"), nil
	case "windows":
		if d := os.Getenv("APPDATA"); d != "" {
			return filepath.Join(d, "jupyter"), nil
		}
	}
	if d := os.Getenv("XDG_DATA_HOME"); d != "" {
		return filepath.Join(d, "jupyter"), nil
	}
	return filepath.Join(home, ".local", "share", "jupyter"), nil
}

// realGo returns the go binary in GOROOT/bin for the given go command (""
// for the one on PATH), so that the shim never calls itself.
func realGo(goCmd string) (string, error) {
	if goCmd == "" {
		goCmd = "go"
	}
	p, err := exec.LookPath(goCmd)
	if err != nil {
		if _, serr := os.Stat("/usr/local/go/bin/go"); goCmd == "go" && serr == nil {
			p = "/usr/local/go/bin/go"
		} else {
			return "", fmt.Errorf("kernelspec: go not found: %w", err)
		}
	}
	out, err := exec.Command(p, "env", "GOROOT").Output()
	if err != nil {
		return "", fmt.Errorf("kernelspec: %s env GOROOT: %w", p, err)
	}
	g := filepath.Join(strings.TrimSpace(string(out)), "bin", "go")
	if _, err := os.Stat(g); err != nil {
		return "", fmt.Errorf("kernelspec: %w", err)
	}
	return g, nil
}

// buildTools builds gonb and goimports into binDir unless they are newer
// than tools/go.mod and tools/go.sum. It reports whether it built them.
func buildTools(root, binDir, goBin string, logw io.Writer) (bool, error) {
	toolsDir := filepath.Join(root, "tools")
	var newest time.Time
	for _, f := range []string{"go.mod", "go.sum"} {
		fi, err := os.Stat(filepath.Join(toolsDir, f))
		if err != nil {
			return false, fmt.Errorf("kernelspec: the tools module: %w", err)
		}
		if fi.ModTime().After(newest) {
			newest = fi.ModTime()
		}
	}
	bins := []string{filepath.Join(binDir, "gonb"), filepath.Join(binDir, "goimports")}
	upToDate := true
	for _, b := range bins {
		fi, err := os.Stat(b)
		if err != nil || !fi.ModTime().After(newest) || fi.Mode()&0o111 == 0 {
			upToDate = false
		}
	}
	if upToDate {
		return false, nil
	}
	fmt.Fprintf(logw, "building gonb and goimports from %s into %s\n", toolsDir, binDir)
	if err := os.MkdirAll(binDir, 0o755); err != nil {
		return false, err
	}
	args := append([]string{"build", "-o", binDir + string(os.PathSeparator)}, toolPackages...)
	cmd := exec.Command(goBin, args...)
	cmd.Dir = toolsDir
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=readonly")
	var stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stderr, &stderr
	if err := cmd.Run(); err != nil {
		return false, fmt.Errorf("kernelspec: building the tools (%s): %w\n%s", strings.Join(cmd.Args, " "), err, stderr.String())
	}
	now := time.Now()
	for _, b := range bins {
		if err := os.Chtimes(b, now, now); err != nil {
			return false, err
		}
	}
	return true, nil
}

// Shim returns the text of the go shim for the real go binary goBin and the
// checkout root (see the package documentation).
func Shim(goBin, root string) string {
	return `#!/bin/sh
# go shim of the "Go (tracelab)" Jupyter kernel, written by tracelab's
# kernelspec.Install (scripts/setup-notebooks.sh, tracelab kernel install).
# Every call goes to the real go. After GoNB's "go mod init" in its temporary
# directory, the new go.mod requires ` + Module + ` from the checkout
# and the checkout's go.sum is copied, so notebooks import tracelab packages
# (and the dependencies pinned in its go.mod) with no setup cell. A build
# (GoNB builds every cell: ≈1.3 CPU-s, most of it the link) collects
# garbage less often (GOGC=400 unless GOGC is set): ≈0.15 CPU-s less per
# cell, the same binary, ≈30 MB more at its peak. It links without the
# symbol table and DWARF (-ldflags=-s -w; a cell's binary is not debugged,
# and panics still print their stack from the runtime's own tables): ≈0.35
# CPU-s less per cell (1.27 -> 0.89 CPU-s to build a cell importing a
# paper's package), a binary of 17 MB instead of 22. With TRACELAB_PGO
# naming a CPU profile (scripts/reproduce.sh sets it in full mode), a build
# is profile-guided (go build -pgo): the same results, ≈10% less CPU in the
# resampling bootstrap; the first such build compiles every package again.
# The new go.mod also requires every module the checkout's go.mod requires,
# at the same versions (those go get would resolve: the checkout's go.mod
# lists its whole build list), so that a cell importing only the standard
# library, tracelab and the modules it pins builds with no go get.
# GoNB runs a plain "go get" before every cell's build (≈0.12 CPU-s and ≈0.4 s
# wall each): in $GONB_TMP_DIR the shim skips it when every package the
# cell's files import is in the standard library (its first path element
# has no dot) or in a module go.mod requires (see go_get_covered): it would
# at most mark a requirement direct. Else it skips it when nothing else it
# reads has changed since the last one that succeeded (see go_get_inputs)
# and every package the cell's files import was imported when go get last
# ran with these inputs (see go_get_imports), since it would then change
# nothing; a cell with a new import still gets one. (GoNB drops the imports
# a cell does not use and writes the others in map order, so the import set
# changes from cell to cell without anything new to resolve.)
REAL_GO='` + goBin + `'
ROOT='` + root + `'
MODULE='` + Module + `'
in_gonb_dir() {
	[ -n "$GONB_TMP_DIR" ] && [ "$(pwd -P)" = "$(cd "$GONB_TMP_DIR" 2>/dev/null && pwd -P)" ]
}
# go_mod_requires prints the requirements of go.mod file $1, one a line:
# module path, then $2 and the version when $2 is set.
go_mod_requires() {
	awk -v sep="$2" '{ sub(/\/\/.*/, "") }
		$1 == "require" && $2 == "(" { b = 1; next }
		b && $1 == ")" { b = 0; next }
		$1 == "require" && NF >= 3 { p = $2; v = $3 }
		b && NF >= 2 { p = $1; v = $2 }
		p != "" { gsub(/"/, "", p); gsub(/"/, "", v); print sep == "" ? p : p sep v; p = "" }' "$1"
}
if [ "$1" = mod ] && [ "$2" = init ] && in_gonb_dir; then
	"$REAL_GO" "$@" || exit $?
	"$REAL_GO" mod edit -require="$MODULE@v0.0.0" -replace="$MODULE=$ROOT" || exit $?
	set --
	for r in $(go_mod_requires "$ROOT/go.mod" '@'); do
		set -- "$@" "-require=$r"
	done
	if [ $# -gt 0 ]; then
		"$REAL_GO" mod edit "$@" || exit $?
	fi
	cat "$ROOT/go.sum" >>go.sum || exit $?
	exit 0
fi
# go_get_inputs prints everything a plain "go get" in GoNB's directory reads
# besides the imports: its arguments, the GO* environment and go env file,
# go.mod, go.sum, go.work and the go.mod of every local replacement (the
# checkout's among them).
go_get_inputs() {
	printf '%s\n' "$*"
	env | grep -E '^GO[A-Z0-9]*=' | LC_ALL=C sort
	cat "${GOENV:-${XDG_CONFIG_HOME:-$HOME/.config}/go/env}" go.mod go.sum go.work go.work.sum 2>/dev/null
	awk '/=>/ { p = $NF; if (p ~ /^(\/|\.\/|\.\.\/)/) print p }' go.mod 2>/dev/null |
		while IFS= read -r d; do cat "$d/go.mod" 2>/dev/null; done
}
# go_get_imports writes to file $1, sorted, the import paths of the cell's .go
# files (GoNB writes them in one "import (" block at the start of a line),
# those of _test.go files prefixed "test ".
go_get_imports() {
	: >"$1.raw" || return
	for f in *.go; do
		if [ -f "$f" ]; then
			case "$f" in *_test.go) k='test ' ;; *) k= ;; esac
			awk -v k="$k" '/^import \(/ { b = 1; next } b && /^\)/ { b = 0; next }
				(b || /^import /) && match($0, /"[^"]*"/) { print k substr($0, RSTART, RLENGTH) }' "$f" >>"$1.raw" || return
		fi
	done
	LC_ALL=C sort -u "$1.raw" >"$1" || return
	rm -f "$1.raw"
}
# go_get_covered reports whether every import listed in file $1 (as
# go_get_imports writes them) is in the standard library or in a module
# that ./go.mod requires (its path, or below it).
go_get_covered() {
	[ -f go.mod ] || return 1
	go_mod_requires go.mod >"$1.mods" || return 1
	awk 'FILENAME == ARGV[1] { m[$1] = 1; next }
		{ p = $NF; gsub(/"/, "", p); if (p !~ /^[^\/]*\./) next
		  for (q = p; !(q in m); ) if (!sub(/\/[^\/]*$/, "", q)) exit 1 }' "$1.mods" "$1"
	rc=$?
	rm -f "$1.mods"
	return $rc
}
if [ "$1" = get ] && { [ $# -eq 1 ] || { [ $# -eq 2 ] && [ "$2" = -t ]; }; } && in_gonb_dir; then
	state=.tracelab-go-get # the inputs of the last go get that succeeded
	known=.tracelab-go-get.imports # the imports go get resolved with those inputs
	go_get_imports "$known.now" || exit $?
	if go_get_covered "$known.now"; then
		rm -f "$known.now"
		exit 0
	fi
	go_get_inputs "$@" >"$state.now" || exit $?
	same=
	if [ -f "$state" ] && [ -f "$known" ] && cmp -s "$state" "$state.now"; then
		same=yes
		if [ -z "$(LC_ALL=C comm -23 "$known.now" "$known")" ]; then
			rm -f "$state.now" "$known.now"
			exit 0
		fi
	fi
	rm -f "$state"
	"$REAL_GO" "$@"
	rc=$?
	if [ $rc -ne 0 ]; then
		rm -f "$state.now" "$known" "$known.now"
		exit $rc
	fi
	go_get_inputs "$@" >"$state.after" || { rm -f "$state.now" "$state.after" "$known" "$known.now"; exit 0; }
	# The imports resolved before stay resolved when go get changed nothing
	# it reads (it only adds requirements and sums).
	if [ -n "$same" ] && cmp -s "$state.now" "$state.after"; then
		LC_ALL=C sort -u "$known" "$known.now" >"$known.tmp" && mv "$known.tmp" "$known"
	else
		mv "$known.now" "$known"
	fi
	mv "$state.after" "$state"
	rm -f "$state.now" "$known.now"
	exit 0
fi
if [ "$1" = build ] && [ -z "${GOGC:-}" ]; then
	GOGC=400
	export GOGC
fi
if [ "$1" = build ]; then
	shift
	if [ -n "${TRACELAB_PGO:-}" ]; then
		set -- -pgo="$TRACELAB_PGO" "$@"
	fi
	set -- build "-ldflags=-s -w" "$@"
fi
exec "$REAL_GO" "$@"
`
}

// kernelJSON is the Jupyter kernelspec format
// (https://jupyter-client.readthedocs.io/en/stable/kernels.html#kernel-specs).
type kernelJSON struct {
	Argv          []string          `json:"argv"`
	DisplayName   string            `json:"display_name"`
	Language      string            `json:"language"`
	InterruptMode string            `json:"interrupt_mode"`
	Env           map[string]string `json:"env"`
}

// joinPath joins PATH lists, dropping empty and repeated entries.
func joinPath(lists ...string) string {
	var out []string
	seen := map[string]bool{}
	for _, l := range lists {
		for _, d := range filepath.SplitList(l) {
			if d != "" && !seen[d] {
				seen[d] = true
				out = append(out, d)
			}
		}
	}
	return strings.Join(out, string(os.PathListSeparator))
}

// kernelGOFLAGS returns the GOFLAGS of the kernel: the go command's own
// (go env GOFLAGS, which includes the go env file) plus -ldflags=-w when no
// -ldflags is set. Every cell is a new program: linking without DWARF saves
// about a second per cell on 2 cores; stack traces keep file and line.
func kernelGOFLAGS(goBin string) (string, error) {
	out, err := exec.Command(goBin, "env", "GOFLAGS").Output()
	if err != nil {
		return "", fmt.Errorf("kernelspec: %s env GOFLAGS: %w", goBin, err)
	}
	flags := strings.TrimSpace(string(out))
	if !strings.Contains(flags, "-ldflags") {
		flags = strings.TrimSpace(flags + " -ldflags=-w")
	}
	return flags, nil
}

// LogFile is the name of the kernel's log, in the kernel's folder.
const LogFile = "gonb.log"

// Spec returns the kernel.json that runs gonb with the given display name,
// PATH and GOFLAGS (omitted when empty), logging to logFile.
//
// GoNB v0.11.4 logs with klog to stderr, which Jupyter shows in the
// terminal of the notebook server (and nbconvert in its output): at every
// start three test lines ("Info message", "Warning message", "Error
// message": its setUpKlog tests a log writer that is a nil *os.File
// inside a non-nil io.Writer), a notice when gopls is not installed, and a
// line per cell. With logFile set the kernel runs with
// --extra_log=logFile --logtostderr=false --log_file=logFile
// --stderrthreshold=FATAL: everything goes to logFile, and only a fatal
// error (the kernel cannot start) reaches stderr. An empty logFile keeps
// GoNB's defaults.
func Spec(gonb, displayName, path, goflags, logFile string) ([]byte, error) {
	if gonb == "" || displayName == "" {
		return nil, errors.New("kernelspec: empty gonb path or display name")
	}
	env := map[string]string{"PATH": path}
	if goflags != "" {
		env["GOFLAGS"] = goflags
	}
	argv := []string{gonb, "--kernel", "{connection_file}", "--raw_error"}
	if logFile != "" {
		argv = append(argv, "--extra_log="+logFile, "--logtostderr=false", "--log_file="+logFile, "--stderrthreshold=FATAL")
	}
	b, err := json.MarshalIndent(kernelJSON{
		Argv:          argv,
		DisplayName:   displayName,
		Language:      "go",
		InterruptMode: "message",
		Env:           env,
	}, "", " ")
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}

// writeFile writes data through internal/outfile (a temporary file renamed
// into place).
func writeFile(path string, data []byte, perm os.FileMode) error {
	if err := outfile.WriteFile(path, data, perm); err != nil {
		return fmt.Errorf("kernelspec: %w", err)
	}
	return nil
}

// kernelName is Jupyter's rule for kernel names (jupyter_client's
// kernelspec: ASCII letters, digits, ".", "_" and "-").
var kernelName = regexp.MustCompile(`^[A-Za-z0-9._-]+$`)

// checkName returns an error unless name is a kernel name Jupyter accepts
// that names a folder inside DataDir/kernels: "." and ".." pass Jupyter's
// rule but would write the kernel beside the kernels folder or above it.
func checkName(name string) error {
	if !kernelName.MatchString(name) || strings.Trim(name, ".") == "" {
		return fmt.Errorf("kernelspec: bad kernel name %q: want ASCII letters, digits, '.', '_' and '-', not only dots", name)
	}
	return nil
}
