package fairshare_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// namePaths is every place of tracelab (outside tests) that turns a
// scheduler name into a scheduler (sim.FactoryOf, sim.New), as "file:
// function", with the test that runs a registered scheduler of one's own
// through it by name and requires the schedule or the numbers of the
// simplest path ("file: Test"), or why none is needed.
var namePaths = map[string]string{
	// The library: this package's paths_test.go, from outside the module.
	"sim/compare/compare.go: Schedulers":                  "examples/fairshare/paths_test.go: TestCompare",
	"sim/resample/experiment.go: NewExperiment":           "examples/fairshare/paths_test.go: TestResamplePaths",
	"sim/sweep/window.go: NewWindow":                      "examples/fairshare/paths_test.go: TestSweepPaths",
	"sim/feedback/sweep.go: NewSweepExperiment":           "examples/fairshare/paths_test.go: TestFeedbackPaths",
	"sim/feedback/sweep.go: SweepExperiment.Run":          "examples/fairshare/paths_test.go: TestFeedbackPaths",
	"sim/feedback/experiments.go: CompareContext":         "examples/fairshare/paths_test.go: TestFeedbackPaths",
	"sim/feedback/experiments.go: CrossSchedulersContext": "examples/fairshare/paths_test.go: TestFeedbackPaths",
	"sim/feedback/experiments2021.go: LoadSweepContext":   "examples/fairshare/paths_test.go: TestFeedbackPaths",
	// The command line: simulate (and its files, Batsim's jobs CSV
	// included), feedback, resample --simulate (and --mix), compare,
	// sweep with every experiment (shake-* registered in shake.go's init).
	"cli/simulate.go: parseSimulate": "cli/custom_paths_test.go: TestCustomSchedulerCommands",
	"cli/feedback.go: parseFeedback": "cli/custom_paths_test.go: TestCustomSchedulerCommands",
	"cli/resample.go: parseResample": "cli/custom_paths_test.go: TestCustomSchedulerCommands",
	"cli/compare.go: runCompare":     "cli/custom_paths_test.go: TestCustomSchedulerCommands",
	"cli/shake.go: init":             "cli/custom_paths_test.go: TestCustomSchedulerCommands",
	// The registry itself, and the test helper wrapping a named scheduler.
	"sim/scheduler.go: New":        "sim/custom_scheduler_test.go: TestCustomSchedulerPaths",
	"sim/replay.go: SchedulerName": "sim/registry_test.go: TestSchedulerNameRegistered",
	"sim/simtest/simtest.go: init": "sim/custom_scheduler_test.go: TestCustomSchedulerPaths",
	// The reproduction: the papers' own schedulers, names fixed in the code.
	"repro/feitelson2021/fig01.go: Study.Fig1":                 "n.a.: the paper's schedulers",
	"repro/feitelson2021/open.go: Study.Open":                  "n.a.: the paper's schedulers",
	"repro/feitelson2021/cross.go: spanRecorded":               "n.a.: the paper's schedulers",
	"repro/feitelson2021/throughput.go: Study.equilibriumRuns": "n.a.: the paper's schedulers",
	"repro/feitelson2021/addedjobs.go: Study.easyLastStep":     "n.a.: the paper's schedulers",
	"repro/feitelson2021/horizon.go: Study.fig19Horizon":       "n.a.: the paper's schedulers",
	"repro/zakay2014/fig10.go: Study.fluidBeside":              "n.a.: the paper's schedulers",
}

// TestEveryNamePathChecked: the places that make a scheduler from a name
// are exactly namePaths' (a new one fails here until a test runs a
// scheduler of one's own through it and it is added), and each test named
// there exists.
func TestEveryNamePathChecked(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	found := map[string]bool{}
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		if d.IsDir() {
			if rel == "examples" || rel == "tools" || d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".") && rel != "." {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, 0)
		if err != nil {
			return err
		}
		for _, decl := range f.Decls {
			fd, ok := decl.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			name := fd.Name.Name
			if fd.Recv != nil {
				rt := fd.Recv.List[0].Type
				if s, ok := rt.(*ast.StarExpr); ok {
					rt = s.X
				}
				if id, ok := rt.(*ast.Ident); ok {
					name = id.Name + "." + name
				}
			}
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				var fn string
				switch x := call.Fun.(type) {
				case *ast.SelectorExpr:
					if id, ok := x.X.(*ast.Ident); ok && id.Name == "sim" {
						fn = x.Sel.Name
					}
				case *ast.Ident:
					if f.Name.Name == "sim" {
						fn = x.Name
					}
				}
				if fn == "FactoryOf" || fn == "New" {
					found[filepath.ToSlash(rel)+": "+name] = true
				}
				return true
			})
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range slices.Sorted(maps.Keys(found)) {
		if _, ok := namePaths[k]; !ok {
			t.Errorf("%s makes a scheduler from a name: run a registered scheduler of one's own through it in a test, and add it to namePaths", k)
		}
	}
	for _, k := range slices.Sorted(maps.Keys(namePaths)) {
		if !found[k] {
			t.Errorf("namePaths' %s: no such call of sim.FactoryOf or sim.New (moved? update namePaths)", k)
			continue
		}
		file, test, ok := strings.Cut(namePaths[k], ": ")
		if file == "n.a." {
			continue
		}
		src, err := os.ReadFile(filepath.Join(root, file))
		if !ok || err != nil || !strings.Contains(string(src), "\nfunc "+test+"(t *testing.T)") {
			t.Errorf("namePaths' %s: test %q not found (%v)", k, namePaths[k], err)
		}
	}
}
