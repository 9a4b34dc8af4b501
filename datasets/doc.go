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
// ReadReport.Replaced. Deviations that need the whole log rather than one row
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
//	jobs long before the rest (SDSC-SP2-1998's first     accepted silently (tracelab check)         —
//	  ten, FTK 4), flurries (FTK 3.5), utilisation
//	  above 100% (FTK 3.3), configuration changes
//	  (FTK 3.4)
//	MaxRecords or MaxJobs unlike the rows (cleaned logs  accepted silently; never reserves memory   —
//	  keep the original counts)                            beyond what the input's size can hold
//	a numeric directive whose value is text ("MaxRuntime: value not used: kept as text in      header
//	  N/A"), out of range (UnixStartTime beyond ±200       Header.Extra (written back), the field
//	  years, TimeZone beyond ±26 h, MaxRuntime,            zero (absent); without a machine size:
//	  MaxMemory, negative counts), or a negative or zero   peak in use (Trace.Machine)
//	  machine size
//	a directive repeated with two values ("MaxQueues: 4"  the first usable value; the others kept    header
//	  then "MaxQueues: 3"); a repeated text directive      as text (Extra); text directives join
//	free text after a numeric value ("MaxNodes: 400 (48  the number; the text stays in Header.Lines —
//	  interactive, 352 batch)", as archive logs write)
//	unknown TimeZoneString (e.g. Mars/Olympus_Mons)      kept; wall-clock analyses use UTC          header
//	a header beyond MaxHeaderLines (10,000) or           the first lines kept, the others counted   long-header
//	  MaxHeaderBytes (1 MiB) of comments                   and left out (directives among them too)
//	a job line without 18 fields; a value that is not    rejected (*ParseError with line, field     —
//	  a base-10 number ("1_000", "0x10"), NaN, Inf; a      and text)
//	  non-integer id or count
//	another format: CSV, JSON, HTML, Parquet; bzip2, xz, rejected, naming the format (ErrNotSWF,    —
//	  zstd, zip; a broken or truncated gzip stream         ErrCompression, ErrBadGzip)
//
// Analyses that filter on status (completed jobs are status 1) treat a code
// outside −1…5 as "not completed"; the status-code warning says how many rows
// that concerns.
package datasets
