package datasets

import (
	"cmp"
	"fmt"
	"io"
	"iter"
	"math"
	"os"
	"slices"
	"strconv"
	"time"
)

// Summary is what a log holds in brief (tracelab info): counts, the
// submit span, the machine size, the header and the reader's report. It is
// computed in one pass over the jobs (SummarizeFile streams them with Scan),
// keeping no job: only what bounds its memory by what a trace can hold
// (DefaultMaxRows jobs). It keeps the user ids (a bit each below
// 2^27, a set of at most DefaultMaxRows others, see Users), the
// partial-execution records (status 2–4) and the other rows' job numbers
// until the end, to count a job once as Read does (for a log of at most
// DefaultMaxRows numbers out of order; beyond, which Read refuses, every
// row counts), and, for a log whose header gives no machine size,
// the events of the jobs queued or running at the last submit time to find
// the peak in use (peakSweep; for a file whose jobs are not in submit
// order, a second pass holds two events per job; for a reader, they are
// held from the start), for at most DefaultMaxRows jobs, or
// ReadOptions.MaxRows: beyond, the size is SizeUnknown rather than the
// memory exhausted, and SizeOverBound says why.
type Summary struct {
	Name   string
	Header Header
	// Report is the reader's (nil for a trace built in memory). For a
	// file, it counts the partial-execution records left out as Read's
	// does (PartialRecordsSkipped and the partial warnings).
	Report *ReadReport
	// Jobs counts the jobs as Read holds them: a partial-execution record
	// whose job has a summary line is left out (unless
	// ReadOptions.KeepPartialRecords), so that the job counts once.
	Jobs int
	// Users counts the distinct known user ids (−1 not counted); −1 when
	// the log holds more than Bound distinct ids of 2^27 or more, more
	// than a trace can hold (the count is then not kept).
	Users int
	// FirstSubmit and LastSubmit bound the known submit times, seconds
	// from the log's start; both 0 when no submit time is known.
	FirstSubmit, LastSubmit float64
	// UnknownRuntime and UnknownReqTime count the jobs whose run time,
	// requested time is unknown.
	UnknownRuntime, UnknownReqTime int
	// Machine is Trace.Machine's size.
	Machine Machine
	// Bound is the number of jobs whose start and end times (to infer the
	// machine size) and large user ids the summary keeps: ReadOptions.MaxRows,
	// else DefaultMaxRows (for a trace in memory, at least its rows).
	Bound int
	// SizeOverBound: the header gives no machine size and the log holds
	// more than Bound jobs, too many to keep their times, so Machine is
	// SizeUnknown without the peak in use having been looked for (not for
	// want of logged start and end times). SizeReason says so.
	SizeOverBound bool
}

// SizeReason describes where Machine comes from, for outputs: Machine.Rule
// in words, or, for a log of more than Bound jobs with no size in its
// header (SizeOverBound), that the size was not inferred and why.
func (s *Summary) SizeReason() string {
	if s.SizeOverBound {
		return fmt.Sprintf("unknown (no size in the header; not inferred: more than %d jobs, too many to keep their start and end times, ReadOptions.MaxRows)", s.Bound)
	}
	return s.Machine.Rule.String()
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
	// The trace's rows are its jobs, already held: their events are kept
	// whatever their number (a trace may hold more than DefaultMaxRows rows
	// when ReadOptions.MaxRows raised the bound).
	sum := summarizer{inTrace: true, maxJobs: max(t.Len(), DefaultMaxRows), sweep: newPeakSweep(), stream: true}
	if err := WriteTrace(&sum, t); err != nil {
		return nil, err
	}
	s := sum.result()
	if !sum.peakKnown {
		again := summarizer{inTrace: true, maxJobs: sum.maxJobs}
		if err := WriteTrace(&again, t); err != nil {
			return nil, err
		}
		s.Machine = again.result().Machine
	}
	s.Name, s.Report = t.Name, t.Report
	return s, nil
}

// SummarizeFile summarises the log file at path (any format ReadFile
// reads) without holding its jobs (ScanFile). The name is the file's
// (LogName) unless opts.Name is set. It keeps what it needs of at most
// opts.MaxRows jobs (else DefaultMaxRows: Summary.Bound), as Read holds at
// most that many.
func SummarizeFile(path string, opts ReadOptions) (*Summary, error) {
	var s *Summary
	name := opts.Name
	err := withLog(path, &opts, func(f *os.File) (err error) {
		var again func(JobWriter) error
		if st, err := f.Stat(); err == nil && st.Mode().IsRegular() {
			again = func(w JobWriter) error {
				if _, err := f.Seek(0, io.SeekStart); err != nil {
					return err
				}
				_, err := Scan(f, opts, w)
				return err
			}
		}
		s, err = summarizeWith(opts, func(w JobWriter) (*ReadReport, error) { return Scan(f, opts, w) }, again)
		return err
	})
	if err != nil {
		return nil, err
	}
	s.Name = name
	if s.Name == "" {
		s.Name = LogName(path)
	}
	return s, nil
}

// SummarizeReader is SummarizeFile of a log read from r (Scan).
func SummarizeReader(r io.Reader, opts ReadOptions) (*Summary, error) {
	return summarizeWith(opts, func(w JobWriter) (*ReadReport, error) { return Scan(r, opts, w) }, nil)
}

// summarizeWith summarises the jobs scan hands to its writer. With again,
// which scans the same jobs a second time, the peak in use is swept as the
// jobs come (peakSweep), and found again from all their events, on a
// second pass, only when they are not in submit order; without it, the
// events are held from the start.
func summarizeWith(opts ReadOptions, scan func(JobWriter) (*ReadReport, error), again func(JobWriter) error) (*Summary, error) {
	sum := summarizer{keepParts: opts.KeepPartialRecords, maxJobs: max(opts.MaxRows, 0), stream: again != nil, sweep: newPeakSweep()}
	rep, err := scan(&sum)
	if err != nil {
		return nil, err
	}
	s := sum.result()
	if !sum.peakKnown {
		held := summarizer{keepParts: sum.keepParts, maxJobs: sum.maxJobs}
		if err := again(&held); err != nil {
			return nil, err
		}
		h := held.result()
		if h.Jobs != s.Jobs {
			return nil, fmt.Errorf("%s: %d jobs on a second reading, %d on the first: the log changed while it was read", opts.Name, h.Jobs, s.Jobs)
		}
		s.Machine = h.Machine
	}
	sum.report(rep)
	s.Report = rep
	s.Name = opts.Name
	return s, nil
}

// summarizer is the JobWriter that builds a Summary.
type summarizer struct {
	s       Summary
	users   userSet
	known   bool       // a submit time is known
	hasSize bool       // the header gives the machine size
	evs     heldEvents // the events held (not stream)
	widest  int
	// stream sweeps the peak in use as jobs come (sweep) instead of
	// holding their events; peakKnown (set by result) is false when they
	// came out of order, and the events must be held on a second pass.
	stream    bool
	sweep     peakSweep
	peakKnown bool
	tooMany   bool // more jobs than maxJobs: evs dropped, peak unknown
	maxJobs   int  // the jobs whose events and user ids are kept; 0 means DefaultMaxRows

	// inTrace counts every row as a job at once (Summarize of a trace,
	// whose rows are its jobs). Otherwise the partial-execution records
	// wait in parts until the end, when a part whose job number has a
	// summary line (in whole) is left out, as Read leaves it out, or kept
	// and counted as such with keepParts (ReadOptions.KeepPartialRecords);
	// beyond maxJobs parts (Read refuses such a log), the others count at
	// once.
	inTrace   bool
	keepParts bool
	whole     idSet // the job numbers of the rows that are no partial record
	// wholeOver: whole held more than maxJobs numbers out of order and was
	// dropped; the parts count as jobs, as a trace's rows.
	wholeOver bool
	parts     partList
	// leftOut, kept and noSummary count the parts left out, kept with
	// keepParts, and the parts of a job without a summary line, with up to
	// MaxWarningExamples job ids each and the first one's status.
	leftOut, kept, noSummary partCount
}

// heldPart is what the summary uses of a partial-execution record held
// until the end (count, partCount): 72 bytes, half a Job's 144. The parts
// of a log of 10 M of them held 1.44 GB as Jobs, and tracelab info of 11 M
// parts peaked at 4.8 GB.
type heldPart struct {
	id, user, procs, reqProcs, status int
	submit, wait, runtime, reqTime    float64
}

func holdPart(j *Job) heldPart {
	return heldPart{id: j.JobID, user: j.User, procs: j.Procs, reqProcs: j.ReqProcs, status: j.Status,
		submit: j.Submit, wait: j.Wait, runtime: j.Runtime, reqTime: j.ReqTime}
}

// job returns the part as a Job, holding what count and partCount read.
func (h heldPart) job() Job {
	return Job{JobID: h.id, User: h.user, Procs: h.procs, ReqProcs: h.reqProcs, Status: h.status,
		Submit: h.submit, Wait: h.wait, Runtime: h.runtime, ReqTime: h.reqTime}
}

// partList holds parts in chunks of partChunk: a slice grown by append
// copied the parts about five times over (3.8 GB allocated for 10 M
// parts) and kept up to a quarter more room than it held.
type partList struct {
	chunks [][]heldPart
	n      int
}

const partChunk = 1 << 16

func (l *partList) add(h heldPart) {
	if l.n%partChunk == 0 {
		l.chunks = append(l.chunks, make([]heldPart, 0, partChunk))
	}
	last := &l.chunks[len(l.chunks)-1]
	*last = append(*last, h)
	l.n++
}

// all yields the parts in the order added.
func (l *partList) all() iter.Seq[heldPart] {
	return func(yield func(heldPart) bool) {
		for _, c := range l.chunks {
			for _, h := range c {
				if !yield(h) {
					return
				}
			}
		}
	}
}

// partCount counts partial-execution records of one outcome.
type partCount struct {
	n, status int
	examples  []int
}

func (c *partCount) add(j *Job) {
	if c.n == 0 {
		c.status = j.Status
	}
	c.n++
	if len(c.examples) < MaxWarningExamples {
		c.examples = append(c.examples, j.JobID)
	}
}

func (z *summarizer) bound() int { return cmp.Or(z.maxJobs, DefaultMaxRows) }

func (z *summarizer) WriteHeader(h Header) error {
	z.s.Header = h
	z.s.Machine, z.hasSize = headerMachine(h)
	z.users = userSet{max: z.bound()}
	return nil
}

func (z *summarizer) WriteJob(j *Job) error {
	if !z.inTrace && !z.wholeOver {
		if IsPartialRecord(j.Status) && z.parts.n < z.bound() {
			z.parts.add(holdPart(j))
			return nil
		}
		if !IsPartialRecord(j.Status) {
			z.whole.add(j.JobID)
			if z.whole.size() > z.bound() {
				// More job numbers out of order than a trace holds rows
				// (Read refuses such a log): every part counts from now.
				z.wholeOver, z.whole = true, idSet{}
				for h := range z.parts.all() {
					j := h.job()
					z.count(&j)
				}
				z.parts = partList{}
			}
		}
	}
	z.count(j)
	return nil
}

// count adds a job to the summary.
func (z *summarizer) count(j *Job) {
	s := &z.s
	s.Jobs++
	z.users.add(j.User)
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
	if !z.hasSize && !z.tooMany && s.Jobs > z.bound() {
		z.tooMany, z.evs, z.sweep = true, heldEvents{}, peakSweep{}
	}
	if !z.hasSize && !z.tooMany {
		p := jobProcs(j.Procs, j.ReqProcs)
		z.widest = max(z.widest, p)
		start := j.Submit + j.Wait
		if z.stream {
			z.sweep.add(j.Submit, start, start+j.Runtime, p)
			return
		}
		z.evs.add(start, start+j.Runtime, p)
	}
}

// settleParts counts the partial-execution records kept until the end: a
// part whose job number has a summary line is left out, the others are
// jobs (see "Partial executions" in the package documentation).
func (z *summarizer) settleParts() {
	for h := range z.parts.all() {
		jv := h.job()
		j := &jv
		switch {
		case z.whole.has(j.JobID) && z.keepParts:
			z.kept.add(j)
			z.count(j)
			continue
		case z.whole.has(j.JobID):
			z.leftOut.add(j)
			continue
		}
		z.noSummary.add(j)
		z.count(j)
	}
	z.parts = partList{}
}

func (z *summarizer) result() *Summary {
	z.settleParts()
	s := z.s
	s.Users = z.users.count()
	s.Bound = z.bound()
	s.SizeOverBound = !z.hasSize && z.tooMany
	z.peakKnown = true
	if !z.hasSize {
		s.Machine = Machine{0, SizeUnknown}
		if !z.tooMany {
			peak := 0
			if z.stream {
				peak, z.peakKnown = z.sweep.result()
			} else {
				peak = z.evs.peak()
			}
			s.Machine = inferredMachine(peak, z.widest)
		}
	}
	return &s
}

// report adds to Scan's report the partial-execution records left out and
// those of a job without a summary line, as Read counts them (Line is 0:
// the summary does not know the parts' lines).
func (z *summarizer) report(rep *ReadReport) {
	rep.PartialRecordsSkipped += z.leftOut.n
	rep.Jobs -= z.leftOut.n
	for _, c := range []struct {
		kind WarningKind
		n    partCount
		msg  string
	}{
		{WarnPartialLeftOut, z.leftOut, msgPartialLeftOut},
		{WarnPartialKept, z.kept, msgPartialKept},
		{WarnPartialNoSummary, z.noSummary, msgPartialNoSummary},
	} {
		if c.n.n > 0 {
			rep.Warnings = append(rep.Warnings, Warning{Kind: c.kind, Field: "status", Count: c.n.n,
				Value: strconv.Itoa(c.n.status), Examples: c.n.examples, Message: c.msg})
		}
	}
}

// denseUsers bounds the user ids a userSet keeps as bits: 2^27 ids, at
// most 16 MiB.
const denseUsers = 1 << 27

// userSet counts distinct non-negative user ids: those below denseUsers
// as bits (grown to the largest seen), the others in a map of at most max
// entries, beyond which the count is unknown (−1) and the map dropped.
type userSet struct {
	bits []uint64
	more map[int]struct{}
	n    int
	max  int
	over bool
}

func (u *userSet) add(id int) {
	if id < 0 || u.over {
		return
	}
	if id < denseUsers {
		w := id >> 6
		if w >= len(u.bits) {
			u.bits = slices.Grow(u.bits, max(w+1, 2*len(u.bits))-len(u.bits))
			u.bits = u.bits[:cap(u.bits)]
		}
		if b := uint64(1) << (id & 63); u.bits[w]&b == 0 {
			u.bits[w] |= b
			u.n++
		}
		return
	}
	if _, ok := u.more[id]; ok {
		return
	}
	if len(u.more) >= u.max {
		u.over, u.more = true, nil
		return
	}
	if u.more == nil {
		u.more = make(map[int]struct{})
	}
	u.more[id] = struct{}{}
	u.n++
}

func (u *userSet) count() int {
	if u.over {
		return -1
	}
	return u.n
}
