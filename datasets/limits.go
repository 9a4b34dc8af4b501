package datasets

// The valid ranges of the reader. A value outside them is not refused with
// the whole log: it is counted in a Warning and, for a measure, kept as
// unknown (see the table in the package documentation).
const (
	// MaxTime bounds submit times, seconds from the log's start
	// (UnixStartTime), and the header's UnixStartTime, seconds from the Unix
	// epoch: ±200 years. A submit time beyond it leaves its row out
	// (WarnSubmitOutOfRange); an UnixStartTime beyond it is ignored
	// (WarnHeader). Absolute times thus stay within ±400 years of 1970 and
	// every sum of two of them fits an int64.
	MaxTime = 200 * yearSeconds
	// MaxDuration bounds waits, run times, CPU times, requested times and
	// the magnitude of think times: 100 years. A larger value becomes
	// unknown (WarnOutOfRange).
	MaxDuration = 100 * yearSeconds
	// MaxMemoryKB bounds the memory fields: 2^53 KB, the largest integer a
	// float64 holds exactly (8 EiB per processor).
	MaxMemoryKB = 1 << 53
	// maxTimeZoneOffset bounds the obsolete TimeZone directive (seconds):
	// real offsets lie within ±14 hours.
	maxTimeZoneOffset = 26 * 3600
)

// DefaultMaxRows bounds the job rows Read holds in memory
// (ReadOptions.MaxRows): 10 million, beyond the archive's largest logs (a
// few million jobs) and the bound resample and the Slurm import use; about
// 1.5 GB of columns. A small compressed file of repeated lines, or a file
// that grows while it is read, is refused at the row beyond it, with its
// line, instead of exhausting the memory.
const DefaultMaxRows = 10_000_000

// yearSeconds is one mean Gregorian year (365.2425 days) in seconds.
const yearSeconds = 365.2425 * Day

// The bounds of an SWF header: the comment lines before the first job that
// the reader keeps (Header.Lines). Real headers hold tens to a few hundred
// lines (the archive's longest list queues and partitions); the lines beyond
// either bound are left out and counted (WarnLongHeader), so a small
// compressed file of comment lines cannot fill the memory.
const (
	MaxHeaderLines = 10_000
	MaxHeaderBytes = 1 << 20
)
