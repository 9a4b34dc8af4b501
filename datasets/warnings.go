package datasets

import (
	"fmt"
	"strconv"
	"strings"
)

// WarningKind names a class of deviation from the SWF definition that Read
// tolerates. The package documentation lists every kind with the reader's
// decision (kept as written, kept as unknown, or row left out).
type WarningKind string

// The kinds of Warning. Row-level kinds are counted per field (Warning.Field)
// where a field is concerned.
const (
	// WarnStatusCode: status outside SWF's codes −1…5 (exit codes, as in
	// Sandia-Ross-2001). The value is kept as written.
	WarnStatusCode WarningKind = "status-code"
	// WarnNegativeValue: a value below 0 other than −1 (unknown). Identifiers
	// and counts (job_id, procs, req_procs, user, group, app, queue,
	// partition, prev_job) are kept as written; measures (wait, runtime,
	// cpu_time, mem, req_time, req_mem) become unknown (NaN) and the written
	// value is kept in ReadReport.Replaced.
	WarnNegativeValue WarningKind = "negative-value"
	// WarnOutOfRange: a duration above MaxDuration (wait, runtime, cpu_time,
	// req_time, |think_time|) or a memory above MaxMemoryKB, or a measure
	// written NaN or Inf or beyond float64's range ("1e400"). The measure
	// becomes unknown (NaN); the written value (NaN or ±Inf for those) is
	// kept in ReadReport.Replaced.
	WarnOutOfRange WarningKind = "out-of-range"
	// WarnSubmitOutOfRange: a submit time beyond ±MaxTime of the log's start.
	// The row cannot be placed in time and is left out; its submit time is
	// kept in ReadReport.Replaced (with Row −1).
	WarnSubmitOutOfRange WarningKind = "submit-out-of-range"
	// WarnBeforeStart: a negative submit time other than −1: a job submitted
	// before the log's time 0 (UnixStartTime). Kept as written.
	WarnBeforeStart WarningKind = "submit-before-start"
	// WarnPlaceholder: rows with submit −1 (placeholder records, as in
	// LLNL-Thunder-2007). Left out and counted in
	// ReadReport.PlaceholdersSkipped, or kept with submit NaN when
	// ReadOptions.KeepPlaceholders is set.
	WarnPlaceholder WarningKind = "placeholder"
	// WarnUnsortedSubmit: a submit time below the previous row's. Rows are
	// kept in file order (see Trace.SortBySubmit).
	WarnUnsortedSubmit WarningKind = "unsorted-submit"
	// WarnUnsortedJobID: a job id not above the previous row's. Kept.
	WarnUnsortedJobID WarningKind = "unsorted-job-id"
	// WarnDuplicateJobID: a job id seen before. Both rows are kept. A
	// partial-execution record repeating its job's id is WarnPartialRecord
	// instead.
	WarnDuplicateJobID WarningKind = "duplicate-job-id"
	// WarnIDsNotChecked: more job ids out of order or apart (runs of
	// consecutive ids count as one) than ReadOptions.MaxRows, which a log
	// Read holds cannot have (its left-out rows aside): the set of ids
	// seen is dropped, and from the next row on an id is compared only
	// with the previous row's, so that a repeat further back is not
	// counted (WarnDuplicateJobID, WarnPartialRecord). Line is the row
	// where the set was dropped; Count the rows from that one on. Keeps
	// Scan's memory bounded.
	WarnIDsNotChecked WarningKind = "ids-not-checked"
	// WarnPartialRecord: a job id seen before on a row of status 2–4 (a
	// partial-execution record, IsPartialRecord): SWF writes each part of a
	// checkpointed or swapped job under its number. Neither a duplicate
	// nor an unsorted id; whether the row stays in the trace is said by
	// WarnPartialLeftOut, WarnPartialKept or WarnPartialNoSummary.
	WarnPartialRecord WarningKind = "partial-record"
	// WarnPartialLeftOut: a partial-execution record (status 2–4) of a
	// job that also has a summary line (a row of the same job number with
	// another status). Read leaves it out, counted in
	// ReadReport.PartialRecordsSkipped, so that the trace holds each job
	// once; ReadOptions.KeepPartialRecords keeps it (WarnPartialKept
	// instead). Field is "status", Value the first one's status. Scan
	// hands such rows on, and does not give this warning.
	WarnPartialLeftOut WarningKind = "partial-left-out"
	// WarnPartialKept: a partial-execution record (status 2–4) of a job
	// that also has a summary line, kept because
	// ReadOptions.KeepPartialRecords is set: the job counts once for its
	// summary line and once more for each part. Field is "status", Value
	// the first one's status. Scan does not give this warning.
	WarnPartialKept WarningKind = "partial-kept"
	// WarnPartialNoSummary: a partial-execution record (status 2–4) of a
	// job without a summary line. Kept: the job's data is nowhere else, so
	// each part counts as a job. Field is "status". Scan does not give
	// this warning.
	WarnPartialNoSummary WarningKind = "partial-no-summary"
	// WarnZeroProcs: 0 allocated processors. Kept.
	WarnZeroProcs WarningKind = "zero-procs"
	// WarnCPUExceedsRuntime: average CPU time per processor above the run
	// time by more than max(60 s, 1%): inconsistent data (Feitelson, Tsafrir
	// and Krakov 2014, sec. 3.2). Kept.
	WarnCPUExceedsRuntime WarningKind = "cpu-exceeds-runtime"
	// WarnExceedsMachine: allocated or requested processors (Field procs or
	// req_procs) above the header's machine size (MaxProcs, else MaxNodes).
	// Kept.
	WarnExceedsMachine WarningKind = "exceeds-machine"
	// WarnExceedsLimit: run time or requested time above the header's
	// MaxRuntime, or used or requested memory above its MaxMemory (Field
	// says which). Kept.
	WarnExceedsLimit WarningKind = "exceeds-limit"
	// WarnHeader: a header directive whose value is not used (text where a
	// number belongs, as "MaxRuntime: N/A"; a value out of range, e.g.
	// UnixStartTime beyond ±MaxTime; a negative or zero machine size; a
	// repetition of a directive already set) or doubtful (an unknown
	// TimeZoneString, which falls back to UTC). An unused value is kept as
	// text in Header.Extra. Field names the directive.
	WarnHeader WarningKind = "header"
	// WarnLongHeader: header comment lines beyond MaxHeaderLines or
	// MaxHeaderBytes, left out (Count says how many; directives among them
	// are not read).
	WarnLongHeader WarningKind = "long-header"
	// WarnTrailingData: bytes after the last member of a gzip stream that
	// do not start another member (zero padding, appended garbage). They
	// are skipped: the data before them is complete, its checksum checked.
	// Also NUL bytes and DOS end-of-file marks (Ctrl-Z) that end the input
	// after its last line (padding), skipped. Count is the number of bytes.
	WarnTrailingData WarningKind = "trailing-data"
	// WarnUnreadable: a value the trace cannot hold in its field's type:
	// not a base-10 number ("1,5" with a decimal comma, "0x10", "1_000",
	// words); in an identifier or count (job_id, procs, req_procs, status,
	// user, group, app, queue, partition, prev_job), NaN or Inf, a
	// fraction, or an integer of 2^53 or more in magnitude (beyond what a
	// float64, and so a frame, holds exactly; int64 overflow included). The
	// field becomes unknown (−1, or NaN for a measure) as if the log wrote
	// −1; a row whose submit time is unreadable cannot be placed in time
	// and is left out (counted in ReadReport.UnreadableSkipped). The token
	// as written is in ReadReport.Unreadable. Count is per field.
	WarnUnreadable WarningKind = "unreadable"
	// WarnFieldCount: a job row without SWF's 18 fields. A row of 2 to 17
	// fields is kept, its missing last fields unknown (−1, NaN for a
	// measure); Field is the first missing one. A row of more than 18 is
	// kept, its fields after the 18th ignored (Value holds them); Field is
	// "". A row of 1 field has no submit time and is left out (counted in
	// ReadReport.FieldCountSkipped); Field is "submit". A first row of
	// another format (ErrNotSWF) and lines run together by lone CRs
	// (classic Mac OS line ends) are errors instead.
	WarnFieldCount WarningKind = "field-count"
	// WarnLongLine: a line longer than 1 MiB (no SWF line is: a job line
	// has 18 numbers), skipped without being held and counted in
	// ReadReport.LongLinesSkipped; Count is the number of such lines. A
	// job row on it is lost; the rest of the log is read. A long line
	// holding a lone CR (classic Mac OS line ends) is an error instead.
	WarnLongLine WarningKind = "long-line"
	// WarnComment: a comment line (';') after the first job row. SWF
	// allows comments anywhere; the header is the comments before the
	// first job, so this one is ignored. Count is the number of lines.
	WarnComment WarningKind = "comment"
	// WarnLateDirective: a standard directive or a note after the first
	// job row (two logs concatenated, a header edited at its end). Not
	// used: the rows before it were read with the header's values. Field
	// is the directive, Value its first value as written, Count the
	// number of lines.
	WarnLateDirective WarningKind = "late-directive"
)

// MaxWarningExamples is the number of job ids a Warning keeps as examples.
const MaxWarningExamples = 5

// Warning is one class of deviation that Read tolerated, with how often and
// where it was seen. Warnings are structured so that tools (tracelab check)
// can filter and count them; String gives one line for people.
type Warning struct {
	Kind  WarningKind
	Field string // the SWF field (FieldNames) or header directive concerned; "" for a whole row
	Count int    // rows affected (header lines for WarnHeader and WarnLongHeader, bytes for WarnTrailingData)
	Line  int    // first line where it was seen (1-based; a row number in JSON and Parquet); 0 unknown
	// Value is the first offending value as written (e.g. "265" for a
	// status code); "" when the deviation concerns a row, not a value.
	Value string
	// Examples holds the job ids of the first affected rows (at most
	// MaxWarningExamples), in file order; nil for header warnings.
	Examples []int
	// Message says, for people, what was seen first and what the reader did.
	Message string
}

func (w Warning) String() string {
	var b strings.Builder
	if w.Line > 0 {
		fmt.Fprintf(&b, "line %d: ", w.Line)
	}
	b.WriteString(string(w.Kind))
	if w.Field != "" {
		fmt.Fprintf(&b, " (%s)", w.Field)
	}
	fmt.Fprintf(&b, ", %d ", w.Count)
	switch w.Kind {
	case WarnHeader:
		b.WriteString("directive")
	case WarnLongHeader, WarnComment:
		b.WriteString("line")
	case WarnLateDirective:
		b.WriteString("directive")
	case WarnTrailingData:
		b.WriteString("byte")
	default:
		b.WriteString("row")
	}
	if w.Count != 1 {
		b.WriteString("s")
	}
	if len(w.Examples) > 0 {
		b.WriteString(", e.g. job")
		for i, id := range w.Examples {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteByte(' ')
			b.WriteString(strconv.Itoa(id))
		}
	}
	b.WriteString(": ")
	b.WriteString(w.Message)
	return b.String()
}

// ReplacedValue is a value that the trace does not hold as written: a
// measure that became unknown (NaN), or the submit time of a row left out.
type ReplacedValue struct {
	Row   int     // row in the trace as read; −1 when the row was left out
	Line  int     // line in the file (1-based)
	JobID int     // the row's job id
	Field string  // the SWF field (FieldNames)
	Value float64 // the value as written; in JSON "NaN", "+Inf" or "-Inf" when not finite (MarshalJSON)
}

// MaxReplaced is the most values ReadReport.Replaced lists (48 MB).
const MaxReplaced = 1 << 20

// UnreadableValue is a value as written that the trace cannot hold
// (WarnUnreadable): the field holds unknown instead, or, for submit, the
// row was left out.
type UnreadableValue struct {
	Row   int    // row in the trace as read; −1 when the row was left out
	Line  int    // line in the file (1-based; a row number in JSON and Parquet)
	JobID int    // the row's job id (−1 when it is the unreadable field)
	Field string // the SWF field (FieldNames)
	// Token is the value as written (a JSON value with its quotes), cut
	// to MaxUnreadableText bytes (then ending in "…").
	Token string
	// Why says what makes it unreadable: ErrNotNumber, ErrNotFinite,
	// ErrNotInteger or ErrIntegerRange. Its JSON form is the message
	// (MarshalJSON), decoded back to the same error value.
	Why error
	// Text is the whole line as written when the row was left out (an SWF
	// line, a CSV record), cut to MaxUnreadableText bytes; "" otherwise.
	Text string
}

// Bounds of ReadReport.Unreadable: the first MaxUnreadablePerField values
// of each field are listed, each token and line cut to MaxUnreadableText
// bytes (at most 18 × 16 × 2 KiB in all, whatever the input).
const (
	MaxUnreadablePerField = 16
	MaxUnreadableText     = 1024
)

// ReadReport says what Read did. Nothing is dropped or changed without being
// counted here.
type ReadReport struct {
	Lines               int // lines read, header included
	Jobs                int // job rows in the trace
	PlaceholdersSkipped int // rows with submit −1 left out
	OutOfRangeSkipped   int // rows whose submit time is beyond ±MaxTime, left out
	// Warnings lists each kind (and field) of tolerated deviation once, in
	// the order first seen.
	Warnings []Warning
	// Replaced lists the values the trace does not hold as written, in file
	// order: every one up to MaxReplaced, so that a log of bad rows cannot
	// fill the memory; ReplacedNotListed counts the others (the warnings
	// count them all).
	Replaced          []ReplacedValue
	ReplacedNotListed int
	// UnreadableSkipped counts the rows left out because their submit
	// time is unreadable (WarnUnreadable, field submit).
	UnreadableSkipped int
	// FieldCountSkipped counts the rows left out because they hold a
	// single field, no submit time (WarnFieldCount, field submit).
	FieldCountSkipped int
	// LongLinesSkipped counts the lines longer than 1 MiB left out
	// (WarnLongLine): header comments or job rows, which cannot be told
	// apart without holding them.
	LongLinesSkipped int
	// PartialRecordsSkipped counts the partial-execution records (status
	// 2–4) left out because their job has a summary line
	// (WarnPartialLeftOut; ReadOptions.KeepPartialRecords keeps them).
	PartialRecordsSkipped int
	// Unreadable lists values the trace cannot hold (WarnUnreadable), in
	// file order: the first MaxUnreadablePerField of each field;
	// UnreadableNotListed counts the others (the warnings count them all,
	// per field).
	Unreadable          []UnreadableValue
	UnreadableNotListed int
}

// Warning returns the warning of the given kind and field ("" for any
// field: the first of that kind), and whether there is one.
func (r *ReadReport) Warning(kind WarningKind, field string) (Warning, bool) {
	if r == nil {
		return Warning{}, false
	}
	for _, w := range r.Warnings {
		if w.Kind == kind && (field == "" || w.Field == field) {
			return w, true
		}
	}
	return Warning{}, false
}

// Count returns the number of rows with a warning of the given kind, summed
// over fields.
func (r *ReadReport) Count(kind WarningKind) int {
	if r == nil {
		return 0
	}
	n := 0
	for _, w := range r.Warnings {
		if w.Kind == kind {
			n += w.Count
		}
	}
	return n
}

// warnKey identifies one entry of the warning table.
type warnKey struct {
	kind  WarningKind
	field string
}

// warnings accumulates Warning entries by kind and field, in first-seen
// order.
type warnings struct {
	index map[warnKey]int
	list  []Warning
}

// add counts one occurrence; describe, which gives the offending value as
// written and the message, is called only for the first.
func (ws *warnings) add(kind WarningKind, field string, line, jobID int, describe func() (value, message string)) {
	k := warnKey{kind, field}
	if ws.index == nil {
		ws.index = make(map[warnKey]int)
	}
	i, ok := ws.index[k]
	if !ok {
		i = len(ws.list)
		ws.index[k] = i
		value, msg := describe()
		ws.list = append(ws.list, Warning{Kind: kind, Field: field, Line: line, Value: value, Message: msg})
	}
	w := &ws.list[i]
	w.Count++
	if jobID != noJob && len(w.Examples) < MaxWarningExamples {
		w.Examples = append(w.Examples, jobID)
	}
}

// noJob marks a warning that concerns no row (a header directive).
const noJob = -1 << 62
