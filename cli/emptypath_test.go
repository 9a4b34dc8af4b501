package cli

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tracelab/tracelab/datasets"
)

// TestEmptyPathFlagRefused: a file, folder or choice flag given with an
// empty value ("--check $DIR" with DIR unset) is a usage error naming the
// flag, before any work. Before, it was read as the flag left out: reproduce --check ""
// compared nothing and exited 0, --save "" and -o "" wrote nothing and
// exited 0, simulate --jobs-out "" and feedback --workload-out "" wrote
// nothing and exited 0, report -o "" made the whole report and then failed
// with "rename : rename ..tmp-NNN : no such file or directory", findings
// --finding "" measured every finding, sweep --scheduler "" ran EASY
// (simulate refused the empty name).
func TestEmptyPathFlagRefused(t *testing.T) {
	ledgers, err := filepath.Abs(filepath.Join("..", "repro", "ledgers"))
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv("TRACELAB_CACHE", t.TempDir()) // findings --cache "" used the user cache
	log := writeLog(t, datasets.Sample())
	cases := []struct {
		flag, what string
		args       []string
	}{
		{"o", "a file", []string{"report", "-o", ""}},
		{"o", "a file", []string{"report", "-o="}},
		{"jobs-out", "a file", []string{"simulate", "--jobs-out", ""}},
		{"bins-out", "a file", []string{"simulate", "--bins-out="}},
		{"weekly-out", "a file", []string{"simulate", "--weekly-out", ""}},
		{"timeline-out", "a file", []string{"simulate", "--timeline-out", ""}},
		{"batsim-out", "a file", []string{"simulate", "--batsim-out", ""}},
		{"workload-out", "a file", []string{"feedback", "--workload-out", ""}},
		{"check", "a folder", []string{"reproduce", "zakay2014", "--from", ledgers, "--check", ""}},
		{"save", "a file or folder", []string{"reproduce", "zakay2014", "--from", ledgers, "--save", ""}},
		{"write-baseline", "a folder", []string{"reproduce", "zakay2014", "--from", ledgers, "--write-baseline", ""}},
		{"o", "a file", []string{"reproduce", "zakay2014", "--from", ledgers, "-o", ""}},
		{"from", "a folder", []string{"reproduce", "zakay2014", "--quick", "--from", ""}},
		{"estimates-from", "a log", []string{"generate", "lublin", "--jobs", "10", "-o", "x.swf", "--estimates-from", ""}},
		{"figure", "a file", []string{"findings", log, "--no-cache", "--figure", ""}},
		{"finding", "finding IDs", []string{"findings", log, "--no-cache", "--finding", ""}},
		{"cache", "a folder", []string{"findings", log, "--cache", ""}},
		{"scheduler", "a scheduler", []string{"sweep", "--reps", "1", "--scheduler", ""}},
		{"slurm-dir", "a folder", []string{"sweep", "--reps", "1", "--slurm", "--dry-run", "--shards", "1", "-o", "x.parquet", "--slurm-dir", ""}},
		// Session 18: the flags whose empty value still meant the default
		// (all ran and exited 0 at 836c8ea; sweep --shard "" ran every
		// replicate, --partition "" and --time "" left Slurm's defaults).
		{"shard", "a shard i/n", []string{"sweep", "--reps", "1", "--shard", ""}},
		{"shard", "a shard i/n", []string{"findings", log, "--no-cache", "--shard="}},
		{"partition", "a Slurm partition", []string{"sweep", "--reps", "1", "--partition", ""}},
		{"time", "a Slurm time limit", []string{"sweep", "--reps", "1", "--time", ""}},
		{"partition", "a Slurm partition", []string{"findings", log, "--no-cache", "--partition", ""}},
		{"time", "a Slurm time limit", []string{"reproduce", "zakay2014", "--from", ledgers, "--time", ""}},
		{"clock", "wall or elapsed", []string{"resample", "--seed", "1", "-o", "r.swf", "--clock", ""}},
		{"start", "common, cycle or activity", []string{"resample", "--seed", "1", "-o", "r.swf", "--start", ""}},
		{"arrivals", "uniform or weeks", []string{"resample", "--seed", "1", "-o", "r.swf", "--arrivals", ""}},
		{"weight-class", "class weights", []string{"resample", "--seed", "1", "-o", "r.swf", "--weight-class", ""}},
		{"mix", "logs", []string{"resample", "--seed", "1", "-o", "r.swf", "--mix", ""}},
		{"simulate", "a scheduler", []string{"resample", "--seed", "1", "-o", "r.swf", "--simulate", ""}},
		{"cluster", "a machine name", []string{"import", "sacct", "-", "--tz", "UTC", "-o", "i.swf", "--cluster", ""}},
	}
	for _, tc := range cases {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			t.Chdir(t.TempDir())
			_, stderr, err := runCLI(t, tc.args...)
			want := flagName(tc.flag) + " needs " + tc.what + ", not an empty value"
			if err == nil || !errors.Is(err, errUsage) || !strings.Contains(err.Error(), want) {
				t.Fatalf("err = %v, want a usage error %q\nstderr: %s", err, want, stderr)
			}
			if entries, _ := os.ReadDir("."); len(entries) > 0 {
				t.Errorf("%d files written, the first %s", len(entries), entries[0].Name())
			}
		})
	}
}

// TestEmptyArgumentRefused: an empty positional argument ("tracelab info
// $LOG" with LOG unset) is a usage error before any work. Before, an empty
// LOG was the argument left out (info "" summarised the embedded sample
// and exited 0) and an empty DIR the current folder (slurm status "" read
// ./array.json: slurm cancel "" would cancel the array there).
func TestEmptyArgumentRefused(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	// An array folder here: slurm with an empty DIR must not take it.
	if err := os.WriteFile(filepath.Join(dir, "array.json"), []byte("{}"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"info", ""},
		{"info", "--", ""},
		{"convert", "", "-o", "x.swf"},
		{"report", "", "-o", "x.html"},
		{"simulate", "", "--format", "json"},
		{"compare", "", "--scheduler", "easy", "--variants", "1"},
		{"locality", "stack", ""},
		{"slurm", "status", ""},
		{"slurm", "cancel", ""},
		{"sweep", "merge", "", "-o", "x.parquet"},
	} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			stdout, _, err := runCLI(t, args...)
			if err == nil || !errors.Is(err, errUsage) || !strings.Contains(err.Error(), "an empty argument") {
				t.Fatalf("err = %v, want a usage error on the empty argument", err)
			}
			if stdout != "" {
				t.Errorf("stdout %q, want nothing", clipText(stdout))
			}
			if entries, _ := os.ReadDir("."); len(entries) != 1 {
				t.Errorf("%d files in the folder, want array.json alone", len(entries))
			}
		})
	}
}
