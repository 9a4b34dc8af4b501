// Package quality checks the data quality of a workload log: it finds the
// classes of anomaly that Feitelson, Tsafrir and Krakov describe in
// "Experience with using the Parallel Workloads Archive" (J. Parallel
// Distrib. Comput. 74(10), 2014) — missing data, inconsistent data,
// erroneous data, configuration changes during the logging period, and
// unrepresentative user behaviour (flurries) — and gives for each its count,
// example job ids and the filter that would remove it, written in the
// archive's own filter notation (the "cleaned" logs' headers list theirs:
// "user=21 and (job>=13717 and job<=16207)", "job<=10").
//
// Check runs every detector and returns a Report (typed slices; Frame and
// FlurriesFrame for the edge). CheckStream gives the same Report from a
// log's stream of jobs (datasets.Scan, two or three readings) without
// holding the trace: tracelab check of a 10 M-job log peaks at ≈60 MB
// instead of 1.5 GB. The classes, by the paper's headings
// (missing data §3.1, inconsistent data §3.2, erroneous data §3.3,
// configuration changes §3.4, flurries §3.5, jobs outside the logging
// period §4, as package datasets numbers them):
//
//	category       kind                     a job is counted when
//	missing        missing_<field>          the field is unknown (SWF −1): wait, runtime, procs,
//	                                        cpu_time, mem, req_procs, req_time, req_mem, status,
//	                                        user, group, app, queue, partition; a field unknown
//	                                        for every job is reported as not recorded
//	missing        missing_submit           a placeholder row (submit −1) the reader left out
//	                                        (datasets.ReadReport.PlaceholdersSkipped)
//	inconsistent   cpu_above_runtime        average CPU time per processor (field 6) > runtime
//	                                        + max(60 s, 1%): total CPU time above runtime ×
//	                                        processors (the reader's rule)
//	inconsistent   runtime_above_request    runtime > requested time (the job outlived its limit)
//	inconsistent   procs_above_machine      allocated or requested processors > the header's
//	                                        machine size
//	inconsistent   negative_value           a negative time, processor count or memory other
//	                                        than −1, in a trace not read from SWF (for SWF, the
//	                                        reader's negative_value_<field> warnings)
//	inconsistent,  <warning>_<field>        the reader's warnings that only it can see: values
//	erroneous                               it made unknown (negative, out of range), rows it
//	                                        left out, unsorted rows, zero processors, limits
//	                                        of the header exceeded, ignored directives
//	                                        (datasets.WarningKind); unreadable_<field>: a value
//	                                        the reader could not read, kept as unknown;
//	                                        field_count_<field>: rows that end before <field>
//	                                        (its fields unknown), field_count: rows of more
//	                                        than 18 fields (the rest ignored)
//	erroneous      unreadable_submit        a row the reader left out because its submit time
//	                                        is unreadable (datasets.ReadReport.UnreadableSkipped;
//	                                        not in the trace: no filter; the first line cited)
//	inconsistent   status_nonstandard       status outside the SWF codes −1, 0–5
//	inconsistent   duplicate_job_id         a job number that occurs more than once, on a row
//	                                        that is no partial-execution record (status 2–4,
//	                                        which repeats its job's number by SWF's definition)
//	erroneous      over_capacity            running while the logged schedule holds more
//	                                        processors than the machine has (utilisation above
//	                                        100% at that instant)
//	erroneous      before_logging_period    submitted before time 0, or among the first 1% of
//	                                        jobs that a quiet gap of 14 days or more separates
//	                                        from the rest of the log
//	erroneous      after_logging_period     the same at the end of the log
//	configuration  machine_change           the monthly peak of processors in use steps by a
//	                                        factor of 1.5 or more between two periods of at
//	                                        least 3 months each (a machine that grew or shrank)
//	configuration  queue_change             a queue or partition holding 1% of the jobs or more
//	                                        that is used only from after the first 10% of the
//	                                        log's span or only until before its last 10%
//	flurry         flurry                   see DetectFlurries
//
// Five kinds count rows the reader left out, which are not in the trace
// (Anomaly.LeftOut): missing_submit, submit_out_of_range_submit,
// unreadable_submit, field_count_submit (rows of a single field) and
// long_line (lines over 1 MiB, job rows or comments). Their share (Report.Share) is of the rows read, the
// jobs in the trace plus the rows left out (Report.Rows); every other
// kind's share is of the jobs in the trace (Report.Jobs).
//
// The thresholds were chosen on the twelve logs in ../shared/pwa (cleaned
// logs, from which the archive removed its known problems): the largest
// quiet gap in them is 6.2 days (CEA-Curie), so 14 days separates a stray
// early record (SDSC-SP2's first 10 jobs, "from long before the actual
// logging started") from a maintenance stop; the median monthly peak in
// use (capped at the header's size) of every log but OSC-Clust differs by
// at most 2.5% between the best split's two periods, while OSC-Clust's
// doubles (42 to 84 processors) after its first nine months.
//
// Nothing here changes the log: a filter is a suggestion, to be applied
// (or not) by the user, as the archive does with its cleaned versions.
package quality
