package feitelson2021

import (
	"github.com/tracelab/tracelab/datasets"
	pwaclean "github.com/tracelab/tracelab/repro/cleaned" // named apart from the tests' cleaned()
)

// Removed is the reconstruction of the jobs a log's cleaning filters
// removed (§3.4; see cleaned.Removed).
type Removed = pwaclean.Removed

// The bounds on the missing job numbers a reconstruction places (see
// cleaned.MissingPerJob).
const (
	MissingPerJob = pwaclean.MissingPerJob
	MinMissing    = pwaclean.MinMissing
)

// Reconstruct places the jobs the cleaning filters removed from t: see
// cleaned.Reconstruct.
func Reconstruct(t *datasets.Trace) (*Removed, error) { return pwaclean.Reconstruct(t) }
