package datasets

// Durations in seconds, the unit of every time column of a Trace and of a job
// frame (submit, wait, runtime, req_time, think_time, …). Use them to convert:
// span/datasets.Week is a span in weeks, 12*datasets.Week twelve weeks in
// seconds.
const (
	Minute = 60.0
	Hour   = 60 * Minute
	Day    = 24 * Hour
	Week   = 7 * Day
)
