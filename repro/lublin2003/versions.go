package lublin2003

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/repro/ledger"
	"github.com/tracelab/tracelab/sim/lublin"
)

// version returns what the counts of §2 say of our version of l
// (LogsResult.versionOf).
func (s *Study) version(l paperLog) logVersion {
	r, err := s.Logs(context.Background())
	if err != nil {
		return logVersion{}
	}
	return r.versionOf(l)
}

// reach is our version of a stand-in log with a set of jobs like the one
// the archive's cleaning removed taken out: the whole jobs of its most
// active users (the cleaning removed one user's jobs at a time), as many
// users as it takes to remove at least as many jobs as the cleaning did
// in the paper's period. How far that moves a cell measures how far a
// version difference of that size can move it.
type reach struct {
	fit         lublin.LogFit // with Table 4's size groups
	trace       *datasets.Trace
	users, jobs int // users and jobs taken out
}

// taken says which jobs the reach takes out: "the 6773 jobs of its most
// active user".
func (r reach) taken() string {
	if r.users == 1 {
		return fmt.Sprintf("the %d jobs of its most active user", r.jobs)
	}
	return fmt.Sprintf("the %d jobs of its %d most active users", r.jobs, r.users)
}

// errNoReach is reach's error for a log whose difference from the
// paper's counts the archive's cleaning does not make up: no removed set
// to measure.
var errNoReach = errors.New("lublin2003: the archive's cleaning does not make up the log's difference from the paper's counts")

// reach returns the reach of stand-in log l, memoised; errNoReach when
// the cleaning does not make up its difference (logVersion.cleaned).
func (s *Study) reach(l paperLog) (reach, error) {
	if !s.version(l).cleaned {
		return reach{}, errNoReach
	}
	return s.reaches.Get(l.Paper, func() (reach, error) {
		tr, err := s.trace(l)
		if err != nil {
			return reach{}, err
		}
		n, _, err := removedIn(tr)
		if err != nil {
			return reach{}, err
		}
		out, users, jobs := withoutBusiestUsers(tr, n)
		o := s.fitOptions()
		o.RuntimeGroupBounds = table4Bounds(l.Paper)
		s.o.Report("fitting "+l.Catalog+" without its most active users", 0, 0)
		f, err := fitLog(out, o)
		return reach{fit: f, trace: out, users: users, jobs: jobs}, err
	})
}

// withoutBusiestUsers returns tr without the jobs of its most active users
// (by jobs, whatever their status; ties by user number), taken whole until
// at least n jobs are out, with the number of users and jobs taken out.
// Jobs of an unknown user stay.
func withoutBusiestUsers(tr *datasets.Trace, n int) (*datasets.Trace, int, int) {
	jobs := map[int]int{}
	for _, u := range tr.User {
		if u >= 0 {
			jobs[u]++
		}
	}
	users := make([]int, 0, len(jobs))
	for u := range jobs {
		users = append(users, u)
	}
	slices.SortFunc(users, func(a, b int) int { return cmp.Or(jobs[b]-jobs[a], a-b) })
	out, taken := map[int]bool{}, 0
	for _, u := range users {
		if taken >= n {
			break
		}
		out[u], taken = true, taken+jobs[u]
	}
	kept, _ := tr.Filter(func(i int) bool { return !out[tr.User[i]] })
	return kept, len(out), taken
}

// reachPhrase says what taking the comparable set out of our version of
// stand-in log l is, for a reason: "taking a set of the size … out of our
// version (…)".
func (s *Study) reachPhrase(l paperLog) string {
	r, err := s.reach(l)
	if err != nil {
		return ""
	}
	return fmt.Sprintf("our %s is another version than the paper's (logs/%s in §2); taking a set of the size the archive's cleaning removed out of it (%s)",
		l.Catalog, l.Paper, r.taken())
}

// reachOutcome is what taking the comparable set out of a stand-in log
// does to a claim that does not hold on it: a note for our value, the
// measured sensitivity. It is never a reason: the paper's version had the
// jobs the cleaning removed, so it was ours plus that set, while the reach
// is ours minus another set of its size (the busiest users'): it shows how
// far a difference of that size can move the claim, in the other
// direction, not what moved it, and the difference stays unexplained.
type reachOutcome struct{ note string }

// reachTurns measures a claim on stand-in log l once the comparable set is
// taken out: holds then, and what the measure is then.
func (s *Study) reachTurns(l paperLog, holds bool, what string) reachOutcome {
	p := s.reachPhrase(l)
	switch {
	case p == "":
		return reachOutcome{}
	case holds:
		return reachOutcome{note: p + ", " + what + ": it holds, so a version difference of that size can turn it (not measured on the paper's version, which had more jobs, not fewer)"}
	}
	return reachOutcome{note: p + ", " + what + ": it still does not hold"}
}

// apply puts the outcome's note in our value of a differing entry.
func (o reachOutcome) apply(e *ledger.Entry) {
	if e.Verdict == ledger.Differs && o.note != "" {
		e.OurValue += " (" + o.note + ")"
	}
}

// standInReason returns, for a cell of a log whose version the counts show
// to be another than the paper's (logVersion.standIn), the evidence and the
// reach of a version difference of that size on the cell; "" for a log
// that is not a stand-in.
func (s *Study) standInReason(c *cell) string {
	if !s.version(c.log).standIn {
		return ""
	}
	moved := math.NaN()
	if r, err := s.reach(c.log); err == nil {
		moved = at(tableRow(c.table, r.fit, c.group), c.k)
	}
	return s.standInText(c.log, c.text, c.se, c.ours, moved)
}

// standInText is the reason of a value ours of stand-in log l against the
// paper's printed text: the version's evidence and, when moved is a
// number, the reach: whether the paper's value lies within the move that
// taking a comparable set out of ours makes (moved), widened by the
// value's tolerance (se its standard error).
func (s *Study) standInText(l paperLog, text string, se, ours, moved float64) string {
	out := "a stand-in: " + s.version(l).short
	r, err := s.reach(l)
	if err != nil || math.IsNaN(moved) {
		return out
	}
	out += fmt.Sprintf("; taking a set of that size out of ours (%s) moves it from %s to %s",
		r.taken(), ledger.Format(ours, 4), ledger.Format(moved, 4))
	paper, err := strconv.ParseFloat(text, 64)
	if err != nil { // a range or words: no printed number to place
		return out
	}
	where := "beyond"
	if math.Abs(paper-ours) <= math.Abs(moved-ours)+halfUnit(text)+2*se {
		where = "within"
	}
	return out + fmt.Sprintf(": the paper's %s is %s that reach", text, where)
}
