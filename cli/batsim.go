package cli

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/tracelab/tracelab/sim"
	"github.com/tracelab/tracelab/sim/batsim"
)

func init() {
	register(&command{name: "export",
		usage: "batsim [LOG] -o WORKLOAD.json [--procs P] [--profile-type delay|DelayProfile]\n" +
			"       [--overrun raise|kill] [--missing-estimate runtime|max] [--procs-field allocated|requested] [--wide drop|error]\n" +
			"   the jobs a simulation would run, as a Batsim workload (go doc sim/batsim); the schedule of a simulation\n" +
			"   as Batsim's jobs CSV, which evalys reads, is 'tracelab simulate LOG --batsim-out FILE.csv'",
		summary: "export a log for Batsim: a JSON workload of delay jobs (nb_res, jobs, profiles)",
		run:     runExport})
}

func runExport(e *env, args []string) error {
	fs := e.newFlags("export batsim")
	outPath := fs.String("o", "", "output workload (.json; required)")
	procs := intFlag(fs, "procs", 0, 0, sim.MaxProcs, "the header's MaxProcs or MaxNodes, else the peak processors in use", "machine size (nb_res)")
	ptype := fs.String("profile-type", batsim.DelayV4, "type of the delay profiles: delay (Batsim 4) or DelayProfile (Batsim 5)")
	conv := workloadConventionFlags(fs)
	if len(args) == 0 || args[0] != "batsim" {
		if len(args) > 0 && isHelpArg(args[0]) {
			return parseHelp(fs)
		}
		return usagef("export needs a format: batsim")
	}
	pos, err := parseArgs(fs, args[1:])
	if err != nil {
		return err
	}
	log, err := oneOptionalLog(pos)
	if err != nil {
		return err
	}
	if *outPath == "" {
		return usagef("-o WORKLOAD.json is required")
	}
	out, err := newOutput("-o", *outPath, fmtJSON)
	if err != nil {
		return err
	}
	if err := distinctFiles([]string{log}, out); err != nil {
		return err
	}
	opts := batsim.Options{ProfileType: *ptype, Sim: sim.Options{Procs: *procs}}
	if err := conv.apply(&opts.Sim); err != nil {
		return err
	}
	if *ptype != batsim.DelayV4 && *ptype != batsim.DelayV5 {
		return usagef("--profile-type must be %s or %s, not %q", batsim.DelayV4, batsim.DelayV5, *ptype)
	}
	tr, err := loadLog(e, log)
	if err != nil {
		return err
	}
	opts.Description = "tracelab export of " + tr.Name
	var rep batsim.Report
	err = out.write(func(w io.Writer) error {
		var err error
		rep, err = batsim.Write(w, tr, opts)
		return err
	})
	if err != nil {
		return err
	}
	fmt.Fprintf(e.stderr, "export: %d jobs, %d profiles, nb_res %d (%s) -> %s", rep.Jobs, rep.Profiles, rep.Procs, rep.ProcsRule, out.path)
	if n := rep.Prep.Dropped() + rep.ZeroRuntime; n > 0 {
		fmt.Fprintf(e.stderr, "; left out %d (unknown submit %d, runtime %d, processors %d; too wide %d; runtime 0 %d)",
			n, rep.Prep.UnknownSubmit, rep.Prep.UnknownRuntime, rep.Prep.UnknownProcs, rep.Prep.TooWide, rep.ZeroRuntime)
	}
	fmt.Fprintln(e.stderr)
	return nil
}

// parseHelp makes "export -h" print the flags.
func parseHelp(fs interface{ Parse([]string) error }) error {
	return flagError(fs.Parse([]string{"-h"}))
}

// runImportBatsim is "tracelab import batsim FILE.json -o OUT".
func runImportBatsim(e *env, args []string) error {
	fs := e.newFlags("import batsim")
	outPath := fs.String("o", "", "output log; its extension picks the format (.swf, .swf.gz, .csv, .json, .parquet)")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("want: import batsim FILE.json -o OUT")
	}
	if *outPath == "" {
		return usagef("-o OUT is required")
	}
	out, err := newOutput("-o", *outPath, traceFormats...)
	if err != nil {
		return err
	}
	if err := distinctFiles(pos, out); err != nil {
		return err
	}
	f, err := os.Open(pos[0])
	if err != nil {
		return err
	}
	defer f.Close()
	r, err := batsimInput(f, pos[0])
	if err != nil {
		return err
	}
	tr, err := batsim.Read(r, pos[0])
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
		// encoding/json's word alone: "batsim: w.json: EOF"
		return fmt.Errorf("%s: the file ends before the workload does (empty or cut short): %w", pos[0], err)
	}
	if err != nil {
		return err
	}
	if err := out.writeTrace(tr); err != nil {
		return err
	}
	fmt.Fprintf(e.stderr, "import: %d jobs on %d processors -> %s\n", tr.Len(), tr.Header.MaxProcs, out.path)
	return nil
}

// batsimPeek is how far batsimInput looks for the start of a workload.
const batsimPeek = 64 << 10

// batsimInput returns the reader of the workload file f (named name) for
// batsim.Read, which holds the whole file (up to batsim.MaxBytes) before
// parsing it, after two checks that need no such read:
//   - a regular file larger than batsim.MaxBytes is refused by its size
//     (Read would read 1 GiB of it, 2.1 GB of memory, first);
//   - a file whose first byte after JSON's white space (among the first
//     batsimPeek bytes) is not the '{' of the workload's object is
//     refused at that byte: a device (/dev/zero: 10 s and 2.1 GB before
//     "larger than 1073741824 bytes"; /dev/urandom: more than 20 s), or a
//     binary or SWF file given by mistake.
//
// Nothing is consumed: Read's offsets and line numbers are the file's.
func batsimInput(f *os.File, name string) (io.Reader, error) {
	if st, err := f.Stat(); err == nil && st.Mode().IsRegular() && st.Size() > batsim.MaxBytes {
		return nil, fmt.Errorf("batsim: %s: %d bytes, more than %d (a workload is read whole)", name, st.Size(), int64(batsim.MaxBytes))
	}
	br := bufio.NewReaderSize(f, batsimPeek)
	head, _ := br.Peek(batsimPeek)          // short at the end of the file; a read error is Read's to report
	rest := bytes.TrimLeft(head, " \t\r\n") // JSON's white space
	if len(rest) > 0 && rest[0] != '{' {
		return nil, fmt.Errorf("batsim: %s: not a Batsim workload (a JSON object, which begins with '{'): byte %d is %q",
			name, len(head)-len(rest), rest[0])
	}
	return br, nil
}

// writeBatsimJobs writes a schedule as Batsim's jobs CSV (simulate
// --batsim-out).
func writeBatsimJobs(e *env, out output, r *sim.Result) error {
	var rep batsim.JobsReport
	err := out.write(func(w io.Writer) error {
		var err error
		rep, err = batsim.WriteJobs(w, r, "")
		return err
	})
	if err == nil && rep.Unfinished > 0 {
		fmt.Fprintf(e.stderr, "simulate: %d jobs that did not end are not in %s\n", rep.Unfinished, out.path)
	}
	return err
}
