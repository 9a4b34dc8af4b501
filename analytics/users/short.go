package users

import (
	"fmt"
	"math"
	"strings"

	"github.com/tracelab/tracelab/datasets"
)

// ShortLog says that a logging period is too short for some classes of
// 2013 §4 to exist at all, whatever the users did: a count of zero in such
// a class is the log's length, not a finding. It is an error, for callers
// that cannot go on (Degenerate).
type ShortLog struct {
	// Span is the logging period (Population.LogEnd − LogStart), seconds;
	// LongTerm and Edge are the thresholds used (Options), seconds.
	Span, LongTerm, Edge float64
	// NoLongTerm: Span ≤ LongTerm, so no activity spans more than
	// LongTerm.
	NoLongTerm bool
	// NoTemporary: every user who is not long-term is discarded, the edge
	// zones covering the period (TouchesEdge: Span ≤ 2·Edge; WithinEdge:
	// no activity of at most LongTerm ends after the first zone and starts
	// before the last).
	NoTemporary bool
}

// Degenerate reports whether every user falls in one class by the log's
// length alone: no long-term and no temporary user can exist.
func (s *ShortLog) Degenerate() bool { return s.NoLongTerm && s.NoTemporary }

// Error says which classes cannot exist and what length the
// classification needs.
func (s *ShortLog) Error() string {
	weeks := func(x float64) string {
		return strings.TrimSuffix(fmt.Sprintf("%.1f", x/datasets.Week), ".0") + " weeks"
	}
	span := weeks(s.Span)
	if s.Span < 2*datasets.Week {
		span = strings.TrimSuffix(fmt.Sprintf("%.1f", s.Span/datasets.Day), ".0") + " days"
	}
	var what []string
	if s.NoLongTerm {
		what = append(what, "no user can be long-term (active over more than "+weeks(s.LongTerm)+")")
	}
	if s.NoTemporary {
		what = append(what, "every other user is active within "+weeks(s.Edge)+" of its start or end and is discarded")
	}
	need := math.Max(s.LongTerm, 2*s.Edge)
	return fmt.Sprintf("the log spans %s: %s; the user classes of Zakay & Feitelson 2013 §4 need a log longer than %s",
		span, strings.Join(what, ", and "), weeks(need))
}

// Shortfall returns the classes the logging period cannot hold, or nil
// when every class can have users. A population of no user has none.
func (p Population) Shortfall() *ShortLog {
	if p.Len() == 0 {
		return nil
	}
	o := p.Options
	s := &ShortLog{Span: p.LogEnd - p.LogStart, LongTerm: o.LongTerm, Edge: o.Edge}
	s.NoLongTerm = s.Span <= o.LongTerm
	if !o.NoEdge {
		switch o.Truncation {
		case WithinEdge:
			// Kept: last > start+Edge and first < end−Edge, with last −
			// first ≤ LongTerm; the shortest such activity lasts
			// max(0, 2·Edge − Span).
			s.NoTemporary = s.Span <= o.Edge || 2*o.Edge-s.Span > o.LongTerm
		default:
			s.NoTemporary = s.Span <= 2*o.Edge
		}
	}
	if !s.NoLongTerm && !s.NoTemporary {
		return nil
	}
	return s
}
