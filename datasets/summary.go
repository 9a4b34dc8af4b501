package datasets

import (
	"cmp"
	"math"
	"time"
)

// Summary is what a log holds in brief (tracelab info): counts, the
// submit span, the machine size, the header and the reader's report. It is
// computed in one pass over the jobs (SummarizeFile streams them with Scan),
// keeping no job: only the set of user ids and, for a log whose header
// gives no machine size, two events per job to find the peak in use (for
// at most DefaultMaxRows jobs: beyond, the size is SizeUnknown rather than
// the memory exhausted).
type Summary struct {
	Name   string
	Header Header
	// Report is the reader's (nil for a trace built in memory).
	Report *ReadReport
	Jobs   int
	// Users counts the distinct known user ids (−1 not counted).
	Users int
	// FirstSubmit and LastSubmit bound the known submit times, seconds
	// from the log's start; both 0 when no submit time is known.
	FirstSubmit, LastSubmit float64
	// UnknownRuntime and UnknownReqTime count the jobs whose run time,
	// requested time is unknown.
	UnknownRuntime, UnknownReqTime int
	// Machine is Trace.Machine's size.
	Machine Machine
}

// Location returns the log's time zone (Trace.Location).
func (s *Summary) Location() *time.Location {
	loc, err := s.Header.Location()
	if err != nil {
		return time.UTC
	}
	return loc
}

// Summarize summarises a trace.
func Summarize(t *Trace) (*Summary, error) {
	var sum summarizer
	if err := WriteTrace(&sum, t); err != nil {
		return nil, err
	}
	s := sum.result()
	s.Name, s.Report = t.Name, t.Report
	return s, nil
}

// SummarizeFile summarises the log file at path (any format ReadFile
// reads) without holding its jobs (ScanFile). The name is the file's
// (LogName) unless opts.Name is set.
func SummarizeFile(path string, opts ReadOptions) (*Summary, error) {
	var sum summarizer
	rep, err := ScanFile(path, opts, &sum)
	if err != nil {
		return nil, err
	}
	s := sum.result()
	s.Report = rep
	s.Name = opts.Name
	if s.Name == "" {
		s.Name = LogName(path)
	}
	return s, nil
}

// summarizer is the JobWriter that builds a Summary.
type summarizer struct {
	s       Summary
	users   map[int]struct{}
	known   bool // a submit time is known
	hasSize bool // the header gives the machine size
	evs     []usageEvent
	widest  int
	tooMany bool // more jobs than maxJobs: evs dropped, peak unknown
	maxJobs int  // the jobs whose events are kept; 0 means DefaultMaxRows
}

func (z *summarizer) WriteHeader(h Header) error {
	z.s.Header = h
	z.s.Machine, z.hasSize = headerMachine(h)
	z.users = make(map[int]struct{})
	return nil
}

func (z *summarizer) WriteJob(j *Job) error {
	s := &z.s
	s.Jobs++
	if j.User >= 0 {
		z.users[j.User] = struct{}{}
	}
	if !math.IsNaN(j.Submit) {
		if !z.known {
			s.FirstSubmit, s.LastSubmit, z.known = j.Submit, j.Submit, true
		}
		s.FirstSubmit = min(s.FirstSubmit, j.Submit)
		s.LastSubmit = max(s.LastSubmit, j.Submit)
	}
	if math.IsNaN(j.Runtime) {
		s.UnknownRuntime++
	}
	if math.IsNaN(j.ReqTime) {
		s.UnknownReqTime++
	}
	if !z.hasSize && !z.tooMany && s.Jobs > cmp.Or(z.maxJobs, DefaultMaxRows) {
		z.tooMany, z.evs = true, nil
	}
	if !z.hasSize && !z.tooMany {
		p := jobProcs(j.Procs, j.ReqProcs)
		z.widest = max(z.widest, p)
		start := j.Submit + j.Wait
		z.evs = appendUsage(z.evs, start, start+j.Runtime, p)
	}
	return nil
}

func (z *summarizer) result() *Summary {
	s := z.s
	s.Users = len(z.users)
	if !z.hasSize {
		s.Machine = Machine{0, SizeUnknown}
		if !z.tooMany {
			s.Machine = inferredMachine(peakOf(z.evs), z.widest)
		}
	}
	return &s
}
