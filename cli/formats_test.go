package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tracelab/tracelab/datasets"
)

// TestRoundTripSimulate is issue 23's round trip: SWF → CSV, JSON or
// Parquet (tracelab convert) → simulate gives byte-identical results,
// since the files keep the header and with it the machine. Before, after a
// CSV round trip SDSC-SP2 replayed on 202 processors (the logged peak)
// instead of its 128, with an average wait of 1,701 s instead of 21,180 s.
func TestRoundTripSimulate(t *testing.T) {
	t.Parallel()
	logs := []string{"sample"}
	if d := os.Getenv("TRACELAB_DATA"); d != "" {
		logs = append(logs, filepath.Join(d, "SDSC-SP2-1998-4.2-cln.swf.gz"))
	} else {
		t.Log("TRACELAB_DATA is not set: the embedded sample only, not SDSC-SP2")
	}
	for _, log := range logs {
		name := datasets.LogName(log)
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			for _, sched := range []string{"easy", "fcfs"} {
				want, werr, err := runCLI(t, "simulate", log, "--scheduler", sched, "--format", "json")
				if err != nil {
					t.Fatal(err)
				}
				if strings.Contains(werr, "warning: machine") {
					t.Errorf("the original warns about its machine: %s", werr)
				}
				for _, ext := range []string{".csv", ".json", ".parquet"} {
					p := filepath.Join(dir, name+ext)
					if _, err := os.Stat(p); err != nil {
						if _, _, err := runCLI(t, "convert", log, "-o", p); err != nil {
							t.Fatal(err)
						}
					}
					got, gerr, err := runCLI(t, "simulate", p, "--scheduler", sched, "--format", "json")
					if err != nil {
						t.Fatalf("%s: %v", ext, err)
					}
					if got != want || gerr != werr {
						t.Errorf("%s %s: results differ after the round trip:\n%s\n%s\nwant\n%s\n%s", sched, ext, got, gerr, want, werr)
					}
				}
			}
		})
	}
}

// TestEveryCommandReadsEveryFormat runs every log-reading command (the
// list of the malformed-log test) on the sample as SWF and as tracelab's
// CSV, JSON and Parquet: each gives the same output, byte for byte.
func TestEveryCommandReadsEveryFormat(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	swf := filepath.Join(dir, "s.swf")
	for _, ext := range []string{".swf", ".csv", ".json", ".parquet"} {
		if err := datasets.WriteTraceFile(filepath.Join(dir, "s"+ext), datasets.Sample()); err != nil {
			t.Fatal(err)
		}
	}
	cmds := append(malformedCommands, []string{"check", "LOG", "--format", "json"}, []string{"convert", "LOG", "-o", "OUT.swf"},
		[]string{"stationarity", "LOG", "--format", "json"})
	for k, cmd := range cmds {
		t.Run(strings.Join(cmd[:2], "_"), func(t *testing.T) {
			t.Parallel()
			outputs := map[string]string{}
			for _, ext := range []string{".swf", ".csv", ".json", ".parquet"} {
				log := swf
				if ext != ".swf" {
					log = filepath.Join(dir, "s"+ext)
				}
				out := filepath.Join(dir, fmt.Sprintf("out%d%s", k, strings.TrimPrefix(ext, ".")))
				args := make([]string, len(cmd))
				for i, a := range cmd {
					args[i] = strings.Replace(strings.Replace(a, "LOG", log, 1), "OUT", out, 1)
				}
				stdout, stderr, err := runCLI(t, args...)
				if err != nil {
					t.Fatalf("%s: %v", ext, err)
				}
				stderr = strings.ReplaceAll(stderr, out, "OUT")
				stderr = strings.ReplaceAll(stderr, log, "LOG")
				outputs[ext] = stdout + "\n--- stderr ---\n" + stderr
				if b, err := os.ReadFile(out + ".swf"); err == nil {
					outputs[ext] += string(b)
				}
			}
			for ext, o := range outputs {
				if o != outputs[".swf"] {
					t.Errorf("%s differs from SWF:\n%.2000s\nwant\n%.2000s", ext, o, outputs[".swf"])
				}
			}
		})
	}
}

// TestNoMachineSizeIsLoud: a file without a machine size (a frame written
// without the header) makes every simulation say which size it used and
// why: a warning on stderr and the rule in the results.
func TestNoMachineSizeIsLoud(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	plain := filepath.Join(dir, "plain.csv")
	if err := datasets.WriteFrameFile(plain, datasets.Sample().Frame()); err != nil {
		t.Fatal(err)
	}
	const warn = "processors inferred: peak processors in use in the logged schedule (the header gives no size)"
	for _, args := range [][]string{
		{"simulate", plain, "--format", "json"},
		{"feedback", plain, "--format", "json"},
		{"sweep", plain, "--reps", "1", "--quiet", "--format", "json"},
		{"report", plain, "-o", filepath.Join(dir, "r.html")},
		{"resample", plain, "--seed", "1", "--simulate", "easy", "-o", filepath.Join(dir, "r.swf"), "--format", "json"},
	} {
		t.Run(args[0], func(t *testing.T) {
			t.Parallel()
			stdout, stderr, err := runCLI(t, args...)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(stderr, "warning: machine of ") || !strings.Contains(stderr, warn) {
				t.Errorf("stderr %q lacks the warning", stderr)
			}
			if strings.Contains(stdout, `"procs"`) && !strings.Contains(stdout, `"procs_rule"`) {
				t.Errorf("the results give procs without their rule:\n%.1000s", stdout)
			}
		})
	}
}
