package batsim

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/sim"
)

// Profile types of a delay profile: Batsim v4's and v5's names.
const (
	DelayV4 = "delay"
	DelayV5 = "DelayProfile"
)

// MaxBytes bounds the size of a workload file Read accepts (1 GiB; the
// archive's largest log is about 30 MB as a workload).
const MaxBytes = 1 << 30

// Options configures Write. The zero value exports under package sim's
// conventions on the log's machine, with Batsim v4 delay profiles.
type Options struct {
	// Sim gives the conventions (sim.Prepare) and the machine size
	// (Sim.Procs, else the log's).
	Sim sim.Options
	// ProfileType is the type of the delay profiles: "" means DelayV4,
	// else DelayV4 or DelayV5.
	ProfileType string
	// Description, when set, is written as the workload's "description"
	// (a field Batsim ignores).
	Description string
}

// Report says what Write exported and left out.
type Report struct {
	Jobs, Profiles int
	// Procs is nb_res, the machine size, and ProcsRule where it came from.
	Procs     int
	ProcsRule datasets.SizeRule
	// Prep is what sim.Prepare did (jobs left out or changed).
	Prep sim.PrepReport
	// ZeroRuntime counts the jobs of runtime 0 left out: Batsim's delays
	// must be above 0.
	ZeroRuntime int
}

type jobOut struct {
	ID        string   `json:"id"`
	Subtime   float64  `json:"subtime"`
	Walltime  *float64 `json:"walltime,omitempty"`
	Res       int      `json:"res"`
	Profile   string   `json:"profile"`
	ExtraData string   `json:"extra_data,omitempty"`
}

type profileOut struct {
	Type  string  `json:"type"`
	Delay float64 `json:"delay"`
}

// ProfileName returns the name Write gives the delay profile of a runtime:
// "delay_" and the runtime in seconds ("delay_1834", "delay_2.5").
func ProfileName(runtime float64) string {
	return "delay_" + strconv.FormatFloat(runtime, 'f', -1, 64)
}

// Write writes the jobs of tr that a simulation would run (sim.Prepare
// under opts.Sim) as a Batsim workload, one job per line in submit order
// (see the package documentation for the mapping). It returns an error
// when the log has no machine size (datasets.ErrNoMachineSize), when no
// job is left to write, for a bad ProfileType, or when writing fails.
func Write(w io.Writer, tr *datasets.Trace, opts Options) (Report, error) {
	var rep Report
	ptype := opts.ProfileType
	switch ptype {
	case "":
		ptype = DelayV4
	case DelayV4, DelayV5:
	default:
		return rep, fmt.Errorf("batsim: profile type %q, want %q or %q", ptype, DelayV4, DelayV5)
	}
	m := opts.Sim.Machine(tr)
	if m.Rule == datasets.SizeUnknown {
		return rep, fmt.Errorf("batsim: log %q: %w", tr.Name, datasets.ErrNoMachineSize)
	}
	jobs, prep, err := sim.Prepare(tr, m.Procs, opts.Sim)
	if err != nil {
		return rep, err
	}
	rep.Procs, rep.ProcsRule, rep.Prep = m.Procs, m.Rule, prep
	profiles := map[float64]bool{}
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "{\"nb_res\": %d,\n", m.Procs)
	if opts.Description != "" {
		d, _ := json.Marshal(opts.Description)
		fmt.Fprintf(bw, "\"description\": %s,\n", d)
	}
	bw.WriteString("\"jobs\": [")
	for _, j := range jobs {
		if j.Runtime <= 0 {
			rep.ZeroRuntime++
			continue
		}
		o := jobOut{ID: strconv.Itoa(j.ID), Subtime: j.Submit, Res: j.Procs, Profile: ProfileName(j.Runtime)}
		if j.Estimate > 0 {
			o.Walltime = &j.Estimate
		}
		if j.User >= 0 {
			o.ExtraData = fmt.Sprintf(`{"user":%d}`, j.User)
		}
		b, err := json.Marshal(o)
		if err != nil {
			return rep, err
		}
		if rep.Jobs > 0 {
			bw.WriteByte(',')
		}
		bw.WriteString("\n")
		bw.Write(b)
		rep.Jobs++
		profiles[j.Runtime] = true
	}
	if rep.Jobs == 0 {
		return rep, fmt.Errorf("batsim: log %q: no job to export (%d left out by the conventions, %d of runtime 0)",
			tr.Name, prep.Dropped(), rep.ZeroRuntime)
	}
	bw.WriteString("\n],\n\"profiles\": {")
	rts := make([]float64, 0, len(profiles))
	for rt := range profiles {
		rts = append(rts, rt)
	}
	slices.Sort(rts)
	for i, rt := range rts {
		b, err := json.Marshal(profileOut{Type: ptype, Delay: rt})
		if err != nil {
			return rep, err
		}
		if i > 0 {
			bw.WriteByte(',')
		}
		fmt.Fprintf(bw, "\n%q: %s", ProfileName(rt), b)
	}
	bw.WriteString("\n}}\n")
	rep.Profiles = len(rts)
	return rep, bw.Flush()
}

// Read reads a Batsim workload (delay profiles only: another profile type
// describes a computation, not a duration) as a trace named name: job
// numbers from integer ids (else 1, 2, … in file order), submit = subtime,
// runtime = the profile's delay (cut at the walltime, where Batsim would
// kill the job), processors and requested processors = res, requested
// time = walltime (NaN without one), user from extra_data's "user" (−1
// without one), the rest unknown; MaxProcs in the header = nb_res. Jobs
// keep the file's order. Errors name the line of the offending job.
func Read(r io.Reader, name string) (*datasets.Trace, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxBytes+1))
	if err != nil {
		return nil, fmt.Errorf("batsim: %s: %w", name, err)
	}
	if len(data) > MaxBytes {
		return nil, fmt.Errorf("batsim: %s: larger than %d bytes", name, MaxBytes)
	}
	wl, err := parse(data)
	if err != nil {
		return nil, fmt.Errorf("batsim: %s: %w", name, err)
	}
	return wl.trace(name)
}

// workload is a parsed workload file.
type workload struct {
	nbRes    int
	jobs     []jobIn
	profiles map[string]profileIn
	data     []byte
}

type jobIn struct {
	ID        json.RawMessage `json:"id"`
	Subtime   *float64        `json:"subtime"`
	Walltime  *float64        `json:"walltime"`
	Res       *json.Number    `json:"res"`
	Profile   *string         `json:"profile"`
	ExtraData json.RawMessage `json:"extra_data"`
	offset    int64
}

type profileIn struct {
	Type  *string  `json:"type"`
	Delay *float64 `json:"delay"`
}

// parse reads the top-level object, keeping each job's offset for errors.
func parse(data []byte) (*workload, error) {
	wl := &workload{data: data}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	if err := expectDelim(dec, '{'); err != nil {
		return nil, err
	}
	seen := map[string]bool{}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, wl.syntax(err, dec)
		}
		key, _ := tok.(string)
		seen[key] = true
		switch key {
		case "nb_res":
			var n json.Number
			if err := dec.Decode(&n); err != nil {
				return nil, wl.syntax(fmt.Errorf("nb_res: %w", err), dec)
			}
			v, err := strconv.Atoi(n.String())
			if err != nil || v < 1 || v > sim.MaxProcs {
				return nil, fmt.Errorf("nb_res %s: want an integer from 1 to %d", n, sim.MaxProcs)
			}
			wl.nbRes = v
		case "jobs":
			if err := expectDelim(dec, '['); err != nil {
				return nil, wl.syntax(fmt.Errorf("jobs: %w", err), dec)
			}
			for dec.More() {
				off := dec.InputOffset()
				for off < int64(len(data)) && bytes.IndexByte([]byte(" \t\r\n,"), data[off]) >= 0 {
					off++ // to the job's '{'
				}
				var j jobIn
				if err := dec.Decode(&j); err != nil {
					return nil, wl.syntax(fmt.Errorf("job: %w", err), dec)
				}
				j.offset = off
				wl.jobs = append(wl.jobs, j)
			}
			if err := expectDelim(dec, ']'); err != nil {
				return nil, wl.syntax(err, dec)
			}
		case "profiles":
			if err := dec.Decode(&wl.profiles); err != nil {
				return nil, wl.syntax(fmt.Errorf("profiles: %w", err), dec)
			}
		default:
			var skip json.RawMessage
			if err := dec.Decode(&skip); err != nil {
				return nil, wl.syntax(err, dec)
			}
		}
	}
	if err := expectDelim(dec, '}'); err != nil {
		return nil, wl.syntax(err, dec)
	}
	for _, k := range []string{"nb_res", "jobs", "profiles"} {
		if !seen[k] {
			return nil, fmt.Errorf("the %q field is missing", k)
		}
	}
	return wl, nil
}

func expectDelim(dec *json.Decoder, d json.Delim) error {
	tok, err := dec.Token()
	if err != nil {
		return err
	}
	if tok != d {
		return fmt.Errorf("found %v, want %q", tok, string(d))
	}
	return nil
}

// line returns the line (from 1) of byte offset off.
func (wl *workload) line(off int64) int {
	return 1 + bytes.Count(wl.data[:min(int(off), len(wl.data))], []byte{'\n'})
}

func (wl *workload) syntax(err error, dec *json.Decoder) error {
	var se *json.SyntaxError
	if errors.As(err, &se) {
		return fmt.Errorf("line %d: %w", wl.line(se.Offset), err)
	}
	return fmt.Errorf("line %d: %w", wl.line(dec.InputOffset()), err)
}

// trace checks the jobs as Batsim does and builds the trace.
func (wl *workload) trace(name string) (*datasets.Trace, error) {
	t := datasets.NewTrace(name, len(wl.jobs))
	t.Header.MaxProcs = wl.nbRes
	t.Header.Notes = append(t.Header.Notes, "imported from the Batsim workload "+name+" by tracelab")
	ids := map[string]bool{}
	numeric := true
	for _, j := range wl.jobs {
		if _, err := strconv.Atoi(string(bytes.Trim(j.ID, `"`))); err != nil {
			numeric = false
		}
	}
	for k, j := range wl.jobs {
		where := func(format string, args ...any) error {
			return fmt.Errorf("batsim: %s: line %d: job %s: %s", name, wl.line(j.offset), j.ID, fmt.Sprintf(format, args...))
		}
		var id string
		if err := json.Unmarshal(j.ID, &id); err != nil {
			var n int64
			if len(j.ID) == 0 || json.Unmarshal(j.ID, &n) != nil {
				return nil, where("id %s: want a string or an integer", j.ID)
			}
			id = strconv.FormatInt(n, 10)
		}
		if ids[id] {
			return nil, where("id %q used twice", id)
		}
		ids[id] = true
		job := datasets.UnknownJob()
		job.JobID = k + 1
		if numeric {
			job.JobID, _ = strconv.Atoi(id)
		}
		switch s := j.Subtime; {
		case s == nil:
			return nil, where("no subtime")
		case !(*s >= 0 && *s <= datasets.MaxTime):
			return nil, where("subtime %v: want a number from 0 to %v s", *s, datasets.MaxTime)
		default:
			job.Submit = *s
		}
		if j.Res == nil {
			return nil, where("no res")
		}
		res, err := strconv.Atoi(j.Res.String())
		if err != nil || res < 0 || res > sim.MaxProcs {
			return nil, where("res %s: want an integer from 0 to %d", j.Res, sim.MaxProcs)
		}
		job.Procs, job.ReqProcs = res, res
		if wt := j.Walltime; wt != nil {
			switch {
			case *wt == -1:
			case *wt > 0 && *wt <= datasets.MaxTime:
				job.ReqTime = *wt
			default:
				return nil, where("walltime %v: want -1 or a number above 0 and at most %v s", *wt, datasets.MaxTime)
			}
		}
		if j.Profile == nil {
			return nil, where("no profile")
		}
		p, ok := wl.profiles[*j.Profile]
		if !ok {
			return nil, where("profile %q is not defined", *j.Profile)
		}
		switch {
		case p.Type == nil:
			return nil, where("profile %q has no type", *j.Profile)
		case *p.Type != DelayV4 && *p.Type != DelayV5:
			return nil, where("profile %q is of type %q: only delay profiles (%q, %q) give a job's duration",
				*j.Profile, *p.Type, DelayV4, DelayV5)
		case p.Delay == nil || !(*p.Delay > 0 && *p.Delay <= datasets.MaxTime):
			return nil, where("profile %q: delay %v, want a number above 0 and at most %v s", *j.Profile, p.Delay, datasets.MaxTime)
		}
		job.Runtime = *p.Delay
		if !math.IsNaN(job.ReqTime) {
			job.Runtime = min(job.Runtime, job.ReqTime)
		}
		if u, ok := userOf(j.ExtraData); ok {
			job.User = u
		}
		t.Append(job)
	}
	return t, nil
}

// userOf returns the "user" of a job's extra_data: a string holding a JSON
// object (Batsim v5, and Write), or the object itself (allowed by v4).
func userOf(extra json.RawMessage) (int, bool) {
	var s string
	if json.Unmarshal(extra, &s) == nil {
		extra = json.RawMessage(s)
	}
	var x struct {
		User *int `json:"user"`
	}
	if json.Unmarshal(extra, &x) != nil || x.User == nil || *x.User < 0 {
		return 0, false
	}
	return *x.User, true
}
