package notebook

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// The checker of stored notebook outputs, scripts/nbcheck.py (what CI runs
// on the committed notebooks and scripts/reproduce.sh uses to store them).

func nbcheck(t *testing.T, args ...string) (string, error) {
	t.Helper()
	py := "/usr/bin/python3" // as the scripts run it (a pyenv shim on PATH takes seconds to start)
	if _, err := os.Stat(py); err != nil {
		if py, err = exec.LookPath("python3"); err != nil {
			t.Skip("python3 not found")
		}
	}
	out, err := exec.Command(py, append([]string{filepath.Join("..", "..", "scripts", "nbcheck.py")}, args...)...).CombinedOutput()
	return string(out), err
}

type cell = map[string]any

func writeNotebook(t *testing.T, path string, cells []cell) {
	t.Helper()
	nb := map[string]any{"cells": cells, "nbformat": 4, "nbformat_minor": 5,
		"metadata": map[string]any{"kernelspec": map[string]any{"name": "tracelab"}}}
	b, err := json.MarshalIndent(nb, "", " ")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, append(b, '\n'), 0o644); err != nil {
		t.Fatal(err)
	}
}

func codeCell(src string, outputs ...map[string]any) cell {
	count := any(nil)
	if len(outputs) > 0 {
		count = 1
	}
	if outputs == nil {
		outputs = []map[string]any{}
	}
	return cell{"cell_type": "code", "source": src, "metadata": map[string]any{}, "outputs": outputs, "execution_count": count}
}

func display(data map[string]any) map[string]any {
	return map[string]any{"output_type": "display_data", "metadata": map[string]any{}, "data": data}
}

// editNotebook rewrites a cell of a notebook file with f.
func editNotebook(t *testing.T, path string, i int, f func(c cell)) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var nb map[string]any
	if err := json.Unmarshal(b, &nb); err != nil {
		t.Fatal(err)
	}
	f(nb["cells"].([]any)[i].(map[string]any))
	b, _ = json.Marshal(nb)
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestNBCheckStoredOutputs(t *testing.T) {
	dir := t.TempDir()
	committed, executed := filepath.Join(dir, "01-demo.ipynb"), filepath.Join(dir, "executed.ipynb")
	md := cell{"cell_type": "markdown", "source": "# Demo", "metadata": map[string]any{}}
	src := "%%\nmust(kernelext.Plot(p, 0, 0))"
	png := display(map[string]any{"image/png": "iVBORw0KGgo=", "text/plain": "plot"})
	writeNotebook(t, committed, []cell{md, codeCell(src)})
	writeNotebook(t, executed, []cell{md, codeCell(src, png)})
	original, _ := os.ReadFile(committed)

	// Output-free: fails, every committed notebook must carry the stored
	// outputs of the full reproduction (REQUIRE_STORED_OUTPUTS).
	if out, err := nbcheck(t, "committed", committed); err == nil || !strings.Contains(out, "no stored outputs") {
		t.Fatalf("output-free notebook: %v\n%s", err, out)
	}
	// Stored by reproduce.sh in full mode: passes.
	if out, err := nbcheck(t, "store", executed, committed, "abc123", "full", "12.5"); err != nil {
		t.Fatalf("store: %v\n%s", err, out)
	}
	if out, err := nbcheck(t, "committed", committed); err != nil {
		t.Fatalf("stored notebook: %v\n%s", err, out)
	}
	b, _ := os.ReadFile(committed)
	for _, want := range []string{`"stored_by": "scripts/reproduce.sh"`, `"commit": "abc123"`, `"mode": "full"`, `"source_sha256": "`, "iVBORw0KGgo="} {
		if !strings.Contains(string(b), want) {
			t.Errorf("stored notebook lacks %s:\n%s", want, b)
		}
	}

	for _, tc := range []struct {
		name string
		edit func(c cell)
		want string
	}{
		{"source edited after storing", func(c cell) { c["source"] = src + "\n// more" }, "source changed since its outputs were stored"},
		{"SVG figure", func(c cell) {
			c["outputs"] = []any{display(map[string]any{"image/svg+xml": "<svg/>", "image/png": "x"})}
		}, "image/svg+xml"},
		{"inline SVG in HTML", func(c cell) { c["outputs"] = []any{display(map[string]any{"text/html": "<div><svg></svg></div>"})} }, "inline SVG"},
		{"error output", func(c cell) {
			c["outputs"] = []any{map[string]any{"output_type": "error", "ename": "ERROR", "evalue": "boom", "traceback": []any{}}}
		}, "error ERROR: boom"},
		{"not executed", func(c cell) { c["outputs"], c["execution_count"] = []any{}, nil }, "not executed"},
	} {
		bad := filepath.Join(dir, "bad.ipynb")
		os.WriteFile(bad, b, 0o644)
		editNotebook(t, bad, 1, tc.edit)
		if out, err := nbcheck(t, "committed", bad); err == nil || !strings.Contains(out, tc.want) {
			t.Errorf("%s: %v, output %q, want %q", tc.name, err, out, tc.want)
		}
	}

	// Outputs without provenance (run by hand and saved): fails.
	noProv := filepath.Join(dir, "noprov.ipynb")
	writeNotebook(t, noProv, []cell{md, codeCell(src, png)})
	if out, err := nbcheck(t, "committed", noProv); err == nil || !strings.Contains(out, "not stored by scripts/reproduce.sh") {
		t.Errorf("outputs without provenance: %v %q", err, out)
	}
	// A copy executed from another source is not stored.
	other := filepath.Join(dir, "other.ipynb")
	writeNotebook(t, other, []cell{md, codeCell(src+"\n// other", png)})
	if out, err := nbcheck(t, "store", other, committed, "abc123", "full", "1"); err == nil || !strings.Contains(out, "not executed from the current") {
		t.Errorf("store of another source: %v %q", err, out)
	}
	// Strip gives back the output-free notebook, byte for byte.
	if out, err := nbcheck(t, "strip", committed); err != nil {
		t.Fatal(err, out)
	}
	if b, _ := os.ReadFile(committed); string(b) != string(original) {
		t.Errorf("strip did not restore the notebook:\n%s\nwant\n%s", b, original)
	}
}
