package cli

import (
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/datasets/sacct"
	"github.com/tracelab/tracelab/internal/clip"
	"github.com/tracelab/tracelab/internal/outfile"
)

func init() {
	register(&command{name: "import",
		usage: "sacct FILE|- -o OUT (.swf, .swf.gz, .csv, .json, .parquet) --tz ZONE [--procs-from ncpus|nodes [--cores-per-node N]]\n" +
			"       [--machine-procs P] [--cluster NAME] [--max-jobs N] [--format table|csv|json]\n" +
			"   FILE is the output of: TZ=ZONE sacct --allocations --parsable2 --allusers -S START -E END --format " + sacct.Format + "\n" +
			"   OUT.ids.csv (user, group, partition and QOS names of the numbers) and OUT.jobs.csv (Slurm job id, state,\n" +
			"   exit code, account of each job) are written beside OUT (not when OUT is a stream: /dev/stdout, a pipe)\n" +
			"   or: tracelab import batsim FILE.json -o OUT (a Batsim workload of delay jobs; go doc sim/batsim)",
		summary: "import Slurm accounting (sacct), or a Batsim workload (import batsim FILE.json -o OUT), as a log",
		run:     runImport})
}

func runImport(e *env, args []string) error {
	if len(args) > 0 && args[0] == "batsim" {
		return runImportBatsim(e, args[1:])
	}
	fs := e.newFlags("import")
	format := formatFlag(fs)
	outPath := fs.String("o", "", "output log; its extension picks the format")
	tz := fs.String("tz", "", "the time zone sacct printed its times in (its TZ; the cluster's), e.g. UTC or Europe/Stockholm (required)")
	procsFrom := fs.String("procs-from", "ncpus", "processors of a job: ncpus (allocated CPUs) or nodes (NNodes × --cores-per-node)")
	cores := intFlag(fs, "cores-per-node", 0, 0, 1<<20, "unset", "cores of a node, with --procs-from nodes")
	machine := intFlag(fs, "machine-procs", 0, 0, maxProcs, "none: analyses infer it from the schedule", "machine size written to the header (MaxProcs)")
	cluster := fs.String("cluster", "", "the machine's name, written to the header (Computer)")
	maxJobs := intFlag(fs, "max-jobs", sacct.DefaultMaxJobs, 1, 100_000_000, "", "most jobs to import (an array line's tasks counted before any is held; about 700 bytes of memory a job)")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if err := checkFormat(*format); err != nil {
		return err
	}
	if len(pos) != 2 || pos[0] != "sacct" {
		return usagef("want: import sacct FILE|- -o OUT")
	}
	in := pos[1]
	if *outPath == "" {
		return usagef("-o OUT is required")
	}
	if *tz == "" {
		return usagef("--tz is required: sacct prints local times (give the TZ it ran with, e.g. --tz UTC)")
	}
	loc, err := time.LoadLocation(*tz)
	if err != nil {
		return usagef("--tz %s: %v", *tz, err)
	}
	src, err := choice("--procs-from", *procsFrom, map[string]sacct.ProcsSource{"ncpus": sacct.NCPUS, "nodes": sacct.NodesTimesCores})
	if err != nil {
		return err
	}
	if (src == sacct.NodesTimesCores) != (*cores > 0) {
		return usagef("--cores-per-node is needed with --procs-from nodes, and only then")
	}
	// Every output is checked before the input is read. The two tables
	// go beside OUT; OUT a stream (/dev/null, /dev/stdout, a pipe) has no
	// beside, and they are not written.
	out, err := newOutput("-o", *outPath, traceFormats...)
	if err != nil {
		return err
	}
	var ids, jobs output
	if !out.isStream() {
		if ids, err = newOutput("-o", *outPath+sacct.IDsSuffix, fmtCSV); err != nil {
			return err
		}
		if jobs, err = newOutput("-o", *outPath+sacct.JobsSuffix, fmtCSV); err != nil {
			return err
		}
	}
	if err := distinctFiles([]string{in}, out, ids, jobs); err != nil {
		return err
	}
	opts := sacct.Options{Location: loc, Procs: src, CoresPerNode: *cores, MachineProcs: *machine, Cluster: *cluster, MaxJobs: *maxJobs}
	var im *sacct.Import
	if in == "-" {
		opts.Name = "sacct"
		im, err = sacct.Read(io.Reader(os.Stdin), opts)
	} else {
		im, err = sacct.ReadFile(in, opts)
	}
	if err != nil {
		return err
	}
	rep := im.Trace.Report
	warnings := make([]string, len(rep.Warnings))
	for k, w := range rep.Warnings {
		warnings[k] = w.String()
		fmt.Fprintln(e.stderr, "warning:", w)
		if w.Kind == datasets.WarnUnreadable {
			fmt.Fprintln(e.stderr, unreadableLine(rep, w, maxUnreadableShown))
		}
	}
	if im.Trace.Len() == 0 {
		// An empty log is refused by every command that reads it: write
		// none.
		name := in
		if in == "-" {
			name = "standard input"
		}
		lines := fmt.Sprintf("%d lines", rep.Lines)
		if rep.Lines == 1 {
			lines = "1 line"
		}
		return fmt.Errorf("no job in %s (%s read; the warnings above say what was left out): nothing written", name, lines)
	}
	// The log and its tables are committed together: a failure leaves
	// every file as it was.
	var files outfile.Set
	defer files.Discard()
	out.group, ids.group, jobs.group = &files, &files, &files
	if err := out.writeTrace(im.Trace); err != nil {
		return err
	}
	if ids.set() {
		if err := ids.write(im.WriteIDs); err != nil {
			return err
		}
		if err := jobs.write(im.WriteJobs); err != nil {
			return err
		}
	}
	if err := files.Commit(); err != nil {
		return err
	}
	if ids.set() {
		fmt.Fprintf(e.stderr, "wrote %d jobs to %s, names to %s, Slurm ids and states to %s\n",
			im.Trace.Len(), out.path, ids.path, jobs.path)
	} else {
		fmt.Fprintf(e.stderr, "wrote %d jobs to %s (a stream: the names and Slurm ids, written beside a file, are not written)\n",
			im.Trace.Len(), out.path)
	}
	return writeRecord(e.stdout, *format, record{{"log", im.Trace.Name}, {"jobs", im.Trace.Len()},
		{"users", len(im.Users)}, {"groups", len(im.Groups)}, {"partitions", len(im.Partitions)},
		{"queues", len(im.Queues)}, {"time_zone", im.Trace.Header.TimeZoneString}, {"output", out.path}, {"ids", ids.path},
		{"jobs_file", jobs.path}, {"warnings", warnings},
		{"unreadable", unreadableRecords(rep.Unreadable)}, {"unreadable_not_listed", rep.UnreadableNotListed}})
}

// maxUnreadableShown is the most values as written that import prints
// under an unreadable column's warning; the report keeps more
// (datasets.MaxUnreadablePerField), the JSON record lists them all.
const maxUnreadableShown = 5

// maxTokenShown cuts a value as written on the terminal (the report keeps
// datasets.MaxUnreadableText bytes).
const maxTokenShown = 80

// unreadableLine lists, for the WarnUnreadable warning w, the first n
// values of its field as written with their lines and job ids, then how
// many more rows the warning counts: `  NCPUS as written: line 2 (job 1)
// "4.1", …, and 25 more rows`.
func unreadableLine(rep *datasets.ReadReport, w datasets.Warning, n int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "  %s as written:", w.Field)
	shown := 0
	for _, u := range rep.Unreadable {
		if u.Field != w.Field || shown == n {
			continue
		}
		if shown > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, " line %d", u.Line)
		if u.JobID >= 0 {
			fmt.Fprintf(&b, " (job %d)", u.JobID)
		}
		fmt.Fprintf(&b, " %q", clip.Runes(u.Token, maxTokenShown))
		shown++
	}
	if more := w.Count - shown; more > 0 {
		if shown > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, " and %d more rows", more)
	}
	return b.String()
}

// unreadableRecords lists the report's unreadable values for the JSON
// record: line, job id (−1: the row was left out), field, the value as
// written, and the whole line of a row left out.
func unreadableRecords(us []datasets.UnreadableValue) []record {
	out := []record{}
	for _, u := range us {
		why := ""
		if u.Why != nil {
			why = u.Why.Error()
		}
		r := record{{"line", u.Line}, {"job", u.JobID}, {"field", u.Field}, {"token", u.Token}, {"why", why}}
		if u.Text != "" {
			r = append(r, field{"text", u.Text})
		}
		out = append(out, r)
	}
	return out
}
