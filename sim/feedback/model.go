package feedback

import (
	"fmt"
	"math"
	"strings"
)

// Reason is why a batch became available (2014 §VI–VII): what happened
// last of the two conditions of Definition 14.
type Reason uint8

const (
	// First marks a user's first batch, which arrives at its original
	// time (2014 §VII); models are never asked about it.
	First Reason = iota
	// Dependency: the last of the batches it depends on ended after the
	// batch it follows had fully arrived. The user thinks before
	// submitting: the delay is a think time (TT).
	Dependency
	// Follows: the batch it follows had its last arrival after every batch
	// it depends on had ended (or it depends on none). The delay is an
	// inter-arrival time (IAT).
	Follows
)

// String returns first, dependency or follows.
func (r Reason) String() string {
	switch r {
	case First:
		return "first"
	case Dependency:
		return "dependency"
	case Follows:
		return "follows"
	}
	return fmt.Sprintf("Reason(%d)", int(r))
}

// Release describes a batch that has just become available (Definition
// 14: it is the next batch of its user and every batch it depends on has
// ended). A Behavior decides when its first job arrives.
type Release struct {
	// Batch is the batch's id in Workload.Structure; User the user's row
	// in Structure.Users.
	Batch, User int
	// Time is now: when the batch became available.
	Time float64
	// Reason says which condition was met last.
	Reason Reason
	// LastResponse is the simulated response time (end − submit, seconds)
	// of the user's job that ended last — for a Dependency release, the
	// job whose end released the batch. It is NaN when none of the user's
	// jobs has ended yet.
	LastResponse float64
}

// Model is a user behaviour model (2014 §VII): given a released batch, it
// decides when the batch's first job arrives; the batch's other jobs keep
// their original inter-arrival times. A Model is a configuration; Bind
// makes the state of one simulation.
type Model interface {
	// Name is the model's short name (adjusted, distribution, fluid).
	Name() string
	// Bind returns the behaviour of w's users for one simulation, its
	// random draws seeded by seed (a Behavior holds no state shared with
	// other simulations).
	Bind(w *Workload, seed uint64) (Behavior, error)
}

// Behavior is a Model bound to one simulation.
type Behavior interface {
	// Arrival returns the arrival time of the released batch's first
	// job; the simulation raises a time before r.Time to r.Time.
	Arrival(r Release) float64
}

// ModelNames lists the names ModelByName accepts.
var ModelNames = []string{"adjusted", "distribution", "fluid"}

// ModelByName returns a model with the paper's parameters by name:
// adjusted, distribution or fluid.
func ModelByName(name string) (Model, error) {
	switch strings.ToLower(name) {
	case "adjusted":
		return Adjusted{}, nil
	case "distribution", "distribution-based", "dist":
		return Distribution{}, nil
	case "fluid":
		return Fluid{}, nil
	}
	return nil, fmt.Errorf("feedback: unknown user model %q (want one of %s)", name, strings.Join(ModelNames, ", "))
}

// Adjusted is the adjusted user model (2014 §VII-A): a batch released by
// its dependencies arrives after its original think time, one released by
// the follows relation after its original inter-arrival time. If a batch
// ended two hours later than in the log and released another, that one
// arrives two hours later too.
//
// The arrival is computed as
//
//	original arrival + (release time − original release time)
//
// which is release + TT (or + IAT) and gives the original arrival exactly,
// without rounding, when the release happens at its original time: with
// the LogReplay scheduler every job arrives at its logged submit time
// (2014 §VII: "if we simulate exactly the same scheduler, and we use the
// delays of the original TT and IAT, then all the jobs will arrive exactly
// at the same times").
type Adjusted struct{}

// Name returns "adjusted".
func (Adjusted) Name() string { return "adjusted" }

// Bind returns the adjusted behaviour; it needs no random numbers.
func (Adjusted) Bind(w *Workload, seed uint64) (Behavior, error) { return adjusted{w}, nil }

type adjusted struct{ w *Workload }

func (a adjusted) Arrival(r Release) float64 {
	orig := a.w.OriginalRelease(r.Batch, r.Reason)
	if math.IsNaN(orig) {
		// Cannot happen for Dependency (a batch with no dependencies is
		// released by Follows) nor Follows (every batch but the first
		// follows one); keep the batch's original time as a last resort.
		return a.w.Structure.Batches.FirstArrival[r.Batch]
	}
	return a.w.Structure.Batches.FirstArrival[r.Batch] + (r.Time - orig)
}
