package datasets

import (
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// CleaningFilter is one cleaning filter listed in the header of a cleaned
// log of the Parallel Workloads Archive. The archive writes them in a
// "Note:" of the header, one a line, each with the number of jobs it
// removed:
//
//	; Note: THIS IS A CLEANED VERSION OF THE LOG!
//	;       The filters used to produce it were
//	;         user=135 and (job>=47421 and job<=50307) (2080 jobs removed)
//	;         job<=10 (5 jobs removed)
//
// The jobs a filter removed are those of User (−1: any user) with job
// numbers (the SWF job number, field 1) from FromJob to ToJob (0: that
// side unbounded), and possibly other conditions (Other, e.g.
// "hour>=3 and hour<=3", kept as written).
type CleaningFilter struct {
	// Text is the filter's line as written, without surrounding space;
	// Condition is Text without its "(N jobs removed)".
	Text, Condition string
	// User is the user number a "user=N" condition names; −1 without one.
	User int
	// FromJob and ToJob bound the job numbers ("job>=N", "job<=N"); 0
	// when the filter names no such bound.
	FromJob, ToJob int
	// Other holds the conditions on neither user nor job number, joined
	// by " and "; "" when there are none.
	Other string
	// Removed is the number of jobs the filter removed (header count).
	Removed int
}

// Flurry reports whether the filter removed a burst of one user: a user
// and a range of job numbers and no other condition (the archive's way of
// removing a flurry; Feitelson 2021 §3.4).
func (f CleaningFilter) Flurry() bool {
	return f.User >= 0 && (f.FromJob > 0 || f.ToJob > 0) && f.Other == ""
}

// Meets reports whether the filter's job-number range meets the job
// numbers from lo to hi: whether it may have removed one of them (a
// filter without a job-number bound meets every range).
func (f CleaningFilter) Meets(lo, hi int) bool {
	return (f.FromJob == 0 || f.FromJob <= hi) && (f.ToJob == 0 || f.ToJob >= lo)
}

var (
	cleaningLine = regexp.MustCompile(`^(.*?)\s*\((\d+) jobs? removed\)$`)
	userCond     = regexp.MustCompile(`^user=(\d+)$`)
	jobCond      = regexp.MustCompile(`^job(>=|<=)(\d+)$`)
)

// CleaningFilters returns the cleaning filters of the header (the lines
// of a "Note:" that says "THIS IS A CLEANED VERSION OF THE LOG!" ending in
// "(N jobs removed)"), in order; none for a log that was not cleaned. The
// header is input: a filter whose count, user or job number is not a
// number Go's int holds is left out, and the error lists each such line
// (the filters returned are then the others).
func (h Header) CleaningFilters() ([]CleaningFilter, error) {
	var out []CleaningFilter
	var errs []error
	for _, note := range h.Notes {
		if !strings.Contains(note, "CLEANED VERSION") {
			continue
		}
		for line := range strings.SplitSeq(note, "\n") {
			f, ok, err := parseCleaningFilter(strings.TrimSpace(line))
			switch {
			case err != nil:
				errs = append(errs, err)
			case ok:
				out = append(out, f)
			}
		}
	}
	return out, errors.Join(errs...)
}

// parseCleaningFilter reads one line of the note; ok is false for a line
// that is not a filter (no count).
func parseCleaningFilter(line string) (f CleaningFilter, ok bool, err error) {
	m := cleaningLine.FindStringSubmatch(line)
	if m == nil {
		return CleaningFilter{}, false, nil
	}
	bad := func(s string) error {
		return fmt.Errorf("datasets: cleaning filter %q: %s is not a number of jobs, user or job (left out)", line, s)
	}
	f = CleaningFilter{Text: line, Condition: m[1], User: -1}
	if f.Removed, err = strconv.Atoi(m[2]); err != nil {
		return CleaningFilter{}, false, bad(m[2])
	}
	var other []string
	for c := range strings.SplitSeq(strings.NewReplacer("(", " ", ")", " ").Replace(m[1]), " and ") {
		c = strings.TrimSpace(c)
		if u := userCond.FindStringSubmatch(c); u != nil {
			if f.User, err = strconv.Atoi(u[1]); err != nil {
				return CleaningFilter{}, false, bad(u[1])
			}
		} else if j := jobCond.FindStringSubmatch(c); j != nil {
			v, err := strconv.Atoi(j[2])
			if err != nil {
				return CleaningFilter{}, false, bad(j[2])
			}
			if j[1] == ">=" {
				f.FromJob = v
			} else {
				f.ToJob = v
			}
		} else if c != "" {
			other = append(other, c)
		}
	}
	f.Other = strings.Join(other, " and ")
	return f, true, nil
}
