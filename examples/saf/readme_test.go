package saf_test

import (
	"go/ast"
	"go/parser"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// readmeCode returns examples/README.md's inline code spans and its
// command lines (the lines of its sh blocks), and the inline spans of
// the section "Your own scheduler" of the repository's README.
func readmeCode(t *testing.T) (spans, commands []string) {
	t.Helper()
	b, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	sec := schedulerSection(t)
	text := string(b)
	for {
		_, rest, ok := strings.Cut(text, "```sh\n")
		if !ok {
			break
		}
		block, after, _ := strings.Cut(rest, "```")
		for l := range strings.Lines(block) {
			if l, _, _ = strings.Cut(l, "#"); strings.TrimSpace(l) != "" {
				commands = append(commands, strings.TrimSpace(l))
			}
		}
		text = after
	}
	// Inline spans, a span broken over two lines included (the blocks removed).
	for _, md := range []string{string(b), sec} {
		text = regexp.MustCompile("(?s)```.*?```").ReplaceAllString(md, "")
		for _, m := range regexp.MustCompile("`([^`]+)`").FindAllStringSubmatch(text, -1) {
			spans = append(spans, strings.Join(strings.Fields(m[1]), " "))
		}
	}
	return spans, commands
}

// schedulerSection returns the section "Your own scheduler" of the
// repository's README.
func schedulerSection(t *testing.T) string {
	t.Helper()
	top, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, sec, ok := strings.Cut(string(top), "\n## Your own scheduler\n")
	sec, _, ok2 := strings.Cut(sec, "\n## ")
	if !ok || !ok2 {
		t.Fatal(`README.md: no section "## Your own scheduler"`)
	}
	return sec
}

// The packages a README name may belong to, by the qualifier it is written
// with; an unqualified name (Engine.Run, CompareContext) must be in one of
// them.
var readmePackages = map[string]string{
	"sim": "github.com/tracelab/tracelab/sim", "resample": "github.com/tracelab/tracelab/sim/resample",
	"feedback": "github.com/tracelab/tracelab/sim/feedback", "compare": "github.com/tracelab/tracelab/sim/compare",
	"sweep": "github.com/tracelab/tracelab/sim/sweep", "shake": "github.com/tracelab/tracelab/sim/shake",
	"batsim": "github.com/tracelab/tracelab/sim/batsim", "cli": "github.com/tracelab/tracelab/cli",
	"sim/simtest": "github.com/tracelab/tracelab/sim/simtest", "saf": "github.com/tracelab/tracelab/examples/saf",
	"fairshare": "github.com/tracelab/tracelab/examples/fairshare",
	"errors":    "errors", "context": "context",
}

var (
	// qualified: a span that names something of a Go package: pkg.Name,
	// pkg.Type.Method, Type.Method, *pkg.Type, Name() of a method.
	nameSpan = regexp.MustCompile(`^\*?(?:([a-z]+(?:/[a-z]+)?)\.)?([A-Z]\w*)(?:\.([A-Z]\w*))?(?:\([^)]*\))?$`)
)

// TestReadmeSnippets: every Go name in examples/README.md's inline code
// (sim.RunContext, Engine.RunUntil, resample.Mixed.Simulate, …) exists in
// its package (go doc), every inline Go snippet (a call, a literal, a
// type: `sim.Register("saf", …)`, `saf.New()`, `errors.Is(err,
// context.Canceled)`, …) compiles in a program that has the variables it
// uses, and (without -short) every command of its sh block runs as
// written and exits 0.
func TestReadmeSnippets(t *testing.T) {
	spans, commands := readmeCode(t)
	// Names.
	docs := map[string]string{}
	doc := func(pkg string) string {
		if d, ok := docs[pkg]; ok {
			return d
		}
		out, err := exec.Command("go", "doc", "-all", "-u=false", readmePackages[pkg]).CombinedOutput()
		if err != nil {
			t.Fatalf("go doc %s: %v\n%s", pkg, err, out)
		}
		docs[pkg] = string(out)
		return docs[pkg]
	}
	declares := func(d, name, method string) bool {
		if method != "" { // a method, or a field of a struct type
			return regexp.MustCompile(`func \(\w+ \*?`+name+`\) `+method+`\(`).MatchString(d) ||
				regexp.MustCompile(`(?ms)^type `+name+` struct \{.*?^\t`+method+`\b.*?^\}`).MatchString(d)
		}
		return regexp.MustCompile(`(?m)(^func ` + name + `[(\[]|^func \(\w+ \*?\w+\) ` + name + `\(|^type ` + name + `\b|^(var|const) ` + name + `\b|^\t` + name + `\b)`).MatchString(d)
	}
	names := 0
	for _, s := range spans {
		m := nameSpan.FindStringSubmatch(s)
		if m == nil {
			continue
		}
		pkg, name, method := m[1], m[2], m[3]
		if s == "Example" { // go test's (saf's Example function)
			continue
		}
		if pkg != "" && readmePackages[pkg] == "" {
			continue // a path or a word (go.mod, cmd/saflab)
		}
		found := false
		for p := range readmePackages {
			if (pkg == "" || p == pkg) && declares(doc(p), name, method) {
				found = true
				break
			}
		}
		if !found {
			t.Errorf("README names %q: not declared in its package", s)
		}
		names++
	}
	// Code.
	dir, err := os.MkdirTemp("..", "readmecheck")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	var body strings.Builder
	snippets := 0
	for _, s := range spans {
		// Code: a span with a call or a literal that parses as Go,
		// but for a method's name written with its parameters
		// (Name(), Engine.RunUntil(t): a name above).
		x, err := parser.ParseExpr(s)
		if !strings.ContainsAny(s, "({") || err != nil {
			continue
		}
		if m := nameSpan.FindStringSubmatch(s); m != nil && m[1] == "" {
			continue
		}
		body.WriteString("\t_ = func() { " + stmt(s, x) + " }\n")
		snippets++
	}
	src := `package main

import (
	"context"
	"errors"
	"slices"

	"github.com/tracelab/tracelab/cli"
	"github.com/tracelab/tracelab/examples/saf"
	"github.com/tracelab/tracelab/sim"
)

// New is the saf package's, as its init calls it.
func New() sim.Scheduler { return saf.New() }

func main() {
	var err error
	var e *sim.Engine // a scheduler's engine
	_, _, _, _, _, _ = err, e, context.Background, errors.Is, cli.Main, slices.Clone[[]int]
` + body.String() + "}\n"
	if err := os.WriteFile(filepath.Join(dir, "main.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	build := exec.Command("go", "build", "-o", os.DevNull, "./"+filepath.Base(dir))
	build.Dir = ".."
	if out, err := build.CombinedOutput(); err != nil {
		t.Errorf("README's snippets do not compile: %v\n%s\n%s", err, out, src)
	}
	// The repository README's main of one call (its section's go block
	// after the loop, which TestReadmeLoop checks) compiles, with a
	// scheduler SAF of its own (EASY's policy will do).
	blocks := regexp.MustCompile("(?s)```go\n(.*?)```").FindAllStringSubmatch(schedulerSection(t), -1)
	if len(blocks) != 2 || !strings.Contains(blocks[1][1], "cli.Main") {
		t.Fatalf("README.md's section Your own scheduler: %d go blocks, want the loop and a main calling cli.Main", len(blocks))
	}
	mainDir, err := os.MkdirTemp("..", "readmemain")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(mainDir) })
	mainSrc := "package main\n\nimport (\n\t\"github.com/tracelab/tracelab/cli\"\n\t\"github.com/tracelab/tracelab/sim\"\n)\n\n" +
		"type SAF struct{ sim.EASY }\n\n" + blocks[1][1]
	if err := os.WriteFile(filepath.Join(mainDir, "main.go"), []byte(mainSrc), 0o644); err != nil {
		t.Fatal(err)
	}
	build = exec.Command("go", "build", "-o", os.DevNull, "./"+filepath.Base(mainDir))
	build.Dir = ".."
	if out, err := build.CombinedOutput(); err != nil {
		t.Errorf("README.md's main does not compile: %v\n%s\n%s", err, out, mainSrc)
	}
	if names < 40 || snippets < 6 {
		t.Errorf("%d names, %d snippets checked: the README's spans were not found", names, snippets)
	}
	// Commands.
	if testing.Short() {
		return
	}
	for _, c := range commands {
		f := strings.Fields(c)
		switch {
		case c == "cd examples", c == "go test ./...": // (this test is run by the latter)
			continue
		case f[0] == "go" && (f[1] == "run" || f[1] == "build"):
		default:
			t.Errorf("README command %q: not one this test knows how to run", c)
			continue
		}
		cmd := exec.Command(f[0], f[1:]...)
		cmd.Dir = ".."
		if f[1] == "build" { // into the test's folder, not the checkout
			cmd.Args = append([]string{"go", "build", "-o", filepath.Join(t.TempDir(), "prog")}, f[4:]...)
		}
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("README command %q: %v\n%s", c, err, out)
		}
	}
}

// stmt makes a statement of the snippet s (parsed as x): a call as it is,
// a type in a declaration, any other expression assigned to _.
func stmt(s string, x ast.Expr) string {
	switch x.(type) {
	case *ast.CallExpr:
		return s
	case *ast.StructType, *ast.FuncType, *ast.ArrayType, *ast.StarExpr, *ast.InterfaceType, *ast.MapType:
		return "var _ " + s
	}
	return "_ = " + s
}
