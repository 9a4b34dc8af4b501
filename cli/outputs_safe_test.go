package cli

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
	"unsafe"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/datasets/sacct"
	"github.com/tracelab/tracelab/internal/outfile"
	"github.com/tracelab/tracelab/slurm"
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
	// slurm wait merges the shard files of an array folder (no task was
	// ever submitted: every shard is there, so every task is done); the
	// broken array's second shard is not a Parquet file.
	// The tasks' command is the sweep's (slurm resubmit runs none unless
	// it is this program's).
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	newArray := func(name string, broken bool) string {
		arr := filepath.Join(dir, name)
		cmd := []string{self, "sweep", log, "--experiment", "window", "--reps", "2", "--window", "1w",
			"--shard", slurm.TaskToken + "/2", "-o", filepath.Join(arr, "shard-"+slurm.TaskToken+".parquet")}
		if _, err := slurm.Create(slurm.Plan{Dir: arr, Key: "k", Command: cmd, Tasks: 2, Output: "shard-" + slurm.TaskToken + ".parquet"}); err != nil {
			t.Fatal(err)
		}
		for k, s := range shards {
			b, err := os.ReadFile(s)
			if err != nil {
				t.Fatal(err)
			}
			if broken && k == 1 {
				b = b[:len(b)/2]
			}
			writeTemp(t, arr, "shard-"+string(rune('0'+k))+".parquet", string(b))
		}
		return arr
	}
	array, brokenArray := newArray("arr.slurm", false), newArray("broken.slurm", true)
	// reproduce reads the quick baselines (no ledger is computed); the
	// broken folder's second ledger is cut short.
	ledgers, brokenLedgers := filepath.Join(dir, "ledgers"), filepath.Join(dir, "broken-ledgers")
	copyDir(t, "../repro/testdata/quick", ledgers)
	copyDir(t, "../repro/testdata/quick", brokenLedgers)
	if err := os.Truncate(filepath.Join(brokenLedgers, "feitelson2021.json"), 100); err != nil {
		t.Fatal(err)
	}
	// import sacct's input, and one whose last line has 3 fields.
	sacctIn := writeTemp(t, dir, "c.sacct", sacctSample)
	brokenSacct := writeTemp(t, dir, "broken.sacct", sacctSample+"1|2|3\n")
	tests := []struct {
		name string
		ext  string
		// file: the name the output must have ("": chosen by the
		// test, with ext), for an output that is a file of a folder
		// (reproduce --save DIR writes DIR/KEY.json).
		file string
		in   string                        // the input a hard link names ("": none)
		args func(in, out string) []string // in: the log (or the command's input file)
		// fail: the arguments of a run that fails after the output was
		// checked (nil: the command run on the broken log).
		fail func(out string) []string
	}{
		{"convert -o", ".swf", "", log, func(in, o string) []string { return []string{"convert", in, "-o", o} }, nil},
		{"report -o", ".html", "", log, func(in, o string) []string { return []string{"report", in, "-o", o} }, nil},
		{"resample -o", ".swf", "", log, func(in, o string) []string { return []string{"resample", in, "--seed", "1", "--weeks", "4", "-o", o} }, nil},
		{"simulate --jobs-out", ".csv", "", log, func(in, o string) []string { return []string{"simulate", in, "--jobs-out", o} }, nil},
		{"simulate --weekly-out", ".csv", "", log, func(in, o string) []string { return []string{"simulate", in, "--weekly-out", o} }, nil},
		{"simulate --timeline-out", ".csv", "", log, func(in, o string) []string { return []string{"simulate", in, "--timeline-out", o} }, nil},
		{"simulate --bins-out", ".csv", "", log, func(in, o string) []string { return []string{"simulate", in, "--bins-out", o} }, nil},
		{"simulate --batsim-out", ".csv", "", log, func(in, o string) []string { return []string{"simulate", in, "--batsim-out", o} }, nil},
		{"feedback --workload-out", ".swf", "", log, func(in, o string) []string { return []string{"feedback", in, "--workload-out", o} }, nil},
		{"sweep -o", ".parquet", "", log, func(in, o string) []string {
			return []string{"sweep", in, "--experiment", "window", "--reps", "2", "--window", "1w", "--quiet", "-o", o}
		}, nil},
		{"export batsim -o", ".json", "", log, func(in, o string) []string { return []string{"export", "batsim", in, "-o", o} }, nil},
		{"generate -o", ".swf", "", log, func(in, o string) []string {
			return []string{"generate", "lublin", "--jobs", "10", "--estimates-from", in, "-o", o}
		}, nil},
		{"findings -o", ".csv", "", log, func(in, o string) []string {
			return []string{"findings", in, "--finding", "serial-share", "--quick", "--no-cache", "--quiet", "-o", o}
		}, nil},
		{"findings --save", ".json", "", log, func(in, o string) []string {
			return []string{"findings", in, "--finding", "serial-share", "--quick", "--no-cache", "--quiet", "--save", o}
		}, nil},
		{"findings --figure", ".svg", "", log, func(in, o string) []string {
			return []string{"findings", in, "--finding", "serial-share", "--quick", "--no-cache", "--quiet", "--figure", o}
		}, nil},
		{"import batsim -o", ".swf", "", workload, func(in, o string) []string { return []string{"import", "batsim", in, "-o", o} }, nil},
		{"sweep merge -o", ".parquet", "", shards[0], func(in, o string) []string { return []string{"sweep", "merge", in, shards[1], "-o", o} }, nil},
		{"slurm wait -o", ".parquet", "", filepath.Join(array, "shard-0.parquet"),
			func(_, o string) []string { return []string{"slurm", "wait", array, "-o", o} },
			func(o string) []string { return []string{"slurm", "wait", brokenArray, "-o", o} }},
		// Every shard is there: nothing to resubmit, then the merge.
		{"slurm resubmit -o", ".parquet", "", filepath.Join(array, "shard-0.parquet"),
			func(_, o string) []string { return []string{"slurm", "resubmit", array, "-o", o} },
			func(o string) []string { return []string{"slurm", "resubmit", brokenArray, "-o", o} }},
		{"findings --shard -o", ".json", "", log, func(in, o string) []string {
			return []string{"findings", in, "--finding", "serial-share", "--quick", "--no-cache", "--quiet", "--shard", "0/1", "-o", o}
		}, nil},
		{"reproduce -o", ".md", "", filepath.Join(ledgers, "zakay2013.json"),
			func(_, o string) []string { return []string{"reproduce", "--from", ledgers, "-o", o} },
			func(o string) []string { return []string{"reproduce", "--from", brokenLedgers, "-o", o} }},
		// A hard link to another paper's ledger read: zakay2013.json
		// saved over the zakay2013.json read is allowed (the same ledger).
		{"reproduce --save", ".json", "zakay2013.json", filepath.Join(ledgers, "zakay2014.json"),
			func(_, o string) []string { return []string{"reproduce", "--from", ledgers, "--save", filepath.Dir(o)} },
			func(o string) []string {
				return []string{"reproduce", "--from", brokenLedgers, "--save", filepath.Dir(o)}
			}},
		{"reproduce --write-baseline", ".json", "zakay2013.json", filepath.Join(ledgers, "zakay2014.json"),
			func(_, o string) []string {
				return []string{"reproduce", "--from", ledgers, "--write-baseline", filepath.Dir(o)}
			},
			func(o string) []string {
				return []string{"reproduce", "--from", brokenLedgers, "--write-baseline", filepath.Dir(o)}
			}},
		{"import sacct -o", ".swf", "", sacctIn,
			func(in, o string) []string { return []string{"import", "sacct", in, "--tz", "UTC", "-o", o} },
			func(o string) []string { return []string{"import", "sacct", brokenSacct, "--tz", "UTC", "-o", o} }},
		{"import sacct -o, its ids table", ".csv", "out.swf" + sacct.IDsSuffix, sacctIn,
			func(in, o string) []string {
				return []string{"import", "sacct", in, "--tz", "UTC", "-o", strings.TrimSuffix(o, sacct.IDsSuffix)}
			},
			func(o string) []string {
				return []string{"import", "sacct", brokenSacct, "--tz", "UTC", "-o", strings.TrimSuffix(o, sacct.IDsSuffix)}
			}},
		{"import sacct -o, its jobs table", ".csv", "out.swf" + sacct.JobsSuffix, sacctIn,
			func(in, o string) []string {
				return []string{"import", "sacct", in, "--tz", "UTC", "-o", strings.TrimSuffix(o, sacct.JobsSuffix)}
			},
			func(o string) []string {
				return []string{"import", "sacct", brokenSacct, "--tz", "UTC", "-o", strings.TrimSuffix(o, sacct.JobsSuffix)}
			}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			// name is the output's file name in its own folder.
			name := func(kind string) string {
				if tc.file != "" {
					return tc.file
				}
				return kind + tc.ext
			}
			t.Run("link to a 0600 file", func(t *testing.T) {
				d := t.TempDir()
				target := writeTemp(t, d, "target"+tc.ext, "old")
				if err := os.Chmod(target, 0o600); err != nil {
					t.Fatal(err)
				}
				link := filepath.Join(d, name("link"))
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
				blk := filepath.Join(t.TempDir(), name("disk"))
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
				hard := filepath.Join(t.TempDir(), name("hard"))
				if err := os.Link(tc.in, hard); err != nil {
					t.Fatal(err)
				}
				was, _ := os.ReadFile(tc.in)
				_, _, err := runCLI(t, tc.args(tc.in, hard)...)
				want := "would overwrite the input"
				if tc.in == filepath.Join(array, "shard-0.parquet") {
					want = "is the shard file of task 0 of the array" // notArrayFile's words
				}
				wantError(t, err, want)
				if b, _ := os.ReadFile(tc.in); string(b) != string(was) {
					t.Error("the input changed")
				}
			})
			// The input named by a symbolic link, or by its own path: refused,
			// the input and the link unchanged.
			t.Run("symbolic link to the input", func(t *testing.T) {
				link := filepath.Join(t.TempDir(), name("lnk"))
				if err := os.Symlink(tc.in, link); err != nil {
					t.Fatal(err)
				}
				was, _ := os.ReadFile(tc.in)
				_, _, err := runCLI(t, tc.args(tc.in, link)...)
				want := "would overwrite the input"
				if tc.in == filepath.Join(array, "shard-0.parquet") {
					want = "is the shard file of task 0 of the array"
				}
				wantError(t, err, want)
				if b, _ := os.ReadFile(tc.in); string(b) != string(was) {
					t.Error("the input changed")
				}
				if st, err := os.Lstat(link); err != nil || st.Mode()&os.ModeSymlink == 0 {
					t.Errorf("the link was replaced: %v", err)
				}
			})
			if tc.file == "" { // an output whose name the test chooses
				t.Run("the input's own path", func(t *testing.T) {
					was, _ := os.ReadFile(tc.in)
					if _, _, err := runCLI(t, tc.args(tc.in, tc.in)...); err == nil {
						t.Error("succeeded")
					}
					if b, _ := os.ReadFile(tc.in); string(b) != string(was) {
						t.Error("the input changed")
					}
				})
			}
			// A folder where the file should be: refused, the folder and
			// what it holds unchanged.
			t.Run("a folder", func(t *testing.T) {
				folder := filepath.Join(t.TempDir(), name("dir"))
				if err := os.Mkdir(folder, 0o755); err != nil {
					t.Fatal(err)
				}
				writeTemp(t, folder, "keep", "kept")
				if _, _, err := runCLI(t, tc.args(tc.in, folder)...); err == nil {
					t.Error("succeeded")
				}
				if b, err := os.ReadFile(filepath.Join(folder, "keep")); err != nil || string(b) != "kept" {
					t.Errorf("the folder's file: %q, %v", b, err)
				}
				if es, _ := os.ReadDir(folder); len(es) != 1 {
					t.Errorf("%d files in the folder, want its own only", len(es))
				}
			})
			// A folder that cannot be written (immutable for root, who
			// writes in a 0555 folder): an error naming the output, nothing
			// left in the folder.
			t.Run("a read-only folder", func(t *testing.T) {
				ro := readOnlyDir(t)
				out := filepath.Join(ro, name("out"))
				_, _, err := runCLI(t, tc.args(tc.in, out)...)
				if err == nil || !strings.Contains(err.Error(), ro) {
					t.Errorf("error %v, want one naming %s", err, ro)
				}
				if es, _ := os.ReadDir(ro); len(es) != 0 {
					t.Errorf("%d files left in the read-only folder", len(es))
				}
			})
			// A folder that does not exist: an error naming the output
			// (reproduce --save makes the folder it is given).
			t.Run("a missing folder", func(t *testing.T) {
				out := filepath.Join(t.TempDir(), "missing", name("out"))
				_, _, err := runCLI(t, tc.args(tc.in, out)...)
				if tc.file != "" && err == nil {
					return // --save DIR made DIR
				}
				if err == nil || !strings.Contains(err.Error(), filepath.Dir(out)) {
					t.Errorf("error %v, want one naming %s", err, filepath.Dir(out))
				}
			})
			// A character device that fails every write (/dev/full, through
			// a link of the output's name): the error is the command's, never
			// a success with the output lost.
			t.Run("a device that fails", func(t *testing.T) {
				full := filepath.Join(t.TempDir(), name("full"))
				if err := os.Symlink("/dev/full", full); err != nil {
					t.Fatal(err)
				}
				if _, err := os.Stat("/dev/full"); err != nil {
					t.Skip("no /dev/full:", err)
				}
				_, _, err := runCLI(t, tc.args(tc.in, full)...)
				if err == nil {
					t.Error("succeeded writing to /dev/full")
				}
			})
			// A named pipe with a reader: the output is streamed through it,
			// the pipe kept (reproduce --save refuses a pipe in its folder).
			t.Run("a named pipe", func(t *testing.T) {
				fifo := filepath.Join(t.TempDir(), name("pipe"))
				if err := syscall.Mkfifo(fifo, 0o600); err != nil {
					t.Skip("no named pipes:", err)
				}
				got := make(chan int, 1)
				go func() {
					f, err := os.Open(fifo)
					if err != nil {
						got <- -1
						return
					}
					defer f.Close()
					b, _ := io.ReadAll(f)
					got <- len(b)
				}()
				_, _, err := runCLI(t, tc.args(tc.in, fifo)...)
				// Let a reader still waiting for a writer go (it may not have
				// opened the pipe yet: try until it is done).
				n := 0
				for done := false; !done; {
					select {
					case n = <-got:
						done = true
					case <-time.After(50 * time.Millisecond):
						if f, err := os.OpenFile(fifo, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
							f.Close()
						}
					}
				}
				switch {
				case tc.name == "reproduce --save" || tc.name == "reproduce --write-baseline":
					wantError(t, err, "not a regular file")
				case err != nil:
					t.Errorf("%v", err)
				case n <= 0:
					t.Errorf("%d bytes through the pipe", n)
				}
				if st, err := os.Lstat(fifo); err != nil || st.Mode()&os.ModeNamedPipe == 0 {
					t.Errorf("the pipe was replaced: %v", err)
				}
			})
			t.Run("a failed run", func(t *testing.T) {
				sub := t.TempDir()
				out := writeTemp(t, sub, name("out"), "old")
				before := inode(t, out)
				args := tc.args(bad, out)
				if tc.fail != nil {
					args = tc.fail(out)
				}
				if _, _, err := runCLI(t, args...); err == nil {
					t.Fatal("a run on a broken input succeeded")
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

// copyDir copies the regular files of the folder from into the new folder
// to.
func copyDir(t *testing.T, from, to string) {
	t.Helper()
	if err := os.Mkdir(to, 0o755); err != nil {
		t.Fatal(err)
	}
	es, err := os.ReadDir(from)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range es {
		if !e.Type().IsRegular() {
			continue
		}
		b, err := os.ReadFile(filepath.Join(from, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		writeTemp(t, to, e.Name(), string(b))
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

// readOnlyDir returns a new empty folder no file can be made in: mode 0555,
// and for root, who writes there anyway, the ext2-4 immutable attribute
// (FS_IMMUTABLE_FL, as chattr +i sets it), removed at the end of the test.
func readOnlyDir(t *testing.T) string {
	t.Helper()
	d := filepath.Join(t.TempDir(), "ro")
	if err := os.Mkdir(d, 0o555); err != nil {
		t.Fatal(err)
	}
	if os.Geteuid() != 0 {
		return d
	}
	const fsIocSetflags, fsImmutableFl = 0x40086602, 0x10
	setFlags := func(flags int) error {
		f, err := os.Open(d)
		if err != nil {
			return err
		}
		defer f.Close()
		v := int32(flags)
		if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, f.Fd(), fsIocSetflags, uintptr(unsafe.Pointer(&v))); e != 0 {
			return e
		}
		return nil
	}
	if err := setFlags(fsImmutableFl); err != nil {
		t.Skip("running as root, and the file system has no immutable folders:", err)
	}
	t.Cleanup(func() {
		if err := setFlags(0); err != nil {
			t.Error(err)
		}
	})
	if f, err := os.Create(filepath.Join(d, "probe")); err == nil {
		f.Close()
		t.Fatal("a file was made in the immutable folder")
	}
	return d
}
