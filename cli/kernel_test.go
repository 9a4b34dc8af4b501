package cli

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

func TestKernelUsage(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"kernel"}, "needs a subcommand"},
		{[]string{"kernel", "uninstall"}, "unknown kernel subcommand"},
		{[]string{"kernel", "install", "extra"}, "takes no arguments"},
		{[]string{"kernel", "install", "--format", "xml"}, "--format"},
		{[]string{"kernel", "install", "--root", "/nonexistent/tracelab"}, "not a tracelab checkout"},
	}
	for _, tt := range tests {
		_, _, err := runCLI(t, tt.args...)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%q: error %v, want one containing %q", tt.args, err, tt.want)
		}
		if strings.Contains(tt.want, "subcommand") || strings.Contains(tt.want, "arguments") {
			if !errors.Is(err, errUsage) {
				t.Errorf("%q: not a usage error", tt.args)
			}
		}
	}
}

// TestKernelInstall installs the kernel from a stand-in checkout whose tools
// are already built (so nothing is compiled or downloaded) into a temporary
// Jupyter data directory.
func TestKernelInstall(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the kernel's go shim is a POSIX shell script")
	}
	root := t.TempDir()
	for name, text := range map[string]string{
		"go.mod":       "module github.com/tracelab/tracelab\n",
		"go.sum":       "",
		"tools/go.mod": "module github.com/tracelab/tracelab/tools\n",
		"tools/go.sum": "",
	} {
		p := filepath.Join(root, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		old := time.Now().Add(-time.Hour)
		if err := os.Chtimes(p, old, old); err != nil {
			t.Fatal(err)
		}
	}
	for _, b := range []string{"gonb", "goimports"} {
		p := filepath.Join(root, ".tools", "bin", b)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("#!/bin/sh\n"), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	data := filepath.Join(t.TempDir(), "jupyter")
	out, stderr, err := runCLI(t, "kernel", "install", "--root", root, "--dir", data, "--format", "json")
	if err != nil {
		t.Fatalf("%v\n%s", err, stderr)
	}
	var got map[string]any
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	kdir := filepath.Join(data, "kernels", "tracelab")
	if got["name"] != "tracelab" || got["display_name"] != "Go (tracelab)" || got["kernel_dir"] != kdir || got["built"] != false {
		t.Errorf("install record = %v", got)
	}
	spec, err := os.ReadFile(filepath.Join(kdir, "kernel.json"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(spec), `"display_name": "Go (tracelab)"`) {
		t.Errorf("kernel.json:\n%s", spec)
	}
	if _, err := os.Stat(filepath.Join(root, ".tools", "kernel", "bin", "go")); err != nil {
		t.Errorf("no go shim: %v", err)
	}
}

// TestKernelInstallDirCheckedFirst: a --dir (or JUPYTER_DATA_DIR) that
// cannot be a folder is a usage error before the tools are built (it was
// "mkdir DIR: not a directory" after building gonb, minutes on a fresh
// checkout); a folder still to be made passes the check.
func TestKernelInstallDirCheckedFirst(t *testing.T) {
	file := writeTemp(t, t.TempDir(), "data", "x")
	root := t.TempDir() // no checkout: reached only past the check
	for _, tc := range []struct {
		env, dir, want string
	}{
		{"", file, "--dir " + file + ": " + file + " is not a folder"},
		{"", filepath.Join(file, "sub"), "is not a folder"},
		{file, "", "JUPYTER_DATA_DIR " + file + ": " + file + " is not a folder"},
		{"", filepath.Join(t.TempDir(), "new", "dir"), "not a tracelab checkout"},
	} {
		t.Run(tc.dir+tc.env, func(t *testing.T) {
			t.Setenv("JUPYTER_DATA_DIR", tc.env)
			_, stderr, err := runCLI(t, "kernel", "install", "--dir", tc.dir, "--root", root)
			wantError(t, err, tc.want)
			if strings.Contains(stderr, "building") {
				t.Errorf("tools built before the check:\n%s", stderr)
			}
		})
	}
}
