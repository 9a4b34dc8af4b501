package cli

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"
	"time"

	"github.com/tracelab/tracelab/internal/outfile"
	"github.com/tracelab/tracelab/repro"
	"github.com/tracelab/tracelab/repro/ledger"
	"github.com/tracelab/tracelab/repro/study"
)

func init() {
	register(&command{name: "reproduce",
		usage: "[PAPER...] [--quick] [--from DIR] [--format table|csv|json] [-o REPRODUCTION.md] " +
			"[--check DIR] [--write-baseline DIR] [--seed N] [--workers N]",
		summary: "the papers' claims ledgers, computed or as their notebooks recorded them (--from); REPRODUCTION.md; quick-mode baseline check",
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
	from := fs.String("from", "", "read the ledgers the notebooks recorded in this folder (scripts/run-notebooks.sh: out/ledger) instead of computing them")
	out := fs.String("o", "", "write the report (REPRODUCTION.md) to this file")
	check := fs.String("check", "", "check the ledgers against the baselines in this folder (repro/testdata/quick): fail when an entry that agreed there no longer agrees")
	writeBaseline := fs.String("write-baseline", "", "write each paper's baseline of verdicts into this folder")
	seed := fs.Uint64("seed", 0, "base seed of the random procedures (0: the default, 1)")
	workers := fs.Int("workers", 0, "goroutines of parallel experiments (0: GOMAXPROCS; results do not depend on it)")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if err := checkFormat(*format); err != nil {
		return err
	}
	if *from != "" && (*quick || *seed != 0 || *workers != 0) {
		return fmt.Errorf("%w: with --from nothing is computed: --quick, --seed and --workers do not apply (the mode is the one recorded)", errUsage)
	}
	if *workers < 0 || *workers > 1024 {
		return fmt.Errorf("%w: --workers must be in [0, 1024], not %d", errUsage, *workers)
	}
	keys, err := paperKeys(pos)
	if err != nil {
		return err
	}
	if len(keys) == 0 { // only notebooks of no paper (the quickstart), or no paper registered yet
		fmt.Fprintln(e.stderr, "reproduce: no paper to reproduce")
		return nil
	}

	var ledgers []paperLedger
	if *from != "" {
		var unrecorded []string
		ledgers, unrecorded, err = readLedgers(*from, keys)
		if err == nil && len(unrecorded) > 0 {
			// Under --check alone a notebook that records no ledger yet is
			// skipped (it cannot pass otherwise: its last cell,
			// notebook.Ledger, fails when nothing was recorded).
			if *check == "" || *out != "" || *writeBaseline != "" {
				return fmt.Errorf("no ledger recorded in %s for %s: run the notebooks (scripts/run-notebooks.sh); a notebook's first cell calls notebook.Begin and each item's cell notebook.Claims",
					*from, strings.Join(unrecorded, ", "))
			}
			fmt.Fprintf(e.stderr, "not checked (no ledger recorded in %s): %s\n", *from, strings.Join(unrecorded, ", "))
		}
	} else {
		ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
		defer stop()
		ledgers, err = computeLedgers(ctx, e, keys, study.Options{Quick: *quick, Seed: *seed, Workers: *workers})
	}
	if err != nil {
		return err
	}

	if err := printLedgers(e, *format, ledgers); err != nil {
		return err
	}
	if *out != "" {
		if err := writeReproduction(*out, ledgers); err != nil {
			return err
		}
		fmt.Fprintf(e.stderr, "wrote %s\n", *out)
	}
	if *writeBaseline != "" {
		if err := writeBaselines(e, *writeBaseline, ledgers); err != nil {
			return err
		}
	}
	if *check != "" {
		return checkBaselines(e, *check, ledgers)
	}
	return nil
}

// paperKeys turns the PAPER arguments — paper keys, or notebooks named by
// their path — into paper keys, in the order given and without repetition;
// no argument means every paper. A notebook of no paper (the quickstart) is
// skipped, so scripts can pass the notebooks they ran.
func paperKeys(args []string) ([]string, error) {
	all := reproductions.keys()
	if len(args) == 0 {
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
	var keys []string
	for _, a := range args {
		k := a
		if strings.HasSuffix(a, ".ipynb") {
			if k = notebooks[filepath.Base(a)]; k == "" {
				continue
			}
		} else if !slices.Contains(all, a) {
			return nil, fmt.Errorf("%w: no paper %q (papers: %s)", errUsage, a, strings.Join(all, ", "))
		}
		if !slices.Contains(keys, k) {
			keys = append(keys, k)
		}
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
		fmt.Fprintf(e.stderr, "%s: %s (%s mode, %.1f s)\n", k, ledger.Count(es), o.Mode(), time.Since(start).Seconds())
		out = append(out, paperLedger{paper: r.Paper(), entries: es, run: run})
	}
	return out, nil
}

// readLedgers reads the ledger of each paper from what its notebook
// recorded in dir (repro/notebook), computing nothing. Papers with nothing
// recorded are listed in unrecorded.
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

// buildCommit is the commit the program was built from, with "-dirty" when
// the checkout had changes; "" when the build did not record it (go run).
func buildCommit() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return ""
	}
	var rev, dirty string
	for _, s := range bi.Settings {
		switch {
		case s.Key == "vcs.revision" && len(s.Value) >= 12:
			rev = s.Value[:12]
		case s.Key == "vcs.modified" && s.Value == "true":
			dirty = "-dirty"
		}
	}
	if rev == "" {
		return ""
	}
	return rev + dirty
}

// printLedgers prints the entries: a text table per paper with its totals,
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

// writeReproduction writes REPRODUCTION.md (repro.WriteReport). Every
// paper must have been computed in the same mode; the commit is theirs
// (several, comma-separated, when the papers were recorded at different
// commits).
func writeReproduction(path string, ledgers []paperLedger) error {
	var info repro.ReportInfo
	var commits []string
	results := make([]repro.Result, len(ledgers))
	for i, l := range ledgers {
		if i > 0 && l.run.Mode != info.Mode {
			return fmt.Errorf("-o %s: the ledgers were made in different modes (%s: %s, %s: %s); run them again in one mode",
				path, ledgers[0].paper.Key, info.Mode, l.paper.Key, l.run.Mode)
		}
		info.Mode = l.run.Mode
		if l.run.Commit != "" && !slices.Contains(commits, l.run.Commit) {
			commits = append(commits, l.run.Commit)
		}
		results[i] = repro.Result{Paper: l.paper, Entries: l.entries}
	}
	info.Commit = strings.Join(commits, ", ")
	var b bytes.Buffer
	if err := repro.WriteReport(&b, results, info); err != nil {
		return err
	}
	return outfile.WriteFile(path, b.Bytes(), 0o644)
}

// baselineFile is the file of a paper's baseline in dir.
func baselineFile(dir, key string) string { return filepath.Join(dir, key+".json") }

// writeBaselines writes each paper's baseline of verdicts into dir.
func writeBaselines(e *env, dir string, ledgers []paperLedger) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for _, l := range ledgers {
		var b bytes.Buffer
		if err := ledger.WriteBaseline(&b, ledger.NewBaseline(l.paper.Key, l.run.Mode, l.entries)); err != nil {
			return err
		}
		f := baselineFile(dir, l.paper.Key)
		if err := outfile.WriteFile(f, b.Bytes(), 0o644); err != nil {
			return err
		}
		fmt.Fprintf(e.stderr, "wrote %s (%s, %s mode)\n", f, ledger.Count(l.entries), l.run.Mode)
	}
	return nil
}

// errRegression marks a failed baseline check.
var errRegression = errors.New("entries that agreed in the baseline no longer agree")

// checkBaselines checks each paper's ledger against its baseline in dir and
// fails when an entry that agreed there no longer agrees (or is gone).
// Entries that agree now and did not, and entries the baseline lacks, are
// reported but do not fail.
func checkBaselines(e *env, dir string, ledgers []paperLedger) error {
	var regressions []string
	for _, l := range ledgers {
		k := l.paper.Key
		f, err := os.Open(baselineFile(dir, k))
		if err != nil {
			return fmt.Errorf("%s: no baseline (%w): write it with `tracelab reproduce --from out/ledger --write-baseline %s %s` after a quick-mode run of its notebook", k, err, dir, k)
		}
		b, err := ledger.ReadBaseline(f)
		f.Close()
		if err != nil {
			return err
		}
		if b.Paper != k || b.Mode != l.run.Mode {
			return fmt.Errorf("%s: the baseline %s is of %s in %s mode; the ledger is of %s in %s mode", k, baselineFile(dir, k), b.Paper, b.Mode, k, l.run.Mode)
		}
		c := b.Check(l.entries)
		agreed := 0
		for _, v := range b.Verdicts {
			if v == ledger.Agrees {
				agreed++
			}
		}
		fmt.Fprintf(e.stderr, "%s: %d of %d entries that agreed in the baseline still agree", k, agreed-len(c.Regressions), agreed)
		if n := len(c.Improved) + len(c.New); n > 0 {
			fmt.Fprintf(e.stderr, "; %d now agree, %d are new (the baseline can be brought up to date)", len(c.Improved), len(c.New))
		}
		fmt.Fprintln(e.stderr)
		for _, r := range c.Regressions {
			regressions = append(regressions, r.String())
		}
	}
	if len(regressions) > 0 {
		return fmt.Errorf("%w:\n  %s", errRegression, strings.Join(regressions, "\n  "))
	}
	return nil
}
