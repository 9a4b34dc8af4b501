package cli

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/internal/outfile"
)

// TestEveryOutputSafe runs every command that writes a file, once per file
// flag, with the output
//   - a symbolic link to a 0600 file: the link stays, its target is replaced
//     by a rename (a new inode) and keeps its mode 0600 (not the link's 0777);
//   - a block device (a disk): refused before any work, the node kept
//     (session 20: it was written through);
//   - a hard link to the command's input (under the output's extension):
//     refused, the input unchanged;
//   - an existing file, while the run fails (a log broken at its end,
//     after convert has written most of its output): the old file
//     unchanged, nothing left beside it.
//
// Outputs onto named pipes and character devices, written through, are
// TestOutputsThroughLinksAndPipes' and TestOutputsKeepData's.
func TestEveryOutputSafe(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	log := filepath.Join(dir, "log.swf")
	if err := datasets.WriteSWFFile(log, datasets.Sample()); err != nil {
		t.Fatal(err)
	}
	workload := filepath.Join(dir, "w.json")
	if _, _, err := runCLI(t, "export", "batsim", log, "-o", workload); err != nil {
		t.Fatal(err)
	}
	var shards [2]string
	for k := range shards {
		shards[k] = filepath.Join(dir, "s"+string(rune('0'+k))+".parquet")
		if _, _, err := runCLI(t, "sweep", log, "--experiment", "window", "--reps", "2", "--window", "1w", "--quiet",
			"--shard", string(rune('0'+k))+"/2", "-o", shards[k]); err != nil {
			t.Fatal(err)
		}
	}
	// A log that breaks at its end: convert, which streams, has written
	// most of the output when the reader fails.
	bad := writeTemp(t, dir, "bad.swf", strings.Repeat("1 0 10 100 4 90 -1 4 200 -1 1 3 1 7 1 1 -1 -1\n", 3000)+"2 5 1 1 1 1 -1 1 1 -1 1 1 1 1 1 1 -1 \x01\n")
	tests := []struct {
		name string
		ext  string
		in   string                        // the input a hard link names ("": none)
		args func(in, out string) []string // in: the log (or the command's input file)
	}{
		{"convert -o", ".swf", log, func(in, o string) []string { return []string{"convert", in, "-o", o} }},
		{"report -o", ".html", log, func(in, o string) []string { return []string{"report", in, "-o", o} }},
		{"resample -o", ".swf", log, func(in, o string) []string { return []string{"resample", in, "--seed", "1", "--weeks", "4", "-o", o} }},
		{"simulate --jobs-out", ".csv", log, func(in, o string) []string { return []string{"simulate", in, "--jobs-out", o} }},
		{"simulate --weekly-out", ".csv", log, func(in, o string) []string { return []string{"simulate", in, "--weekly-out", o} }},
		{"simulate --timeline-out", ".csv", log, func(in, o string) []string { return []string{"simulate", in, "--timeline-out", o} }},
		{"simulate --bins-out", ".csv", log, func(in, o string) []string { return []string{"simulate", in, "--bins-out", o} }},
		{"simulate --batsim-out", ".csv", log, func(in, o string) []string { return []string{"simulate", in, "--batsim-out", o} }},
		{"feedback --workload-out", ".swf", log, func(in, o string) []string { return []string{"feedback", in, "--workload-out", o} }},
		{"sweep -o", ".parquet", log, func(in, o string) []string {
			return []string{"sweep", in, "--experiment", "window", "--reps", "2", "--window", "1w", "--quiet", "-o", o}
		}},
		{"export batsim -o", ".json", log, func(in, o string) []string { return []string{"export", "batsim", in, "-o", o} }},
		{"generate -o", ".swf", log, func(in, o string) []string {
			return []string{"generate", "lublin", "--jobs", "10", "--estimates-from", in, "-o", o}
		}},
		{"findings -o", ".csv", log, func(in, o string) []string {
			return []string{"findings", in, "--finding", "serial-share", "--quick", "--no-cache", "--quiet", "-o", o}
		}},
		{"findings --save", ".json", log, func(in, o string) []string {
			return []string{"findings", in, "--finding", "serial-share", "--quick", "--no-cache", "--quiet", "--save", o}
		}},
		{"findings --figure", ".svg", log, func(in, o string) []string {
			return []string{"findings", in, "--finding", "serial-share", "--quick", "--no-cache", "--quiet", "--figure", o}
		}},
		{"import batsim -o", ".swf", workload, func(in, o string) []string { return []string{"import", "batsim", in, "-o", o} }},
		{"sweep merge -o", ".parquet", shards[0], func(in, o string) []string { return []string{"sweep", "merge", in, shards[1], "-o", o} }},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			d := t.TempDir()
			t.Run("link to a 0600 file", func(t *testing.T) {
				target := writeTemp(t, d, "target"+tc.ext, "old")
				if err := os.Chmod(target, 0o600); err != nil {
					t.Fatal(err)
				}
				link := filepath.Join(d, "link"+tc.ext)
				if err := os.Symlink("target"+tc.ext, link); err != nil {
					t.Fatal(err)
				}
				before := inode(t, target)
				if _, _, err := runCLI(t, tc.args(tc.in, link)...); err != nil {
					t.Fatal(err)
				}
				if st, err := os.Lstat(link); err != nil || st.Mode()&os.ModeSymlink == 0 {
					t.Errorf("the link was replaced: %v", err)
				}
				if b, _ := os.ReadFile(target); string(b) == "old" || inode(t, target) == before {
					t.Error("the target was not replaced by a new file")
				}
				if m := fileMode(t, target).Perm(); m != 0o600 {
					t.Errorf("target mode %v, want its own 0600", m)
				}
			})
			t.Run("block device", func(t *testing.T) {
				blk := filepath.Join(d, "disk"+tc.ext)
				if err := syscall.Mknod(blk, syscall.S_IFBLK|0o600, 240<<8); err != nil {
					t.Skip("cannot make a block device node:", err)
				}
				_, _, err := runCLI(t, tc.args(tc.in, blk)...)
				wantError(t, err, outfile.ErrBlockDevice.Error())
				if st, err := os.Lstat(blk); err != nil || st.Mode()&os.ModeDevice == 0 {
					t.Errorf("the device node was replaced: %v", err)
				}
			})
			t.Run("hard link to the input", func(t *testing.T) {
				hard := filepath.Join(d, "hard"+tc.ext)
				if err := os.Link(tc.in, hard); err != nil {
					t.Fatal(err)
				}
				was, _ := os.ReadFile(tc.in)
				_, _, err := runCLI(t, tc.args(tc.in, hard)...)
				wantError(t, err, "would overwrite the input")
				if b, _ := os.ReadFile(tc.in); string(b) != string(was) {
					t.Error("the input changed")
				}
			})
			t.Run("a failed run", func(t *testing.T) {
				if tc.in != log {
					t.Skip("the input is not a log")
				}
				sub := t.TempDir()
				out := writeTemp(t, sub, "out"+tc.ext, "old")
				before := inode(t, out)
				if _, _, err := runCLI(t, tc.args(bad, out)...); err == nil {
					t.Fatal("a run on a broken log succeeded")
				}
				if b, _ := os.ReadFile(out); string(b) != "old" || inode(t, out) != before {
					t.Errorf("a failed run changed the output: %q", b)
				}
				if es, _ := os.ReadDir(sub); len(es) != 1 {
					t.Errorf("%d files in the folder, want the output only", len(es))
				}
			})
		})
	}
}

// TestOutputOntoCatalogInput: a log named by its catalog name is read from
// a file of TRACELAB_DATA (or of the cache, or downloaded there); an output
// naming that file, directly, through a link or by a hard link, is refused
// as an output onto a file input is (session 20: "convert KTH-SP2 -o
// $TRACELAB_DATA/KTH-SP2-1996-2.1-cln.swf.gz" replaced the archive's log
// with the conversion), and so is the cache file a download would write.
// Other files of the folder may be written. Not parallel: it sets the
// environment.
func TestOutputOntoCatalogInput(t *testing.T) {
	data, cache := t.TempDir(), t.TempDir()
	t.Setenv("TRACELAB_DATA", data)
	t.Setenv("TRACELAB_CACHE", cache)
	e, err := datasets.Lookup("KTH-SP2")
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(data, e.File)
	if err := datasets.WriteSWFFile(strings.TrimSuffix(file, ".gz"), datasets.Sample()); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(strings.TrimSuffix(file, ".gz"), file); err != nil { // not the catalog's bytes: refused at load, after the check
		t.Fatal(err)
	}
	was, _ := os.ReadFile(file)
	link := filepath.Join(t.TempDir(), "l.swf.gz")
	hard := filepath.Join(data, "h.swf.gz")
	if err := os.Symlink(file, link); err != nil {
		t.Fatal(err)
	}
	if err := os.Link(file, hard); err != nil {
		t.Fatal(err)
	}
	sdsc, _ := datasets.Lookup("SDSC-SP2")
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"convert", "KTH-SP2", "-o", file}, "would overwrite the input KTH-SP2 (its file " + file + ")"},
		{[]string{"convert", "KTH-SP2", "-o", link}, "would overwrite the input KTH-SP2"},
		{[]string{"convert", "KTH-SP2", "-o", hard}, "would overwrite the input KTH-SP2"},
		{[]string{"resample", "KTH-SP2", "--seed", "1", "-o", file}, "would overwrite the input KTH-SP2"},
		{[]string{"resample", "sample", "--seed", "1", "--weeks", "4", "--mix", "KTH-SP2", "-o", file}, "would overwrite the input KTH-SP2"},
		{[]string{"feedback", "KTH-SP2", "--workload-out", file}, "would overwrite the input KTH-SP2"},
		{[]string{"convert", "SDSC-SP2", "-o", filepath.Join(cache, sdsc.File)}, "is where the input SDSC-SP2 is downloaded to"},
		// Another file of the folder: past the check, the load refuses the planted log.
		{[]string{"convert", "KTH-SP2", "-o", filepath.Join(data, "x.swf.gz")}, "is not the catalog's"},
	}
	for _, tc := range tests {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			_, _, err := runCLI(t, tc.args...)
			wantError(t, err, tc.want)
			if b, _ := os.ReadFile(file); string(b) != string(was) {
				t.Fatal("the catalog's file changed")
			}
		})
	}
}
