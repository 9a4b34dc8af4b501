// Package datasets reads and writes workload logs in the Standard Workload
// Format (SWF) of the Parallel Workloads Archive (PWA), holds them as typed
// traces (a struct of column slices), converts them to and from Gota data
// frames, exports CSV, JSON and Parquet, and finds logs by name in a catalog
// (explicit path, TRACELAB_DATA, a user cache, or a download from the
// archive).
//
// SWF is defined at https://www.cs.huji.ac.il/labs/parallel/workload/swf.html
// (Chapin et al., "Benchmarks and standards for the evaluation of parallel
// job schedulers", JSSPP 1999). Each job is one line of 18 whitespace-separated
// fields; −1 means unknown. In a Trace, unknown measures are NaN and unknown
// identifiers stay −1, so no statistic averages a −1.
//
// # Deviations from the standard
//
// Real logs deviate from the definition: the archive's notes on each log and
// Feitelson, Tsafrir and Krakov, "Experience with using the Parallel
// Workloads Archive" (JPDC 74(10), 2014; "FTK" below) list missing,
// inconsistent and erroneous data, configuration changes and unrepresentative
// behaviour. The reader refuses only input that is not SWF; everything else
// is kept, with its raw value wherever the trace can hold it, and each class
// of deviation is counted once in Trace.Report.Warnings (kind, field, count,
// first line, first value, example job ids). A measure that cannot be a time
// or an amount becomes unknown and its written value is kept in
// ReadReport.Replaced; a token that is no value of its field's type
// becomes unknown and is kept as written in ReadReport.Unreadable. So
// every integer of a trace read from a file is below 2^53 in magnitude, and
// every unknown is SWF's −1 (NaN for a measure), which analyses already
// treat as missing. Deviations that need the whole log rather than one row
// (flurries, utilisation, configuration changes) are accepted silently by the
// reader and reported by `tracelab check`. The decisions:
//
//	deviation (source)                                   reader                                     Warning kind
//	missing value −1 (SWF)                               accepted: measure NaN, id −1               —
//	a field missing in the whole log, e.g. requested     accepted silently; analyses that need it   —
//	  time (SDSC-Par-1996), user ids (LCG-2005) (FTK 3.1)  say so, tracelab check counts it
//	placeholder row, submit −1 (LLNL-Thunder-2007)       row left out and counted (kept with        placeholder
//	                                                       ReadOptions.KeepPlaceholders)
//	status outside −1…5: exit codes (Sandia-Ross-2001)   kept as written                            status-code
//	id or count below −1                                 kept as written                            negative-value
//	negative wait, run time, CPU time, memory (FTK 3.3)  unknown (NaN), raw value in Replaced       negative-value
//	negative submit: job before the log's start (FTK 4)  kept as written                            submit-before-start
//	submit beyond ±200 years of the start (MaxTime)      row left out, raw value in Replaced        submit-out-of-range
//	duration above 100 years (MaxDuration), memory       unknown (NaN), raw value in Replaced       out-of-range
//	  above 2^53 KB (MaxMemoryKB), e.g. 1e300
//	CPU time above run time by > max(60 s, 1%) (FTK 3.2; kept                                       cpu-exceeds-runtime
//	  SWF's is an average per processor, so this is
//	  total CPU time above run time × processors)
//	processors above the machine size, allocated or      kept                                       exceeds-machine
//	  requested (FTK 3.2)
//	run or requested time above MaxRuntime, memory       kept                                       exceeds-limit
//	  above MaxMemory: requested above allowed (FTK 3.2)
//	run time above requested time (FTK 3.2; grace        accepted silently (tracelab check)         —
//	  periods make it common: 475 jobs of KTH-SP2)
//	zero allocated processors                            kept                                       zero-procs
//	submit times that decrease                           kept in file order                         unsorted-submit
//	job ids that do not increase; a repeated job id      kept                                       unsorted-job-id,
//	                                                                                                duplicate-job-id
//	more job ids out of order or apart than MaxRows      the set of ids dropped: each id compared   ids-not-checked
//	  (10 M; runs of consecutive ids count as one)         with the previous row's only (bounded
//	                                                       memory for Scan); rows kept
//	partial-execution records (status 2–4) of a job      left out, counted (PartialRecordsSkipped;  partial-left-out,
//	  with a summary line; parts of a job without one      ReadOptions.KeepPartialRecords keeps them: partial-kept,
//	  (SWF's usage note; see "Partial executions")         partial-kept); kept                        partial-no-summary,
//	                                                                                                partial-record
//	jobs long before the rest (SDSC-SP2-1998's first     accepted silently (tracelab check)         —
//	  ten, FTK 4), flurries (FTK 3.5), utilisation
//	  above 100% (FTK 3.3), configuration changes
//	  (FTK 3.4)
//	MaxRecords or MaxJobs unlike the rows (cleaned logs  accepted silently; never reserves memory   —
//	  keep the original counts)                            beyond what the input's size can hold
//	a numeric directive whose value is text ("MaxRuntime: value not used: kept as text in      header
//	  N/A"), out of range (UnixStartTime beyond ±200       Header.Extra (written back), the field
//	  years, TimeZone beyond ±26 h, MaxRuntime,            zero (absent); without a machine size:
//	  MaxMemory, negative counts), in another unit         peak in use (Trace.Machine)
//	  ("MaxRuntime: 18 hours", "MaxMemory: 32 GB"), or a
//	  negative or zero machine size
//	a directive repeated with two values ("MaxQueues: 4"  the first usable value; the others kept    header
//	  then "MaxQueues: 3"); a repeated text directive      as text (Extra); text directives join
//	digit groups ("MaxProcs: 1,024"), a unit glued to    the number ("3600s" as 3600 s; "18h",    header (unit
//	  the number ("MaxRuntime: 3600s"), a comma after it   "32GB" not used, as "18 hours")           not used)
//	MaxProcs below MaxNodes (SWF 2.1: MaxProcs counts    both kept, MaxProcs is the machine size    header
//	  processors of SMP nodes)
//	StartTime (SWF 2.2: as date(1) prints it, "Tue Feb   UnixStartTime absent: taken from a clear   header
//	  01 15:38:44 CET 2011"; or ctime's, no zone) unlike    StartTime; else UnixStartTime used; both
//	  UnixStartTime; EndTime before StartTime              kept as written (Header.ParseWallTime)
//	UnixStartTime before 1970 (e.g. -1) or from 2100 on  kept; times and dates count from it       header
//	TimeZone (deprecated in SWF 2.2 as buggy) beside      TimeZoneString used, TimeZone kept; alone, —
//	  TimeZoneString (SDSC-Par-1996: 0 and US/Pacific)     TimeZone is a fixed offset
//	free text after a numeric value ("MaxNodes: 400 (48  the number; the text stays in Header.Lines —
//	  interactive, 352 batch)", as archive logs write)
//	unknown TimeZoneString (e.g. Mars/Olympus_Mons,      kept; wall-clock analyses use UTC          header
//	  "UNKNOWN" as a converter writes, "Local": the
//	  machine's zone is no log's)
//	TimeZoneString with free text after the name         kept as written; read as the name before   header
//	  ("Europe/Berlin (CET)"), or a name tzdata dropped    the text, or the zone the dropped name
//	  (US/Pacific-New, removed in tzdata 2020b)            linked to (ZoneByName); the zone database
//	                                                       is embedded, so no machine's matters
//	TimeZoneString as an ISO 8601 offset ("+05:00",      kept; read as the fixed zone UTC+05:00     header
//	  "-0500", "+05"; east of UTC, one reading)
//	TimeZoneString "GMT" or "UTC" with an offset         kept; wall-clock analyses use UTC; the     header
//	  ("GMT-05:00", "UTC+2": POSIX TZ reads it west of     warning names both readings
//	  UTC, ISO east; SWF wants a zoneinfo name)            (ErrAmbiguousZone)
//	a comment line among the job lines (SWF allows       ignored, counted                           comment
//	  comments anywhere; the header is the comments
//	  before the first job)
//	a directive or Note after the first job line (two    not used (rows before it were read with    late-directive
//	  logs concatenated: "; MaxProcs: 256" mid-file)       the header's values); counted per key
//	a header beyond MaxHeaderLines (10,000) or           the first lines kept, the others counted   long-header
//	  MaxHeaderBytes (1 MiB) of comments                   and left out (directives among them too)
//	bytes after the last member of a gzip stream that    skipped (the members before them are       trailing-data
//	  start no member (zero padding, appended garbage)     complete, checksums checked); Count: bytes
//	NUL bytes or DOS end-of-file marks (Ctrl-Z) ending   skipped (a NUL before the end is binary    trailing-data
//	  a file (padding to a block, an MS-DOS copy)          data, ErrBinary); Count: bytes
//	a measure (wait, runtime, cpu_time, mem, req_time,   unknown (NaN), value (NaN, ±Inf) in        out-of-range
//	  req_mem, think_time) written NaN or Inf, or beyond   Replaced
//	  float64's range ("1e400")
//	a value the trace cannot hold in its field: not a     the field unknown (−1, NaN for a measure), unreadable
//	  base-10 number ("1,5", "0x10", "1_000", words);      the token in Unreadable (bounded); an
//	  in an id or count NaN, Inf, a fraction, or an        unreadable submit: row left out, counted
//	  integer of 2^53 or more (int64 overflow too)         (UnreadableSkipped), its line kept
//	a job line of 2 to 17 fields (a line cut short)      kept: the missing last fields unknown      field-count
//	a job line of more than 18 fields                    kept: the first 18 read, the rest ignored  field-count
//	a job line of 1 field (no submit time)               row left out, counted (FieldCountSkipped)  field-count
//	a line longer than 1 MiB (no SWF line is)            skipped without being held, counted        long-line
//	                                                       (LongLinesSkipped); the rest is read
//	more than 64 MiB of blank or comment lines in a      rejected (ErrBlankStretch, naming the      —
//	  row, no job among them (a compressed file of         lines): no log holds such a stretch, and
//	  newlines, a decompression bomb)                      reading on would cost CPU time only
//	binary data (NUL, control characters, invalid        rejected (*ParseError with line, field     —
//	  UTF-8); a first row of another format without 18     and text)
//	  fields; lines run together by lone CRs
//	CSV, JSON or Parquet (tracelab's, or another tool's  read (see "Files that keep the machine")   —
//	  frame of the job columns)
//	a log compressed with bzip2 (.swf.bz2; several       read, as a gzipped one                     —
//	  concatenated streams, as pbzip2 writes, too) or
//	  zstd (.swf.zst; several frames too, and pzstd's
//	  skippable frames; a window of at most 128 MiB)
//	a first job line of text: not 18 fields, and its     rejected (ErrNotSWF, with line, field and  —
//	  job id or submit not a number (/proc/self/status,    text); one of the two alone is read as
//	  a title line, a row of column names)                 the rows above say
//	another format: HTML, a CSV without a row of names;  rejected, naming the format (ErrNotSWF,    —
//	  xz, zip, lz4, compress (.Z), lzip, lzop, 7z, rar,    ErrCompression, ErrBadGzip, ErrBadBzip2,
//	  lzma; a tar archive, plain or compressed; a broken   ErrBadZstd); ErrCompression and
//	  or truncated gzip, bzip2 or zstd stream; a zstd      ErrBinary say what is read: SWF, CSV, JSON
//	  window above 128 MiB                                 and Parquet, plain, gzip, bzip2 or zstd
//
// # Partial executions
//
// SWF's field 11 reads: "Status 1 if the job was completed, 0 if it failed,
// and 5 if cancelled. If information about chekcpointing or swapping is
// included, other values are also possible. See usage note below." (sic;
// swf.html, version 2.2). The usage note it points to was not in the
// stored copies of the page this package was checked against (they hold
// the field's words above). The package reads the other values as it has
// documented them since session 14: each part of a checkpointed or
// swapped job's execution is a row under the job's number, with status 2
// (a part after which the job went on), 3 (the last part, the job
// completed) or 4 (the last part, the job failed). A row of the same job
// number with any other status (0, 1, 5, and also −1 or a code outside
// SWF's) is taken as the job's summary line, the whole job; as the note's words on it could not be checked, the reader
// relies neither on the summary line being there nor on its place
// (before, after or among the parts).
//
// Job-level analyses and simulations must count such a job once, with the
// summary line's data. So Read, by default, leaves out each partial record
// (IsPartialRecord) whose job number also has a row of another status,
// counting it (ReadReport.PartialRecordsSkipped, warning partial-left-out);
// ReadOptions.KeepPartialRecords keeps the parts, for a study of the parts
// themselves (counted as partial-kept, which says the job then counts
// more than once). Parts
// of a job that has no summary line are kept, each a row, and counted
// (partial-no-summary): the job's own data is nowhere else, and the reader
// does not make up a row from the parts. A repeated job number on a
// partial record is never a duplicate (partial-record). Scan, which
// converts logs row by row, hands every row on, parts included.
//
// Analyses that filter on status (completed jobs are status 1) treat a code
// outside −1…5 as "not completed"; the status-code warning says how many rows
// that concerns.
//
// # Files that keep the machine
//
// A log is read from, and written to, SWF and three formats other tools
// read: CSV, JSON and Parquet, each holding the job frame (JobColumns, as
// Trace.Frame has it: measures with NaN or null for unknown, identifiers
// as integers, the derived start and end) and the SWF header, so that the
// machine size, the start time, the time zone and the header's notes and
// comments survive a round trip: a simulation of a log converted to any of
// them gives the same results, byte for byte (cli's TestRoundTripSimulate).
// Read, ReadFile, Load and Scan tell the format from the content (Parquet's
// magic number; JSON's '{' or '['; CSV's '#' or a first line with commas),
// so every command reads every format tracelab writes. Where the header
// goes, and why:
//
//	format   the header                                        why there
//	CSV      leading comment lines: each SWF header line with  one file (a sidecar gets lost or
//	         its ';' replaced by '#', before the row of          stale, and two outputs cannot be
//	         column names                                        replaced together); pandas
//	                                                             (comment='#'), R (comment.char),
//	                                                             polars (comment_prefix), DuckDB
//	                                                             (comment) skip them, and the job
//	                                                             cells are numbers, never '#'
//	JSON     an object {"swf_header": [lines], "jobs": [...]};  a JSON document has room for it;
//	         the lines are the SWF header's, with their ';'     the jobs are .jobs (jq) or
//	                                                             json.load(f)["jobs"] (pandas)
//	Parquet  the file's key-value metadata, key                 the format's own place for it;
//	         tracelab.swf_header (the lines joined by '\n')      readers ignore unknown keys
//
// Reading a frame of another tool: columns are found by name (job_id and
// submit required; a missing column is unknown for every job; others,
// start and end included, ignored); an empty, NaN, NA or null cell is
// unknown; every other value obeys SWF's rules (a finite base-10 number,
// an integer below 2^53 in the integer fields) and passes the same checks
// as an SWF line, with the same warnings. Rows are numbered from 1 in
// errors and warnings: the line in CSV, the job's place in JSON and
// Parquet (a JSON error before the first job: the line of the file). A
// JSON value (a job, a header line, another key's value) longer than
// 1 MiB is an error. A Parquet file is read from a file (random access), not a
// stream; its job columns must be flat numbers, are read a page at a time,
// and its structure is checked against what the file holds before
// parquet-go allocates by any number in it (a footer claiming −5 or 2^31
// rows, a page claiming 2 GB: ErrBadParquet); pages compressed with gzip,
// Brotli or LZ4 are refused, as their size cannot be checked before they
// are expanded.
//
// A Gota frame holds no metadata: ReadFrameFile reads the jobs of a log
// file without its header, and FromFrame's trace has none. ReadHeaderFile
// gives it back; without it a simulation infers the machine size from the
// logged schedule and says so (Machine's rule; the command line warns).
//
// # Memory
//
// Read holds the trace (144 bytes a job in 18 typed columns) and little
// else; Scan, and with it ConvertFile, Summarize and the command line's
// convert and info, hold no job at all: on a log of 10 million jobs their
// peak resident memory is 23–42 MB (2–4 bytes a job), 99 MB when writing
// Parquet (its row groups of 131,072 rows), and 341 MB (36 bytes a job)
// for info on a log of 10 million distinct users (bench/formats_memory.sh).
// Beyond the jobs, the reader keeps the header within MaxHeaderLines and
// MaxHeaderBytes, at most MaxReplaced replaced values, and the job ids
// only as runs of increasing ids plus those out of order.
package datasets
