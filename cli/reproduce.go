package cli

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/tracelab/tracelab/internal/codehash"
	"github.com/tracelab/tracelab/internal/infile"
	"github.com/tracelab/tracelab/internal/outfile"
	"github.com/tracelab/tracelab/repro"
	"github.com/tracelab/tracelab/repro/findings"
	"github.com/tracelab/tracelab/repro/ledger"
	"github.com/tracelab/tracelab/repro/study"
	"github.com/tracelab/tracelab/sim/sweep"
)

func init() {
	register(&command{name: "reproduce",
		usage: "[PAPER...] [--quick] [--from DIR] [--format table|csv|json] [-o REPRODUCTION.md] " +
			"[--check DIR] [--save DIR] [--write-baseline DIR] [--allow-dirty] [--seed N] [--workers N]",
		summary: "the papers' claims ledgers, computed or as recorded (--from); REPRODUCTION.md; saved ledgers (--save) and the check against them (--check)",
		run:     runReproduce})
}

// reproductions is where reproduce finds the papers (tests replace it).
var reproductions = struct {
	keys func() []string
	new  func(key string, o study.Options) (repro.Reproduction, error)
}{repro.Keys, repro.New}

// paperLedger is one paper's ledger and how it was made.
type paperLedger struct {
	paper   ledger.Paper
	entries []ledger.Entry
	run     ledger.Run
}

func runReproduce(e *env, args []string) error {
	fs := e.newFlags("reproduce")
	format := formatFlag(fs)
	quick := fs.Bool("quick", false, "compute in quick mode (fewer replicates, same code paths)")
	from := fs.String("from", "", "read the ledgers recorded in this folder instead of computing them: the notebooks' records (scripts/run-notebooks.sh: out/ledger) or saved ledgers (KEY.json: repro/ledgers, repro/testdata/quick)")
	out := fs.String("o", "", "write the report (REPRODUCTION.md) to this file")
	check := fs.String("check", "", "compare the ledgers with the ones saved in this folder (repro/testdata/quick, repro/ledgers): fail when an entry is gone, changes verdict or moves beyond its tolerance")
	save := fs.String("save", "", "save each paper's ledger into this folder as KEY.json, with the commit and the hash of the code (repro/ledgers in full mode)")
	writeBaseline := fs.String("write-baseline", "", "--save for a quick-mode ledger (the baselines: repro/testdata/quick)")
	allowDirty := fs.Bool("allow-dirty", false, "let --save record full-mode ledgers made from a checkout with changes")
	seed := seedFlag(fs, "seed", 0, "base seed of the random procedures (0: the default, 1)")
	workers := intFlag(fs, "workers", 0, 0, maxWorkers, "GOMAXPROCS", "goroutines of parallel experiments (results do not depend on it)")
	sweeps := fs.String("sweeps", "", "load the sweeps stored in this folder instead of computing them (sweep.Store; with --slurm, where they go; default "+defaultSweepStore+")")
	sweepsOnly := fs.Bool("sweeps-only", false, "with --slurm: run and store the heavy sweeps, compute no ledger")
	var sl slurmFlags
	sl.register(fs, "the heavy sweeps", "the same command again")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if err := checkFormat(*format); err != nil {
		return err
	}
	if (*sweepsOnly || sl.dryRun || sl.noWait) && !sl.on {
		return fmt.Errorf("%w: --sweeps-only, --dry-run and --no-wait go with --slurm", errUsage)
	}
	if *from != "" && (*quick || *seed != 0 || *workers != 0 || sl.on || *sweeps != "") {
		return fmt.Errorf("%w: with --from nothing is computed: --quick, --seed and --workers do not apply (the mode is the one recorded)", errUsage)
	}
	// The report is checked before anything is computed: markdown, never
	// one of the ledgers read (--from holds .json files).
	report, err := newOutput("-o", *out, fmtMarkdown)
	if err != nil {
		return err
	}
	if *save != "" && *writeBaseline != "" {
		return fmt.Errorf("%w: --save and --write-baseline are the same output: give one", errUsage)
	}
	// The folders too, before anything is computed (a --save onto a file
	// failed once the ledgers were made: 18 minutes in full mode).
	for _, d := range []struct{ flag, dir string }{{"--from", *from}, {"--check", *check}} {
		if st, err := os.Stat(d.dir); d.dir != "" && err == nil && !st.IsDir() {
			return usagef("%s %s: not a folder", d.flag, d.dir)
		}
	}
	for _, d := range []struct{ flag, dir string }{{"--save", *save}, {"--write-baseline", *writeBaseline}} {
		if err := checkOutputDir(d.flag, d.dir); err != nil {
			return err
		}
	}
	keys, err := paperKeys(e, pos)
	if err != nil {
		return err
	}
	saveFlag, saveDir := "--save", *save
	if *writeBaseline != "" {
		saveFlag, saveDir = "--write-baseline", *writeBaseline
	}
	if err := reproduceOutputsApart(keys, report, saveFlag, saveDir, *from, *check); err != nil {
		return err
	}

	var ledgers []paperLedger
	var stored *findings.Stored // the findings' matrix in --from, if any
	if *from != "" {
		var unrecorded []string
		if f, ok, err := findings.ReadStoredFile(*from); err != nil {
			return err
		} else if ok {
			stored = &f
		}
		ledgers, unrecorded, err = readLedgers(*from, keys)
		if err == nil && len(unrecorded) > 0 {
			// Under --check alone a notebook that recorded nothing is
			// skipped (it failed, and says so itself); the check still
			// fails when it checks nothing.
			if *check == "" || *out != "" || *save != "" || *writeBaseline != "" {
				return fmt.Errorf("no ledger recorded in %s for %s: run the notebooks (scripts/run-notebooks.sh); a notebook's first cell calls notebook.Begin and each item's cell notebook.Claims",
					*from, strings.Join(unrecorded, ", "))
			}
			fmt.Fprintf(e.stderr, "not checked (no ledger recorded in %s): %s\n", *from, strings.Join(unrecorded, ", "))
		}
	} else {
		ctx := e.context() // cancelled by SIGINT, SIGTERM, SIGHUP (Main; an ignored one stays ignored)
		o := study.Options{Quick: *quick, Seed: *seed, Workers: *workers}
		if *sweeps == "" && sl.on {
			*sweeps = defaultSweepStore
		}
		if *sweeps != "" {
			dir, err := filepath.Abs(*sweeps)
			if err != nil {
				return err
			}
			if !sl.on {
				// Only loaded: a folder that is not there (a typing
				// mistake) would load nothing and compute every sweep, the
				// hours --sweeps is there to save, and still exit 0.
				if err := storedSweeps(dir, *sweeps); err != nil {
					return err
				}
			}
			if sl.on {
				if err := reproduceSlurm(ctx, e, keys, o, sl, dir); err != nil {
					return err
				}
				if *sweepsOnly || sl.noWait || sl.dryRun {
					return nil
				}
			}
			// The computation below (and its sweep.Run calls) loads the
			// stored sweeps.
			old, had := os.LookupEnv(sweep.StoreEnv)
			os.Setenv(sweep.StoreEnv, dir)
			defer func() {
				if had {
					os.Setenv(sweep.StoreEnv, old)
				} else {
					os.Unsetenv(sweep.StoreEnv)
				}
			}()
		}
		ledgers, err = computeLedgers(ctx, e, keys, o)
	}
	if err != nil {
		return err
	}

	// -o and the files of --save (--write-baseline) are committed
	// together, once all are written: a failure leaves each as it was (a
	// folder of saved ledgers half of one commit and half of another is
	// what --save refuses to make).
	wrote, err := func() (wrote []string, err error) {
		var files outfile.Set
		defer files.Discard()
		if report.set() {
			if err := writeReproduction(&files, report.path, ledgers, stored); err != nil {
				return nil, err
			}
			wrote = append(wrote, *out)
		}
		if *writeBaseline != "" {
			for _, l := range ledgers {
				if l.run.Mode != "quick" {
					return nil, fmt.Errorf("--write-baseline: the ledger of %s is of %s mode; baselines are quick mode (use --save for others)", l.paper.Key, l.run.Mode)
				}
			}
			*save = *writeBaseline
		}
		if *save != "" {
			w, err := saveSnapshots(&files, *save, ledgers, *allowDirty)
			if err != nil {
				return nil, err
			}
			wrote = append(wrote, w...)
			if stored != nil && *writeBaseline == "" {
				w, err := saveFindings(&files, *save, *stored)
				if err != nil {
					return nil, err
				}
				wrote = append(wrote, w)
			}
		}
		return wrote, files.Commit()
	}()
	switch {
	case err != nil && closedStream(err):
		names := fileNames(report)
		if *writeBaseline != "" {
			names = append(names, "--write-baseline "+*writeBaseline)
		} else if *save != "" {
			names = append(names, "--save "+*save)
		}
		return groupError(err, names...)
	case err != nil:
		// The ledgers are printed all the same: a refused --save does
		// not lose what was computed.
		if perr := printLedgers(e, *format, ledgers); perr != nil {
			return perr
		}
		return err
	}
	for _, w := range wrote {
		fmt.Fprintf(e.stderr, "wrote %s\n", w)
	}
	// The ledgers are printed once the files are committed: a reader of
	// the table that goes away (reproduce --save DIR | head) ends the
	// program (SIGPIPE), which once left --save unwritten, silently.
	if err := printLedgers(e, *format, ledgers); err != nil {
		return err
	}
	if *check != "" {
		return checkSnapshots(e, *check, ledgers)
	}
	return nil
}

// paperKeys turns the PAPER arguments — paper keys, or notebooks named by
// their path — into paper keys, in the order given and without repetition;
// no argument means every paper. An unknown key is an error, and so is a
// notebook that is neither a paper's nor an existing file; an existing
// notebook of no paper (the quickstart) is skipped, so scripts can pass the
// notebooks they ran. No paper left is an error: nothing would be done.
func paperKeys(e *env, args []string) ([]string, error) {
	all := reproductions.keys()
	if len(args) == 0 {
		if len(all) == 0 {
			return nil, errors.New("no paper is registered")
		}
		return all, nil
	}
	notebooks := map[string]string{}
	for _, k := range all {
		r, err := reproductions.new(k, study.Options{})
		if err != nil {
			return nil, err
		}
		notebooks[filepath.Base(r.Paper().Notebook)] = k
	}
	var keys, skipped []string
	for _, a := range args {
		k := a
		if strings.HasSuffix(a, ".ipynb") {
			if k = notebooks[filepath.Base(a)]; k == "" {
				if st, err := os.Stat(a); err != nil || !st.Mode().IsRegular() {
					return nil, fmt.Errorf("%w: %s is neither a paper's notebook nor a notebook file", errUsage, a)
				}
				skipped = append(skipped, a)
				continue
			}
		} else if !slices.Contains(all, a) {
			return nil, fmt.Errorf("%w: no paper %q (papers: %s)", errUsage, a, strings.Join(all, ", "))
		}
		if !slices.Contains(keys, k) {
			keys = append(keys, k)
		}
	}
	if len(skipped) > 0 {
		fmt.Fprintf(e.stderr, "reproduce: no paper's notebook, skipped: %s\n", strings.Join(skipped, ", "))
	}
	if len(keys) == 0 {
		return nil, fmt.Errorf("%w: no paper among %s: nothing to reproduce or check", errUsage, strings.Join(args, " "))
	}
	return keys, nil
}

// computeLedgers computes the ledger of each paper.
func computeLedgers(ctx context.Context, e *env, keys []string, o study.Options) ([]paperLedger, error) {
	run := ledger.Run{Mode: o.Mode(), Commit: buildCommit(), Started: time.Now().UTC()}
	var out []paperLedger
	for _, k := range keys {
		r, err := reproductions.new(k, o)
		if err != nil {
			return nil, err
		}
		start := time.Now()
		l, err := r.Ledger(ctx)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", k, err)
		}
		es := l.Entries()
		fmt.Fprintf(e.stderr, "%s: %s (%s mode, %.1f s)\n", k, ledger.Summarize(es), o.Mode(), time.Since(start).Seconds())
		out = append(out, paperLedger{paper: r.Paper(), entries: es, run: run})
	}
	return out, nil
}

// snapshotFile is the file of a paper's saved ledger in dir.
func snapshotFile(dir, key string) string { return filepath.Join(dir, key+".json") }

// readLedgers reads the ledger of each paper from dir, computing nothing:
// its saved ledger dir/KEY.json (--save) when there is one, else what its
// notebook recorded in dir (repro/notebook). Papers with nothing recorded
// are listed in unrecorded.
func readLedgers(dir string, keys []string) (ledgers []paperLedger, unrecorded []string, err error) {
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		return nil, nil, fmt.Errorf("--from %s: not a folder of recorded ledgers", dir)
	}
	store := ledger.Store{Dir: dir}
	for _, k := range keys {
		r, err := reproductions.new(k, study.Options{})
		if err != nil {
			return nil, nil, err
		}
		snap, ok, err := readSnapshot(dir, k)
		if err != nil {
			return nil, nil, err
		}
		if ok {
			ledgers = append(ledgers, paperLedger{paper: r.Paper(), entries: snap.Entries,
				run: ledger.Run{Mode: snap.Mode, Commit: snap.Commit}})
			continue
		}
		es, err := store.Read(k)
		if err != nil {
			return nil, nil, err
		}
		run, ok, err := store.Run(k)
		if err != nil {
			return nil, nil, err
		}
		switch {
		case len(es) == 0 && !ok:
			unrecorded = append(unrecorded, k)
		case !ok:
			return nil, nil, fmt.Errorf("%s: entries recorded in %s without notebook.Begin (the notebook's first cell): mode unknown", k, dir)
		default:
			ledgers = append(ledgers, paperLedger{paper: r.Paper(), entries: es, run: run})
		}
	}
	return ledgers, unrecorded, nil
}

// readSnapshot reads the saved ledger of paper key in dir; ok is false when
// there is none.
func readSnapshot(dir, key string) (s ledger.Snapshot, ok bool, err error) {
	err = readJSONFile(snapshotFile(dir, key), func(r io.Reader) (err error) {
		s, err = ledger.ReadSnapshot(r)
		return err
	})
	if errors.Is(err, fs.ErrNotExist) {
		return ledger.Snapshot{}, false, nil
	}
	if err != nil {
		return ledger.Snapshot{}, false, err
	}
	if s.Paper != key {
		return ledger.Snapshot{}, false, fmt.Errorf("%s holds the ledger of %s", snapshotFile(dir, key), s.Paper)
	}
	return s, true, nil
}

// reproduceOutputsApart checks, before any ledger is computed, the files
// reproduce writes — the report and the files of the --save folder (each
// paper's KEY.json, findings.StoredFile) — as newOutput checks an output
// (a block device there is refused now, not once the ledgers are made),
// and refuses any of them that is a file of the --from or --check folder
// (through a link, or a hard link): "reproduce --from DIR -o
// REPORT.md" where REPORT.md was a link to DIR/zakay2013.json replaced
// the ledger read with the report. A saved ledger written over the file it
// was read from (--save and --from the same folder) is the same ledger
// saved again, and allowed.
func reproduceOutputsApart(keys []string, report output, saveFlag, saveDir, from, check string) error {
	var inputs []string
	for _, dir := range []string{from, check} {
		if dir == "" {
			continue
		}
		// The saved ledgers (DIR/KEY.json, findings.StoredFile) and the
		// notebooks' records (DIR/KEY/*.json): the files read are JSON.
		for _, pat := range []string{"*.json", filepath.Join("*", "*.json")} {
			files, _ := filepath.Glob(filepath.Join(dir, pat))
			for _, f := range files {
				if st, err := os.Stat(f); err == nil && st.Mode().IsRegular() {
					inputs = append(inputs, f)
				}
			}
		}
	}
	type out struct{ flag, path string }
	var outs []out
	if report.set() && !report.isStream() {
		outs = append(outs, out{"-o", report.path})
	}
	if saveDir != "" {
		files := []string{filepath.Join(saveDir, findings.StoredFile)}
		for _, k := range keys {
			files = append(files, snapshotFile(saveDir, k))
		}
		_, dirErr := os.Stat(saveDir)
		for _, f := range files {
			if dirErr == nil {
				if err := outfile.Check(f); err != nil {
					return usagef("%s %s: %v", saveFlag, saveDir, err)
				}
				// A file of the folder, which the user did not name: a
				// named pipe there is not written through (it would
				// wait for a reader once the ledgers are made).
				if st, err := os.Stat(f); err == nil && !st.Mode().IsRegular() {
					return usagef("%s %s: %s is %s", saveFlag, saveDir, f, infile.NotRegular(st.Mode()))
				}
			}
			outs = append(outs, out{saveFlag, f})
		}
	}
	for _, o := range outs {
		for _, in := range inputs {
			if !outfile.SameFile(o.path, in) {
				continue
			}
			if o.flag != "-o" && filepath.Base(o.path) == filepath.Base(in) && outfile.SameFile(filepath.Dir(in), from) {
				continue // the same ledger saved over itself
			}
			return usagef("%s %s would overwrite the input %s", o.flag, o.path, in)
		}
	}
	return nil
}

// checkOutputDir checks that dir, given to flag, is a folder that can be
// written, or can be made: its nearest existing ancestor is a writable
// folder. "" passes.
func checkOutputDir(flag, dir string) error {
	if dir == "" {
		return nil
	}
	for d := filepath.Clean(dir); ; d = filepath.Dir(d) {
		st, err := os.Stat(d)
		switch {
		case err == nil && !st.IsDir():
			return usagef("%s %s: %s is not a folder", flag, dir, d)
		case err == nil:
			if err := syscall.Access(d, 2 /* W_OK */); err != nil {
				return fmt.Errorf("%s %s: %s: %w", flag, dir, d, err)
			}
			return nil
		case !errors.Is(err, fs.ErrNotExist) && !errors.Is(err, syscall.ENOTDIR):
			return fmt.Errorf("%s %s: %w", flag, dir, err)
		case filepath.Dir(d) == d:
			return nil
		}
	}
}

// buildCommit is the commit the program was built from, with "-dirty" when
// the checkout had changes; when the build did not record it (go run), the
// commit the scripts give in $TRACELAB_COMMIT, else "".
func buildCommit() string {
	var rev, dirty string
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		bi = &debug.BuildInfo{}
	}
	for _, s := range bi.Settings {
		switch {
		case s.Key == "vcs.revision" && len(s.Value) >= 12:
			rev = s.Value[:12]
		case s.Key == "vcs.modified" && s.Value == "true":
			dirty = "-dirty"
		}
	}
	if rev == "" {
		return os.Getenv("TRACELAB_COMMIT")
	}
	return rev + dirty
}

// printLedgers prints the entries: a text table per paper with its counts,
// or every entry as CSV or JSON.
func printLedgers(e *env, format string, ledgers []paperLedger) error {
	var all []ledger.Entry
	for _, l := range ledgers {
		all = append(all, l.entries...)
	}
	switch format {
	case "csv":
		return ledger.WriteCSV(e.stdout, all)
	case "json":
		return ledger.WriteJSON(e.stdout, all)
	}
	for i, l := range ledgers {
		if i > 0 {
			fmt.Fprintln(e.stdout)
		}
		fmt.Fprintf(e.stdout, "== %s (%s mode%s)\n", l.paper.Key, l.run.Mode, commitSuffix(l.run.Commit))
		if err := ledger.WriteText(e.stdout, l.entries); err != nil {
			return err
		}
	}
	return nil
}

func commitSuffix(c string) string {
	if c == "" {
		return ""
	}
	return ", commit " + c
}

// oneRun returns the mode and commit shared by every ledger, and an error
// naming the papers when they were made in different modes or at different
// commits: a report or a set of saved ledgers describes one state of the
// code.
func oneRun(what string, ledgers []paperLedger) (ledger.Run, error) {
	var r ledger.Run
	for i, l := range ledgers {
		if i == 0 {
			r = l.run
			continue
		}
		if l.run.Mode != r.Mode {
			return r, fmt.Errorf("%s: the ledgers were made in different modes (%s: %s, %s: %s); run them again in one mode",
				what, ledgers[0].paper.Key, r.Mode, l.paper.Key, l.run.Mode)
		}
		if l.run.Commit != r.Commit {
			return r, fmt.Errorf("%s: the ledgers were recorded at different commits (%s: %q, %s: %q); record them all at one commit (scripts/reproduce.sh)",
				what, ledgers[0].paper.Key, r.Commit, l.paper.Key, l.run.Commit)
		}
	}
	return r, nil
}

// writeReproduction writes REPRODUCTION.md (repro.WriteReport) from
// ledgers made in one mode at one commit, and the findings' matrix
// (stored, nil for none) made in that mode.
func writeReproduction(files *outfile.Set, path string, ledgers []paperLedger, stored *findings.Stored) error {
	run, err := oneRun("-o "+path, ledgers)
	if err != nil {
		return err
	}
	if stored != nil && stored.Mode != run.Mode {
		return fmt.Errorf("-o %s: the findings (%s) are of %s mode, the ledgers of %s mode", path, findings.StoredFile, stored.Mode, run.Mode)
	}
	results := make([]repro.Result, len(ledgers))
	for i, l := range ledgers {
		results[i] = repro.Result{Paper: l.paper, Entries: l.entries}
	}
	var b bytes.Buffer
	if err := repro.WriteReport(&b, results, repro.ReportInfo{Mode: run.Mode, Commit: run.Commit, Findings: stored}); err != nil {
		return err
	}
	return files.Write(path, 0o644, func(w io.Writer) error { _, err := w.Write(b.Bytes()); return err })
}

// saveSnapshots saves each paper's ledger into dir as KEY.json, with the
// hash of the code of the checkout it runs in (internal/codehash). The
// ledgers must share a mode and a commit. Full-mode ledgers must also come
// from a clean checkout (unless allowDirty) at a known commit, and the
// other papers' ledgers already in dir must carry the same commit and code
// hash: the folder holds one state of the code.
func saveSnapshots(files *outfile.Set, dir string, ledgers []paperLedger, allowDirty bool) (wrote []string, err error) {
	run, err := oneRun("--save "+dir, ledgers)
	if err != nil {
		return nil, err
	}
	hash, err := treeHash()
	if err != nil {
		return nil, err
	}
	if run.Mode == "full" {
		switch {
		case run.Commit == "":
			return nil, fmt.Errorf("--save %s: the commit of the full-mode ledgers is unknown: record them with scripts/reproduce.sh", dir)
		case strings.HasSuffix(run.Commit, "-dirty") && !allowDirty:
			return nil, fmt.Errorf("--save %s: the ledgers were recorded from a checkout with changes (%s): commit first, or give --allow-dirty", dir, run.Commit)
		}
		if err := sameState(dir, ledgers, run.Commit, hash); err != nil {
			return nil, err
		}
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	for _, l := range ledgers {
		s := ledger.NewSnapshot(l.paper, l.run, hash, l.entries)
		f := snapshotFile(dir, l.paper.Key)
		if err := files.Write(f, 0o644, func(w io.Writer) error { return ledger.WriteSnapshot(w, s) }); err != nil {
			return nil, err
		}
		wrote = append(wrote, fmt.Sprintf("%s (%s; %s mode%s)", f, s.Summary, s.Mode, commitSuffix(s.Commit)))
	}
	return wrote, nil
}

// saveFindings saves the findings' matrix read with the ledgers into dir
// beside them (findings.StoredFile), when it was measured by the code of
// this tree, as the ledgers are.
func saveFindings(files *outfile.Set, dir string, s findings.Stored) (wrote string, err error) {
	hash, err := treeHash()
	if err != nil {
		return "", err
	}
	if s.CodeHash != hash {
		return "", fmt.Errorf("--save %s: the findings were measured by other code (%s, the tree's is %s): measure them again (tracelab findings --save)", dir, s.CodeHash, hash)
	}
	f := filepath.Join(dir, findings.StoredFile)
	if err := files.Write(f, 0o644, func(w io.Writer) error { return findings.WriteStored(w, s) }); err != nil {
		return "", err
	}
	return fmt.Sprintf("%s (%d findings on %d logs; %s mode%s)", f, len(s.Matrix().Findings), len(s.Logs), s.Mode, commitSuffix(s.Commit)), nil
}

// treeHash is the hash of the code of the checkout this runs in
// (internal/codehash over codehash.Dirs), which saved results record.
func treeHash() (string, error) {
	root, err := codehash.Root(".")
	if err != nil {
		return "", fmt.Errorf("--save: the code hash needs the source tree: %w", err)
	}
	return codehash.Tree(root, codehash.Dirs)
}

// sameState checks that the saved ledgers in dir of the papers not in
// ledgers carry commit and hash.
func sameState(dir string, ledgers []paperLedger, commit, hash string) error {
	var other []string
	for _, k := range reproductions.keys() {
		if slices.ContainsFunc(ledgers, func(l paperLedger) bool { return l.paper.Key == k }) {
			continue
		}
		s, ok, err := readSnapshot(dir, k)
		if err != nil {
			return err
		}
		if ok && (s.Commit != commit || s.CodeHash != hash) {
			other = append(other, fmt.Sprintf("%s (commit %s)", k, s.Commit))
		}
	}
	if len(other) > 0 {
		return fmt.Errorf("--save %s: the ledgers of %s in that folder are of another commit or code than these (commit %s): record every paper at one commit (scripts/reproduce.sh with no argument)",
			dir, strings.Join(other, ", "), commit)
	}
	return nil
}

// errChanged marks a failed check against saved ledgers.
var errChanged = errors.New("entries changed since the saved ledgers")

// checkSnapshots compares each paper's ledger with its saved ledger in dir
// (of the same mode) and fails when a stored entry is gone, changed
// verdict, or moved beyond its tolerance (ledger.Snapshot.Compare), or when
// nothing was compared. New entries are reported and do not fail.
func checkSnapshots(e *env, dir string, ledgers []paperLedger) error {
	if len(ledgers) == 0 {
		return fmt.Errorf("--check %s: no ledger to check: nothing was checked", dir)
	}
	var failed []string
	for _, l := range ledgers {
		k := l.paper.Key
		s, ok, err := readSnapshot(dir, k)
		if err != nil {
			return err
		}
		if !ok {
			return fmt.Errorf("%s: no saved ledger %s: write it with `tracelab reproduce %s --quick --write-baseline %s` (see repro/doc.go)",
				k, snapshotFile(dir, k), k, dir)
		}
		if s.Mode != l.run.Mode {
			return fmt.Errorf("%s: %s is of %s mode; the ledger is of %s mode", k, snapshotFile(dir, k), s.Mode, l.run.Mode)
		}
		c, err := s.Compare(l.entries)
		if err != nil {
			return fmt.Errorf("%s: %w", k, err)
		}
		fmt.Fprintf(e.stderr, "%s: %d saved entries compared, %d changed", k, c.Checked, len(c.Failed))
		if len(c.New) > 0 {
			fmt.Fprintf(e.stderr, "; %d new (not failed: save the ledger again to keep them)", len(c.New))
		}
		fmt.Fprintln(e.stderr)
		for _, f := range c.Failed {
			failed = append(failed, f.String())
		}
	}
	if len(failed) > 0 {
		return fmt.Errorf("%w (%s; an intended change is recorded by saving the ledger again, see repro/doc.go):\n  %s",
			errChanged, dir, strings.Join(failed, "\n  "))
	}
	return nil
}

// storedSweeps returns an error unless dir (--sweeps given as arg, without
// --slurm) is a folder, of the stored sweeps to load.
func storedSweeps(dir, arg string) error {
	st, err := os.Stat(dir)
	switch {
	case err != nil:
		return fmt.Errorf("--sweeps %s: %w (without --slurm, the folder of stored sweeps to load)", arg, err)
	case !st.IsDir():
		return fmt.Errorf("--sweeps %s: not a folder (without --slurm, the folder of stored sweeps to load)", arg)
	}
	return nil
}
