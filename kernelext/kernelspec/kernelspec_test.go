package kernelspec

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"
)

// fakeCheckout makes a folder that looks like a tracelab checkout whose
// tools are already built (newer than tools/go.mod and go.sum), so Install
// does not build them.
func fakeCheckout(t *testing.T) string {
	t.Helper()
	root := t.TempDir()
	files := map[string]string{
		"go.mod": "module " + Module + "\n\ngo 1.26\n\nrequire (\n\texample.com/x v1.0.0\n\t\"example.com/q\" v1.1.0\n\texample.com/y v1.2.0 // indirect\n)\n\n" +
			"require example.com/z v0.3.0 // a comment\n\nreplace (\n\texample.com/w v1.0.0 => ./w\n)\n",
		"go.sum":       "example.com/x v1.0.0 h1:abc=\n",
		"tools/go.mod": "module " + Module + "/tools\n",
		"tools/go.sum": "",
	}
	for name, text := range files {
		p := filepath.Join(root, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	old := time.Now().Add(-time.Hour)
	for _, f := range []string{"tools/go.mod", "tools/go.sum"} {
		if err := os.Chtimes(filepath.Join(root, f), old, old); err != nil {
			t.Fatal(err)
		}
	}
	bin := filepath.Join(root, ".tools", "bin")
	if err := os.MkdirAll(bin, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, b := range []string{"gonb", "goimports"} {
		if err := os.WriteFile(filepath.Join(bin, b), []byte("#!/bin/sh\n"), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

func TestInstall(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the kernel's go shim is a POSIX shell script")
	}
	root := fakeCheckout(t)
	data := filepath.Join(t.TempDir(), "jupyter")
	var log strings.Builder
	res, err := Install(Options{Root: root, DataDir: data, Log: &log})
	if err != nil {
		t.Fatal(err)
	}
	if res.Built {
		t.Error("rebuilt tools that were up to date")
	}
	root, _ = filepath.EvalSymlinks(root)
	if res.KernelDir != filepath.Join(data, "kernels", "tracelab") {
		t.Errorf("KernelDir = %s", res.KernelDir)
	}
	b, err := os.ReadFile(filepath.Join(res.KernelDir, "kernel.json"))
	if err != nil {
		t.Fatal(err)
	}
	var spec kernelJSON
	if err := json.Unmarshal(b, &spec); err != nil {
		t.Fatal(err)
	}
	logFile := filepath.Join(res.KernelDir, LogFile)
	wantArgv := []string{filepath.Join(root, ".tools", "bin", "gonb"), "--kernel", "{connection_file}", "--raw_error",
		"--extra_log=" + logFile, "--logtostderr=false", "--log_file=" + logFile, "--stderrthreshold=FATAL"}
	if strings.Join(spec.Argv, " ") != strings.Join(wantArgv, " ") {
		t.Errorf("argv = %q, want %q", spec.Argv, wantArgv)
	}
	if spec.DisplayName != "Go (tracelab)" || spec.Language != "go" {
		t.Errorf("display name %q, language %q", spec.DisplayName, spec.Language)
	}
	path := filepath.SplitList(spec.Env["PATH"])
	if len(path) < 3 || path[0] != filepath.Join(root, ".tools", "kernel", "bin") || path[1] != filepath.Join(root, ".tools", "bin") {
		t.Errorf("kernel PATH = %q: want the shim, then the tools first", spec.Env["PATH"])
	}
	if !strings.Contains(spec.Env["GOFLAGS"], "-ldflags") {
		t.Errorf("kernel GOFLAGS = %q, want an -ldflags", spec.Env["GOFLAGS"])
	}
	fi, err := os.Stat(res.Shim)
	if err != nil || fi.Mode()&0o100 == 0 {
		t.Fatalf("shim %s: %v, mode %v", res.Shim, err, fi.Mode())
	}
	// Idempotent: a second install gives the same files.
	if _, err := Install(Options{Root: root, DataDir: data}); err != nil {
		t.Fatal(err)
	}
	b2, _ := os.ReadFile(filepath.Join(res.KernelDir, "kernel.json"))
	if string(b2) != string(b) {
		t.Error("second install changed kernel.json")
	}
	if left, _ := filepath.Glob(filepath.Join(res.KernelDir, ".*")); len(left) != 0 {
		t.Errorf("temporary files left: %v", left)
	}
}

func TestInstallErrors(t *testing.T) {
	notCheckout := t.TempDir()
	if err := os.WriteFile(filepath.Join(notCheckout, "go.mod"), []byte("module example.com/other\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	noTools := t.TempDir()
	if err := os.WriteFile(filepath.Join(noTools, "go.mod"), []byte("module "+Module+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		opts Options
		want string
	}{
		{"other module", Options{Root: notCheckout, DataDir: t.TempDir()}, "is not the module"},
		{"no go.mod", Options{Root: t.TempDir(), DataDir: t.TempDir()}, "not a tracelab checkout"},
		{"no tools module", Options{Root: noTools, DataDir: t.TempDir()}, "tools module"},
		{"bad name", Options{Root: fakeCheckout(t), DataDir: t.TempDir(), Name: "a/b"}, "bad kernel name"},
		// Issue 25: ".." wrote the kernel outside the kernels folder.
		{"name ..", Options{Root: fakeCheckout(t), DataDir: t.TempDir(), Name: ".."}, `bad kernel name ".."`},
		{"name .", Options{Root: fakeCheckout(t), DataDir: t.TempDir(), Name: "."}, `bad kernel name "."`},
		{"name with a space", Options{Root: fakeCheckout(t), DataDir: t.TempDir(), Name: "go tracelab"}, "bad kernel name"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Install(tt.opts)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %v, want one containing %q", err, tt.want)
			}
		})
	}
}

func TestFindRoot(t *testing.T) {
	root := fakeCheckout(t)
	deep := filepath.Join(root, "notebooks", "sub")
	if err := os.MkdirAll(deep, 0o755); err != nil {
		t.Fatal(err)
	}
	got, err := FindRoot(deep)
	if err != nil || got != root {
		t.Errorf("FindRoot = %q, %v; want %q", got, err, root)
	}
	// tools/go.mod is another module: FindRoot goes past it.
	got, err = FindRoot(filepath.Join(root, "tools"))
	if err != nil || got != root {
		t.Errorf("FindRoot(tools) = %q, %v; want %q", got, err, root)
	}
	if _, err := FindRoot(t.TempDir()); err == nil {
		t.Error("no checkout: no error")
	}
}

// TestShim runs the go shim the way GoNB does: `go mod init` in
// $GONB_TMP_DIR must leave a go.mod that requires and replaces tracelab,
// requires every module the checkout's go.mod requires (block and
// one-line forms, quoted paths, comments) at its version, and the
// checkout's go.sum; any other call is passed through untouched.
func TestShim(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the kernel's go shim is a POSIX shell script")
	}
	goBin, err := realGo("")
	if err != nil {
		t.Skip("no go command:", err)
	}
	root := fakeCheckout(t)
	shim := filepath.Join(t.TempDir(), "go")
	if err := os.WriteFile(shim, []byte(Shim(goBin, root)), 0o755); err != nil {
		t.Fatal(err)
	}
	run := func(dir, gonbTmp string, args ...string) string {
		t.Helper()
		cmd := exec.Command(shim, args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GONB_TMP_DIR="+gonbTmp, "GOFLAGS=", "GOWORK=off")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%s %v: %v\n%s", shim, args, err, out)
		}
		return string(out)
	}

	tmp := t.TempDir()
	run(tmp, tmp, "mod", "init", "gonb_12345678")
	mod, err := os.ReadFile(filepath.Join(tmp, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"module gonb_12345678", "replace " + Module + " => " + root} {
		if !strings.Contains(string(mod), want) {
			t.Errorf("go.mod lacks %q:\n%s", want, mod)
		}
	}
	// Every requirement of the checkout's go.mod, at its version, and no
	// replacement but tracelab's.
	var edit struct {
		Require []struct{ Path, Version string }
		Replace []struct{ Old struct{ Path string } }
	}
	if err := json.Unmarshal([]byte(run(tmp, tmp, "mod", "edit", "-json")), &edit); err != nil {
		t.Fatal(err)
	}
	var reqs []string
	for _, r := range edit.Require {
		reqs = append(reqs, r.Path+"@"+r.Version)
	}
	slices.Sort(reqs)
	if want := []string{"example.com/q@v1.1.0", "example.com/x@v1.0.0", "example.com/y@v1.2.0", "example.com/z@v0.3.0", Module + "@v0.0.0"}; !slices.Equal(reqs, want) {
		t.Errorf("go.mod requires %v, want %v", reqs, want)
	}
	if len(edit.Replace) != 1 || edit.Replace[0].Old.Path != Module {
		t.Errorf("go.mod replaces %+v, want only %s", edit.Replace, Module)
	}
	sum, _ := os.ReadFile(filepath.Join(tmp, "go.sum"))
	if string(sum) != "example.com/x v1.0.0 h1:abc=\n" {
		t.Errorf("go.sum = %q, want the checkout's", sum)
	}

	// Outside GoNB's directory, mod init is plain.
	other := t.TempDir()
	run(other, tmp, "mod", "init", "example.com/plain")
	mod, _ = os.ReadFile(filepath.Join(other, "go.mod"))
	if strings.Contains(string(mod), Module) {
		t.Errorf("mod init outside $GONB_TMP_DIR was changed:\n%s", mod)
	}
	// Other commands pass through.
	if got := strings.TrimSpace(run(other, tmp, "env", "GOROOT")); got != filepath.Dir(filepath.Dir(goBin)) {
		t.Errorf("go env GOROOT through the shim = %q, want %q", got, filepath.Dir(filepath.Dir(goBin)))
	}
}

// fakeShim writes, in a temporary folder, a fake go that runs the shell
// line body and the kernel's go shim (Shim) in front of it; it returns the
// shim's path and the folder.
func fakeShim(t *testing.T, body string) (shim, dir string) {
	t.Helper()
	dir = t.TempDir()
	fake := filepath.Join(dir, "fakego")
	if err := os.WriteFile(fake, []byte("#!/bin/sh\n"+body+"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	shim = filepath.Join(dir, "go")
	if err := os.WriteFile(shim, []byte(Shim(fake, dir)), 0o755); err != nil {
		t.Fatal(err)
	}
	return shim, dir
}

// TestShimBuildGOGC checks that the shim runs go build (and only build)
// with GOGC=400, unless the caller set GOGC: a fake go prints its GOGC.
func TestShimBuildGOGC(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the kernel's go shim is a POSIX shell script")
	}
	shim, dir := fakeShim(t, `echo "$1 GOGC=${GOGC:-unset}"`)
	for _, c := range []struct {
		arg, gogc, want string
	}{
		{"build", "", "build GOGC=400"},
		{"build", "50", "build GOGC=50"},
		{"get", "", "get GOGC=unset"},
		{"run", "", "run GOGC=unset"},
	} {
		cmd := exec.Command(shim, c.arg)
		cmd.Dir = dir
		env := slices.DeleteFunc(os.Environ(), func(s string) bool { return strings.HasPrefix(s, "GOGC=") })
		if c.gogc != "" {
			env = append(env, "GOGC="+c.gogc)
		}
		cmd.Env = env
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%s %s: %v\n%s", shim, c.arg, err, out)
		}
		if got := strings.TrimSpace(string(out)); got != c.want {
			t.Errorf("go %s with GOGC=%q: the real go saw %q, want %q", c.arg, c.gogc, got, c.want)
		}
	}
}

// TestShimBuildPGO checks that the shim links go build (and only build)
// without symbols and DWARF, and adds -pgo=$TRACELAB_PGO when TRACELAB_PGO
// is set: a fake go prints its arguments.
func TestShimBuildPGO(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the kernel's go shim is a POSIX shell script")
	}
	shim, dir := fakeShim(t, `echo "$@"`)
	for _, c := range []struct {
		args      []string
		pgo, want string
	}{
		{[]string{"build", "-o", "x", "."}, "/p/cell.pgo", "build -ldflags=-s -w -pgo=/p/cell.pgo -o x ."},
		{[]string{"build", "-o", "x", "."}, "", "build -ldflags=-s -w -o x ."},
		{[]string{"get", "a/b"}, "/p/cell.pgo", "get a/b"},
		{[]string{"run", "."}, "/p/cell.pgo", "run ."},
	} {
		cmd := exec.Command(shim, c.args...)
		cmd.Dir = dir
		env := slices.DeleteFunc(os.Environ(), func(s string) bool { return strings.HasPrefix(s, "TRACELAB_PGO=") })
		if c.pgo != "" {
			env = append(env, "TRACELAB_PGO="+c.pgo)
		}
		cmd.Env = env
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%s %v: %v\n%s", shim, c.args, err, out)
		}
		if got := strings.TrimSpace(string(out)); got != c.want {
			t.Errorf("go %v with TRACELAB_PGO=%q: the real go saw %q, want %q", c.args, c.pgo, got, c.want)
		}
	}
}

func TestSpec(t *testing.T) {
	b, err := Spec("/x/gonb", "Go (tracelab)", "/a:/b", "", "")
	if err != nil {
		t.Fatal(err)
	}
	var spec kernelJSON
	if err := json.Unmarshal(b, &spec); err != nil {
		t.Fatal(err)
	}
	if _, ok := spec.Env["GOFLAGS"]; ok {
		t.Error("empty GOFLAGS written")
	}
	if spec.InterruptMode != "message" || spec.Env["PATH"] != "/a:/b" {
		t.Errorf("spec = %+v", spec)
	}
	if _, err := Spec("", "x", "", "", ""); err == nil {
		t.Error("empty gonb path: no error")
	}
}

func TestJoinPath(t *testing.T) {
	sep := string(os.PathListSeparator)
	got := joinPath("/a", "/b"+sep+"/a"+sep+sep+"/c", "")
	if want := "/a" + sep + "/b" + sep + "/c"; got != want {
		t.Errorf("joinPath = %q, want %q", got, want)
	}
}

// TestShimGet runs GoNB's plain `go get` through the shim in $GONB_TMP_DIR,
// with a fake go that counts its calls (and adds a requirement to go.mod,
// as go get does for a new import), on cells that import packages of
// modules go.mod does not require (example.com/a, b, c): the shim skips it
// exactly when nothing go get reads has changed since the last one that
// succeeded and every import was imported by one that succeeded with these
// inputs. (TestShimGetCovered: imports go.mod covers.)
func TestShimGet(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the kernel's go shim is a POSIX shell script")
	}
	shim, dir := fakeShim(t, `echo "$*" >>"$CALLS"
[ -f fail ] && exit 1
if [ "$1" = get ] && grep -q '"example.com/new"' main.go && ! grep -q example.com/new go.mod; then
	echo 'require example.com/new v1.0.0' >>go.mod
fi
exit 0`)
	write := func(path, text string) {
		t.Helper()
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	in := func(name string) string { return filepath.Join(dir, name) }
	mainGo := func(imports, body string) string {
		return "package main\n\nimport (\n" + imports + ")\n\nfunc main() {\n" + body + "}\n"
	}
	rep := t.TempDir() // a local replacement
	write(filepath.Join(rep, "go.mod"), "module example.com/rep\n")
	goMod := "module gonb_x\n\nreplace example.com/rep => " + rep + "\n"
	write(in("go.mod"), goMod)
	write(in("main.go"), mainGo("\t\"example.com/a\"\n", "\ta.F(1)\n"))
	calls := filepath.Join(t.TempDir(), "calls")
	outside := t.TempDir()
	env := append(slices.DeleteFunc(os.Environ(), func(s string) bool { return strings.HasPrefix(s, "GO") }),
		"GONB_TMP_DIR="+dir, "CALLS="+calls)
	cases := []struct {
		name   string
		change func()
		args   []string
		env    string // one more variable
		dir    string // "" is $GONB_TMP_DIR
		runs   bool
	}{
		{"first", func() {}, []string{"get"}, "", "", true},
		{"again", func() {}, []string{"get"}, "", "", false},
		{"another cell body", func() { write(in("main.go"), mainGo("\t\"example.com/a\"\n", "\ta.F(2)\n")) }, []string{"get"}, "", "", false},
		{"a new import", func() { write(in("main.go"), mainGo("\t\"example.com/new\"\n\t\"example.com/a\"\n", "")) }, []string{"get"}, "", "", true},
		{"after it changed go.mod", func() {}, []string{"get"}, "", "", false},
		// GoNB drops the imports a cell does not use and writes the others
		// in map order: nothing new to resolve.
		{"fewer imports", func() { write(in("main.go"), mainGo("\t\"example.com/new\"\n", "")) }, []string{"get"}, "", "", false},
		{"imports in another order", func() { write(in("main.go"), mainGo("\t\"example.com/a\"\n\t\"example.com/new\"\n", "")) }, []string{"get"}, "", "", false},
		{"an import alias", func() { write(in("main.go"), mainGo("\tx \"example.com/new\"\n\t\"example.com/a\"\n", "")) }, []string{"get"}, "", "", false},
		{"an import resolved before", func() { write(in("main.go"), mainGo("\t\"example.com/a\"\n", "")) }, []string{"get"}, "", "", false},
		{"a new import after them", func() { write(in("main.go"), mainGo("\t\"example.com/a\"\n\t\"example.com/b\"\n", "")) }, []string{"get"}, "", "", true},
		{"the imports of both", func() { write(in("main.go"), mainGo("\t\"example.com/new\"\n\t\"example.com/b\"\n", "")) }, []string{"get"}, "", "", false},
		{"a test file's import", func() { write(in("x_test.go"), "package main\n\nimport \"example.com/a\"\n") }, []string{"get"}, "", "", true},
		{"the test file again", func() { write(in("x_test.go"), "package main\n\nimport \"example.com/b\"\n") }, []string{"get"}, "", "", true},
		{"the test file gone", func() { os.Remove(in("x_test.go")) }, []string{"get"}, "", "", false},
		{"go.mod edited", func() { write(in("go.mod"), goMod+"require b v1\n") }, []string{"get"}, "", "", true},
		{"go.sum", func() { write(in("go.sum"), "b v1 h1:x\n") }, []string{"get"}, "", "", true},
		{"the replacement's go.mod", func() { write(filepath.Join(rep, "go.mod"), "module example.com/rep\n\nrequire c v1\n") }, []string{"get"}, "", "", true},
		{"another file's imports", func() { write(in("other.go"), "package main\n\nimport \"example.com/c\"\n") }, []string{"get"}, "", "", true},
		{"GOFLAGS", func() {}, []string{"get"}, "GOFLAGS=-mod=mod", "", true},
		{"with -t", func() {}, []string{"get", "-t"}, "", "", true},
		{"with -t again", func() {}, []string{"get", "-t"}, "", "", false},
		{"a module argument", func() {}, []string{"get", "example.com/new@v1.0.0"}, "", "", true},
		{"a module argument again", func() {}, []string{"get", "example.com/new@v1.0.0"}, "", "", true},
		{"outside $GONB_TMP_DIR", func() {}, []string{"get"}, "", outside, true},
		{"outside again", func() {}, []string{"get"}, "", outside, true},
		{"failed", func() { write(in("fail"), ""); write(in("main.go"), mainGo("\t\"example.com/c\"\n", "")) }, []string{"get"}, "", "", true},
		{"after a failure", func() { os.Remove(in("fail")) }, []string{"get"}, "", "", true},
		{"after the success", func() {}, []string{"get"}, "", "", false},
	}
	n := 0
	for _, c := range cases {
		c.change()
		cmd := exec.Command(shim, c.args...)
		cmd.Dir = dir
		if c.dir != "" {
			cmd.Dir = c.dir
		}
		cmd.Env = env
		if c.env != "" {
			cmd.Env = append(slices.Clone(env), c.env)
		}
		out, err := cmd.CombinedOutput()
		if wantErr := c.name == "failed"; (err != nil) != wantErr {
			t.Fatalf("%s: go %v: %v, want an error %v\n%s", c.name, c.args, err, wantErr, out)
		}
		b, err := os.ReadFile(calls)
		if err != nil {
			t.Fatal(err)
		}
		got := strings.Count(string(b), "\n")
		if ran := got > n; ran != c.runs {
			t.Errorf("%s: go %v ran the real go: %v, want %v", c.name, c.args, ran, c.runs)
		}
		n = got
	}
}

// TestShimGetCovered runs GoNB's plain `go get` through the shim in
// $GONB_TMP_DIR with a fake go that counts its calls: the shim skips it,
// with no earlier go get, when every package the cell's files import is in
// the standard library or in a module go.mod requires (the module's path or
// below it, not a path that only starts with it), and passes it on
// otherwise.
func TestShimGetCovered(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the kernel's go shim is a POSIX shell script")
	}
	goMod := "module gonb_x\n\ngo 1.26\n\nrequire (\n\texample.com/mod v1.0.0 // indirect\n\t\"example.com/quoted\" v1.0.0\n)\n\n" +
		"require example.com/one v0.1.0\n\nreplace example.com/rep v1.0.0 => example.com/fork v1.0.0\n"
	mainGo := func(imports ...string) string {
		s := "package main\n\nimport (\n"
		for _, im := range imports {
			s += "\t" + im + "\n"
		}
		return s + ")\n\nfunc main() {}\n"
	}
	for _, c := range []struct {
		name    string
		main    string // main.go
		test    string // x_test.go, "" for none
		noGoMod bool
		args    []string
		runs    bool
	}{
		{"standard library", mainGo(`"fmt"`, `"net/http"`), "", false, []string{"get"}, false},
		{"no import", "package main\n\nfunc main() {}\n", "", false, []string{"get"}, false},
		{"a required module", mainGo(`"example.com/mod"`), "", false, []string{"get"}, false},
		{"a package below it", mainGo(`"fmt"`, `x "example.com/mod/a/b"`), "", false, []string{"get"}, false},
		{"a one-line require", mainGo(`"example.com/one/p"`), "", false, []string{"get"}, false},
		{"a quoted require", mainGo(`"example.com/quoted/p"`), "", false, []string{"get"}, false},
		{"a test file", mainGo(`"fmt"`), "package main\n\nimport \"example.com/mod/t\"\n", false, []string{"get", "-t"}, false},
		{"a path that starts like a module", mainGo(`"example.com/module"`), "", false, []string{"get"}, true},
		{"a module not required", mainGo(`"fmt"`, `"example.com/other/p"`), "", false, []string{"get"}, true},
		{"a replaced module only", mainGo(`"example.com/rep"`), "", false, []string{"get"}, true},
		{"in a test file", mainGo(`"fmt"`), "package main\n\nimport \"example.com/other\"\n", false, []string{"get", "-t"}, true},
		{"no go.mod", mainGo(`"fmt"`), "", true, []string{"get"}, true},
		{"a module argument", mainGo(`"fmt"`), "", false, []string{"get", "example.com/mod@v1.0.0"}, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			shim, dir := fakeShim(t, `echo "$*" >>"$CALLS"`)
			files := map[string]string{"go.mod": goMod, "main.go": c.main, "x_test.go": c.test}
			for name, text := range files {
				if text == "" || (name == "go.mod" && c.noGoMod) {
					continue
				}
				if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			calls := filepath.Join(t.TempDir(), "calls")
			cmd := exec.Command(shim, c.args...)
			cmd.Dir = dir
			cmd.Env = append(slices.DeleteFunc(os.Environ(), func(s string) bool { return strings.HasPrefix(s, "GO") }),
				"GONB_TMP_DIR="+dir, "CALLS="+calls)
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("go %v: %v\n%s", c.args, err, out)
			}
			_, err := os.Stat(calls)
			if ran := err == nil; ran != c.runs {
				t.Errorf("go %v ran the real go: %v, want %v", c.args, ran, c.runs)
			}
			left, _ := filepath.Glob(filepath.Join(dir, ".tracelab-go-get*.mods"))
			if len(left) > 0 {
				t.Errorf("files left behind: %v", left)
			}
		})
	}
}
